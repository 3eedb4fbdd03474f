/**
 * The outbound-address guard end to end: a tenant administrator's storage check and SMS sending refused (a
 * translated 400) BEFORE any connection when the endpoint is loopback in disguise — `[::ffff:127.0.0.1]`, or a name
 * resolving to loopback — even for rows stored before the guard knew better; the S3 client, the SMS client and the
 * data-source driver refused at connect time; allow-listed hosts still reached; redirects never followed.
 * All traffic goes to listeners on 127.0.0.1 started here.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '../src/core/errors.js';
import { oss, sms } from '../src/db/schema-resource.js';
import { DatasourceService } from '../src/modules/develop/datasource.service.js';
import { guardedRequest, OutboundGuard, OutboundRefused } from '../src/core/net-guard.js';
import { SecretBox } from '../src/core/secret-box.js';
import { S3Storage } from '../src/modules/storage/storage.js';
import { AliyunSmsProvider } from '../src/modules/sms/sms.provider.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';

/** A plain TCP listener on loopback that counts the connections it is offered (and closes them). */
let trap: net.Server;
let trapPort = 0;
let connections = 0;
/** An HTTP server on loopback: 200 `ok` on `/`, a redirect to the trap on `/redirect`. */
let web: http.Server;
let webPort = 0;

let t: TestApp;
let th: Record<string, string>;

beforeAll(async () => {
  trap = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  trapPort = (trap.address() as AddressInfo).port;
  web = http.createServer((req, res) => {
    if (req.url === '/redirect') res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/` }).end();
    else res.end('ok');
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  webPort = (web.address() as AddressInfo).port;

  t = await createTestApp({ HELIO_ALLOW_PRIVATE_HOSTS: '' });
  await createTenant(t.database.db, '810001');
  const role = await createRole(t.database.db, '810001', 'administrator', 'all');
  await createUser(t.database.db, { tenantId: '810001', account: 'opal', password: 'Passw0rd1', roleId: role });
  th = { 'blade-auth': `bearer ${(await t.login('opal', 'Passw0rd1', '810001')).access_token}`, 'accept-language': 'en-US' };
});
afterAll(async () => {
  await t?.stop();
  await new Promise((r) => trap?.close(r));
  await new Promise((r) => web?.close(r));
});

const post = (url: string, payload?: object) => t.req({ method: 'POST', url, headers: th, ...(payload ? { payload } : {}) });

/** Answers with a 4xx naming the refused host, and the trap saw nothing. */
async function expectRefused(res: Awaited<ReturnType<TestApp['req']>>, host: string, before: number) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, msg: `Connections to this host are not allowed: ${host}` });
  expect(connections).toBe(before);
}

describe('storage check of a tenant administrator', () => {
  const storageConfig = async (endpoint: string) => {
    const res = await post('/api/blade-resource/oss/submit', {
      category: 2,
      ossCode: `s${Math.random().toString(36).slice(2, 8)}`,
      endpoint,
      bucketName: 'helio-files',
      accessKey: 'AK',
      secretKey: 'SK',
    });
    return res;
  };
  /** A configuration saved with a public endpoint, then pointed elsewhere in the table (a row from before the fix). */
  const storedWith = async (endpoint: string) => {
    const res = await storageConfig('https://s3.example.com');
    expect(res.json().success).toBe(true);
    const id = res.json().data.id as string;
    await t.database.db.update(oss).set({ endpoint }).where(eq(oss.id, id));
    return id;
  };

  it('refuses http://[::ffff:127.0.0.1]:port before connecting, when saved and when checked', async () => {
    const before = connections;
    const endpoint = `http://[::ffff:127.0.0.1]:${trapPort}`;
    await expectRefused(await storageConfig(endpoint), '::ffff:7f00:1', before);
    const id = await storedWith(endpoint);
    await expectRefused(await post(`/api/blade-resource/oss/debug?id=${id}`), '::ffff:7f00:1', before);
  });

  it('refuses a host name that resolves to loopback when it is not allow-listed', async () => {
    const before = connections;
    await expectRefused(await storageConfig(`http://localhost:${trapPort}`), 'localhost', before);
    const id = await storedWith(`http://LocalHost.:${trapPort}`);
    await expectRefused(await post(`/api/blade-resource/oss/debug?id=${id}`), 'localhost', before);
  });

  it('the S3 client itself refuses at connect time, whatever the URL check said', async () => {
    const before = connections;
    for (const endpoint of [`http://localhost:${trapPort}`, `http://[::ffff:7f00:1]:${trapPort}`, `http://[::127.0.0.1]:${trapPort}`]) {
      const s3 = new S3Storage({ endpoint, region: 'us-east-1', bucket: 'b1', accessKey: 'AK', secretKey: 'SK', guard: new OutboundGuard([]) });
      await expect(s3.put('810001/20250101/0123456789abcdef0123456789abcdef.txt', Buffer.from('x'), 'text/plain'), endpoint).rejects.toBeInstanceOf(
        OutboundRefused,
      );
    }
    expect(connections).toBe(before);
  });
});

describe('SMS gateway of a tenant administrator', () => {
  it('refuses http://[::ffff:127.0.0.1]:port when saved and when sending, connects nowhere', async () => {
    const before = connections;
    const payload = { category: 2, accessKey: 'LTAI', secretKey: 'secret', signName: 'Helio', templateId: 'SMS_1', endpoint: `http://[::ffff:127.0.0.1]:${trapPort}` };
    await expectRefused(await post('/api/blade-resource/sms/submit', { ...payload, smsCode: 'loop' }), '::ffff:7f00:1', before);
    const saved = await post('/api/blade-resource/sms/submit', { ...payload, smsCode: 'gw', endpoint: 'https://dysmsapi.aliyuncs.com' });
    expect(saved.json().success).toBe(true);
    await t.database.db.update(sms).set({ endpoint: payload.endpoint }).where(eq(sms.id, saved.json().data.id as string));
    await expectRefused(await post('/api/blade-resource/sms/endpoint/send-message', { code: 'gw', phones: '13800138000' }), '::ffff:7f00:1', before);
  });

  it('the SMS client itself refuses at connect time', async () => {
    const before = connections;
    const guard = new OutboundGuard([]);
    for (const endpoint of [`http://localhost:${trapPort}`, `http://[::ffff:7f00:1]:${trapPort}`]) {
      const gw = new AliyunSmsProvider({ accessKeyId: 'LTAI', accessKeySecret: 's', regionId: '', endpoint: new URL(endpoint), guard });
      await expect(gw.send({ phones: ['8613800138000'], templateId: 'SMS_1', signName: 'Helio', params: {} }), endpoint).rejects.toMatchObject({
        key: 'hostNotAllowed',
      });
    }
    expect(connections).toBe(before);
  });
});

describe('guarded clients', () => {
  it('refuse a name resolving to loopback at connect time, and reach it once allow-listed', async () => {
    const before = connections;
    await expect(guardedRequest(new OutboundGuard([]), new URL(`http://localhost:${trapPort}/`))).rejects.toBeInstanceOf(OutboundRefused);
    await expect(guardedRequest(new OutboundGuard([]), new URL(`http://[::ffff:7f00:1]:${trapPort}/`))).rejects.toBeInstanceOf(OutboundRefused);
    expect(connections).toBe(before);
    const byName = new OutboundGuard(['localhost']);
    expect(await guardedRequest(byName, new URL(`http://localhost:${webPort}/`))).toEqual({ status: 200, body: 'ok' });
    const byAddress = new OutboundGuard(['127.0.0.1']);
    expect(await guardedRequest(byAddress, new URL(`http://[::ffff:127.0.0.1]:${webPort}/`))).toEqual({ status: 200, body: 'ok' });
    byName.destroy();
    byAddress.destroy();
  });

  it('do not follow redirects', async () => {
    const before = connections;
    const guard = new OutboundGuard(['127.0.0.1']);
    const res = await guardedRequest(guard, new URL(`http://127.0.0.1:${webPort}/redirect`));
    expect(res.status).toBe(302);
    expect(connections).toBe(before);
    guard.destroy();
  });

  it('connect data sources only to listed hosts, the address checked right before connecting', async () => {
    const box = await SecretBox.load(t.database.db);
    const before = connections;
    const byName = new DatasourceService(box, ['127.0.0.1']);
    const refused = byName.test({ url: `jdbc:postgresql://localhost:${trapPort}/x`, username: 'u', password: null });
    await expect(refused).rejects.toMatchObject({ key: 'hostNotAllowed' });
    expect(connections).toBe(before);
    // Listed as 127.0.0.1, written as a mapped address: the same destination, reached (the trap hangs up).
    const reached = byName.test({ url: `jdbc:postgresql://[::ffff:7f00:1]:${trapPort}/x`, username: 'u', password: null });
    await expect(reached).rejects.toBeInstanceOf(BizError);
    await expect(reached).rejects.toMatchObject({ key: 'datasourceConnectFailed' });
    expect(connections).toBe(before + 1);
  });
});

/**
 * Mail: SMTP configurations (password sealed, read back masked, kept when the mask comes back), the test send
 * against a real SMTP sink (smtp-server on 127.0.0.1, random port), its translated failures (wrong password,
 * refused port, silence within 10 s, STARTTLS missing), the outbound guard refusing a private address before any
 * connection, one enabled configuration per tenant, and `send` for neighbours with its outbox record.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '@helio/contracts/crud/resource';
import { nextId } from '../src/core/ids.js';
import { SecretBox } from '../src/core/secret-box.js';
import { mailConfig, mailOutbox } from '../src/modules/mail/mail.tables.js';
import { createTestApp, type TestApp } from './helper.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
}

const received: Received[] = [];
/** A sink that takes mail only from user `mailer` with password `right-pass`; no STARTTLS, plain AUTH allowed. */
const sink = new SMTPServer({
  authOptional: false,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, cb) {
    if (auth.username === 'mailer' && auth.password === 'right-pass') return cb(null, { user: auth.username });
    return cb(new Error('Invalid username or password'));
  },
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
        user: session.user as string | undefined,
      });
      cb();
    });
  },
});

/** A TCP server that accepts and never says a word (an SMTP server that hangs). */
const silent = net.createServer(() => undefined);
/** Listens on 127.0.0.2, which the guard does not allow: it must never see a connection. */
let privateHits = 0;
const forbidden = net.createServer((s) => {
  privateHits++;
  s.destroy();
});

let t: TestApp;
let h: Record<string, string>;
let sinkPort = 0;
let silentPort = 0;
let closedPort = 0;
const en = (): Record<string, string> => ({ ...h, 'accept-language': 'en-US' });
const listen = (srv: { listen(port: number, host: string, cb: () => void): unknown }, host = '127.0.0.1') =>
  new Promise<void>((r) => srv.listen(0, host, r));

const submit = (body: Record<string, unknown>, headers = h) => t.req({ method: 'POST', url: '/api/blade-resource/mail/submit', headers, payload: body });
const testSend = (id: string, to: string, headers = en()) =>
  t.req({ method: 'POST', url: '/api/blade-resource/mail/test-send', headers, payload: { id, to } });
const create = async (over: Record<string, unknown> = {}) => {
  const res = await submit({
    name: `sink ${nextId()}`,
    host: '127.0.0.1',
    port: sinkPort,
    security: 'none',
    username: 'mailer',
    password: 'right-pass',
    fromAddress: 'alerts@helio.example',
    fromName: 'Helio Alerts',
    ...over,
  });
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return String(res.json().data.id);
};
const lastOutbox = async () => (await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createTime), desc(mailOutbox.id)).limit(1))[0]!;
/** Quoted-printable soft breaks and escapes undone (enough to read a text body). */
const unqp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, x: string) => String.fromCharCode(parseInt(x, 16)));

beforeAll(async () => {
  await listen(sink.server as unknown as net.Server);
  sinkPort = (sink.server.address() as AddressInfo).port;
  await listen(silent);
  silentPort = (silent.address() as AddressInfo).port;
  await listen(forbidden, '127.0.0.2');
  const probe = net.createServer();
  await listen(probe);
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  t = await createTestApp({ HELIO_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  h = await t.adminHeaders();
});
afterAll(async () => {
  await t?.stop();
  await new Promise<void>((r) => sink.close(() => r()));
  await new Promise((r) => silent.close(r));
  await new Promise((r) => forbidden.close(r));
});

describe('configurations', () => {
  it('seals the password, reads it back masked and keeps it when the mask comes back', async () => {
    const id = await create();
    const [row] = await t.database.db.select().from(mailConfig).where(eq(mailConfig.id, id));
    expect(row!.password).toMatch(/^gcm1:/);
    const box = await SecretBox.load(t.database.db);
    expect(box.open(row!.password)).toBe('right-pass');
    const detail = (await t.req({ method: 'GET', url: `/api/blade-resource/mail/detail?id=${id}`, headers: h })).json();
    expect(detail.data).toMatchObject({ host: '127.0.0.1', port: sinkPort, security: 'none', password: SECRET_MASK });
    const list = (await t.req({ method: 'GET', url: '/api/blade-resource/mail/list', headers: h })).json();
    expect(list.data.records.find((r: { id: string }) => r.id === id)).not.toHaveProperty('password');
    // Saved again with the mask: the stored secret stays; the test send still signs in.
    const res = await submit({ ...detail.data, name: 'renamed', password: SECRET_MASK });
    expect(res.json()).toMatchObject({ code: 200 });
    const [after] = await t.database.db.select().from(mailConfig).where(eq(mailConfig.id, id));
    expect(after!.name).toBe('renamed');
    expect(after!.password).toBe(row!.password);
    expect((await testSend(id, 'ops@helio.example')).json()).toMatchObject({ code: 200 });
  });

  it('refuses a bad security choice, host, port or from address with a translated 400', async () => {
    const base = { name: 'bad', host: 'smtp.example.com', port: 587, security: 'starttls', fromAddress: 'a@helio.example' };
    const cases: [Record<string, unknown>, string][] = [
      [{ security: 'ssl3' }, 'Security has an invalid format'],
      [{ host: 'smtp://mail.example.com' }, 'SMTP host has an invalid format'],
      [{ port: 70000 }, 'Port'],
      [{ fromAddress: 'not-an-address' }, 'From address has an invalid format'],
      [{ host: '10.1.2.3' }, 'Connections to this host are not allowed: 10.1.2.3'],
      [{ host: 'localhost' }, 'Connections to this host are not allowed: localhost'],
    ];
    for (const [over, message] of cases) {
      const res = await submit({ ...base, ...over }, en());
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().msg).toContain(message);
    }
    const zh = await submit({ ...base, security: 'ssl3' });
    expect(zh.json().msg).toBe('加密方式格式不正确');
  });

  it('keeps one enabled configuration per tenant', async () => {
    const a = await create();
    const b = await create();
    for (const id of [a, b]) {
      const res = await t.req({ method: 'POST', url: `/api/blade-resource/mail/enable?id=${id}`, headers: h });
      expect(res.json()).toMatchObject({ code: 200, data: { id } });
    }
    const rows = await t.database.db.select().from(mailConfig).where(eq(mailConfig.status, 2));
    expect(rows.map((r) => r.id)).toEqual([b]);
    expect((await t.req({ method: 'POST', url: '/api/blade-resource/mail/enable?id=123', headers: h })).statusCode).toBe(400);
  });
});

describe('test send', () => {
  it('delivers a message with subject, body and sender through the sink, and records it', async () => {
    const id = await create();
    received.length = 0;
    const res = await testSend(id, 'ops@helio.example');
    expect(res.json()).toMatchObject({ code: 200, data: { messageId: expect.stringMatching(/@/), response: expect.stringMatching(/^250/) } });
    expect(received).toHaveLength(1);
    const m = received[0]!;
    expect(m).toMatchObject({ from: 'alerts@helio.example', to: ['ops@helio.example'], user: 'mailer' });
    expect(m.raw).toMatch(/^Subject: Helio test e-mail\r?$/m);
    expect(m.raw).toMatch(/^From: Helio Alerts <alerts@helio\.example>\r?$/m);
    expect(unqp(m.raw)).toContain(`This is a test message from Helio: the mail configuration "`);
    expect(await lastOutbox()).toMatchObject({ mailId: id, toAddress: 'ops@helio.example', subject: 'Helio test e-mail', scene: 'test', success: 1, error: null });
  });

  it('answers a wrong password with a translated 400 and records the failure', async () => {
    const id = await create({ password: 'wrong-pass' });
    const res = await testSend(id, 'ops@helio.example');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^The mail server refused the user name or password: 535/);
    const zh = await testSend(id, 'ops@helio.example', h);
    expect(zh.json().msg).toMatch(/^邮件服务器拒绝了用户名或密码/);
    expect(await lastOutbox()).toMatchObject({ mailId: id, success: 0, error: expect.stringMatching(/refused the user name or password/) });
  });

  it('answers a server that wants a sign-in when none is configured', async () => {
    const id = await create({ username: '', password: '' });
    const res = await testSend(id, 'ops@helio.example');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The mail server requires a sign-in; enter a user name and password');
  });

  it('answers a refused port at once', async () => {
    const id = await create({ port: closedPort });
    const started = Date.now();
    const res = await testSend(id, 'ops@helio.example');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`Could not connect to the mail server 127.0.0.1:${closedPort} (connection refused)`);
  });

  it('gives up on a silent server within 10 s', { timeout: 20_000 }, async () => {
    const id = await create({ port: silentPort });
    const started = Date.now();
    const res = await testSend(id, 'ops@helio.example');
    const took = Date.now() - started;
    expect(took).toBeLessThan(11_000);
    expect(took).toBeGreaterThan(9_000);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`The mail server 127.0.0.1:${silentPort} did not answer within 10 s`);
  });

  it('requires STARTTLS when configured so (the sink offers none)', async () => {
    const id = await create({ security: 'starttls' });
    const res = await testSend(id, 'ops@helio.example');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^The encrypted connection to the mail server failed/);
  });

  it('refuses a private address before connecting (a configuration saved before the allow-list changed)', async () => {
    const id = nextId();
    await t.database.db.insert(mailConfig).values({
      id,
      tenantId: '000000',
      name: 'private',
      host: '127.0.0.2',
      port: (forbidden.address() as AddressInfo).port,
      security: 'none',
      fromAddress: 'alerts@helio.example',
    });
    const res = await testSend(id, 'ops@helio.example');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Connections to this host are not allowed: 127.0.0.2');
    await new Promise((r) => setTimeout(r, 200));
    expect(privateHits).toBe(0);
    expect(await lastOutbox()).toMatchObject({ mailId: id, success: 0, error: 'Connections to this host are not allowed: 127.0.0.2' });
  });

  it('refuses a bad recipient and an unknown configuration', async () => {
    const id = await create();
    const bad = await testSend(id, 'no-at-sign');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The recipient address is not valid');
    const missing = await testSend('123456', 'ops@helio.example');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('The record does not exist or has been deleted');
  });
});

describe('outbox', () => {
  it('lists the messages of the tenant, filtered by the allowed fields only', async () => {
    await testSend(await create({ port: closedPort }), 'ops@helio.example');
    const list = await t.req({ method: 'GET', url: '/api/blade-resource/mail/outbox/list?scene=test&success=0&size=50', headers: h });
    const body = list.json();
    expect(body.code).toBe(200);
    expect(body.data.total).toBeGreaterThan(0);
    for (const r of body.data.records) expect(r).toMatchObject({ scene: 'test', success: 0, tenantId: '000000', error: expect.any(String) });
    const one = (await t.req({ method: 'GET', url: `/api/blade-resource/mail/outbox/detail?id=${body.data.records[0].id}`, headers: h })).json();
    expect(one.data).toMatchObject({ id: body.data.records[0].id, toAddress: 'ops@helio.example' });
    const unknown = await t.req({ method: 'GET', url: '/api/blade-resource/mail/outbox/list?password=x', headers: en() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('Unsupported query parameter: password');
  });
});

describe('send for neighbours', () => {
  it("sends through the tenant's enabled configuration and never throws", async () => {
    const mail = t.services.kernel.use('mail');
    const id = await create();
    await t.req({ method: 'POST', url: `/api/blade-resource/mail/enable?id=${id}`, headers: h });
    received.length = 0;
    expect(await mail.send('000000', { to: 'oncall@helio.example', subject: 'Inverter fault', text: 'Grid overvoltage at Plant 7' }, { scene: 'notify' })).toEqual({
      ok: true,
    });
    expect(received[0]!.to).toEqual(['oncall@helio.example']);
    expect(received[0]!.raw).toContain('Grid overvoltage at Plant 7');
    expect(await lastOutbox()).toMatchObject({ mailId: id, scene: 'notify', success: 1, subject: 'Inverter fault' });

    expect(await mail.send('000000', { to: 'bad', subject: 'x', text: 'y' })).toEqual({ ok: false, error: 'The recipient address is not valid' });
    expect(await mail.send('999999', { to: 'a@helio.example', subject: 'x', text: 'y' })).toEqual({ ok: false, error: 'No mail configuration is enabled' });
    expect(await lastOutbox()).toMatchObject({ tenantId: '999999', mailId: null, success: 0, error: 'No mail configuration is enabled' });
  });

  it("is the notify module's mail channel, addressed to the user's e-mail", async () => {
    const channel = t.services.kernel.use('notify').channels.get('mail')!;
    expect(channel.address({ userId: '1', phone: '138', phoneDiallingCode: '+86', email: 'ivan@helio.example' })).toBe('ivan@helio.example');
    received.length = 0;
    const sent = await channel.sender.send('000000', { userId: '42', address: 'ivan@helio.example', subject: 'Critical alarm', text: 'Battery over temperature' });
    expect(sent).toEqual({ ok: true });
    expect(received[0]!.to).toEqual(['ivan@helio.example']);
    expect(await lastOutbox()).toMatchObject({ scene: 'notify', createUser: '42', success: 1 });
  });
});

/**
 * SMS: configurations with one enabled, the log-only provider and its outbox, the Alibaba Cloud provider against
 * a local HTTP server that checks the documented signature, verification codes with their limits and expiry
 * (a real MemoryKvStore on a controllable clock), the sms_code grant and the forgotten-password reset.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { MemoryKvStore } from '../src/core/kv-store.js';
import { user } from '../src/db/schema.js';
import { sms, smsOutbox } from '../src/db/schema-resource.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { TEST_ADMIN_PASSWORD, testDatabase, WEB_BASIC } from './helper.js';

let now = Date.now();
const kv = new MemoryKvStore(() => now);
const advance = (ms: number) => {
  now += ms;
};
let database: Awaited<ReturnType<typeof testDatabase>>;
let built: BuiltApp;
let h: Record<string, string>;

/** A stand-in for dysmsapi.aliyuncs.com that verifies the RPC signature independently. */
const aliyunCalls: Record<string, string>[] = [];
let aliyunReply: object = { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5' };
const aliyun = http.createServer((req, res) => {
  const raw = (req.url ?? '').split('?')[1] ?? '';
  const pairs = raw.split('&').map((kvp) => kvp.split('=').map(decodeURIComponent) as [string, string]);
  const params = Object.fromEntries(pairs);
  const enc = (s: string) =>
    encodeURIComponent(s)
      .replace(/\+/g, '%20')
      .replace(/\*/g, '%2A')
      .replace(/%7E/g, '~')
      .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonical = pairs
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  const expected = createHmac('sha1', 'aliyun-secret&').update(`GET&%2F&${enc(canonical)}`).digest('base64');
  res.setHeader('content-type', 'application/json');
  if (params.Signature !== expected) {
    res.statusCode = 400;
    res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' }));
    return;
  }
  aliyunCalls.push(params);
  res.end(JSON.stringify(aliyunReply));
});

const req = (opts: InjectOptions) => built.app.inject(opts);
const login = async (account: string, password: string, tenantId = '000000') =>
  (
    await req({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=${tenantId}&username=${account}&password=${md5Hex(password)}&grant_type=password&scope=all`,
      headers: { authorization: WEB_BASIC, 'tenant-id': tenantId },
    })
  ).json() as Record<string, string>;
const smsLogin = async (phone: string, code: string, tenantId = '000000') =>
  (
    await req({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=${tenantId}&phone=${phone}&phoneDiallingCode=%2B86&code=${code}&grant_type=sms_code&scope=all`,
      headers: { authorization: WEB_BASIC, 'tenant-id': tenantId },
    })
  ).json() as Record<string, string>;
const askCode = (phone: string, scene = 'login', ip = '10.1.1.1', tenantId = '000000') =>
  req({ method: 'POST', url: `/api/blade-resource/phone/sms/verificationCode?phone=${phone}&phoneDiallingCode=%2B86&scene=${scene}&tenantId=${tenantId}`, remoteAddress: ip });
/** The code as the store holds it (what the log provider printed to the server log). */
const codeOf = async (phone: string, scene = 'login', tenantId = '000000') => {
  const raw = await kv.get(`sms:code:${scene}:${tenantId}:+86${phone}`);
  return raw ? (JSON.parse(raw) as { c: string }).c : undefined;
};

beforeAll(async () => {
  await new Promise<void>((r) => aliyun.listen(0, '127.0.0.1', r));
  database = await testDatabase();
  const config = loadConfig({
    HELIO_CAPTCHA: 'off',
    HELIO_SIMULATOR: 'off',
    HELIO_DATA_DIR: '/tmp/helio-test-unused',
    HELIO_LOG_LEVEL: 'silent',
    HELIO_LOGIN_IP_MAX_FAILURES: '1000',
    HELIO_WEB_DIR: '/nonexistent-helio-web',
    HELIO_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
  });
  built = await buildApp(config, { database, kv, logger: false });
  const t = await login('admin', TEST_ADMIN_PASSWORD);
  h = { 'blade-auth': `bearer ${t.access_token}` };
  const role = await createRole(database.db, '000000', 'installer', ['notice']);
  const id = await createUser(database.db, { tenantId: '000000', account: 'ivan', password: 'Passw0rd1', roleId: role });
  await database.db.update(user).set({ phone: '13800138000', phoneDiallingCode: '+86' }).where(eq(user.id, id));
});
afterAll(async () => {
  await built?.close();
  await database?.drop();
  await new Promise((r) => aliyun.close(r));
});

describe('verification codes', () => {
  it('answers the same for a phone without an account, and sends nothing to it', async () => {
    const res = await askCode('13900139000');
    expect(res.json()).toMatchObject({ code: 200, data: { phone: '139****9000', expireIn: 300, resendIn: 60 } });
    expect(await codeOf('13900139000')).toBeUndefined();
    const out = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phones, '+8613900139000'));
    expect(out).toHaveLength(0);
  });

  it('sends a code through the log provider; the outbox masks it; sign-in with it works once', async () => {
    advance(61_000);
    const res = await askCode('13800138000');
    expect(res.json()).toMatchObject({ code: 200, data: { phone: '138****8000' } });
    const code = await codeOf('13800138000');
    expect(code).toMatch(/^\d{6}$/);
    const [out] = await database.db.select().from(smsOutbox).orderBy(desc(smsOutbox.createTime)).limit(1);
    expect(out).toMatchObject({ provider: 'log', phones: '+8613800138000', scene: 'login', success: 1 });
    expect(out!.params).toBe('{"code":"******"}');
    const ok = await smsLogin('13800138000', code!);
    expect(ok.access_token).toBeTruthy();
    expect(ok.account).toBe('ivan');
    const again = await smsLogin('13800138000', code!);
    expect(again.access_token).toBeUndefined();
    expect(again.error_description).toBe('验证码不正确或已过期');
  });

  it('limits resends per phone to one a minute', async () => {
    advance(61_000);
    expect((await askCode('13800138000')).json().success).toBe(true);
    const soon = await askCode('13800138000');
    expect(soon.statusCode).toBe(400);
    expect(soon.json().msg).toBe('验证码发送过于频繁,请60秒后再试');
    advance(61_000);
    expect((await askCode('13800138000')).json().success).toBe(true);
  });

  it('expires codes after five minutes', async () => {
    advance(61_000);
    await askCode('13800138000');
    const code = await codeOf('13800138000');
    advance(5 * 60_000 + 1000);
    expect((await smsLogin('13800138000', code!)).error_description).toBe('验证码不正确或已过期');
  });

  it('ends a code after five wrong tries', async () => {
    advance(61_000);
    await askCode('13800138000');
    const code = await codeOf('13800138000');
    for (let i = 0; i < 5; i++) expect((await smsLogin('13800138000', '000000')).access_token).toBeUndefined();
    expect((await smsLogin('13800138000', code!)).access_token).toBeUndefined();
  });

  it('limits a phone to ten codes a day and an IP to twenty an hour', async () => {
    advance(86_400_000);
    for (let i = 0; i < 10; i++) {
      expect((await askCode('13700137000', 'login', '10.2.2.2')).json().success, `code ${i + 1}`).toBe(true);
      advance(61_000);
    }
    const eleventh = await askCode('13700137000', 'login', '10.2.2.2');
    expect(eleventh.json().msg).toBe('验证码发送次数已达上限,请稍后再试');
    advance(3_600_000);
    for (let i = 0; i < 20; i++) expect((await askCode(`1360013${String(i).padStart(4, '0')}`, 'login', '10.3.3.3')).json().success).toBe(true);
    expect((await askCode('13600139999', 'login', '10.3.3.3')).json().msg).toBe('验证码发送次数已达上限,请稍后再试');
    expect((await askCode('13600139999', 'login', '10.4.4.4')).json().success).toBe(true);
  });

  it('refuses malformed numbers', async () => {
    expect((await askCode('1380013800')).json().msg).toBe('手机号格式不正确');
    expect((await askCode('abc')).statusCode).toBe(400);
  });

  it("the client app's getVerificationCode sends a sign-in code", async () => {
    advance(61_000);
    const res = await req({ method: 'GET', url: '/api/skyworth-client/app/login/getVerificationCode?phone=13800138000&phoneDiallingCode=86', remoteAddress: '10.9.9.9' });
    expect(res.json().success).toBe(true);
    expect(await codeOf('13800138000')).toMatch(/^\d{6}$/);
  });

  it('encryptedValue: a code to your own phone without sending the number', async () => {
    advance(61_000);
    const s = await login('ivan', 'Passw0rd1');
    const ev = (await req({ method: 'GET', url: '/api/blade-resource/phone/sms/encryptedValue', headers: { 'blade-auth': `bearer ${s.access_token}` } })).json();
    expect(ev.data).toMatchObject({ phone: '138****8000', phoneDiallingCode: '+86' });
    expect(ev.data.encryptedValue).not.toContain('13800138000');
    const res = await req({ method: 'GET', url: `/api/blade-resource/phone/sms/verificationCode?encryptedValue=${encodeURIComponent(ev.data.encryptedValue)}`, remoteAddress: '10.8.8.8' });
    expect(res.json().success).toBe(true);
    expect(await codeOf('13800138000', 'verify')).toMatch(/^\d{6}$/);
    const forged = await req({ method: 'GET', url: `/api/blade-resource/phone/sms/verificationCode?encryptedValue=${ev.data.encryptedValue.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(400);
  });
});

describe('forgotten password', () => {
  it('resets with a forget code, ends every session, and the new password signs in', async () => {
    const before = await login('ivan', 'Passw0rd1');
    advance(61_000);
    await askCode('13800138000', 'forget', '10.5.5.5');
    const code = await codeOf('13800138000', 'forget');
    const form = (c: string, password: string) =>
      req({
        method: 'POST',
        url: '/api/blade-system/user/forgetPassword?tenantId=000000',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `phone=13800138000&phoneDiallingCode=%2B86&code=${c}&password=${password}`,
      });
    expect((await form('111111', 'NewPass123')).json().msg).toBe('验证码不正确或已过期');
    expect((await form(code!, 'short')).json().msg).toBe('密码长度为8-16位,且须同时包含字母和数字');
    expect((await form(code!, 'NewPass123')).json().success).toBe(true);
    expect((await form(code!, 'NewPass456')).json().success).toBe(false);
    const info = await req({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { 'blade-auth': `bearer ${before.access_token}` } });
    expect(info.statusCode).toBe(401);
    expect((await login('ivan', 'Passw0rd1')).access_token).toBeUndefined();
    expect((await login('ivan', 'NewPass123')).access_token).toBeTruthy();
    // A login code cannot reset a password.
    advance(61_000);
    await askCode('13800138000', 'login', '10.6.6.6');
    expect((await form((await codeOf('13800138000'))!, 'Other1234')).json().success).toBe(false);
  });
});

describe('configurations and sending', () => {
  it('keeps the secret sealed and never returns it; one configuration enabled per tenant', async () => {
    const add = await req({
      method: 'POST',
      url: '/api/blade-resource/sms/submit',
      headers: h,
      payload: {
        category: 2,
        smsCode: 'aliyun',
        templateId: 'SMS_15305',
        signName: '阿里云短信测试',
        accessKey: 'LTAI-test',
        secretKey: 'aliyun-secret',
        regionId: 'cn-hangzhou',
        endpoint: `http://127.0.0.1:${(aliyun.address() as AddressInfo).port}`,
      },
    });
    expect(add.json().success).toBe(true);
    const id = add.json().data.id as string;
    const [row] = await database.db.select().from(sms).where(eq(sms.id, id));
    expect(row!.secretKey).toMatch(/^gcm1:/);
    const detail = (await req({ method: 'GET', url: `/api/blade-resource/sms/detail?id=${id}`, headers: h })).json();
    expect(detail.data.secretKey).toBe('********');
    expect(detail.data.accessKey).toBe('LTAI-test');
    const log = (await req({ method: 'POST', url: '/api/blade-resource/sms/submit', headers: h, payload: { category: 1, smsCode: 'log' } })).json().data.id;
    await req({ method: 'POST', url: `/api/blade-resource/sms/enable?id=${log}`, headers: h });
    await req({ method: 'POST', url: `/api/blade-resource/sms/enable?id=${id}`, headers: h });
    const enabled = (await database.db.select().from(sms)).filter((r) => r.status === 2 && r.tenantId === '000000');
    expect(enabled.map((r) => r.id)).toEqual([id]);
  });

  it('send-message through Alibaba Cloud: signed request, template parameters, outbox row', async () => {
    const res = await req({
      method: 'POST',
      url: '/api/blade-resource/sms/endpoint/send-message',
      headers: h,
      payload: { code: 'aliyun', phones: '13800138000,+85261234567', params: '{"station":"一号电站","alarm":"过温"}' },
    });
    expect(res.json()).toMatchObject({ code: 200, success: true });
    const call = aliyunCalls.at(-1)!;
    expect(call).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13800138000,85261234567',
      SignName: '阿里云短信测试',
      TemplateCode: 'SMS_15305',
      AccessKeyId: 'LTAI-test',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
    });
    expect(JSON.parse(call.TemplateParam!)).toEqual({ station: '一号电站', alarm: '过温' });
    const [out] = await database.db.select().from(smsOutbox).orderBy(desc(smsOutbox.createTime)).limit(1);
    expect(out).toMatchObject({ provider: 'aliyun', success: 1, result: '900619746936498440^0' });
  });

  it('verification codes go through the enabled provider; its refusal is reported', async () => {
    advance(61_000);
    expect((await askCode('13800138000', 'login', '10.7.7.7')).json().success).toBe(true);
    const call = aliyunCalls.at(-1)!;
    expect(JSON.parse(call.TemplateParam!).code).toBe(await codeOf('13800138000'));
    aliyunReply = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' };
    const res = await req({ method: 'POST', url: '/api/blade-resource/sms/endpoint/send-message', headers: h, payload: { code: 'aliyun', phones: '13800138000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('isv.BUSINESS_LIMIT_CONTROL');
    aliyunReply = { Code: 'OK', BizId: '1' };
  });

  it('send-message only uses configurations of your own tenant', async () => {
    await createTenant(database.db, '400001');
    const role = await createRole(database.db, '400001', 'administrator', 'all');
    await createUser(database.db, { tenantId: '400001', account: 'dora', password: 'Passw0rd1', roleId: role });
    const d = await login('dora', 'Passw0rd1', '400001');
    const res = await req({
      method: 'POST',
      url: '/api/blade-resource/sms/endpoint/send-message',
      headers: { 'blade-auth': `bearer ${d.access_token}` },
      payload: { code: 'aliyun', phones: '13800138000' },
    });
    expect(res.json().msg).toBe('短信配置不存在: aliyun');
  });
});

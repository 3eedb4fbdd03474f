/**
 * Guest self-registration (issue 11 item 7): off by default; when on, a captcha, a limit per client IP, the same
 * answer whatever exists, and accounts that wait for an administrator's approval outside the tenant's account limit.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenant, user } from '../src/db/schema.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';

const T = '500001';

async function register(app: TestApp, q: Record<string, string>, opts: { ip?: string; captcha?: 'right' | 'wrong' | 'none'; lang?: string } = {}) {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'zh-CN' };
  if ((opts.captcha ?? 'right') !== 'none') {
    const { key } = (await app.req({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
    headers['captcha-key'] = key;
    headers['captcha-code'] = opts.captcha === 'wrong' ? 'zzzzz' : (await app.services.captcha.answerFor(key))!;
  }
  return app.req({ method: 'POST', url: '/api/blade-system/user/register-guest', headers, payload: q, remoteAddress: opts.ip ?? '203.0.113.7' });
}
const form = (account: string, tenantId = T) => ({ tenantId, account, name: account, password: 'Guest2026', password2: 'Guest2026' });
const accounts = async (app: TestApp, tenantId = T) => app.database.db.select().from(user).where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));

describe('by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.stop());

  it('is off: refused, nothing stored, and the sign-in page offers no link', async () => {
    const res = await register(t, form('nobody', '000000'));
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('当前系统未开放注册');
    expect((await accounts(t, '000000')).map((u) => u.account)).not.toContain('nobody');
    expect((await t.req({ method: 'GET', url: '/api/helio/public-settings' })).json().data.registerMode).toBe(false);
  });
});

describe('when on', () => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ HELIO_REGISTER_MODE: 'on', HELIO_REGISTER_IP_LIMIT: '20' });
    const db = t.database.db;
    await createTenant(db, T);
    await db.update(tenant).set({ accountNumber: 2 }).where(eq(tenant.tenantId, T));
    const adminRole = await createRole(db, T, 'administrator', 'all');
    await createUser(db, { tenantId: T, account: 'owner', password: 'Owner1234', roleId: adminRole });
    h = { 'blade-auth': `bearer ${(await t.login('owner', 'Owner1234', T)).access_token}` };
  });
  afterAll(async () => t?.stop());

  it('needs a captcha', async () => {
    expect((await register(t, form('nocaptcha'), { captcha: 'none', ip: '198.51.100.1' })).json().msg).toBe('请输入验证码');
    expect((await register(t, form('nocaptcha'), { captcha: 'wrong', ip: '198.51.100.1' })).json().msg).toBe('验证码不正确');
    expect((await accounts(t)).map((u) => u.account)).not.toContain('nocaptcha');
  });

  it('answers the same for a new account, a taken one and an unknown tenant', async () => {
    const answers = [await register(t, form('newbie')), await register(t, form('owner')), await register(t, form('someone', '999999'))];
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({ code: 200, success: true, data: {}, msg: '注册申请已提交,请等待管理员审核' });
    }
    const rows = await accounts(t);
    expect(rows.filter((u) => u.account === 'owner')).toHaveLength(1);
    expect(rows.find((u) => u.account === 'newbie')).toMatchObject({ status: 2, roleId: '' });
  });

  it('limits attempts per client address', async () => {
    const limited = await createTestApp({ HELIO_REGISTER_MODE: 'on', HELIO_REGISTER_IP_LIMIT: '2' });
    try {
      for (const a of ['r1', 'r2']) expect((await register(limited, form(a, '000000'), { ip: '192.0.2.9' })).statusCode).toBe(200);
      const third = await register(limited, form('r3', '000000'), { ip: '192.0.2.9', lang: 'en-US' });
      expect(third.statusCode).toBe(429);
      expect(third.json().msg).toBe('Too many registrations from this address; please try again later');
      expect((await register(limited, form('r4', '000000'), { ip: '192.0.2.10' })).statusCode).toBe(200);
      expect((await accounts(limited, '000000')).map((u) => u.account)).not.toContain('r3');
    } finally {
      await limited.stop();
    }
  });

  it('keeps registrations outside the account limit until approved; they cannot sign in before', async () => {
    for (const a of ['wait1', 'wait2', 'wait3']) await register(t, form(a));
    // The limit is 2 and the owner is 1: four registrations waiting do not stop the administrator creating a user.
    const roleId = (await t.req({ method: 'GET', url: '/api/blade-system/role/select', headers: h })).json().data[0].id as string;
    const created = await t.req({ method: 'POST', url: '/api/blade-system/user/submit', headers: h, payload: { account: 'staff1', name: 's', realName: 's', phoneDiallingCode: '+86', phone: '13900000001', roleId, userType: 1, password: 'Staff1234' } });
    expect(created.json()).toMatchObject({ success: true });

    const [w1] = (await accounts(t)).filter((u) => u.account === 'wait1');
    await t.database.db.update(user).set({ roleId }).where(eq(user.id, w1!.id));
    expect((await t.login('wait1', 'Guest2026', T)).error_description).toBe('账号正在等待管理员审核');
    // Full now: approving one more is refused with the limit.
    const full = await t.req({ method: 'POST', url: `/api/blade-system/user/approve?userIds=${w1!.id}`, headers: h });
    expect(full.json().msg).toBe('租户账号数量已达上限(2)');
    await t.database.db.update(tenant).set({ accountNumber: 10 }).where(eq(tenant.tenantId, T));
    expect((await t.req({ method: 'POST', url: `/api/blade-system/user/approve?userIds=${w1!.id}&roleIds=${roleId}`, headers: h })).json().success).toBe(true);
    expect((await t.login('wait1', 'Guest2026', T)).access_token).toBeTruthy();
  });

  it('approve and reject: only waiting accounts, only with the permission', async () => {
    const rows = await accounts(t);
    const w2 = rows.find((u) => u.account === 'wait2')!;
    const owner = rows.find((u) => u.account === 'owner')!;
    expect((await t.req({ method: 'POST', url: `/api/blade-system/user/reject?userIds=${owner.id}`, headers: h })).json().msg).toBe('所选账号不在待审核状态');
    const viewerRole = await createRole(t.database.db, T, 'viewer', ['system', 'user']);
    await createUser(t.database.db, { tenantId: T, account: 'viewer', password: 'Viewer123', roleId: viewerRole });
    const vh = { 'blade-auth': `bearer ${(await t.login('viewer', 'Viewer123', T)).access_token}` };
    expect((await t.req({ method: 'POST', url: `/api/blade-system/user/reject?userIds=${w2.id}`, headers: vh })).statusCode).toBe(403);
    expect((await t.req({ method: 'POST', url: `/api/blade-system/user/reject?userIds=${w2.id}`, headers: h })).json().success).toBe(true);
    expect((await accounts(t)).map((u) => u.account)).not.toContain('wait2');
  });
});

/**
 * Generated passwords (issue 11 item 6): no deployment-wide initial password; a user created without a password,
 * or whose password is reset, gets its own random one, returned once to the caller, and must change it before
 * anything else (sign-in works; the API then answers only what the change needs).
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { param, user } from '../src/db/schema.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { SABER_BASIC } from './constants.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

const POLICY = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,16}$/;
const post = (url: string, payload?: object, headers = h) => t.req({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers = h) => t.req({ method: 'GET', url, headers });
const bearer = (token: string) => ({ 'blade-auth': `bearer ${token}` });
const newUser = (account: string, roleId: string, headers = h) =>
  post('/api/blade-system/user/submit', { account, name: account, realName: account, phoneDiallingCode: '+86', phone: `139${String(account.length).padStart(8, '0')}`, roleId, userType: 1, email: `${account}@example.com` }, headers);

describe('no shared initial password', () => {
  it('is neither stored nor served', async () => {
    expect(await t.database.db.select().from(param).where(like(param.paramKey, '%initPassword%'))).toEqual([]);
    expect((await get('/api/blade-system/user/init-password')).statusCode).toBe(404);
  });

  it('gives each user created without a password its own, once, in every tenant', async () => {
    const roleId = (await get('/api/blade-system/role/select')).json().data[0].id as string;
    const created = await newUser('gen_a', roleId);
    expect(created.headers['cache-control']).toBe('no-store');
    const a = created.json();
    const b = (await newUser('gen_bb', roleId)).json();
    expect(a.data.initialPassword).toMatch(POLICY);
    expect(b.data.initialPassword).toMatch(POLICY);
    expect(a.data.initialPassword).not.toBe(b.data.initialPassword);
    // Shown once: nowhere to read it back.
    expect(JSON.stringify((await get(`/api/blade-system/user/detail?id=${a.data.id}`)).json())).not.toContain(a.data.initialPassword);
    expect((await t.login('gen_a', a.data.initialPassword)).access_token).toBeTruthy();
    expect((await t.login('gen_bb', a.data.initialPassword)).access_token).toBeUndefined();

    // A tenant administrator's new users: the same, and nothing about the platform's.
    await createTenant(t.database.db, '400001');
    const adminRole = await createRole(t.database.db, '400001', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '400001', account: 'tadmin', password: 'Tadmin123', roleId: adminRole });
    const th = bearer((await t.login('tadmin', 'Tadmin123', '400001')).access_token!);
    const c = (await newUser('gen_c', adminRole, th)).json();
    expect(c.data.initialPassword).toMatch(POLICY);
    expect((await t.login('gen_c', c.data.initialPassword, '400001')).access_token).toBeTruthy();
    // A password given in the form is the user's own: no generated one comes back.
    const own = (await post('/api/blade-system/user/submit', { account: 'own_pw', name: 'o', realName: 'o', phoneDiallingCode: '+86', phone: '13900000077', roleId, userType: 1, password: 'OwnPass123' })).json();
    expect(own.data.initialPassword).toBeUndefined();
    expect(await t.login('own_pw', 'OwnPass123')).toMatchObject({ password_change_required: false });
  });
});

describe('first sign-in', () => {
  let password: string;
  beforeAll(async () => {
    const roleId = (await get('/api/blade-system/role/select')).json().data[0].id as string;
    password = (await newUser('first_in', roleId)).json().data.initialPassword;
  });

  it('signs in, then answers only the password change until the password is changed', async () => {
    const s = await t.login('first_in', password);
    expect(s).toMatchObject({ password_change_required: true });
    const mine = bearer(s.access_token!);
    const blocked = await get('/api/blade-system/user/list', mine);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ code: 403, success: false, data: { passwordChangeRequired: true }, msg: '请先修改初始密码再继续操作' });
    expect((await get('/api/blade-system/dept/tree', mine)).json().data).toEqual({ passwordChangeRequired: true });
    // What the change screen (and a Blade shell) needs still answers.
    for (const url of ['/api/blade-system/user/info', '/api/blade-system/menu/routes', '/api/blade-system/menu/buttons', '/api/blade-auth/oauth/user-info']) {
      expect((await get(url, mine)).statusCode, url).toBe(200);
    }
    const same = await post(`/api/blade-system/user/update-password?oldPassword=${password}&newPassword=${password}&newPassword1=${password}`, undefined, mine);
    expect(same.json().msg).toBe('新密码不能与初始密码相同');
    const changed = await post(`/api/blade-system/user/update-password?oldPassword=${md5Hex(password)}&newPassword=${md5Hex('Chosen2026')}&newPassword1=${md5Hex('Chosen2026')}`, undefined, mine);
    expect(changed.json().success).toBe(true);
    // The same session goes on, and the next sign-in is an ordinary one.
    expect((await get('/api/blade-system/user/list', mine)).statusCode).toBe(200);
    expect(await t.login('first_in', 'Chosen2026')).toMatchObject({ password_change_required: false });
  });

  it('works the same for a stock Blade client (Saber) on the BladeX token endpoint', async () => {
    const [row] = await t.database.db.select().from(user).where(eq(user.account, 'first_in'));
    const reset = (await post(`/api/blade-system/user/reset-password?userIds=${row!.id}`)).json();
    const fresh = reset.data[0].password as string;
    const res = await t.req({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&username=first_in&password=${md5Hex(fresh)}&grant_type=password&scope=all`,
      headers: { authorization: SABER_BASIC, 'tenant-id': '000000' },
    });
    const saber = bearer(res.json().access_token);
    expect((await get('/api/blade-desk/notice/list', saber)).json().msg).toBe('请先修改初始密码再继续操作');
    const q = new URLSearchParams({ oldPassword: md5Hex(fresh), newPassword: md5Hex('Saber2026x'), newPassword1: md5Hex('Saber2026x') });
    expect((await post(`/api/blade-system/user/update-password?${q}`, undefined, saber)).json().success).toBe(true);
    expect((await get('/api/blade-desk/notice/list', saber)).statusCode).not.toBe(403);
  });
});

describe('reset-password', () => {
  it('gives each user its own new password, once, and ends their sessions', async () => {
    const roleId = (await get('/api/blade-system/role/select')).json().data[0].id as string;
    await post('/api/blade-system/user/submit', { account: 'reset_a', name: 'a', realName: 'a', phoneDiallingCode: '+86', phone: '13900000081', roleId, userType: 1, password: 'ResetA123' });
    await post('/api/blade-system/user/submit', { account: 'reset_b', name: 'b', realName: 'b', phoneDiallingCode: '+86', phone: '13900000082', roleId, userType: 1, password: 'ResetB123' });
    const rows = await t.database.db.select().from(user).where(like(user.account, 'reset_%'));
    const session = bearer((await t.login('reset_a', 'ResetA123')).access_token!);
    const res = (await post(`/api/blade-system/user/reset-password?userIds=${rows.map((r) => r.id).join(',')}`)).json();
    expect(res.success).toBe(true);
    expect(res.data).toHaveLength(2);
    const [pa, pb] = ['reset_a', 'reset_b'].map((a) => res.data.find((x: { account: string }) => x.account === a).password as string);
    expect(pa).toMatch(POLICY);
    expect(pa).not.toBe(pb);
    expect((await get('/api/blade-system/user/info', session)).statusCode).toBe(401);
    expect((await t.login('reset_a', 'ResetA123')).access_token).toBeUndefined();
    expect(await t.login('reset_b', pb!)).toMatchObject({ password_change_required: true });
  });
});

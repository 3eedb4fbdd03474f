/**
 * Issue 11 item 12: an access token is bound to its session. Tokens forged with the deployment's real signing key
 * (read the way the app reads it) around a real, live session are refused when any bound claim differs from the
 * session — tenant, user, account, client, roles, departments — or when `exp`/`iat` are missing; the administrator
 * flag comes from the session's roles, never from the token. The binding also holds for a token the process already
 * remembers as verified.
 */
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/schema.js';
import { loadKeys } from '../src/modules/auth/keys.js';
import { createDept, createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, WEB_BASIC, type TestApp } from './helper.js';

let t: TestApp;
let key: Uint8Array;
let bobId: string;
let adminRoleOfTenant: string;
let staffRole: string;
beforeAll(async () => {
  t = await createTestApp();
  key = (await loadKeys(t.database.db)).jwt; // the per-deployment key, from where the app keeps it
  await createTenant(t.database.db, '300001');
  staffRole = await createRole(t.database.db, '300001', 'staff', []);
  adminRoleOfTenant = await createRole(t.database.db, '300001', 'administrator', 'all');
  const deptId = await createDept(t.database.db, '300001', 'Ops');
  bobId = await createUser(t.database.db, { tenantId: '300001', account: 'bob', password: 'Passw0rd1', roleId: staffRole, deptId });
  await createUser(t.database.db, { tenantId: '300001', account: 'carol', password: 'Passw0rd1', roleId: adminRoleOfTenant, deptId });
});
afterAll(async () => t?.stop());

const userInfo = (token: string) =>
  t.req({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { 'blade-auth': `bearer ${token}` } });

/** Re-signs a real token's claims with the real key, changed as asked (undefined removes a claim). */
async function forge(token: string, change: Record<string, unknown>): Promise<string> {
  const claims: JWTPayload = { ...decodeJwt(token) };
  for (const [k, v] of Object.entries(change)) {
    if (v === undefined) delete claims[k];
    else claims[k] = v;
  }
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

describe('access tokens are bound to their session', () => {
  it('refuses every claim that is not the session’s, and a token without exp or iat', async () => {
    const bob = await t.login('bob', 'Passw0rd1', '300001');
    const carol = await t.login('carol', 'Passw0rd1', '300001');
    const admin = await t.login();
    const c = decodeJwt(carol.access_token!);
    const a = decodeJwt(admin.access_token!);
    // Control: the same claims re-signed are accepted, so each refusal below is about the claim, not the signature.
    expect((await userInfo(await forge(bob.access_token!, {}))).statusCode).toBe(200);
    const refused: Array<[string, Record<string, unknown>]> = [
      ['another tenant', { tenant_id: '000000' }],
      ['another user', { user_id: a.user_id }],
      ['another user of the tenant', { user_id: c.user_id, account: 'carol', user_name: 'carol' }],
      ['another account name', { account: 'carol', user_name: 'carol' }],
      ['another role', { role_id: c.role_id }],
      ['an added role', { role_id: `${staffRole},${adminRoleOfTenant}` }],
      ['another department', { dept_id: '1' }],
      ['another client', { client_id: 'saber' }],
      ['the platform admin in this session', { tenant_id: a.tenant_id, user_id: a.user_id, role_id: a.role_id, account: 'admin' }],
      ['no exp', { exp: undefined }],
      ['no iat', { iat: undefined }],
      ['an iat in the future', { iat: Math.floor(Date.now() / 1000) + 3600 }],
    ];
    for (const [what, change] of refused) {
      expect((await userInfo(await forge(bob.access_token!, change))).statusCode, what).toBe(401);
    }
  });

  it('takes the administrator flag from the session’s roles, not from role_name', async () => {
    const bob = await t.login('bob', 'Passw0rd1', '300001');
    const boasting = await forge(bob.access_token!, { role_name: 'administrator' });
    const info = await userInfo(boasting);
    expect(info.statusCode).toBe(200);
    expect(info.json().data.roleName).toBe('staff');
    const list = await t.req({ method: 'GET', url: '/api/blade-system/user/list', headers: { 'blade-auth': `bearer ${boasting}` } });
    expect(list.statusCode).toBe(403);
  });

  it('holds for a token already remembered as verified: new roles at refresh end the old token', async () => {
    const bob = await t.login('bob', 'Passw0rd1', '300001');
    expect((await userInfo(bob.access_token!)).statusCode).toBe(200); // verified and remembered
    await t.database.db.update(user).set({ roleId: `${staffRole},${adminRoleOfTenant}` }).where(eq(user.id, bobId));
    const refreshed = await t.req({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${bob.refresh_token}`,
      headers: { authorization: WEB_BASIC, 'tenant-id': '300001' },
    });
    const next = refreshed.json() as { access_token: string; role_id: string };
    expect(next.role_id.split(',')).toHaveLength(2);
    expect((await userInfo(next.access_token)).statusCode).toBe(200);
    // The old token's roles are no longer the session's.
    expect((await userInfo(bob.access_token!)).statusCode).toBe(401);
    await t.database.db.update(user).set({ roleId: staffRole }).where(eq(user.id, bobId));
  });
});

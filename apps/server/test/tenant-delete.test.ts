/**
 * Issue 13: a removed tenant takes its people with it. Its administrator user, role and department (and every other
 * user, role, department and post of it) leave the platform's lists, none of its users can sign in or refresh, and
 * their signed-in sessions end; the rows stay (soft-deleted, for audit). `tenant/restore` brings back the tenant and
 * exactly the rows removed with it — not a user deleted on its own before.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, post, role, tenant, user } from '../src/db/schema.js';
import { nextId } from '../src/core/ids.js';
import { settleRemovedTenants } from '../src/modules/tenant/tenant-removal.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { WEB_BASIC, createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
/** The tenant under test: its row id, code and bootstrap administrator's password. */
let row: { id: string; tenantId: string; adminPassword: string };
let staffId: string;
let formerId: string;

const get = (url: string, headers = h) => t.req({ method: 'GET', url, headers });
const post_ = (url: string, payload?: object, headers = h) => t.req({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const bearer = (token: string) => ({ 'blade-auth': `bearer ${token}` });
const refresh = (token: string) =>
  t.req({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${encodeURIComponent(token)}&scope=all`,
    headers: { authorization: WEB_BASIC, 'tenant-id': row.tenantId },
  });

/** What the platform administrator's lists show of the tenant. */
async function visible() {
  const users = (await get(`/api/blade-system/user/list?size=200`)).json().data.records as { tenantId: string; account: string }[];
  const roles = (await get('/api/blade-system/role/list')).json().data as { tenantId: string; roleAlias: string }[];
  const depts = (await get('/api/blade-system/dept/list')).json().data as { tenantId: string; deptName: string }[];
  const posts = (await get('/api/blade-system/post/list?size=200')).json().data.records as { tenantId: string; postCode: string }[];
  const mine = <T extends { tenantId: string }>(rows: T[]) => rows.filter((r) => r.tenantId === row.tenantId);
  return {
    users: mine(users).map((u) => u.account).sort(),
    roles: mine(roles).map((r) => r.roleAlias).sort(),
    depts: mine(depts).map((d) => d.deptName).sort(),
    posts: mine(posts).map((p) => p.postCode).sort(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
  const created = await post_('/api/blade-system/tenant/submit', { tenantName: 'Sunrise Solar', linkman: 'Lin', contactNumber: '13800138000' });
  expect(created.json().success).toBe(true);
  const { id, tenantId, adminPassword } = created.json().data as { id: string; tenantId: string; adminPassword: string };
  row = { id, tenantId, adminPassword };
  // More of the tenant: a staff member, a post, and a user who was deleted on its own before the tenant was.
  const db = t.database.db;
  const staffRole = await createRole(db, tenantId, 'staff', []);
  staffId = await createUser(db, { tenantId, account: 'staff1', password: 'Passw0rd1', roleId: staffRole });
  formerId = await createUser(db, { tenantId, account: 'former', password: 'Passw0rd1', roleId: staffRole });
  await db.update(user).set({ isDeleted: 1, updateTime: new Date('2026-01-02T03:04:05Z') }).where(eq(user.id, formerId));
  await db.insert(post).values({ id: nextId(), tenantId, category: 1, postCode: 'SR-CEO', postName: 'Chief', sort: 1 });
});
afterAll(async () => t?.stop());

describe('removing a tenant', () => {
  let adminToken: string;
  let staffTokens: { access_token: string; refresh_token: string };

  it('shows its administrator, role, department and post in the platform lists while it exists', async () => {
    expect(await visible()).toEqual({ users: ['admin', 'staff1'], roles: ['administrator', 'staff'], depts: ['Sunrise Solar'], posts: ['SR-CEO'] });
    adminToken = (await t.login('admin', row.adminPassword, row.tenantId)).access_token!;
    staffTokens = (await t.login('staff1', 'Passw0rd1', row.tenantId)) as typeof staffTokens;
    expect(adminToken).toBeTruthy();
    expect(staffTokens.access_token).toBeTruthy();
    expect((await get('/api/blade-auth/oauth/user-info', bearer(staffTokens.access_token))).statusCode).toBe(200);
  });

  it('takes them out of every list, ends their sessions and stops their sign-in; the rows stay', async () => {
    const res = await post_(`/api/blade-system/tenant/remove?ids=${row.id}`);
    expect(res.json()).toMatchObject({ success: true });
    expect(await visible()).toEqual({ users: [], roles: [], depts: [], posts: [] });
    expect((await get('/api/blade-system/tenant/list?size=200')).json().data.records.map((r: { id: string }) => r.id)).not.toContain(row.id);

    // Signed-in sessions end: access tokens are refused, refresh tokens too.
    expect((await get('/api/blade-auth/oauth/user-info', bearer(staffTokens.access_token))).statusCode).toBe(401);
    expect((await get('/api/blade-auth/oauth/user-info', bearer(adminToken))).statusCode).toBe(401);
    expect((await refresh(staffTokens.refresh_token)).json().access_token).toBeUndefined();
    // No sign-in.
    expect((await t.login('staff1', 'Passw0rd1', row.tenantId)).access_token).toBeUndefined();
    expect((await t.login('admin', row.adminPassword, row.tenantId)).access_token).toBeUndefined();

    // Kept for audit: soft-deleted, with who removed them.
    const db = t.database.db;
    const kept = await db.select({ isDeleted: user.isDeleted, updateUser: user.updateUser }).from(user).where(eq(user.id, staffId));
    expect(kept).toEqual([{ isDeleted: 1, updateUser: expect.any(String) }]);
    const counts = await Promise.all([role, dept, post].map((x) => db.select({ id: x.id }).from(x).where(and(eq(x.tenantId, row.tenantId), eq(x.isDeleted, 1)))));
    expect(counts.map((c) => c.length)).toEqual([2, 1, 1]);
  });

  it('restores the tenant with exactly the rows removed with it (platform only)', async () => {
    // A tenant's own administrator (who passes every permission code) may not.
    await createTenant(t.database.db, '300003');
    const otherRole = await createRole(t.database.db, '300003', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '300003', account: 'boss', password: 'Passw0rd1', roleId: otherRole });
    const boss = (await t.login('boss', 'Passw0rd1', '300003')).access_token;
    expect(boss).toBeTruthy();
    expect((await post_(`/api/blade-system/tenant/restore?ids=${row.id}`, undefined, bearer(boss!))).statusCode).toBe(403);
    expect((await post_('/api/blade-system/tenant/restore')).json()).toMatchObject({ success: false });

    const res = await post_('/api/blade-system/tenant/restore', { ids: row.id });
    expect(res.json()).toMatchObject({ success: true, data: [row.tenantId] });
    // Everyone removed with it is back; the user deleted on its own before stays deleted.
    expect(await visible()).toEqual({ users: ['admin', 'staff1'], roles: ['administrator', 'staff'], depts: ['Sunrise Solar'], posts: ['SR-CEO'] });
    const [former] = await t.database.db.select({ isDeleted: user.isDeleted }).from(user).where(eq(user.id, formerId));
    expect(former!.isDeleted).toBe(1);
    expect((await get('/api/blade-system/tenant/list?size=200')).json().data.records.map((r: { id: string }) => r.id)).toContain(row.id);
    // Its users sign in again; the sessions that ended stay ended.
    expect((await t.login('staff1', 'Passw0rd1', row.tenantId)).access_token).toBeTruthy();
    expect((await get('/api/blade-auth/oauth/user-info', bearer(staffTokens.access_token))).statusCode).toBe(401);
    // A second restore changes nothing.
    expect((await post_(`/api/blade-system/tenant/restore?ids=${row.id}`)).json()).toMatchObject({ success: true, data: [] });
  });

  it('the platform tenant cannot be removed', async () => {
    const [platformAdmin] = await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, '000000'), eq(user.account, 'admin')));
    const tenants = (await get('/api/blade-system/tenant/list?size=200')).json().data.records as { id: string; tenantId: string }[];
    const platform = tenants.find((x) => x.tenantId === '000000')!;
    expect((await post_(`/api/blade-system/tenant/remove?ids=${platform.id}`)).statusCode).toBe(403);
    const [still] = await t.database.db.select({ isDeleted: user.isDeleted }).from(user).where(eq(user.id, platformAdmin!.id));
    expect(still!.isDeleted).toBe(0);
  });

  it('settles a database whose tenant was removed before removal took its rows along (once, at start)', async () => {
    const db = t.database.db;
    await createTenant(db, '300004');
    const oldRole = await createRole(db, '300004', 'administrator', []);
    const oldUser = await createUser(db, { tenantId: '300004', account: 'legacy', password: 'Passw0rd1', roleId: oldRole });
    const [old] = await db.update(tenant).set({ isDeleted: 1, updateTime: new Date('2026-03-04T05:06:07Z') }).where(eq(tenant.tenantId, '300004')).returning({ id: tenant.id });
    expect((await get('/api/blade-system/user/list?size=200')).json().data.records.map((u: { id: string }) => u.id)).toContain(oldUser);
    await db.transaction((tx) => settleRemovedTenants(tx));
    await db.transaction((tx) => settleRemovedTenants(tx)); // idempotent
    expect((await get('/api/blade-system/user/list?size=200')).json().data.records.map((u: { id: string }) => u.id)).not.toContain(oldUser);
    expect((await get('/api/blade-system/role/list')).json().data.map((r: { id: string }) => r.id)).not.toContain(oldRole);
    // …and restoring that tenant brings them back, the restored tenant of the test before is untouched.
    expect((await post_(`/api/blade-system/tenant/restore?ids=${old!.id}`)).json()).toMatchObject({ success: true, data: ['300004'] });
    expect((await t.login('legacy', 'Passw0rd1', '300004')).access_token).toBeTruthy();
    expect((await visible()).users).toEqual(['admin', 'staff1']);
  });
});

/**
 * Privilege escalation inside a tenant (issue 11 item 5): nobody grants a permission it does not hold, a role above
 * its own, or changes its own roles; role CRUD stays below one's own roles; accounts above one's own cannot be
 * edited or reset. Tenant administrators are bounded by their package, platform administrators keep full power.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { menu, role, roleMenu, roleScope, scopeData, tenant, tenantPackage, user } from '../src/db/schema.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';

const T = '300001';
let t: TestApp;
let adminRole: string;
let mgrRole: string;
let staffRole: string;
let financeRole: string;
let ids: { boss: string; mgr: string; staffer: string; fin: string };
let codeId: (code: string) => string;
let mgr: Record<string, string>;
let boss: Record<string, string>;

const MANAGER_CODES = ['authority', 'role', 'role_add', 'role_edit', 'role_delete', 'role_setting', 'system', 'user', 'user_view', 'user_add', 'user_edit', 'user_role', 'user_reset', 'user_delete', 'topmenu', 'topmenu_setting'];

async function signIn(account: string, password: string, tenantId = T) {
  const s = await t.login(account, password, tenantId);
  if (!s.access_token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(s)}`);
  return { 'blade-auth': `bearer ${s.access_token}` };
}
const post = (url: string, headers: Record<string, string>, payload?: object) => t.req({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const grantsOf = async (roleId: string) => (await t.database.db.select({ id: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, roleId))).map((r) => r.id).sort();
const rolesOf = async (userId: string) => (await t.database.db.select({ r: user.roleId }).from(user).where(eq(user.id, userId)))[0]!.r;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const menus = await db.select({ id: menu.id, code: menu.code }).from(menu);
  codeId = (c) => menus.find((m) => m.code === c)!.id;
  await createTenant(db, T);
  adminRole = await createRole(db, T, 'administrator', 'all');
  mgrRole = await createRole(db, T, 'manager', MANAGER_CODES);
  staffRole = await createRole(db, T, 'staff', ['notice']); // below the manager; holds a menu the manager does not
  await db.update(role).set({ parentId: mgrRole }).where(eq(role.id, staffRole));
  financeRole = await createRole(db, T, 'finance', ['user', 'user_export']); // a sibling branch
  ids = {
    boss: await createUser(db, { tenantId: T, account: 'boss', password: 'Boss12345', roleId: adminRole }),
    mgr: await createUser(db, { tenantId: T, account: 'mgr', password: 'Mgr123456', roleId: mgrRole }),
    staffer: await createUser(db, { tenantId: T, account: 'staffer', password: 'Staff1234', roleId: staffRole }),
    fin: await createUser(db, { tenantId: T, account: 'fin', password: 'Fin123456', roleId: financeRole }),
  };
  mgr = await signIn('mgr', 'Mgr123456');
  boss = await signIn('boss', 'Boss12345');
});
afterAll(async () => t?.stop());

describe('role grants', () => {
  it('a role-settings holder cannot grant its own role every menu (the reported escalation)', async () => {
    const before = await grantsOf(mgrRole);
    const all = (await t.database.db.select({ id: menu.id }).from(menu)).map((m) => m.id);
    const res = await post('/api/blade-system/role/grant', mgr, { roleIds: [mgrRole], menuIds: all });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, success: false, msg: '不能修改自己的角色或角色权限' });
    expect(await grantsOf(mgrRole)).toEqual(before);
  });

  it('grants below its own role only what it holds, keeping what the role had beyond its reach', async () => {
    const beyond = await post('/api/blade-system/role/grant', { ...mgr, 'accept-language': 'en-US' }, { roleIds: [staffRole], menuIds: [codeId('user'), codeId('user_export')] });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().msg).toBe('You cannot grant a permission you do not hold yourself');
    expect(await grantsOf(staffRole)).toEqual([codeId('notice')]);

    const fine = await post('/api/blade-system/role/grant', mgr, { roleIds: [staffRole], menuIds: [codeId('system'), codeId('user'), codeId('user_view')] });
    expect(fine.json()).toMatchObject({ success: true });
    expect(await grantsOf(staffRole)).toEqual([codeId('system'), codeId('user'), codeId('user_view'), codeId('notice')].sort());
  });

  it('grants no data or API scope it does not hold, and offers only its own menus in the dialog', async () => {
    const scopeId = nextId();
    await t.database.db.insert(scopeData).values({ id: scopeId, menuId: codeId('user'), resourceCode: 'user', scopeName: 'All users', scopeColumn: 'dept_id', scopeType: 1 });
    const res = await post('/api/blade-system/role/grant', mgr, { roleIds: [staffRole], menuIds: [codeId('user')], dataScopeIds: [scopeId] });
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(roleScope).where(eq(roleScope.roleId, staffRole))).toHaveLength(0);

    const tree = (await t.req({ method: 'GET', url: '/api/blade-system/menu/grant-tree', headers: mgr })).json().data;
    const flat = (xs: { code?: string; children?: unknown[] }[]): string[] => xs.flatMap((x) => [x.code ?? '', ...flat((x.children as never) ?? [])]);
    expect(new Set(flat(tree.menu))).toEqual(new Set(MANAGER_CODES));
    expect(tree.dataScope).toEqual([]);
  });

  it('manages only roles below its own: not a sibling branch, not the administrator role', async () => {
    for (const target of [financeRole, adminRole]) {
      const res = await post('/api/blade-system/role/grant', mgr, { roleIds: [target], menuIds: [codeId('user')] });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('只能管理自己角色之下的角色');
    }
    expect(await grantsOf(financeRole)).toEqual([codeId('user'), codeId('user_export')].sort());
  });

  it('gives a top menu only menus it holds', async () => {
    const top = (await post('/api/blade-system/topmenu/submit', boss, { code: 'mgr_top', name: 'Manager', sort: 1 })).json().data.id as string;
    expect((await post('/api/blade-system/topmenu/grant', mgr, { topMenuIds: [top], menuIds: [codeId('tenant')] })).statusCode).toBe(403);
    expect((await post('/api/blade-system/topmenu/grant', mgr, { topMenuIds: [top], menuIds: [codeId('user')] })).json().success).toBe(true);
  });
});

describe('role CRUD', () => {
  it('refuses the administrator alias, roles outside its own subtree and new root roles', async () => {
    // (Where an administrator role exists the alias is also taken; the rule holds where it is not, e.g. renamed.)
    await t.database.db.update(role).set({ roleAlias: 'owner' }).where(eq(role.id, adminRole));
    const alias = await post('/api/blade-system/role/submit', mgr, { id: staffRole, roleAlias: 'administrator' });
    await t.database.db.update(role).set({ roleAlias: 'administrator' }).where(eq(role.id, adminRole));
    expect(alias.statusCode).toBe(403);
    expect(alias.json().msg).toBe('角色别名 administrator 只能由管理员使用');
    expect((await post('/api/blade-system/role/submit', mgr, { id: financeRole, roleName: 'mine now' })).statusCode).toBe(403);
    expect((await post(`/api/blade-system/role/remove?ids=${financeRole}`, mgr)).statusCode).toBe(403);
    expect((await post('/api/blade-system/role/submit', mgr, { id: staffRole, parentId: '0' })).statusCode).toBe(403);
    expect((await post('/api/blade-system/role/submit', mgr, { roleName: 'Root', roleAlias: 'root_x', roleType: '2', sort: 9 })).statusCode).toBe(403);
    const [fin] = await t.database.db.select().from(role).where(eq(role.id, financeRole));
    expect(fin).toMatchObject({ roleName: 'finance', isDeleted: 0 });

    const made = await post('/api/blade-system/role/submit', mgr, { roleName: 'Intern', roleAlias: 'intern', roleType: '2', sort: 9, parentId: mgrRole });
    expect(made.json().success).toBe(true);
  });
});

describe('user roles and accounts', () => {
  it('never changes its own roles', async () => {
    const grant = await post('/api/blade-system/user/grant', mgr, { userIds: ids.mgr, roleIds: adminRole });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().msg).toBe('不能修改自己的角色或角色权限');
    expect((await post('/api/blade-system/user/submit', mgr, { id: ids.mgr, roleId: `${mgrRole},${staffRole}` })).statusCode).toBe(403);
    expect(await rolesOf(ids.mgr)).toBe(mgrRole);
    // Its own profile through the same form, roles unchanged, is fine.
    expect((await post('/api/blade-system/user/submit', mgr, { id: ids.mgr, roleId: mgrRole, realName: 'Manager' })).json().success).toBe(true);
  });

  it('gives and takes only roles at or below its own', async () => {
    const up = await post('/api/blade-system/user/grant', mgr, { userIds: ids.staffer, roleIds: adminRole });
    expect(up.statusCode).toBe(403);
    expect(up.json().msg).toBe('不能授予或收回高于自己的角色');
    expect((await post('/api/blade-system/user/submit', mgr, { id: ids.staffer, roleId: financeRole })).statusCode).toBe(403);
    const created = await post('/api/blade-system/user/submit', mgr, { account: 'newadmin', name: 'N', realName: 'N', phoneDiallingCode: '+86', phone: '13911110000', roleId: adminRole, userType: 1, password: 'Newbie1234' });
    expect(created.statusCode).toBe(403);
    expect(await t.database.db.select().from(user).where(and(eq(user.tenantId, T), eq(user.account, 'newadmin')))).toHaveLength(0);
    expect(await rolesOf(ids.staffer)).toBe(staffRole);

    expect((await post('/api/blade-system/user/grant', mgr, { userIds: ids.staffer, roleIds: `${staffRole},${mgrRole}` })).json().success).toBe(true);
    expect(await rolesOf(ids.staffer)).toBe(`${staffRole},${mgrRole}`);
  });

  it('cannot edit, reset or remove an account above its own', async () => {
    const [before] = await t.database.db.select().from(user).where(eq(user.id, ids.boss));
    expect((await post(`/api/blade-system/user/reset-password?userIds=${ids.boss}`, mgr)).statusCode).toBe(403);
    expect((await post('/api/blade-system/user/submit', mgr, { id: ids.boss, password: 'Hijack1234' })).statusCode).toBe(403);
    expect((await post(`/api/blade-system/user/remove?ids=${ids.fin}`, mgr)).statusCode).toBe(403);
    const [after] = await t.database.db.select().from(user).where(eq(user.id, ids.boss));
    expect(after!.password).toBe(before!.password);
    expect((await t.login('boss', 'Hijack1234', T)).access_token).toBeUndefined();
  });
});

describe('administrators', () => {
  it("a tenant administrator grants within its package, never to its own role; the platform's keeps full power", async () => {
    const db = t.database.db;
    const pkg = nextId();
    await db.insert(tenantPackage).values({ id: pkg, packageName: 'Users and roles', menuId: [codeId('user'), codeId('role')].join(',') });
    await db.update(tenant).set({ packageId: pkg }).where(eq(tenant.tenantId, T));
    t.services.permissions.invalidate();
    const res = await post('/api/blade-system/role/grant', boss, { roleIds: [financeRole], menuIds: [codeId('system'), codeId('user'), codeId('user_view'), codeId('tenant')] });
    expect(res.json(), JSON.stringify(res.json())).toMatchObject({ success: true });
    expect(await grantsOf(financeRole)).toEqual([codeId('system'), codeId('user'), codeId('user_view')].sort());
    expect((await post('/api/blade-system/role/grant', boss, { roleIds: [adminRole], menuIds: [codeId('user')] })).statusCode).toBe(403);

    const platform = await t.adminHeaders();
    expect((await post('/api/blade-system/role/grant', platform, { roleIds: [mgrRole], menuIds: [codeId('system'), codeId('user')] })).json().success).toBe(true);
    expect((await post('/api/blade-system/user/grant', platform, { userIds: ids.mgr, roleIds: adminRole })).json().success).toBe(true);
    expect(await rolesOf(ids.mgr)).toBe(adminRole);
    await db.update(tenant).set({ packageId: null }).where(inArray(tenant.tenantId, [T]));
  });
});

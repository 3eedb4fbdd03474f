/** Rows for tests, written straight to the database (the admin screens that create them come later). */
import { eq, inArray } from 'drizzle-orm';
import { nextId } from '../src/core/ids.js';
import type { Db } from '../src/db/client.js';
import { dept, menu, role, roleMenu, tenant, user, userDept } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/password.js';

export async function createTenant(db: Db, tenantId: string, opts: { expireTime?: Date } = {}) {
  await db.insert(tenant).values({ id: nextId(), tenantId, tenantName: `Tenant ${tenantId}`, expireTime: opts.expireTime ?? null });
}

export async function createRole(db: Db, tenantId: string, alias: string, codes: string[] | 'all') {
  const id = nextId();
  await db.insert(role).values({ id, tenantId, roleName: alias, roleAlias: alias, sort: 1 });
  const menus =
    codes === 'all'
      ? await db.select({ id: menu.id }).from(menu)
      : codes.length
        ? await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes))
        : [];
  if (menus.length) await db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId: id, menuId: m.id })));
  return id;
}

export async function createDept(db: Db, tenantId: string, name: string, parentId = '0') {
  const id = nextId();
  let ancestors = '0';
  if (parentId !== '0') {
    const [p] = await db.select().from(dept).where(eq(dept.id, parentId));
    ancestors = `${p!.ancestors},${parentId}`;
  }
  await db.insert(dept).values({ id, tenantId, parentId, ancestors, deptName: name, fullName: name, sort: 1 });
  return id;
}

export async function createUser(
  db: Db,
  o: { tenantId: string; account: string; password: string; roleId: string; deptId?: string; status?: number; passwordHash?: string },
) {
  const id = nextId();
  await db.insert(user).values({
    id,
    tenantId: o.tenantId,
    account: o.account,
    password: o.passwordHash ?? (await hashPassword(o.password)),
    name: o.account,
    realName: o.account,
    roleId: o.roleId,
    deptId: o.deptId ?? '',
    status: o.status ?? 1,
    email: `${o.account}@example.com`,
  });
  if (o.deptId) await db.insert(userDept).values({ id: nextId(), userId: id, deptId: o.deptId });
  return id;
}

/**
 * An agent company's organisation, written in the company's transaction: its department (created, or an existing
 * one linked), the agent roles of its tenant (the seed's `agent` and staff roles with their grants, added to a tenant
 * that lacks them), and its accounts — the administrator created with the company and the staff added later — through
 * the user module's `UserService`, so every rule of the user screens (account and e-mail unique, mobile numbers,
 * password policy, the tenant's account limit, grants within the granter's reach) holds here too.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_SEEDS } from '@helio/contracts/seed/roles';
import { AGENT_ADMIN_ROLE, AGENT_STAFF_ROLES } from '@helio/contracts/modules/agent/agent.api';
import type { Lang } from '../../core/i18n.js';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { dept, menu, role, roleMenu } from '../../db/schema.js';
import type { Actor } from '../../kernel/types.js';
import { UserService, type SaveResult } from '../user/index.js';
import { agentCompany } from './agent.tables.js';
import { agentError } from './agent.messages.js';

export const AGENT_ROLE_ALIASES: readonly string[] = [AGENT_ADMIN_ROLE, ...AGENT_STAFF_ROLES];

/**
 * The agent roles of a tenant by alias, each added (with the seed's grants) when the tenant lacks it. Concurrent
 * callers: the alias is unique per tenant, so the second insert does nothing and its role is read back.
 */
export async function ensureAgentRoles(tx: Db, tenantId: string): Promise<Map<string, string>> {
  const have = async () =>
    new Map(
      (
        await tx
          .select({ id: role.id, alias: role.roleAlias })
          .from(role)
          .where(and(eq(role.tenantId, tenantId), eq(role.isDeleted, 0), inArray(role.roleAlias, [...AGENT_ROLE_ALIASES])))
      ).map((r) => [r.alias, r.id]),
    );
  const found = await have();
  const missing = ROLE_SEEDS.filter((r) => AGENT_ROLE_ALIASES.includes(r.alias) && !found.has(r.alias));
  if (missing.length === 0) return found;
  const menus = await tx.select({ id: menu.id, code: menu.code, parentId: menu.parentId }).from(menu).where(eq(menu.isDeleted, 0));
  const byId = new Map(menus.map((m) => [m.id, m]));
  const byCode = new Map(menus.map((m) => [m.code, m]));
  for (const seed of missing) {
    const id = nextId();
    const inserted = await tx
      .insert(role)
      .values({ id, tenantId, parentId: '0', roleName: seed.zh, roleNameEn: seed.en, roleAlias: seed.alias, roleType: seed.roleType, roleCode: seed.alias, sort: seed.sort })
      .onConflictDoNothing()
      .returning({ id: role.id });
    if (!inserted.length) continue;
    // A granted code brings its ancestors (a button needs its page and area to show), as the first-start seed does.
    const granted = new Set<string>();
    for (const code of seed.grants === 'all' ? [] : seed.grants) {
      for (let m = byCode.get(code); m && !granted.has(m.id); m = byId.get(m.parentId)) granted.add(m.id);
    }
    if (granted.size) await tx.insert(roleMenu).values([...granted].map((menuId) => ({ id: nextId(), roleId: id, menuId })));
  }
  return have();
}

/**
 * The company's department: the one named by `linkDeptId` (a live department of the tenant that no other live
 * company has), or a new top-level one named after the company.
 */
export async function companyDept(tx: Db, actor: Actor, lang: Lang, tenantId: string, companyName: string, linkDeptId?: string): Promise<string> {
  if (linkDeptId) {
    const [d] = await tx
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.id, linkDeptId), eq(dept.tenantId, tenantId), eq(dept.isDeleted, 0)));
    if (!d) throw agentError(lang, 'deptId', 'noDepartment');
    const [taken] = await tx
      .select({ name: agentCompany.companyName })
      .from(agentCompany)
      .where(and(eq(agentCompany.deptId, linkDeptId), eq(agentCompany.isDeleted, 0)));
    if (taken) throw agentError(lang, 'deptId', 'deptTaken', { name: taken.name });
    return d.id;
  }
  const id = nextId();
  const name = [...companyName].slice(0, 45).join('');
  await tx.insert(dept).values({
    id,
    tenantId,
    parentId: '0',
    ancestors: '0',
    deptCategory: 1,
    deptName: name,
    fullName: name,
    sort: 100,
    remark: 'agent company',
    createUser: actor.userId,
    createDept: actor.deptIds[0] ?? null,
    updateUser: actor.userId,
  });
  return id;
}

/** A renamed company renames its department and what its stations record as their operation company. */
export async function renameCompany(tx: Db, deptId: string, companyName: string): Promise<void> {
  const name = [...companyName].slice(0, 45).join('');
  await tx.update(dept).set({ deptName: name, fullName: name, updateTime: new Date() }).where(eq(dept.id, deptId));
  await tx.execute(sql`UPDATE helio_plant SET operation_company_name = ${name} WHERE operation_company_id = ${deptId} AND is_deleted = 0`);
}

export interface AccountInput {
  tenantId: string;
  deptId: string;
  roleId: string;
  account: string;
  realName: string;
  phoneDiallingCode: string;
  phone: string;
  email?: string | null;
  password?: string | null;
}

/** Creates an account of the company's department with one role, by the user module's rules (one savepoint). */
export async function createAccount(tx: Db, actor: Actor, lang: Lang, a: AccountInput): Promise<SaveResult> {
  return new UserService(tx).save(
    {
      tenantId: a.tenantId,
      account: a.account,
      realName: a.realName,
      name: [...a.realName].slice(0, 20).join(''),
      phoneDiallingCode: a.phoneDiallingCode,
      phone: a.phone,
      ...(a.email ? { email: a.email } : {}),
      roleId: a.roleId,
      deptId: a.deptId,
      userType: 1,
      ...(a.password ? { password: a.password } : {}),
    },
    actor,
    lang,
    { withoutPassword: 'generate' },
  );
}

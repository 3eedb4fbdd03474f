/**
 * Who may hand out what inside a tenant (issue 11 item 5). Three rules, applied to everyone except platform
 * administrators (administrator role in the platform tenant), who keep full power:
 *
 * 1. Nobody grants a permission it does not hold: the menus and buttons, data scopes and API scopes given to a role,
 *    and the menus given to a top menu, must be among the caller's own (its session's roles). A tenant administrator
 *    holds everything in its tenant's product package (everything when the tenant has none). Grants a role already
 *    had outside the caller's reach are kept as they are: the caller neither sees nor changes them.
 * 2. Nobody grants a role above its own. Roles form a tree per tenant (`parent_id`); role R is *below* role S when S
 *    is a proper ancestor of R. The roles a caller may give to or take from a user are the roles of its session and
 *    the roles below them — never the administrator role (alias `administrator`) unless the caller is an
 *    administrator. Everything else (the administrator role, ancestors, siblings, other branches) is "above" and
 *    refused. The same set bounds whose account the caller may administer (edit, reset, remove): a user holding a
 *    role outside it is above the caller. The roles a caller may edit, remove or grant permissions to are those
 *    strictly below its own; a tenant administrator may manage every role of its tenant but its own.
 * 3. Nobody changes its own roles: role/grant on one of its own roles, user/grant or user/submit changing its own
 *    `roleId`.
 *
 * Refusals are 403 with a translated message.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ADMINISTRATOR_ALIAS, PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { AuthUser } from '../../core/access.js';
import { BizError } from '../../core/errors.js';
import type { MessageKey } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, user } from '../../db/schema.js';
import { DATA_SCOPE, type API_SCOPE } from '../scope/index.js';
import { tenantMenuIds } from '../tenant/index.js';

/** A set of ids the caller is limited to; `undefined` = no limit. */
export type Bound = Set<string> | undefined;

export type Actor = Pick<AuthUser, 'userId' | 'tenantId' | 'roleIds' | 'isAdministrator'>;

export const isPlatformAdmin = (u: Actor): boolean => u.isAdministrator && u.tenantId === PLATFORM_TENANT_ID;

const refuse = (key: MessageKey): never => {
  throw new BizError(key, {}, 403, 403);
};

const split = (s: string | null | undefined) => (s ? s.split(',').filter(Boolean) : []);

interface RoleNode {
  id: string;
  parentId: string;
  alias: string;
}

/** Strict descendants of `of` in a role forest. */
export function rolesBelow(roles: readonly RoleNode[], of: ReadonlySet<string>): Set<string> {
  const children = new Map<string, string[]>();
  for (const r of roles) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out = new Set<string>();
  const stack = [...of].flatMap((id) => children.get(id) ?? []);
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * The caller's new grant list for one role or top menu: what it asked for plus what the target had outside the
 * caller's reach. Anything newly added that the caller does not hold is refused.
 */
export function mergeGrants(requested: readonly string[], existing: ReadonlySet<string>, bound: Bound): string[] {
  if (!bound) return [...new Set(requested)];
  if (requested.some((id) => !existing.has(id) && !bound.has(id))) refuse('grantBeyondOwn');
  return [...new Set([...requested, ...[...existing].filter((id) => !bound.has(id))])];
}

export class Privileges {
  constructor(private readonly db: Db) {}

  /** Menu and button ids the caller holds (and so may grant). */
  async menus(u: Actor): Promise<Bound> {
    if (isPlatformAdmin(u)) return undefined;
    const pkg = await tenantMenuIds(this.db, u.tenantId);
    if (u.isAdministrator) return pkg;
    if (u.roleIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ id: roleMenu.menuId })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(and(inArray(roleMenu.roleId, u.roleIds), eq(menu.isDeleted, 0)));
    return new Set(rows.map((r) => r.id).filter((id) => !pkg || pkg.has(id)));
  }

  /** Data scope (`DATA_SCOPE`) or API scope (`API_SCOPE`) ids the caller holds. */
  async scopes(u: Actor, category: typeof DATA_SCOPE | typeof API_SCOPE): Promise<Bound> {
    if (isPlatformAdmin(u)) return undefined;
    if (u.isAdministrator) {
      const pkg = await tenantMenuIds(this.db, u.tenantId);
      if (!pkg) return undefined;
      const table = category === DATA_SCOPE ? scopeData : scopeApi;
      const rows = await this.db.select({ id: table.id, menuId: table.menuId }).from(table).where(eq(table.isDeleted, 0));
      return new Set(rows.filter((r) => r.menuId && pkg.has(r.menuId)).map((r) => r.id));
    }
    if (u.roleIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: roleScope.scopeId })
      .from(roleScope)
      .where(and(inArray(roleScope.roleId, u.roleIds), eq(roleScope.scopeCategory, category)));
    return new Set(rows.map((r) => r.id));
  }

  private async tenantRoles(tenantId: string): Promise<RoleNode[]> {
    return this.db
      .select({ id: role.id, parentId: role.parentId, alias: role.roleAlias })
      .from(role)
      .where(and(eq(role.tenantId, tenantId), eq(role.isDeleted, 0)));
  }

  private async liveRoleIds(tenantId: string): Promise<Set<string>> {
    return new Set((await this.tenantRoles(tenantId)).map((r) => r.id));
  }

  /** A role and every role below it. */
  async subtree(tenantId: string, rootId: string): Promise<Set<string>> {
    return new Set([rootId, ...rolesBelow(await this.tenantRoles(tenantId), new Set([rootId]))]);
  }

  /** Every role the caller's account holds (all of them, not only the session's in switch mode). */
  async ownRoleIds(u: Actor): Promise<Set<string>> {
    const [row] = await this.db.select({ roleId: user.roleId }).from(user).where(eq(user.id, u.userId));
    return new Set([...u.roleIds, ...split(row?.roleId)]);
  }

  /** Roles of `tenantId` the caller may give to or take from a user: its own and those below, never administrator. */
  async grantableRoles(u: Actor, tenantId: string): Promise<Bound> {
    if (isPlatformAdmin(u)) return undefined;
    if (tenantId !== u.tenantId) return new Set();
    if (u.isAdministrator) return undefined;
    const roles = await this.tenantRoles(tenantId);
    const own = new Set(u.roleIds);
    const out = new Set([...own, ...rolesBelow(roles, own)]);
    for (const r of roles) if (r.alias === ADMINISTRATOR_ALIAS) out.delete(r.id);
    return out;
  }

  /** Roles of `tenantId` the caller may edit, remove or grant permissions to. */
  async manageableRoles(u: Actor, tenantId: string): Promise<Bound> {
    if (isPlatformAdmin(u)) return undefined;
    if (tenantId !== u.tenantId) return new Set();
    const roles = await this.tenantRoles(tenantId);
    const own = await this.ownRoleIds(u);
    if (u.isAdministrator) return new Set(roles.map((r) => r.id).filter((id) => !own.has(id)));
    const out = rolesBelow(roles, new Set(u.roleIds));
    for (const r of roles) if (r.alias === ADMINISTRATOR_ALIAS || own.has(r.id)) out.delete(r.id);
    return out;
  }

  /** role/grant targets: never the caller's own roles, only roles it manages. */
  async assertRoleTargets(u: Actor, roles: readonly { id: string; tenantId: string }[]): Promise<void> {
    if (isPlatformAdmin(u)) return;
    const own = await this.ownRoleIds(u);
    if (roles.some((r) => own.has(r.id))) refuse('ownRolesLocked');
    for (const tenantId of new Set(roles.map((r) => r.tenantId))) {
      const ok = await this.manageableRoles(u, tenantId);
      if (ok && roles.some((r) => r.tenantId === tenantId && !ok.has(r.id))) refuse('roleOutsideOwn');
    }
  }

  /**
   * A user's roles change from `before` to `after` (user/grant, user/submit, import): never the caller's own, and
   * every role added or taken away must be one the caller may grant.
   */
  async assertRoleChange(u: Actor, target: { id?: string | undefined; tenantId: string }, before: readonly string[], after: readonly string[]): Promise<void> {
    if (isPlatformAdmin(u)) return;
    const b = new Set(before);
    const a = new Set(after);
    const changed = [...[...a].filter((r) => !b.has(r)), ...[...b].filter((r) => !a.has(r))];
    if (changed.length === 0) return;
    if (target.id && target.id === u.userId) refuse('ownRolesLocked');
    const ok = await this.grantableRoles(u, target.tenantId);
    // A removed role left in a user's list grants nothing: dropping it is no change of privilege.
    const live = ok && (await this.liveRoleIds(target.tenantId));
    if (ok && changed.some((r) => !ok.has(r) && (a.has(r) || live!.has(r)))) refuse('roleAboveOwn');
  }

  /** Editing, resetting or removing an account: it must hold no role above the caller's. */
  async assertCanAdminister(u: Actor, targets: readonly { tenantId: string; roleId: string }[]): Promise<void> {
    if (isPlatformAdmin(u) || targets.length === 0) return;
    for (const tenantId of new Set(targets.map((t) => t.tenantId))) {
      const ok = await this.grantableRoles(u, tenantId);
      if (!ok) continue;
      const live = await this.liveRoleIds(tenantId);
      if (targets.some((t) => t.tenantId === tenantId && split(t.roleId).some((r) => live.has(r) && !ok.has(r)))) refuse('roleAboveOwn');
    }
  }
}

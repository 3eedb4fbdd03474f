/**
 * Permission codes per role set: the `code` of every menu and button granted to the roles (blade_role_menu).
 * Cached per process for a few seconds; `invalidate()` after a grant makes the change immediate here.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthUser, PermissionChecker } from '../../core/access.js';
import type { Db } from '../../db/client.js';
import { menu, roleMenu } from '../../db/schema.js';

const TTL_MS = 5000;

export class PermissionService implements PermissionChecker {
  private readonly cache = new Map<string, { codes: Set<string>; until: number }>();

  constructor(private readonly db: Db) {}

  async codesFor(roleIds: readonly string[]): Promise<Set<string>> {
    if (roleIds.length === 0) return new Set();
    const key = [...roleIds].sort().join(',');
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.codes;
    const rows = await this.db
      .selectDistinct({ code: menu.code })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(and(inArray(roleMenu.roleId, [...roleIds]), eq(menu.isDeleted, 0)));
    const codes = new Set(rows.map((r) => r.code));
    this.cache.set(key, { codes, until: Date.now() + TTL_MS });
    return codes;
  }

  async has(user: AuthUser, codes: readonly string[]): Promise<boolean> {
    if (user.isAdministrator) {
      // A tenant administrator passes every check within the tenant's product package.
      const limit = await this.packageCodes?.(user.tenantId);
      return !limit || codes.some((c) => limit.has(c));
    }
    const granted = await this.codesFor(user.roleIds);
    return codes.some((c) => granted.has(c));
  }

  /** Codes a tenant may use (its package), or undefined for no limit; set by the app. */
  packageCodes?: ((tenantId: string) => Promise<Set<string> | undefined>) & { clear?: () => void };

  invalidate(): void {
    this.cache.clear();
    this.packageCodes?.clear?.();
  }
}

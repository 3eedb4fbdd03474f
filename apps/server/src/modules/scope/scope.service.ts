/**
 * Data scope and API scope, enforced.
 *
 * - Data scope: rules are defined per resource (`resource_code`, e.g. `user`) and granted to roles
 *   (blade_role_scope category 1). A caller whose roles hold no rule for a resource sees all of it (Blade default);
 *   otherwise the rows allowed by ANY granted rule: 1 all, 2 own (created by the caller), 3 own department,
 *   4 department and children, 5 custom (an explicit list of department ids). Rules name a column from an
 *   allow-list (`create_user`, `create_dept`, `dept_id`); the caller maps it to SQL — nothing from a rule ever
 *   becomes SQL text.
 * - API scope: a path pattern (`/api/blade-system/user/export-user`, `/api/blade-system/user/**`) defined for a menu
 *   and granted to roles (category 2). An endpoint covered by at least one pattern is open only to roles granted
 *   one of them; endpoints no pattern covers are governed by permission codes alone. Administrators pass both.
 */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import type { Db } from '../../db/client.js';
import { dept, roleScope, scopeApi, scopeData } from '../../db/schema.js';

export const DATA_SCOPE = 1;
export const API_SCOPE = 2;
export type ScopeColumn = 'create_user' | 'create_dept' | 'dept_id';

interface ApiRule {
  id: string;
  pattern: RegExp;
}
interface DataRule {
  id: string;
  resourceCode: string;
  column: string;
  type: number;
  value: string[];
}

const TTL_MS = 5000;

export function pathPattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  // `**` spans segments, `*` stays within one.
  return new RegExp(`^${escaped.split('**').map((part) => part.replace(/\*/g, '[^/]*')).join('.*')}$`);
}

export class ScopeService {
  private loaded?: { until: number; api: ApiRule[]; data: DataRule[] };
  private readonly grants = new Map<string, { until: number; ids: Set<string> }>();

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.loaded = undefined;
    this.grants.clear();
  }

  private async rules() {
    if (this.loaded && this.loaded.until > Date.now()) return this.loaded;
    const [api, data] = await Promise.all([
      this.db.select({ id: scopeApi.id, path: scopeApi.scopePath }).from(scopeApi).where(eq(scopeApi.isDeleted, 0)),
      this.db
        .select({ id: scopeData.id, resourceCode: scopeData.resourceCode, column: scopeData.scopeColumn, type: scopeData.scopeType, value: scopeData.scopeValue })
        .from(scopeData)
        .where(eq(scopeData.isDeleted, 0)),
    ]);
    this.loaded = {
      until: Date.now() + TTL_MS,
      api: api.filter((a) => a.path).map((a) => ({ id: a.id, pattern: pathPattern(a.path!) })),
      data: data.map((d) => ({
        id: d.id,
        resourceCode: d.resourceCode ?? '',
        column: d.column ?? '',
        type: d.type ?? 1,
        value: (d.value ?? '').split(',').filter((v) => /^\d+$/.test(v)),
      })),
    };
    return this.loaded;
  }

  private async granted(roleIds: readonly string[], category: number): Promise<Set<string>> {
    const key = `${category}:${[...roleIds].sort().join(',')}`;
    const hit = this.grants.get(key);
    if (hit && hit.until > Date.now()) return hit.ids;
    const rows = roleIds.length
      ? await this.db
          .select({ id: roleScope.scopeId })
          .from(roleScope)
          .where(and(inArray(roleScope.roleId, [...roleIds]), eq(roleScope.scopeCategory, category)))
      : [];
    const ids = new Set(rows.map((r) => r.id));
    this.grants.set(key, { until: Date.now() + TTL_MS, ids });
    return ids;
  }

  async apiAllowed(user: AuthUser, path: string): Promise<boolean> {
    if (user.isAdministrator) return true;
    const { api } = await this.rules();
    const covering = api.filter((r) => r.pattern.test(path));
    if (covering.length === 0) return true;
    const granted = await this.granted(user.roleIds, API_SCOPE);
    return covering.some((r) => granted.has(r.id));
  }

  /**
   * The row condition for a resource list, or undefined for "no restriction". `column` maps a rule's column name
   * to SQL over a set of ids (user ids for create_user, department ids otherwise); returning undefined for a
   * column the resource does not have makes that rule match nothing.
   */
  async dataCondition(
    user: AuthUser,
    resourceCode: string,
    column: (name: ScopeColumn, ids: string[]) => SQL | undefined,
  ): Promise<SQL | undefined> {
    if (user.isAdministrator) return undefined;
    const { data } = await this.rules();
    const defined = data.filter((r) => r.resourceCode === resourceCode);
    if (defined.length === 0) return undefined;
    const granted = await this.granted(user.roleIds, DATA_SCOPE);
    const mine = defined.filter((r) => granted.has(r.id));
    if (mine.length === 0 || mine.some((r) => r.type === 1)) return undefined;
    const parts: (SQL | undefined)[] = [];
    for (const r of mine) {
      const col = r.column as ScopeColumn;
      if (!['create_user', 'create_dept', 'dept_id'].includes(col)) continue;
      if (r.type === 2) parts.push(column(col, [user.userId]));
      else if (r.type === 3) parts.push(user.deptIds.length ? column(col, user.deptIds) : undefined);
      else if (r.type === 4) parts.push(column(col, await this.deptsAndChildren(user)));
      else if (r.type === 5) parts.push(r.value.length ? column(col, r.value) : undefined);
    }
    const real = parts.filter((p): p is SQL => p !== undefined);
    // Rules were granted but none yields a condition: nothing is visible.
    return real.length ? or(...real) : sql`false`;
  }

  private async deptsAndChildren(user: AuthUser): Promise<string[]> {
    if (user.deptIds.length === 0) return [];
    const rows = await this.db
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.isDeleted, 0), or(inArray(dept.id, user.deptIds), ...user.deptIds.map((d) => ilike(dept.ancestors, `%${d}%`)))));
    return rows.map((r) => r.id);
  }
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import { tenantCondition } from '../../core/tenant.js';
import type { Db } from '../../db/client.js';
import { menu, roleMenu, topMenu, topMenuSetting } from '../../db/schema.js';

export type MenuRow = typeof menu.$inferSelect;

export class MenuRepository {
  constructor(private readonly db: Db) {}

  async all(): Promise<MenuRow[]> {
    return this.db.select().from(menu).where(eq(menu.isDeleted, 0)).orderBy(asc(menu.sort));
  }

  async grantedIds(roleIds: readonly string[]): Promise<Set<string>> {
    if (roleIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ menuId: roleMenu.menuId })
      .from(roleMenu)
      .where(inArray(roleMenu.roleId, [...roleIds]));
    return new Set(rows.map((r) => r.menuId));
  }

  /** Menus of a top menu of the caller's tenant (another tenant's top menu names nothing). */
  async topMenuMenuIds(topMenuId: string, u: Pick<AuthUser, 'tenantId'>): Promise<Set<string>> {
    const rows = await this.db
      .select({ menuId: topMenuSetting.menuId })
      .from(topMenuSetting)
      .innerJoin(topMenu, eq(topMenu.id, topMenuSetting.topMenuId))
      .where(and(eq(topMenuSetting.topMenuId, topMenuId), eq(topMenu.isDeleted, 0), tenantCondition(topMenu.tenantId, u)));
    return new Set(rows.map((r) => r.menuId));
  }

  async topMenus(tenantId: string) {
    return this.db
      .select()
      .from(topMenu)
      .where(and(eq(topMenu.tenantId, tenantId), eq(topMenu.isDeleted, 0), eq(topMenu.status, 1)))
      .orderBy(asc(topMenu.sort));
  }
}

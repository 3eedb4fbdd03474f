import { and, asc, eq, inArray } from 'drizzle-orm';
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

  async topMenuMenuIds(topMenuId: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ menuId: topMenuSetting.menuId })
      .from(topMenuSetting)
      .where(eq(topMenuSetting.topMenuId, topMenuId));
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

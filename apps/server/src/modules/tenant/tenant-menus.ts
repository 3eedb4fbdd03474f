/** Menus a tenant may use: its product package's menus with their ancestors and buttons; none = no limit. */
import { and, eq } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { Db } from '../../db/client.js';
import { menu, tenant, tenantPackage } from '../../db/schema.js';

export async function tenantMenuIds(db: Db, tenantId: string): Promise<Set<string> | undefined> {
  if (tenantId === PLATFORM_TENANT_ID) return undefined;
  const [t] = await db.select({ packageId: tenant.packageId }).from(tenant).where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)));
  if (!t?.packageId) return undefined;
  const [p] = await db.select({ menuId: tenantPackage.menuId }).from(tenantPackage).where(and(eq(tenantPackage.id, t.packageId), eq(tenantPackage.isDeleted, 0)));
  if (!p) return undefined;
  const all = await db.select({ id: menu.id, parentId: menu.parentId, category: menu.category }).from(menu).where(eq(menu.isDeleted, 0));
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<string>();
  const chosen = new Set(p.menuId.split(',').filter(Boolean));
  for (const id of chosen) {
    let m = byId.get(id);
    while (m && !keep.has(m.id)) {
      keep.add(m.id);
      m = byId.get(m.parentId);
    }
  }
  // A page chosen for the package brings its buttons (not an area its sibling pages).
  for (const m of all) if (m.category === 2 && chosen.has(m.parentId)) keep.add(m.id);
  return keep;
}

/** The same as permission codes, cached briefly per tenant. */
export function packageCodeCache(db: Db, ttlMs = 5000) {
  const cache = new Map<string, { until: number; codes: Set<string> | undefined }>();
  const get = async (tenantId: string): Promise<Set<string> | undefined> => {
    const hit = cache.get(tenantId);
    if (hit && hit.until > Date.now()) return hit.codes;
    const ids = await tenantMenuIds(db, tenantId);
    let codes: Set<string> | undefined;
    if (ids) {
      const rows = await db.select({ id: menu.id, code: menu.code }).from(menu).where(eq(menu.isDeleted, 0));
      codes = new Set(rows.filter((r) => ids.has(r.id)).map((r) => r.code));
    }
    cache.set(tenantId, { until: Date.now() + ttlMs, codes });
    return codes;
  };
  return Object.assign(get, { clear: () => cache.clear() });
}

/**
 * Who sees which station. Tenancy first (core/tenant.ts: the tenant comes from the token; platform users see all
 * tenants and may narrow with `tenantId`), then the data scope inside the tenant:
 * - administrators (role `administrator`) see every station of their tenant;
 * - everybody else sees the stations they own, operate or created, and those whose operation company is one of
 *   their departments or below one (agents and installers see their company's stations).
 * Devices follow their station; a deleted station's devices stay visible (their data is kept, findable by SN).
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import { isId } from '../../core/ids.js';
import { tenantCondition } from '../../core/tenant.js';
import { device, plant } from '../../db/schema-device.js';

const list = (ids: string[]) => sql.join(ids.map((i) => sql`${i}`), sql`, `);

/** Data-scope condition on helio_plant (undefined = no restriction beyond the tenant). */
export function stationScope(u: AuthUser): SQL | undefined {
  if (u.isAdministrator) return undefined;
  const depts = u.deptIds.filter(isId);
  const parts: SQL[] = [eq(plant.ownerUserId, u.userId), eq(plant.operationUserId, u.userId), eq(plant.createUser, u.userId)];
  if (depts.length) {
    parts.push(
      sql`${plant.operationCompanyId} IN (SELECT d.id FROM blade_dept d WHERE d.is_deleted = 0
            AND (d.id IN (${list(depts)}) OR string_to_array(d.ancestors, ',') && ARRAY[${list(depts)}]::text[]))`,
    );
  }
  return or(...parts);
}

/** Live stations the caller may see. */
export function plantWhere(u: AuthUser, q?: Record<string, unknown>): SQL {
  return and(eq(plant.isDeleted, 0), tenantCondition(plant.tenantId, u, q), stationScope(u))!;
}

/** Devices the caller may see (registered or unbound, on live or deleted stations). */
export function deviceWhere(u: AuthUser, q?: Record<string, unknown>): SQL {
  const scope = stationScope(u);
  return and(
    tenantCondition(device.tenantId, u, q),
    scope ? sql`${device.plantId} IN (SELECT ${plant.id} FROM ${plant} WHERE ${scope})` : undefined,
  )!;
}

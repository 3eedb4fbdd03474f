/**
 * Which alarms a user sees: the tenant from the token (platform users see all tenants and may narrow with
 * `tenantId`), then the stations they may see. The station rule is the station module's (`stationScope` from its
 * public entry): administrators see every station of their tenant; everybody else the stations they own, operate
 * or created and those operated by one of their departments or below (agents and installers see their company's
 * stations). An alarm without a station is seen by administrators only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import { isPlatform } from '../../core/tenant.js';
import { stationScope } from '../station/index.js';

/** Conditions on `helio_alarm a` for what the user may see. */
export function alarmVisible(u: AuthUser, query?: Record<string, unknown>): SQL {
  const parts: SQL[] = [sql`a.is_deleted = 0`];
  if (!isPlatform(u)) parts.push(sql`a.tenant_id = ${u.tenantId}`);
  else if (typeof query?.tenantId === 'string' && /^\d{6,12}$/.test(query.tenantId)) parts.push(sql`a.tenant_id = ${query.tenantId}`);
  const station = stationScope(u);
  if (station) parts.push(sql`a.plant_id IN (SELECT helio_plant.id FROM helio_plant WHERE ${station})`);
  return sql.join(parts, sql` AND `);
}

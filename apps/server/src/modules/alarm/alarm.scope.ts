/**
 * Which alarms a user sees: the tenant from the token (platform users see all tenants and may narrow with
 * `tenantId`), then the stations they may see. The station rule is the station module's (station.scope.ts
 * `stationScope`): administrators see every station of their tenant; everybody else the stations they own, operate
 * or created and those operated by one of their departments or below (agents and installers see their company's
 * stations). It is repeated here in SQL on `helio_plant` because the station module's public entry does not offer
 * it yet — to be replaced by an import from modules/station/index.ts once it does. An alarm without a station is
 * seen by administrators only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import { isId } from '../../core/ids.js';
import { isPlatform } from '../../core/tenant.js';

const list = (ids: string[]) => sql.join(ids.map((i) => sql`${i}`), sql`, `);

/** Condition on `helio_plant p` (undefined: every station of the tenant). */
function stationCondition(u: AuthUser): SQL | undefined {
  if (u.isAdministrator) return undefined;
  const depts = u.deptIds.filter(isId);
  const parts: SQL[] = [sql`p.owner_user_id = ${u.userId}`, sql`p.operation_user_id = ${u.userId}`, sql`p.create_user = ${u.userId}`];
  if (depts.length) {
    parts.push(sql`p.operation_company_id IN (SELECT d.id FROM blade_dept d WHERE d.is_deleted = 0
      AND (d.id IN (${list(depts)}) OR string_to_array(d.ancestors, ',') && ARRAY[${list(depts)}]::text[]))`);
  }
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** Conditions on `helio_alarm a` for what the user may see. */
export function alarmVisible(u: AuthUser, query?: Record<string, unknown>): SQL {
  const parts: SQL[] = [sql`a.is_deleted = 0`];
  if (!isPlatform(u)) parts.push(sql`a.tenant_id = ${u.tenantId}`);
  else if (typeof query?.tenantId === 'string' && /^\d{6,12}$/.test(query.tenantId)) parts.push(sql`a.tenant_id = ${query.tenantId}`);
  const station = stationCondition(u);
  if (station) parts.push(sql`a.plant_id IN (SELECT p.id FROM helio_plant p WHERE ${station})`);
  return sql.join(parts, sql` AND `);
}

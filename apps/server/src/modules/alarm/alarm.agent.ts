/**
 * `plantAgentViewInfo` (spec §7 Client → Alarm): whom to call about a station's alarm — the operation company that
 * runs the station (the agent or installer department), its operator with their phone and email, and the owner as
 * recorded on the station. By `plantId`, or by `alarmId` (the alarm's station). The station must be one the actor
 * sees (the station module's `plantWhere`: the tenant from the token, then the data scope); any other is answered as a
 * missing record.
 */
import { sql } from 'drizzle-orm';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { plantWhere } from '../station/index.js';
import { rowsOf } from './alarm.catalogue.js';
import { one, type Q } from './alarm.params.js';

type N = string | null;
interface Row {
  plantId: string;
  plantName: string;
  regionName: N;
  address: N;
  ownerName: N;
  ownerPhone: N;
  agentCompanyId: N;
  agentCompanyName: N;
  operationUserId: N;
  operationUserName: N;
  operationUserPhone: N;
  operationUserEmail: N;
}

export class PlantAgentService {
  constructor(private readonly ctx: ModuleContext) {}

  async view(actor: Actor, q: Q) {
    const plantId = one(q, 'plantId');
    const alarmId = one(q, 'alarmId');
    if (plantId === undefined && alarmId === undefined) throw new BizError('required', { field: 'plantId' });
    if ((plantId !== undefined && !isId(plantId)) || (alarmId !== undefined && !isId(alarmId))) throw new BizError('recordNotFound');
    const which =
      plantId !== undefined
        ? sql`helio_plant.id = ${plantId}`
        : sql`helio_plant.id = (SELECT a.plant_id FROM helio_alarm a WHERE a.id = ${alarmId!} AND a.is_deleted = 0)`;
    const [row] = await rowsOf<Row>(this.ctx.db, sql`
      SELECT helio_plant.id::text AS "plantId", helio_plant.plant_name AS "plantName", helio_plant.region_name AS "regionName",
             helio_plant.address, helio_plant.owner_name AS "ownerName", helio_plant.owner_phone AS "ownerPhone",
             helio_plant.operation_company_id::text AS "agentCompanyId", coalesce(d.dept_name, helio_plant.operation_company_name) AS "agentCompanyName",
             helio_plant.operation_user_id::text AS "operationUserId", coalesce(u.real_name, helio_plant.operation_user_name) AS "operationUserName",
             u.phone AS "operationUserPhone", u.email AS "operationUserEmail"
        FROM helio_plant
        LEFT JOIN blade_dept d ON d.id = helio_plant.operation_company_id AND d.is_deleted = 0
        LEFT JOIN blade_user u ON u.id = helio_plant.operation_user_id AND u.is_deleted = 0
       WHERE ${which} AND ${plantWhere(actor)}`);
    if (!row) throw new BizError('recordNotFound');
    return { ...row, plantId: String(row.plantId), plantName: String(row.plantName) };
  }
}

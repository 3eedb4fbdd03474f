/**
 * The incident screen's reads and its handling, for an actor. What the actor sees of an incident is what the alarm
 * list would show of its members (alarm.scope.ts): an incident with no visible member is a missing one, and counts
 * and members are the visible ones. Handling an incident applies, in one transaction, what
 * `alarmLogOperationRecord/save` does to one alarm (alarm.service.ts `saveRecord`) to every visible member: a
 * follow-up record, the handling status, acknowledgement, and the assignee when one is given.
 */
import { sql, type SQL } from 'drizzle-orm';
import { unknownCodeName } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { INCIDENT_LIST_FILTERS } from '@helio/contracts/modules/alarm/alarm-incident.api';
import { formatDateTime } from '../../core/dates.js';
import type { Page } from '../../core/envelope.js';
import { page } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { intParam, one, RESERVED, timeParam, type Q } from './alarm.params.js';
import { rowsOf } from './alarm.catalogue.js';
import { alarmVisible } from './alarm.scope.js';
import { idArray } from '../../db/rows.js';

type Row = Record<string, unknown>;

function filters(q: Q): SQL[] {
  for (const k of Object.keys(q)) {
    if (!RESERVED.has(k) && !(INCIDENT_LIST_FILTERS as readonly string[]).includes(k)) throw new BizError('unknownParam', { param: k.slice(0, 64) });
  }
  const out: SQL[] = [];
  const eq = (col: SQL, v: unknown) => v !== undefined && out.push(sql`${col} = ${v}`);
  eq(sql`i.incident_status`, intParam(q, 'incidentStatus', 0, 1));
  eq(sql`i.alarm_code`, intParam(q, 'alarmCode', 0, 65535));
  eq(sql`i.handle_status`, intParam(q, 'handleStatus', 0, 3));
  const region = one(q, 'regionCode');
  if (region !== undefined) {
    if (!/^[0-9A-Za-z]{1,12}$/.test(region)) throw new BizError('invalidParam', { param: 'regionCode' });
    out.push(sql`i.region_code = ${region}`);
  }
  const from = timeParam(q, 'startTime');
  if (from) out.push(sql`i.first_trigger >= ${from}::timestamptz`);
  const to = timeParam(q, 'endTime');
  if (to) out.push(sql`i.first_trigger <= ${to}::timestamptz`);
  return out;
}

/** The incident's members the actor may see (`a` = helio_alarm), as a lateral join's condition. */
const visibleMembers = (actor: Actor, q?: Q) =>
  sql`FROM helio_alarm_incident_member m JOIN helio_alarm a ON a.id = m.alarm_id WHERE m.incident_id = i.id AND ${alarmVisible(actor, q)}`;

const tenantOf = (actor: Actor, q?: Q) => sql`i.id IN (SELECT m.incident_id FROM helio_alarm_incident_member m JOIN helio_alarm a ON a.id = m.alarm_id
  WHERE ${alarmVisible(actor, q)})`;

const SELECT = (actor: Actor, q?: Q) => sql`
  SELECT i.id::text AS id, i.tenant_id AS "tenantId", i.region_code AS "regionCode", r.name AS "regionZh", r.name_en AS "regionEn",
         i.alarm_code AS "alarmCode", i.device_type AS "deviceType", def.name_zh AS "nameZh", def.name_en AS "nameEn", def.category,
         i.level, i.incident_status AS "incidentStatus", i.first_trigger AS "firstTrigger", i.last_trigger AS "lastTrigger",
         i.close_time AS "closeTime", c.members, c.stations, c.active,
         i.handle_status AS "handleStatus", i.handle_user::text AS "handleUser", u.real_name AS "handleUserName", i.handle_time AS "handleTime"
    FROM helio_alarm_incident i
    CROSS JOIN LATERAL (SELECT count(*)::int AS members, count(DISTINCT a.plant_id)::int AS stations,
                               (count(*) FILTER (WHERE a.alarm_status = 0))::int AS active ${visibleMembers(actor, q)}) c
    LEFT JOIN blade_region r ON r.code = i.region_code
    LEFT JOIN helio_alarm_definition def ON def.device_type = i.device_type AND def.alarm_code = i.alarm_code AND def.is_deleted = 0
    LEFT JOIN blade_user u ON u.id = i.handle_user`;

function toVO(r: Row, lang: Lang) {
  const en = lang === 'en-US';
  const code = Number(r.alarmCode);
  const name = (en ? r.nameEn : r.nameZh) as string | null;
  const region = ((en ? (r.regionEn ?? r.regionZh) : r.regionZh) as string | null) ?? String(r.regionCode);
  return {
    id: String(r.id), tenantId: String(r.tenantId), regionCode: String(r.regionCode), regionName: region, alarmCode: code,
    deviceType: Number(r.deviceType), alarmName: name ?? (en ? unknownCodeName(code).en : unknownCodeName(code).zh), level: Number(r.level),
    category: (r.category as string) ?? null, incidentStatus: Number(r.incidentStatus), firstTrigger: formatDateTime(r.firstTrigger as Date),
    lastTrigger: formatDateTime(r.lastTrigger as Date), closeTime: formatDateTime(r.closeTime as Date), memberCount: Number(r.members),
    stationCount: Number(r.stations), activeCount: Number(r.active), handleStatus: Number(r.handleStatus), handleUser: (r.handleUser as string) ?? null,
    handleUserName: (r.handleUserName as string) ?? null, handleTime: formatDateTime(r.handleTime as Date),
  };
}
export type IncidentVO = ReturnType<typeof toVO>;

function memberVO(r: Row, lang: Lang) {
  const en = lang === 'en-US';
  const code = Number(r.alarmCode);
  const name = (en ? r.nameEn : r.nameZh) as string | null;
  return {
    id: String(r.id), plantId: (r.plantId as string) ?? null, plantName: (r.plantName as string) ?? null, deviceId: String(r.deviceId),
    deviceSn: String(r.deviceSn), deviceType: Number(r.deviceType), alarmCode: code, alarmName: name ?? (en ? unknownCodeName(code).en : unknownCodeName(code).zh),
    level: Number(r.level), alarmStatus: Number(r.alarmStatus), triggerTime: formatDateTime(r.triggerTime as Date),
    recoverTime: formatDateTime(r.recoverTime as Date), ackStatus: Number(r.ackStatus), handleStatus: Number(r.handleStatus),
  };
}

export interface IncidentHandleInput {
  id: string;
  handleStatus: number;
  content?: string;
  assigneeId?: string | null;
}


export class IncidentService {
  constructor(private readonly ctx: ModuleContext) {}

  async list(actor: Actor, q: Q, lang: Lang): Promise<Page<IncidentVO>> {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const where = sql.join([tenantOf(actor, q), ...filters(q)], sql` AND `);
    const [{ n }] = (await rowsOf<{ n: number }>(this.ctx.db, sql`SELECT count(*)::int AS n FROM helio_alarm_incident i WHERE ${where}`)) as [{ n: number }];
    const rows = n === 0 ? [] : await rowsOf<Row>(this.ctx.db, sql`${SELECT(actor, q)} WHERE ${where}
      ORDER BY i.first_trigger DESC, i.id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return page(rows.map((r) => toVO(r, lang)), Number(n), p.current, p.size);
  }

  async detail(actor: Actor, id: string, lang: Lang): Promise<{ incident: IncidentVO; members: ReturnType<typeof memberVO>[] }> {
    if (!isId(id)) throw new BizError('recordNotFound');
    const [row] = await rowsOf<Row>(this.ctx.db, sql`${SELECT(actor)} WHERE i.id = ${id} AND c.members > 0`);
    if (!row) throw new BizError('recordNotFound');
    const members = await rowsOf<Row>(this.ctx.db, sql`
      SELECT a.id::text AS id, a.plant_id::text AS "plantId", p.plant_name AS "plantName", a.device_id::text AS "deviceId", a.device_sn AS "deviceSn",
             a.device_type AS "deviceType", a.alarm_code AS "alarmCode", def.name_zh AS "nameZh", def.name_en AS "nameEn", a.level,
             a.alarm_status AS "alarmStatus", a.trigger_time AS "triggerTime", a.recover_time AS "recoverTime",
             coalesce(lc.ack_status, 0) AS "ackStatus", a.handle_status AS "handleStatus"
        FROM helio_alarm_incident_member m JOIN helio_alarm a ON a.id = m.alarm_id
        LEFT JOIN helio_plant p ON p.id = a.plant_id
        LEFT JOIN helio_alarm_lifecycle lc ON lc.alarm_id = a.id
        LEFT JOIN helio_alarm_definition def ON def.device_type = a.device_type AND def.alarm_code = a.alarm_code AND def.is_deleted = 0
       WHERE m.incident_id = ${id} AND ${alarmVisible(actor)}
       ORDER BY a.trigger_time, a.id LIMIT 2000`);
    return { incident: toVO(row, lang), members: members.map((m) => memberVO(m, lang)) };
  }

  /** Hands every visible member the handling; returns how many alarms were handled. */
  async handle(actor: Actor, input: IncidentHandleInput): Promise<{ handled: number }> {
    if (!isId(input.id)) throw new BizError('recordNotFound');
    return this.ctx.tx(async (tx) => {
      const [incident] = await rowsOf<{ tenantId: string }>(tx, sql`
        SELECT tenant_id AS "tenantId" FROM helio_alarm_incident WHERE id = ${input.id} FOR UPDATE`);
      const members = incident
        ? await rowsOf<{ id: string }>(tx, sql`
            SELECT a.id::text AS id FROM helio_alarm_incident_member m JOIN helio_alarm a ON a.id = m.alarm_id
             WHERE m.incident_id = ${input.id} AND ${alarmVisible(actor)} ORDER BY a.id FOR UPDATE OF a`)
        : [];
      if (!incident || members.length === 0) throw new BizError('recordNotFound');
      const assignee = input.assigneeId === undefined || input.assigneeId === '' ? undefined : input.assigneeId;
      if (assignee !== undefined && assignee !== null) {
        const [user] = isId(assignee)
          ? await rowsOf(tx, sql`SELECT 1 FROM blade_user WHERE id = ${assignee} AND tenant_id = ${incident.tenantId} AND is_deleted = 0`)
          : [];
        if (!user) throw new BizError('invalidParam', { param: 'assigneeId' });
      }
      const ids = members.map((m) => m.id);
      await tx.execute(sql`
        INSERT INTO helio_alarm_lifecycle (alarm_id, tenant_id, occurrences, last_seen, category)
        SELECT a.id, a.tenant_id, 1, a.trigger_time, def.category FROM helio_alarm a
          LEFT JOIN helio_alarm_definition def ON def.device_type = a.device_type AND def.alarm_code = a.alarm_code AND def.is_deleted = 0
         WHERE a.id = ANY(${idArray(ids)})
        ON CONFLICT (alarm_id) DO NOTHING`);
      const records = ids.map((alarmId) => ({ id: nextId(), alarm_id: alarmId }));
      const dept = actor.deptIds.find(isId) ?? null;
      await tx.execute(sql`
        INSERT INTO helio_alarm_record (id, tenant_id, alarm_id, handle_status, content, create_user, create_dept, update_user)
        SELECT v.id, ${incident.tenantId}, v.alarm_id, ${input.handleStatus}, ${input.content ?? null}, ${actor.userId}, ${dept}, ${actor.userId}
          FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(id bigint, alarm_id bigint)`);
      await tx.execute(sql`
        UPDATE helio_alarm SET handle_status = ${input.handleStatus}, handle_user = ${actor.userId}, handle_time = now(),
               update_user = ${actor.userId}, update_time = now() WHERE id = ANY(${idArray(ids)})`);
      // Handling acknowledges; an assignee given replaces the last one (null clears it) — as for one alarm.
      await tx.execute(sql`
        UPDATE helio_alarm_lifecycle SET
          ack_status = 1, ack_user = CASE WHEN ack_status = 0 THEN ${actor.userId}::bigint ELSE ack_user END,
          ack_time = CASE WHEN ack_status = 0 THEN now() ELSE ack_time END,
          assignee_id = ${assignee === undefined ? sql`assignee_id` : sql`${assignee}::bigint`}, update_time = now()
         WHERE alarm_id = ANY(${idArray(ids)})`);
      await tx.execute(sql`
        UPDATE helio_alarm_incident SET handle_status = ${input.handleStatus}, handle_user = ${actor.userId}, handle_time = now(), update_time = now()
         WHERE id = ${input.id}`);
      return { handled: ids.length };
    });
  }
}

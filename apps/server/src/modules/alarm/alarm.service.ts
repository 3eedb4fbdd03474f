/**
 * The alarm screen's reads and the handling writes, for an actor: the list with its allow-listed filters, one alarm,
 * bulk acknowledgement, a handling record (status, follow-up text, photos, assignee) and the handling history. What the
 * actor may see is alarm.scope.ts's; each write and its checks run in one transaction, and an alarm the actor may
 * not see is answered as a missing one.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ALARM_CATEGORIES, unknownCodeName } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { ALARM_LIST_FILTERS } from '@helio/contracts/modules/alarm/alarm.api';
import { formatDateTime } from '../../core/dates.js';
import type { Page } from '../../core/envelope.js';
import { page } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId, parseIds } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import type { Db } from '../../db/client.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { idParam, intParam, one, RESERVED, timeParam, type Q } from './alarm.params.js';
import { rowsOf } from './alarm.catalogue.js';
import { checkPhotos, linkPhotos, photosOf, type RecordPhoto } from './alarm.photos.js';
import { alarmVisible } from './alarm.scope.js';

type Row = Record<string, unknown>;

/** The list's conditions, and whether they need the lifecycle row (`lc`) and the definition (`def`) joined. */
interface Filters {
  where: SQL[];
  lc: boolean;
  def: boolean;
}

function filters(q: Q): Filters {
  for (const k of Object.keys(q)) {
    if (!RESERVED.has(k) && !(ALARM_LIST_FILTERS as readonly string[]).includes(k)) throw new BizError('unknownParam', { param: k.slice(0, 64) });
  }
  const out: SQL[] = [];
  const f: Filters = { where: out, lc: false, def: false };
  const eq = (col: SQL, v: unknown) => v !== undefined && out.push(sql`${col} = ${v}`);
  eq(sql`a.plant_id`, idParam(q, 'plantId'));
  eq(sql`a.device_id`, idParam(q, 'deviceId'));
  const assignee = idParam(q, 'assigneeId');
  eq(sql`lc.assignee_id`, assignee);
  eq(sql`a.device_type`, intParam(q, 'deviceType', 1, 9));
  eq(sql`a.level`, intParam(q, 'level', 1, 4));
  eq(sql`a.alarm_code`, intParam(q, 'alarmCode', 0, 65535));
  eq(sql`a.alarm_type`, intParam(q, 'alarmType', 1, 9));
  eq(sql`a.alarm_status`, intParam(q, 'alarmStatus', 0, 1));
  const ack = intParam(q, 'ackStatus', 0, 1);
  eq(sql`coalesce(lc.ack_status, 0)`, ack);
  f.lc = assignee !== undefined || ack !== undefined;
  eq(sql`a.handle_status`, intParam(q, 'handleStatus', 0, 3));
  const category = one(q, 'category');
  if (category !== undefined) {
    if (!(ALARM_CATEGORIES as readonly string[]).includes(category)) throw new BizError('invalidParam', { param: 'category' });
    out.push(sql`coalesce(lc.category, def.category) = ${category}`);
    f.lc = f.def = true;
  }
  const sn = one(q, 'deviceSn');
  if (sn !== undefined) out.push(sql`a.device_sn ILIKE ${`%${sn.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const from = timeParam(q, 'startTime');
  if (from) out.push(sql`a.trigger_time >= ${from}::timestamptz`);
  const to = timeParam(q, 'endTime');
  if (to) out.push(sql`a.trigger_time <= ${to}::timestamptz`);
  return f;
}

const LC = sql`LEFT JOIN helio_alarm_lifecycle lc ON lc.alarm_id = a.id`;
const DEF = sql`LEFT JOIN helio_alarm_definition def ON def.device_type = a.device_type AND def.alarm_code = a.alarm_code AND def.is_deleted = 0`;
/** The alarms a list counts and pages over: only the joins its filters need (the names are joined for the page only). */
const filtered = (f: Filters) => sql`FROM helio_alarm a ${f.lc ? LC : sql``} ${f.def ? DEF : sql``}`;

const FROM = sql`FROM helio_alarm a ${LC} ${DEF}`;

const COLUMNS = sql`a.id::text AS id, a.tenant_id AS "tenantId", a.plant_id::text AS "plantId", p.plant_name AS "plantName",
  a.device_id::text AS "deviceId", a.device_sn AS "deviceSn", a.device_type AS "deviceType", a.alarm_code AS "alarmCode",
  a.alarm_type AS "alarmType", a.level, coalesce(lc.category, def.category) AS category,
  def.name_zh AS "nameZh", def.name_en AS "nameEn", def.cause_zh AS "causeZh", def.cause_en AS "causeEn",
  def.remedy_zh AS "remedyZh", def.remedy_en AS "remedyEn", a.description, a.solution,
  a.alarm_status AS "alarmStatus", a.trigger_time AS "triggerTime", a.recover_time AS "recoverTime",
  coalesce(lc.occurrences, 1) AS occurrences, coalesce(lc.last_seen, a.trigger_time) AS "lastSeen", lc.value,
  coalesce(lc.ack_status, 0) AS "ackStatus", lc.ack_user::text AS "ackUser", ua.real_name AS "ackUserName", lc.ack_time AS "ackTime",
  a.handle_status AS "handleStatus", a.handle_user::text AS "handleUser", uh.real_name AS "handleUserName", a.handle_time AS "handleTime",
  lc.assignee_id::text AS "assigneeId", us.real_name AS "assigneeName"`;

const NAMES = sql`LEFT JOIN helio_plant p ON p.id = a.plant_id
  LEFT JOIN blade_user ua ON ua.id = lc.ack_user
  LEFT JOIN blade_user uh ON uh.id = a.handle_user
  LEFT JOIN blade_user us ON us.id = lc.assignee_id`;

function toVO(r: Row, lang: Lang) {
  const en = lang === 'en-US';
  const code = Number(r.alarmCode);
  const name = (en ? r.nameEn : r.nameZh) as string | null;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: String(r.id), tenantId: String(r.tenantId), plantId: (r.plantId as string) ?? null, plantName: (r.plantName as string) ?? null,
    deviceId: String(r.deviceId), deviceSn: String(r.deviceSn), deviceType: Number(r.deviceType), alarmCode: code, alarmType: Number(r.alarmType),
    level: Number(r.level), category: (r.category as string) ?? null,
    alarmName: name ?? (en ? unknownCodeName(code).en : unknownCodeName(code).zh),
    description: ((en ? r.causeEn : r.causeZh) as string | null) ?? ((r.description as string) || null),
    solution: ((en ? r.remedyEn : r.remedyZh) as string | null) ?? ((r.solution as string) || null),
    alarmStatus: Number(r.alarmStatus), triggerTime: formatDateTime(r.triggerTime as Date), recoverTime: formatDateTime(r.recoverTime as Date),
    occurrences: Number(r.occurrences), lastSeen: formatDateTime(r.lastSeen as Date), value: num(r.value),
    ackStatus: Number(r.ackStatus), ackUser: (r.ackUser as string) ?? null, ackUserName: (r.ackUserName as string) ?? null, ackTime: formatDateTime(r.ackTime as Date),
    handleStatus: Number(r.handleStatus), handleUser: (r.handleUser as string) ?? null, handleUserName: (r.handleUserName as string) ?? null,
    handleTime: formatDateTime(r.handleTime as Date), assigneeId: (r.assigneeId as string) ?? null, assigneeName: (r.assigneeName as string) ?? null,
  };
}
export type AlarmVO = ReturnType<typeof toVO>;

export interface RecordInput {
  alarmId: string;
  handleStatus: number;
  content?: string;
  assigneeId?: string | null;
  /** Attachment ids of image uploads of the actor's tenant (alarm.photos.ts). */
  photos?: string[];
}

export class AlarmService {
  constructor(private readonly ctx: ModuleContext) {}

  async list(actor: Actor, q: Q, lang: Lang): Promise<Page<AlarmVO>> {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const f = filters(q);
    const where = sql.join([alarmVisible(actor, q), ...f.where], sql` AND `);
    const [{ n }] = (await rowsOf<{ n: number }>(this.ctx.db, sql`SELECT count(*)::int AS n ${filtered(f)} WHERE ${where}`)) as [{ n: number }];
    // The page's ids first (newest first, over the trigger-time indexes), then everything shown for those rows only.
    const rows = n === 0 || p.offset >= n ? [] : await rowsOf<Row>(this.ctx.db, sql`
      WITH pick AS (SELECT a.id ${filtered(f)} WHERE ${where} ORDER BY a.trigger_time DESC, a.id DESC LIMIT ${p.size} OFFSET ${p.offset})
      SELECT ${COLUMNS} FROM pick JOIN helio_alarm a ON a.id = pick.id ${LC} ${DEF} ${NAMES}
       ORDER BY a.trigger_time DESC, a.id DESC`);
    return page(rows.map((r) => toVO(r, lang)), Number(n), p.current, p.size);
  }

  async detail(actor: Actor, id: string, lang: Lang): Promise<AlarmVO> {
    if (!isId(id)) throw new BizError('recordNotFound');
    const [row] = await rowsOf<Row>(this.ctx.db, sql`SELECT ${COLUMNS} ${FROM} ${NAMES} WHERE a.id = ${id} AND ${alarmVisible(actor)}`);
    if (!row) throw new BizError('recordNotFound');
    return toVO(row, lang);
  }

  /** Locks the alarms (all visible to the actor, or a 400 and nothing written). */
  private async lockVisible(tx: Db, actor: Actor, ids: string[]): Promise<{ id: string; tenantId: string }[]> {
    const found = await rowsOf<{ id: string; tenantId: string }>(tx, sql`
      SELECT a.id::text AS id, a.tenant_id AS "tenantId" FROM helio_alarm a
       WHERE a.id = ANY(ARRAY[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::bigint[]) AND ${alarmVisible(actor)} ORDER BY a.id FOR UPDATE OF a`);
    if (ids.length === 0 || found.length !== ids.length) throw new BizError('recordNotFound');
    return found;
  }

  /** Creates the lifecycle row of alarms raised without one, so the updates below always find it. */
  private async ensureLifecycle(tx: Db, ids: string[]): Promise<void> {
    await tx.execute(sql`
      INSERT INTO helio_alarm_lifecycle (alarm_id, tenant_id, occurrences, last_seen, category)
      SELECT a.id, a.tenant_id, 1, a.trigger_time, def.category FROM helio_alarm a
        LEFT JOIN helio_alarm_definition def ON def.device_type = a.device_type AND def.alarm_code = a.alarm_code AND def.is_deleted = 0
       WHERE a.id = ANY(ARRAY[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::bigint[])
      ON CONFLICT (alarm_id) DO NOTHING`);
  }

  async acknowledge(actor: Actor, rawIds: unknown): Promise<{ acknowledged: number }> {
    const ids = parseIds(rawIds);
    if (ids.length > 1000) throw new BizError('invalidParam', { param: 'ids' });
    return this.ctx.tx(async (tx) => {
      await this.lockVisible(tx, actor, ids);
      await this.ensureLifecycle(tx, ids);
      const done = await rowsOf(tx, sql`
        UPDATE helio_alarm_lifecycle SET ack_status = 1, ack_user = ${actor.userId}, ack_time = now(), update_time = now()
         WHERE alarm_id = ANY(ARRAY[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::bigint[]) AND ack_status = 0 RETURNING alarm_id`);
      return { acknowledged: done.length };
    });
  }

  async saveRecord(actor: Actor, input: RecordInput) {
    return this.ctx.tx(async (tx) => {
      const [alarm] = await this.lockVisible(tx, actor, isId(input.alarmId) ? [input.alarmId] : []);
      const assignee = input.assigneeId === undefined || input.assigneeId === '' ? undefined : input.assigneeId;
      if (assignee !== undefined && assignee !== null) {
        const [user] = isId(assignee)
          ? await rowsOf(tx, sql`SELECT 1 FROM blade_user WHERE id = ${assignee} AND tenant_id = ${alarm!.tenantId} AND is_deleted = 0`)
          : [];
        if (!user) throw new BizError('invalidParam', { param: 'assigneeId' });
      }
      const photos = await checkPhotos(tx, actor, input.photos);
      await this.ensureLifecycle(tx, [alarm!.id]);
      const id = nextId();
      await tx.execute(sql`
        INSERT INTO helio_alarm_record (id, tenant_id, alarm_id, handle_status, content, create_user, create_dept, update_user)
        VALUES (${id}, ${alarm!.tenantId}, ${alarm!.id}, ${input.handleStatus}, ${input.content ?? null}, ${actor.userId},
                ${actor.deptIds.find(isId) ?? null}, ${actor.userId})`);
      await linkPhotos(tx, id, alarm!.tenantId, photos);
      await tx.execute(sql`
        UPDATE helio_alarm SET handle_status = ${input.handleStatus}, handle_user = ${actor.userId}, handle_time = now(),
               update_user = ${actor.userId}, update_time = now() WHERE id = ${alarm!.id}`);
      // Handling acknowledges; an assignee given replaces the last one (null clears it).
      await tx.execute(sql`
        UPDATE helio_alarm_lifecycle SET
          ack_status = 1, ack_user = CASE WHEN ack_status = 0 THEN ${actor.userId}::bigint ELSE ack_user END,
          ack_time = CASE WHEN ack_status = 0 THEN now() ELSE ack_time END,
          assignee_id = ${assignee === undefined ? sql`assignee_id` : sql`${assignee}::bigint`}, update_time = now()
         WHERE alarm_id = ${alarm!.id}`);
      const [row] = await rowsOf<Row>(tx, sql`${RECORD_SELECT} WHERE r.id = ${id}`);
      return recordVO(row!, await photosOf(tx, [id]));
    });
  }

  async records(actor: Actor, q: Q): Promise<Page<ReturnType<typeof recordVO>>> {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const alarmId = one(q, 'alarmId');
    if (!alarmId || !isId(alarmId)) throw new BizError('recordNotFound');
    const [visible] = await rowsOf(this.ctx.db, sql`SELECT 1 FROM helio_alarm a WHERE a.id = ${alarmId} AND ${alarmVisible(actor)}`);
    if (!visible) throw new BizError('recordNotFound');
    const [{ n }] = (await rowsOf<{ n: number }>(this.ctx.db, sql`SELECT count(*)::int AS n FROM helio_alarm_record WHERE alarm_id = ${alarmId} AND is_deleted = 0`)) as [{ n: number }];
    const rows = await rowsOf<Row>(this.ctx.db, sql`${RECORD_SELECT} WHERE r.alarm_id = ${alarmId} AND r.is_deleted = 0
      ORDER BY r.create_time DESC, r.id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    const photos = await photosOf(this.ctx.db, rows.map((r) => String(r.id)));
    return page(rows.map((r) => recordVO(r, photos)), Number(n), p.current, p.size);
  }
}

const RECORD_SELECT = sql`SELECT r.id::text AS id, r.alarm_id::text AS "alarmId", r.handle_status AS "handleStatus", r.content,
  r.create_user::text AS "createUser", u.real_name AS "createUserName", r.create_time AS "createTime"
  FROM helio_alarm_record r LEFT JOIN blade_user u ON u.id = r.create_user`;

function recordVO(r: Row, photos: Map<string, RecordPhoto[]>) {
  return {
    id: String(r.id), alarmId: String(r.alarmId), handleStatus: Number(r.handleStatus), content: (r.content as string) ?? null,
    photos: photos.get(String(r.id)) ?? [],
    createUser: (r.createUser as string) ?? null, createUserName: (r.createUserName as string) ?? null, createTime: formatDateTime(r.createTime as Date),
  };
}

/**
 * Per-device threshold overrides (issue 14): a device's own threshold, clear level, duration or on/off for one of its
 * type's threshold rules — e.g. a guardian's configured leakage current, which drives its leakage rule (rule 9104).
 * No guardian alarm setting is stored elsewhere yet (the guardian detail shows fixed defaults), so this table is
 * where a device's configured thresholds live; the evaluator reads it inside its transaction, so a saved override
 * applies to the device's next report.
 *
 * Who: reading needs `alarm_rule`, writing `alarm_rule_edit`; the device must be one the caller sees — its tenant
 * (platform users: every tenant) and its data scope (stations they own, operate or whose company is theirs;
 * administrators every station of their tenant). A device the caller may not see is answered as a missing one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ThresholdRule } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { checkOverride, mergeOverride } from '@helio/contracts/modules/alarm/alarm-rules.api';
import { formatDateTime } from '../../core/dates.js';
import { page, type Page } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId, parseIds } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import { ConflictError, versionOf } from '../../core/optimistic.js';
import { isPlatform } from '../../core/tenant.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { stationScope } from '../station/index.js';
import { rowsOf } from './alarm.catalogue.js';
import { allowOnly, intParam, likeOf, one, refuse, ruleOf, type Q } from './alarm-rules.service.js';

type Row = Record<string, unknown>;

/** Conditions on `helio_device d` for the devices the actor may see. */
function deviceVisible(actor: Actor, q?: Q): SQL {
  const parts: SQL[] = [sql`d.is_deleted = 0`];
  if (!isPlatform(actor)) parts.push(sql`d.tenant_id = ${actor.tenantId}`);
  else if (typeof q?.tenantId === 'string' && /^\d{6,12}$/.test(q.tenantId)) parts.push(sql`d.tenant_id = ${q.tenantId}`);
  const station = stationScope(actor);
  if (station) parts.push(sql`d.plant_id IN (SELECT helio_plant.id FROM helio_plant WHERE ${station})`);
  return sql.join(parts, sql` AND `);
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const SELECT = sql`SELECT o.id::text AS id, d.tenant_id AS "tenantId", d.id::text AS "deviceId", d.device_sn AS "deviceSn",
  d.device_type AS "deviceType", p.plant_name AS "plantName", o.alarm_code AS "alarmCode", def.name_zh AS "nameZh", def.name_en AS "nameEn",
  def.rule, o.threshold, o.clear_level AS clear, o.duration_s AS "durationS", o.enabled, u.real_name AS "updateUserName",
  o.update_time AS "updateTime", o.version
  FROM helio_alarm_threshold o
  JOIN helio_device d ON d.id = o.device_id
  LEFT JOIN helio_plant p ON p.id = d.plant_id
  LEFT JOIN helio_alarm_definition def ON def.device_type = d.device_type AND def.alarm_code = o.alarm_code AND def.is_deleted = 0
  LEFT JOIN blade_user u ON u.id = o.update_user`;

/** A rule the catalogue no longer has (kept for the row's sake): nothing is evaluated with it. */
const NO_RULE: ThresholdRule = { metric: 'temperature', op: '>', threshold: 0, clear: 0, durationS: 0 };

function overrideVO(r: Row, lang: Lang) {
  const o = { threshold: num(r.threshold), clear: num(r.clear), durationS: num(r.durationS) };
  const rule = r.rule ? ruleOf(r.rule as ThresholdRule) : NO_RULE;
  return {
    id: String(r.id), tenantId: String(r.tenantId), deviceId: String(r.deviceId), deviceSn: String(r.deviceSn), deviceType: Number(r.deviceType),
    plantName: (r.plantName as string) ?? null, alarmCode: Number(r.alarmCode),
    alarmName: String((lang === 'en-US' ? r.nameEn : r.nameZh) ?? r.alarmCode), ...o, enabled: Number(r.enabled),
    effective: mergeOverride(rule, o), updateUserName: (r.updateUserName as string) ?? null, updateTime: formatDateTime(r.updateTime as Date),
    version: Number(r.version),
  };
}
export type OverrideVO = ReturnType<typeof overrideVO>;

export interface OverrideInput {
  deviceId: string;
  alarmCode: number;
  threshold?: number | null;
  clear?: number | null;
  durationS?: number | null;
  enabled?: number;
  version?: unknown;
}

export class AlarmThresholdService {
  constructor(private readonly ctx: ModuleContext) {}

  async list(actor: Actor, q: Q, lang: Lang): Promise<Page<OverrideVO>> {
    allowOnly(q, ['deviceSn', 'deviceId', 'alarmCode']);
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const parts = [deviceVisible(actor, q)];
    const sn = one(q, 'deviceSn');
    if (sn !== undefined) parts.push(sql`d.device_sn ILIKE ${likeOf(sn)}`);
    const deviceId = one(q, 'deviceId');
    if (deviceId !== undefined) {
      if (!isId(deviceId)) throw new BizError('invalidParam', { param: 'deviceId' });
      parts.push(sql`d.id = ${deviceId}`);
    }
    const code = intParam(q, 'alarmCode', 0, 65_535);
    if (code !== undefined) parts.push(sql`o.alarm_code = ${code}`);
    const where = sql.join(parts, sql` AND `);
    const [{ n }] = (await rowsOf<{ n: number }>(this.ctx.db, sql`SELECT count(*)::int AS n FROM helio_alarm_threshold o JOIN helio_device d ON d.id = o.device_id WHERE ${where}`)) as [{ n: number }];
    const rows = n === 0 ? [] : await rowsOf<Row>(this.ctx.db, sql`${SELECT} WHERE ${where} ORDER BY o.update_time DESC, o.id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return page(rows.map((r) => overrideVO(r, lang)), Number(n), p.current, p.size);
  }

  /** A device by SN (exact) or id, and each threshold rule of its type with its override and what applies. */
  async device(actor: Actor, q: Q, lang: Lang) {
    const sn = one(q, 'deviceSn');
    const id = one(q, 'deviceId');
    if (id !== undefined && !isId(id)) throw new BizError('deviceUnknown');
    if (sn === undefined && id === undefined) throw new BizError('required', { field: lang === 'en-US' ? 'Device SN' : '设备序列号' });
    const [d] = await rowsOf<Row>(this.ctx.db, sql`
      SELECT d.id::text AS id, d.tenant_id AS "tenantId", d.device_sn AS "deviceSn", d.device_type AS "deviceType", d.plant_id::text AS "plantId", p.plant_name AS "plantName"
        FROM helio_device d LEFT JOIN helio_plant p ON p.id = d.plant_id
       WHERE ${deviceVisible(actor)} AND ${id !== undefined ? sql`d.id = ${id}` : sql`upper(d.device_sn) = upper(${sn!}::text)`} LIMIT 1`);
    if (!d) throw new BizError('deviceUnknown');
    const defs = await rowsOf<Row>(this.ctx.db, sql`
      SELECT alarm_code AS code, name_zh AS "nameZh", name_en AS "nameEn", severity, rule FROM helio_alarm_definition
       WHERE device_type = ${d.deviceType} AND rule IS NOT NULL AND is_deleted = 0 ORDER BY alarm_code`);
    const overrides = await rowsOf<Row>(this.ctx.db, sql`${SELECT} WHERE d.id = ${d.id}`);
    const byCode = new Map(overrides.map((r) => [Number(r.alarmCode), overrideVO(r, lang)]));
    return {
      device: { id: String(d.id), tenantId: String(d.tenantId), deviceSn: String(d.deviceSn), deviceType: Number(d.deviceType), plantId: (d.plantId as string) ?? null, plantName: (d.plantName as string) ?? null },
      rules: defs.map((r) => {
        const override = byCode.get(Number(r.code)) ?? null;
        const rule = ruleOf(r.rule as ThresholdRule);
        return {
          alarmCode: Number(r.code), alarmName: String(lang === 'en-US' ? r.nameEn : r.nameZh), severity: Number(r.severity), rule,
          override, effective: mergeOverride(rule, override), enabled: override ? override.enabled : 1,
        };
      }),
    };
  }

  async save(actor: Actor, input: OverrideInput, lang: Lang): Promise<OverrideVO> {
    const version = versionOf(input, lang);
    if (!isId(input.deviceId)) throw new BizError('deviceUnknown');
    return this.ctx.tx(async (tx) => {
      const [d] = await rowsOf<{ id: string; tenantId: string; deviceType: number }>(tx, sql`
        SELECT d.id::text AS id, d.tenant_id AS "tenantId", d.device_type AS "deviceType" FROM helio_device d
         WHERE d.id = ${input.deviceId} AND ${deviceVisible(actor)} FOR SHARE OF d`);
      if (!d) throw new BizError('deviceUnknown');
      const [def] = await rowsOf<{ rule: ThresholdRule }>(tx, sql`
        SELECT rule FROM helio_alarm_definition WHERE device_type = ${d.deviceType} AND alarm_code = ${input.alarmCode} AND rule IS NOT NULL AND is_deleted = 0`);
      if (!def) throw new BizError('invalidParam', { param: 'alarmCode' });
      const [existing] = await rowsOf<{ version: number }>(tx, sql`
        SELECT version FROM helio_alarm_threshold WHERE device_id = ${d.id} AND alarm_code = ${input.alarmCode} FOR UPDATE`);
      if (version !== undefined && (!existing || Number(existing.version) !== version)) throw new ConflictError();
      const o = { threshold: input.threshold ?? null, clear: input.clear ?? null, durationS: input.durationS ?? null };
      const problems = checkOverride(ruleOf(def.rule), o, Number(d.deviceType));
      if (problems.length) refuse(problems, lang);
      const enabled = input.enabled ?? 1;
      await tx.execute(sql`
        INSERT INTO helio_alarm_threshold (id, tenant_id, device_id, alarm_code, threshold, clear_level, duration_s, enabled, create_user, update_user)
        VALUES (${nextId()}, ${d.tenantId}, ${d.id}, ${input.alarmCode}, ${o.threshold}, ${o.clear}, ${o.durationS}, ${enabled}, ${actor.userId}, ${actor.userId})
        ON CONFLICT (device_id, alarm_code) DO UPDATE SET threshold = excluded.threshold, clear_level = excluded.clear_level,
          duration_s = excluded.duration_s, enabled = excluded.enabled, update_user = excluded.update_user, update_time = now(),
          version = helio_alarm_threshold.version + 1`);
      const [row] = await rowsOf<Row>(tx, sql`${SELECT} WHERE o.device_id = ${d.id} AND o.alarm_code = ${input.alarmCode}`);
      return overrideVO(row!, lang);
    });
  }

  /** Removes overrides of devices the actor sees: all of them, or a 400 and nothing removed. */
  async remove(actor: Actor, rawIds: unknown): Promise<{ removed: number }> {
    const ids = parseIds(rawIds);
    if (ids.length === 0) throw new BizError('idsRequired');
    if (ids.length > 200) throw new BizError('invalidParam', { param: 'ids' });
    return this.ctx.tx(async (tx) => {
      const done = await rowsOf(tx, sql`
        DELETE FROM helio_alarm_threshold o USING helio_device d
         WHERE o.id = ANY(ARRAY[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::bigint[]) AND d.id = o.device_id AND ${deviceVisible(actor)}
        RETURNING o.id`);
      if (done.length !== ids.length) throw new BizError('recordNotFound');
      return { removed: done.length };
    });
  }
}

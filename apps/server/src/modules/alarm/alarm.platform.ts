/**
 * Writing the alarms the platform raises itself (no-data, station outage): the same rows the report evaluator writes
 * (alarm.evaluator.ts) — `helio_alarm` with the catalogue's severity and names, its lifecycle row with the category —
 * one active alarm per device and code (the unique partial index `helio_alarm_active_uq`: a second raise is a no-op),
 * and `alarm.raised` / `alarm.recovered` after the commit.
 */
import { sql } from 'drizzle-orm';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import type { ModuleContext, TxHooks } from '../../kernel/types.js';
import { rowsOf } from './alarm.catalogue.js';

export interface PlatformAlarm {
  tenantId: string;
  plantId: string | null;
  deviceId: string;
  deviceSn: string;
  deviceType: number;
  code: number;
  alarmType: number;
  /** Trigger time, epoch ms. */
  ts: number;
}

interface Raised {
  id: string;
  tenantId: string;
  plantId: string | null;
  deviceSn: string;
  deviceType: number;
  code: number;
  level: number;
  category: string | null;
  triggerTime: Date;
}

const iso = (v: Date | string | number) => new Date(v).toISOString();

/** Raises the alarms that are not active yet; returns how many were new. */
export async function raisePlatformAlarms(ctx: ModuleContext, tx: Db, hooks: TxHooks, alarms: readonly PlatformAlarm[]): Promise<number> {
  if (alarms.length === 0) return 0;
  const rows = alarms.map((a) => ({
    id: nextId(), tenant_id: a.tenantId, plant_id: a.plantId, device_id: a.deviceId, device_sn: a.deviceSn, device_type: a.deviceType,
    alarm_code: a.code, alarm_type: a.alarmType, trigger_time: iso(a.ts),
  }));
  const raised = await rowsOf<Raised>(tx, sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id bigint, tenant_id varchar, plant_id bigint, device_id bigint,
        device_sn varchar, device_type smallint, alarm_code int, alarm_type smallint, trigger_time timestamptz)),
    ins AS (
      INSERT INTO helio_alarm (id, tenant_id, plant_id, device_id, device_sn, device_type, alarm_code, alarm_type, level, trigger_time, description, solution)
      SELECT v.id, v.tenant_id, v.plant_id, v.device_id, v.device_sn, v.device_type, v.alarm_code, v.alarm_type, coalesce(def.severity, 3),
             v.trigger_time, left(coalesce(def.name_en, 'Unknown code ' || v.alarm_code), 500), left(def.remedy_en, 500)
        FROM v LEFT JOIN helio_alarm_definition def ON def.device_type = v.device_type AND def.alarm_code = v.alarm_code AND def.is_deleted = 0
      ON CONFLICT (device_id, alarm_code) WHERE alarm_status = 0 AND is_deleted = 0 DO NOTHING
      RETURNING id, tenant_id, plant_id, device_sn, device_type, alarm_code, level, trigger_time)
    SELECT ins.id::text AS id, ins.tenant_id AS "tenantId", ins.plant_id::text AS "plantId", ins.device_sn AS "deviceSn",
           ins.device_type AS "deviceType", ins.alarm_code AS code, ins.level, def.category, ins.trigger_time AS "triggerTime"
      FROM ins LEFT JOIN helio_alarm_definition def ON def.device_type = ins.device_type AND def.alarm_code = ins.alarm_code AND def.is_deleted = 0`);
  if (raised.length === 0) return 0;
  const lifecycle = raised.map((r) => ({ alarm_id: r.id, tenant_id: r.tenantId, last_seen: iso(r.triggerTime), category: r.category }));
  await tx.execute(sql`
    INSERT INTO helio_alarm_lifecycle (alarm_id, tenant_id, occurrences, last_seen, category)
    SELECT v.alarm_id, v.tenant_id, 1, v.last_seen, v.category
      FROM jsonb_to_recordset(${JSON.stringify(lifecycle)}::jsonb) AS v(alarm_id bigint, tenant_id varchar, last_seen timestamptz, category varchar)
    ON CONFLICT (alarm_id) DO NOTHING`);
  for (const r of raised) {
    const payload = {
      alarmId: r.id, tenantId: r.tenantId, plantId: r.plantId, deviceSn: r.deviceSn, deviceType: Number(r.deviceType), code: Number(r.code),
      severity: Number(r.level), category: r.category ?? 'device', triggerTime: iso(r.triggerTime),
    };
    hooks.afterCommit(() => ctx.events.emit('alarm.raised', payload));
  }
  return raised.length;
}

export interface Recovered {
  id: string;
  tenantId: string;
  plantId: string | null;
  deviceSn: string;
  code: number;
  recoverTime: Date;
}

/** Announces recovered alarms (rows an UPDATE … RETURNING gave) after the commit. */
export function announceRecovered(ctx: ModuleContext, hooks: TxHooks, rows: readonly Recovered[]): void {
  for (const r of rows) {
    const payload = { alarmId: r.id, tenantId: r.tenantId, plantId: r.plantId, deviceSn: r.deviceSn, code: Number(r.code), recoverTime: iso(r.recoverTime) };
    hooks.afterCommit(() => ctx.events.emit('alarm.recovered', payload));
  }
}

/** `RETURNING` columns of a recovering UPDATE on `helio_alarm a`, as `Recovered`. */
export const RECOVERED_COLUMNS = sql`a.id::text AS id, a.tenant_id AS "tenantId", a.plant_id::text AS "plantId", a.device_sn AS "deviceSn",
  a.alarm_code AS code, a.recover_time AS "recoverTime"`;

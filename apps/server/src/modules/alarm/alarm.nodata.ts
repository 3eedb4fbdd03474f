/**
 * The no-data (communication) alarm, code 9001 "Device offline", one per device while active.
 *
 * When a device is offline is the network status's rule (telemetry `status.service.ts`, day and night aware at the
 * station's coordinates): a device silent for three report intervals (at least 10 minutes) is disconnected, except
 * an inverter asleep at night on a station without a battery (a PV-only site goes quiet after sunset); batteries,
 * guardians, chargers and the inverters of battery sites are expected to report around the clock. This alarm
 * follows that status, so the alarm list and the device's status never disagree:
 *
 * - raise: a device that has reported at least once, judged disconnected by a status run (`status_time` set: a
 *   device no status run has looked at has no status yet), and silent for its expected interval (the status rule's
 *   freshness: a report stored since the last status run holds it back). The trigger time is its last report
 *   ("silent since").
 * - recover: any report newer than the trigger time; the recover time is the first of them (raw telemetry),
 *   whenever this run sees it.
 *
 * Every fact is in the database (latest state, status, the alarm rows), so a restart loses nothing; runs are
 * idempotent (the unique active-alarm index) and may overlap across processes.
 */
import { sql } from 'drizzle-orm';
import { OFFLINE_CODE } from '@helio/contracts/modules/station/fault-codes';
import { ALARM_TYPE } from '@helio/contracts/modules/alarm/alarm-catalogue';
import type { ModuleContext } from '../../kernel/types.js';
import { rowsOf } from './alarm.catalogue.js';
import { announceRecovered, raisePlatformAlarms, RECOVERED_COLUMNS, type Recovered } from './alarm.platform.js';

export interface NoDataResult {
  raised: number;
  recovered: number;
}

/** The first raw report of the alarm's device after its trigger time (the table by device type). */
const FIRST_REPORT = sql`CASE a.device_type
  WHEN 1 THEN (SELECT min(t.ts) FROM helio_telemetry_inverter t WHERE t.device_id = a.device_id AND t.ts > a.trigger_time)
  WHEN 2 THEN (SELECT min(t.ts) FROM helio_telemetry_battery t WHERE t.device_id = a.device_id AND t.ts > a.trigger_time)
  WHEN 3 THEN (SELECT min(t.ts) FROM helio_telemetry_guardian t WHERE t.device_id = a.device_id AND t.ts > a.trigger_time)
  WHEN 4 THEN (SELECT min(t.ts) FROM helio_telemetry_charger t WHERE t.device_id = a.device_id AND t.ts > a.trigger_time)
END`;

export async function runNoData(ctx: ModuleContext, nowMs = Date.now()): Promise<NoDataResult> {
  const now = new Date(nowMs).toISOString();
  return ctx.tx(async (tx, hooks) => {
    const recovered = await rowsOf<Recovered>(tx, sql`
      UPDATE helio_alarm a SET alarm_status = 1, recover_time = least(coalesce(${FIRST_REPORT}, l.ts), l.ts), update_time = now()
        FROM helio_device_latest l
       WHERE a.alarm_code = ${OFFLINE_CODE} AND a.alarm_status = 0 AND a.is_deleted = 0
         AND l.device_id = a.device_id AND l.ts > a.trigger_time
      RETURNING ${RECOVERED_COLUMNS}`);
    announceRecovered(ctx, hooks, recovered);

    const silent = await rowsOf<{ tenantId: string; plantId: string | null; deviceId: string; deviceSn: string; deviceType: number; ts: Date }>(tx, sql`
      SELECT d.tenant_id AS "tenantId", d.plant_id::text AS "plantId", d.id::text AS "deviceId", d.device_sn AS "deviceSn",
             d.device_type AS "deviceType", l.ts
        FROM helio_device d JOIN helio_device_latest l ON l.device_id = d.id
       WHERE d.is_deleted = 0 AND d.network_status = 1 AND d.status_time IS NOT NULL AND l.ts IS NOT NULL
         AND l.ts < ${now}::timestamptz - make_interval(secs => greatest(d.report_interval * 3, 600))
         AND NOT EXISTS (SELECT 1 FROM helio_alarm a WHERE a.device_id = d.id AND a.alarm_code = ${OFFLINE_CODE} AND a.alarm_status = 0 AND a.is_deleted = 0)
       ORDER BY d.id LIMIT 5000`);
    const raised = await raisePlatformAlarms(
      ctx,
      tx,
      hooks,
      silent.map((d) => ({ ...d, deviceType: Number(d.deviceType), code: OFFLINE_CODE, alarmType: ALARM_TYPE.offline, ts: new Date(d.ts).getTime() })),
    );
    return { raised, recovered: recovered.length };
  });
}

/**
 * The total-outage alarm, code 9002 "Station outage" (contracts `STATION_OUTAGE_CODE`): a station whose measured PV
 * power is about zero in daylight while its sister stations produce — a tripped breaker, an inverter in standby, a
 * DC isolator left open; something its own reports do not name.
 *
 * - Measured: the sum of `pv_power` of the station's inverters with a fresh report (three report intervals, at
 *   least 10 minutes; a silent inverter is the no-data alarm's business), against `capacity_kwp`.
 * - Raised when the sun is at least 10° above the station, its power is below 2 % of capacity, and at least 3 other
 *   stations of the same region (`helio_plant.city_code`, any tenant: the sky and the grid know no tenants; nothing
 *   of theirs is shown) produce 20 % of their capacity or more. Stations without coordinates, capacity or city
 *   code are never judged.
 * - One alarm per station while active, on the station's first inverter (lowest id): `helio_alarm` needs a device,
 *   and a station's production is its inverters'. Trigger time = the station's newest fresh report.
 * - Clears when the station makes 5 % of its capacity again (hysteresis), at that report's time. At night or while
 *   its sisters are dark it stays as it is: nothing new is known.
 *
 * Stateless between runs (the alarm rows are the state): a restart loses nothing.
 */
import { sql } from 'drizzle-orm';
import { PLATFORM_CHECK_TYPE, STATION_OUTAGE_CODE } from '@helio/contracts/modules/alarm/alarm-catalogue';
import type { ModuleContext } from '../../kernel/types.js';
import { rowsOf } from './alarm.catalogue.js';
import { announceRecovered, raisePlatformAlarms, RECOVERED_COLUMNS, type Recovered } from './alarm.platform.js';

export const OUTAGE = {
  /** Below this share of capacity a station is "not producing". */
  lowRatio: 0.02,
  /** At or above it again, the alarm clears. */
  clearRatio: 0.05,
  /** A sister "produces" at or above this share. */
  producingRatio: 0.2,
  /** Producing sisters needed. */
  sisters: 3,
  /** Sun elevation (degrees) at the station needed to judge it. */
  minSun: 10,
} as const;

export interface OutageResult {
  raised: number;
  recovered: number;
}

interface StationRow {
  plantId: string;
  tenantId: string;
  deviceId: string;
  deviceSn: string;
  ratio: number;
  sun: number;
  ts: Date;
  sisters: number;
}

export async function runOutage(ctx: ModuleContext, nowMs = Date.now()): Promise<OutageResult> {
  const now = new Date(nowMs).toISOString();
  return ctx.tx(async (tx, hooks) => {
    const stations = await rowsOf<StationRow>(tx, sql`
      WITH inv AS (
        SELECT d.plant_id, d.id, d.device_sn, l.ts, l.pv_power,
               l.ts >= ${now}::timestamptz - make_interval(secs => greatest(d.report_interval * 3, 600)) AS fresh
          FROM helio_device d JOIN helio_device_latest l ON l.device_id = d.id
         WHERE d.is_deleted = 0 AND d.device_type = 1 AND d.plant_id IS NOT NULL AND l.ts IS NOT NULL AND l.ts <= ${now}::timestamptz),
      st AS (
        SELECT p.id AS plant_id, p.tenant_id, p.city_code,
               coalesce(sum(inv.pv_power) FILTER (WHERE inv.fresh), 0) / (p.capacity_kwp * 1000) AS ratio,
               max(inv.ts) FILTER (WHERE inv.fresh) AS ts,
               (array_agg(inv.id ORDER BY inv.id))[1] AS device_id, (array_agg(inv.device_sn ORDER BY inv.id))[1] AS device_sn,
               helio_sun_elevation(p.latitude, p.longitude, ${now}::timestamptz) AS sun
          FROM helio_plant p JOIN inv ON inv.plant_id = p.id
         WHERE p.is_deleted = 0 AND p.capacity_kwp > 0 AND p.city_code IS NOT NULL AND p.city_code <> ''
           AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL
         GROUP BY p.id
        HAVING bool_or(inv.fresh))
      SELECT o.plant_id::text AS "plantId", o.tenant_id AS "tenantId", o.device_id::text AS "deviceId", o.device_sn AS "deviceSn",
             o.ratio, o.sun, o.ts,
             (count(*) FILTER (WHERE o.ratio >= ${OUTAGE.producingRatio}) OVER (PARTITION BY o.city_code)
               - CASE WHEN o.ratio >= ${OUTAGE.producingRatio} THEN 1 ELSE 0 END)::int AS sisters
        FROM st o`);

    const ids = (xs: string[]) => sql`ARRAY[${sql.join(xs.length ? xs.map((x) => sql`${x}`) : [sql`NULL`], sql`, `)}]::bigint[]`;
    const producing = stations.filter((s) => Number(s.ratio) >= OUTAGE.clearRatio);
    let recovered: Recovered[] = [];
    if (producing.length) {
      const back = producing.map((s) => ({ plant_id: s.plantId, ts: new Date(s.ts).toISOString() }));
      recovered = await rowsOf<Recovered>(tx, sql`
        UPDATE helio_alarm a SET alarm_status = 1, recover_time = greatest(v.ts, a.trigger_time), update_time = now()
          FROM jsonb_to_recordset(${JSON.stringify(back)}::jsonb) AS v(plant_id bigint, ts timestamptz)
         WHERE a.plant_id = v.plant_id AND a.alarm_code = ${STATION_OUTAGE_CODE} AND a.alarm_status = 0 AND a.is_deleted = 0
        RETURNING ${RECOVERED_COLUMNS}`);
      announceRecovered(ctx, hooks, recovered);
    }

    const out = stations.filter((s) => Number(s.sun) >= OUTAGE.minSun && Number(s.ratio) < OUTAGE.lowRatio && Number(s.sisters) >= OUTAGE.sisters);
    let raised = 0;
    if (out.length) {
      const open = await rowsOf<{ plantId: string }>(tx, sql`
        SELECT DISTINCT plant_id::text AS "plantId" FROM helio_alarm
         WHERE plant_id = ANY(${ids(out.map((s) => s.plantId))}) AND alarm_code = ${STATION_OUTAGE_CODE} AND alarm_status = 0 AND is_deleted = 0`);
      const has = new Set(open.map((o) => o.plantId));
      raised = await raisePlatformAlarms(
        ctx,
        tx,
        hooks,
        out
          .filter((s) => !has.has(s.plantId))
          .map((s) => ({
            tenantId: s.tenantId, plantId: s.plantId, deviceId: s.deviceId, deviceSn: s.deviceSn, deviceType: 1,
            code: STATION_OUTAGE_CODE, alarmType: PLATFORM_CHECK_TYPE, ts: new Date(s.ts).getTime(),
          })),
      );
    }
    return { raised, recovered: recovered.length };
  });
}

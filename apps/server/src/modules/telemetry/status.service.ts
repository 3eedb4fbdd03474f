/**
 * Network status and alarms, recomputed set-wise every few seconds from the latest-state table:
 * - device: fault when its fresh report carries fault codes or the fault state; normal when fresh; otherwise
 *   disconnected — except a PV-only inverter (no battery on its station) at night (sun below 5°) whose last report
 *   came at low sun (below 15°) within 20 hours: it went to sleep at dusk, which is normal.
 *   "Fresh" = within 3 report intervals, at least 10 minutes.
 * - station: fault if any device is in fault; disconnected if it has no device or all are disconnected; else normal.
 * - alarms: one active alarm per device and code (fault codes of fresh reports, the fault state as 9000, offline
 *   as 9001), recovered when the code is gone from a newer report or the device reports again.
 * Also keeps partitions ahead and drops those past retention (hourly).
 */
import { FAULT_CODE_MAP, FAULT_STATE_CODE, OFFLINE_CODE } from '@helio/contracts/modules/station/fault-codes';
import { nextId } from '../../core/ids.js';
import { PARTITIONED } from './partitions.js';
import type { RawDb } from './raw-db.js';
import type { TelemetryRepository } from './telemetry.repository.js';

const FRESH = `make_interval(secs => greatest(d.report_interval * 3, 600))`;
const ACTIVE_CODES = `CASE WHEN coalesce(cardinality(l.fault_codes), 0) > 0 THEN l.fault_codes
                           WHEN l.state = 4 THEN ARRAY[${FAULT_STATE_CODE}] ELSE '{}'::int[] END`;

export interface StatusResult {
  devicesChanged: number;
  plantsChanged: number;
  alarmsRaised: number;
  alarmsRecovered: number;
}

export interface RetentionDays {
  raw: number;
  fiveMinute: number;
  hourly: number;
}

export class StatusService {
  private lastMaintenance = 0;

  constructor(
    private readonly db: RawDb,
    private readonly repo: TelemetryRepository,
    private readonly retention: RetentionDays = { raw: 90, fiveMinute: 400, hourly: 1830 },
  ) {}

  async run(nowMs = Date.now()): Promise<StatusResult> {
    const now = new Date(nowMs).toISOString();
    const devices = await this.db.query(
      `WITH s AS (
         SELECT d.id,
           CASE
             WHEN l.ts IS NULL THEN 1
             WHEN l.ts >= $1::timestamptz - ${FRESH} THEN
               CASE WHEN l.state = 4 OR coalesce(cardinality(l.fault_codes), 0) > 0 THEN 2 ELSE 0 END
             WHEN d.device_type = 1 AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM helio_device b WHERE b.plant_id = d.plant_id AND b.device_type = 2 AND b.is_deleted = 0)
               AND helio_sun_elevation(p.latitude, p.longitude, $1::timestamptz) < 5
               AND helio_sun_elevation(p.latitude, p.longitude, l.ts) < 15
               AND l.ts >= $1::timestamptz - interval '20 hours' THEN 0
             ELSE 1
           END AS ns
         FROM helio_device d
         LEFT JOIN helio_device_latest l ON l.device_id = d.id
         LEFT JOIN helio_plant p ON p.id = d.plant_id
         WHERE d.is_deleted = 0)
       UPDATE helio_device d SET network_status = s.ns, status_time = $1::timestamptz
         FROM s WHERE d.id = s.id AND d.network_status <> s.ns
       RETURNING d.id`,
      [now],
    );
    const plants = await this.db.query(
      `WITH s AS (
         SELECT p.id,
           CASE WHEN count(d.id) = 0 THEN 1
                WHEN bool_or(d.network_status = 2) THEN 2
                WHEN bool_and(d.network_status = 1) THEN 1
                ELSE 0 END AS ns
         FROM helio_plant p LEFT JOIN helio_device d ON d.plant_id = p.id AND d.is_deleted = 0
         WHERE p.is_deleted = 0 GROUP BY p.id)
       UPDATE helio_plant p SET network_status = s.ns, status_time = $1::timestamptz
         FROM s WHERE p.id = s.id AND p.network_status <> s.ns
       RETURNING p.id`,
      [now],
    );

    // Faults of fresh reports without an active alarm → raise.
    const { rows: toRaise } = await this.db.query<{
      tenant_id: string; plant_id: string | null; device_id: string; device_sn: string; device_type: number; code: number; ts: Date; type: number;
    }>(
      `SELECT d.tenant_id, d.plant_id::text AS plant_id, d.id::text AS device_id, d.device_sn, d.device_type, c.code, l.ts, 1 AS type
         FROM helio_device d
         JOIN helio_device_latest l ON l.device_id = d.id
         CROSS JOIN LATERAL unnest(${ACTIVE_CODES}) AS c(code)
        WHERE d.is_deleted = 0 AND l.ts >= $1::timestamptz - ${FRESH}
          AND NOT EXISTS (SELECT 1 FROM helio_alarm a WHERE a.device_id = d.id AND a.alarm_code = c.code AND a.alarm_status = 0 AND a.is_deleted = 0)
       UNION ALL
       SELECT d.tenant_id, d.plant_id::text, d.id::text, d.device_sn, d.device_type, ${OFFLINE_CODE}, coalesce(l.ts, d.status_time, $1::timestamptz), 3
         FROM helio_device d LEFT JOIN helio_device_latest l ON l.device_id = d.id
        WHERE d.is_deleted = 0 AND d.network_status = 1 AND l.ts IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM helio_alarm a WHERE a.device_id = d.id AND a.alarm_code = ${OFFLINE_CODE} AND a.alarm_status = 0 AND a.is_deleted = 0)`,
      [now],
    );
    let raised = 0;
    if (toRaise.length) {
      const rows = toRaise.map((r) => {
        const c = FAULT_CODE_MAP.get(r.code);
        return [
          nextId(), r.tenant_id, r.plant_id, r.device_id, r.device_sn, r.device_type, r.code, r.type, c?.level ?? 3,
          new Date(r.ts).toISOString(), c?.en ?? `Code ${r.code}`, c?.solutionEn ?? null,
        ];
      });
      const cols = ['id', 'tenant_id', 'plant_id', 'device_id', 'device_sn', 'device_type', 'alarm_code', 'alarm_type', 'level', 'trigger_time', 'description', 'solution'];
      const types = ['bigint', 'varchar', 'bigint', 'bigint', 'varchar', 'smallint', 'int', 'smallint', 'smallint', 'timestamptz', 'varchar', 'varchar'];
      const params = cols.map((_, j) => rows.map((r) => r[j]));
      const res = await this.db.query(
        `INSERT INTO helio_alarm (${cols.join(', ')})
         SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})
         ON CONFLICT (device_id, alarm_code) WHERE alarm_status = 0 AND is_deleted = 0 DO NOTHING RETURNING id`,
        params,
      );
      raised = res.rows.length;
    }

    // Recover: fault codes absent from a newer report; offline devices that report again.
    const recovered = await this.db.query(
      `UPDATE helio_alarm a SET alarm_status = 1, recover_time = l.ts, update_time = $1::timestamptz
         FROM helio_device_latest l, helio_device d
        WHERE a.alarm_status = 0 AND a.is_deleted = 0 AND l.device_id = a.device_id AND d.id = a.device_id
          AND ((a.alarm_type = 1 AND l.ts > a.trigger_time AND NOT (a.alarm_code = ANY(${ACTIVE_CODES})))
            OR (a.alarm_type = 3 AND d.network_status <> 1 AND l.ts > a.trigger_time))
        RETURNING a.id`,
      [now],
    );

    if (nowMs - this.lastMaintenance > 3_600_000) {
      this.lastMaintenance = nowMs;
      await this.maintain(nowMs);
    }
    return {
      devicesChanged: devices.rows.length,
      plantsChanged: plants.rows.length,
      alarmsRaised: raised,
      alarmsRecovered: recovered.rows.length,
    };
  }

  /** Partitions two days ahead; drop those past retention. */
  async maintain(nowMs = Date.now()): Promise<string[]> {
    await this.repo.partitions.ensureAround(nowMs, 1, 2);
    const dropped: string[] = [];
    for (const table of Object.keys(PARTITIONED)) {
      const days = table.includes('_telemetry_') ? this.retention.raw : table.endsWith('_5m') ? this.retention.fiveMinute : this.retention.hourly;
      if (days <= 0) continue;
      dropped.push(...(await this.repo.partitions.dropBefore(table, nowMs - days * 86_400_000)));
    }
    return dropped;
  }
}

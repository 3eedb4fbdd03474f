/**
 * Network status, recomputed set-wise every few seconds from the latest-state table (alarms are the alarm module's:
 * it reads the status written here — its no-data alarm follows a device's `network_status`):
 * - device: fault when its fresh report carries fault codes or the fault state; normal when fresh; otherwise
 *   disconnected — except an inverter asleep at night: on a station without a battery (a hybrid inverter runs the
 *   battery around the clock), sun below 5° now, its last report at low sun (below 15°) within 20 hours — it went
 *   to sleep at dusk, which is normal. Batteries, guardians and chargers are expected to report day and night.
 *   "Fresh" = within 3 report intervals, at least 10 minutes.
 * - `status_time`: when the device's status last changed (or was first judged).
 * - station: fault if any device is in fault; disconnected if it has no device or all are disconnected; else normal.
 * Also keeps partitions ahead and drops those past retention (hourly).
 */
import { PARTITIONED } from './partitions.js';
import type { RawDb } from './raw-db.js';
import type { TelemetryRepository } from './telemetry.repository.js';

const FRESH = `make_interval(secs => greatest(d.report_interval * 3, 600))`;

export interface StatusResult {
  devicesChanged: number;
  plantsChanged: number;
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
         FROM s WHERE d.id = s.id AND (d.network_status <> s.ns OR d.status_time IS NULL)
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

    if (nowMs - this.lastMaintenance > 3_600_000) {
      this.lastMaintenance = nowMs;
      await this.maintain(nowMs);
    }
    return {
      devicesChanged: devices.rows.length,
      plantsChanged: plants.rows.length,
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

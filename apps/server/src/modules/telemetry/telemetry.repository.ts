/**
 * Telemetry persistence in raw SQL. One transaction per ingest batch:
 *   1. lock the devices' latest-state rows (SELECT … FOR UPDATE, in id order) — this serialises batches of the same
 *      device across processes, so energy deltas are computed against the true previous counters;
 *   2. insert the raw rows per device type (`INSERT … SELECT FROM unnest(…) ON CONFLICT DO NOTHING RETURNING`): a
 *      duplicate (same device and timestamp) is not inserted and contributes nothing below;
 *   3. add the energy deltas of the inserted rows to the 5-minute, hourly, daily and monthly rollups per device, per
 *      station and per tenant (additive upserts; exactly once because they share the raw row's transaction);
 *   4. advance the latest state; store events, status and charging sessions.
 * Energy delta of a report = its cumulative counter − the device's previous counter (0 when it is older than the
 * latest report, when a counter is missing or went backwards, or when the jump is physically implausible).
 * The pieces: the batch items (ingest-item.ts), raw row layouts and bulk statements (raw-rows.ts), energy counters
 * and rollups (rollups.ts). Also here: the device lookups of the ingest and broker, and the rejection counters.
 */
import { nextId } from '../../core/ids.js';
import type { DeviceKind } from '../../db/schema-device.js';
import { DEVICE_TYPES } from '../../db/schema-device.js';
import { parseTimestamp, type DeviceInfo, type IngestItem, type WriteResult } from './ingest-item.js';
import { PartitionManager } from './partitions.js';
import type { RawDb } from './raw-db.js';
import { arr, keyFigures, LATEST_COLS, RAW, RAW_KEY, runCombined, unnestInsert } from './raw-rows.js';
import { COUNTER_COLUMN, countersOf, ENERGY_KEYS, RollupAccumulator, rollupParts } from './rollups.js';
import type { ChargerTelemetry } from './telemetry.schema.js';

interface LatestRow {
  device_id: string;
  ts: Date | null;
  e_pv_total: number | null;
  e_load_total: number | null;
  e_import_total: number | null;
  e_export_total: number | null;
  e_charge_total: number | null;
  e_discharge_total: number | null;
  e_ev_total: number | null;
}

export interface WriterStats {
  counterJumps: number;
}

export class TelemetryRepository {
  readonly partitions: PartitionManager;
  readonly stats: WriterStats = { counterJumps: 0 };

  constructor(readonly db: RawDb) {
    this.partitions = new PartitionManager(db);
  }

  /** Writes a batch durably; one result per item, in order. Throws when nothing was written. */
  async writeBatch(items: readonly IngestItem[], receivedAt = new Date()): Promise<WriteResult[]> {
    const results: WriteResult[] = items.map(() => 'duplicate');
    const telemetry = items.map((it, i) => [it, i] as const).filter(([it]) => it.kind === 'telemetry');
    // Partitions first, outside the transaction (DDL; cached after the first time).
    const byTable = new Map<string, number[]>();
    for (const [it] of telemetry) {
      const t = RAW[it.device.type].table;
      let a = byTable.get(t);
      if (!a) byTable.set(t, (a = []));
      a.push(it.ts);
    }
    for (const [t, instants] of byTable) await this.partitions.ensure(t, instants);
    if (telemetry.length) {
      const instants = telemetry.map(([it]) => it.ts);
      await this.partitions.ensure('helio_energy_device_5m', instants);
      await this.partitions.ensure('helio_energy_plant_5m', instants);
      // local hours may start in the previous UTC month
      const hours = instants.flatMap((ms) => [ms, ms - 86_400_000]);
      await this.partitions.ensure('helio_energy_device_hour', hours);
      await this.partitions.ensure('helio_energy_plant_hour', hours);
    }

    await this.db.transaction(async (tx) => {
      // 1. Lock latest state of the reporting devices.
      const devices = new Map<string, DeviceInfo>();
      for (const [it] of telemetry) devices.set(it.device.id, it.device);
      const ids = [...devices.keys()].sort();
      const latest = new Map<string, LatestRow>();
      if (ids.length) {
        const lock = async () => {
          const { rows } = await tx.query<LatestRow>(
            `SELECT device_id::text AS device_id, ts, e_pv_total, e_load_total, e_import_total, e_export_total, e_charge_total,
                    e_discharge_total, e_ev_total
               FROM helio_device_latest WHERE device_id = ANY($1::bigint[]) ORDER BY device_id FOR UPDATE`,
            [ids],
          );
          for (const r of rows) latest.set(r.device_id, r);
        };
        await lock();
        const missing = ids.filter((id) => !latest.has(id));
        if (missing.length) {
          await tx.query(
            `INSERT INTO helio_device_latest (device_id, device_type, plant_id)
             SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::bigint[]) ON CONFLICT DO NOTHING`,
            [missing, missing.map((id) => DEVICE_TYPES[devices.get(id)!.type]), missing.map((id) => devices.get(id)!.plantId)],
          );
          await lock();
        }
      }

      // 2. Deltas against the running latest state, per device in time order.
      const sorted = [...telemetry].sort((a, b) => (a[0].device.id === b[0].device.id ? a[0].ts - b[0].ts : a[0].device.id < b[0].device.id ? -1 : 1));
      const deltas = new Map<number, number[]>();
      const newest = new Map<string, { it: IngestItem & { kind: 'telemetry' }; counters: (number | null)[] }>();
      for (const [it, idx] of sorted) {
        if (it.kind !== 'telemetry') continue;
        const l = latest.get(it.device.id);
        const running = l ? ENERGY_KEYS.map((k) => (l as unknown as Record<string, number | null>)[COUNTER_COLUMN[k]] ?? null) : ENERGY_KEYS.map(() => null);
        const prevTs = l?.ts ? new Date(l.ts).getTime() : null;
        const delta = [0, 0, 0, 0, 0, 0, 0];
        if (prevTs === null || it.ts > prevTs) {
          const c = countersOf(it.device.type, it.payload);
          const hours = prevTs === null ? 0 : (it.ts - prevTs) / 3_600_000;
          const cap = Math.max(it.device.ratedKw, 10) * 3 * hours + 1;
          ENERGY_KEYS.forEach((k, i) => {
            const now = c[k];
            if (now === undefined) return;
            const before = running[i];
            if (before !== null && before !== undefined) {
              const d = now - before;
              if (d > cap) this.stats.counterJumps++;
              else if (d > 0) delta[i] = d;
            }
            running[i] = now;
          });
          if (l) {
            l.ts = new Date(it.ts);
            ENERGY_KEYS.forEach((k, i) => ((l as unknown as Record<string, number | null>)[COUNTER_COLUMN[k]] = running[i]!));
          }
          newest.set(it.device.id, { it, counters: running.slice() });
        }
        deltas.set(idx, delta);
      }

      // 3. Raw rows per type; the RETURNING set is what was actually new.
      const inserted = new Set<string>();
      for (const type of Object.keys(RAW) as DeviceKind[]) {
        const group = telemetry.filter(([it]) => it.device.type === type);
        if (!group.length) continue;
        const spec = RAW[type];
        const rows = group.map(([it]) => {
          const t = it as IngestItem & { kind: 'telemetry' };
          return [t.device.id, new Date(t.ts).toISOString(), t.device.plantId, ...spec.values(t.payload as never)];
        });
        const [text, params] = unnestInsert(spec.table, [...RAW_KEY, ...spec.columns], rows, 'ON CONFLICT DO NOTHING RETURNING device_id::text AS d, ts');
        const { rows: got } = await tx.query<{ d: string; ts: Date | string }>(text, params);
        for (const r of got) inserted.add(`${r.d}|${new Date(r.ts).getTime()}`);
      }

      // 4. Rollups of the inserted rows.
      const acc = new RollupAccumulator();
      const counted = new Set<string>();
      for (const [it, idx] of telemetry) {
        const key = `${it.device.id}|${it.ts}`;
        if (!inserted.has(key) || counted.has(key)) continue;
        counted.add(key);
        results[idx] = 'stored';
        acc.addReport(it.device, it.ts, deltas.get(idx)!);
      }
      const parts = await rollupParts(tx, acc, this.partitions);

      // 5. Latest state of devices whose newest report advanced (in the same statement as the rollups).
      if (newest.size) {
        const rows = [...newest.values()]
          .sort((a, b) => (a.it.device.id < b.it.device.id ? -1 : 1))
          .map(({ it, counters }) => [
            it.device.id,
            DEVICE_TYPES[it.device.type],
            it.device.plantId,
            new Date(it.ts).toISOString(),
            receivedAt.toISOString(),
            (it.payload as { state: number }).state,
            arr(it.payload.faults),
            arr(it.payload.warnings),
            ...keyFigures(it.device.type, it.payload),
            ...counters,
            it.raw,
          ]);
        const set = LATEST_COLS.slice(1).map(([c]) => `"${c}" = excluded."${c}"`).join(', ');
        parts.push((offset) =>
          unnestInsert('helio_device_latest AS l', LATEST_COLS, rows, `ON CONFLICT (device_id) DO UPDATE SET ${set} WHERE l.ts IS NULL OR excluded.ts > l.ts`, offset),
        );
      }
      await runCombined(tx, parts);

      // 6. Charging sessions.
      const sessions = telemetry.filter(
        ([it]) => it.kind === 'telemetry' && it.device.type === 'charger' && (it.payload as ChargerTelemetry).session && inserted.has(`${it.device.id}|${it.ts}`),
      );
      if (sessions.length) {
        const rows = sessions.map(([it]) => {
          const p = (it as IngestItem & { kind: 'telemetry' }).payload as ChargerTelemetry;
          const iso = new Date(it.ts).toISOString();
          return [it.device.id, p.session!.id, it.device.plantId, it.device.tenantId, iso, iso, p.session!.energy ?? 0, p.power ?? 0, p.state === 2 || p.state === 5 ? 1 : 2];
        });
        const [text, params] = unnestInsert(
          'helio_charge_session AS s',
          [
            ['device_id', 'bigint'], ['session_id', 'varchar'], ['plant_id', 'bigint'], ['tenant_id', 'varchar'], ['start_time', 'timestamptz'],
            ['end_time', 'timestamptz'], ['energy_kwh', 'float8'], ['max_power', 'real'], ['session_status', 'smallint'],
          ],
          rows,
          `ON CONFLICT (device_id, session_id) DO UPDATE SET start_time = least(s.start_time, excluded.start_time),
             end_time = greatest(s.end_time, excluded.end_time), energy_kwh = greatest(s.energy_kwh, excluded.energy_kwh),
             max_power = greatest(s.max_power, excluded.max_power),
             session_status = CASE WHEN excluded.end_time >= s.end_time THEN excluded.session_status ELSE s.session_status END`,
        );
        await tx.query(text, params);
      }

      // 7. Events (idempotent on device, time, code, action).
      const events = items.map((it, i) => [it, i] as const).filter(([it]) => it.kind === 'event');
      if (events.length) {
        const rows: unknown[][] = [];
        for (const [it] of events) {
          const p = (it as IngestItem & { kind: 'event' }).payload;
          for (const e of p.events) {
            const ts = e.ts === undefined ? it.ts : parseTimestamp(e.ts) ?? it.ts;
            rows.push([nextId(), it.device.tenantId, it.device.id, it.device.plantId, DEVICE_TYPES[it.device.type], new Date(ts).toISOString(),
              e.type, e.code, e.level ?? (e.type === 1 ? 3 : e.type === 2 ? 2 : 1), e.action ?? 1, e.msg ?? null]);
          }
        }
        const [text, params] = unnestInsert(
          'helio_device_event',
          [
            ['id', 'bigint'], ['tenant_id', 'varchar'], ['device_id', 'bigint'], ['plant_id', 'bigint'], ['device_type', 'smallint'],
            ['ts', 'timestamptz'], ['event_type', 'smallint'], ['code', 'int'], ['level', 'smallint'], ['action', 'smallint'], ['message', 'varchar'],
          ],
          rows,
          'ON CONFLICT DO NOTHING RETURNING device_id::text AS d',
        );
        const { rows: got } = await tx.query<{ d: string }>(text, params);
        const stored = new Set(got.map((r) => r.d));
        for (const [it, i] of events) if (stored.has(it.device.id)) results[i] = 'stored';
      }

      // 8. Status: firmware versions, reporting interval, connectivity event.
      for (const [it, i] of items.map((x, j) => [x, j] as const)) {
        if (it.kind !== 'status') continue;
        const p = it.payload;
        await tx.query(
          `UPDATE helio_device SET report_interval = coalesce($2, report_interval), model = coalesce($3, model),
             fw_protocol = coalesce($4, fw_protocol), fw_master = coalesce($5, fw_master), fw_slave = coalesce($6, fw_slave),
             fw_ems = coalesce($7, fw_ems), fw_dcdc = coalesce($8, fw_dcdc) WHERE id = $1`,
          [it.device.id, p.interval ?? null, p.model ?? null, p.fw?.protocol ?? null, p.fw?.master ?? null, p.fw?.slave ?? null, p.fw?.ems ?? null, p.fw?.dcdc ?? null],
        );
        const { rows } = await tx.query(
          `INSERT INTO helio_device_event (id, tenant_id, device_id, plant_id, device_type, ts, event_type, code, level, action, message)
           VALUES ($1, $2, $3, $4, $5, $6, 4, 0, 1, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
          [nextId(), it.device.tenantId, it.device.id, it.device.plantId, DEVICE_TYPES[it.device.type], new Date(it.ts).toISOString(), p.online ? 1 : 0, p.online ? 'online' : 'offline'],
        );
        results[i] = rows.length ? 'stored' : 'duplicate';
      }
    });
    return results;
  }

  /** Adds rejection counts (flushed periodically by the ingest). */
  async addCounters(rows: { day: string; reason: string; count: number; lastSn: string | null; lastDetail: string | null; lastTime: Date }[]): Promise<void> {
    if (!rows.length) return;
    const [text, params] = unnestInsert(
      'helio_ingest_counter AS c',
      [['day', 'date'], ['reason', 'varchar'], ['count', 'bigint'], ['last_sn', 'varchar'], ['last_detail', 'varchar'], ['last_time', 'timestamptz']],
      rows.map((r) => [r.day, r.reason, r.count, r.lastSn, r.lastDetail?.slice(0, 255) ?? null, r.lastTime.toISOString()]),
      `ON CONFLICT (day, reason) DO UPDATE SET count = c.count + excluded.count, last_sn = coalesce(excluded.last_sn, c.last_sn),
         last_detail = coalesce(excluded.last_detail, c.last_detail), last_time = excluded.last_time`,
    );
    await this.db.query(text, params);
  }

  /** A registered device by SN with what the ingest needs; undefined when unknown or unbound. */
  async findDevice(sn: string, defaultTz: string): Promise<DeviceInfo | undefined> {
    const rows = await this.loadDevices(defaultTz, sn);
    return rows[0];
  }

  async loadDevices(defaultTz: string, sn?: string): Promise<DeviceInfo[]> {
    const { rows } = await this.db.query<{
      id: string; sn: string; type: number; tenant_id: string; plant_id: string | null; tz: string | null; rated: number | null; secret_hash: string;
    }>(
      `SELECT d.id::text AS id, d.device_sn AS sn, d.device_type AS type, d.tenant_id, d.plant_id::text AS plant_id, p.time_zone AS tz,
              coalesce(fi.rated_power, fc.rated_power) AS rated, d.secret_hash
         FROM helio_device d
         LEFT JOIN helio_plant p ON p.id = d.plant_id
         LEFT JOIN helio_inverter_factory fi ON d.device_type = 1 AND fi.device_sn = d.device_sn AND fi.is_deleted = 0
         LEFT JOIN helio_charger_factory fc ON d.device_type = 4 AND fc.device_sn = d.device_sn AND fc.is_deleted = 0
        WHERE d.is_deleted = 0 ${sn === undefined ? '' : 'AND d.device_sn = $1'}`,
      sn === undefined ? [] : [sn],
    );
    const kinds: Record<number, DeviceKind> = { 1: 'inverter', 2: 'battery', 3: 'guardian', 4: 'charger' };
    return rows
      .filter((r) => kinds[r.type])
      .map((r) => ({
        id: r.id,
        sn: r.sn,
        type: kinds[r.type]!,
        tenantId: r.tenant_id,
        plantId: r.plant_id,
        tz: r.tz ?? defaultTz,
        ratedKw: Number(r.rated ?? 0),
        secretHash: r.secret_hash,
      }));
  }

  /** Session state seen by the embedded broker. */
  async markConnection(deviceId: string, online: boolean, at: Date): Promise<void> {
    await this.db.query(
      online
        ? 'UPDATE helio_device SET online = true, last_connect_time = $2 WHERE id = $1'
        : 'UPDATE helio_device SET online = false, last_disconnect_time = $2 WHERE id = $1',
      [deviceId, at.toISOString()],
    );
  }
}

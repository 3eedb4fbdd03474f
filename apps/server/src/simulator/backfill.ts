/**
 * History for the demo fleet, written straight to the database in bulk so charts are full on the first start:
 * - the latest state at T0 (the instant the fleet was seeded) — written before the live simulator starts, so the
 *   first live report's energy delta starts exactly where the history ends;
 * - daily (and monthly) energy per device, station and tenant for the older days (`coarse`);
 * - for the last week: every 5-minute report as raw telemetry with its 5-minute, hourly, daily and monthly rollups,
 *   device events, recovered alarms and charging sessions — newest day first.
 * The numbers come from the same model as the live simulator and go through the same rollup code as the ingest.
 * Each chunk (a day × a group of stations) is one transaction with its marker in helio_seed_log, so an interrupted
 * backfill resumes where it stopped and never counts anything twice. Chunks are small so the API and the live
 * ingest (one PGlite connection) are never blocked for long.
 */
import { FAULT_CODE_MAP } from '@helio/contracts/modules/station/fault-codes';
import { nextId } from '../core/ids.js';
import { addDays, localDay, localMidnight } from '../modules/telemetry/solar.js';
import type { RawClient, RawDb } from '../modules/telemetry/raw-db.js';
import type { DeviceInfo, TelemetryPayload } from '../modules/telemetry/ingest-item.js';
import { arr, keyFigures, LATEST_COLS, RAW, RAW_KEY, unnestInsert } from '../modules/telemetry/raw-rows.js';
import { ENERGY_KEYS, RollupAccumulator, upsertRollups } from '../modules/telemetry/rollups.js';
import { PartitionManager } from '../modules/telemetry/partitions.js';
import type { Fleet, SimDevice, SimStation } from './fleet.js';
import { countersOf, type FleetModel } from './model.js';
import { STEP_MS } from './physics.js';
import { report } from './report.js';

export interface DemoContext {
  fleet: Fleet;
  model: FleetModel;
  /** Instant the fleet was seeded: history ends here, live reports start after it. */
  t0: number;
  /** Registered (live) devices by SN. */
  devices: Map<string, DeviceInfo>;
}

interface Logger {
  info(obj: unknown, msg?: string): void;
}

const CHUNK_STATIONS = 5;
/** Days (today and the days before it) that get raw reports and per-device 5-minute rows; the rest of the last week
 * gets station 5-minute, hourly and daily rollups only (raw history of a week would be ~1 GB on PGlite). */
const RAW_DAYS = 3;

function deltaVector(names: string[], now: Record<string, number>, before: Record<string, number> | undefined): number[] {
  const out = [0, 0, 0, 0, 0, 0, 0];
  if (!before) return out;
  for (const n of names) {
    const i = ENERGY_KEYS.indexOf(n as (typeof ENERGY_KEYS)[number]);
    if (i < 0) continue;
    out[i] = Math.max(0, now[n]! - before[n]!);
  }
  return out;
}

function counterVector(names: string[], c: Record<string, number>): (number | null)[] {
  return ENERGY_KEYS.map((k) => (names.includes(k) ? c[k]! : null));
}

/** Latest state of every registered demo device at its last report ≤ T0. */
export async function writeLatest(db: RawClient, ctx: DemoContext): Promise<number> {
  const rows: unknown[][] = [];
  for (const s of ctx.fleet.stations) {
    for (const d of s.devices) {
      const info = ctx.devices.get(d.sn);
      if (!info) continue;
      const at = ctx.model.lastReportAt(s, d, ctx.t0);
      if (at === undefined) continue;
      const p = report(ctx.model, s, d, at) as unknown as TelemetryPayload & { state: number };
      rows.push([
        info.id, { inverter: 1, battery: 2, guardian: 3, charger: 4 }[d.kind], info.plantId, new Date(at).toISOString(), new Date(at + 2000).toISOString(),
        p.state, arr(p.faults), arr(p.warnings), ...keyFigures(d.kind, p), ...counterVector(countersOf(s, d), ctx.model.counters(s, d, at)), JSON.stringify(p),
      ]);
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const set = LATEST_COLS.slice(1).map(([c]) => `"${c}" = excluded."${c}"`).join(', ');
    const [text, params] = unnestInsert('helio_device_latest AS l', LATEST_COLS, rows.slice(i, i + 1000), `ON CONFLICT (device_id) DO UPDATE SET ${set}`);
    await db.query(text, params);
  }
  return rows.length;
}

interface Chunk {
  stations: SimStation[];
  /** Local day with raw data, or undefined for the coarse (daily totals) history. */
  day?: string;
}

/** Marker of one station's part of a chunk (helio_seed_log.step): done once, whatever the chunking. */
const marker = (day: string | undefined, s: SimStation) => `demo-bf:${day ?? 'coarse'}:${s.key}`;

/** What is left to write: the coarse history first, then the fine days newest first; ≤ CHUNK_STATIONS per chunk. */
export function plan(ctx: DemoContext, done: Set<string> = new Set()): Chunk[] {
  const chunks: Chunk[] = [];
  const add = (day: string | undefined) => {
    const todo = ctx.fleet.stations.filter((s) => !done.has(marker(day, s)));
    for (let i = 0; i < todo.length; i += CHUNK_STATIONS) chunks.push({ day, stations: todo.slice(i, i + CHUNK_STATIONS) });
  };
  add(undefined);
  // Newest first: today (up to T0), yesterday, … back to the first fine day. Kiritimati (UTC+14) is the furthest
  // ahead: its date covers every station's today.
  for (let day = localDay(ctx.t0, 'Pacific/Kiritimati'); day >= ctx.model.fineFrom; day = addDays(day, -1)) add(day);
  return chunks;
}

async function writeChunk(tx: RawClient, ctx: DemoContext, chunk: Chunk, partitions: PartitionManager): Promise<number> {
  const { model } = ctx;
  const withRaw = chunk.day !== undefined && chunk.day > addDays(localDay(ctx.t0, 'UTC'), -RAW_DAYS);
  const acc = new RollupAccumulator();
  let rows = 0;
  if (!chunk.day) {
    // Daily totals of the coarse history: days from the epoch to the first fine day.
    for (const s of chunk.stations) {
      for (let day = model.epochDay; day < model.fineFrom; day = addDays(day, 1)) {
        const totals = model.totals(s, day);
        for (const d of s.devices) {
          const info = ctx.devices.get(d.sn);
          if (!info) continue;
          const t = totals.get(d.sn) ?? {};
          const names = countersOf(s, d);
          const e = ENERGY_KEYS.map((k) => (names.includes(k) ? t[k] ?? 0 : 0));
          if (e.every((x) => x === 0) && d.kind === 'guardian') continue;
          addDay(acc, info, day, e, d.kind);
          rows++;
        }
      }
    }
    await upsertRollups(tx, acc, partitions);
    return rows;
  }

  const raw = new Map<string, unknown[][]>();
  const events: unknown[][] = [];
  const alarms: unknown[][] = [];
  const sessions = new Map<string, { d: DeviceInfo; id: string; start: number; end: number; kwh: number; max: number }>();
  for (const s of chunk.stations) {
    if (chunk.day < model.fineFrom) continue;
    const from = Math.max(localMidnight(chunk.day, s.site.tz), localMidnight(model.fineFrom, s.site.tz));
    const to = Math.min(localMidnight(addDays(chunk.day, 1), s.site.tz), ctx.t0 + 1);
    if (from >= to) continue;
    const sim = model.day(s, chunk.day);
    for (const d of s.devices) {
      const info = ctx.devices.get(d.sn);
      if (!info) continue;
      // Baseline: the previous report (or the start of the fine history).
      const prevAt = model.lastReportAt(s, d, from - STEP_MS, 3);
      const fineStart = localMidnight(model.fineFrom, s.site.tz);
      let before: Record<string, number> | undefined = model.counters(s, d, prevAt !== undefined && prevAt >= fineStart ? prevAt : fineStart);
      const spec = RAW[d.kind];
      let list = raw.get(d.kind);
      if (!list) raw.set(d.kind, (list = []));
      for (let t = Math.ceil(from / STEP_MS) * STEP_MS; t < to; t += STEP_MS) {
        if (!model.reportsAt(s, d, t)) continue;
        const p = report(model, s, d, t) as unknown as TelemetryPayload;
        const now = model.counters(s, d, t);
        acc.addReport(info, t, deltaVector(countersOf(s, d), now, before));
        before = now;
        if (withRaw) list.push([info.id, new Date(t).toISOString(), info.plantId, ...spec.values(p as never)]);
        rows++;
        const ses = (p as { session?: { id: string; energy?: number }; power?: number }).session;
        if (d.kind === 'charger' && ses) {
          const key = `${info.id}|${ses.id}`;
          const x = sessions.get(key) ?? { d: info, id: ses.id, start: t, end: t, kwh: 0, max: 0 };
          x.end = t;
          x.kwh = Math.max(x.kwh, ses.energy ?? 0);
          x.max = Math.max(x.max, (p as { power?: number }).power ?? 0);
          sessions.set(key, x);
        }
      }
      // Incidents that started in this chunk and ended before T0: events and recovered alarms.
      for (const f of sim.faults.filter((x) => x.sn === d.sn && x.start >= from && x.start < to && x.end <= ctx.t0)) {
        const c = FAULT_CODE_MAP.get(f.code);
        const level = c?.level ?? 3;
        const type = 1; // fault
        events.push([nextId(), info.tenantId, info.id, info.plantId, typeCode(d), iso(f.start), type, f.code, level, 1, c?.en ?? null]);
        events.push([nextId(), info.tenantId, info.id, info.plantId, typeCode(d), iso(f.end), type, f.code, level, 0, c?.en ?? null]);
        alarms.push([nextId(), info.tenantId, info.plantId, info.id, d.sn, typeCode(d), f.code, 1, level, 1, iso(f.start), iso(f.end), c?.en ?? null, c?.solutionEn ?? null, 2]);
      }
      for (const o of sim.offline.filter((x) => x.sn === d.sn && x.start >= from && x.start < to && x.end <= ctx.t0)) {
        events.push([nextId(), info.tenantId, info.id, info.plantId, typeCode(d), iso(o.start), 4, 0, 1, 0, 'offline']);
        events.push([nextId(), info.tenantId, info.id, info.plantId, typeCode(d), iso(o.end), 4, 0, 1, 1, 'online']);
        const c = FAULT_CODE_MAP.get(9001);
        alarms.push([nextId(), info.tenantId, info.plantId, info.id, d.sn, typeCode(d), 9001, 3, c?.level ?? 2, 1, iso(o.start), iso(o.end), c?.en ?? null, c?.solutionEn ?? null, 0]);
      }
    }
  }
  for (const [kind, list] of raw) {
    if (!list.length) continue;
    const spec = RAW[kind as SimDevice['kind']];
    await partitions.ensure(spec.table, list.map((r) => Date.parse(r[1] as string)), tx);
    for (let i = 0; i < list.length; i += 2000) {
      const [text, params] = unnestInsert(spec.table, [...RAW_KEY, ...spec.columns], list.slice(i, i + 2000), 'ON CONFLICT DO NOTHING');
      await tx.query(text, params);
    }
  }
  if (!withRaw) acc.tables.delete('device5m');
  await upsertRollups(tx, acc, partitions);
  if (events.length) {
    const [text, params] = unnestInsert(
      'helio_device_event',
      [['id', 'bigint'], ['tenant_id', 'varchar'], ['device_id', 'bigint'], ['plant_id', 'bigint'], ['device_type', 'smallint'], ['ts', 'timestamptz'],
        ['event_type', 'smallint'], ['code', 'int'], ['level', 'smallint'], ['action', 'smallint'], ['message', 'varchar']],
      events,
      'ON CONFLICT DO NOTHING',
    );
    await tx.query(text, params);
  }
  if (alarms.length) {
    const [text, params] = unnestInsert(
      'helio_alarm',
      [['id', 'bigint'], ['tenant_id', 'varchar'], ['plant_id', 'bigint'], ['device_id', 'bigint'], ['device_sn', 'varchar'], ['device_type', 'smallint'],
        ['alarm_code', 'int'], ['alarm_type', 'smallint'], ['level', 'smallint'], ['alarm_status', 'smallint'], ['trigger_time', 'timestamptz'],
        ['recover_time', 'timestamptz'], ['description', 'varchar'], ['solution', 'varchar'], ['handle_status', 'smallint']],
      alarms,
    );
    await tx.query(text, params);
  }
  if (sessions.size) {
    const list = [...sessions.values()].map((x) => [x.d.id, x.id, x.d.plantId, x.d.tenantId, iso(x.start), iso(x.end), x.kwh, x.max, x.end + STEP_MS > ctx.t0 ? 1 : 2]);
    const [text, params] = unnestInsert(
      'helio_charge_session AS s',
      [['device_id', 'bigint'], ['session_id', 'varchar'], ['plant_id', 'bigint'], ['tenant_id', 'varchar'], ['start_time', 'timestamptz'], ['end_time', 'timestamptz'],
        ['energy_kwh', 'float8'], ['max_power', 'real'], ['session_status', 'smallint']],
      list,
      `ON CONFLICT (device_id, session_id) DO UPDATE SET start_time = least(s.start_time, excluded.start_time), end_time = greatest(s.end_time, excluded.end_time),
         energy_kwh = greatest(s.energy_kwh, excluded.energy_kwh), max_power = greatest(s.max_power, excluded.max_power)`,
    );
    await tx.query(text, params);
  }
  return rows;
}

const iso = (t: number) => new Date(t).toISOString();
const typeCode = (d: SimDevice) => ({ inverter: 1, battery: 2, guardian: 3, charger: 4 })[d.kind];

/** A whole local day's energy into the day and month rollups (no 5-minute or hourly rows). */
function addDay(acc: RollupAccumulator, d: DeviceInfo, day: string, e: number[], kind: string): void {
  const month = `${day.slice(0, 7)}-01`;
  acc.add('deviceDay', [d.id, day], [d.plantId], e, 0);
  acc.add('deviceMonth', [d.id, month], [d.plantId], e, 0);
  if (!d.plantId || (kind !== 'inverter' && kind !== 'charger')) return;
  acc.add('plantDay', [d.plantId, day], [d.tenantId], e, 0);
  acc.add('plantMonth', [d.plantId, month], [d.tenantId], e, 0);
  acc.add('tenantDay', [d.tenantId, day], [], e, 0);
  acc.add('tenantMonth', [d.tenantId, month], [], e, 0);
}

/**
 * Writes every chunk not yet done (resumable). `yieldMs` pauses between chunks so live traffic and API requests
 * get the connection.
 */
export async function backfill(db: RawDb, ctx: DemoContext, opts: { log?: Logger; yieldMs?: number; stop?: () => boolean } = {}): Promise<{ chunks: number; rows: number; ms: number }> {
  const started = Date.now();
  const partitions = new PartitionManager(db);
  // All partitions of the fine history up front, outside the chunk transactions (DDL would lock the parent tables).
  await partitions.ensureRange(Date.parse(`${ctx.model.fineFrom}T00:00:00Z`) - 2 * 86_400_000, ctx.t0 + 86_400_000);
  const { rows: done } = await db.query<{ step: string }>(`SELECT step FROM helio_seed_log WHERE step LIKE 'demo-bf:%'`);
  let chunks = 0;
  let rows = 0;
  for (const chunk of plan(ctx, new Set(done.map((r) => r.step)))) {
    if (opts.stop?.()) break;
    rows += await db.transaction(async (tx) => {
      const n = await writeChunk(tx, ctx, chunk, partitions);
      await tx.query('INSERT INTO helio_seed_log (step) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [chunk.stations.map((s) => marker(chunk.day, s))]);
      return n;
    });
    chunks++;
    if (opts.yieldMs) await new Promise((r) => setTimeout(r, opts.yieldMs));
  }
  const ms = Date.now() - started;
  if (chunks) {
    await db.query('CHECKPOINT').catch(() => undefined); // lets the write-ahead log of the bulk load be recycled
    opts.log?.info({ chunks, rows, ms }, 'demo history backfilled');
  }
  return { chunks, rows, ms };
}

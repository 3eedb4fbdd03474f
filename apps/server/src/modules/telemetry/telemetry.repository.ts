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
 */
import { nextId } from '../../core/ids.js';
import type { DeviceKind } from '../../db/schema-device.js';
import { DEVICE_TYPES } from '../../db/schema-device.js';
import { PartitionManager } from './partitions.js';
import type { RawClient, RawDb } from './raw-db.js';
import { localKeys } from './solar.js';
import type {
  BatteryTelemetry,
  ChargerTelemetry,
  EventPayload,
  GuardianTelemetry,
  InverterTelemetry,
  StatusPayload,
} from './telemetry.schema.js';

export interface DeviceInfo {
  id: string;
  sn: string;
  type: DeviceKind;
  tenantId: string;
  plantId: string | null;
  /** The station's time zone (rollup keys). */
  tz: string;
  /** Rated power in kW (plausibility cap of energy deltas); 0 when unknown. */
  ratedKw: number;
  secretHash: string;
}

export type TelemetryPayload = InverterTelemetry | BatteryTelemetry | GuardianTelemetry | ChargerTelemetry;

export type IngestItem =
  | { kind: 'telemetry'; device: DeviceInfo; ts: number; payload: TelemetryPayload; raw: string }
  | { kind: 'event'; device: DeviceInfo; ts: number; payload: EventPayload }
  | { kind: 'status'; device: DeviceInfo; ts: number; payload: StatusPayload };

export type WriteResult = 'stored' | 'duplicate';

export const ENERGY_KEYS = ['pv', 'load', 'import', 'export', 'charge', 'discharge', 'ev'] as const;
export type EnergyKey = (typeof ENERGY_KEYS)[number];
const COUNTER_COLUMN: Record<EnergyKey, string> = {
  pv: 'e_pv_total',
  load: 'e_load_total',
  import: 'e_import_total',
  export: 'e_export_total',
  charge: 'e_charge_total',
  discharge: 'e_discharge_total',
  ev: 'e_ev_total',
};
const ENERGY_COLUMNS = ['pv_kwh', 'load_kwh', 'import_kwh', 'export_kwh', 'charge_kwh', 'discharge_kwh', 'ev_kwh'];

/** Cumulative counters a report carries, by energy key. */
export function countersOf(type: DeviceKind, p: TelemetryPayload): Partial<Record<EnergyKey, number>> {
  switch (type) {
    case 'inverter': {
      const e = (p as InverterTelemetry).energy;
      if (!e) return {};
      return {
        pv: e.pvTotal,
        load: e.loadTotal,
        import: e.importTotal,
        export: e.exportTotal,
        charge: e.chargeTotal,
        discharge: e.dischargeTotal,
      };
    }
    case 'battery': {
      const e = (p as BatteryTelemetry).energy;
      return e ? { charge: e.chargeTotal, discharge: e.dischargeTotal } : {};
    }
    case 'charger':
      return { ev: (p as ChargerTelemetry).energy?.total };
    case 'guardian':
      return {};
  }
}

/** Which energy keys of a device type roll up to its station and tenant (batteries are seen by the inverter). */
const PLANT_KEYS: Record<DeviceKind, readonly EnergyKey[]> = {
  inverter: ['pv', 'load', 'import', 'export', 'charge', 'discharge'],
  charger: ['ev'],
  battery: [],
  guardian: [],
};

// ---------------------------------------------------------------------------------------------------------------
// Raw row layouts
// ---------------------------------------------------------------------------------------------------------------

export type Col = readonly [name: string, type: string];
interface RawSpec<P> {
  table: string;
  columns: readonly Col[];
  values(p: P): unknown[];
}

export const arr = (a: readonly number[] | undefined) => (a && a.length ? `{${a.join(',')}}` : null);
const at = <T,>(a: readonly T[] | undefined, i: number): T | null => (a && i < a.length ? a[i]! : null);
const v = (x: number | undefined) => (x === undefined ? null : x);

export function pvPowerOf(p: InverterTelemetry): number | null {
  if (p.pvPower !== undefined) return p.pvPower;
  if (!p.pv?.length) return null;
  return p.pv.reduce((s, x) => s + x.v * x.i, 0);
}

export const RAW: { [K in DeviceKind]: RawSpec<never> } = {
  inverter: {
    table: 'helio_telemetry_inverter',
    columns: [
      ['state', 'smallint'],
      ['pv1_v', 'real'], ['pv1_i', 'real'], ['pv2_v', 'real'], ['pv2_i', 'real'],
      ['pv3_v', 'real'], ['pv3_i', 'real'], ['pv4_v', 'real'], ['pv4_i', 'real'],
      ['pv_power', 'real'],
      ['grid_va', 'real'], ['grid_vb', 'real'], ['grid_vc', 'real'],
      ['grid_ia', 'real'], ['grid_ib', 'real'], ['grid_ic', 'real'],
      ['grid_pa', 'real'], ['grid_pb', 'real'], ['grid_pc', 'real'],
      ['grid_power', 'real'], ['grid_freq', 'real'], ['grid_q', 'real'], ['grid_pf', 'real'],
      ['load_power', 'real'], ['load_pa', 'real'], ['load_pb', 'real'], ['load_pc', 'real'],
      ['eps_power', 'real'],
      ['bat_v', 'real'], ['bat_i', 'real'], ['bat_power', 'real'], ['bat_soc', 'real'], ['bat_temp', 'real'],
      ['temp_inner', 'real'], ['temp_sink', 'real'], ['bus_v', 'real'], ['iso_kohm', 'real'],
      ['e_pv_today', 'float8'], ['e_pv_total', 'float8'], ['e_load_total', 'float8'], ['e_import_total', 'float8'],
      ['e_export_total', 'float8'], ['e_charge_total', 'float8'], ['e_discharge_total', 'float8'],
      ['fault_codes', 'int[]'], ['warning_codes', 'int[]'],
    ],
    values: ((p: InverterTelemetry) => {
      const g = p.grid;
      const b = p.battery;
      const e = p.energy;
      const pv = p.pv;
      return [
        p.state,
        pv?.[0]?.v ?? null, pv?.[0]?.i ?? null, pv?.[1]?.v ?? null, pv?.[1]?.i ?? null,
        pv?.[2]?.v ?? null, pv?.[2]?.i ?? null, pv?.[3]?.v ?? null, pv?.[3]?.i ?? null,
        pvPowerOf(p),
        at(g?.v, 0), at(g?.v, 1), at(g?.v, 2),
        at(g?.i, 0), at(g?.i, 1), at(g?.i, 2),
        at(g?.p, 0), at(g?.p, 1), at(g?.p, 2),
        v(g?.power), v(g?.freq), v(g?.q), v(g?.pf),
        v(p.load?.power), at(p.load?.p, 0), at(p.load?.p, 1), at(p.load?.p, 2),
        v(p.eps?.power),
        v(b?.v), v(b?.i), v(b?.power), v(b?.soc), v(b?.temp),
        v(p.temp?.inner), v(p.temp?.sink), v(p.busV), v(p.isoKohm),
        v(e?.pvToday), v(e?.pvTotal), v(e?.loadTotal), v(e?.importTotal),
        v(e?.exportTotal), v(e?.chargeTotal), v(e?.dischargeTotal),
        arr(p.faults), arr(p.warnings),
      ];
    }) as (p: never) => unknown[],
  },
  battery: {
    table: 'helio_telemetry_battery',
    columns: [
      ['state', 'smallint'], ['voltage', 'real'], ['current', 'real'], ['power', 'real'], ['soc', 'real'], ['soh', 'real'],
      ['temp', 'real'], ['cell_v_max', 'real'], ['cell_v_min', 'real'], ['cell_t_max', 'real'], ['cell_t_min', 'real'],
      ['cycles', 'int'], ['remain_kwh', 'real'], ['e_charge_total', 'float8'], ['e_discharge_total', 'float8'],
      ['fault_codes', 'int[]'], ['warning_codes', 'int[]'],
    ],
    values: ((p: BatteryTelemetry) => [
      p.state, v(p.v), v(p.i), v(p.power), v(p.soc), v(p.soh), v(p.temp),
      v(p.cell?.vMax), v(p.cell?.vMin), v(p.cell?.tMax), v(p.cell?.tMin),
      v(p.cycles), v(p.remainKwh), v(p.energy?.chargeTotal), v(p.energy?.dischargeTotal),
      arr(p.faults), arr(p.warnings),
    ]) as (p: never) => unknown[],
  },
  guardian: {
    table: 'helio_telemetry_guardian',
    columns: [
      ['state', 'smallint'], ['gate', 'smallint'], ['protect', 'smallint'],
      ['va', 'real'], ['vb', 'real'], ['vc', 'real'], ['ia', 'real'], ['ib', 'real'], ['ic', 'real'],
      ['pa', 'real'], ['pb', 'real'], ['pc', 'real'], ['power', 'real'], ['freq', 'real'], ['leak_ma', 'real'],
      ['temp', 'real'], ['e_total', 'float8'], ['fault_codes', 'int[]'], ['warning_codes', 'int[]'],
    ],
    values: ((p: GuardianTelemetry) => [
      p.state, p.gate, v(p.protect),
      at(p.v, 0), at(p.v, 1), at(p.v, 2), at(p.i, 0), at(p.i, 1), at(p.i, 2),
      at(p.p, 0), at(p.p, 1), at(p.p, 2), v(p.power), v(p.freq), v(p.leakMa),
      v(p.temp), v(p.energy?.total), arr(p.faults), arr(p.warnings),
    ]) as (p: never) => unknown[],
  },
  charger: {
    table: 'helio_telemetry_charger',
    columns: [
      ['state', 'smallint'], ['power', 'real'], ['va', 'real'], ['vb', 'real'], ['vc', 'real'],
      ['ia', 'real'], ['ib', 'real'], ['ic', 'real'], ['temp', 'real'], ['session_id', 'varchar'],
      ['session_kwh', 'float8'], ['e_total', 'float8'], ['fault_codes', 'int[]'], ['warning_codes', 'int[]'],
    ],
    values: ((p: ChargerTelemetry) => [
      p.state, v(p.power), at(p.v, 0), at(p.v, 1), at(p.v, 2), at(p.i, 0), at(p.i, 1), at(p.i, 2),
      v(p.temp), p.session?.id ?? null, v(p.session?.energy), v(p.energy?.total), arr(p.faults), arr(p.warnings),
    ]) as (p: never) => unknown[],
  },
};

/** `$n::type[]` for unnest; array-typed columns travel as text literals and are cast per row. */
const unnestType = (t: string) => (t.endsWith('[]') ? 'text[]' : `${t}[]`);
const castBack = (name: string, t: string) => (t.endsWith('[]') ? `"${name}"::${t}` : `"${name}"`);

/** Builds `INSERT INTO t (cols) SELECT … FROM unnest($1::a[], …) AS u(cols)` and the column-major parameters. */
export function unnestInsert(table: string, cols: readonly Col[], rows: readonly unknown[][], tail = '', offset = 0): [string, unknown[]] {
  const params: unknown[] = cols.map(() => [] as unknown[]);
  for (const r of rows) for (let j = 0; j < cols.length; j++) (params[j] as unknown[]).push(r[j] ?? null);
  const names = cols.map(([n]) => `"${n}"`).join(', ');
  const text =
    `INSERT INTO ${table} (${names}) SELECT ${cols.map(([n, t]) => castBack(n, t)).join(', ')} ` +
    `FROM unnest(${cols.map(([, t], i) => `$${offset + i + 1}::${unnestType(t)}`).join(', ')}) AS u(${names}) ${tail}`;
  return [text, params];
}

/**
 * Several INSERT … ON CONFLICT statements (on different tables) as one statement of data-modifying CTEs: one round
 * trip and one execution instead of one per table. Each part is built with its parameter offset.
 */
export async function runCombined(tx: RawClient, parts: ((offset: number) => [string, unknown[]])[]): Promise<void> {
  if (!parts.length) return;
  if (parts.length === 1) {
    const [text, params] = parts[0]!(0);
    await tx.query(text, params);
    return;
  }
  const texts: string[] = [];
  const params: unknown[] = [];
  for (const part of parts) {
    const [text, p] = part(params.length);
    texts.push(`w${texts.length} AS (${text})`);
    params.push(...p);
  }
  await tx.query(`WITH ${texts.join(',\n')} SELECT 1`, params);
}

export const RAW_KEY: readonly Col[] = [
  ['device_id', 'bigint'],
  ['ts', 'timestamptz'],
  ['plant_id', 'bigint'],
];

// ---------------------------------------------------------------------------------------------------------------
// Energy rollups
// ---------------------------------------------------------------------------------------------------------------

export interface EnergyRow {
  keys: unknown[];
  extras: unknown[];
  e: number[];
  samples: number;
}

interface RollupSpec {
  table: string;
  keys: readonly Col[];
  extras: readonly Col[];
}

export const ROLLUPS = {
  device5m: { table: 'helio_energy_device_5m', keys: [['device_id', 'bigint'], ['bucket', 'timestamptz']], extras: [['plant_id', 'bigint']] },
  deviceHour: { table: 'helio_energy_device_hour', keys: [['device_id', 'bigint'], ['bucket', 'timestamptz']], extras: [['plant_id', 'bigint']] },
  deviceDay: { table: 'helio_energy_device_day', keys: [['device_id', 'bigint'], ['day', 'date']], extras: [['plant_id', 'bigint']] },
  deviceMonth: { table: 'helio_energy_device_month', keys: [['device_id', 'bigint'], ['month', 'date']], extras: [['plant_id', 'bigint']] },
  plant5m: { table: 'helio_energy_plant_5m', keys: [['plant_id', 'bigint'], ['bucket', 'timestamptz']], extras: [] },
  plantHour: { table: 'helio_energy_plant_hour', keys: [['plant_id', 'bigint'], ['bucket', 'timestamptz']], extras: [] },
  plantDay: { table: 'helio_energy_plant_day', keys: [['plant_id', 'bigint'], ['day', 'date']], extras: [['tenant_id', 'varchar']] },
  plantMonth: { table: 'helio_energy_plant_month', keys: [['plant_id', 'bigint'], ['month', 'date']], extras: [['tenant_id', 'varchar']] },
  tenantHour: { table: 'helio_energy_tenant_hour', keys: [['tenant_id', 'varchar'], ['bucket', 'timestamptz']], extras: [] },
  tenantDay: { table: 'helio_energy_tenant_day', keys: [['tenant_id', 'varchar'], ['day', 'date']], extras: [] },
  tenantMonth: { table: 'helio_energy_tenant_month', keys: [['tenant_id', 'varchar'], ['month', 'date']], extras: [] },
} as const satisfies Record<string, RollupSpec>;
export type RollupName = keyof typeof ROLLUPS;

/** Accumulates energy per rollup key in memory; one upsert per table at the end. */
export class RollupAccumulator {
  readonly tables = new Map<RollupName, Map<string, EnergyRow>>();

  add(name: RollupName, keys: unknown[], extras: unknown[], e: ArrayLike<number>, samples: number): void {
    let m = this.tables.get(name);
    if (!m) this.tables.set(name, (m = new Map()));
    const k = keys.join('|');
    let row = m.get(k);
    if (!row) m.set(k, (row = { keys, extras, e: [0, 0, 0, 0, 0, 0, 0], samples: 0 }));
    for (let i = 0; i < 7; i++) row.e[i]! += e[i]!;
    row.samples += samples;
  }

  /** Adds one report of a device (energy deltas in ENERGY_KEYS order) at every level. */
  addReport(d: DeviceInfo, ms: number, delta: ArrayLike<number>): void {
    const k = localKeys(ms, d.tz);
    const b5 = new Date(k.bucket5m).toISOString();
    const hour = new Date(k.hour).toISOString();
    this.add('device5m', [d.id, b5], [d.plantId], delta, 1);
    this.add('deviceHour', [d.id, hour], [d.plantId], delta, 1);
    this.add('deviceDay', [d.id, k.day], [d.plantId], delta, 1);
    this.add('deviceMonth', [d.id, k.month], [d.plantId], delta, 1);
    const plantKeys = PLANT_KEYS[d.type];
    if (!d.plantId || plantKeys.length === 0) return;
    const pe = [0, 0, 0, 0, 0, 0, 0];
    for (const key of plantKeys) {
      const i = ENERGY_KEYS.indexOf(key);
      pe[i] = delta[i]!;
    }
    const samples = d.type === 'inverter' ? 1 : 0;
    this.add('plant5m', [d.plantId, b5], [], pe, samples);
    this.add('plantHour', [d.plantId, hour], [], pe, samples);
    this.add('plantDay', [d.plantId, k.day], [d.tenantId], pe, samples);
    this.add('plantMonth', [d.plantId, k.month], [d.tenantId], pe, samples);
    this.add('tenantHour', [d.tenantId, hour], [], pe, samples);
    this.add('tenantDay', [d.tenantId, k.day], [], pe, samples);
    this.add('tenantMonth', [d.tenantId, k.month], [], pe, samples);
  }
}

/** Additive upsert of accumulated rows (sorted by key so concurrent batches lock in the same order). */
/**
 * The accumulated rollups as upsert statements (sorted by key so concurrent batches lock in the same order). Tables
 * of at most `maxRows` rows become parts for `runCombined`; larger ones (bulk backfill) are written directly in
 * chunks of 5,000.
 */
export async function rollupParts(
  tx: RawClient,
  acc: RollupAccumulator,
  partitions: PartitionManager,
  maxRows = 5000,
): Promise<((offset: number) => [string, unknown[]])[]> {
  const parts: ((offset: number) => [string, unknown[]])[] = [];
  for (const [name, m] of acc.tables) {
    const spec: RollupSpec = ROLLUPS[name];
    const rows = [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, r]) => r);
    if (rows.length === 0) continue;
    if (spec.table.endsWith('_5m') || spec.table.endsWith('_hour')) {
      if (spec.table in PARTITIONED_ROLLUPS) await partitions.ensure(spec.table, rows.map((r) => Date.parse(r.keys[1] as string)), tx);
    }
    const cols: Col[] = [...spec.keys, ...spec.extras, ...ENERGY_COLUMNS.map((c) => [c, 'float8'] as const), ['samples', 'int']];
    const set = [...ENERGY_COLUMNS, 'samples'].map((c) => `"${c}" = t."${c}" + excluded."${c}"`).join(', ');
    const tail = `ON CONFLICT (${spec.keys.map(([n]) => `"${n}"`).join(', ')}) DO UPDATE SET ${set}`;
    if (rows.length <= maxRows) {
      const data = rows.map((r) => [...r.keys, ...r.extras, ...r.e, r.samples]);
      parts.push((offset) => unnestInsert(`${spec.table} AS t`, cols, data, tail, offset));
      continue;
    }
    for (let i = 0; i < rows.length; i += 5000) {
      const data = rows.slice(i, i + 5000).map((r) => [...r.keys, ...r.extras, ...r.e, r.samples]);
      const [text, params] = unnestInsert(`${spec.table} AS t`, cols, data, tail);
      await tx.query(text, params);
    }
  }
  return parts;
}

/** Additive upsert of accumulated rollups. */
export async function upsertRollups(tx: RawClient, acc: RollupAccumulator, partitions: PartitionManager): Promise<void> {
  await runCombined(tx, await rollupParts(tx, acc, partitions));
}
const PARTITIONED_ROLLUPS: Record<string, true> = {
  helio_energy_device_5m: true,
  helio_energy_plant_5m: true,
  helio_energy_device_hour: true,
  helio_energy_plant_hour: true,
};

// ---------------------------------------------------------------------------------------------------------------
// The batch writer
// ---------------------------------------------------------------------------------------------------------------

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

export const LATEST_COLS: readonly Col[] = [
  ['device_id', 'bigint'],
  ['device_type', 'smallint'],
  ['plant_id', 'bigint'],
  ['ts', 'timestamptz'],
  ['received_at', 'timestamptz'],
  ['state', 'smallint'],
  ['fault_codes', 'int[]'],
  ['warning_codes', 'int[]'],
  ['pv_power', 'real'],
  ['load_power', 'real'],
  ['grid_power', 'real'],
  ['bat_power', 'real'],
  ['bat_soc', 'real'],
  ['e_pv_total', 'float8'],
  ['e_load_total', 'float8'],
  ['e_import_total', 'float8'],
  ['e_export_total', 'float8'],
  ['e_charge_total', 'float8'],
  ['e_discharge_total', 'float8'],
  ['e_ev_total', 'float8'],
  ['data', 'jsonb'],
];

/** Key power figures of a report for the latest-state table (instant reads of lists and dashboards). */
export function keyFigures(type: DeviceKind, p: TelemetryPayload): (number | null)[] {
  switch (type) {
    case 'inverter': {
      const x = p as InverterTelemetry;
      return [pvPowerOf(x), v(x.load?.power), v(x.grid?.power), v(x.battery?.power), v(x.battery?.soc)];
    }
    case 'battery': {
      const x = p as BatteryTelemetry;
      return [null, null, null, v(x.power), v(x.soc)];
    }
    case 'guardian':
      return [null, null, v((p as GuardianTelemetry).power), null, null];
    case 'charger':
      return [null, v((p as ChargerTelemetry).power), null, null, null];
  }
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

const MAX_DATE_MS = 8.64e15;

/** ms since the epoch from a protocol timestamp (ms integer or ISO-8601 with zone); null when unreadable. */
export function parseTimestamp(ts: unknown): number | null {
  let ms: number;
  if (typeof ts === 'number') ms = ts;
  else if (typeof ts === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(ts)) ms = Date.parse(ts);
  else return null;
  // Whole milliseconds from the epoch up to the last instant a Date can hold (±8.64e15): a larger number is no
  // time at all (new Date(1e20) is an invalid Date), and a fraction or a negative is no device's clock.
  return Number.isInteger(ms) && ms >= 0 && ms <= MAX_DATE_MS ? ms : null;
}

/**
 * Raw telemetry rows in SQL: the column layout of each device type's time-partitioned table and how a report fills
 * it, the latest-state row (key figures, counters, the report itself), and the statements that write many rows at
 * once — `INSERT … SELECT FROM unnest(…)` with column-major parameters, several of them combined into one statement.
 */
import type { DeviceKind } from '../../db/schema-device.js';
import type { TelemetryPayload } from './ingest-item.js';
import type { RawClient } from './raw-db.js';
import type { BatteryTelemetry, ChargerTelemetry, GuardianTelemetry, InverterTelemetry } from './telemetry.schema.js';

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

/** The latest-state table's columns, in the order the batch writer and the backfill fill them. */
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

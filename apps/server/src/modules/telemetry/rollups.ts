/**
 * Energy rollups. Energy of a report = its cumulative counter − the device's previous counter (the batch writer,
 * telemetry.repository.ts, computes it); the deltas are added to the 5-minute, hourly, daily and monthly rollups per
 * device, per station and per tenant — accumulated in memory per key, then one additive upsert per table (sorted by
 * key, so concurrent batches lock in the same order), in the transaction that stores the raw rows.
 */
import type { DeviceKind } from '../../db/schema-device.js';
import type { DeviceInfo, TelemetryPayload } from './ingest-item.js';
import type { PartitionManager } from './partitions.js';
import type { RawClient } from './raw-db.js';
import { runCombined, unnestInsert, type Col } from './raw-rows.js';
import { localKeys } from './solar.js';
import type { BatteryTelemetry, ChargerTelemetry, InverterTelemetry } from './telemetry.schema.js';

export const ENERGY_KEYS = ['pv', 'load', 'import', 'export', 'charge', 'discharge', 'ev'] as const;
export type EnergyKey = (typeof ENERGY_KEYS)[number];
/** The latest-state column holding each cumulative counter. */
export const COUNTER_COLUMN: Record<EnergyKey, string> = {
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

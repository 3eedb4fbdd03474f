/**
 * Energy rollup tables (kWh), continued from schema-device.ts (re-exported there; conventions as described there).
 */
import { date, doublePrecision, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, ts } from './columns.js';

const day = (name: string) => date(name, { mode: 'string' });

// ---------------------------------------------------------------------------------------------------------------
// Energy rollups (kWh), written incrementally by the ingest in the raw row's transaction. The device and station
// 5-minute and hourly ones are time-partitioned, so hand-written (./hand-written.ts) with the same energy columns.
// ---------------------------------------------------------------------------------------------------------------

const energy = () => ({
  pvKwh: doublePrecision('pv_kwh').notNull().default(0),
  loadKwh: doublePrecision('load_kwh').notNull().default(0),
  importKwh: doublePrecision('import_kwh').notNull().default(0),
  exportKwh: doublePrecision('export_kwh').notNull().default(0),
  chargeKwh: doublePrecision('charge_kwh').notNull().default(0),
  dischargeKwh: doublePrecision('discharge_kwh').notNull().default(0),
  evKwh: doublePrecision('ev_kwh').notNull().default(0),
  samples: integer('samples').notNull().default(0),
});

export const energyDeviceDay = pgTable(
  'helio_energy_device_day',
  { deviceId: id('device_id').notNull(), day: day('day').notNull(), plantId: id('plant_id'), ...energy() },
  (t) => [primaryKey({ name: 'helio_energy_device_day_pk', columns: [t.deviceId, t.day] })],
);
export const energyDeviceMonth = pgTable(
  'helio_energy_device_month',
  { deviceId: id('device_id').notNull(), month: day('month').notNull(), plantId: id('plant_id'), ...energy() },
  (t) => [primaryKey({ name: 'helio_energy_device_month_pk', columns: [t.deviceId, t.month] })],
);
export const energyPlantDay = pgTable(
  'helio_energy_plant_day',
  { plantId: id('plant_id').notNull(), day: day('day').notNull(), tenantId: tenantId(), ...energy() },
  (t) => [primaryKey({ name: 'helio_energy_plant_day_pk', columns: [t.plantId, t.day] }), index('helio_energy_plant_day_tenant_idx').on(t.tenantId, t.day)],
);
export const energyPlantMonth = pgTable(
  'helio_energy_plant_month',
  { plantId: id('plant_id').notNull(), month: day('month').notNull(), tenantId: tenantId(), ...energy() },
  (t) => [primaryKey({ name: 'helio_energy_plant_month_pk', columns: [t.plantId, t.month] })],
);
/** Fleet totals per tenant (fleet charts without summing every station). */
export const energyTenantHour = pgTable(
  'helio_energy_tenant_hour',
  { tenantId: varchar('tenant_id', { length: 12 }).notNull(), bucket: ts('bucket').notNull(), ...energy() },
  (t) => [primaryKey({ name: 'helio_energy_tenant_hour_pk', columns: [t.tenantId, t.bucket] })],
);
export const energyTenantDay = pgTable(
  'helio_energy_tenant_day',
  { tenantId: varchar('tenant_id', { length: 12 }).notNull(), day: day('day').notNull(), ...energy() },
  (t) => [primaryKey({ name: 'helio_energy_tenant_day_pk', columns: [t.tenantId, t.day] })],
);
export const energyTenantMonth = pgTable(
  'helio_energy_tenant_month',
  { tenantId: varchar('tenant_id', { length: 12 }).notNull(), month: day('month').notNull(), ...energy() },
  (t) => [primaryKey({ name: 'helio_energy_tenant_month_pk', columns: [t.tenantId, t.month] })],
);

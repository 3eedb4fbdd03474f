/**
 * Stations, devices, latest state, rollups, events, alarms, charging sessions and ingest counters: the Drizzle
 * declaration of these tables, which drizzle-kit migrates like any other (docs/adr/0001-one-way-to-define-a-table.md).
 * Their first DDL was hand-written (drizzle/0001_devices.sql, 0006, 0008); these declarations are exactly what it made,
 * which test/schema-match.test.ts checks. The time-partitioned raw telemetry and 5-minute/hourly rollups, and the
 * functions and triggers, stay hand-written (listed in ./hand-written.ts); they and the bulk paths are used through
 * raw SQL (modules/telemetry/telemetry.repository.ts).
 *
 * Conventions (docs/device-protocol.md): power in W (signed: grid + = import, battery + = discharge), energy in kWh,
 * voltage V, current A, temperature °C, SoC/SoH %. Times are timestamptz; local-time rollup keys (hour start instant,
 * local day, local month) follow the station's time zone.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts } from './columns.js';

const day = (name: string) => date(name, { mode: 'string' });

/** Device types (business dictionary `device_type`). */
export const DEVICE_TYPES = { inverter: 1, battery: 2, guardian: 3, charger: 4 } as const;
export type DeviceKind = keyof typeof DEVICE_TYPES;
export type DeviceTypeCode = (typeof DEVICE_TYPES)[DeviceKind];
export const DEVICE_KINDS: Record<number, DeviceKind> = { 1: 'inverter', 2: 'battery', 3: 'guardian', 4: 'charger' };

/** Network status (system dictionary `network_status`). */
export const NETWORK_STATUS = { normal: 0, disconnected: 1, fault: 2 } as const;

// ---------------------------------------------------------------------------------------------------------------
// Stations
// ---------------------------------------------------------------------------------------------------------------

export const plant = pgTable(
  'helio_plant',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    plantName: varchar('plant_name', { length: 100 }).notNull(),
    /** Project type (business dictionary `agent_project_type`). */
    plantType: smallint('plant_type'),
    countryCode: varchar('country_code', { length: 12 }),
    provinceCode: varchar('province_code', { length: 12 }),
    cityCode: varchar('city_code', { length: 12 }),
    countyCode: varchar('county_code', { length: 12 }),
    /** Region names joined for display and search ("广东省 深圳市 南山区"). */
    regionName: varchar('region_name', { length: 255 }),
    address: varchar('address', { length: 255 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
    capacityKwp: doublePrecision('capacity_kwp'),
    installDate: day('install_date'),
    ownerUserId: id('owner_user_id'),
    /** The owner's real name and phone as recorded at creation (spec: user real name, creator phone). */
    ownerName: varchar('owner_name', { length: 50 }),
    ownerPhone: varchar('owner_phone', { length: 20 }),
    /** Operation company: the agent/installer department that runs the station (data scope). */
    operationCompanyId: id('operation_company_id'),
    operationCompanyName: varchar('operation_company_name', { length: 100 }),
    operationUserId: id('operation_user_id'),
    operationUserName: varchar('operation_user_name', { length: 50 }),
    networkStatus: smallint('network_status').notNull().default(1),
    statusTime: ts('status_time'),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [
    index('helio_plant_tenant_idx').on(t.tenantId, t.isDeleted),
    index('helio_plant_status_idx').on(t.networkStatus),
    index('helio_plant_company_idx').on(t.operationCompanyId),
    index('helio_plant_owner_idx').on(t.ownerUserId),
    index('helio_plant_operator_idx').on(t.operationUserId),
    // DESC as PostgreSQL's default, nulls first (drizzle's bare .desc() would be DESC NULLS LAST): the order of the
    // station and device lists (ORDER BY … DESC), so the index walks in it.
    index('helio_plant_list_idx').on(t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = 0`),
    index('helio_plant_tenant_list_idx').on(t.tenantId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = 0`),
    index('helio_plant_status_list_idx').on(t.networkStatus, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = 0`),
    index('helio_plant_tenant_status_list_idx').on(t.tenantId, t.networkStatus, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Factory (exit-factory) information: platform-wide reference data keyed by SN
// ---------------------------------------------------------------------------------------------------------------

const factoryCommon = () => ({
  id: id('id').primaryKey(),
  deviceSn: varchar('device_sn', { length: 64 }).notNull(),
  model: varchar('model', { length: 64 }),
  factoryDate: day('factory_date'),
  manufacturer: varchar('manufacturer', { length: 100 }),
  /** 0 unused, 1 used (dictionary `device_usage`). */
  usageFlag: smallint('usage_flag').notNull().default(0),
  remark: varchar('remark', { length: 255 }),
});

export const inverterFactory = pgTable(
  'helio_inverter_factory',
  {
    ...factoryCommon(),
    /** 1 single phase, 2 three phase (`inverter_phase`). */
    phaseType: smallint('phase_type'),
    /** 1 off-grid, 2 on-grid, 3 hybrid (`inverter_grid_type`). */
    gridType: smallint('grid_type'),
    /** Rated AC power, kW. */
    ratedPower: doublePrecision('rated_power'),
    warrantyYears: smallint('warranty_years'),
    warrantyStart: day('warranty_start'),
    warrantyEnd: day('warranty_end'),
    activationDate: day('activation_date'),
    fwProtocol: varchar('fw_protocol', { length: 32 }),
    fwMaster: varchar('fw_master', { length: 32 }),
    fwSlave: varchar('fw_slave', { length: 32 }),
    fwEms: varchar('fw_ems', { length: 32 }),
    fwDcdc: varchar('fw_dcdc', { length: 32 }),
    mpptCount: smallint('mppt_count'),
    gridPhases: smallint('grid_phases'),
    ratedFrequency: doublePrecision('rated_frequency'),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_inverter_factory_sn_uq').on(t.deviceSn).where(sql`${t.isDeleted} = 0`)],
);

export const batteryFactory = pgTable(
  'helio_battery_factory',
  {
    ...factoryCommon(),
    ratedVoltage: doublePrecision('rated_voltage'),
    capacityAh: doublePrecision('capacity_ah'),
    energyKwh: doublePrecision('energy_kwh'),
    cellSeries: smallint('cell_series'),
    cellParallel: smallint('cell_parallel'),
    cellCapacityAh: doublePrecision('cell_capacity_ah'),
    bmsSn: varchar('bms_sn', { length: 64 }),
    inverterSn: varchar('inverter_sn', { length: 64 }),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_battery_factory_sn_uq').on(t.deviceSn).where(sql`${t.isDeleted} = 0`)],
);

export const guardianFactory = pgTable(
  'helio_guardian_factory',
  {
    ...factoryCommon(),
    cardNumber: varchar('card_number', { length: 64 }),
    ratedCurrent: doublePrecision('rated_current'),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_guardian_factory_sn_uq').on(t.deviceSn).where(sql`${t.isDeleted} = 0`)],
);

export const chargerFactory = pgTable(
  'helio_charger_factory',
  {
    ...factoryCommon(),
    /** Rated power, kW. */
    ratedPower: doublePrecision('rated_power'),
    phases: smallint('phases'),
    /** 1 GB/T AC, 2 Type 2, 3 CCS2, 4 GB/T DC. */
    connectorType: smallint('connector_type'),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_charger_factory_sn_uq').on(t.deviceSn).where(sql`${t.isDeleted} = 0`)],
);

// ---------------------------------------------------------------------------------------------------------------
// Device registrations
// ---------------------------------------------------------------------------------------------------------------

/**
 * A device registered to a station. SN unique among live rows; the MQTT secret is issued at registration and only
 * its sha256 is kept. Unbinding soft-deletes the row (its telemetry stays, keyed by this id, findable by SN).
 */
export const device = pgTable(
  'helio_device',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    plantId: id('plant_id'),
    deviceType: smallint('device_type').notNull(),
    deviceSn: varchar('device_sn', { length: 64 }).notNull(),
    /** Battery → its inverter's SN. */
    parentSn: varchar('parent_sn', { length: 64 }),
    model: varchar('model', { length: 64 }),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    networkStatus: smallint('network_status').notNull().default(1),
    statusTime: ts('status_time'),
    /** Expected seconds between telemetry reports (from the device's status message; default 300). */
    reportInterval: integer('report_interval').notNull().default(300),
    /** MQTT session state as seen by the embedded broker. */
    online: boolean('online').notNull().default(false),
    lastConnectTime: ts('last_connect_time'),
    lastDisconnectTime: ts('last_disconnect_time'),
    fwProtocol: varchar('fw_protocol', { length: 32 }),
    fwMaster: varchar('fw_master', { length: 32 }),
    fwSlave: varchar('fw_slave', { length: 32 }),
    fwEms: varchar('fw_ems', { length: 32 }),
    fwDcdc: varchar('fw_dcdc', { length: 32 }),
    registerTime: ts('register_time').defaultNow(),
    unbindTime: ts('unbind_time'),
    ...audit(),
  },
  (t) => [
    uniqueIndex('helio_device_sn_uq').on(t.deviceSn).where(sql`${t.isDeleted} = 0`),
    index('helio_device_sn_idx').on(t.deviceSn),
    index('helio_device_plant_idx').on(t.plantId),
    index('helio_device_tenant_idx').on(t.tenantId, t.deviceType),
    index('helio_device_list_idx').on(t.deviceType, t.registerTime.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = 0`),
  ],
);

/** Latest state per device, upserted by the ingest in the same transaction as the raw row. */
export const deviceLatest = pgTable('helio_device_latest', {
  deviceId: id('device_id').primaryKey(),
  deviceType: smallint('device_type').notNull(),
  plantId: id('plant_id'),
  ts: ts('ts'),
  receivedAt: ts('received_at'),
  state: smallint('state'),
  faultCodes: integer('fault_codes').array(),
  warningCodes: integer('warning_codes').array(),
  pvPower: real('pv_power'),
  loadPower: real('load_power'),
  gridPower: real('grid_power'),
  batPower: real('bat_power'),
  batSoc: real('bat_soc'),
  ePvTotal: doublePrecision('e_pv_total'),
  eLoadTotal: doublePrecision('e_load_total'),
  eImportTotal: doublePrecision('e_import_total'),
  eExportTotal: doublePrecision('e_export_total'),
  eChargeTotal: doublePrecision('e_charge_total'),
  eDischargeTotal: doublePrecision('e_discharge_total'),
  eEvTotal: doublePrecision('e_ev_total'),
  /** The whole last telemetry payload as received (validated). */
  data: jsonb('data'),
});

// The energy rollup tables (kWh per device, station and tenant) are in schema-energy.ts, re-exported here.
export { energyDeviceDay, energyDeviceMonth, energyPlantDay, energyPlantMonth, energyTenantHour, energyTenantDay, energyTenantMonth } from './schema-energy.js';

// ---------------------------------------------------------------------------------------------------------------
// Events, alarms, charging sessions, ingest counters
// ---------------------------------------------------------------------------------------------------------------

/** Device events as reported (fault raised/cleared, warnings, state changes) plus connectivity events. */
export const deviceEvent = pgTable(
  'helio_device_event',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    deviceId: id('device_id').notNull(),
    plantId: id('plant_id'),
    deviceType: smallint('device_type').notNull(),
    ts: ts('ts').notNull(),
    /** 1 fault, 2 warning, 3 info/state, 4 connectivity. */
    eventType: smallint('event_type').notNull(),
    code: integer('code').notNull(),
    /** 1 info, 2 minor, 3 major, 4 critical. */
    level: smallint('level').notNull().default(1),
    /** 1 raised, 0 cleared. */
    action: smallint('action').notNull().default(1),
    message: varchar('message', { length: 255 }),
    createTime: ts('create_time').defaultNow(),
  },
  (t) => [
    uniqueIndex('helio_device_event_uq').on(t.deviceId, t.ts, t.code, t.action),
    index('helio_device_event_plant_idx').on(t.plantId, t.ts),
  ],
);

/** Spec §3 Alarm: station, status, trigger/recover time, description, solution, handling status, follow-ups. */
export const alarm = pgTable(
  'helio_alarm',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    plantId: id('plant_id'),
    deviceId: id('device_id').notNull(),
    deviceSn: varchar('device_sn', { length: 64 }).notNull(),
    deviceType: smallint('device_type').notNull(),
    alarmCode: integer('alarm_code').notNull(),
    /** 1 fault, 2 warning, 3 offline. */
    alarmType: smallint('alarm_type').notNull(),
    level: smallint('level').notNull().default(3),
    /** 0 active, 1 recovered (`alarm_status`). */
    alarmStatus: smallint('alarm_status').notNull().default(0),
    triggerTime: ts('trigger_time').notNull(),
    recoverTime: ts('recover_time'),
    description: varchar('description', { length: 500 }),
    solution: varchar('solution', { length: 500 }),
    /** 0 unhandled, 1 in progress, 2 resolved, 3 ignored (`alarm_handle_status`). */
    handleStatus: smallint('handle_status').notNull().default(0),
    handleUser: id('handle_user'),
    handleTime: ts('handle_time'),
    ...audit(),
  },
  (t) => [
    uniqueIndex('helio_alarm_active_uq').on(t.deviceId, t.alarmCode).where(sql`${t.alarmStatus} = 0 AND ${t.isDeleted} = 0`),
    index('helio_alarm_plant_idx').on(t.plantId, t.triggerTime),
    index('helio_alarm_tenant_idx').on(t.tenantId, t.alarmStatus),
    // The alarm list pages newest first (trigger time, then id): the platform's and one tenant's, without a sort.
    index('helio_alarm_time_idx').on(t.triggerTime, t.id),
    index('helio_alarm_tenant_time_idx').on(t.tenantId, t.triggerTime, t.id),
  ],
);

/** Alarm follow-up records (alarmLogOperationRecord). */
export const alarmRecord = pgTable(
  'helio_alarm_record',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    alarmId: id('alarm_id').notNull(),
    handleStatus: smallint('handle_status').notNull(),
    content: varchar('content', { length: 1000 }),
    ...audit(),
  },
  (t) => [index('helio_alarm_record_alarm_idx').on(t.alarmId)],
);

export const chargeSession = pgTable(
  'helio_charge_session',
  {
    deviceId: id('device_id').notNull(),
    sessionId: varchar('session_id', { length: 40 }).notNull(),
    plantId: id('plant_id'),
    tenantId: tenantId(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    energyKwh: doublePrecision('energy_kwh').notNull().default(0),
    maxPower: real('max_power').notNull().default(0),
    /** 1 charging, 2 finished. */
    sessionStatus: smallint('session_status').notNull().default(1),
  },
  (t) => [primaryKey({ name: 'helio_charge_session_pk', columns: [t.deviceId, t.sessionId] }), index('helio_charge_session_time_idx').on(t.deviceId, t.startTime)],
);

/** Rejected MQTT messages and connections per UTC day and reason (malformed, unknown_sn, bad_credential, …). */
export const ingestCounter = pgTable(
  'helio_ingest_counter',
  {
    day: day('day').notNull(),
    reason: varchar('reason', { length: 32 }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    lastSn: varchar('last_sn', { length: 64 }),
    lastDetail: varchar('last_detail', { length: 255 }),
    lastTime: ts('last_time'),
  },
  (t) => [primaryKey({ name: 'helio_ingest_counter_pk', columns: [t.day, t.reason] })],
);

/**
 * Device figures per tenant and station (plant_id 0: devices without one), kept by the triggers of
 * drizzle/0008_station-device-summary.sql on the registrations and the inverter and battery factory lists.
 */
export const plantDeviceSummary = pgTable(
  'helio_plant_device_summary',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    plantId: id('plant_id').notNull(),
    inverters: integer('inverters').notNull().default(0),
    batteries: integer('batteries').notNull().default(0),
    ratedKw: doublePrecision('rated_kw').notNull().default(0),
    batteryKwh: doublePrecision('battery_kwh').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'helio_plant_device_summary_pk', columns: [t.tenantId, t.plantId] }), index('helio_plant_device_summary_plant_idx').on(t.plantId)],
);

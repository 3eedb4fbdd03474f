/**
 * Factory (exit-factory) information of inverters, batteries, guardians and EV chargers (spec §3, §5, §7): the
 * manufacturer's list of every unit that left the factory, keyed by serial number. Platform-wide reference data
 * (the tables have no tenant): registering a device to a station needs its SN here, unused; registration sets the
 * usage flag 0 → 1 and unbinding sets it back, so the flag is never written through these screens.
 *
 * Blade paths: `/api/skyworth-client/<x>ExitFactoryInfo/{list, detail, save, update, submit, remove, export,
 * import, import-template}`.
 */
import { defineResource, type FieldDef, type ResourceDef } from '../../crud/resource.js';
import type { PageCode } from '../../permissions.js';
import type { Label } from '../../validation.js';
import { DATE_PATTERN, SN_PATTERN } from '../../validation.js';

const date = (key: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'date',
  rules: { pattern: DATE_PATTERN },
  ...extra,
});

const num = (key: string, zh: string, en: string, minValue: number, maxValue: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'number',
  numeric: true,
  rules: { minValue, maxValue },
  ...extra,
});

const int = (key: string, zh: string, en: string, minValue: number, maxValue: number, extra: Partial<FieldDef> = {}): FieldDef =>
  num(key, zh, en, minValue, maxValue, { rules: { minValue, maxValue, integer: true }, ...extra });

const text = (key: string, zh: string, en: string, max: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'text',
  rules: { max },
  ...extra,
});

/** Serial number: required, unique among live rows, the device SN rule shared with the MQTT ingest. */
export const FACTORY_SN_FIELD: FieldDef = {
  key: 'deviceSn',
  label: { zh: '序列号', en: 'Serial number' },
  kind: 'text',
  search: 'like',
  unique: true,
  sortable: true,
  rules: { required: true, min: 4, max: 64, pattern: SN_PATTERN },
};

/** 0 unused, 1 used: set by device registration only (read-only here). */
export const FACTORY_USAGE_FIELD: FieldDef = {
  key: 'usageFlag',
  label: { zh: '使用状态', en: 'Usage' },
  kind: 'dict',
  dict: 'device_usage',
  numeric: true,
  search: 'equal',
  form: false,
};

const model = text('model', '型号', 'Model', 64, { search: 'like', sortable: true });
const factoryDate = date('factoryDate', '出厂日期', 'Factory date', { sortable: true });
const manufacturer = text('manufacturer', '制造商', 'Manufacturer', 100, { search: 'like' });
/** A serial number of another unit (searchable, the device SN rule). */
const snText = (key: string, zh: string, en: string): FieldDef => text(key, zh, en, 64, { search: 'like', rules: { max: 64, pattern: SN_PATTERN } });
/** What every factory list opens with (the guardian's puts its card number after the serial number). */
const HEAD = [FACTORY_SN_FIELD, model, FACTORY_USAGE_FIELD, factoryDate] as const;
const remark: FieldDef = { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 };

const ACTIONS = ['add', 'edit', 'delete', 'view', 'batchDelete'] as const;
const API = '/api/skyworth-client';

/** A factory list: platform reference data under `/api/skyworth-client/<path>`, edited in a dialog that an outside click does not close. */
function factoryResource(name: string, page: PageCode, path: string, title: Label, dialogWidth: number, fields: readonly FieldDef[]): ResourceDef {
  return defineResource({ name, page, api: `${API}/${path}`, title, tenantScoped: false, actions: ACTIONS, ui: { dialogWidth, maskClosable: false }, fields });
}

export const inverterFactoryResource = factoryResource('inverter-factory', 'inverter_factory', 'deviceExitFactoryInfo', { zh: '逆变器出厂信息', en: 'Inverter factory info' }, 900, [
  ...HEAD,
  {
    key: 'phaseType',
    label: { zh: '单相/三相', en: 'Phase' },
    kind: 'dictbiz',
    dict: 'inverter_phase',
    numeric: true,
    search: 'equal',
    rules: { integer: true, minValue: 1, maxValue: 2 },
  },
  {
    key: 'gridType',
    label: { zh: '离网/并网/混合', en: 'Grid type' },
    kind: 'dictbiz',
    dict: 'inverter_grid_type',
    numeric: true,
    search: 'equal',
    rules: { integer: true, minValue: 1, maxValue: 3 },
  },
  num('ratedPower', '额定功率(kW)', 'Rated power (kW)', 0, 100_000, { sortable: true }),
  int('warrantyYears', '质保年限', 'Warranty (years)', 0, 50),
  date('warrantyStart', '质保开始日期', 'Warranty start', { table: false }),
  date('warrantyEnd', '质保结束日期', 'Warranty end', { table: false }),
  manufacturer,
  date('activationDate', '激活日期', 'Activation date', { sortable: true }),
  text('fwProtocol', 'Modbus协议版本', 'Modbus protocol version', 32, { table: false }),
  text('fwMaster', '主机版本', 'Host firmware', 32, { table: false }),
  text('fwSlave', '从机版本', 'Slave firmware', 32, { table: false }),
  text('fwEms', 'EMS版本', 'EMS firmware', 32, { table: false }),
  text('fwDcdc', 'DCDC版本', 'DCDC firmware', 32, { table: false }),
  int('mpptCount', 'MPPT数量', 'MPPT count', 0, 32, { table: false }),
  int('gridPhases', '电网相数', 'Grid phases', 1, 3, { table: false }),
  num('ratedFrequency', '额定频率(Hz)', 'Rated frequency (Hz)', 0, 1000, { table: false }),
  remark,
]);

export const batteryFactoryResource = factoryResource('battery-factory', 'battery_factory', 'batteryExitFactoryInfo', { zh: '电池出厂信息', en: 'Battery factory info' }, 900, [
  ...HEAD,
  num('ratedVoltage', '额定电压(V)', 'Rated voltage (V)', 0, 10_000, { table: false }),
  num('capacityAh', '容量(Ah)', 'Capacity (Ah)', 0, 1_000_000),
  num('energyKwh', '能量(kWh)', 'Energy (kWh)', 0, 1_000_000, { sortable: true }),
  int('cellSeries', '电芯串数', 'Cells in series', 0, 10_000, { table: false }),
  int('cellParallel', '电芯并数', 'Cells in parallel', 0, 10_000, { table: false }),
  num('cellCapacityAh', '电芯容量(Ah)', 'Cell capacity (Ah)', 0, 100_000, { table: false }),
  snText('bmsSn', 'BMS序列号', 'BMS serial number'),
  snText('inverterSn', '所属逆变器序列号', 'Inverter serial number'),
  manufacturer,
  remark,
]);

export const guardianFactoryResource = factoryResource('guardian-factory', 'guardian_factory', 'guardianExitFactoryInfo', { zh: '安全卫士出厂信息', en: 'Guardian factory info' }, 720, [
  FACTORY_SN_FIELD,
  text('cardNumber', '卡号', 'Card number', 64, { search: 'like' }),
  model,
  FACTORY_USAGE_FIELD,
  factoryDate,
  num('ratedCurrent', '额定电流(A)', 'Rated current (A)', 0, 10_000),
  manufacturer,
  remark,
]);

/** Connector types of EV chargers. */
export const CHARGER_CONNECTOR_TYPES = [
  { value: 1, label: { zh: '国标交流', en: 'GB/T AC' } },
  { value: 2, label: { zh: 'Type 2 交流', en: 'Type 2 AC' } },
  { value: 3, label: { zh: 'CCS2 直流', en: 'CCS2 DC' } },
  { value: 4, label: { zh: '国标直流', en: 'GB/T DC' } },
] as const;

export const chargerFactoryResource = factoryResource('charger-factory', 'charger_factory', 'chargerExitFactoryInfo', { zh: '充电桩出厂信息', en: 'EV charger factory info' }, 720, [
  ...HEAD,
  num('ratedPower', '额定功率(kW)', 'Rated power (kW)', 0, 1000, { sortable: true }),
  int('phases', '相数', 'Phases', 1, 3),
  {
    key: 'connectorType',
    label: { zh: '接口类型', en: 'Connector' },
    kind: 'select',
    numeric: true,
    search: 'equal',
    options: CHARGER_CONNECTOR_TYPES,
    rules: { integer: true, minValue: 1, maxValue: 4 },
  },
  manufacturer,
  remark,
]);

export const FACTORY_RESOURCES = [inverterFactoryResource, batteryFactoryResource, guardianFactoryResource, chargerFactoryResource] as const;

/**
 * The default catalogue of setting items (spec §3 "Setting item", issue 15): what the inverter's advanced-settings
 * tab, the inverter mode, the battery and the guardian's threshold, gate-position and protection tabs are generated
 * from. Applied at start as reference data (rows an administrator edited are kept); the register addresses follow
 * SunSpec where a model exists (704 `WMaxLimPct`, 707–710 trips, 124/802 storage) and the protocol address map is
 * seeded from the same list.
 */

/** 1 inverter, 2 battery, 3 guardian, 4 EV charger (dictionary `device_type`). */
export type DeviceTypeCode = 1 | 2 | 3 | 4;

/** How a value is written: int/decimal numbers, enum (one of `options`), bool (0/1), time (HH:mm), text. */
export const VALUE_TYPES = ['int', 'decimal', 'enum', 'bool', 'time', 'text'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** Which screen shows an item: the inverter's advanced settings, its mode, battery, guardian thresholds/gate/protection. */
export const SETTING_TYPES = ['advanced', 'mode', 'battery', 'alarm', 'gate', 'protection'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** The tab (group) of the form; the inverter's follow the spec (§2: run mode … other). */
export const ITEM_CATEGORIES = {
  run_mode: { zh: '运行模式', en: 'Run mode' },
  maintenance: { zh: '维护', en: 'Maintenance' },
  power_limit: { zh: '功率限制', en: 'Power limit' },
  grid: { zh: '电网参数', en: 'Grid parameters' },
  battery: { zh: '电池', en: 'Battery' },
  load: { zh: '负载', en: 'Load' },
  generator: { zh: '发电机', en: 'Generator' },
  other: { zh: '其他', en: 'Other' },
  alarm_threshold: { zh: '告警阈值', en: 'Alarm thresholds' },
  gate_position: { zh: '闸位', en: 'Gate position' },
  protection: { zh: '保护命令', en: 'Protection commands' },
} as const;
export type ItemCategory = keyof typeof ITEM_CATEGORIES;

/** Item widget: input, select, switch, time, button (a command). */
export const ITEM_TYPES = ['input', 'select', 'switch', 'time', 'button'] as const;

export interface CatalogueItem {
  deviceType: DeviceTypeCode;
  settingType: SettingType;
  category: ItemCategory;
  key: string;
  name: { zh: string; en: string };
  valueType: ValueType;
  unit?: string;
  min?: number;
  max?: number;
  decimals?: number;
  defaultValue: string;
  /** enum: `value:中文:English` separated by `|` (the stored form, see `parseOptions`). */
  options?: string;
  /** Grid-code item (voltage/frequency protection, export limit): a second person approves before it is sent. */
  gridCode?: boolean;
  /** Holding register (decimal) and its data type. */
  register: number;
  dataType: 'U16' | 'S16' | 'U32' | 'S32';
}

const inv = (settingType: SettingType, category: ItemCategory, key: string, zh: string, en: string, register: number, v: Partial<CatalogueItem> & Pick<CatalogueItem, 'valueType' | 'defaultValue'>): CatalogueItem => ({
  deviceType: 1,
  settingType,
  category,
  key,
  name: { zh, en },
  register,
  dataType: 'U16',
  ...v,
});
const bool = { valueType: 'bool', min: 0, max: 1, decimals: 0, options: '0:关闭:Off|1:开启:On' } as const;

export const SETTING_CATALOGUE: readonly CatalogueItem[] = [
  // Inverter: mode (the "inverter mode" route) and advanced settings
  inv('mode', 'run_mode', 'runMode', '运行模式', 'Run mode', 41000, { valueType: 'enum', defaultValue: '0', options: '0:自发自用:Self-use|1:馈网优先:Feed-in priority|2:备电:Backup|3:离网:Off-grid|4:峰谷:Time of use' }),
  inv('mode', 'run_mode', 'powerSwitch', '开关机', 'Power on/off', 41001, { valueType: 'enum', defaultValue: '1', options: '0:关机:Off|1:开机:On' }),
  inv('mode', 'maintenance', 'maintenanceMode', '维护模式', 'Maintenance mode', 41002, { ...bool, defaultValue: '0' }),
  inv('advanced', 'power_limit', 'powerLimitPct', '有功功率限制', 'Active power limit', 40232, { valueType: 'decimal', unit: '%', min: 0, max: 110, decimals: 1, defaultValue: '100' }),
  inv('advanced', 'power_limit', 'exportLimitEnable', '防逆流使能', 'Export limit enabled', 41010, { ...bool, defaultValue: '0', gridCode: true }),
  inv('advanced', 'power_limit', 'exportLimitW', '馈网功率上限', 'Export power limit', 41011, { valueType: 'int', unit: 'W', min: 0, max: 100_000, decimals: 0, defaultValue: '0', gridCode: true, dataType: 'U32' }),
  inv('advanced', 'grid', 'gridOverVoltage1', '过压保护值1', 'Over-voltage trip 1', 41100, { valueType: 'decimal', unit: 'V', min: 230, max: 300, decimals: 1, defaultValue: '264.5', gridCode: true }),
  inv('advanced', 'grid', 'gridUnderVoltage1', '欠压保护值1', 'Under-voltage trip 1', 41102, { valueType: 'decimal', unit: 'V', min: 150, max: 230, decimals: 1, defaultValue: '184', gridCode: true }),
  inv('advanced', 'grid', 'gridOverFrequency1', '过频保护值1', 'Over-frequency trip 1', 41104, { valueType: 'decimal', unit: 'Hz', min: 50, max: 55, decimals: 2, defaultValue: '51.5', gridCode: true }),
  inv('advanced', 'grid', 'gridUnderFrequency1', '欠频保护值1', 'Under-frequency trip 1', 41106, { valueType: 'decimal', unit: 'Hz', min: 45, max: 50, decimals: 2, defaultValue: '47.5', gridCode: true }),
  inv('advanced', 'grid', 'reconnectDelayS', '并网恢复时间', 'Reconnect delay', 41108, { valueType: 'int', unit: 's', min: 10, max: 600, decimals: 0, defaultValue: '60', gridCode: true }),
  inv('advanced', 'battery', 'gridChargeEnable', '电网充电使能', 'Charge from grid', 41200, { ...bool, defaultValue: '0' }),
  inv('advanced', 'battery', 'chargeStart1', '充电开始时间1', 'Charge window 1 start', 41201, { valueType: 'time', defaultValue: '00:00' }),
  inv('advanced', 'battery', 'chargeEnd1', '充电结束时间1', 'Charge window 1 end', 41202, { valueType: 'time', defaultValue: '05:00' }),
  inv('advanced', 'battery', 'dischargeStart1', '放电开始时间1', 'Discharge window 1 start', 41203, { valueType: 'time', defaultValue: '18:00' }),
  inv('advanced', 'battery', 'dischargeEnd1', '放电结束时间1', 'Discharge window 1 end', 41204, { valueType: 'time', defaultValue: '22:00' }),
  inv('advanced', 'battery', 'maxChargeCurrent', '最大充电电流', 'Max charge current', 41205, { valueType: 'int', unit: 'A', min: 0, max: 200, decimals: 0, defaultValue: '100' }),
  inv('advanced', 'battery', 'maxDischargeCurrent', '最大放电电流', 'Max discharge current', 41206, { valueType: 'int', unit: 'A', min: 0, max: 200, decimals: 0, defaultValue: '100' }),
  inv('advanced', 'battery', 'socMin', '放电截止SOC', 'Discharge cut-off SoC', 41207, { valueType: 'int', unit: '%', min: 5, max: 50, decimals: 0, defaultValue: '10' }),
  inv('advanced', 'battery', 'socMax', '充电截止SOC', 'Charge cut-off SoC', 41208, { valueType: 'int', unit: '%', min: 50, max: 100, decimals: 0, defaultValue: '100' }),
  inv('advanced', 'load', 'backupOutputEnable', '备电输出使能', 'Backup output', 41300, { ...bool, defaultValue: '1' }),
  inv('advanced', 'load', 'backupReserveSoc', '备电保留SOC', 'Backup reserve SoC', 41301, { valueType: 'int', unit: '%', min: 0, max: 100, decimals: 0, defaultValue: '20' }),
  inv('advanced', 'generator', 'generatorEnable', '发电机使能', 'Generator', 41400, { ...bool, defaultValue: '0' }),
  inv('advanced', 'generator', 'generatorStartSoc', '发电机启动SOC', 'Generator start SoC', 41401, { valueType: 'int', unit: '%', min: 5, max: 90, decimals: 0, defaultValue: '20' }),
  inv('advanced', 'generator', 'generatorStopSoc', '发电机停止SOC', 'Generator stop SoC', 41402, { valueType: 'int', unit: '%', min: 20, max: 100, decimals: 0, defaultValue: '80' }),
  inv('advanced', 'generator', 'generatorRatedKw', '发电机额定功率', 'Generator rated power', 41403, { valueType: 'decimal', unit: 'kW', min: 0, max: 100, decimals: 1, defaultValue: '5' }),
  inv('advanced', 'other', 'reportIntervalS', '数据上报间隔', 'Report interval', 41500, { valueType: 'int', unit: 's', min: 60, max: 900, decimals: 0, defaultValue: '300' }),
  // Battery (BMS, SunSpec 802)
  { deviceType: 2, settingType: 'battery', category: 'battery', key: 'balancingEnable', name: { zh: '均衡使能', en: 'Cell balancing' }, register: 42000, dataType: 'U16', ...bool, defaultValue: '1' },
  { deviceType: 2, settingType: 'battery', category: 'battery', key: 'heatingEnable', name: { zh: '加热使能', en: 'Heating' }, register: 42001, dataType: 'U16', ...bool, defaultValue: '1' },
  { deviceType: 2, settingType: 'battery', category: 'battery', key: 'chargeVoltageLimit', name: { zh: '充电电压上限', en: 'Charge voltage limit' }, register: 42002, dataType: 'U16', valueType: 'decimal', unit: 'V', min: 48, max: 58.4, decimals: 1, defaultValue: '56.8' },
  // Guardian: alarm thresholds, gate position, protection commands
  { deviceType: 3, settingType: 'alarm', category: 'alarm_threshold', key: 'leakageThresholdMa', name: { zh: '漏电流阈值', en: 'Leakage current threshold' }, register: 43000, dataType: 'U16', valueType: 'int', unit: 'mA', min: 10, max: 500, decimals: 0, defaultValue: '30' },
  { deviceType: 3, settingType: 'alarm', category: 'alarm_threshold', key: 'overVoltageV', name: { zh: '过压阈值', en: 'Over-voltage threshold' }, register: 43001, dataType: 'U16', valueType: 'int', unit: 'V', min: 240, max: 300, decimals: 0, defaultValue: '275' },
  { deviceType: 3, settingType: 'alarm', category: 'alarm_threshold', key: 'underVoltageV', name: { zh: '欠压阈值', en: 'Under-voltage threshold' }, register: 43002, dataType: 'U16', valueType: 'int', unit: 'V', min: 150, max: 210, decimals: 0, defaultValue: '176' },
  { deviceType: 3, settingType: 'alarm', category: 'alarm_threshold', key: 'overCurrentA', name: { zh: '过流阈值', en: 'Over-current threshold' }, register: 43003, dataType: 'U16', valueType: 'int', unit: 'A', min: 1, max: 63, decimals: 0, defaultValue: '63' },
  { deviceType: 3, settingType: 'alarm', category: 'alarm_threshold', key: 'overTempC', name: { zh: '过温阈值', en: 'Over-temperature threshold' }, register: 43004, dataType: 'S16', valueType: 'int', unit: '°C', min: 50, max: 120, decimals: 0, defaultValue: '85' },
  { deviceType: 3, settingType: 'gate', category: 'gate_position', key: 'gatePosition', name: { zh: '闸位', en: 'Gate position' }, register: 43100, dataType: 'U16', valueType: 'enum', defaultValue: '1', options: '0:分闸:Open|1:合闸:Closed' },
  { deviceType: 3, settingType: 'protection', category: 'protection', key: 'protectionCommand', name: { zh: '保护命令', en: 'Protection command' }, register: 43200, dataType: 'U16', valueType: 'enum', defaultValue: '0', options: '0:无:None|1:脱扣:Trip|2:复位:Reset|3:自检:Self-test' },
];

export interface OptionEntry {
  value: string;
  label: { zh: string; en: string };
}

/** `0:中文:English|1:…` → entries (a malformed entry is skipped). */
export function parseOptions(text: string | null | undefined): OptionEntry[] {
  if (!text) return [];
  return text
    .split('|')
    .map((part) => part.split(':'))
    .filter((p) => p.length >= 2 && p[0]!.trim() !== '')
    .map(([value, zh, en]) => ({ value: value!.trim(), label: { zh: (zh ?? '').trim(), en: (en ?? zh ?? '').trim() } }));
}

/** The manufacturer and protocol version of the seeded register map. */
export const DEFAULT_PROTOCOL = { manufacturer: 'Helio', version: 'V1.08' } as const;

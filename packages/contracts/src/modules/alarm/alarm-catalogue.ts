/**
 * The alarm catalogue (issue 14): one definition per device type and code, with severity, category, names, cause and
 * remedy in both languages. Device fault codes (`station/fault-codes.ts`: inverter 1–16 are the SunSpec model
 * 101–103 `Evt1` bits, 17+ and the 100s/200s/300s vendor codes of the demo fleet), the platform's own codes (9000
 * fault state, 9001 offline) and threshold rules (91xx: a measured value beyond a limit for a while, cleared with
 * hysteresis). The server keeps it as reference data (`helio_alarm_definition`), where platform users may edit it.
 *
 * Severity keys follow the alarm's `level`: 4 critical, 3 major, 2 minor, 1 warning (dictionary `alarm_severity`).
 */
import { FAULT_CODES, FAULT_STATE_CODE, OFFLINE_CODE } from '../station/fault-codes.js';

export { ALARM_CATEGORIES, type AlarmCategory } from './alarm-categories.js';
import type { AlarmCategory } from './alarm-categories.js';

/** Device types (business dictionary `device_type`): 1 inverter, 2 battery, 3 guardian, 4 charger. */
export const ALARM_DEVICE_TYPES = [1, 2, 3, 4] as const;

/** `helio_alarm.alarm_type`: 1 device fault, 2 device warning, 3 offline, 4 threshold rule (dictionary `alarm_type`). */
export const ALARM_TYPE = { fault: 1, warning: 2, offline: 3, threshold: 4 } as const;

/** What a threshold rule may measure (read from each device type's report: alarm.engine.ts `metricsOf`). */
export const RULE_METRICS = ['temperature', 'soc', 'leakMa'] as const;
export type RuleMetric = (typeof RULE_METRICS)[number];

/** The metrics each device type reports (1 inverter, 2 battery, 3 guardian, 4 charger). */
export const METRICS_BY_DEVICE_TYPE: Readonly<Record<number, readonly RuleMetric[]>> = {
  1: ['temperature', 'soc'],
  2: ['temperature', 'soc'],
  3: ['temperature', 'leakMa'],
  4: ['temperature'],
};

/** A threshold rule: `metric op threshold` for `durationS` seconds raises; the opposite side of `clear` recovers. */
export interface ThresholdRule {
  metric: RuleMetric;
  op: '>' | '<';
  threshold: number;
  /** Hysteresis: a '>' rule clears below it, a '<' rule above it. */
  clear: number;
  durationS: number;
}

export interface AlarmDefinition {
  deviceType: number;
  code: number;
  /** 4 critical, 3 major, 2 minor, 1 warning. */
  severity: 1 | 2 | 3 | 4;
  category: AlarmCategory;
  alarmType: number;
  source: 'sunspec' | 'vendor' | 'platform' | 'rule';
  name: { zh: string; en: string };
  cause: { zh: string; en: string };
  remedy: { zh: string; en: string };
  rule?: ThresholdRule;
}

/** Category and cause of each device fault code (names, severities and remedies are in fault-codes.ts). */
const CAUSES: Record<number, [AlarmCategory, string, string]> = {
  1: ['insulation', '直流侧对地绝缘失效，漏电流流经接地线', 'DC insulation to earth failed; current flows through the earth conductor'],
  2: ['pv', '组串开路电压超过逆变器最大输入电压', 'String open-circuit voltage above the inverter maximum input voltage'],
  3: ['grid', '交流侧断路器断开或并网开关未闭合', 'AC breaker open or grid switch not closed'],
  4: ['pv', '直流开关断开或组串连接器脱落', 'DC isolator open or a string connector loose'],
  5: ['grid', '电网停电或并网点失压', 'Grid outage or no voltage at the connection point'],
  6: ['safety', '机箱门未关闭或门磁开关动作', 'Cabinet door open or its door switch triggered'],
  7: ['device', '设备被现场或远程手动关机', 'The device was shut down by hand, on site or remotely'],
  8: ['temperature', '散热不良或环境温度过高，功率器件过热', 'Poor cooling or high ambient temperature; power stage too hot'],
  9: ['grid', '电网频率高于并网标准上限', 'Grid frequency above the grid-code limit'],
  10: ['grid', '电网频率低于并网标准下限', 'Grid frequency below the grid-code limit'],
  11: ['grid', '并网点电压高于过压保护阈值', 'Voltage at the connection point above the over-voltage limit'],
  12: ['grid', '并网点电压低于欠压保护阈值', 'Voltage at the connection point below the under-voltage limit'],
  13: ['pv', '组串反向电流或短路使熔丝熔断', 'Reverse current or a short circuit blew the string fuse'],
  14: ['temperature', '环境温度低于设备运行下限', 'Ambient temperature below the operating range'],
  15: ['device', '存储器校验失败，参数或固件数据丢失', 'Memory check failed; settings or firmware data lost'],
  16: ['device', '上电自检发现硬件故障', 'The power-on self-test found a hardware fault'],
  17: ['safety', '直流回路出现串联或并联电弧', 'A series or parallel arc in the DC circuit'],
  18: ['temperature', '风扇堵转、老化或供电异常', 'Fan blocked, worn out or not powered'],
  19: ['device', '并网继电器自检未通过', 'The grid relay self-check did not pass'],
  20: ['insulation', '组串对地绝缘阻抗低于限值（常见于潮湿天气）', 'String insulation resistance to earth below the limit (often in wet weather)'],
  21: ['insulation', '交流或直流侧存在对地漏电', 'Leakage to earth on the AC or DC side'],
  101: ['battery', '单体电压超过充电截止电压', 'A cell voltage above the charge cut-off'],
  102: ['battery', '单体电压低于放电截止电压', 'A cell voltage below the discharge cut-off'],
  103: ['temperature', '电池温度超过运行上限', 'Battery temperature above the operating limit'],
  104: ['temperature', '电池温度低于充放电下限', 'Battery temperature below the charge/discharge limit'],
  105: ['battery', '充电电流超过电池允许值', 'Charge current above what the battery allows'],
  106: ['battery', '放电电流超过电池允许值', 'Discharge current above what the battery allows'],
  107: ['communication', '逆变器与 BMS 之间通讯中断', 'No communication between inverter and BMS'],
  108: ['battery', '单体之间电压差超过均衡限值', 'Cell voltage spread above the balancing limit'],
  109: ['insulation', '电池包对地绝缘失效', 'Battery pack insulation to earth failed'],
  201: ['grid', '进线电压高于过压保护阈值，断路器跳闸', 'Supply voltage above the over-voltage limit; the breaker tripped'],
  202: ['grid', '进线电压低于欠压保护阈值，断路器跳闸', 'Supply voltage below the under-voltage limit; the breaker tripped'],
  203: ['safety', '负载过载或短路，断路器跳闸', 'Overload or short circuit; the breaker tripped'],
  204: ['safety', '剩余电流超过保护阈值，断路器跳闸', 'Residual current above the protection limit; the breaker tripped'],
  205: ['temperature', '接线端子松动或过载导致过热跳闸', 'Loose terminals or overload overheated; the breaker tripped'],
  206: ['grid', '三相进线中一相或多相失压', 'One or more incoming phases lost'],
  207: ['device', '分合闸机构位置与指令不一致', 'The breaker mechanism position disagrees with the command'],
  301: ['safety', '充电桩急停按钮被按下', 'The charger emergency stop was pressed'],
  302: ['safety', '充电桩保护接地异常', 'The charger protective earth is faulty'],
  303: ['safety', '充电电流超过额定值', 'Charging current above the rating'],
  304: ['temperature', '充电桩内部温度过高', 'Charger internal temperature too high'],
  305: ['communication', '充电桩与车辆之间通讯中断', 'No communication between charger and vehicle'],
  306: ['safety', '输出继电器触点粘连', 'Output relay contacts welded'],
};

const deviceTypeOf = (code: number): number => (code < 100 ? 1 : code < 200 ? 2 : code < 300 ? 3 : 4);

const PLATFORM: Record<number, [AlarmCategory, number, string, string]> = {
  [FAULT_STATE_CODE]: ['device', ALARM_TYPE.fault, '设备上报故障状态但未给出故障码', 'The device reports its fault state without a fault code'],
  [OFFLINE_CODE]: ['communication', ALARM_TYPE.offline, '设备超过三个上报周期未上报数据', 'The device sent no report for three reporting intervals'],
};

/**
 * Platform checks beyond a device's own report (server alarm.outage.ts): a station producing nothing in daylight
 * while sister stations of its region produce. Raised on the station's first inverter; code 9002.
 */
export const STATION_OUTAGE_CODE = 9002;
/** `alarm_type` 5: a platform diagnosis (compares a station with its region; no device code, no threshold rule). */
export const PLATFORM_CHECK_TYPE = 5;
const PLATFORM_CHECKS: readonly AlarmDefinition[] = [
  {
    deviceType: 1, code: STATION_OUTAGE_CODE, severity: 3, category: 'pv', alarmType: PLATFORM_CHECK_TYPE, source: 'platform',
    name: { zh: '电站停发', en: 'Station outage' },
    cause: {
      zh: '白天电站光伏功率低于装机容量的 2 %，而同一地区至少 3 个电站的发电功率达到装机容量的 20 %',
      en: 'In daylight the station makes less than 2 % of its capacity while at least 3 stations of its region make 20 % or more',
    },
    remedy: {
      zh: '检查逆变器是否停机、交直流开关与并网断路器是否断开；发电恢复到装机容量的 5 % 以上时告警自动恢复。',
      en: 'Check whether the inverter stopped and whether the DC isolator or grid breaker is open; clears when output is back above 5 % of capacity.',
    },
  },
];

/** Threshold rules: code, device type, severity, category, names, rule, remedy. */
const RULES: readonly (Omit<AlarmDefinition, 'alarmType' | 'source'> & { rule: ThresholdRule })[] = [
  {
    deviceType: 1, code: 9101, severity: 3, category: 'temperature',
    name: { zh: '逆变器温度过高', en: 'Inverter temperature high' },
    cause: { zh: '逆变器温度持续 10 分钟高于 75 °C（低于 70 °C 恢复）', en: 'Inverter temperature above 75 °C for 10 minutes (clears below 70 °C)' },
    remedy: { zh: '检查通风与风扇，清洁散热器，避免阳光直射。', en: 'Check ventilation and fans, clean the heat sink, shade the unit.' },
    rule: { metric: 'temperature', op: '>', threshold: 75, clear: 70, durationS: 600 },
  },
  {
    deviceType: 2, code: 9102, severity: 2, category: 'battery',
    name: { zh: '电池电量过低', en: 'Battery state of charge low' },
    cause: { zh: '电池 SOC 低于 5 %（高于 10 % 恢复）', en: 'Battery state of charge below 5 % (clears above 10 %)' },
    remedy: { zh: '检查充电来源与放电截止 SOC 设置，尽快补电。', en: 'Check the charging source and the discharge cut-off SoC; recharge soon.' },
    rule: { metric: 'soc', op: '<', threshold: 5, clear: 10, durationS: 0 },
  },
  {
    deviceType: 2, code: 9103, severity: 3, category: 'temperature',
    name: { zh: '电池温度过高', en: 'Battery temperature high' },
    cause: { zh: '电池温度持续 5 分钟高于 50 °C（低于 45 °C 恢复）', en: 'Battery temperature above 50 °C for 5 minutes (clears below 45 °C)' },
    remedy: { zh: '检查电池柜通风与环境温度，必要时降低充放电功率。', en: 'Check cabinet ventilation and ambient temperature; lower the charge/discharge power if needed.' },
    rule: { metric: 'temperature', op: '>', threshold: 50, clear: 45, durationS: 300 },
  },
  {
    deviceType: 3, code: 9104, severity: 4, category: 'safety',
    name: { zh: '漏电流过大', en: 'Leakage current high' },
    cause: { zh: '保护器测得漏电流持续 1 分钟高于 30 mA（低于 20 mA 恢复）', en: 'Guardian leakage current above 30 mA for 1 minute (clears below 20 mA)' },
    remedy: { zh: '排查漏电回路，确认安全后再送电。', en: 'Find the leaking circuit; switch on again only when it is safe.' },
    rule: { metric: 'leakMa', op: '>', threshold: 30, clear: 20, durationS: 60 },
  },
];

function buildCatalogue(): AlarmDefinition[] {
  const out: AlarmDefinition[] = [];
  for (const f of FAULT_CODES) {
    const text = { name: { zh: f.zh, en: f.en }, remedy: { zh: f.solutionZh, en: f.solutionEn } };
    const platform = PLATFORM[f.code];
    if (platform) {
      for (const deviceType of ALARM_DEVICE_TYPES) {
        out.push({ deviceType, code: f.code, severity: f.level, category: platform[0], alarmType: platform[1], source: 'platform', ...text, cause: { zh: platform[2], en: platform[3] } });
      }
      continue;
    }
    const [category, zh, en] = CAUSES[f.code] ?? ['device', '', ''];
    out.push({
      deviceType: deviceTypeOf(f.code), code: f.code, severity: f.level, category, alarmType: ALARM_TYPE.fault,
      source: f.code <= 16 ? 'sunspec' : 'vendor', ...text, cause: { zh, en },
    });
  }
  for (const r of RULES) out.push({ ...r, alarmType: ALARM_TYPE.threshold, source: 'rule' });
  out.push(...PLATFORM_CHECKS);
  return out;
}

export const ALARM_CATALOGUE: readonly AlarmDefinition[] = buildCatalogue();

/** The name of a code nobody catalogued: the alarm is kept, never dropped. */
export function unknownCodeName(code: number): { zh: string; en: string } {
  return { zh: `未知代码 ${code}`, en: `Unknown code ${code}` };
}

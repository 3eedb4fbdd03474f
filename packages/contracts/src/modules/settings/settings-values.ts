/**
 * The one check of a setting value against its item (server before anything is sent, web form alike): type, range,
 * decimals, enum options, HH:mm times; messages in both languages naming the item.
 */
import { parseOptions } from './settings-catalogue.js';

export interface ItemRule {
  key: string;
  nameZh: string;
  nameEn: string;
  valueType: string;
  minValue: number | null;
  maxValue: number | null;
  decimals: number | null;
  valueOptions: string | null;
}

export type ValueProblem = 'notANumber' | 'notInteger' | 'outOfRange' | 'tooManyDecimals' | 'notAnOption' | 'notATime' | 'tooLong' | 'unknownItem' | 'empty';

export const SETTINGS_MESSAGES: Record<ValueProblem | 'noTarget' | 'tooManyTargets' | 'notPending' | 'ownApproval' | 'versionUnknown' | 'nothingToRestore', { zh: string; en: string }> = {
  notANumber: { zh: '{name}必须是数字', en: '{name} must be a number' },
  notInteger: { zh: '{name}必须是整数', en: '{name} must be a whole number' },
  outOfRange: { zh: '{name}的取值范围为{min}~{max}', en: '{name} must be between {min} and {max}' },
  tooManyDecimals: { zh: '{name}最多{decimals}位小数', en: '{name} allows at most {decimals} decimal places' },
  notAnOption: { zh: '{name}的值不在可选项中', en: '{name} must be one of its options' },
  notATime: { zh: '{name}必须是HH:mm格式的时间', en: '{name} must be a time as HH:mm' },
  tooLong: { zh: '{name}过长', en: '{name} is too long' },
  unknownItem: { zh: '设备型号没有该设置项: {name}', en: 'The device model has no such setting item: {name}' },
  empty: { zh: '请至少选择一个设置项', en: 'Choose at least one setting item' },
  noTarget: { zh: '没有符合条件的设备', en: 'No device matches' },
  tooManyTargets: { zh: '一次最多下发到{max}台设备', en: 'At most {max} devices per issue' },
  notPending: { zh: '该指令不在待审批状态', en: 'This command is not waiting for approval' },
  ownApproval: { zh: '不能审批自己提交的指令', en: 'You cannot approve a command you requested' },
  versionUnknown: { zh: '设置版本不存在', en: 'No such settings version' },
  nothingToRestore: { zh: '该版本与当前设置相同', en: 'This version equals the current settings' },
};

export function settingsMessage(lang: string, key: keyof typeof SETTINGS_MESSAGES, params: Record<string, string | number> = {}): string {
  const m = SETTINGS_MESSAGES[key];
  const text = lang.startsWith('zh') ? m.zh : m.en;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The value as it is sent (numbers as numbers, others as strings), or the problem. */
export function checkSettingValue(item: ItemRule, raw: unknown): { value: number | string } | { problem: ValueProblem; params: Record<string, string | number> } {
  const vt = item.valueType;
  if (vt === 'time') {
    return typeof raw === 'string' && TIME.test(raw) ? { value: raw } : { problem: 'notATime', params: {} };
  }
  if (vt === 'text') {
    if (typeof raw !== 'string' && typeof raw !== 'number') return { problem: 'notANumber', params: {} };
    const s = String(raw);
    return s.length > 64 ? { problem: 'tooLong', params: {} } : { value: s };
  }
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n)) return { problem: 'notANumber', params: {} };
  if (vt === 'enum' || vt === 'bool') {
    const options = parseOptions(item.valueOptions).map((o) => o.value);
    const allowed = options.length ? options : vt === 'bool' ? ['0', '1'] : [];
    return allowed.includes(String(n)) ? { value: n } : { problem: 'notAnOption', params: {} };
  }
  if (vt === 'int' && !Number.isInteger(n)) return { problem: 'notInteger', params: {} };
  if ((item.minValue !== null && n < item.minValue) || (item.maxValue !== null && n > item.maxValue)) {
    return { problem: 'outOfRange', params: { min: item.minValue ?? '-∞', max: item.maxValue ?? '∞' } };
  }
  const decimals = item.decimals ?? 0;
  const fraction = String(n).split('.')[1] ?? '';
  if (vt === 'decimal' && fraction.length > decimals) return { problem: 'tooManyDecimals', params: { decimals } };
  return { value: n };
}

/** Two values equal as settings (a device may answer "100" for 100). */
export function sameSettingValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && String(a).trim() !== '' && String(b).trim() !== '') return Math.abs(na - nb) < 1e-9;
  return String(a) === String(b);
}

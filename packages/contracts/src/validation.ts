/**
 * Field rules shared by the server (authoritative) and the web forms (early feedback), so both say the same thing.
 * Messages are message keys; each side renders them in the user's language.
 */
export interface Label {
  zh: string;
  en: string;
}

export interface FieldRule {
  label: Label;
  required?: boolean;
  max?: number;
  min?: number;
  /** Regular expression source the whole value must match. */
  pattern?: string;
  /** Message key when the pattern fails (default: invalidFormat). */
  patternMessage?: 'invalidFormat' | 'digitsOnly' | 'mobileLength' | 'keyChars' | 'decimal';
  numeric?: boolean;
  /** Numeric fields: smallest and largest allowed value (inclusive), and whether it must be a whole number. */
  minValue?: number;
  maxValue?: number;
  integer?: boolean;
}

export type Rules = Record<string, FieldRule>;

export const EMAIL_PATTERN = '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$';
export const DIGITS_PATTERN = '^\\d+$';
/** Item keys and field names: digits, letters, underscore (spec §5). */
export const KEY_PATTERN = '^[A-Za-z0-9_]+$';
/** Non-negative decimal with at most 3 decimals (spec §5 / §9). */
export const DECIMAL_PATTERN = '^\\d+(\\.\\d{1,3})?$';
/**
 * Device serial numbers (SN): 4–64 letters, digits, `-` or `_`. The MQTT ingest applies the same rule to topics and
 * client ids, so an SN accepted in the factory lists can always connect.
 */
export const SN_PATTERN = '^[A-Za-z0-9_-]{4,64}$';
/** Calendar dates on the wire (`yyyy-MM-dd`). */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** Password policy: 8–16 characters with letters and digits. */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*\\d).{8,16}$';
/** Countries whose mobile numbers are 11 digits (China mainland). */
export const ELEVEN_DIGIT_MOBILE_CODES: readonly string[] = ['+86', '86'];

/** Integer columns (int4) and the 64-bit ids (int8, snowflake) on the wire. */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
export const ID_MAX = '9223372036854775807';
/** Largest `current` a list accepts: (current - 1) × size stays far inside what an OFFSET (and a JS number) holds. */
export const MAX_PAGE_CURRENT = 10_000_000;

/** An id: decimal digits within the signed 64-bit range (what a snowflake id is; `0` is the tree root). */
export function isIdText(v: unknown): v is string {
  return typeof v === 'string' && /^\d{1,19}$/.test(v) && (v.length < 19 || v <= ID_MAX);
}

/** NUL cannot be stored in a text column (PostgreSQL refuses it), so no text value may carry one. */
export function hasNul(v: string): boolean {
  return v.includes('\u0000');
}

const DATE_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A real calendar date or time on the wire: `yyyy-MM-dd`, `yyyy-MM-dd HH:mm` or `yyyy-MM-dd HH:mm:ss` (years 1000–9999,
 * months 1–12, days that month has, hours 0–23, minutes and seconds 0–59). Returns the parts, or undefined.
 */
export function dateTimeParts(v: string): [number, number, number, number, number, number] | undefined {
  const m = DATE_TIME_TEXT.exec(v);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > days[mo - 1]! || h > 23 || mi > 59 || s > 59) return undefined;
  return [y, mo, d, h, mi, s];
}

export interface RuleViolation {
  field: string;
  key: 'required' | 'tooLong' | 'tooShort' | 'invalidFormat' | 'digitsOnly' | 'mobileLength' | 'keyChars' | 'decimal' | 'notANumber' | 'outOfRange';
  params: Record<string, string | number>;
}

/** The message kinds a violation is shown as (the pattern variants all read "invalid format"). */
export type RuleMessageKey = 'required' | 'tooLong' | 'tooShort' | 'invalidFormat' | 'notANumber' | 'outOfRange';

/**
 * The one wording of rule violations, in both languages: the server's 400 messages and the web forms' inline errors
 * are both rendered from it (`{field}`, `{max}`, `{min}` are replaced).
 */
export const RULE_MESSAGES: Record<RuleMessageKey, { zh: string; en: string }> = {
  required: { zh: '{field}不能为空', en: '{field} is required' },
  tooLong: { zh: '{field}长度不能超过{max}个字符', en: '{field} must be at most {max} characters' },
  tooShort: { zh: '{field}长度不能少于{min}个字符', en: '{field} must be at least {min} characters' },
  outOfRange: { zh: '{field}超出允许范围', en: '{field} is out of the allowed range' },
  invalidFormat: { zh: '{field}格式不正确', en: '{field} has an invalid format' },
  notANumber: { zh: '{field}必须是数字', en: '{field} must be a number' },
};

export const VIOLATION_MESSAGE: Record<RuleViolation['key'], RuleMessageKey> = {
  required: 'required',
  tooLong: 'tooLong',
  tooShort: 'tooShort',
  invalidFormat: 'invalidFormat',
  digitsOnly: 'invalidFormat',
  mobileLength: 'invalidFormat',
  keyChars: 'invalidFormat',
  decimal: 'invalidFormat',
  notANumber: 'notANumber',
  outOfRange: 'outOfRange',
};

/** A rule message in `language` (zh-CN unless it starts with "en") with its parameters filled in. */
export function ruleMessage(language: string, key: RuleMessageKey, params: Record<string, string | number>): string {
  let text = language.startsWith('en') ? RULE_MESSAGES[key].en : RULE_MESSAGES[key].zh;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** What a violation of `rule` says in `language`: the field's label in that language, then the message. */
export function violationText(language: string, violation: RuleViolation, rule: FieldRule | undefined): string {
  const label = rule?.label ? (language.startsWith('en') ? rule.label.en : rule.label.zh) : violation.field;
  return ruleMessage(language, VIOLATION_MESSAGE[violation.key], { field: label, ...violation.params });
}

/** Check a record against rules; `partial` skips `required` for absent keys (updates of a subset). */
export function checkRules(values: Record<string, unknown>, rules: Rules, partial = false): RuleViolation[] {
  const out: RuleViolation[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const v = values[field];
    const empty = v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    if (empty) {
      if (rule.required && !(partial && v === undefined)) out.push({ field, key: 'required', params: {} });
      continue;
    }
    if (rule.numeric) {
      if (!(typeof v === 'number' && Number.isFinite(v)) && !(typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))) {
        out.push({ field, key: 'notANumber', params: {} });
        continue;
      }
      const n = Number(v);
      if (rule.integer && !Number.isInteger(n)) out.push({ field, key: 'invalidFormat', params: {} });
      else if ((rule.minValue !== undefined && n < rule.minValue) || (rule.maxValue !== undefined && n > rule.maxValue)) {
        out.push({ field, key: 'outOfRange', params: {} });
      }
      continue;
    }
    const s = String(v);
    if (hasNul(s)) {
      out.push({ field, key: 'invalidFormat', params: {} });
      continue;
    }
    if (rule.max !== undefined && [...s].length > rule.max) out.push({ field, key: 'tooLong', params: { max: rule.max } });
    else if (rule.min !== undefined && [...s].length < rule.min) out.push({ field, key: 'tooShort', params: { min: rule.min } });
    else if (rule.pattern && !new RegExp(rule.pattern).test(s)) {
      out.push({ field, key: rule.patternMessage ?? 'invalidFormat', params: {} });
    }
  }
  return out;
}

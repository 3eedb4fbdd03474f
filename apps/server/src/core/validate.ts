/** Server side of the shared field rules: violations become one 400 with translated messages. */
import { checkRules, type RuleViolation, type Rules } from '@helio/contracts/validation';
import { ValidationError } from './errors.js';
import { msg, type Lang } from './i18n.js';

const KEY_MAP = {
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
} as const;

export function violationMessages(lang: Lang, violations: RuleViolation[], rules: Rules): string[] {
  return violations.map((v) => {
    const l = rules[v.field]?.label;
    const field = l ? (lang === 'en-US' ? l.en : l.zh) : v.field;
    return msg(lang, KEY_MAP[v.key], { field, ...v.params });
  });
}

export function assertRules(lang: Lang, values: Record<string, unknown>, rules: Rules, partial = false): void {
  const v = checkRules(values, rules, partial);
  if (v.length) throw new ValidationError(violationMessages(lang, v, rules));
}

/**
 * Form rules from the shared field rules (`@helio/contracts/validation`): the same `checkRules` the server runs,
 * rendered with the same message templates (server `core/i18n.ts`), so the form says what the server would say.
 */
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { FieldDef } from '@helio/contracts/crud/resource';
import { checkRules, type FieldRule, type RuleViolation } from '@helio/contracts/validation';
import { pickLabel } from './labels';

/** Violation → message key (the server maps the pattern variants to "invalid format" too: core/validate.ts). */
const MESSAGE_KEYS: Record<RuleViolation['key'], string> = {
  required: 'crud.rule.required',
  tooLong: 'crud.rule.tooLong',
  tooShort: 'crud.rule.tooShort',
  invalidFormat: 'crud.rule.invalidFormat',
  digitsOnly: 'crud.rule.invalidFormat',
  mobileLength: 'crud.rule.invalidFormat',
  keyChars: 'crud.rule.invalidFormat',
  decimal: 'crud.rule.invalidFormat',
  notANumber: 'crud.rule.notANumber',
  outOfRange: 'crud.rule.outOfRange',
};

export function violationMessage(violation: RuleViolation, rule: FieldRule, language: string, t: TFunction): string {
  return t(MESSAGE_KEYS[violation.key], { field: pickLabel(rule.label, language), ...violation.params });
}

/** The shared rule of a definition field (label + rules + numeric). */
export function fieldRule(field: FieldDef): FieldRule {
  return { label: field.label, ...(field.rules ?? {}), ...(field.numeric ? { numeric: true } : {}) };
}

/** The first problem of one value, as the message the server would give (or the field's own required wording). */
export function checkValue(
  value: unknown,
  rule: FieldRule,
  language: string,
  t: TFunction,
  requiredMessage?: FieldDef['requiredMessage'],
): string | undefined {
  const [first] = checkRules({ value }, { value: rule });
  if (!first) return undefined;
  if (first.key === 'required' && requiredMessage) return pickLabel(requiredMessage, language);
  return violationMessage(first, rule, language, t);
}

/** antd rules for a value held in wire format (strings, numbers, comma-joined ids). */
export function antdRules(rule: FieldRule, language: string, t: TFunction, requiredMessage?: FieldDef['requiredMessage']): Rule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const message = checkValue(value, rule, language, t, requiredMessage);
        if (message) throw new Error(message);
      },
    },
  ];
}

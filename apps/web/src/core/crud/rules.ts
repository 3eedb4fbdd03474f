/**
 * Form rules from the shared field rules (`@helio/contracts/validation`): the same `checkRules` the server runs,
 * rendered from the same message templates (contracts `RULE_MESSAGES`), so the form says what the server would say.
 */
import type { Rule } from 'antd/es/form';
import type { FieldDef } from '@helio/contracts/crud/resource';
import { checkRules, violationText, type FieldRule, type RuleViolation } from '@helio/contracts/validation';
import { pickLabel } from './labels';

/** A violation as the server words it (the one wording: contracts `RULE_MESSAGES`), in the form's language. */
export function violationMessage(violation: RuleViolation, rule: FieldRule, language: string): string {
  return violationText(language, violation, rule);
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
  requiredMessage?: FieldDef['requiredMessage'],
): string | undefined {
  const [first] = checkRules({ value }, { value: rule });
  if (!first) return undefined;
  if (first.key === 'required' && requiredMessage) return pickLabel(requiredMessage, language);
  return violationMessage(first, rule, language);
}

/** antd rules for a value held in wire format (strings, numbers, comma-joined ids). */
export function antdRules(rule: FieldRule, language: string, requiredMessage?: FieldDef['requiredMessage']): Rule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const message = checkValue(value, rule, language, requiredMessage);
        if (message) throw new Error(message);
      },
    },
  ];
}

/**
 * Form rules from a stage form's schema limits, worded as the server words them: required, length, format and range
 * through contracts `RULE_MESSAGES` (the server's 400 wording), list sizes through this folder's `stage` locale
 * (spec §8 "at most 3 files" for file lists). A draft save skips "required" (the server does too), so rules take
 * an `isDraft` callback read at validation time.
 */
import type { TFunction } from 'i18next';
import { ruleMessage } from '@helio/contracts/validation';
import type { FieldLimits, FieldNode } from './schema-model';

export interface RuleContext {
  /** The field's label in the form's language. */
  label: string;
  language: string;
  t: TFunction;
  /** True while a draft save validates: "required" and list minimums are not checked. */
  isDraft?: () => boolean;
  /** For a field inside an optional object: whether that object is still empty (then nothing in it is required). */
  parentEmpty?: () => boolean;
}

const hasValue = (v: unknown): boolean =>
  Array.isArray(v)
    ? v.length > 0
    : typeof v === 'object' && v !== null
      ? Object.values(v).some(hasValue)
      : !(v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === ''));

export const isEmptyObject = (v: unknown) => !hasValue(v);

const emptyValue = (v: unknown) =>
  v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The first problem of `value` against `limits` (undefined when it passes). Numbers, strings and lists. */
export function limitProblem(value: unknown, limits: FieldLimits, kind: FieldNode['kind'], ctx: RuleContext): string | undefined {
  const { label, language, t } = ctx;
  const draft = (ctx.isDraft?.() ?? false) || (limits.required && ctx.parentEmpty?.() === true);
  // Booleans: required means ticked only where the server requires `true` (checked by the stage's `requires`);
  // a boolean property itself is answered by its switch, never empty.
  if (kind === 'boolean') return undefined;
  const listy = kind === 'list' || kind === 'strings' || kind === 'files' || kind === 'dicts';
  if (listy && (value === undefined || value === null)) value = [];
  if (emptyValue(value)) {
    if (limits.required && !draft && kind !== 'list' && kind !== 'strings') return ruleMessage(language, 'required', { field: label });
    if (!listy) return undefined;
  }
  if (Array.isArray(value)) {
    const n = value.length;
    const files = kind === 'files';
    if (limits.maxItems !== undefined && n > limits.maxItems) return t(files ? 'stage.rule.tooManyFiles' : 'stage.rule.maxItems', { field: label, max: limits.maxItems });
    if (!draft && limits.minItems !== undefined && n < limits.minItems) {
      if (n === 0 && limits.required) return ruleMessage(language, 'required', { field: label });
      return t('stage.rule.minItems', { field: label, min: limits.minItems });
    }
    return undefined;
  }
  if (kind === 'number' || kind === 'integer') {
    const num = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(num)) return ruleMessage(language, 'notANumber', { field: label });
    if (kind === 'integer' && !Number.isInteger(num)) return ruleMessage(language, 'invalidFormat', { field: label });
    if ((limits.minimum !== undefined && num < limits.minimum) || (limits.maximum !== undefined && num > limits.maximum)) {
      return t('stage.rule.range', { field: label, min: limits.minimum ?? '−∞', max: limits.maximum ?? '∞' });
    }
    return undefined;
  }
  if (typeof value === 'string') {
    const s = value.trim();
    if (limits.maxLength !== undefined && s.length > limits.maxLength) return ruleMessage(language, 'tooLong', { field: label, max: limits.maxLength });
    if (limits.minLength !== undefined && limits.minLength > 1 && s.length < limits.minLength) return ruleMessage(language, 'tooShort', { field: label, min: limits.minLength });
    if (limits.pattern && !new RegExp(limits.pattern).test(s)) return ruleMessage(language, 'invalidFormat', { field: label });
  }
  return undefined;
}

/** The antd rules of a field node (one validator running `limitProblem`), plus `extra` checks of its own (not in a draft). */
export function nodeRules(node: FieldNode, ctx: RuleContext, extra: ((value: unknown) => string | undefined)[] = []): { validator: (rule: unknown, value: unknown) => Promise<void> }[] {
  return [
    {
      validator: async (_rule: unknown, value: unknown) => {
        // The extra checks are the stage's submit-time rules (the server checks them on submit, not on a draft save).
        const problem = limitProblem(value, node, node.kind, ctx) ?? (ctx.isDraft?.() ? undefined : extra.map((f) => f(value)).find(Boolean));
        if (problem) throw new Error(problem);
      },
    },
  ];
}

/** Whether the field shows the required mark. */
export const markRequired = (node: FieldNode) =>
  node.required && node.kind !== 'boolean' && node.kind !== 'group' && node.kind !== 'point' && (node.kind !== 'list' || (node.minItems ?? 0) > 0);

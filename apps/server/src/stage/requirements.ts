/**
 * A stage's checks before it can be left: its form's schema (when data is posted with the action) and its
 * requirements (field paths non-empty, named predicates the module implements). Pure.
 */
import { Value } from 'typebox/value';
import type { FormDef, ProcessState, Refusal, Requirement } from '@helio/contracts/process/types';

/** The order's data: forms by key. */
export type ProcessData = Record<string, unknown>;

export interface PredicateCall {
  data: ProcessData;
  state: ProcessState;
  stage: string;
}

/** A named condition of the definition, implemented by the module (it may read data the module looked up before). */
export type Predicate = (call: PredicateCall) => boolean;

export function valueAt(data: unknown, path: string): unknown {
  let v: unknown = data;
  for (const seg of path.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

/** Missing = undefined, null, a blank string, an empty list or `false` (an unticked declaration). */
export function isMissing(v: unknown): boolean {
  return v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** Schema errors of posted form data, as `invalid-form` refusals with dotted field paths (at most 20). */
export function formErrors(form: FormDef, formData: unknown): Refusal[] {
  if (Value.Check(form.schema, formData)) return [];
  const out: Refusal[] = [];
  for (const e of Value.Errors(form.schema, formData)) {
    const field = [form.key, ...String(e.instancePath ?? '').split('/').filter(Boolean)].join('.');
    const missing = e.keyword === 'required' && Array.isArray((e.params as { requiredProperties?: unknown }).requiredProperties);
    const names = missing ? ((e.params as { requiredProperties: string[] }).requiredProperties ?? []) : [];
    if (names.length) for (const n of names) out.push({ code: 'invalid-form', field: `${field}.${n}`, message: 'required' });
    else out.push({ code: 'invalid-form', field, message: e.message });
    if (out.length >= 20) break;
  }
  return out.length ? out : [{ code: 'invalid-form', field: form.key, message: 'invalid' }];
}

/** Every requirement that does not hold, in declaration order. */
export function requirementErrors(
  requires: readonly Requirement[] | undefined,
  call: PredicateCall,
  predicates: Readonly<Record<string, Predicate>>,
): Refusal[] {
  const out: Refusal[] = [];
  for (const r of requires ?? []) {
    if (typeof r === 'string') {
      if (isMissing(valueAt(call.data, r))) out.push({ code: 'missing-requirement', field: r });
      continue;
    }
    const fn = Object.prototype.hasOwnProperty.call(predicates, r.predicate) ? predicates[r.predicate] : undefined;
    if (!fn) out.push({ code: 'predicate-unavailable', predicate: r.predicate });
    else if (!fn(call)) out.push({ code: 'missing-requirement', predicate: r.predicate, ...(r.field ? { field: r.field } : {}), ...(r.message ? { message: r.message } : {}) });
  }
  return out;
}

/**
 * Server side of the shared field rules: violations become one 400 with translated messages. Also the input checks
 * every route shares: values as their columns take them (list filters, form limits from the table) and no NUL.
 */
import type { FastifyRequest } from 'fastify';
import { checkRules, dateTimeParts, violationText, hasNul, INT32_MAX, INT32_MIN, type FieldRule, type RuleViolation, type Rules } from '@helio/contracts/validation';
import { BizError, ValidationError } from './errors.js';
import { type Lang } from './i18n.js';

/** Rule violations in the caller's language, worded as the web forms word them (contracts `RULE_MESSAGES`). */
export function violationMessages(lang: Lang, violations: RuleViolation[], rules: Rules): string[] {
  return violations.map((v) => violationText(lang, v, rules[v.field]));
}

export function assertRules(lang: Lang, values: Record<string, unknown>, rules: Rules, partial = false): void {
  const v = checkRules(values, rules, partial);
  if (v.length) throw new ValidationError(violationMessages(lang, v, rules));
}

/** How a column takes a value from the wire (from its SQL type, so a filter or form cannot disagree with the table). */
export type ColumnKind = 'int2' | 'int4' | 'int8' | 'decimal' | 'float' | 'bool' | 'time' | 'date' | 'text' | 'other';

export function columnKind(column: unknown): ColumnKind {
  const type = typeof (column as { getSQLType?: unknown })?.getSQLType === 'function' ? (column as { getSQLType(): string }).getSQLType() : '';
  if (type === 'smallint') return 'int2';
  if (type === 'integer' || type === 'serial') return 'int4';
  if (type === 'bigint' || type === 'bigserial') return 'int8';
  if (type.startsWith('numeric') || type.startsWith('decimal')) return 'decimal';
  if (type === 'real' || type === 'double precision') return 'float';
  if (type === 'boolean') return 'bool';
  if (type.startsWith('timestamp')) return 'time';
  if (type === 'date') return 'date';
  if (type === 'text' || type.startsWith('varchar') || type.startsWith('char') || type.startsWith('character')) return 'text';
  return 'other';
}

const INT_RANGE = { int2: [-32768, 32767], int4: [INT32_MIN, INT32_MAX] } as const;

/**
 * A wire value (text) as a column of this kind takes it, or undefined when it cannot: whole numbers within the
 * column's width (int8 stays text, as ids do), finite numbers, real calendar dates, booleans, text without NUL.
 * Time columns are parsed by the caller (core/dates.ts, in the deployment's zone).
 */
export function columnValue(kind: ColumnKind, raw: string): string | number | boolean | undefined {
  const v = raw.trim();
  switch (kind) {
    case 'int2':
    case 'int4': {
      if (!/^-?\d{1,10}$/.test(v)) return undefined;
      const n = Number(v);
      return n >= INT_RANGE[kind][0] && n <= INT_RANGE[kind][1] ? n : undefined;
    }
    case 'int8':
      return /^-?\d{1,19}$/.test(v) && BigInt(v) >= -(2n ** 63n) && BigInt(v) < 2n ** 63n ? v : undefined;
    case 'decimal':
    case 'float': {
      if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v)) return undefined;
      const n = Number(v);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'bool':
      return ['true', '1'].includes(v) ? true : ['false', '0'].includes(v) ? false : undefined;
    case 'date': {
      const p = dateTimeParts(v);
      return p && v.length === 10 ? v : undefined;
    }
    case 'time':
      return undefined;
    case 'text':
    case 'other': // uuid, json …: passed as text; what the type refuses is still a 400 (errors.ts, badInputState)
      return hasNul(raw) ? undefined : raw;
  }
}

/** What a numeric column can hold: int2/int4 ranges, numeric(p,s) below 10^(p-s), real's float4 range. */
function numericRange(column: unknown, kind: ColumnKind): [number, number] {
  if (kind === 'int2' || kind === 'int4') return [INT_RANGE[kind][0], INT_RANGE[kind][1]];
  if (kind === 'int8') return [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  const type = (column as { getSQLType(): string }).getSQLType();
  const m = /^numeric\((\d+),\s*(\d+)\)$/.exec(type);
  if (m) {
    const limit = 10 ** (Number(m[1]) - Number(m[2])) - 10 ** -Number(m[2]);
    return [-limit, limit];
  }
  if (type === 'real') return [-3.4e38, 3.4e38];
  return [-Number.MAX_VALUE, Number.MAX_VALUE];
}

/**
 * The form rules of a table's fields tightened by its columns: a numeric field within what its column holds (a whole
 * number for integer columns, int2/int4 ranges, numeric(p,s) precision) unless the rules are stricter, a text field
 * no longer than its varchar. Checked before any SQL, so a value the column cannot hold is a translated 400 naming
 * the field.
 */
export function withColumnLimits(rules: Rules, columns: Record<string, unknown>): Rules {
  const out: Rules = {};
  for (const [key, rule] of Object.entries(rules)) {
    const column = columns[key];
    const kind = columnKind(column);
    const r: FieldRule = { ...rule };
    if (r.numeric && ['int2', 'int4', 'int8', 'decimal', 'float'].includes(kind)) {
      const [lo, hi] = numericRange(column, kind);
      if (kind === 'int2' || kind === 'int4' || kind === 'int8') r.integer = true;
      r.minValue = Math.max(r.minValue ?? lo, lo);
      r.maxValue = Math.min(r.maxValue ?? hi, hi);
    }
    const length = (column as { length?: unknown } | undefined)?.length;
    if (!r.numeric && kind === 'text' && typeof length === 'number') r.max = Math.min(r.max ?? length, length);
    out[key] = r;
  }
  return out;
}

/** The first text in a parsed query or body (keys included) that carries NUL, or undefined. */
export function findNul(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return hasNul(value) ? value : undefined;
  if (value === null || typeof value !== 'object' || depth > 8) return undefined;
  if (Array.isArray(value)) {
    for (const v of value) if (findNul(v, depth + 1) !== undefined) return '';
    return undefined;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (hasNul(k) || findNul(v, depth + 1) !== undefined) return k;
  }
  return undefined;
}

/**
 * preValidation hook: NUL (U+0000) in any query, path or body text is a 400 before a handler runs. PostgreSQL cannot
 * store it in text (22021) or jsonb (22P05), so no field of any route can take it; refusing it here covers every route
 * at once. Multipart files are streams, not parsed here.
 */
export async function refuseNul(req: FastifyRequest): Promise<void> {
  if (req.is404) return;
  for (const part of [req.query, req.params, req.body]) {
    if (findNul(part) !== undefined) throw new BizError('invalidChars');
  }
}

/**
 * Integers in route schemas (query, params, body, headers) are 32-bit unless the schema bounds them itself: the
 * columns they reach are int4 (status, category, sort, levels, flags) and ids travel as strings. Installed as an
 * `onRoute` hook, so every route's validation — and its OpenAPI document — carries the bounds.
 */
export function boundIntegers(schema: unknown, depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 12) return;
  if (Array.isArray(schema)) {
    for (const s of schema) boundIntegers(s, depth + 1);
    return;
  }
  const s = schema as Record<string, unknown>;
  if (s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer'))) {
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = INT32_MIN;
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = INT32_MAX;
  }
  for (const key of ['properties', 'patternProperties']) {
    const props = s[key];
    if (props && typeof props === 'object') for (const v of Object.values(props)) boundIntegers(v, depth + 1);
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'prefixItems']) boundIntegers(s[key], depth + 1);
}

/** `onRoute`: bounds the integers of a route's input schemas (see `boundIntegers`). */
export function boundRouteIntegers(route: { schema?: Record<string, unknown> }): void {
  for (const part of ['querystring', 'query', 'params', 'body', 'headers']) boundIntegers(route.schema?.[part]);
}

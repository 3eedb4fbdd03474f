/**
 * List parameters the Blade way — `current`, `size`, `ascs`, `descs` and field filters with Blade's key suffixes
 * (`name`, `name_like`, `status_equal`, `createTime_datege`, …) — but only through a per-resource allow-list:
 * an unknown key or sort field is a 400 and never reaches SQL. Values are always bound parameters, checked first
 * against the column's type (core/validate.ts `columnValue`: int2/int4/int8 ranges, numbers, real dates, no NUL; LIKE
 * only on text, date operators only on dates), so a bad value is a 400 naming the parameter, never a database error.
 * `current` is at most MAX_PAGE_CURRENT (contracts), so the OFFSET stays exact.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notIlike,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { dateTimeParts, hasNul, MAX_PAGE_CURRENT } from '@helio/contracts/validation';
import { parseDateTime } from './dates.js';
import { BizError } from './errors.js';
import { columnKind, columnValue } from './validate.js';

export type FilterOp =
  | 'like'
  | 'equal'
  | 'notequal'
  | 'likeleft'
  | 'likeright'
  | 'notlike'
  | 'ge'
  | 'le'
  | 'gt'
  | 'lt'
  | 'datege'
  | 'dategt'
  | 'dateequal'
  | 'datelt'
  | 'datele'
  | 'null'
  | 'notnull';

export interface FilterField {
  column: AnyColumn;
  /** Operator for the bare key (no suffix); Blade's default is LIKE. */
  defaultOp: FilterOp;
  /** Further operators allowed as `<key>_<op>`. */
  ops?: readonly FilterOp[];
  /** Numeric column: values must be numbers. */
  numeric?: boolean;
}

export interface ListSpec {
  filters: Record<string, FilterField>;
  /** Sortable fields by API key; the snake_case column name is accepted too. */
  sorts: Record<string, AnyColumn>;
  defaultSort?: SQL[];
  /** Extra accepted keys handled by the caller (e.g. `deptId` on users). */
  extraKeys?: readonly string[];
}

export interface Paging {
  current: number;
  size: number;
  offset: number;
}

/** Keys every list ignores (paging, sort, language, cache-busting, and the token when sent as a parameter). */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'lang', '_t', 'blade-auth', 'tenantId']);

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function parsePaging(q: Record<string, unknown>, maxSize: number): Paging {
  const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const rawCurrent = one(q.current);
  const rawSize = one(q.size);
  const current = rawCurrent === undefined || rawCurrent === '' ? 1 : Number(rawCurrent);
  const size = rawSize === undefined || rawSize === '' ? 10 : Number(rawSize);
  // `current` is bounded so the OFFSET ((current - 1) × size) stays an exact number far inside a bigint.
  if (!Number.isInteger(current) || current < 1 || current > MAX_PAGE_CURRENT || !Number.isInteger(size) || size < 1) {
    throw new BizError('pageInvalid');
  }
  if (size > maxSize) throw new BizError('pageSizeTooLarge', { max: maxSize });
  return { current, size, offset: (current - 1) * size };
}

const LIKE_OPS: readonly FilterOp[] = ['like', 'likeleft', 'likeright', 'notlike'];

function toCondition(f: FilterField, op: FilterOp, raw: string, key: string): SQL | undefined {
  const kind = columnKind(f.column);
  const invalid = () => new BizError('invalidParam', { param: key.slice(0, 64) });
  const date = () => {
    const d = parseDateTime(raw);
    if (!d) throw invalid();
    return d;
  };
  // The value as the column's type takes it: a 400 here, never a data error from the database.
  const val = (): unknown => {
    if (kind === 'time') return date();
    const v = columnValue(kind, raw);
    if (v === undefined) throw invalid();
    return v;
  };
  const textual = kind === 'text' && !f.numeric;
  if (LIKE_OPS.includes(op) && !textual && op !== 'like') throw new BizError('unknownParam', { param: key.slice(0, 64) });
  if (hasNul(raw)) throw invalid();
  switch (op) {
    case 'like':
      return textual ? ilike(f.column, `%${escapeLike(raw)}%`) : eq(f.column, val());
    case 'likeleft':
      return ilike(f.column, `%${escapeLike(raw)}`);
    case 'likeright':
      return ilike(f.column, `${escapeLike(raw)}%`);
    case 'notlike':
      return notIlike(f.column, `%${escapeLike(raw)}%`);
    case 'equal':
      return eq(f.column, val());
    case 'notequal':
      return ne(f.column, val());
    case 'ge':
      return gte(f.column, val());
    case 'le':
      return lte(f.column, val());
    case 'gt':
      return gt(f.column, val());
    case 'lt':
      return lt(f.column, val());
    case 'datege':
    case 'dategt':
    case 'datelt':
    case 'datele':
    case 'dateequal':
      if (kind === 'date') {
        // A date column: compared with the day itself (a time of day, when given, is ignored).
        if (!dateTimeParts(raw.trim())) throw invalid();
        const day = raw.trim().slice(0, 10);
        return op === 'dateequal' ? eq(f.column, day) : dateCondition(f.column, op, day);
      }
      if (kind !== 'time') throw new BizError('unknownParam', { param: key.slice(0, 64) });
      return dateCondition(f.column, op, date());
    case 'null':
      return isNull(f.column);
    case 'notnull':
      return isNotNull(f.column);
  }
}

function dateCondition(column: AnyColumn, op: FilterOp, d: Date | string): SQL | undefined {
  switch (op) {
    case 'datege':
      return gte(column, d);
    case 'dategt':
      return gt(column, d);
    case 'datelt':
      return lt(column, d);
    case 'datele':
      return lte(column, d);
    case 'dateequal':
      return typeof d === 'string' ? eq(column, d) : and(gte(column, d), lt(column, new Date(d.getTime() + 86_400_000)));
    default:
      return undefined;
  }
}

const OPS: readonly FilterOp[] = [
  'notequal',
  'equal',
  'likeleft',
  'likeright',
  'notlike',
  'like',
  'datege',
  'dategt',
  'dateequal',
  'datelt',
  'datele',
  'notnull',
  'null',
  'ge',
  'le',
  'gt',
  'lt',
];

/** Filter conditions from the query; throws 400 on any key outside the allow-list. */
export function parseFilters(q: Record<string, unknown>, spec: ListSpec): SQL[] {
  const out: SQL[] = [];
  for (const [key, rawValue] of Object.entries(q)) {
    if (RESERVED.has(key) || spec.extraKeys?.includes(key)) continue;
    let field = spec.filters[key];
    let op: FilterOp | undefined = field?.defaultOp;
    if (!field) {
      const idx = key.lastIndexOf('_');
      const base = idx > 0 ? key.slice(0, idx) : '';
      const suffix = idx > 0 ? (key.slice(idx + 1) as FilterOp) : undefined;
      if (key.endsWith('_ignore')) continue;
      const f = spec.filters[base];
      if (f && suffix && OPS.includes(suffix) && (f.ops?.includes(suffix) || f.defaultOp === suffix)) {
        field = f;
        op = suffix;
      }
    }
    if (!field || !op) throw new BizError('unknownParam', { param: key.slice(0, 64) });
    const value = Array.isArray(rawValue) ? rawValue[0] : rawValue;
    if (value === undefined || value === null || value === '') continue;
    const text = String(value);
    if (text.length > 200) throw new BizError('invalidParam', { param: key.slice(0, 64) });
    const c = toCondition(field, op, text, key);
    if (c) out.push(c);
  }
  return out;
}

/** ORDER BY from `ascs`/`descs`; only allow-listed fields (API key or its snake_case column). */
export function parseSort(q: Record<string, unknown>, spec: ListSpec): SQL[] {
  const out: SQL[] = [];
  const lookup = (name: string): AnyColumn => {
    const trimmed = name.trim();
    for (const [k, col] of Object.entries(spec.sorts)) {
      if (k === trimmed || snake(k) === trimmed) return col;
    }
    throw new BizError('unknownSort', { param: trimmed.slice(0, 64) });
  };
  for (const [param, dir] of [
    ['ascs', asc],
    ['descs', desc],
  ] as const) {
    const raw = q[param];
    if (raw === undefined || raw === '') continue;
    for (const name of String(Array.isArray(raw) ? raw.join(',') : raw).split(',')) {
      if (name.trim() === '') continue;
      out.push(dir(lookup(name)));
    }
  }
  return out.length ? out : (spec.defaultSort ?? []);
}

/** Convenience: text columns searchable by LIKE and equality. */
export const text = (column: AnyColumn): FilterField => ({
  column,
  defaultOp: 'like',
  ops: ['equal', 'notequal', 'likeleft', 'likeright', 'notlike'],
});
/** Numeric/dictionary columns: equality by default. */
export const num = (column: AnyColumn): FilterField => ({
  column,
  defaultOp: 'equal',
  ops: ['notequal', 'ge', 'le', 'gt', 'lt'],
  numeric: true,
});
/** Time columns: Blade's date operators. */
export const time = (column: AnyColumn): FilterField => ({
  column,
  defaultOp: 'dateequal',
  ops: ['datege', 'dategt', 'datelt', 'datele'],
});

/**
 * One round trip for a page and its total: `count(*) over ()` rides along with the rows. Only when the page is
 * empty (past the end, or nothing matches) is a separate count needed.
 */
export async function pagedSelect<T>(
  fetchPage: (totalColumn: SQL<number>) => Promise<(T & { __total: number | string })[]>,
  countAll: () => Promise<number>,
  p: Paging,
): Promise<{ rows: T[]; total: number }> {
  const rows = await fetchPage(sql<number>`count(*) over ()`);
  if (rows.length === 0) return { rows: [], total: p.current > 1 ? await countAll() : 0 };
  const total = Number(rows[0]!.__total);
  return { rows: rows.map(({ __total: _t, ...r }) => r as unknown as T), total };
}

/**
 * List parameters the Blade way — `current`, `size`, `ascs`, `descs` and field filters with Blade's key suffixes
 * (`name`, `name_like`, `status_equal`, `createTime_datege`, …) — but only through a per-resource allow-list:
 * an unknown key or sort field is a 400 and never reaches SQL. Values are always bound parameters.
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
import { parseDateTime } from './dates.js';
import { BizError } from './errors.js';

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
  const current = q.current === undefined || q.current === '' ? 1 : Number(q.current);
  const size = q.size === undefined || q.size === '' ? 10 : Number(q.size);
  if (!Number.isInteger(current) || current < 1 || !Number.isInteger(size) || size < 1) {
    throw new BizError('pageInvalid');
  }
  if (size > maxSize) throw new BizError('pageSizeTooLarge', { max: maxSize });
  return { current, size, offset: (current - 1) * size };
}

function toCondition(f: FilterField, op: FilterOp, raw: string, key: string): SQL | undefined {
  const num = () => {
    const n = Number(raw);
    if (!Number.isFinite(n)) throw new BizError('unknownParam', { param: key });
    return n;
  };
  const date = () => {
    const d = parseDateTime(raw);
    if (!d) throw new BizError('unknownParam', { param: key });
    return d;
  };
  const val = () => (f.numeric ? num() : raw);
  switch (op) {
    case 'like':
      return f.numeric ? eq(f.column, num()) : ilike(f.column, `%${escapeLike(raw)}%`);
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
      return gte(f.column, date());
    case 'dategt':
      return gt(f.column, date());
    case 'datelt':
      return lt(f.column, date());
    case 'datele':
      return lte(f.column, date());
    case 'dateequal': {
      const d = date();
      return and(gte(f.column, d), lt(f.column, new Date(d.getTime() + 86_400_000)));
    }
    case 'null':
      return isNull(f.column);
    case 'notnull':
      return isNotNull(f.column);
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
    if (text.length > 200) throw new BizError('unknownParam', { param: key });
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

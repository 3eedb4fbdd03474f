/**
 * SQL pieces the station repositories share: the energy sums of a rollup, id lists, LIKE filters, allow-listed
 * ORDER BY, the tenant condition for raw SQL, the "total beside the page" pattern, and rows read through a
 * transaction. Values are always bound parameters; only column names are raw.
 */
import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../core/access.js';
import { parseSort } from '../../core/list-query.js';
import { isPlatform } from '../../core/tenant.js';
import type { Db } from '../../db/client.js';
import { str, type Row } from './station.params.js';

/** The seven energy sums of a rollup query (named as `kpi.ts` `sums` reads them). */
export const ENERGY = sql.raw(
  `coalesce(sum(pv_kwh), 0) AS "pv", coalesce(sum(load_kwh), 0) AS "load", coalesce(sum(import_kwh), 0) AS "import",
   coalesce(sum(export_kwh), 0) AS "export", coalesce(sum(charge_kwh), 0) AS "charge", coalesce(sum(discharge_kwh), 0) AS "discharge",
   coalesce(sum(ev_kwh), 0) AS "ev"`,
);

/** Live figures are "current" while the report is at most this old. */
export const FRESH_MS = 15 * 60_000;

const list = (ids: readonly (string | number)[]) => sql.join(ids.map((i) => sql`${i}`), sql`, `);
/** The inside of `IN (…)`: a few ids as parameters, or a subquery (a data scope of any size). */
export const inList = (x: readonly string[] | SQL) => (Array.isArray(x) ? list(x) : (x as SQL));

/** A fragment of column references only (no values), as raw SQL: Drizzle then need not walk it on every query. */
export function columnsOnce(fragment: SQL): SQL {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length) throw new Error('columnsOnce: the fragment has values');
  return sql.raw(text);
}

const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Text filter helpers (bound parameters; LIKE wildcards escaped). */
export const like = (col: Parameters<typeof ilike>[0], v: string) => ilike(col, escapeLike(v));
export const likeAny = (cols: Parameters<typeof ilike>[0][], v: string) => or(...cols.map((c) => ilike(c, escapeLike(v))))!;

/**
 * ORDER BY from ascs/descs over an allow-list (API key or its snake_case name), else the default: the engine lists'
 * `parseSort`, given one trimmed value of each as every station parameter (station.params.ts `str`).
 */
export function orderBy(q: Row, allowed: Record<string, AnyColumn>, def: SQL): SQL {
  return sql.join(parseSort({ ascs: str(q, 'ascs'), descs: str(q, 'descs') }, { filters: {}, sorts: allowed, defaultSort: [def] }), sql`, `);
}

/** Tenant condition on a table's tenant_id in raw SQL (mirrors core/tenant.ts; platform users may narrow with `tenantId`). */
export function tenantSql(u: AuthUser, q: Row, column = 'tenant_id'): SQL {
  const col = sql.raw(column);
  if (!isPlatform(u)) return sql`${col} = ${u.tenantId}`;
  const wanted = q.tenantId;
  return typeof wanted === 'string' && /^\d{6,12}$/.test(wanted) ? sql`${col} = ${wanted}` : sql`true`;
}

/** Rows of a page whose query also selected `count(*) OVER () AS __total`: the rows without it, and the total. */
export function pageOf(rows: (Row & { __total: string })[]): { rows: Row[]; total: number } {
  return { rows: rows.map(({ __total: _t, ...r }) => r), total: rows.length ? Number(rows[0]!.__total) : 0 };
}

/** Raw SQL rows through a Drizzle handle (a transaction inside `ctx.tx`). */
export async function rowsIn<T = Row>(db: Pick<Db, 'execute'>, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

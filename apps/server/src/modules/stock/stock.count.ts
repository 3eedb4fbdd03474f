/**
 * The page total of the stock lists that grow without end (movements, the change log): counting every row of a
 * million-row ledger for each page costs more than the page itself, so the rows are counted up to a cap and, past
 * it, the total is the planner's estimate for the same conditions (tenant included) — never below the cap, nor below
 * what the caller has already paged through. Exact for every list shorter than the cap, and a sane figure for a
 * Blade client's pager beyond it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** Rows counted exactly; a list longer than this gets an estimated total. */
export const COUNT_CAP = 10_000;


/** The planner's row estimate of `SELECT 1 FROM <from> WHERE <where>` (0 when it cannot be read). */
export async function estimateRows(db: Db, from: SQL, where: SQL): Promise<number> {
  const [r] = await rowsOf<Record<string, unknown>>(db, sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where}`);
  const v = r ? Object.values(r)[0] : undefined;
  const plan = (typeof v === 'string' ? JSON.parse(v) : v) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  const rows = Number(plan?.[0]?.Plan?.['Plan Rows']);
  return Number.isFinite(rows) && rows > 0 ? Math.round(rows) : 0;
}

/**
 * The total of a page of `<from> WHERE <where>`. `page` is what the caller fetched: its offset, size and how many rows
 * came back. A page that is not full and not empty ends the list, so its total needs no count at all.
 */
export async function pageTotal(
  db: Db,
  from: SQL,
  where: SQL,
  page: { offset: number; size: number; rows: number },
  cap = COUNT_CAP,
): Promise<number> {
  if (page.rows > 0 && page.rows < page.size) return page.offset + page.rows;
  const [c] = await rowsOf<{ n: number | string }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${cap + 1}) x`);
  const counted = Number(c?.n ?? 0);
  if (counted <= cap) return counted;
  // More than the cap: at least that, and one more row than the caller has seen when its page came back full.
  const seen = page.offset + page.rows + (page.rows === page.size ? 1 : 0);
  return Math.max(counted, seen, await estimateRows(db, from, where));
}

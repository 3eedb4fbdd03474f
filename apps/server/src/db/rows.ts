/** The rows of a raw SQL statement, typed by the caller (drizzle's `execute` answers driver-shaped results). */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

export async function rowsOf<T = Record<string, unknown>>(db: Pick<Db, 'execute'>, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** A list of ids as one bigint[] parameter list (`WHERE id = ANY(${idArray(ids)})`). */
export const idArray = (ids: readonly string[]): SQL => sql`ARRAY[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::bigint[]`;

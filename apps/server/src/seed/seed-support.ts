/** What the seed's steps share: the Blade-family seed ids, deterministic ids, chunked inserts. */
import type { Db } from '../db/client.js';

/** Blade-family seed ids, kept so data and clients that know them keep working. */
export const SEED_IDS = {
  admin: '1123598821738675201',
  administratorRole: '1123598816738675201',
  rootDept: '1123598813738675201',
  platformTenant: '1123598820738675201',
} as const;

/** Ids for seeded rows: deterministic, so two fresh deployments agree (Blade seed range). */
export function seqIds(start: bigint) {
  let n = start;
  return () => (n++).toString();
}

export async function insertChunked<T extends Record<string, unknown>>(
  db: Db,
  table: Parameters<Db['insert']>[0],
  rows: T[],
  size = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never);
  }
}


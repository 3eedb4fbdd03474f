/**
 * Raw SQL on the open database, below Drizzle: the bulk telemetry paths build one statement per table and batch
 * (arrays bound through `unnest`), which costs a fraction of Drizzle's query builder. Works on node-postgres (a pool
 * connection per transaction) and PGlite (its single connection, serialised by PGlite itself).
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/client.js';

export interface RawClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface RawDb extends RawClient {
  kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: RawClient) => Promise<T>): Promise<T>;
  /** node-postgres only: a dedicated connection (COPY in benchmarks). */
  pool?: pg.Pool;
}

export function rawDb(database: Database): RawDb {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return {
      kind: 'postgres',
      pool,
      query: async <T,>(text: string, params?: unknown[]) => {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows as T[] };
      },
      transaction: async <T,>(fn: (tx: RawClient) => Promise<T>) => {
        const c = await pool.connect();
        let broken = false;
        try {
          await c.query('BEGIN');
          const tx: RawClient = {
            query: async <R,>(text: string, params?: unknown[]) => ({ rows: (await c.query(text, params as unknown[])).rows as R[] }),
          };
          const out = await fn(tx);
          await c.query('COMMIT');
          return out;
        } catch (e) {
          try {
            await c.query('ROLLBACK');
          } catch {
            broken = true;
          }
          throw e;
        } finally {
          c.release(broken);
        }
      },
    };
  }
  const lite = client as PGlite;
  const wrap = (q: PGlite | Transaction): RawClient => ({
    query: async <T,>(text: string, params?: unknown[]) => {
      const r = await q.query<T>(text, params);
      return { rows: r.rows };
    },
  });
  return {
    kind: 'pglite',
    ...wrap(lite),
    transaction: <T,>(fn: (tx: RawClient) => Promise<T>) => lite.transaction((tx) => fn(wrap(tx))),
  };
}

/** SQLSTATE classes that mean "this data is bad" (retrying the same row will fail the same way). */
export function isDataError(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'string' && /^(22|23|42804|42P18)/.test(code);
}

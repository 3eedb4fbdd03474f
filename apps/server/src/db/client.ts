/**
 * Opens the database: embedded PGlite under the data dir by default, node-postgres when DATABASE_URL is set.
 * Both speak the same PostgreSQL dialect and run the same committed migrations, applied at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import { lazyRequire } from '../core/lazy-import.js';
import { markDatabaseConnectionError } from '../core/errors.js';
import * as coreSchema from './schema.js';
import * as deviceSchema from './schema-device.js';
import * as resourceSchema from './schema-resource.js';
import { serverRoot } from './template-install.js';

const schema = { ...coreSchema, ...deviceSchema, ...resourceSchema };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL returning rows (bulk paths and reports). */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

export { serverRoot } from './template-install.js';

export function migrationsFolder(): string {
  return path.join(serverRoot(), 'drizzle');
}

/** node-postgres and its Drizzle driver load only with DATABASE_URL (core/lazy-import.ts). */
const nodePostgres = lazyRequire<typeof pg>('pg');

// node-postgres: bigint and numeric stay strings by default, timestamptz → Date; that is what the schema expects.

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a dumped data dir (tests). */
  loadDataDir?: Blob | File | undefined;
  migrate?: boolean;
  /** Called when a PostgreSQL connection fails, idle or in use (logged by the server). */
  onPoolError?: (err: Error) => void;
  /** PostgreSQL: how long a query waits for a connection (pool full, or the server unreachable) before failing. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the longest a statement may run (HELIO_DB_STATEMENT_TIMEOUT_MS; 0 = no limit). A slow or locked
   * database then answers a clear 503 instead of holding the request and a connection; migrations are not limited.
   */
  statementTimeoutMs?: number;
}

/**
 * A pool whose every connection handles its own errors. node-postgres emits `error` on a client whose socket fails
 * (ECONNRESET, a backend terminated by pg_terminate_backend or a restart) even when a query is running on it, and
 * pg-pool listens only while the client is idle: a connection lost while checked out (a transaction, the migrator)
 * was an unhandled `error` event, which ends the process. Here each client listens for its whole life; the query in
 * flight still fails (and the pool drops the client on release), so callers see an error they can retry or answer
 * with 503. Socket errors are marked as the database's (`isDatabaseUnavailable`), also when connecting fails.
 */
export function createPool(url: string, opts: Pick<OpenOptions, 'onPoolError' | 'connectTimeoutMs' | 'statementTimeoutMs'> = {}): pg.Pool {
  const reported = new WeakSet<Error>();
  const report = (err: Error) => {
    markDatabaseConnectionError(err);
    if (reported.has(err)) return;
    reported.add(err);
    opts.onPoolError?.(err);
  };
  const markSocketError = (err: Error) => {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' && /^E[A-Z_]+$/.test(code) ? markDatabaseConnectionError(err) : err;
  };
  const pg = nodePostgres();
  class HandledClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', report);
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      if (!callback) {
        return super.connect().catch((err: Error) => {
          throw markSocketError(err);
        });
      }
      super.connect((err: Error) => callback(err ? markSocketError(err) : err));
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
    keepAlive: true,
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    Client: HandledClient as unknown as new () => pg.ClientBase,
  });
  // An idle client's error reaches the pool too (it then discards the client); HandledClient has reported it.
  pool.on('error', report);
  return pool;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const runMigrations = opts.migrate !== false;
  if (opts.databaseUrl) {
    const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
    // A connection dropped by the server (restart, failover, admin) must not crash the process; the pool replaces
    // it on the next query.
    if (runMigrations) {
      // Unlimited: a migration may rightly take longer than any request's statement.
      const once = createPool(opts.databaseUrl, { ...opts, statementTimeoutMs: 0 });
      try {
        await migratePg(drizzlePg(once, { schema }) as never, { migrationsFolder: migrationsFolder() });
      } finally {
        await once.end();
      }
    }
    const pool = createPool(opts.databaseUrl, opts);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      rows: async <T,>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const database = pgliteDatabase(client);
  if (runMigrations) await migratePglite(database.db as never, { migrationsFolder: migrationsFolder() });
  return database;
}

/** An open PGlite as the server's database. */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    rows: async <T,>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    close: () => client.close(),
  };
}

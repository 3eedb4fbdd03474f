/**
 * Opens the database: embedded PGlite under the data dir by default, node-postgres when DATABASE_URL is set.
 * Both speak the same PostgreSQL dialect and run the same committed migrations, applied at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as coreSchema from './schema.js';
import * as deviceSchema from './schema-device.js';
import * as resourceSchema from './schema-resource.js';

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

/** The server package root (holds `drizzle/`), found from this file in src/ or in the dist bundle. */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the migrations folder (apps/server/drizzle)');
}

export function migrationsFolder(): string {
  return path.join(serverRoot(), 'drizzle');
}

// node-postgres: bigint and numeric stay strings by default, timestamptz → Date; that is what the schema expects.

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a dumped data dir (tests). */
  loadDataDir?: Blob | File | undefined;
  migrate?: boolean;
  /** Called when an idle PostgreSQL connection fails (logged by the server). */
  onPoolError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const runMigrations = opts.migrate !== false;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover, admin) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (runMigrations) await migratePg(db as never, { migrationsFolder: migrationsFolder() });
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (runMigrations) await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: 'pglite',
    rows: async <T,>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    close: () => client.close(),
  };
}

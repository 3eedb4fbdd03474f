/**
 * The embedded database's start-up: a first start copies a template data directory, built once at build time
 * (`build-template.mjs`), instead of creating a cluster (initdb in WebAssembly is most of a first start), running
 * every migration and seeding the platform data; a restart skips the migrator when the database already has the
 * newest migration.
 *
 * The template holds what every deployment shares: the migrated schema and the seed steps except the administrator
 * (menus, roles, dictionaries, regions, …). Nothing deployment-specific is in it: the administrator and its password,
 * the signing and storage keys (helio_secret) and the demo fleet (its key) are made on the first start, as without a
 * template. A template that does not fit — another PGlite build, unreadable — is ignored: the start then builds the
 * database from nothing, as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { seed } from '../seed/seed.js';
import { migrationsFolder, openDatabase, pgliteDatabase, type Database, type OpenOptions } from './client.js';
import { TEMPLATE_MANIFEST, openEmbedded, pgliteVersion, type EmbeddedOpen, type TemplateManifest } from './template-install.js';

export { TEMPLATE_MANIFEST, installTemplate, pgliteVersion, readManifest, templateDir, type EmbeddedOpen, type TemplateManifest } from './template-install.js';

/** The journal's newest migration (`when`). */
export function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether the journal has a migration newer than the database's newest. Drizzle's migrator applies exactly the
 * migrations whose `when` is above the database's newest, so when none is, running it changes nothing — but costs a
 * restart several statements (schema and table checks, an empty transaction) on a cold PGlite.
 */
export async function migrationsBehind(database: Database): Promise<boolean> {
  try {
    const [row] = await database.rows<{ at: string | null }>(sql`SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations`);
    return row?.at == null || Number(row.at) < newestMigration();
  } catch {
    return true; // no migrations table yet
  }
}

/** Drizzle's migrator when the database is behind the journal; whether it ran. */
export async function migrateIfBehind(database: Database): Promise<boolean> {
  if (!(await migrationsBehind(database))) return false;
  await migratePglite(database.db as never, { migrationsFolder: migrationsFolder() });
  return true;
}

/**
 * Writes everything out (CHECKPOINT) and says where the WAL now ends: its segment file and the offset in it. Opening
 * the data directory needs only that segment; the build's template and the test suite's dump keep no other.
 */
export async function checkpointedWal(database: Database): Promise<{ wal: string; offset: number }> {
  await database.rows(sql`CHECKPOINT`);
  const [row] = (await database.rows<{ wal: string; offset: number }>(
    sql`SELECT file_name AS wal, file_offset AS offset FROM pg_walfile_name_offset(pg_current_wal_lsn())`,
  )) as [{ wal: string; offset: number }];
  return row;
}

/**
 * Builds the template into `out` (replaced whole at the end): a new cluster, every migration, the shared seed steps
 * (no administrator); checked to hold no per-deployment secret; checkpointed and closed.
 */
export async function buildTemplate(out: string, hash = ''): Promise<TemplateManifest> {
  const work = `${out}.building`;
  fs.rmSync(work, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: work });
  let wal = '';
  let offset = Infinity;
  try {
    await seed(database.db, { admin: false });
    // Per-deployment secrets are made on the first start, never shipped: the keys (helio_secret) and any user.
    for (const table of ['helio_secret', 'blade_user']) {
      const [{ n }] = (await database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`)) as [{ n: string }];
      if (Number(n) > 0) throw new Error(`the database template must not hold ${table} rows`);
    }
    ({ wal, offset } = await checkpointedWal(database));
  } finally {
    await database.close();
  }
  // Only the WAL segment holding the shutdown checkpoint (written just after this position: a few hundred bytes, so in
  // the same segment unless it is nearly full) is needed to open the database; the others are 16 MB each that every
  // first start would copy (an older one, and one made ready for reuse).
  if (offset < 15 * 2 ** 20) {
    for (const f of fs.readdirSync(path.join(work, 'pg_wal'))) if (/^[0-9A-F]{24}$/.test(f) && f !== wal) fs.rmSync(path.join(work, 'pg_wal', f));
  }
  const manifest: TemplateManifest = { pglite: pgliteVersion(), migration: newestMigration(), hash, builtAt: new Date().toISOString() };
  fs.writeFileSync(path.join(work, TEMPLATE_MANIFEST), JSON.stringify(manifest, null, 2));
  // Swapped by renames: a server copying the old template meanwhile fails its copy (and starts without a template)
  // rather than copying a half-deleted one.
  const old = `${out}.old-${process.pid}`;
  if (fs.existsSync(out)) fs.renameSync(out, old);
  fs.renameSync(work, out);
  fs.rmSync(old, { recursive: true, force: true });
  return manifest;
}

export interface ServerDatabase extends Database {
  /** The first start began from the template. */
  fromTemplate: boolean;
}

/**
 * Opens the server's database: PostgreSQL (DATABASE_URL) exactly as `openDatabase` does; PGlite from the template on
 * a first start, then migrated only when behind. A template that fails to open is removed and the start goes on
 * without it.
 */
export async function openServerDatabase(
  opts: Pick<OpenOptions, 'databaseUrl' | 'onPoolError' | 'statementTimeoutMs'> & {
    dataDir: string;
    template?: string;
    /** PGlite already being opened by the entry point (`main.ts`: started before the server's modules load). */
    early?: Promise<EmbeddedOpen>;
  },
): Promise<ServerDatabase> {
  if (opts.databaseUrl) {
    const database = await openDatabase({ databaseUrl: opts.databaseUrl, onPoolError: opts.onPoolError, statementTimeoutMs: opts.statementTimeoutMs });
    return { ...database, fromTemplate: false };
  }
  const { client, fromTemplate } = await (opts.early ?? openEmbedded(opts.dataDir, opts.template));
  const database = pgliteDatabase(client);
  await migrateIfBehind(database);
  yieldBeforeStatements(client);
  return { ...database, fromTemplate };
}

/**
 * PGlite runs a statement inside this process and resolves its promise without any I/O in between, so a chain of
 * statements — the start-up steps after `listen`, the telemetry start, the demo backfill — holds the event loop for
 * its whole length: HTTP requests are not even read until it ends (a restart answered its first request a second
 * after listening). Here each statement and transaction first lets the event loop turn once: requests that arrived
 * meanwhile are read and queue their own statements, which PGlite then runs in arrival order between the background
 * ones. Statements inside a transaction run on without a turn (the transaction holds the connection anyway).
 */
function yieldBeforeStatements(client: PGlite): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const wrap = <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await turn();
      return f(...args);
    };
  client.query = wrap(client.query.bind(client)) as PGlite['query'];
  client.exec = wrap(client.exec.bind(client));
  client.transaction = wrap(client.transaction.bind(client)) as PGlite['transaction'];
}

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
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { seed } from '../seed/seed.js';
import { migrationsFolder, openDatabase, serverRoot, type Database, type OpenOptions } from './client.js';

export const TEMPLATE_MANIFEST = 'helio-template.json';

export interface TemplateManifest {
  /** @electric-sql/pglite version that wrote the data directory. */
  pglite: string;
  /** Newest migration inside (the journal's `when`). */
  migration: number;
  /** Content hash of what built it (build-template.mjs: skip a rebuild when unchanged). */
  hash: string;
  builtAt: string;
}

/** Where the build puts the template: apps/server/dist/pglite-template. */
export function templateDir(): string {
  return path.join(serverRoot(), 'dist', 'pglite-template');
}

export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@electric-sql/pglite');
  let dir = path.dirname(main);
  for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      const { name, version } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return version;
    }
  }
  return 'unknown';
}

/** The journal's newest migration (`when`). */
export function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

export function readManifest(dir: string): TemplateManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, TEMPLATE_MANIFEST), 'utf8')) as TemplateManifest;
  } catch {
    return undefined;
  }
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Copies the template into `dataDir` when that is a first start (no data directory, or an empty one) and the
 * template fits this PGlite. The copy goes to a sibling directory renamed into place, so an interrupted copy is never
 * mistaken for a database. Returns whether it did.
 */
export function installTemplate(dataDir: string, from = templateDir()): boolean {
  if (!isEmptyDir(dataDir)) return false;
  const manifest = readManifest(from);
  if (!manifest || manifest.pglite !== pgliteVersion() || !fs.existsSync(path.join(from, 'PG_VERSION'))) return false;
  const tmp = `${dataDir}.template-copy`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  try {
    // A copy-on-write clone where the file system has them (btrfs, XFS, APFS), else a plain copy.
    fs.cpSync(from, tmp, { recursive: true, mode: fs.constants.COPYFILE_FICLONE, filter: (src) => path.basename(src) !== TEMPLATE_MANIFEST });
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  fs.rmSync(dataDir, { recursive: true, force: true }); // an empty directory
  fs.renameSync(tmp, dataDir);
  return true;
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
 * Builds the template into `out` (replaced whole at the end): a new cluster, every migration, the shared seed steps
 * (no administrator); checked to hold no per-deployment secret; checkpointed and closed.
 */
export async function buildTemplate(out: string, hash = ''): Promise<TemplateManifest> {
  const work = `${out}.building`;
  fs.rmSync(work, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: work });
  try {
    await seed(database.db, { admin: false });
    // Per-deployment secrets are made on the first start, never shipped: the keys (helio_secret) and any user.
    for (const table of ['helio_secret', 'blade_user']) {
      const [{ n }] = (await database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`)) as [{ n: string }];
      if (Number(n) > 0) throw new Error(`the database template must not hold ${table} rows`);
    }
    await database.rows(sql`CHECKPOINT`);
  } finally {
    await database.close();
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
export async function openServerDatabase(opts: Pick<OpenOptions, 'databaseUrl' | 'onPoolError' | 'statementTimeoutMs'> & { dataDir: string; template?: string }): Promise<ServerDatabase> {
  if (opts.databaseUrl) {
    const database = await openDatabase({ databaseUrl: opts.databaseUrl, onPoolError: opts.onPoolError, statementTimeoutMs: opts.statementTimeoutMs });
    return { ...database, fromTemplate: false };
  }
  let fromTemplate = false;
  try {
    fromTemplate = installTemplate(opts.dataDir, opts.template);
  } catch {
    fromTemplate = false; // unreadable template: start without it
  }
  let database: Database;
  try {
    database = await openDatabase({ dataDir: opts.dataDir, migrate: false });
  } catch (e) {
    if (!fromTemplate) throw e;
    fs.rmSync(opts.dataDir, { recursive: true, force: true });
    fromTemplate = false;
    database = await openDatabase({ dataDir: opts.dataDir, migrate: false });
  }
  await migrateIfBehind(database);
  yieldBeforeStatements((database.db as unknown as { $client: PGlite }).$client);
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

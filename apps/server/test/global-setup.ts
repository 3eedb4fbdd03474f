/**
 * Builds one migrated and seeded database for the whole run; each test file starts from a copy of it.
 * - PGlite (default): the data dir is dumped to a tarball every test file loads. When the build's database template
 *   (dist/pglite-template, what a first start copies) is newer than every source it is made of, the run starts from
 *   it and only adds what a first start adds (the administrator, the keys) — CI builds it before the server passes,
 *   and seeding from nothing kept both workers waiting ~15 s. Otherwise (sources edited since the build) it seeds
 *   from nothing, as before; test/db-template.test.ts holds the two to the same database.
 * - PostgreSQL (HELIO_TEST_DATABASE_URL set, e.g. postgres://postgres@127.0.0.1:5432/postgres): a template
 *   database every test file clones with CREATE DATABASE … TEMPLATE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrationsFolder, openDatabase, pgliteDatabase, serverRoot, type Database } from '../src/db/client.js';
import { checkpointedWal, migrateIfBehind, readManifest, templateDir, TEMPLATE_MANIFEST } from '../src/db/template.js';
import { openEmbedded } from '../src/db/template-install.js';
import { seed } from '../src/seed/seed.js';
import { TEST_ADMIN_PASSWORD } from './constants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const pgUrl = process.env.HELIO_TEST_DATABASE_URL;
  if (pgUrl) {
    const tpl = `helio_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${tpl}`);
    await admin.query(`CREATE DATABASE ${tpl}`);
    const u = new URL(pgUrl);
    u.pathname = `/${tpl}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    await seed(database.db, { adminPassword: TEST_ADMIN_PASSWORD });
    await database.close();
    project.provide('pgTemplate', tpl);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${tpl}`).catch(() => undefined);
      await admin.end();
    };
  }
  const built = freshBuiltTemplate();
  const work = built ? fs.mkdtempSync(path.join(os.tmpdir(), 'helio-test-tpl-')) : undefined;
  let database: Database;
  if (built && work) {
    database = pgliteDatabase((await openEmbedded(path.join(work, 'pglite'), built)).client);
    await migrateIfBehind(database);
  } else {
    database = await openDatabase({});
  }
  await seed(database.db, { adminPassword: TEST_ADMIN_PASSWORD });
  // Checkpointed, and the dump keeps only the WAL segment holding the checkpoint (as the build trims its template,
  // src/db/template.ts): every test file loads the dump, and each other 16 MB segment is a third more to load.
  const { wal, offset } = await checkpointedWal(database);
  const client = (database as unknown as { db: { $client: { dumpDataDir(c?: string): Promise<Blob> } } }).db.$client;
  const blob = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `helio-test-template-${process.pid}.tar`);
  // (A checkpoint record right at a segment's start may have begun in the one before: then every segment is kept.)
  const dump = Buffer.from(await blob.arrayBuffer());
  const tar = offset > 65_536 ? withoutWalSegments(dump, wal) : dump;
  fs.writeFileSync(file, tar);
  await database.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(file, { force: true });
}

/** The build's template directory if it fits this PGlite and was built after every source and migration last changed. */
function freshBuiltTemplate(): string | undefined {
  if (process.env.HELIO_TEST_SEED_FROM_NOTHING === '1') return undefined;
  const dir = templateDir();
  if (!readManifest(dir)) return undefined;
  const builtAt = fs.statSync(path.join(dir, TEMPLATE_MANIFEST)).mtimeMs;
  const newer = (p: string): boolean => {
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs > builtAt;
    return fs.readdirSync(p).some((name) => newer(path.join(p, name)));
  };
  return newer(path.join(serverRoot(), 'src')) || newer(migrationsFolder()) ? undefined : dir;
}

/**
 * The tar (ustar, as PGlite's dumpDataDir writes it) without the WAL segments other than `keep`: 512-byte headers,
 * each entry's data padded to 512 bytes, two zero blocks at the end.
 */
function withoutWalSegments(tar: Buffer, keep: string): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length && tar.subarray(at, at + 512).some((b) => b !== 0)) {
    const header = tar.subarray(at, at + 512);
    const text = (from: number, to: number) => header.subarray(from, to).toString('latin1').replace(/\0.*$/s, '');
    const name = text(0, 100);
    const size = parseInt(text(124, 136).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /(^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name);
    if (!segment || segment[2] === keep) parts.push(tar.subarray(at, end));
    at = end;
  }
  return Buffer.concat([...parts, Buffer.alloc(1024)]);
}

/**
 * Builds one migrated and seeded database for the whole run; each test file starts from a copy of it.
 * - PGlite (default): the data dir is dumped to a tarball every test file loads.
 * - PostgreSQL (HELIO_TEST_DATABASE_URL set, e.g. postgres://postgres@127.0.0.1:5432/postgres): a template
 *   database every test file clones with CREATE DATABASE … TEMPLATE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
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
  const database = await openDatabase({});
  await seed(database.db, { adminPassword: TEST_ADMIN_PASSWORD });
  const client = (database as unknown as { db: { $client: { dumpDataDir(c?: string): Promise<Blob> } } }).db.$client;
  const blob = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `helio-test-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(file, { force: true });
}

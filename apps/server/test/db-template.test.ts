/**
 * The embedded database's template (src/db/template.ts): built the way `npm start`'s build builds it, it holds the
 * shared seed and no per-deployment secret; a first start from it ends with the same database as a first start
 * without it (the test template of global-setup.ts: a new cluster, migrations, the whole seed); each deployment gets
 * its own administrator password and keys; it is used only for an empty data dir and a matching PGlite; a restart
 * runs the migrator only when the database is behind the journal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import {
  buildTemplate,
  installTemplate,
  migrationsBehind,
  openServerDatabase,
  pgliteVersion,
  readManifest,
  TEMPLATE_MANIFEST,
  type ServerDatabase,
} from '../src/db/template.js';
import { loadKeys } from '../src/modules/auth/keys.js';
import { md5Hex, verifyPassword } from '../src/modules/auth/password.js';
import { seed } from '../src/seed/seed.js';
import { testDatabase } from './helper.js';
import { TEST_ADMIN_PASSWORD } from './constants.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-template-'));
const tpl = path.join(dir, 'template');
const open: Database[] = [];
const start = async (name: string): Promise<ServerDatabase> => {
  const db = await openServerDatabase({ dataDir: path.join(dir, name), template: tpl });
  open.push(db);
  return db;
};
const rows = <T = Record<string, unknown>>(db: Database, text: string) => db.rows<T>(sql.raw(text));

beforeAll(async () => {
  if (inject('pgTemplate')) return; // the PostgreSQL pass skips this file (below)
  await buildTemplate(tpl, 'test');
}, 600_000);

afterAll(async () => {
  for (const db of open) await db.close().catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every table's rows (both schemas the server writes), without the columns that differ by when and by secret. */
async function contents(db: Database): Promise<Record<string, unknown[]>> {
  const tables = await rows<{ s: string; t: string }>(
    db,
    `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
      WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
  );
  const volatile = new Set(['create_time', 'update_time', 'deploy_time', 'done_at', 'created_at', 'applied_at', 'password']);
  const out: Record<string, unknown[]> = {};
  for (const { s, t } of tables) {
    const all = await rows<Record<string, unknown>>(db, `SELECT * FROM "${s}"."${t}"`);
    out[`${s}.${t}`] = all
      .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !volatile.has(k))), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
      .sort();
  }
  return out;
}

// The embedded (PGlite) template only: on the PostgreSQL pass this file would build and compare the same PGlite
// databases again, so it runs on the PGlite pass alone.
describe.skipIf(Boolean(inject('pgTemplate')))('database template', () => {
  it('holds the migrated schema and the shared seed, without the administrator, keys or any user', async () => {
    const m = readManifest(tpl)!;
    expect(m).toMatchObject({ pglite: pgliteVersion(), hash: 'test' });
    const db = await start('inspect');
    expect(db.fromTemplate).toBe(true);
    expect(await rows(db, 'SELECT * FROM helio_secret')).toEqual([]);
    expect(await rows(db, 'SELECT * FROM blade_user')).toEqual([]);
    const steps = (await rows<{ step: string }>(db, 'SELECT step FROM helio_seed_log')).map((r) => r.step);
    expect(steps).toEqual(expect.arrayContaining(['tenant', 'clients', 'org', 'menus', 'roles', 'dicts', 'params', 'regions', 'countries']));
    expect(steps).not.toContain('admin');
    expect(fs.existsSync(path.join(dir, 'inspect', TEMPLATE_MANIFEST))).toBe(false);
  });

  it('a first start from it has the same database as one without it, with its own password and keys', async () => {
    const a = await start('first-a');
    expect(a.fromTemplate).toBe(true);
    expect((await seed(a.db, { adminPassword: TEST_ADMIN_PASSWORD })).seeded).toEqual(['admin']);
    // The suite's seeded database (PGlite); on a PostgreSQL run, a PGlite one seeded here the same way.
    const reference = inject('pgTemplate') ? await openDatabase({}) : await testDatabase();
    try {
      if (inject('pgTemplate')) await seed(reference.db, { adminPassword: TEST_ADMIN_PASSWORD });
      expect(await contents(a)).toEqual(await contents(reference));
    } finally {
      await reference.close().catch(() => undefined);
    }
    const [admin] = await rows<{ password: string }>(a, `SELECT password FROM blade_user WHERE account = 'admin'`);
    expect((await verifyPassword(admin!.password, md5Hex(TEST_ADMIN_PASSWORD))).ok).toBe(true);

    const b = await start('first-b');
    const generated = (await seed(b.db)).generatedAdminPassword;
    expect(generated).toBeTruthy();
    const [adminB] = await rows<{ password: string }>(b, `SELECT password FROM blade_user WHERE account = 'admin'`);
    expect((await verifyPassword(adminB!.password, md5Hex(generated!))).ok).toBe(true);
    const [ka, kb] = [await loadKeys(a.db), await loadKeys(b.db)];
    expect(Buffer.from(ka.jwt).equals(Buffer.from(kb.jwt))).toBe(false);
    expect(ka.sm2PrivateKey).not.toBe(kb.sm2PrivateKey);
  }, 300_000);

  it('is used only for a missing or empty data dir, and only when this PGlite wrote it', async () => {
    const empty = path.join(dir, 'empty');
    fs.mkdirSync(empty);
    expect(await installTemplate(empty, tpl)).toBe(true);
    expect(fs.existsSync(path.join(empty, 'PG_VERSION'))).toBe(true);
    expect(await installTemplate(empty, tpl)).toBe(false); // a database is there now
    expect(await installTemplate(path.join(dir, 'elsewhere'), path.join(dir, 'no-template'))).toBe(false);
    const other = path.join(dir, 'other-pglite');
    fs.cpSync(tpl, other, { recursive: true });
    fs.writeFileSync(path.join(other, TEMPLATE_MANIFEST), JSON.stringify({ ...readManifest(tpl), pglite: '0.0.1' }));
    expect(await installTemplate(path.join(dir, 'not-installed'), other)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'not-installed'))).toBe(false);
  });

  it('a restart runs the migrator only when the database is behind the journal', async () => {
    const db = await start('restart');
    expect(await migrationsBehind(db)).toBe(false);
    await rows(db, 'UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)');
    expect(await migrationsBehind(db)).toBe(true);
    await rows(db, 'DROP SCHEMA drizzle CASCADE');
    expect(await migrationsBehind(db)).toBe(true);
  });
});

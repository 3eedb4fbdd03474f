/**
 * Test harness: a real database (PGlite or PostgreSQL) copied from the seeded template, the real app through
 * `app.inject`, and sign-in helpers. No mocks of anything that runs here.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import pg from 'pg';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { TEST_ADMIN_PASSWORD, WEB_BASIC } from './constants.js';

export { TEST_ADMIN_PASSWORD, WEB_BASIC };

/** A fresh copy of the seeded database. */
export async function testDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const base = process.env.HELIO_TEST_DATABASE_URL!;
    const name = `helio_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: u.toString(), migrate: false });
    return {
      ...db,
      close: db.close,
      drop: async () => {
        await db.close().catch(() => undefined);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const blob = new Blob([fs.readFileSync(file)]);
  const db = await openDatabase({ loadDataDir: blob, migrate: false });
  return { ...db, drop: () => db.close().catch(() => undefined) };
}

export interface TestApp extends BuiltApp {
  database: Database & { drop(): Promise<void> };
  req(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** BladeX-contract sign-in; returns the parsed token response. */
  login(account?: string, password?: string, tenantId?: string): Promise<Record<string, string>>;
  /** A header set with the bearer token of a fresh admin sign-in. */
  adminHeaders(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** `build.logStream`: run with the process log on (at HELIO_LOG_LEVEL) and written there, for tests that read it. */
export async function createTestApp(env: Record<string, string> = {}, build: Pick<BuildOptions, 'logStream' | 'modules'> = {}): Promise<TestApp> {
  const database = await testDatabase();
  // The file, SMS, log and data-source settings were read from the process environment before they joined the one
  // configuration; tests that set them there keep doing so.
  const resourceVars = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] =>
        e[1] !== undefined && /^HELIO_(LOG_RETENTION_DAYS|LOG_MAX_ROWS|API_LOG|API_LOG_QUEUE|DATASOURCE_HOSTS|ALLOW_PRIVATE_HOSTS)$/.test(e[0]),
    ),
  );
  const config = loadConfig({
    ...resourceVars,
    HELIO_CAPTCHA: 'off',
    HELIO_SIMULATOR: 'off',
    HELIO_DATA_DIR: '/tmp/helio-test-unused',
    HELIO_LOG_LEVEL: 'silent',
    HELIO_LOGIN_IP_MAX_FAILURES: '1000',
    HELIO_WEB_DIR: '/nonexistent-helio-web',
    ...env,
  });
  const built = await buildApp(config, { database, modules: build.modules, ...(build.logStream ? { logStream: build.logStream } : { logger: false }) });
  const req = (opts: InjectOptions) => built.app.inject(opts);
  const login = async (account = 'admin', password = TEST_ADMIN_PASSWORD, tenantId = '000000') => {
    const res = await req({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=${tenantId}&username=${encodeURIComponent(account)}&password=${md5Hex(password)}&grant_type=password&scope=all`,
      headers: { authorization: WEB_BASIC, 'tenant-id': tenantId },
    });
    return res.json() as Record<string, string>;
  };
  return {
    ...built,
    database,
    req,
    login,
    adminHeaders: async () => {
      const t = await login();
      if (!t.access_token) throw new Error(`admin sign-in failed: ${JSON.stringify(t)}`);
      return { 'blade-auth': `bearer ${t.access_token}` };
    },
    stop: async () => {
      await built.close();
      await database.drop();
    },
  };
}

// Server for the Playwright suite: fresh temporary data, captcha and simulator off, a known admin password.
//   node scripts/e2e-server.mjs               build what is stale, then serve on $PORT (default 8181) until stopped
//   node scripts/e2e-server.mjs --build-only  build what is stale and exit (Playwright's global setup)
// Each Playwright worker starts its own (apps/web/e2e/fixtures.ts, with HELIO_E2E_SKIP_BUILD=1 after the global setup
// built once), so workers never share data. HELIO_CAPTCHA=on gives the captcha walk its server, HELIO_E2E_SIMULATOR=on
// the stations walk its fleet. HELIO_E2E_DATABASE_URL (a PostgreSQL server's admin URL, e.g. CI's local one): each
// server gets a database of its own there, dropped when it stops, instead of an embedded PGlite data dir: the walks'
// servers then spend about half the CPU (docs/adr/0004-e2e-browser-and-database.md). The database is a copy of
// HELIO_E2E_PG_TEMPLATE when that is set (the global setup makes it once: a server's first start, migrated and seeded,
// then stopped; each walk's server then starts as a restart does), else created empty (the server migrates and seeds
// it as on a first start). HELIO_E2E_PG_KEEP=name: use that database name and keep the database when stopped (the
// global setup making the template).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './lib.mjs';

// The servers run a copy of the server bundle (apps/server/dist-e2e/, same depth as dist/ so it finds drizzle/ and
// dist/pglite-template the same way): a rebuild of dist/ during the run — the durability test bundles the server
// into dist/ again — never hands a starting server a half-written main.js.
const bundleDir = path.join(root, 'apps/server/dist-e2e');
if (process.env.HELIO_E2E_SKIP_BUILD !== '1') {
  buildIfStale();
  const tmp = fs.mkdtempSync(path.join(root, 'apps/server/dist-e2e-tmp-'));
  for (const f of ['main.js', 'main.js.map', 'server-main.js', 'server-main.js.map']) {
    const from = path.join(root, 'apps/server/dist', f);
    if (fs.existsSync(from)) fs.copyFileSync(from, path.join(tmp, f));
  }
  fs.rmSync(bundleDir, { recursive: true, force: true });
  fs.renameSync(tmp, bundleDir);
}
if (process.argv.includes('--build-only')) process.exit(0);
const mainJs = fs.existsSync(path.join(bundleDir, 'main.js')) ? path.join(bundleDir, 'main.js') : path.join(root, 'apps/server/dist/main.js');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-e2e-'));
const pgAdminUrl = process.env.HELIO_E2E_DATABASE_URL;
const pgKeep = process.env.HELIO_E2E_PG_KEEP;
const pgTemplate = process.env.HELIO_E2E_PG_TEMPLATE;
const pgName = pgKeep || `helio_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
if (!/^\w+$/.test(pgName) || (pgTemplate && !/^\w+$/.test(pgTemplate))) throw new Error('HELIO_E2E_PG_KEEP / HELIO_E2E_PG_TEMPLATE: a plain database name');
/** Runs one statement on the PostgreSQL server of HELIO_E2E_DATABASE_URL (its admin database). */
async function pgAdmin(sql) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
// --drop-db NAME: remove that database of HELIO_E2E_DATABASE_URL's server and exit (the global setup's template).
const dropAt = process.argv.indexOf('--drop-db');
if (dropAt > 0) {
  const name = process.argv[dropAt + 1] ?? '';
  if (!pgAdminUrl || !/^\w+$/.test(name)) throw new Error('--drop-db NAME needs HELIO_E2E_DATABASE_URL and a plain database name');
  await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
let databaseUrl;
if (pgAdminUrl) {
  await pgAdmin(pgTemplate && !pgKeep ? `CREATE DATABASE ${pgName} TEMPLATE ${pgTemplate}` : `CREATE DATABASE ${pgName}`);
  const u = new URL(pgAdminUrl);
  u.pathname = `/${pgName}`;
  databaseUrl = u.toString();
}
const child = spawn(process.execPath, [mainJs], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.PORT ?? '8181',
    HELIO_DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    HELIO_CAPTCHA: process.env.HELIO_CAPTCHA ?? 'off',
    // The simulated fleet only for the stations walk's server (apps/web/e2e/global-setup.ts).
    HELIO_SIMULATOR: process.env.HELIO_E2E_SIMULATOR === 'on' ? 'on' : 'off',
    HELIO_ADMIN_PASSWORD: 'Helio-Admin-2026',
    // Port 0: the embedded broker takes a free port (e2e servers never collide with each other or Mosquitto).
    HELIO_MQTT_PORT: process.env.HELIO_MQTT_PORT ?? '0',
    HELIO_LOG_LEVEL: process.env.HELIO_LOG_LEVEL ?? 'warn',
    HELIO_LOGIN_IP_MAX_FAILURES: '10000',
    // Guest registration is off by default (issue 11); the register walk (e2e/register.spec.ts) needs it on.
    HELIO_REGISTER_MODE: 'on',
  },
});
const cleanUp = async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && !pgKeep) await pgAdmin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`).catch(() => undefined);
};
// Stopped: stop the server, wait for it to close its database, then remove the data.
const stop = () => {
  if (child.exitCode !== null || child.signalCode !== null) process.exit(0);
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stop);
// Outlive no one: when the process that started this one is gone (a Playwright run that ended without stopping its
// fleet server, or was killed), stop too. Such orphans kept a simulated fleet running and slowed every later run.
const parent = process.ppid;
if (parent > 1) {
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 2_000).unref();
}
child.on('exit', (code, signal) => {
  void cleanUp().finally(() => process.exit(signal ? 0 : (code ?? 0)));
});

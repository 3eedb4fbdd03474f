/**
 * Backup and restore as docs/operations.md tells an operator to do it (issue 21), on the built server in a child
 * process: data written through the API (a parameter, and device reports in the telemetry partitions) is there again
 * after
 * - PostgreSQL (HELIO_TEST_DATABASE_URL): `pg_dump -Fc` of the running deployment, `pg_restore` into an empty
 *   database, Helio started on the restored one;
 * - embedded PGlite: Helio stopped, its data directory copied, Helio started on the copy.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { rawDb } from '../src/modules/telemetry/raw-db.js';
import { TelemetryRepository } from '../src/modules/telemetry/telemetry.repository.js';
import { buildServer, createPgDatabase, freePort, startServer, type ChildServer } from './child-server.js';
import { TEST_ADMIN_PASSWORD, WEB_BASIC } from './constants.js';
import { createDevice, createPlant } from './station-fixtures.js';

const PG_BASE = process.env.HELIO_TEST_DATABASE_URL;
const hasPgTools = (() => {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let bundle: Awaited<ReturnType<typeof buildServer>>;
const cleanup: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  bundle = await buildServer('backup');
}, 120_000);
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
  bundle?.remove();
});

const env = (port: number, dataDir: string, databaseUrl?: string): Record<string, string> => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  HELIO_MQTT_PORT: '0',
  HELIO_DATA_DIR: dataDir,
  HELIO_SIMULATOR: 'off',
  HELIO_CAPTCHA: 'off',
  HELIO_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
  HELIO_LOG_LEVEL: 'warn',
  HELIO_WEB_DIR: '/nonexistent-helio-web',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

async function start(dataDir: string, databaseUrl?: string): Promise<{ server: ChildServer; base: string }> {
  const port = await freePort();
  const server = await startServer(bundle.mainJs, env(port, dataDir, databaseUrl));
  cleanup.push(() => server.stop());
  return { server, base: `http://127.0.0.1:${port}` };
}

async function token(base: string): Promise<string> {
  const res = await fetch(`${base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex(TEST_ADMIN_PASSWORD)}&grant_type=password&scope=all`, {
    method: 'POST',
    headers: { authorization: WEB_BASIC, 'tenant-id': '000000' },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Writes a parameter through the API; returns its key. */
async function writeParam(base: string): Promise<string> {
  const key = `backup.check.${randomBytes(4).toString('hex')}`;
  const res = await fetch(`${base}/api/blade-system/param/submit`, {
    method: 'POST',
    headers: { 'blade-auth': `bearer ${await token(base)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ paramName: 'Backup check', paramKey: key, paramValue: 'kept' }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  return key;
}

async function readParam(base: string, key: string): Promise<string | undefined> {
  const res = await fetch(`${base}/api/blade-system/param/list?paramKey=${key}`, { headers: { 'blade-auth': `bearer ${await token(base)}` } });
  const body = (await res.json()) as { data: { records: { paramKey: string; paramValue: string }[] } };
  return body.data.records.find((r) => r.paramKey === key)?.paramValue;
}

/** A device and two days of hourly reports in the telemetry partitions, written while no server runs. */
async function writeTelemetry(open: () => ReturnType<typeof openDatabase>): Promise<string> {
  const db = await open();
  try {
    const plantId = await createPlant(db.db);
    const dev = await createDevice(db.db, { plantId, kind: 'inverter', secret: `backup-secret-${randomBytes(4).toString('hex')}` });
    const raw = rawDb(db);
    const t0 = Date.now() - 2 * 86_400_000;
    await new TelemetryRepository(raw).partitions.ensureAround(t0);
    for (let h = 0; h < 48; h++) {
      await raw.query(`INSERT INTO helio_telemetry_inverter (device_id, ts, pv_power) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [dev.id, new Date(t0 + h * 3_600_000), 1000 + h]);
    }
    return dev.id;
  } finally {
    await db.close();
  }
}

async function countTelemetry(open: () => ReturnType<typeof openDatabase>, deviceId: string): Promise<number> {
  const db = await open();
  try {
    const r = await rawDb(db).query<{ n: string }>('SELECT count(*)::text AS n FROM helio_telemetry_inverter WHERE device_id = $1', [deviceId]);
    return Number(r.rows[0]!.n);
  } finally {
    await db.close();
  }
}

describe.skipIf(!PG_BASE || !hasPgTools)('backup and restore on PostgreSQL: pg_dump, pg_restore, start', () => {
  it('has the data after a restore into an empty database', { timeout: 180_000 }, async () => {
    const source = await createPgDatabase(PG_BASE!, 'helio_backup', undefined);
    cleanup.push(() => source.drop());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-backup-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const first = await start(dir, source.url);
    const key = await writeParam(first.base);
    const deviceId = await writeTelemetry(() => openDatabase({ databaseUrl: source.url, migrate: false }));

    // Online dump of the running deployment, then restored into an empty database.
    const dump = path.join(dir, 'helio.dump');
    execFileSync('pg_dump', ['-Fc', '-d', source.url, '-f', dump]);
    await first.server.stop();
    const restored = await createPgDatabase(PG_BASE!, 'helio_restored', undefined);
    cleanup.push(() => restored.drop());
    execFileSync('pg_restore', ['--no-owner', '-d', restored.url, dump]);

    expect(await countTelemetry(() => openDatabase({ databaseUrl: restored.url, migrate: false }), deviceId)).toBe(48);
    const again = await start(dir, restored.url);
    expect(await readParam(again.base, key)).toBe('kept');
    expect((await fetch(`${again.base}/api/ready`)).status).toBe(200);
  });
});

describe('backup and restore of the embedded database: stop, copy the data directory, start on the copy', () => {
  it('has the data after starting on the copy', { timeout: 180_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-embedded-'));
    const copy = `${dir}-copy`;
    cleanup.push(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(copy, { recursive: true, force: true });
    });
    const first = await start(dir);
    const key = await writeParam(first.base);
    await first.server.stop();
    const deviceId = await writeTelemetry(() => openDatabase({ dataDir: path.join(dir, 'pglite'), migrate: false }));

    fs.cpSync(dir, copy, { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true }); // the original is gone: only the copy is left
    const again = await start(copy);
    expect(await readParam(again.base, key)).toBe('kept');
    await again.server.stop();
    expect(await countTelemetry(() => openDatabase({ dataDir: path.join(copy, 'pglite'), migrate: false }), deviceId)).toBe(48);
  });
});

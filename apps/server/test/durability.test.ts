/**
 * Nothing acknowledged is lost: the built server runs as a child process, a device publishes at QoS 1, the server is
 * killed with SIGKILL mid-stream and restarted, and every report the broker acknowledged is in the database.
 * - Embedded broker: the PUBACK comes from Helio after the commit, so every acknowledged report must be stored.
 * - External broker (HELIO_TEST_MQTT_URL, e.g. the local Mosquitto): the broker acknowledged everything at publish
 *   time; Helio's persistent consumer sessions must get every report stored after the restart.
 * Runs on PGlite (a data directory) or PostgreSQL (HELIO_TEST_DATABASE_URL: a fresh database).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { rawDb } from '../src/modules/telemetry/raw-db.js';
import { createDevice, createPlant, inverterReport } from './station-fixtures.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_BASE = process.env.HELIO_TEST_DATABASE_URL;
const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

let dataDir: string;
let dbUrl: string | undefined;
let dbName: string | undefined;
let httpPort: number;
let mqttPort: number;
const clientId = `helio-dur-${randomBytes(3).toString('hex')}`;

function env(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(httpPort),
    HOST: '127.0.0.1',
    HELIO_MQTT_PORT: String(mqttPort),
    HELIO_DATA_DIR: dataDir,
    HELIO_SIMULATOR: 'off',
    HELIO_CAPTCHA: 'off',
    HELIO_ADMIN_PASSWORD: 'Durable-test-1',
    HELIO_LOG_LEVEL: process.env.HELIO_TEST_DEBUG ? 'debug' : 'warn',
    HELIO_WEB_DIR: '/nonexistent-helio-web',
    HELIO_MQTT_CLIENT_ID: clientId,
    // A group of its own: members of a shared group that never come back keep their share of the messages.
    HELIO_MQTT_GROUP: clientId,
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    ...(EXTERNAL ? { MQTT_URL: EXTERNAL } : {}),
  };
}

interface Running {
  child: ChildProcess;
  output: () => string;
}

async function start(): Promise<Running> {
  const child = spawn(process.execPath, [path.join(SERVER_DIR, 'dist/main.js')], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const end = Date.now() + 90_000;
  while (!out.includes('Helio is running')) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${out}`);
    if (Date.now() > end) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => out };
}

async function stop(r: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (r.child.exitCode !== null) return;
  const exited = new Promise((resolve) => r.child.once('exit', resolve));
  r.child.kill(signal);
  await exited;
}

/** External broker: waits (through the API, PGlite being in use) until the server has stored every report. */
async function drained(deviceId: string, expected: Set<number>, ms: number): Promise<void> {
  const base = `http://127.0.0.1:${httpPort}`;
  const md5 = (x: string) => createHash('md5').update(x).digest('hex');
  const basic = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
  const tok = await (
    await fetch(`${base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('Durable-test-1')}&grant_type=password&scope=all`, {
      method: 'POST',
      headers: { authorization: basic, 'tenant-id': '000000' },
    })
  ).json() as { access_token: string };
  const days = new Set([...expected].map((t) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10))); // Asia/Shanghai
  const end = Date.now() + ms;
  while (Date.now() < end) {
    let got = 0;
    for (const day of days) {
      const r = await fetch(`${base}/api/skyworth-client/inverter/statusStat?id=${deviceId}&date=${day}&fields=pvPower`, { headers: { 'blade-auth': `bearer ${tok.access_token}` } });
      const body = (await r.json()) as { data?: { timestamps?: number[] } };
      got += (body.data?.timestamps ?? []).filter((t) => expected.has(t)).length;
    }
    if (got >= expected.size) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: dbUrl, dataDir: dbUrl ? undefined : path.join(dataDir, 'pglite'), migrate: false });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'ignore' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-durable-'));
  httpPort = await freePort();
  mqttPort = await freePort();
  if (PG_BASE) {
    dbName = `helio_dur_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(PG_BASE);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }
}, 120_000);

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (EXTERNAL) {
    // Drop the consumers' persistent sessions from the broker (a clean start discards a session).
    for (let i = 0; i < 8; i++) {
      const c = await mqtt.connectAsync(EXTERNAL, { clientId: `${clientId}-${i}`, clean: true, reconnectPeriod: 0 }).catch(() => undefined);
      await c?.endAsync().catch(() => undefined);
    }
  }
  if (dbName) {
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
});

describe(`kill -9 during ingest (${EXTERNAL ? 'external broker' : 'embedded broker'}, ${PG_BASE ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('loses no acknowledged report', { timeout: 240_000 }, async () => {
    // First start seeds the database; then register a device while the server is down (PGlite is single-process).
    await stop(await start());
    const secret = `durable-${randomBytes(8).toString('hex')}`;
    const dev = await withDb(async (db) => {
      const plantId = await createPlant(db.db);
      return createDevice(db.db, { plantId, kind: 'inverter', secret });
    });

    let server = await start();
    const brokerUrl = EXTERNAL ?? `mqtt://127.0.0.1:${mqttPort}`;
    const client = await mqtt.connectAsync(brokerUrl, {
      clientId: dev.sn, // the embedded broker binds the client id to the SN
      ...(EXTERNAL ? {} : { username: dev.sn, password: secret }),
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    client.on('error', () => undefined);
    const N = 600;
    // Whole seconds: the API's curve answers epoch seconds × 1000, which is what `drained` compares against.
    const t0 = Math.floor((Date.now() - 3_600_000) / 1000) * 1000;
    const sentTs = Array.from({ length: N }, (_, i) => t0 + i * 1000);
    const acked: number[] = [];
    const sent: Promise<void>[] = [];
    let killed = false;
    for (let i = 0; i < N; i++) {
      const ts = t0 + i * 1000;
      sent.push(
        client
          .publishAsync(`helio/v1/${dev.sn}/telemetry`, JSON.stringify(inverterReport(ts, { pvTotal: 1000 + i / 100 })), { qos: 1 })
          .then(() => void acked.push(ts))
          .catch(() => undefined),
      );
      // Kill the server while reports are in flight, once some have been acknowledged.
      if (!killed && i >= N / 2) {
        const end = Date.now() + 20_000;
        while (acked.length < 50 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
        await stop(server, 'SIGKILL');
        killed = true;
        if (!EXTERNAL) break;
      }
      if (i % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    await Promise.race([Promise.allSettled(sent), new Promise((r) => setTimeout(r, 5000))]);
    await client.endAsync(true).catch(() => undefined);
    expect(killed).toBe(true);
    expect(acked.length).toBeGreaterThan(0);

    // Restart: the external broker redelivers to the same persistent consumer sessions.
    server = await start();
    if (EXTERNAL) await drained(dev.id, new Set(sentTs), 90_000);
    await stop(server);
    if (process.env.HELIO_TEST_DEBUG) console.log(server.output());

    const stored = await withDb(async (db) => {
      const { rows } = await rawDb(db).query<{ ts: Date }>('SELECT ts FROM helio_telemetry_inverter WHERE device_id = $1', [dev.id]);
      return new Set(rows.map((r) => new Date(r.ts).getTime()));
    });
    const lost = acked.filter((ts) => !stored.has(ts));
    console.log(`durability: ${acked.length} acknowledged, ${stored.size} stored, ${lost.length} lost` + (lost.length ? ` (indexes ${(lost[0]! - t0) / 1000}…${(lost[lost.length - 1]! - t0) / 1000})` : ""));
    expect(lost).toEqual([]);
    if (EXTERNAL) expect(stored.size).toBe(N);
  });
});

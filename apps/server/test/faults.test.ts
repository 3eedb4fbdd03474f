/**
 * Faults a production deployment meets (issue 21), each recovered without restarting Helio (the built server in a
 * child process on PostgreSQL), with readiness telling a balancer what is away:
 * - a slow (locked) database: statements end at HELIO_DB_STATEMENT_TIMEOUT_MS with a translated 503, the process
 *   keeps answering what does not need that table, and the list works again once the lock is gone;
 * - Redis down and back: a Redis of this test's own on a loopback port, killed and restarted;
 * - the MQTT broker restarted: a Mosquitto of this test's own, killed and started again; Helio's consumers come back
 *   by themselves and reports after the restart are stored.
 * Needs HELIO_TEST_DATABASE_URL and HELIO_TEST_MQTT_URL (CI's Mosquitto step; the latter only as the sign that the
 * broker and Redis programs are installed), and `redis-server` and `mosquitto` on the PATH.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { buildServer, createPgDatabase, freePort, startServer, type ChildServer } from './child-server.js';
import { TEST_ADMIN_PASSWORD, WEB_BASIC } from './constants.js';
import { createDevice, createPlant, inverterReport } from './station-fixtures.js';

const PG_BASE = process.env.HELIO_TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const have = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const READY = !!PG_BASE && !!process.env.HELIO_TEST_MQTT_URL && have('redis-server') && have('mosquitto');

/** A program of this test's own (Redis, Mosquitto) on a loopback port; `kill` and `start` again on the same port. */
class Service {
  private child: ChildProcess | undefined;
  constructor(private readonly cmd: string, private readonly args: string[], readonly port: number) {}
  async start(): Promise<void> {
    this.child = spawn(this.cmd, this.args, { stdio: 'ignore' });
    // Up when its port takes a connection.
    for (let end = Date.now() + 10_000; Date.now() < end; await sleep(50)) {
      const ok = await new Promise<boolean>((resolve) => {
        const s = net.connect(this.port, '127.0.0.1');
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      });
      if (ok) return;
    }
    throw new Error(`${this.cmd} did not start on ${this.port}`);
  }
  async kill(): Promise<void> {
    const c = this.child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  }
}

describe.skipIf(!READY)('faults, recovered without a restart', () => {
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let redis: Service;
  let broker: Service;
  let server: ChildServer | undefined;
  let base = '';
  let dataDir = '';
  let device: { id: string; sn: string };

  beforeAll(async () => {
    bundle = await buildServer('faults');
    database = await createPgDatabase(PG_BASE!, 'helio_faults', inject('pgTemplate') || undefined);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-faults-'));
    const redisPort = await freePort();
    redis = new Service('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], redisPort);
    const mqttPort = await freePort();
    const conf = path.join(dataDir, 'mosquitto.conf');
    fs.writeFileSync(conf, `listener ${mqttPort} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
    broker = new Service('mosquitto', ['-c', conf], mqttPort);
    await Promise.all([redis.start(), broker.start()]);
    const db = await openDatabase({ databaseUrl: database.url, migrate: false });
    try {
      device = await createDevice(db.db, { plantId: await createPlant(db.db), kind: 'inverter', secret: 'faults-secret-0123456789' });
    } finally {
      await db.close();
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServer(bundle.mainJs, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
      HELIO_MQTT_GROUP: `faults${port}`,
      HELIO_DB_STATEMENT_TIMEOUT_MS: '1000',
      HELIO_DATA_DIR: dataDir,
      HELIO_SIMULATOR: 'off',
      HELIO_CAPTCHA: 'off',
      HELIO_LOG_LEVEL: process.env.HELIO_TEST_DEBUG ? 'info' : 'warn',
      HELIO_WEB_DIR: '/nonexistent-helio-web',
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (process.env.HELIO_TEST_DEBUG) console.log(server?.output());
    await redis?.kill();
    await broker?.kill();
    await database?.drop();
    bundle?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = () =>
    fetch(`${base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex(TEST_ADMIN_PASSWORD)}&grant_type=password&scope=all`, {
      method: 'POST',
      headers: { authorization: WEB_BASIC, 'tenant-id': '000000', 'accept-language': 'en-US' },
    });
  const token = async () => ((await (await signIn()).json()) as { access_token: string }).access_token;
  const ready = async () => {
    const res = await fetch(`${base}/api/ready`);
    return { status: res.status, checks: ((await res.json()) as { data: { checks: Record<string, { ok: boolean }> } }).data.checks };
  };
  const until = async (what: () => Promise<boolean>, ms = 20_000) => {
    for (let end = Date.now() + ms; Date.now() < end; await sleep(200)) if (await what()) return true;
    return false;
  };

  it('a locked table: statements end with a translated 503; the process answers meanwhile; the list is back after', async () => {
    const t = await token();
    const list = () => fetch(`${base}/api/blade-system/param/list`, { headers: { 'blade-auth': `bearer ${t}`, 'accept-language': 'en-US' } });
    expect((await list()).status).toBe(200);
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE blade_param IN ACCESS EXCLUSIVE MODE');
      const slow = list();
      const live = await fetch(`${base}/api/live`);
      expect(live.status).toBe(200);
      const res = await slow;
      expect(res.status).toBe(503);
      expect(((await res.json()) as { msg: string }).msg).toBe('The database did not answer in time; please try again shortly');
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    expect((await list()).status).toBe(200);
  });

  it('Redis down and back: readiness says so, nothing answers 500, sign-in works again without a restart', async () => {
    expect((await ready()).checks.kv!.ok).toBe(true);
    await redis.kill();
    try {
      expect(await until(async () => (await ready()).checks.kv!.ok === false)).toBe(true);
      const during = await signIn();
      expect(during.status).toBe(503);
      expect(await during.text()).toContain('A shared service (Redis) is temporarily unavailable');
    } finally {
      await redis.start();
    }
    expect(await until(async () => (await ready()).status === 200)).toBe(true);
    expect((await signIn()).status).toBe(200);
    expect(server!.alive()).toBe(true);
  });

  it('the broker restarted: readiness says so; the consumers come back by themselves and later reports are stored', async () => {
    expect((await ready()).checks.broker!.ok).toBe(true);
    await broker.kill();
    try {
      expect(await until(async () => (await ready()).checks.broker!.ok === false)).toBe(true);
    } finally {
      await broker.start();
    }
    expect(await until(async () => (await ready()).status === 200, 30_000)).toBe(true);

    const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, { clientId: device.sn, reconnectPeriod: 0 });
    const ts = Math.floor((Date.now() - 600_000) / 1000) * 1000;
    await c.publishAsync(`helio/v1/${device.sn}/telemetry`, JSON.stringify(inverterReport(ts, { pvTotal: 4242 })), { qos: 1 });
    await c.endAsync();
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    try {
      const stored = await until(async () => (await direct.query('SELECT 1 FROM helio_telemetry_inverter WHERE device_id = $1 AND ts = $2', [device.id, new Date(ts)])).rowCount === 1);
      expect(stored).toBe(true);
    } finally {
      await direct.end();
    }
    expect(server!.alive()).toBe(true);
  });
});

/**
 * Three Helio processes on one PostgreSQL, Redis and MQTT broker (issue 21), each the built server in a child process,
 * behind a round-robin loopback proxy:
 * - a session holds on whichever process answers; signed in through one, used through another, logged out through a
 *   third — then every process refuses the token (within the 2 s a process may remember a session);
 * - a recurring job runs once across the cluster per interval, not once per process;
 * - devices report at QoS 1 to the broker while one process is killed with SIGKILL and started again: every report
 *   the broker acknowledged is stored exactly once (shared subscriptions; the killed consumer's persistent session
 *   gets its share redelivered when it returns).
 * Needs HELIO_TEST_DATABASE_URL, HELIO_TEST_MQTT_URL and HELIO_TEST_REDIS_URL (CI's Mosquitto step sets them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { buildServer, createPgDatabase, freePort, startServer, type ChildServer } from './child-server.js';
import { RoundRobinProxy } from './cluster-proxy.js';
import { TEST_ADMIN_PASSWORD, WEB_BASIC } from './constants.js';
import { createDevice, createPlant, inverterReport } from './station-fixtures.js';

const PG_BASE = process.env.HELIO_TEST_DATABASE_URL;
const MQTT_URL = process.env.HELIO_TEST_MQTT_URL;
const REDIS_URL = process.env.HELIO_TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const N = 3;

describe.skipIf(!PG_BASE || !MQTT_URL || !REDIS_URL)('three Helio processes on one PostgreSQL, Redis and MQTT broker', () => {
  const group = `cluster${randomBytes(3).toString('hex')}`;
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  const servers: (ChildServer | undefined)[] = [];
  const ports: number[] = [];
  const dataDirs: string[] = [];
  let proxy: RoundRobinProxy;
  const devices: { id: string; sn: string }[] = [];
  const url = (i: number, p: string) => `http://127.0.0.1:${ports[i]}${p}`;

  const env = (i: number): Record<string, string> => ({
    PORT: String(ports[i]),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: REDIS_URL!,
    MQTT_URL: MQTT_URL!,
    // A shared-subscription group of this test's own; each process a consumer id of its own (kept across its restart).
    HELIO_MQTT_GROUP: group,
    HELIO_MQTT_CLIENT_ID: `${group}-${i}`,
    HELIO_DATA_DIR: dataDirs[i]!,
    HELIO_SIMULATOR: 'off',
    HELIO_CAPTCHA: 'off',
    HELIO_STATUS_INTERVAL_SECONDS: '1',
    HELIO_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    HELIO_LOG_LEVEL: process.env.HELIO_TEST_DEBUG ? 'info' : 'warn',
    HELIO_WEB_DIR: '/nonexistent-helio-web',
  });

  beforeAll(async () => {
    bundle = await buildServer('cluster');
    // An empty database: the three processes start at once and must migrate and seed it once between them.
    database = await createPgDatabase(PG_BASE!, 'helio_cluster');
    for (let i = 0; i < N; i++) {
      ports.push(await freePort());
      dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `helio-cluster-${i}-`)));
    }
    servers.push(...(await Promise.all([0, 1, 2].map((i) => startServer(bundle.mainJs, env(i))))));
    const db = await openDatabase({ databaseUrl: database.url, migrate: false });
    try {
      const plantId = await createPlant(db.db);
      for (let i = 0; i < 3; i++) devices.push(await createDevice(db.db, { plantId, kind: 'inverter', secret: `cluster-secret-${i}-0123456789` }));
    } finally {
      await db.close();
    }
    proxy = new RoundRobinProxy(ports);
    await proxy.start();
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s?.stop()));
    if (process.env.HELIO_TEST_DEBUG) for (const s of servers) console.log(s?.output());
    await proxy?.close();
    // Drop the consumers' persistent sessions from the broker (a clean start discards a session).
    for (let i = 0; i < N; i++) {
      for (let k = 0; k < 32; k++) {
        const c = await mqtt.connectAsync(MQTT_URL!, { clientId: `${group}-${i}-${k}`, clean: true, reconnectPeriod: 0 }).catch(() => undefined);
        await c?.endAsync().catch(() => undefined);
      }
    }
    await database?.drop();
    bundle?.remove();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const signIn = async (i: number) => {
    const res = await fetch(url(i, `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex(TEST_ADMIN_PASSWORD)}&grant_type=password&scope=all`), {
      method: 'POST',
      headers: { authorization: WEB_BASIC, 'tenant-id': '000000' },
    });
    const body = (await res.json()) as { access_token?: string };
    expect(body.access_token, JSON.stringify(body)).toBeTruthy();
    return body.access_token!;
  };
  const get = (base: string, p: string, token: string) => fetch(`${base}${p}`, { headers: { 'blade-auth': `bearer ${token}` } });

  it('started at once on an empty database, they migrated and seeded it once', async () => {
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    try {
      const admins = await direct.query<{ n: string }>("SELECT count(*)::text AS n FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'");
      expect(admins.rows[0]!.n).toBe('1');
      const migrations = await direct.query<{ n: string; d: string }>('SELECT count(*)::text AS n, count(DISTINCT hash)::text AS d FROM drizzle.__drizzle_migrations');
      expect(migrations.rows[0]!.n).toBe(migrations.rows[0]!.d);
    } finally {
      await direct.end();
    }
  });

  it('a session holds on any process; a logout on one is refused by all', async () => {
    const token = await signIn(0);
    expect((await get(`http://127.0.0.1:${ports[1]}`, '/api/blade-system/param/list', token)).status).toBe(200);
    // Through the balancer, every process in turn serves the same session.
    const answers = await Promise.all(Array.from({ length: 9 }, () => get(`http://127.0.0.1:${proxy.port}`, '/api/blade-system/param/list', token)));
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(new Set(proxy.answeredBy)).toEqual(new Set([0, 1, 2]));

    expect((await fetch(url(2, '/api/blade-auth/oauth/logout'), { headers: { 'blade-auth': `bearer ${token}` } })).status).toBe(200);
    const loggedOut = Date.now();
    const refusedAt: number[] = [];
    for (let i = 0; i < N; i++) {
      // A process may remember a live session for up to 2 s (auth/token.service.ts); a second more for a busy machine.
      for (let end = loggedOut + 3000; ; await sleep(100)) {
        const status = (await get(`http://127.0.0.1:${ports[i]}`, '/api/blade-system/param/list', token)).status;
        if (status === 401) break;
        expect(Date.now(), `process ${i} still accepts the token`).toBeLessThan(end);
      }
      refusedAt.push(Date.now() - loggedOut);
    }
    console.log(`cluster: logout through process 2 refused by every process after ${refusedAt.map((ms) => `${ms} ms`).join(', ')}`);
  });

  it('runs a recurring job once per interval across the cluster, not once per process', async () => {
    const runs = async () => {
      let sum = 0;
      for (let i = 0; i < N; i++) {
        const text = await (await fetch(url(i, '/metrics'))).text();
        sum += Number(/helio_job_runs_total\{job="telemetry.status",outcome="ok"\} (\d+)/.exec(text)?.[1] ?? 0);
      }
      return sum;
    };
    const before = await runs();
    const t0 = Date.now();
    await sleep(8000);
    const ran = (await runs()) - before;
    const seconds = (Date.now() - t0) / 1000;
    console.log(`cluster: telemetry.status (every 1 s) ran ${ran} times in ${seconds.toFixed(1)} s across ${N} processes`);
    expect(ran).toBeGreaterThanOrEqual(2);
    // Once per process per interval would be about 3 × seconds.
    expect(ran).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
  });

  it('stores every acknowledged report exactly once while one process is killed and comes back', { timeout: 180_000 }, async () => {
    const t0 = Math.floor((Date.now() - 3_600_000) / 1000) * 1000;
    const PER = 400;
    const acked = new Set<string>();
    const clients = await Promise.all(devices.map((d) => mqtt.connectAsync(MQTT_URL!, { clientId: d.sn, reconnectPeriod: 0, connectTimeout: 5000 })));
    let killedAfter = 0;
    await Promise.all(
      clients.map(async (c, k) => {
        const d = devices[k]!;
        for (let i = 0; i < PER; i++) {
          const ts = t0 + i * 1000;
          await c.publishAsync(`helio/v1/${d.sn}/telemetry`, JSON.stringify(inverterReport(ts, { pvTotal: 1000 + i / 100 })), { qos: 1 });
          acked.add(`${d.id}:${ts}`);
          // Process 1 is killed once a third of the reports are out.
          if (k === 0 && i === Math.floor(PER / 3)) {
            killedAfter = acked.size;
            await servers[1]!.stop('SIGKILL');
          }
          if (i % 10 === 0) await sleep(5);
        }
      }),
    );
    await Promise.all(clients.map((c) => c.endAsync()));
    expect(killedAfter).toBeGreaterThan(0);
    // It comes back with the same consumer ids: its persistent sessions hand it what the broker kept for it.
    servers[1] = await startServer(bundle.mainJs, env(1));

    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    let rows: { device_id: string; ts: Date }[] = [];
    try {
      for (let end = Date.now() + 60_000; Date.now() < end; await sleep(500)) {
        rows = (await direct.query<{ device_id: string; ts: Date }>('SELECT device_id::text AS device_id, ts FROM helio_telemetry_inverter WHERE device_id = ANY($1::bigint[])', [devices.map((d) => d.id)]))
          .rows;
        if (rows.length >= acked.size) break;
      }
    } finally {
      await direct.end();
    }
    const stored = rows.map((r) => `${r.device_id}:${new Date(r.ts).getTime()}`);
    const lost = [...acked].filter((k) => !stored.includes(k));
    console.log(`cluster: ${acked.size} reports acknowledged by the broker (process 1 killed after ${killedAfter}), ${stored.length} rows stored, ${lost.length} lost`);
    expect(lost).toEqual([]);
    expect(stored.length).toBe(new Set(stored).size);
    expect(stored.length).toBe(acked.size);
  });
});

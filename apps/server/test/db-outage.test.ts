/**
 * Database outages on PostgreSQL: the built server runs as a child process (an unhandled `error` event ends a real
 * process, which an in-process app would hide or take the test runner down with) against a fresh database reached
 * through a loopback TCP proxy. Devices report over MQTT QoS 1 and HTTP requests run throughout, while
 * 1. the database's backends are terminated again and again (pg_terminate_backend: 57P01, then "Connection
 *    terminated unexpectedly" on connections in use, idle or inside a transaction), then
 * 2. the network to the database is cut (open connections reset, new ones refused) and restored.
 * The process must stay up, HTTP answer 503 (never 500) while the database is away and 200 once it is back, the
 * ingest resume by itself, and every report the broker acknowledged be in the database.
 *
 * PostgreSQL only: PGlite runs inside the process, with no backends to terminate and no connection to lose.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, openDatabase } from '../src/db/client.js';
import { databaseErrorReason, isDatabaseUnavailable } from '../src/core/errors.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { buildServer, createPgDatabase, freePort, startServer, TcpProxy, type ChildServer } from './child-server.js';
import { TEST_ADMIN_PASSWORD, WEB_BASIC } from './constants.js';
import { createDevice, createPlant, inverterReport } from './station-fixtures.js';

const PG_BASE = process.env.HELIO_TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const UNAVAILABLE = {
  'zh-CN': '数据库暂时不可用,请稍后再试',
  'en-US': 'The database is temporarily unavailable; please try again shortly',
};

describe.skipIf(!PG_BASE)('database outage on PostgreSQL (server in a child process)', () => {
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let proxy: TcpProxy;
  let server: ChildServer | undefined;
  let admin: pg.Client;
  let base = '';
  let dataDir = '';
  let mqttPort = 0;
  const devices: { id: string; sn: string; secret: string }[] = [];
  // The request and report loops of the test; also stopped when it fails half-way.
  let httpRunning = true;
  let publishing = true;

  beforeAll(async () => {
    bundle = await buildServer('db-outage');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-outage-'));
    database = await createPgDatabase(PG_BASE!, 'helio_outage', inject('pgTemplate') || undefined);
    const target = new URL(PG_BASE!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    // Devices registered before the start, so the ingest knows them without a lookup.
    const db = await openDatabase({ databaseUrl: database.url, migrate: false });
    try {
      const plantId = await createPlant(db.db);
      for (let i = 0; i < 3; i++) devices.push(await createDevice(db.db, { plantId, kind: 'inverter', secret: `outage-secret-${i}-0123456789` }));
    } finally {
      await db.close();
    }
    const httpPort = await freePort();
    mqttPort = await freePort();
    base = `http://127.0.0.1:${httpPort}`;
    server = await startServer(bundle.mainJs, {
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      HELIO_MQTT_PORT: String(mqttPort),
      HELIO_DATA_DIR: dataDir,
      HELIO_SIMULATOR: 'off',
      HELIO_CAPTCHA: 'off',
      HELIO_LOG_LEVEL: process.env.HELIO_TEST_DEBUG ? 'info' : 'warn',
      HELIO_WEB_DIR: '/nonexistent-helio-web',
      DATABASE_URL: viaProxy.toString(),
      HELIO_MQTT_RATE: '1000', // about outages, not the per-device rate limit
    });
    admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
  }, 120_000);

  afterAll(async () => {
    httpRunning = publishing = false;
    await server?.stop();
    if (process.env.HELIO_TEST_DEBUG) console.log(server?.output());
    await admin?.end().catch(() => undefined);
    await proxy?.close();
    await database?.drop();
    bundle?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays up: 503 while the database is away, 200 after, every acknowledged report stored', { timeout: 90_000 }, async () => {
    const srv = server!;
    const signIn = () =>
      fetch(`${base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex(TEST_ADMIN_PASSWORD)}&grant_type=password&scope=all`, {
        method: 'POST',
        headers: { authorization: WEB_BASIC, 'tenant-id': '000000' },
      });
    const token = ((await (await signIn()).json()) as { access_token: string }).access_token;
    expect(token).toBeTruthy();
    const paramList = (lang: keyof typeof UNAVAILABLE) =>
      fetch(`${base}/api/blade-system/param/list`, { headers: { 'blade-auth': `bearer ${token}`, 'accept-language': lang } });

    // HTTP throughout: a list (sessions, permissions, the list query) and sign-ins, in both languages.
    let phase = 'storm' as 'storm' | 'cut' | 'after';
    type Phase = typeof phase | 'between';
    const answers: { phase: Phase; status: number; code?: number; msg?: string; lang: keyof typeof UNAVAILABLE }[] = [];
    const httpLoop = async (n: number) => {
      for (let k = 0; httpRunning; k++) {
        const lang = (n + k) % 2 ? 'en-US' : 'zh-CN';
        const start = phase;
        // A request that began in one phase and ended in another belongs to neither.
        const at = (): Phase => (phase === start ? start : 'between');
        try {
          const res = await (k % 5 === 4 ? signIn() : paramList(lang));
          const body = (await res.json()) as { code?: number; msg?: string; error_code?: number };
          answers.push({ phase: at(), status: res.status, code: body.code ?? body.error_code, ...(body.msg ? { msg: body.msg } : {}), lang: k % 5 === 4 ? 'zh-CN' : lang });
        } catch {
          answers.push({ phase: at(), status: 0, lang }); // no answer at all: the process is gone
        }
        await sleep(20);
      }
    };
    const http = [0, 1, 2].map(httpLoop);

    // Three devices report at QoS 1 throughout (up to 33 reports a second each); a report counts as acknowledged
    // when its PUBACK arrives.
    const t0 = Math.floor((Date.now() - 3 * 3_600_000) / 1000) * 1000;
    const acked = new Map<string, Set<number>>(devices.map((d) => [d.id, new Set()]));
    const sentDuringCut = new Set<string>();
    let ackedAfterRestoreOfCut = 0;
    let restored = false;
    const pending: Promise<unknown>[] = [];
    const clients: MqttClient[] = [];
    let disconnects = 0;
    for (const d of devices) {
      const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { username: d.sn, password: d.secret, clientId: d.sn, reconnectPeriod: 500 });
      c.on('error', () => undefined);
      c.on('close', () => void disconnects++);
      clients.push(c);
    }
    const publisher = async (c: MqttClient, d: (typeof devices)[number]) => {
      for (let i = 0; publishing; i++) {
        const ts = t0 + i * 1000;
        const key = `${d.id}:${ts}`;
        if (phase === 'cut') sentDuringCut.add(key);
        pending.push(
          c.publishAsync(`helio/v1/${d.sn}/telemetry`, JSON.stringify(inverterReport(ts, { pvTotal: 1000 + i / 100 })), { qos: 1 }).then(
            () => {
              acked.get(d.id)!.add(ts);
              if (restored && sentDuringCut.has(key)) ackedAfterRestoreOfCut++;
            },
            () => undefined,
          ),
        );
        await sleep(30);
      }
    };
    const pubs = clients.map((c, i) => publisher(c, devices[i]!));

    // 1. Backends terminated every 150 ms for 4 s, during ingest and requests.
    let terminated = 0;
    for (let end = Date.now() + 4000; Date.now() < end; ) {
      const { rows } = await admin.query<{ n: string }>(
        'SELECT count(pg_terminate_backend(pid))::text AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database.name],
      );
      terminated += Number(rows[0]!.n);
      await sleep(150);
    }
    expect(srv.alive(), srv.output()).toBe(true);

    // 2. The network to the database cut for 3 s, then restored.
    phase = 'cut';
    await proxy.cut();
    const readiness = async () => {
      const res = await fetch(`${base}/api/ready`);
      return { status: res.status, body: (await res.json()) as { data: { checks: Record<string, { ok: boolean }> } } };
    };
    // Readiness says so while the database is away (a load balancer takes the process out; nothing restarts).
    const away = await readiness();
    expect(away.status).toBe(503);
    expect(away.body.data.checks.database!.ok).toBe(false);
    expect(away.body.data.checks.kv!.ok).toBe(true);
    await sleep(1000);
    expect(srv.alive(), srv.output()).toBe(true);
    await proxy.restore();
    restored = true;
    phase = 'after';
    let back = await readiness();
    for (let end = Date.now() + 20_000; back.status !== 200 && Date.now() < end; await sleep(200)) back = await readiness();
    expect(back.status).toBe(200);

    // Recovery by itself: requests succeed again and the reports held during the cut are stored and acknowledged.
    for (let end = Date.now() + 30_000; Date.now() < end; await sleep(100)) {
      const after = answers.filter((a) => a.phase === 'after' && a.status === 200).length;
      if (after >= 6 && ackedAfterRestoreOfCut > 0) break;
    }
    publishing = false;
    await Promise.all(pubs);
    await Promise.race([Promise.allSettled(pending), sleep(20_000)]);
    httpRunning = false;
    await Promise.all(http);
    // A short outage is absorbed by the ingest (held, retried, then acknowledged): no device was disconnected.
    expect(disconnects).toBe(0);
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));

    expect(srv.alive(), srv.output()).toBe(true);
    expect(terminated).toBeGreaterThan(0);
    // Never a 500; while cut, every answer is the translated 503.
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const cut = answers.filter((a) => a.phase === 'cut');
    expect(cut.length).toBeGreaterThan(0);
    for (const a of cut) expect(a).toMatchObject({ status: 503, code: 503, msg: UNAVAILABLE[a.lang] });
    expect(answers.filter((a) => a.phase === 'after' && a.status === 200).length).toBeGreaterThanOrEqual(6);
    expect((await paramList('en-US')).status).toBe(200);
    expect((await signIn()).status).toBe(200);
    // Reports sent while the database was away were held, then stored and acknowledged without any help.
    expect(sentDuringCut.size).toBeGreaterThan(0);
    expect(ackedAfterRestoreOfCut).toBeGreaterThan(0);

    // Acknowledged ⊆ stored.
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    const { rows } = await direct
      .query<{ device_id: string; ts: Date }>('SELECT device_id::text AS device_id, ts FROM helio_telemetry_inverter WHERE device_id = ANY($1::bigint[])', [
        devices.map((d) => d.id),
      ])
      .finally(() => direct.end());
    const stored = new Set(rows.map((r) => `${r.device_id}:${new Date(r.ts).getTime()}`));
    const ackedKeys = [...acked].flatMap(([id, set]) => [...set].map((ts) => `${id}:${ts}`));
    const lost = ackedKeys.filter((k) => !stored.has(k));
    console.log(
      `db outage: ${terminated} backends terminated; HTTP ${answers.length} answers (${answers.filter((a) => a.status === 503).length} × 503); ` +
        `${ackedKeys.length} reports acknowledged, ${stored.size} stored, ${lost.length} lost`,
    );
    expect(ackedKeys.length).toBeGreaterThan(100);
    expect(lost).toEqual([]);
  });
});

describe('database errors: which mean "the database is away"', () => {
  it('marks the pool\'s refused connection, SQLSTATE 08/57P0x and dropped-connection errors; not bad data or other services', async () => {
    const port = await freePort(); // nothing listens there
    const pool = createPool(`postgres://postgres@127.0.0.1:${port}/none`, { connectTimeoutMs: 2000 });
    const refused = await pool.query('SELECT 1').catch((e: unknown) => e);
    await pool.end();
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    // Drizzle wraps the driver's error (its message holds the SQL); the reason logged is the driver's.
    const wrapped = Object.assign(new Error('Failed query: select 1\nparams: secret'), { cause: refused });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(databaseErrorReason(wrapped)).toMatch(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // Not an outage: bad data, a programming error, the same socket error from object storage or an SMS gateway.
    for (const code of ['23505', '22P02', '42P01', '28P01']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:9000'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});

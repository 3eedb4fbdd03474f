// Issue 15 benchmark: the setting round trip — from `POST …/device/setup/commonSetup/issue` (one item, one online
// device) until Helio has the command verified (the device answered `settings.write`, Helio read the value back with
// `settings.read` and it matched). Goal: p95 ≤ 2 s on loopback.
// A real server on PostgreSQL (its own database) and its embedded broker, all on 127.0.0.1; BENCH_DEVICES simulated
// devices (bench/command-devices.mjs) connected over MQTT; one command at a time, spaced by a random 0–500 ms so
// the samples do not keep step with the job poll. The end is the command's `finished_at` (its final transaction,
// server clock = this machine's clock), found by polling the command's row every 10 ms; each sample is split into
// its steps from the rows Helio keeps (`helio_device_command`: when each request was published and answered) and the
// device's own receive times.
// Ceiling, same run: the same two request/response round trips (write, then read) on a bare aedes broker (the
// embedded broker's library) in this process, published and received in-process as Helio does, the device a plain
// MQTT client over TCP — what MQTT alone costs on this machine; once with the sockets as Helio's broker and mqtt.js
// leave them, once with TCP_NODELAY.
// Variants: the server's job poll interval (HELIO_JOB_POLL_MS; 1000 is the default a deployment runs with).
// Run: node bench/settings-roundtrip.bench.mjs   (builds the server if stale)
//   BENCH_SAMPLES=60 BENCH_DEVICES=20 BENCH_POLL_MS=1000,100 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_DIST=dist (another build folder under apps/server, e.g. a patched copy)
//   Quick mode: 15 samples, 5 devices, the default poll (1000) only.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import pg from 'pg';
import { api, closeDevices, connectDevices, pct } from './command-devices.mjs';
import { benchSn, registerBenchDevices } from './devices.mjs';
import { dropPgDatabase, ensureBuilt, freePort, freshPgDatabase, loadavg, machine, quick, setting, signIn, startServer } from './lib.mjs';

ensureBuilt();
/** Another server build folder under apps/server (e.g. a patched copy, to compare with `dist`). */
const DIST = process.env.BENCH_DIST || 'dist';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SAMPLES = setting('BENCH_SAMPLES', 60, 15);
const DEVICES = setting('BENCH_DEVICES', 20, 5);
const POLLS = (process.env.BENCH_POLL_MS ?? (quick ? '1000' : '1000,100')).split(',').map(Number);
const DB = 'helio_settings_rt_bench';
const ISSUE = '/api/skyworth-client/device/setup/commonSetup/issue';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const wall = () => performance.timeOrigin + performance.now();
const FINAL = ['succeeded', 'failed', 'timed_out', 'expired', 'rejected'];

async function variant(pollMs) {
  const url = await freshPgDatabase(PG_URL, DB);
  if (!url) throw new Error(`no PostgreSQL at ${PG_URL}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const mqttPort = await freePort();
  const s = await startServer({ DATABASE_URL: url, HOST: '127.0.0.1', HELIO_MQTT_HOST: '127.0.0.1', HELIO_MQTT_PORT: String(mqttPort), HELIO_JOB_POLL_MS: String(pollMs), HELIO_MQTT_GROUP: `b${randomBytes(3).toString('hex')}` }, { dist: DIST });
  try {
    const prefix = `SR${randomBytes(2).toString('hex').toUpperCase()}`;
    await registerBenchDevices((t, p) => c.query(t, p), { devices: DEVICES, prefix });
    const got = new Map(); // commandId → { write, read } device receive times
    const onRequest = (_sn, method, params, at) => {
      if (!params.commandId) return;
      const g = got.get(params.commandId) ?? {};
      g[method === 'settings.write' ? 'write' : 'read'] = at;
      got.set(params.commandId, g);
    };
    const sns = Array.from({ length: DEVICES }, (_, i) => benchSn(prefix, i));
    const devices = await connectDevices(`mqtt://127.0.0.1:${mqttPort}`, sns, { onRequest });
    const headers = await signIn(s.base);
    // One warm-up command (first use of the routes, statements and the device path), not counted.
    const rows = [];
    for (let i = -1; i < SAMPLES; i++) {
      await sleep(Math.random() * 500);
      const sn = sns[(i + DEVICES) % DEVICES];
      const value = Number((10 + ((i * 7.3 + 100) % 100)).toFixed(1));
      const t0 = wall();
      const r = await api(s.base, headers, 'POST', ISSUE, { deviceSn: sn, items: [{ key: 'powerLimitPct', value }] });
      const tHttp = wall();
      const id = r.commands[0].id;
      let row;
      for (;;) {
        [row] = (await c.query('SELECT state, verified, reason, create_time, sent_at, finished_at FROM helio_setting_command WHERE id = $1', [id])).rows;
        if (FINAL.includes(row.state) || wall() - t0 > 120_000) break;
        await sleep(10);
      }
      if (i < 0) continue;
      const cmds = (await c.query(`SELECT method, created_at, replied_at FROM helio_device_command WHERE params->>'commandId' = $1`, [id])).rows;
      const at = (m, col) => cmds.find((x) => x.method === m)?.[col]?.getTime();
      const g = got.get(id) ?? {};
      rows.push({
        state: row.state,
        verified: row.verified,
        reason: row.reason,
        total: row.finished_at ? row.finished_at.getTime() - t0 : NaN,
        http: tHttp - t0,
        writeSent: at('settings.write', 'created_at') - t0,
        writeAtDevice: g.write - t0,
        writeAnswered: at('settings.write', 'replied_at') - t0,
        readAtDevice: g.read - t0,
        readAnswered: at('settings.read', 'replied_at') - t0,
      });
    }
    await closeDevices(devices);
    return rows;
  } finally {
    await s.stop();
    await c.end();
    await dropPgDatabase(PG_URL, DB);
  }
}

/**
 * The ceiling: write and read as two request/response round trips on a bare aedes, the way Helio's embedded broker
 * carries them — the request published in-process (`broker.publish`), the device's reply taken in `authorizePublish`
 * — with the device a plain MQTT client over TCP, as in the Helio runs. `noDelay`: TCP_NODELAY on both ends of the
 * device's socket (neither Helio's broker nor mqtt.js sets it: back-to-back request/reply on an idle socket then
 * waits out Nagle's algorithm against delayed ACKs, ~40 ms a round trip on Linux).
 */
async function ceiling(noDelay) {
  const broker = await Aedes.createBroker();
  const waiting = new Map();
  broker.authorizePublish = (_client, packet, callback) => {
    waiting.get(packet.topic.split('/').pop())?.();
    callback(null);
  };
  const server = net.createServer((socket) => {
    if (noDelay) socket.setNoDelay(true);
    broker.handle(socket);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.address().port}`, { clientId: 'DEV000001', reconnectPeriod: 0 });
  if (noDelay) device.stream.setNoDelay(true);
  await device.subscribeAsync('helio/v1/DEV000001/cmd/req/+', { qos: 1 });
  device.on('message', (topic, payload) => {
    const id = topic.split('/').pop();
    const body = JSON.parse(payload.toString());
    device.publish(`helio/v1/DEV000001/cmd/resp/${id}`, JSON.stringify({ ts: Date.now(), ok: true, result: { values: body.params.items ?? {} } }), { qos: 1 });
  });
  const ask = (id, method) =>
    new Promise((resolve) => {
      waiting.set(id, resolve);
      const payload = Buffer.from(JSON.stringify({ ts: Date.now(), method, params: { commandId: id, items: { powerLimitPct: 80 } }, expires: Date.now() + 30_000 }));
      broker.publish({ cmd: 'publish', topic: `helio/v1/DEV000001/cmd/req/${id}`, payload, qos: 1, retain: false, dup: false }, () => undefined);
    });
  const lat = [];
  for (let i = 0; i < Math.max(SAMPLES, 50); i++) {
    const t = performance.now();
    await ask(`${i}1`, 'settings.write');
    await ask(`${i}2`, 'settings.read');
    lat.push(performance.now() - t);
  }
  await device.endAsync(true);
  await new Promise((r) => broker.close(r));
  server.close();
  return lat;
}

const med = (xs) => pct(xs.filter(Number.isFinite), 50);
const results = [];
const breakdown = [];
for (const pollMs of POLLS) {
  const rows = await variant(pollMs);
  const ok = rows.filter((r) => r.state === 'succeeded' && Number(r.verified) === 1);
  const tot = rows.map((r) => r.total).filter(Number.isFinite);
  results.push({
    variant: `Helio, HELIO_JOB_POLL_MS=${pollMs}${pollMs === 1000 ? ' (default)' : ''}`,
    samples: rows.length,
    verified: ok.length,
    p50: pct(tot, 50),
    p95: pct(tot, 95),
    p99: pct(tot, 99),
    max: pct(tot, 100),
    goal: pct(tot, 95) <= 2000 ? 'p95 ≤ 2 s ✓' : 'p95 > 2 s ✗',
  });
  const notOk = rows.filter((r) => !ok.includes(r));
  if (notOk.length) console.error(`poll ${pollMs}: not verified: ${notOk.map((r) => `${r.state}/${r.verified}/${r.reason}`).join('; ')}`);
  breakdown.push({
    variant: `poll ${pollMs} ms (medians, ms after the POST)`,
    'HTTP answered': med(rows.map((r) => r.http)),
    'write published': med(rows.map((r) => r.writeSent)),
    'write at device': med(rows.map((r) => r.writeAtDevice)),
    'write answered': med(rows.map((r) => r.writeAnswered)),
    'read at device': med(rows.map((r) => r.readAtDevice)),
    'read answered': med(rows.map((r) => r.readAnswered)),
    verified: med(rows.map((r) => r.total)),
  });
}
for (const noDelay of [false, true]) {
  const ceil = await ceiling(noDelay);
  results.push({ variant: `Ceiling: write + read, bare aedes${noDelay ? ', TCP_NODELAY' : ', default sockets'}`, samples: ceil.length, verified: ceil.length, p50: pct(ceil, 50), p95: pct(ceil, 95), p99: pct(ceil, 99), max: pct(ceil, 100), goal: '' });
}

console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; load average ${loadavg()}; ${SAMPLES} sequential samples over ${DEVICES} devices; PostgreSQL; ms from the POST to verified\n`);
console.table(results);
console.table(breakdown);

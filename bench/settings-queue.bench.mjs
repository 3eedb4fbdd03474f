// Issue 15 benchmark: 10,000 setting commands queued for offline devices, then the devices reconnect. Goal: every
// command delivered within a minute of its device reconnecting.
// A real server on PostgreSQL (its own database) and its embedded broker, all on 127.0.0.1. BENCH_DEVICES inverters
// registered on stations of 1,000 (one `commonSetup/issue` per station with a station filter: the route takes at most
// 1,000 targets); every command is `queued` (device offline). The state the goal is about — devices offline for a
// while — has no delivery job left for them (the issue's own jobs ran, found the device offline and ended); the bench
// deletes those pending `settings.deliver` jobs instead of waiting for them to run out (BENCH_DRAIN=1 waits). Then
// every device connects (50 at a time, as the simulator's large-fleet mode does) and answers the commands
// (bench/command-devices.mjs). Per command: delivered = the device received `settings.write`, measured from when its
// own connection was up; verified = the command's `finished_at` (read back matched). Waits until every command is
// final or BENCH_WAIT seconds after the last connection.
// Ceiling, same run: the same write + read round trips to BENCH_CEILING_DEVICES devices on a bare aedes in this
// process (requests published in-process, as Helio's broker does), all at once — MQTT's own rate on this machine.
// Run: node bench/settings-queue.bench.mjs   (builds the server if stale)
//   BENCH_DEVICES=10000 BENCH_WAIT=150 BENCH_DRAIN=0 BENCH_POLL_MS=1000 BENCH_CEILING_DEVICES=2000
//   BENCH_SILENT=0 (share of devices that never answer, e.g. 0.01 as the simulator)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres      Quick mode: 1,000 devices, 90 s.
//   BENCH_DIST=dist (another build folder under apps/server, e.g. a patched copy)
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import pg from 'pg';
import { api, closeDevices, connectDevices, pct } from './command-devices.mjs';
import { benchSn, registerBenchDevices } from './devices.mjs';
import { cpuSeconds, dropPgDatabase, ensureBuilt, freePort, freshPgDatabase, loadavg, machine, quick, setting, signIn, startServer } from './lib.mjs';

ensureBuilt();
/** Another server build folder under apps/server (e.g. a patched copy, to compare with `dist`). */
const DIST = process.env.BENCH_DIST || 'dist';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEVICES = setting('BENCH_DEVICES', 10_000, 1000);
const WAIT_S = setting('BENCH_WAIT', 150, 90);
const DRAIN = process.env.BENCH_DRAIN === '1';
const POLL_MS = setting('BENCH_POLL_MS', 1000);
const CEILING_DEVICES = setting('BENCH_CEILING_DEVICES', 2000, 500);
/** Share of devices that never answer (the simulator's default is 1 %); 0: all answer. */
const SILENT = setting('BENCH_SILENT', 0);
const silentEvery = SILENT > 0 ? Math.max(1, Math.round(1 / SILENT)) : 0;
const PER_PLANT = 1000;
const DB = 'helio_settings_queue_bench';
const ISSUE = '/api/skyworth-client/device/setup/commonSetup/issue';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const wall = () => performance.timeOrigin + performance.now();
const secs = (ms) => Number((ms / 1000).toFixed(1));

async function ceiling() {
  const broker = await Aedes.createBroker();
  const waiting = new Map();
  broker.authorizePublish = (_client, packet, callback) => {
    waiting.get(packet.topic.split('/').pop())?.();
    callback(null);
  };
  const server = net.createServer(broker.handle);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const u = `mqtt://127.0.0.1:${server.address().port}`;
  const clients = [];
  for (let i = 0; i < CEILING_DEVICES; i += 50) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(50, CEILING_DEVICES - i) }, async (_, k) => {
      const sn = `CEIL${String(i + k).padStart(6, '0')}`;
      const d = await mqtt.connectAsync(u, { clientId: sn, reconnectPeriod: 0 });
      await d.subscribeAsync(`helio/v1/${sn}/cmd/req/+`, { qos: 1 });
      d.on('message', (topic) => d.publish(`helio/v1/${sn}/cmd/resp/${topic.split('/').pop()}`, JSON.stringify({ ts: Date.now(), ok: true, result: {} }), { qos: 1 }));
      return sn;
    }))));
  }
  const ask = (sn, id) =>
    new Promise((resolve) => {
      waiting.set(id, resolve);
      broker.publish({ cmd: 'publish', topic: `helio/v1/${sn}/cmd/req/${id}`, payload: Buffer.from(JSON.stringify({ ts: Date.now(), method: 'settings.write', params: { items: { powerLimitPct: 55.5 } } })), qos: 1, retain: false, dup: false }, () => undefined);
    });
  const t = performance.now();
  await Promise.all(clients.map(async (sn, i) => {
    await ask(sn, `${i}w`);
    await ask(sn, `${i}r`);
  }));
  const ms = performance.now() - t;
  await new Promise((r) => broker.close(r));
  server.close();
  return { devices: CEILING_DEVICES, seconds: secs(ms), perSecond: Math.round(CEILING_DEVICES / (ms / 1000)) };
}

const url = await freshPgDatabase(PG_URL, DB);
if (!url) throw new Error(`no PostgreSQL at ${PG_URL}`);
const c = new pg.Client({ connectionString: url });
await c.connect();
const mqttPort = await freePort();
const s = await startServer({ DATABASE_URL: url, HOST: '127.0.0.1', HELIO_MQTT_HOST: '127.0.0.1', HELIO_MQTT_PORT: String(mqttPort), HELIO_JOB_POLL_MS: String(POLL_MS), HELIO_MQTT_GROUP: `b${randomBytes(3).toString('hex')}` }, { dist: DIST });
let devices = [];
try {
  const prefix = `SQ${randomBytes(2).toString('hex').toUpperCase()}`;
  const plants = Math.ceil(DEVICES / PER_PLANT);
  const sns = [];
  const plantIds = [];
  for (let p = 0; p < plants; p++) {
    const n = Math.min(PER_PLANT, DEVICES - p * PER_PLANT);
    const plantId = String(7400000000000000000n + BigInt(p));
    await registerBenchDevices((t, v) => c.query(t, v), { devices: n, prefix: `${prefix}${p}`, plantId, firstId: 7400000000000000001n + BigInt(p * 100_000) });
    plantIds.push(plantId);
    for (let i = 0; i < n; i++) sns.push(benchSn(`${prefix}${p}`, i));
  }
  const headers = await signIn(s.base);
  let t = wall();
  for (const plantId of plantIds) await api(s.base, headers, 'POST', ISSUE, { filter: { deviceType: 1, plantId }, items: [{ key: 'powerLimitPct', value: 55.5 }], ttlSeconds: 3600 });
  const issueS = secs(wall() - t);
  const queued = Number((await c.query(`SELECT count(*) FROM helio_setting_command WHERE state = 'queued'`)).rows[0].count);
  console.error(`${queued} commands queued in ${issueS} s (${plants} issue requests)`);
  t = wall();
  let drained;
  if (DRAIN) {
    for (;;) {
      const left = Number((await c.query(`SELECT count(*) FROM helio_job WHERE name = 'settings.deliver'`)).rows[0].count);
      if (left === 0) break;
      await sleep(2000);
    }
    drained = `waited ${secs(wall() - t)} s for the issue's ${queued} delivery jobs to run out`;
  } else {
    const del = await c.query(`DELETE FROM helio_job WHERE name = 'settings.deliver' AND status = 'pending'`);
    drained = `deleted ${del.rowCount} pending delivery jobs of the issue (${secs(wall() - t)} s after it)`;
  }
  console.error(drained);

  const silentSns = new Set(silentEvery ? sns.filter((_, i) => i % silentEvery === 0) : []);
  const write = new Map(); // commandId → when the device received settings.write
  const bySn = new Map();
  const cpu0 = cpuSeconds(s.pid);
  const tConnect = wall();
  devices = await connectDevices(`mqtt://127.0.0.1:${mqttPort}`, sns, {
    onRequest: (_sn, method, params, at) => method === 'settings.write' && !write.has(params.commandId) && write.set(params.commandId, at),
    silent: silentEvery ? (sn) => silentSns.has(sn) : undefined,
    onBatch: (n) => n % 2000 === 0 && console.error(`${n} devices connected, ${write.size} writes received so far`),
  });
  for (const d of devices) bySn.set(d.sn, d.connectedAt);
  const tConnected = wall();
  console.error(`${DEVICES} devices connected in ${secs(tConnected - tConnect)} s`);
  const FINAL = `('succeeded', 'failed', 'timed_out', 'expired')`;
  const progress = [];
  for (;;) {
    const open = Number((await c.query(`SELECT count(*) FROM helio_setting_command WHERE state NOT IN ${FINAL}`)).rows[0].count);
    // Delivery jobs waiting / running: which side limits — feeding them (the sweep) or running them.
    const jobs = (await c.query(`SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'running')::int AS running
      FROM helio_job WHERE name = 'settings.deliver'`)).rows[0];
    progress.push({ at: secs(wall() - tConnected), delivered: write.size, open, ...jobs });
    if (open === 0 || wall() - tConnected > WAIT_S * 1000) break;
    await sleep(2000);
  }
  const cpu = cpuSeconds(s.pid) - cpu0;
  const rows = (await c.query(`SELECT id::text AS id, device_sn AS sn, state, verified, finished_at FROM helio_setting_command`)).rows;
  const delivered = [];
  const verified = [];
  for (const r of rows) {
    if (silentSns.has(r.sn)) continue;
    const up = bySn.get(r.sn);
    const w = write.get(r.id);
    if (w) delivered.push(w - up);
    if (r.state === 'succeeded' && Number(r.verified) === 1) verified.push(r.finished_at.getTime() - up);
  }
  const within = delivered.filter((x) => x <= 60_000).length;
  const answering = DEVICES - silentSns.size;
  const states = Object.entries(rows.reduce((a, r) => ((a[r.state] = (a[r.state] ?? 0) + 1), a), {})).map(([k, v]) => `${k} ${v}`).join(', ');
  const lastWrite = Math.max(...write.values());
  const firstWrite = Math.min(...write.values());
  const rate = write.size / Math.max(1, (lastWrite - firstWrite) / 1000);
  const ceil = await ceiling();

  console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; load average ${loadavg()}; ${DEVICES} devices, PostgreSQL, HELIO_JOB_POLL_MS=${POLL_MS}`);
  console.log(`${queued} commands queued by ${plants} issue requests in ${issueS} s; ${drained}.`);
  console.log(`Devices connected in ${secs(tConnected - tConnect)} s (the first deliveries start while later devices are still connecting).`);
  console.log(`End (${secs(wall() - tConnected)} s after the last connection): ${states}; Helio CPU ${cpu.toFixed(1)} s since the first connection.`);
  console.table([
    { measure: 'delivered (write at the device) − its connection', commands: delivered.length, 'within 60 s': within, p50_s: secs(pct(delivered, 50)), p95_s: secs(pct(delivered, 95)), max_s: secs(pct(delivered, 100)) },
    { measure: 'verified (finished_at) − its connection', commands: verified.length, 'within 60 s': verified.filter((x) => x <= 60_000).length, p50_s: secs(pct(verified, 50)), p95_s: secs(pct(verified, 95)), max_s: secs(pct(verified, 100)) },
  ]);
  console.log(`Delivery rate: ${Math.round(rate)} commands/s (first to last write at a device); all ${DEVICES} at that rate: ${Math.round(DEVICES / rate)} s. Goal (every command within 60 s of its reconnect): ${within === answering ? '✓' : `✗ (${within} of ${answering})`}`);
  if (silentSns.size) console.log(`${silentSns.size} silent devices (BENCH_SILENT=${SILENT}: they receive the write and never answer; left out of the figures above)`);
  console.log(`Progress (s after the last connection → writes received / commands not final / delivery jobs pending + running): ${progress.filter((_, i) => i % 5 === 0 || i === progress.length - 1).map((p) => `${p.at}→${p.delivered}/${p.open}/${p.pending}+${p.running}`).join('  ')}`);
  console.log(`Ceiling: write + read to ${ceil.devices} devices on a bare aedes, all at once: ${ceil.seconds} s = ${ceil.perSecond} commands/s`);
} finally {
  await closeDevices(devices);
  await s.stop();
  await c.end();
  await dropPgDatabase(PG_URL, DB);
}

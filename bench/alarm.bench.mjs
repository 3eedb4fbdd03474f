// Issue 14 benchmark: what the alarm rules cost the device path, how soon an alarm shows, and the alarm list at scale.
// On PostgreSQL (BENCH_PG_URL), each part on its own fresh database and server:
// 1. Ingest with the rules on vs off (HELIO_ALARM_RULES) in one run: rounds interleaved, order shuffled with a fixed
//    seed; stored messages per second and Helio CPU per 1,000 messages, counted until the evaluator has caught up
//    with every device (so the rules' deferred work is in the figure).
// 2. Device report → alarm visible: one device publishes a fault report (QoS 1) and the client polls alarmLog/list
//    every 10 ms until the alarm is there; then a report without the fault, until it shows recovered.
// 3. The alarm list at 1 M historical alarms (BENCH_ALARMS): alarmLog/list with filters, p50/p95 of sequential
//    requests, beside the raw SQL of the same queries (the count, and the page's ids then their columns, as
//    alarm.service.ts builds them for a platform administrator) sent with node-postgres on the same database.
// Run: node bench/alarm.bench.mjs   (builds the server if stale)
//   BENCH_DEVICES=300 BENCH_SECONDS=15 BENCH_ROUNDS=3 BENCH_WINDOW=4 BENCH_SAMPLES=40 BENCH_ALARMS=1000000 BENCH_REQUESTS=60
//   Quick mode: 50 devices for 4 s, one round, 10 samples, 50,000 alarms.
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pg from 'pg';
import { benchSn, deviceSecret, registerBenchDevices, runBenchSimulator } from './devices.mjs';
import { cpuSeconds, dropPgDatabase, ensureBuilt, freePort, freshPgDatabase, loadavg, machine, quick, setting, signIn, startServer } from './lib.mjs';

ensureBuilt();
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEVICES = setting('BENCH_DEVICES', 300, 50);
const SECONDS = setting('BENCH_SECONDS', 15, 4);
const ROUNDS = setting('BENCH_ROUNDS', 3, 1);
const WINDOW = setting('BENCH_WINDOW', 4);
const SAMPLES = setting('BENCH_SAMPLES', 40, 10);
const ALARMS = setting('BENCH_ALARMS', 1_000_000, 50_000);
const REQUESTS = setting('BENCH_REQUESTS', 60, 20);
const DB = 'helio_alarm_bench';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1)) : NaN;
};
/** Mulberry32: the shuffled order of the modes is the same on every run. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function withDb(fn) {
  const url = await freshPgDatabase(PG_URL, DB);
  if (!url) throw new Error(`no PostgreSQL at ${PG_URL}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(url, c);
  } finally {
    await c.end();
    await dropPgDatabase(PG_URL, DB);
  }
}

async function server(url, env = {}) {
  const mqttPort = await freePort();
  const s = await startServer({ DATABASE_URL: url, HELIO_MQTT_PORT: String(mqttPort), HELIO_MQTT_RATE: '100000', HELIO_MQTT_BURST: '100000', HELIO_MQTT_GROUP: `b${randomBytes(3).toString('hex')}`, ...env });
  return { ...s, mqtt: `mqtt://127.0.0.1:${mqttPort}` };
}

// --- 1. ingest, rules on vs off --------------------------------------------------------------------------------------
const BEHIND = `SELECT count(*)::int AS n FROM helio_device_latest l LEFT JOIN helio_alarm_device_state s ON s.device_id = l.device_id
  WHERE l.ts IS NOT NULL AND (s.last_ts IS NULL OR l.ts > s.last_ts)`;

async function ingestRound(rules) {
  return withDb(async (url, c) => {
    const s = await server(url, { HELIO_ALARM_RULES: rules });
    const prefix = `AB${randomBytes(2).toString('hex').toUpperCase()}`;
    await registerBenchDevices((t, p) => c.query(t, p), { devices: DEVICES, prefix });
    const cpu0 = cpuSeconds(s.pid);
    const sim = await runBenchSimulator(s.mqtt, { devices: DEVICES, seconds: SECONDS, prefix, window: WINDOW });
    const t = performance.now();
    // Rules on: until the evaluator has looked at every device's newest report (the deferred work counted too).
    while (rules === 'on' && (await c.query(BEHIND)).rows[0].n > 0 && performance.now() - t < 120_000) await sleep(100);
    const catchUpMs = performance.now() - t;
    const cpu = cpuSeconds(s.pid) - cpu0;
    const stored = Number((await c.query('SELECT count(*) FROM helio_telemetry_inverter')).rows[0].count);
    const alarms = Number((await c.query('SELECT count(*) FROM helio_alarm')).rows[0].count);
    await s.stop();
    return { rules, stored, perSec: Math.round(stored / sim.seconds), cpuMsPer1000: Number(((cpu / stored) * 1e6).toFixed(1)), catchUpMs: Math.round(catchUpMs), alarms };
  });
}

// --- 2. report → alarm visible ---------------------------------------------------------------------------------------
async function latency() {
  return withDb(async (url, c) => {
    const s = await server(url);
    const prefix = `AL${randomBytes(2).toString('hex').toUpperCase()}`;
    await registerBenchDevices((t, p) => c.query(t, p), { devices: 1, prefix, firstId: 7300000000000000001n, plantId: '7300000000000000000' });
    const sn = benchSn(prefix, 0);
    // The broker starts with the modules, just after the HTTP server answers: try again for a few seconds.
    let client;
    for (let attempt = 1; !client; attempt++) {
      client = await mqtt.connectAsync(s.mqtt, { clientId: sn, username: sn, password: deviceSecret(sn), reconnectPeriod: 0 }).catch((e) => {
        if (attempt >= 50) throw e;
        return sleep(200).then(() => undefined);
      });
    }
    const headers = await signIn(s.base);
    const activeOf = async (code) => {
      const r = await fetch(`${s.base}/api/skyworth-client/alarmLog/list?deviceSn=${sn}&alarmCode=${code}&alarmStatus=0&size=1`, { headers });
      return (await r.json()).data.total;
    };
    const report = (faults) =>
      client.publishAsync(`helio/v1/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), state: faults.length ? 4 : 2, pvPower: 1000, temp: { inner: 40, sink: 45 }, faults, warnings: [] }), { qos: 1 });
    const until = async (code, want) => {
      const t0 = performance.now();
      while ((await activeOf(code)) !== want) {
        if (performance.now() - t0 > 30_000) throw new Error(`alarm ${code} never became ${want ? 'active' : 'recovered'}`);
        await sleep(10);
      }
    };
    const raise = [];
    const clear = [];
    for (let i = 0; i < SAMPLES; i++) {
      const code = 100 + (i % 20);
      let t = performance.now();
      await report([code]);
      await until(code, 1);
      raise.push(performance.now() - t);
      await sleep(20);
      t = performance.now();
      await report([]);
      await until(code, 0);
      clear.push(performance.now() - t);
      await sleep(20);
    }
    await client.endAsync();
    await s.stop();
    return { samples: SAMPLES, raiseP50: pct(raise, 50), raiseP95: pct(raise, 95), clearP50: pct(clear, 50), clearP95: pct(clear, 95) };
  });
}

// --- 3. the list at 1 M alarms ----------------------------------------------------------------------------------------
const FROM_JOINS = `LEFT JOIN helio_alarm_lifecycle lc ON lc.alarm_id = a.id
  LEFT JOIN helio_alarm_definition def ON def.device_type = a.device_type AND def.alarm_code = a.alarm_code AND def.is_deleted = 0`;
const COLUMNS = `a.id::text AS id, a.tenant_id, a.plant_id::text, p.plant_name, a.device_id::text, a.device_sn, a.device_type, a.alarm_code, a.alarm_type, a.level,
  coalesce(lc.category, def.category) AS category, def.name_zh, def.name_en, def.cause_zh, def.cause_en, def.remedy_zh, def.remedy_en, a.description, a.solution,
  a.alarm_status, a.trigger_time, a.recover_time, coalesce(lc.occurrences, 1), coalesce(lc.last_seen, a.trigger_time), lc.value, coalesce(lc.ack_status, 0),
  lc.ack_user::text, ua.real_name, lc.ack_time, a.handle_status, a.handle_user::text, uh.real_name, a.handle_time, lc.assignee_id::text, us.real_name`;
const NAMES = `LEFT JOIN helio_plant p ON p.id = a.plant_id LEFT JOIN blade_user ua ON ua.id = lc.ack_user
  LEFT JOIN blade_user uh ON uh.id = a.handle_user LEFT JOIN blade_user us ON us.id = lc.assignee_id`;

async function list() {
  return withDb(async (url, c) => {
    const s = await server(url);
    await s.stop({ keepData: true });
    // 200 stations × 5 devices, alarms over a year, 2 % still active; then the server again.
    const t0 = performance.now();
    await c.query(`INSERT INTO helio_plant (id, tenant_id, plant_name, time_zone) SELECT 7400000000000000000 + g, '000000', 'Bench ' || g, 'Asia/Shanghai' FROM generate_series(1, 200) g`);
    await c.query(`INSERT INTO helio_alarm (id, tenant_id, plant_id, device_id, device_sn, device_type, alarm_code, alarm_type, level, alarm_status, trigger_time, recover_time, handle_status)
      SELECT 7500000000000000000 + g, '000000', 7400000000000000000 + 1 + (g % 200), 7600000000000000000 + (g % 1000), 'BENCHSN' || lpad((g % 1000)::text, 6, '0'),
             1 + (g % 3), 100 + (g % 40), 1, 1 + (g % 4), CASE WHEN g % 50 = 0 THEN 0 ELSE 1 END,
             now() - (g::float8 / $1 * interval '365 days'), CASE WHEN g % 50 = 0 THEN NULL ELSE now() - (g::float8 / $1 * interval '365 days') + interval '20 minutes' END, g % 4
        FROM generate_series(1, $1) g
      ON CONFLICT DO NOTHING`, [ALARMS]);
    await c.query('ANALYZE helio_alarm');
    const seedMs = performance.now() - t0;
    const s2 = await server(url, { HELIO_DATA_DIR: s.dataDir });
    const headers = await signIn(s2.base);
    const day = (d) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    const cases = [
      { name: 'first page, no filter', q: {}, where: [] },
      { name: 'severity critical, recovered', q: { level: 4, alarmStatus: 1 }, where: ['a.level = 4', 'a.alarm_status = 1'] },
      { name: 'one station, last 30 days', q: { plantId: '7400000000000000042', startTime: day(30) }, where: ['a.plant_id = 7400000000000000042', `a.trigger_time >= '${day(30)}'::timestamp AT TIME ZONE 'Asia/Shanghai'`] },
      { name: 'SN contains, active', q: { deviceSn: 'SN000123', alarmStatus: 0 }, where: [`a.device_sn ILIKE '%SN000123%'`, 'a.alarm_status = 0'] },
      { name: 'page 200 of unhandled', q: { handleStatus: 0, current: 200 }, where: ['a.handle_status = 0'], offset: 199 * 10 },
    ];
    const rows = [];
    for (const k of cases) {
      const qs = new URLSearchParams({ size: '10', ...Object.fromEntries(Object.entries(k.q).map(([a, b]) => [a, String(b)])) });
      const where = ['a.is_deleted = 0', ...k.where].join(' AND ');
      const api = [];
      const raw = [];
      let total;
      for (let i = 0; i < REQUESTS + 5; i++) {
        let t = performance.now();
        const r = await (await fetch(`${s2.base}/api/skyworth-client/alarmLog/list?${qs}`, { headers })).json();
        if (r.code !== 200) throw new Error(`${k.name}: ${JSON.stringify(r).slice(0, 200)}`);
        if (i >= 5) api.push(performance.now() - t);
        total = r.data.total;
        t = performance.now();
        const n = (await c.query(`SELECT count(*)::int AS n FROM helio_alarm a WHERE ${where}`)).rows[0].n;
        await c.query(`WITH pick AS (SELECT a.id FROM helio_alarm a WHERE ${where} ORDER BY a.trigger_time DESC, a.id DESC LIMIT 10 OFFSET ${k.offset ?? 0})
          SELECT ${COLUMNS} FROM pick JOIN helio_alarm a ON a.id = pick.id ${FROM_JOINS} ${NAMES} ORDER BY a.trigger_time DESC, a.id DESC`);
        if (i >= 5) raw.push(performance.now() - t);
        if (n !== total) throw new Error(`${k.name}: the raw SQL counts ${n}, the API ${total} — not the same query`);
      }
      rows.push({ list: k.name, total, apiP50: pct(api, 50), apiP95: pct(api, 95), sqlP50: pct(raw, 50), sqlP95: pct(raw, 95), ratioP95: Number((pct(api, 95) / pct(raw, 95)).toFixed(2)) });
    }
    await s2.stop();
    return { seedSec: Math.round(seedMs / 1000), rows };
  });
}

// ----------------------------------------------------------------------------------------------------------------------
const random = rng(14);
const rounds = [];
for (let r = 0; r < ROUNDS; r++) {
  const order = random() < 0.5 ? ['on', 'off'] : ['off', 'on'];
  for (const mode of order) {
    const x = await ingestRound(mode);
    console.error(JSON.stringify({ round: r + 1, ...x }));
    rounds.push(x);
  }
}
const median = (xs) => pct(xs, 50);
const by = (m, k) => rounds.filter((x) => x.rules === m).map((x) => x[k]);
const on = { perSec: median(by('on', 'perSec')), cpu: median(by('on', 'cpuMsPer1000')) };
const off = { perSec: median(by('off', 'perSec')), cpu: median(by('off', 'cpuMsPer1000')) };
const lat = await latency();
const big = await list();

console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; load average ${loadavg()}; PostgreSQL; ${DEVICES} devices × ${SECONDS} s, window ${WINDOW}, ${ROUNDS} rounds\n`);
console.log('1. Ingest with the alarm rules on vs off (median of rounds):');
console.table([
  { rules: 'off', storedPerSec: off.perSec, helioCpuMsPer1000: off.cpu },
  { rules: 'on', storedPerSec: on.perSec, helioCpuMsPer1000: on.cpu, catchUpMs: median(by('on', 'catchUpMs')) },
  { rules: 'on/off', storedPerSec: Number((on.perSec / off.perSec).toFixed(3)), helioCpuMsPer1000: Number((on.cpu / off.cpu).toFixed(3)) },
]);
console.log('2. Device report → alarm visible through the API (ms):');
console.table([lat]);
console.log(`3. alarmLog/list at ${ALARMS.toLocaleString('en')} alarms (seeded in ${big.seedSec} s), ${REQUESTS} sequential requests each (ms):`);
console.table(big.rows);

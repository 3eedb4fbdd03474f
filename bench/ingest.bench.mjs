// Issue 6 benchmark: MQTT ingest throughput (simulator at full speed → stored rows) per CPU-second of the Helio
// process, beside the physical ceiling measured in the same run: the same 45-value rows written straight to
// PostgreSQL with COPY and with the multi-row INSERT the ingest uses (unnest arrays).
// Run: node bench/ingest.bench.mjs   (builds the server if stale)
//   BENCH_DEVICES=500  BENCH_SECONDS=20  BENCH_WINDOW=4  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_DB=postgres|pglite|both (default both; without a PostgreSQL at BENCH_PG_URL, PGlite only)
//   BENCH_MQTT_URL=mqtt://127.0.0.1:1883 (external broker instead)   BENCH_CEILING_ROWS=100000
//   Quick mode: 100 devices for 5 s, a 20,000-row ceiling.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BENCH_KEY, registerBenchDevices, runBenchSimulator } from './devices.mjs';
import { cpuSeconds, dropPgDatabase, ensureBuilt, freePort, freshPgDatabase, loadavg, machine, quick, root, setting, tempDir, track, waitFor } from './lib.mjs';

ensureBuilt();
const DEVICES = setting('BENCH_DEVICES', 500, 100);
const SECONDS = setting('BENCH_SECONDS', 20, 5);
const WINDOW = setting('BENCH_WINDOW', 4);
const CEILING_ROWS = setting('BENCH_CEILING_ROWS', 100_000, 20_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WHICH = process.env.BENCH_DB ?? 'both';
const EXTERNAL = process.env.BENCH_MQTT_URL;
const KEY = BENCH_KEY;
const PREFIX = `BN${randomBytes(2).toString('hex').toUpperCase()}`;

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineCpuSeconds() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + f[4];
  return (f.reduce((a, b) => a + b, 0) - idle) / 100;
}
function pgCpuSeconds() {
  let total = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.split(') ')[1].split(' ');
      // Own time plus the reaped children's (cutime, cstime): backends that exited during the run are counted
      // through the postmaster that waited for them.
      total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
    } catch {
      /* gone */
    }
  }
  return total;
}

async function start(env) {
  const dataDir = env.HELIO_DATA_DIR ?? tempDir('helio-ingest-bench-');
  const port = await freePort();
  const mqttPort = await freePort();
  const child = track(spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', HELIO_MQTT_PORT: String(mqttPort), HELIO_DATA_DIR: dataDir, HELIO_SIMULATOR: 'off',
      HELIO_CAPTCHA: 'off', HELIO_ADMIN_PASSWORD: 'Bench-Admin-2026', HELIO_LOG_LEVEL: 'warn', HELIO_MQTT_GROUP: `bench${randomBytes(3).toString('hex')}`,
      // A bench device reports back to back: lift the per-device rate limit (docs/device-protocol.md, Limits).
      HELIO_MQTT_RATE: '100000', HELIO_MQTT_BURST: '100000', ...env },
  }));
  await waitFor(`http://127.0.0.1:${port}/api/helio/public-settings`, 180_000);
  return {
    child, dataDir, mqttPort,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

const register = (q) => registerBenchDevices(q, { devices: DEVICES, prefix: PREFIX, key: KEY });
const runSimulator = (url) => runBenchSimulator(url, { devices: DEVICES, seconds: SECONDS, prefix: PREFIX, window: WINDOW, key: KEY, anonymous: Boolean(EXTERNAL) });

// --- the ceiling: the same rows straight into PostgreSQL -----------------------------------------------------------
const COLS = ['device_id', 'ts', 'plant_id', 'state', 'pv1_v', 'pv1_i', 'pv2_v', 'pv2_i', 'pv3_v', 'pv3_i', 'pv4_v', 'pv4_i', 'pv_power', 'grid_va', 'grid_vb',
  'grid_vc', 'grid_ia', 'grid_ib', 'grid_ic', 'grid_pa', 'grid_pb', 'grid_pc', 'grid_power', 'grid_freq', 'grid_q', 'grid_pf', 'load_power', 'load_pa', 'load_pb',
  'load_pc', 'eps_power', 'bat_v', 'bat_i', 'bat_power', 'bat_soc', 'bat_temp', 'temp_inner', 'temp_sink', 'bus_v', 'iso_kohm', 'e_pv_today', 'e_pv_total',
  'e_load_total', 'e_import_total', 'e_export_total', 'e_charge_total', 'e_discharge_total', 'fault_codes', 'warning_codes'];
function row(i, n, t0) {
  const pv = 3000 + ((i * 37 + n) % 4000);
  return [String(7200000000000000001n + BigInt(i)), new Date(t0 + n * 1000).toISOString(), '7100000000000000000', 2, 380.5, pv / 761, 377.1, pv / 754.2, null, null, null, null,
    pv, 230.1, 231.2, 229.4, 3.1, 3, 3.2, -700, -690, -720, -2110, 50.01, 40, 0.99, 1400, 470, 460, 470, 0, 51.4, -9.5, -490, 55 + (n % 40), 24.5, 41.3, 47.9, 402.2,
    2100, n * 0.005, 10000 + n * 0.005, 8000 + n * 0.002, 2000 + n * 0.0005, 4000 + n * 0.003, 1500 + n * 0.001, 1400 + n * 0.001, null, null];
}

/** COPY FROM STDIN through node-postgres' connection (what pg-copy-streams does), text format. */
function copyIn(client, text, data) {
  return new Promise((resolve, reject) => {
    client.query({
      text,
      submit(connection) {
        connection.query(text);
      },
      handleCopyInResponse(connection) {
        connection.sendCopyFromChunk(Buffer.from(data));
        connection.endCopyFrom();
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        resolve();
      },
      handleError(e) {
        reject(e);
      },
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
    });
  });
}

async function ceiling(url, total) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = Date.now() - 3 * 86_400_000;
  const day = new Date(Math.floor(t0 / 86_400_000) * 86_400_000);
  await c.query(`CREATE TABLE IF NOT EXISTS bench_copy (LIKE helio_telemetry_inverter INCLUDING ALL)`);
  await c.query(`CREATE TABLE IF NOT EXISTS bench_insert (LIKE helio_telemetry_inverter INCLUDING ALL)`);
  const rows = [];
  for (let n = 0; rows.length < total; n++) for (let i = 0; i < 100 && rows.length < total; i++) rows.push(row(i, n, day.getTime() + 3_600_000));
  const text = rows.map((r) => r.map((v) => (v === null ? '\\N' : String(v))).join('\t')).join('\n') + '\n';
  let t = performance.now();
  for (let i = 0; i < rows.length; i += 10_000) {
    const chunk = text.split('\n').slice(i, i + 10_000).join('\n') + '\n';
    await copyIn(c, `COPY bench_copy (${COLS.join(', ')}) FROM STDIN`, chunk);
  }
  const copyMs = performance.now() - t;
  const types = ['bigint', 'timestamptz', 'bigint', 'smallint', ...Array(36).fill('real'), ...Array(7).fill('float8'), 'text', 'text'];
  t = performance.now();
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    const params = COLS.map((_, j) => batch.map((r) => r[j]));
    await c.query(`INSERT INTO bench_insert (${COLS.join(', ')}) SELECT ${COLS.map((n) => (n.endsWith('codes') ? `${n}::int[]` : n)).join(', ')} FROM unnest(${types.map((ty, k) => `$${k + 1}::${ty}[]`).join(', ')}) AS u(${COLS.join(', ')}) ON CONFLICT DO NOTHING`, params);
  }
  const insertMs = performance.now() - t;
  await c.query('DROP TABLE bench_copy; DROP TABLE bench_insert');
  await c.end();
  return { rows: rows.length, copyPerSec: Math.round(rows.length / (copyMs / 1000)), insertPerSec: Math.round(rows.length / (insertMs / 1000)) };
}

// --------------------------------------------------------------------------------------------------------------------
const results = [];
const variants = [];
if (WHICH !== 'pglite') variants.push(['PostgreSQL', true]);
if (WHICH !== 'postgres') variants.push(['PGlite', false]);
for (const [name, usePg] of variants) {
  const dbUrl = usePg ? await freshPgDatabase(PG_URL, 'helio_ingest_bench') : undefined;
  if (usePg && !dbUrl) {
    if (WHICH === 'postgres') throw new Error(`no PostgreSQL at ${PG_URL}`);
    console.error(`no PostgreSQL at ${PG_URL}: PGlite only`);
    continue;
  }
  // PGlite is one process: register the devices while the server is down.
  let server = await start(dbUrl ? { DATABASE_URL: dbUrl, ...(EXTERNAL ? { MQTT_URL: EXTERNAL } : {}) } : EXTERNAL ? { MQTT_URL: EXTERNAL } : {});
  let ids;
  if (dbUrl) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    ids = await register((t, p) => c.query(t, p));
    await c.end();
  } else {
    await server.stop();
    const { PGlite } = await import(path.join(root, 'node_modules/@electric-sql/pglite/dist/index.js'));
    const lite = await PGlite.create({ dataDir: path.join(server.dataDir, 'pglite') });
    ids = await register((t, p) => lite.query(t, p));
    await lite.close();
    const dataDir = server.dataDir;
    server = await start({ HELIO_DATA_DIR: dataDir, ...(EXTERNAL ? { MQTT_URL: EXTERNAL } : {}) });
  }
  const cpu0 = cpuSeconds(server.child.pid);
  const pg0 = usePg ? pgCpuSeconds() : 0;
  const all0 = machineCpuSeconds();
  const t0 = Date.now();
  const sim = await runSimulator(EXTERNAL ?? `mqtt://127.0.0.1:${server.mqttPort}`);
  // External broker: it acknowledged before Helio stored; wait until the stored count stops growing.
  let drainedAt = Date.now();
  if (EXTERNAL && dbUrl) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    let last = -1;
    for (;;) {
      const n = Number((await c.query('SELECT count(*) FROM helio_telemetry_inverter WHERE device_id = ANY($1::bigint[])', [ids])).rows[0].count);
      if (n === last) break;
      if (n !== last) drainedAt = Date.now();
      last = n;
      await new Promise((r) => setTimeout(r, 2000));
    }
    await c.end();
  } else {
    await new Promise((r) => setTimeout(r, EXTERNAL ? 5000 : 500));
    drainedAt = Date.now();
  }
  const wall = (drainedAt - t0) / 1000;
  const cpu = cpuSeconds(server.child.pid) - cpu0;
  const pgCpu = usePg ? pgCpuSeconds() - pg0 : 0;
  const allCpu = machineCpuSeconds() - all0;
  await server.stop();
  let stored;
  if (dbUrl) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    stored = Number((await c.query('SELECT count(*) FROM helio_telemetry_inverter WHERE device_id = ANY($1::bigint[])', [ids])).rows[0].count);
    results.push({ name: `${name}: ceiling`, ...(await ceiling(dbUrl, CEILING_ROWS)) });
    await c.end();
    await dropPgDatabase(PG_URL, 'helio_ingest_bench');
  } else {
    const { PGlite } = await import(path.join(root, 'node_modules/@electric-sql/pglite/dist/index.js'));
    const lite = await PGlite.create({ dataDir: path.join(server.dataDir, 'pglite') });
    stored = Number((await lite.query('SELECT count(*)::int AS n FROM helio_telemetry_inverter')).rows[0].n);
    await lite.close();
  }
  server.remove();
  results.push({
    name: `${name}: ingest ${EXTERNAL ? `via ${EXTERNAL}` : 'embedded broker'}`,
    devices: DEVICES,
    window: WINDOW,
    seconds: Math.round(sim.seconds),
    acked: sim.acked,
    ackedPerSec: sim.perSecond,
    stored,
    storedPerSec: Math.round(stored / (EXTERNAL ? wall : sim.seconds)),
    heliocpuSec: Number(cpu.toFixed(1)),
    msgPerHelioCpuSec: Math.round(stored / cpu),
    pgCpuSec: Number(pgCpu.toFixed(1)),
    simulatorCpuSec: sim.cpuSec,
    machineCpuSec: Number(allCpu.toFixed(1)),
    wallSec: Math.round(wall),
  });
  console.error(JSON.stringify(results.at(-1)));
}
console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; load average ${loadavg()}; ${DEVICES} devices, ${SECONDS} s, window ${WINDOW}\n`);
console.table(results);

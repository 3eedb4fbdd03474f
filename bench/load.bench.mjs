// Issue 21 benchmark ("Load"): signed-in users, each acting every 2 s on the console's call mix (home summary,
// station list and detail, inverter detail and chart, alarm list, user list, installer orders, ~5 % writes: inbox read,
// alarm handling record), open loop (latency from the time each request was due), for BENCH_SECONDS:
//   PostgreSQL   fresh database, demo fleet (simulator on), bench ingest at the ingest bench's rate on the embedded
//                broker (bench/devices.mjs) during the run — goal 0 errors, p95 ≤ 200 ms
//   PGlite       fresh data dir, demo fleet — goal 0 errors, p95 ≤ 500 ms
// Then the saturation point (open-loop ramp of the same mix until a step's p95 passes 1 s or errors appear) on the
// PostgreSQL database: one process, and three behind a round-robin loopback proxy (bench/load-aux.mjs; one PostgreSQL,
// REDIS_URL with a per-run HELIO_REDIS_PREFIX; the demo simulator only on the first; each process has its embedded
// broker on its own port, no devices on the two others; bench ingest off during the ramps) — beside the ceiling of
// the same generator against a bare node:http server (fixed JSON) and Helio's /api/live (hooks, no database).
// Run: node bench/load.bench.mjs   (builds the server if stale)
//   BENCH_USERS=200 BENCH_SECONDS=60 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_DB=both|postgres|pglite
//   BENCH_REDIS_URL=redis://127.0.0.1:6379 ('' = none)  BENCH_DEVICES=500 BENCH_WINDOW=4 BENCH_INGEST_RATE=2500 (ingest)
//   HELIO_SIM_STATIONS=200
//   BENCH_RAMPS=0 (users' runs only)  BENCH_RAMP_START=50 BENCH_RAMP_STEP=50 BENCH_RAMP_SECONDS=10 BENCH_RAMP_MAX=40 (steps)
//   Quick mode: 40 users, 15 s, 20-station fleet, 100 ingest devices, ramp 20 +20 req/s every 5 s (at most 6 steps).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { BENCH_KEY, registerBenchDevices, runBenchSimulator } from './devices.mjs';
import { ADMIN_PASSWORD, cpuSeconds, dropPgDatabase, ensureBuilt, freePort, freshPgDatabase, loadavg, machine, quick, root, setting, tempDir, track, waitFor } from './lib.mjs';
import { consoleMix, createUsers, fleetContext, openLoop, perCall, pgCpuSeconds, ramp, stats, userSchedule } from './load-gen.mjs';

ensureBuilt();
class SkipRamps extends Error {}
const USERS = setting('BENCH_USERS', 200, 40);
const SECONDS = setting('BENCH_SECONDS', 60, 15);
const STATIONS = setting('HELIO_SIM_STATIONS', 200, 20);
const DEVICES = setting('BENCH_DEVICES', 500, 100);
const WINDOW = setting('BENCH_WINDOW', 4);
// The users' run beside ingest at this rate (reports/s over the bench devices): the ingest goal's rate for one core
// (2,500 msg/s, BENCHMARKS.md issue 6), leaving the other core to the users; then again beside ingest at full speed
// (as fast as the devices' acknowledgements come back: the whole machine), for the record. 0 = only at full speed.
const INGEST_RATE = setting('BENCH_INGEST_RATE', 2500, 500);
// BENCH_RAMPS=0: the users' runs only (no saturation ramps).
const RAMPS = setting('BENCH_RAMPS', 1) !== 0;
const RAMP = { start: setting('BENCH_RAMP_START', 50, 20), step: setting('BENCH_RAMP_STEP', 50, 20), stepSeconds: setting('BENCH_RAMP_SECONDS', 10, 5), maxSteps: setting('BENCH_RAMP_MAX', 40, 6) };
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WHICH = process.env.BENCH_DB ?? 'both';
const DB_NAME = 'helio_load_bench';
const RUN = randomBytes(3).toString('hex');
const log = (...a) => console.error(`[load ${new Date().toISOString().slice(11, 19)}]`, ...a);

/** The built server with the demo fleet (simulator on) or without it; resolves once it answers and, with the
 * simulator on a new database, once the demo history is backfilled. */
async function start(env, { simulator = true, dataDir = tempDir('helio-load-') } = {}) {
  const port = await freePort();
  const mqttPort = await freePort();
  const child = track(spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', HELIO_MQTT_PORT: String(mqttPort), HELIO_DATA_DIR: dataDir,
      HELIO_CAPTCHA: 'off', HELIO_SIMULATOR: simulator ? 'on' : 'off', HELIO_SIM_STATIONS: String(STATIONS),
      HELIO_ADMIN_PASSWORD: ADMIN_PASSWORD, HELIO_LOG_LEVEL: 'info', HELIO_LOGIN_IP_MAX_FAILURES: '100000',
      HELIO_MQTT_RATE: '100000', HELIO_MQTT_BURST: '100000', HELIO_MQTT_GROUP: `load${RUN}`, ...env,
    },
  }));
  let backfilled = !simulator;
  let out = '';
  child.stdout.on('data', (c) => {
    out = (out + c).slice(-4096);
    if (!backfilled && out.includes('"demo history backfilled"')) backfilled = true;
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) => child.once('exit', (c) => reject(new Error(`server exited with code ${c}`))));
  exited.catch(() => {});
  await Promise.race([waitFor(`${base}/api/helio/public-settings`, 180_000), exited]);
  const end = Date.now() + 30 * 60_000;
  if (!backfilled) log('waiting for the demo history backfill…');
  while (!backfilled && Date.now() < end) await new Promise((r) => setTimeout(r, 1000));
  if (!backfilled) throw new Error('the demo history backfill did not finish in 30 minutes');
  return {
    base, pid: child.pid, mqttPort, dataDir,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      // A server that has not exited 20 s after SIGTERM is killed (noted on stderr: a shutdown that hangs is a finding).
      const timer = setTimeout(() => {
        log(`server ${child.pid} still running 20 s after SIGTERM: SIGKILL`);
        child.kill('SIGKILL');
      }, 20_000);
      await new Promise((r) => child.once('exit', r));
      clearTimeout(timer);
    },
  };
}

/** A helper process of bench/load-aux.mjs; answers { base, pid, stop }. */
async function aux(args) {
  const child = track(spawn(process.execPath, [path.join(root, 'bench/load-aux.mjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] }));
  const port = await new Promise((resolve) => child.stdout.once('data', (b) => resolve(Number(String(b).trim()))));
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  } };
}

/** The users' run on `server`: warm-up, then USERS users every 2 s for SECONDS; CPU of Helio and PostgreSQL. */
async function usersRun(label, server, sessions, mix, usePg, during) {
  await openLoop(server.base, sessions, mix, userSchedule(Math.min(USERS, 20), quick ? 3 : 10)); // warm-up, unmeasured
  const cpu0 = cpuSeconds(server.pid);
  const pg0 = usePg ? pgCpuSeconds() : 0;
  const [samples] = await Promise.all([openLoop(server.base, sessions, mix, userSchedule(USERS, SECONDS)), during?.()]);
  const st = stats(samples);
  log(label, JSON.stringify(st));
  return {
    row: { run: label, users: USERS, seconds: SECONDS, requests: st.n, 'req/s': Math.round(st.n / SECONDS), p50: st.p50, p95: st.p95, p99: st.p99, max: st.max, errors: st.errors,
      'helio CPU s': Number((cpuSeconds(server.pid) - cpu0).toFixed(1)), 'pg CPU s': usePg ? Number((pgCpuSeconds() - pg0).toFixed(1)) : '' },
    st, calls: perCall(samples),
  };
}

const runs = [];
const callTables = [];
const ramps = [];
const goals = [];

// --- PostgreSQL: users with ingest, then the saturation ramps -------------------------------------------------------
if (WHICH !== 'pglite') {
  const dbUrl = await freshPgDatabase(PG_URL, DB_NAME);
  if (!dbUrl) {
    if (WHICH === 'postgres') throw new Error(`no PostgreSQL at ${PG_URL}`);
    log(`no PostgreSQL at ${PG_URL}: PGlite only`);
  } else {
    const started = [];
    try {
      const shared = { DATABASE_URL: dbUrl, ...(REDIS_URL ? { REDIS_URL, HELIO_REDIS_PREFIX: `load${RUN}:` } : {}), HELIO_JWT_SECRET: `load-bench-${RUN}-${'x'.repeat(32)}` };
      const dataDir = tempDir('helio-load-pg-');
      const a = await start({ ...shared, HELIO_MQTT_CLIENT_ID: `load${RUN}a` }, { dataDir });
      started.push(a);
      log('PostgreSQL server up; creating users');
      const { admin, sessions } = await createUsers(a.base, USERS);
      const mix = consoleMix(await fleetContext(a.base, admin));
      // Two sets of bench devices: one for the run at the ingest rate (the goal's run), one for the run at full speed.
      const prefixes = ['LD', 'LF'].map((p) => `${p}${RUN.slice(0, 4).toUpperCase()}`);
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      for (const [k, prefix] of prefixes.entries()) {
        await registerBenchDevices((t, p) => c.query(t, p), { devices: DEVICES, prefix, key: BENCH_KEY, firstId: 7300000000000000001n + BigInt(k * 1_000_000), plantId: `${7300000000000000000n + BigInt(k)}` });
      }
      await c.end();
      for (const [k, rate] of [INGEST_RATE, 0].entries()) {
        if (k === 1 && !INGEST_RATE) break; // the full-speed run was the first
        let sim;
        const ingest = () => runBenchSimulator(`mqtt://127.0.0.1:${a.mqttPort}`, { devices: DEVICES, seconds: SECONDS, prefix: prefixes[k], window: WINDOW, rate }).then((r) => (sim = r));
        const name = `PostgreSQL + ingest ${rate ? `at ${rate} msg/s` : 'at full speed'} (${DEVICES} devices)`;
        const r = await usersRun(name, a, sessions, mix, true, ingest);
        r.row['ingest msg/s'] = sim?.perSecond ?? '';
        runs.push(r.row);
        callTables.push([name, r.calls]);
        if (k === 0) goals.push([`PostgreSQL + ingest ${rate ? `at ${rate} msg/s` : 'at full speed'}: 0 errors, p95 ≤ 200 ms`, r.st.errors === 0 && r.st.p95 <= 200, `${r.st.errors} errors, p95 ${r.st.p95} ms`]);
      }

      if (!RAMPS) throw new SkipRamps();
      const rampRow = (name) => (row) => log(`${name}: ${JSON.stringify(row)}`);
      // The ceiling, in the same run: a bare node:http server, and Helio's /api/live (its hooks, no database).
      const hello = await aux(['hello']);
      started.push(hello);
      const hr = await ramp(hello.base, [{}], [['hello', 1, () => ({ path: '/' })]], { ...RAMP, onStep: rampRow('hello-world') });
      ramps.push(['ceiling: node:http fixed JSON', hr, hello.pid]);
      await hello.stop();
      // /api/live (issue 21's liveness route) when this build has it.
      if ((await fetch(`${a.base}/api/live`)).status === 200) {
        const lr = await ramp(a.base, [{}], [['/api/live', 1, () => ({ path: '/api/live' })]], { ...RAMP, onStep: rampRow('/api/live') });
        ramps.push(['Helio /api/live (hooks, no database)', lr]);
      } else log('no /api/live in this build: that ceiling is left out');
      const cpuA = cpuSeconds(a.pid);
      const one = await ramp(a.base, sessions, mix, { ...RAMP, onStep: rampRow('1 process') });
      ramps.push(['Helio mix, 1 process', one, `${(cpuSeconds(a.pid) - cpuA).toFixed(1)} CPU s`]);
      const b = await start({ ...shared, HELIO_MQTT_CLIENT_ID: `load${RUN}b` }, { dataDir, simulator: false });
      started.push(b);
      const c3 = await start({ ...shared, HELIO_MQTT_CLIENT_ID: `load${RUN}c` }, { dataDir, simulator: false });
      started.push(c3);
      const proxy = await aux(['proxy', ...[a, b, c3].map((s) => new URL(s.base).port)]);
      started.push(proxy);
      // Warm the two new processes (JIT, role and session caches) as the first one was warmed by the runs before.
      await openLoop(proxy.base, sessions, mix, userSchedule(Math.min(USERS, 20), quick ? 5 : 15, 500));
      const cpu3 = [a, b, c3].reduce((s, x) => s + cpuSeconds(x.pid), 0);
      const three = await ramp(proxy.base, sessions, mix, { ...RAMP, onStep: rampRow('3 processes') });
      ramps.push(['Helio mix, 3 processes + proxy', three, `${([a, b, c3].reduce((s, x) => s + cpuSeconds(x.pid), 0) - cpu3).toFixed(1)} CPU s`]);
    } catch (e) {
      if (!(e instanceof SkipRamps)) throw e;
    } finally {
      for (const s of started.reverse()) await s.stop();
      await dropPgDatabase(PG_URL, DB_NAME);
    }
  }
}

// --- PGlite: users (fresh data dir, demo fleet, no bench ingest) ----------------------------------------------------
if (WHICH !== 'postgres') {
  const s = await start({});
  try {
    log('PGlite server up; creating users');
    const { admin, sessions } = await createUsers(s.base, USERS);
    const mix = consoleMix(await fleetContext(s.base, admin));
    const r = await usersRun('PGlite (embedded default)', s, sessions, mix, false);
    runs.push(r.row);
    callTables.push(['PGlite', r.calls]);
    goals.push(['PGlite: 0 errors, p95 ≤ 500 ms', r.st.errors === 0 && r.st.p95 <= 500, `${r.st.errors} errors, p95 ${r.st.p95} ms`]);
  } finally {
    await s.stop();
  }
}

console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; load average ${loadavg()}; ${USERS} users each every 2 s for ${SECONDS} s (open loop), ` +
  `demo fleet ${STATIONS} stations; ingest ${DEVICES} bench devices window ${WINDOW}, at ${INGEST_RATE || 'full speed'} msg/s then full speed (PostgreSQL runs); ms\n`);
console.table(runs);
for (const [name, calls] of callTables) {
  console.log(`\nPer call, ${name}:`);
  console.table(calls);
}
for (const [name, r, note] of ramps) {
  console.log(`\nRamp, ${name}${note && typeof note === 'string' ? ` (${note})` : ''}: saturation ${r.saturation ?? `not reached (held ${r.held} req/s)`}`);
  console.table(r.steps.map(({ rate, achieved, p50, p95, p99, errors }) => ({ rate, achieved, p50, p95, p99, errors })));
  if (r.steps.at(-1)?.firstError) console.log(`  first error: ${r.steps.at(-1).firstError}`);
}
const sat = (name) => ramps.find((x) => x[0] === name)?.[1];
const fmt = (r) => (r ? (r.saturation ? `p95 > 1 s or errors at ${r.saturation} req/s (held ${r.held ?? '—'})` : `not reached, held ${r.held} req/s`) : '—');
console.log(`\nAgainst the goals (issue 21)${quick ? ' — QUICK MODE: a smoke test, not a verdict on the goals' : ''}:`);
for (const [goal, met, fig] of goals) console.log(`  ${met ? 'MET    ' : 'NOT MET'}  ${goal}: ${fig}`);
for (const name of ['Helio mix, 1 process', 'Helio mix, 3 processes + proxy', 'Helio /api/live (hooks, no database)', 'ceiling: node:http fixed JSON']) console.log(`  saturation  ${name}: ${fmt(sat(name))}`);

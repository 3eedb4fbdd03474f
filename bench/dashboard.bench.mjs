// Issue 13 benchmark: the home page's calls and the station list on the embedded database (PGlite) with the demo
// fleet of `npm start` (200 stations, ~500 devices, 90 days of history, the live simulator reporting), through HTTP
// as the console calls them (signed in as the platform administrator).
//   alone    each call by one client, one after the other (BENCH_N times): p50 / p95 / p99
//   20 each  20 clients calling only that call for BENCH_SECONDS: requests/s, p50 / p95
//   mixed    20 clients each looping over the whole home page + station list (what 20 open consoles do): p50 / p95 of
//            every call within the mix
// Beside them, in the same run, the same figures for a trivial signed-in route (`oauth/user-info`: token and session
// check, no query of its own) — the ceiling of this server, client and machine. Ratios to it travel between machines.
// Run: node bench/dashboard.bench.mjs   (builds the server if stale)
//   BENCH_DATA_DIR=/tmp/helio-dash (keep the prepared database between runs; the first run waits for the demo
//   history backfill, a few minutes), BENCH_DIST=dist (a build folder under apps/server, to compare builds),
//   BENCH_N=200, BENCH_SECONDS=10, BENCH_CLIENTS=20, BENCH_WARMUP=100 (unmeasured requests of each call first, and
//   5 s of the mix: see below), BENCH_SETTLE=35 (seconds for the live simulator's devices to come online),
//   HELIO_SIM_STATIONS=200 (the demo fleet's size).
//   Quick mode: a 20-station fleet, N=30, 1 s per loaded call, 20 warm-up requests, 5 s settle.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ADMIN_PASSWORD, closedLoop, ensureBuilt, freePort, loadavg, machine, quick, root, setting, signIn, tempDir, track, waitFor } from './lib.mjs';

const DIST = process.env.BENCH_DIST ?? 'dist';
if (DIST === 'dist') ensureBuilt();
const N = setting('BENCH_N', 200, 30);
const SECONDS = setting('BENCH_SECONDS', 10, 1);
const CLIENTS = setting('BENCH_CLIENTS', 20);
const WARMUP = setting('BENCH_WARMUP', 100, 20);
const SETTLE = setting('BENCH_SETTLE', 35, 5);
const STATIONS = setting('HELIO_SIM_STATIONS', 200, 20);
const dataDir = process.env.BENCH_DATA_DIR ?? tempDir('helio-dash-');
const READY = path.join(dataDir, '.bench-backfilled');

/** The server of `npm start` (simulator on) on `dataDir`; resolves once it answers and, on a new database, once the
 * demo history is backfilled. */
async function start() {
  const port = await freePort();
  const child = track(spawn(process.execPath, [path.join(root, 'apps/server', DIST, 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HELIO_MQTT_PORT: String(await freePort()),
      HELIO_DATA_DIR: dataDir,
      HELIO_CAPTCHA: 'off',
      HELIO_SIMULATOR: 'on',
      HELIO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      HELIO_LOG_LEVEL: 'info',
      HELIO_LOGIN_IP_MAX_FAILURES: '100000',
      HELIO_SIM_STATIONS: String(STATIONS),
    },
  }));
  let backfilled = fs.existsSync(READY);
  let out = '';
  child.stdout.on('data', (c) => {
    out = (out + c).slice(-4096);
    if (!backfilled && out.includes('"demo history backfilled"')) {
      backfilled = true;
      fs.writeFileSync(READY, new Date().toISOString());
    }
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/helio/public-settings`, 180_000);
  if (!backfilled) console.error('waiting for the demo history backfill (first run on this data dir)…');
  const end = Date.now() + 30 * 60_000;
  while (!backfilled && Date.now() < end) await new Promise((r) => setTimeout(r, 1000));
  if (!backfilled) throw new Error('the demo history backfill did not finish in 30 minutes');
  // The live simulator's devices come online over the first half-minute; measure in steady state.
  await new Promise((r) => setTimeout(r, SETTLE * 1000));
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const f = (x) => Number(x.toFixed(1));

async function alone(url, headers) {
  const ms = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const r = await fetch(url, { headers });
    const body = await r.json();
    ms.push(performance.now() - t);
    if (r.status !== 200 || body.code !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: f(pct(ms, 50)), p95: f(pct(ms, 95)), p99: f(pct(ms, 99)) };
}

async function loaded(url, headers) {
  const { lat, bad, firstBad } = await closedLoop(url, headers, SECONDS, CLIENTS);
  if (bad) throw new Error(`${url}: ${bad} failed (${firstBad})`);
  lat.sort((a, b) => a - b);
  return { rps: Math.round(lat.length / SECONDS), p50: f(pct(lat, 50)), p95: f(pct(lat, 95)) };
}

/** CLIENTS clients, each looping over every call in turn; latencies per call. */
async function mixed(urls, headers, seconds = SECONDS) {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const lat = new Map(urls.map((u) => [u, []]));
  const end = performance.now() + seconds * 1000;
  const get = (u) =>
    new Promise((resolve, reject) => {
      const t = performance.now();
      http.get(u, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${u}: ${res.statusCode}`));
          lat.get(u).push(performance.now() - t);
          resolve();
        });
      }).on('error', reject);
    });
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = c; performance.now() < end; i++) await get(urls[i % urls.length]);
  }));
  agent.destroy();
  return new Map([...lat].map(([u, l]) => {
    l.sort((a, b) => a - b);
    return [u, { n: l.length, p50: f(pct(l, 50)), p95: f(pct(l, 95)) }];
  }));
}

const server = await start();
const rows = [];
try {
  const headers = await signIn(server.base);
  const B = `${server.base}/api/skyworth-client`;
  const calls = [
    ['ceiling: oauth/user-info', `${server.base}/api/blade-auth/oauth/user-info`],
    ['home/inverterAndLoadSummary', `${B}/home/inverterAndLoadSummary`],
    ['home/plantStatusSummary', `${B}/home/plantStatusSummary`],
    ['home/inverterPerformance day', `${B}/home/inverterPerformance?dateType=day`],
    ['home/batteryPerformance day', `${B}/home/batteryPerformance?dateType=day`],
    ['home/inverterPerformance month', `${B}/home/inverterPerformance?dateType=month`],
    ['home/inverterPerformance year', `${B}/home/inverterPerformance?dateType=year`],
    ['plant/page (first 10)', `${B}/plant/page?current=1&size=10`],
    ['plant/page (networkStatus=0, 50)', `${B}/plant/page?current=1&size=50&networkStatus=0`],
    ['plant/page (name contains "1")', `${B}/plant/page?current=1&size=10&plantName=1`],
  ];
  // Warm-up: PGlite's WebAssembly starts in V8's baseline tier and is recompiled hot function by hot function, so a
  // freshly started server answers the first few hundred queries of each kind several times slower.
  for (const [, url] of calls) for (let i = 0; i < WARMUP; i++) await fetch(url, { headers }).then((r) => r.arrayBuffer());
  // The console's home page (four calls) and the station list's first page.
  const homeAndList = [calls[1][1], calls[2][1], calls[3][1], calls[4][1], calls[7][1]];
  await mixed(homeAndList, headers, quick ? 1 : 5);
  const mix = await mixed(homeAndList, headers);
  for (const [name, url] of calls) {
    const a = await alone(url, headers);
    const l = await loaded(url, headers);
    const m = mix.get(url);
    rows.push({
      call: name,
      'alone p50': a.p50,
      'alone p95': a.p95,
      'alone p99': a.p99,
      [`${CLIENTS} each req/s`]: l.rps,
      [`${CLIENTS} each p50`]: l.p50,
      [`${CLIENTS} each p95`]: l.p95,
      'mixed p50': m?.p50 ?? '',
      'mixed p95': m?.p95 ?? '',
    });
  }
} finally {
  await server.stop();
  if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; load average ${loadavg()}; build apps/server/${DIST}; ` +
  `PGlite, demo fleet (${STATIONS} stations), live simulator on; N=${N}, ${SECONDS} s per loaded call; ms\n`);
console.table(rows);

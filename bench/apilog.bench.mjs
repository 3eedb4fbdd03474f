// Issue 5 benchmark: what API-log writing costs an authenticated GET user/list under load (20 concurrent clients).
// Three servers run side by side on the same database engine — HELIO_API_LOG=off, =changes (the default: POST/PUT/
// PATCH/DELETE are logged) and =all (every request logged: the worst case) — and the load rotates between them in
// short windows (BENCH_WINDOWS rounds of BENCH_WINDOW_SECONDS each), so all three see the same machine. During each
// window one more client sends a stream of small POSTs (error-log uploads, ~150/s) to the same server, so `changes`
// really writes log rows while user/list is measured. On embedded PGlite and on PostgreSQL. Latencies are timed per
// request with performance.now() (autocannon's whole-millisecond p50 is too coarse to see 5 %).
// Run: npm run build && node bench/apilog.bench.mjs   (BENCH_WINDOWS=12 BENCH_WINDOW_SECONDS=3 BENCH_PG_URL=postgres://…)
import { createHash } from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { freshPgDatabase, machine, startServer } from './lib.mjs';

const md5 = (s) => createHash('md5').update(s).digest('hex');
const BASIC = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
const windows = Number(process.env.BENCH_WINDOWS ?? 12);
const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Closed-loop load: `connections` clients each sending the next request when the last one answered. */
async function measure(url, headers, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const lat = [];
  let bad = 0;
  let firstBad;
  const end = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          lat.push(performance.now() - t0);
          if (res.statusCode !== 200) {
            bad++;
            firstBad ??= `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`;
          }
          resolve();
        });
      });
      req.on('error', () => {
        bad++;
        resolve();
      });
    });
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) await one();
  }));
  agent.destroy();
  return { lat, bad, firstBad };
}

/** CPU seconds (user + system) the process has used so far (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

function stats(lat) {
  const s = Float64Array.from(lat).sort();
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { requests: s.length, p50: q(0.5), p97_5: q(0.975), p99: q(0.99), mean };
}

const fmt = (n) => Math.round(n * 100) / 100;
const rows = [];
// BENCH_MODES=off,off#2,off#3 runs an A/A check (identical servers) to show the harness's own spread.
const MODES = (process.env.BENCH_MODES ?? 'off,changes,all').split(',');
const apiLogOf = (mode) => mode.split('#')[0];
const variants = process.env.BENCH_SKIP_PGLITE ? [] : [['PGlite', () => ({})]];
if (await freshPgDatabase(pgAdminUrl, 'helio_bench_probe')) {
  variants.push(['PostgreSQL', async (mode) => ({ DATABASE_URL: await freshPgDatabase(pgAdminUrl, `helio_bench_apilog_${mode.replace('#', '_')}`) })]);
}

async function start(mode, port, envOf) {
  const server = await startServer({ ...(await envOf(mode)), HELIO_API_LOG: apiLogOf(mode), PORT: String(port), HELIO_MQTT_PORT: String(port + 700) });
  const tokenUrl = `${server.base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('Bench-Admin-2026')}&grant_type=password&scope=all`;
  const login = await (await fetch(tokenUrl, { method: 'POST', headers: { authorization: BASIC } })).json();
  if (!login.access_token) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
  const headers = { 'blade-auth': `bearer ${login.access_token}` };
  const total = async (uri) => (await (await fetch(`${server.base}/api/blade-log/api/list?size=1&requestUri=${uri}`, { headers })).json()).data.total;
  return { server, headers, url: `${server.base}/api/blade-system/user/list?current=1&size=10`, total };
}

/** A background stream of logged POSTs (one client, ~5 ms apart) until `until`. */
async function writes(s, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let n = 0;
  while (performance.now() < until) {
    await new Promise((resolve) => {
      const req = http.request(`${s.server.base}/api/blade-log/error/upload`, { method: 'POST', agent, headers: { ...s.headers, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', resolve);
      req.end('[]');
    });
    n++;
    await new Promise((r) => setTimeout(r, 5));
  }
  agent.destroy();
  return n;
}

for (const [dbName, envOf] of variants) {
  const servers = {};
  let port = 18090;
  for (const mode of MODES) servers[mode] = await start(mode, port++, envOf);
  try {
    const samples = Object.fromEntries(MODES.map((m) => [m, []]));
    const posted = Object.fromEntries(MODES.map((m) => [m, 0]));
    const cpu = Object.fromEntries(MODES.map((m) => [m, 0]));
    let bad = 0;
    let firstBad;
    for (const mode of MODES) await measure(servers[mode].url, servers[mode].headers, 3); // warm-up
    await new Promise((r) => setTimeout(r, 1000));
    const before = Object.fromEntries(await Promise.all(MODES.map(async (m) => [m, await servers[m].total('/api/blade-system/user/list')])));
    for (let w = 0; w < windows; w++) {
      // Rotate the order so no server always follows another's writer flush.
      for (let i = 0; i < MODES.length; i++) {
        const mode = MODES[(w + i) % MODES.length];
        const s = servers[mode];
        const until = performance.now() + windowSeconds * 1000;
        const c0 = cpuSeconds(s.server.pid);
        const [r, n] = await Promise.all([measure(s.url, s.headers, windowSeconds), writes(s, until)]);
        await new Promise((r2) => setTimeout(r2, 600)); // the writer's flush of this window counts for this server
        cpu[mode] += cpuSeconds(s.server.pid) - c0;
        samples[mode].push(...r.lat);
        posted[mode] += n;
        bad += r.bad;
        firstBad ??= r.firstBad;
      }
    }
    await new Promise((r) => setTimeout(r, 1500)); // let the writers drain
    const base = stats(samples[MODES[0]]);
    for (const mode of MODES) {
      const st = stats(samples[mode]);
      const listRows = (await servers[mode].total('/api/blade-system/user/list')) - before[mode];
      const postRows = await servers[mode].total('/api/blade-log/error/upload');
      rows.push({
        db: dbName,
        HELIO_API_LOG: mode,
        'list req/s': Math.round(st.requests / (windows * windowSeconds)),
        p50: fmt(st.p50),
        p97_5: fmt(st.p97_5),
        p99: fmt(st.p99),
        mean: fmt(st.mean),
        'p50 vs off': mode === MODES[0] ? '' : `${fmt(((st.p50 - base.p50) / base.p50) * 100)} %`,
        'server CPU µs/req': Math.round((cpu[mode] / (st.requests + posted[mode])) * 1e6),
        'log rows (list / POST)': `${listRows} / ${postRows}`,
        'POSTs sent': posted[mode],
      });
    }
    if (bad) console.log(`${dbName}: non-200 answers: ${bad} (first: ${firstBad})`);
  } finally {
    for (const mode of MODES) await servers[mode].server.stop();
  }
}
console.log(`machine: ${machine()}; ${windows} rounds × ${MODES.length} servers × ${windowSeconds} s windows; ${connections} connections + 1 POST stream; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.table(rows);

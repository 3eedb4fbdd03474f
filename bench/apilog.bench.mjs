// Issue 5 benchmark: what API-log writing costs an authenticated GET user/list under load (20 concurrent clients).
// ONE server per database engine; the load runs in short windows (BENCH_WINDOWS rounds of BENCH_WINDOW_SECONDS each)
// and before each window the API log is switched at run time through the platform parameter `log.api.mode`:
// `off`, `changes` (the default: POST/PUT/PATCH/DELETE are logged), `all` (every request logged: the worst case) and
// `off#2` — a second `off` as an A/A control; the baseline pools both `off`s, and each one's figure against the pool
// shows the harness's own spread. The same process, heap and
// connection pool serve every mode, so what differs between modes is the logging alone (separate servers per mode
// differed by up to ±10 % from instance to instance). During each window one more client sends a stream of small
// POSTs (error-log uploads, ~150/s), so `changes` really writes log rows while user/list is measured. On embedded
// PGlite and on PostgreSQL. Latencies are timed per request with performance.now().
// Run: node bench/apilog.bench.mjs   (builds the server if stale; quick mode: 2 rounds of 1 s windows, 1 s warm-ups)
//   (BENCH_WINDOWS=12 BENCH_WINDOW_SECONDS=3 BENCH_MODES=off,changes,all,off#2 BENCH_SKIP_PGLITE=1 BENCH_PG_URL=postgres://…
//    BENCH_POST_STREAM=0 drops the POST stream; BENCH_SERVER_CPUS=1 with `taskset -c 0 node bench/…` gives the server a
//    core of its own, away from the load generator, which lowers the noise on a 2-core machine)
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { closedLoop, cpuSeconds, dropPgDatabase, ensureBuilt, freshPgDatabase, machine, quick, setting, signIn, startServer } from './lib.mjs';

ensureBuilt();
const windows = setting('BENCH_WINDOWS', 12, 2);
const windowSeconds = setting('BENCH_WINDOW_SECONDS', 3, 1);
const connections = setting('BENCH_CONNECTIONS', 20);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function stats(lat) {
  const s = Float64Array.from(lat).sort();
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { requests: s.length, p50: q(0.5), p97_5: q(0.975), p99: q(0.99), mean };
}

let seed = 20261121;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const shuffled = (list) => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};
const fmt = (n) => Math.round(n * 100) / 100;
const rows = [];
// BENCH_MODES=off,off#2,off#3 runs an A/A check (identical servers) to show the harness's own spread.
const MODES = (process.env.BENCH_MODES ?? 'off,changes,all,off#2').split(',');
const apiLogOf = (mode) => mode.split('#')[0];
const variants = process.env.BENCH_SKIP_PGLITE ? [] : [['PGlite', {}]];
const pgDb = await freshPgDatabase(pgAdminUrl, 'helio_bench_apilog');
if (pgDb) variants.push(['PostgreSQL', { DATABASE_URL: pgDb }]);

async function start(env) {
  const server = await startServer({ ...env, HELIO_API_LOG: 'changes' });
  const headers = await signIn(server.base);
  const logRows = async () => (await (await fetch(`${server.base}/api/blade-log/api/list?size=1`, { headers })).json()).data.total;
  let paramId;
  /** Switches the API log through the `log.api.mode` parameter (effective from the next request). */
  const setMode = async (mode) => {
    const body = { ...(paramId ? { id: paramId } : {}), paramName: 'API log mode', paramKey: 'log.api.mode', paramValue: mode };
    const res = await (await fetch(`${server.base}/api/blade-system/param/submit`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    if (!res.success) throw new Error(`setting log.api.mode failed: ${JSON.stringify(res)}`);
    paramId ??= res.data?.id ?? (await (await fetch(`${server.base}/api/blade-system/param/list?paramKey=log.api.mode`, { headers })).json()).data.records[0].id;
  };
  return { server, headers, setMode, logRows, url: `${server.base}/api/blade-system/user/list?current=1&size=10` };
}

/** A background stream of logged POSTs (one client, ~5 ms apart) until `until`. */
async function writes(s, until) {
  if (process.env.BENCH_POST_STREAM === '0') return 0;
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

for (const [dbName, env] of variants) {
  const s = await start(env);
  try {
    const samples = Object.fromEntries(MODES.map((m) => [m, []]));
    const posted = Object.fromEntries(MODES.map((m) => [m, 0]));
    const rowsLogged = Object.fromEntries(MODES.map((m) => [m, 0]));
    const cpu = Object.fromEntries(MODES.map((m) => [m, 0]));
    let bad = 0;
    let firstBad;
    for (const mode of MODES) {
      await s.setMode(apiLogOf(mode));
      await closedLoop(s.url, s.headers, quick ? 1 : 3, connections); // warm-up
    }
    await new Promise((r) => setTimeout(r, 1000));
    for (let w = 0; w < windows; w++) {
      // A fresh (seeded) order each round, so no mode always follows the same other mode (a rotation keeps `off#2`
      // behind `all`, whose 2,000 inserts a second leave the database work to catch up on).
      for (const mode of shuffled(MODES)) {
        await s.setMode(apiLogOf(mode));
        const rows0 = await s.logRows();
        const until = performance.now() + windowSeconds * 1000;
        const c0 = cpuSeconds(s.server.pid);
        const [r, n] = await Promise.all([closedLoop(s.url, s.headers, windowSeconds, connections), writes(s, until)]);
        await new Promise((r2) => setTimeout(r2, 700)); // the writer's flush of this window counts for this mode
        cpu[mode] += cpuSeconds(s.server.pid) - c0;
        rowsLogged[mode] += (await s.logRows()) - rows0;
        samples[mode].push(...r.lat);
        posted[mode] += n;
        bad += r.bad;
        firstBad ??= r.firstBad;
      }
    }
    // The baseline pools every `off` window (off and its A/A twins): two identical baselines halve its noise, and
    // each `off` row's own figure against the pool shows the harness's spread.
    const base = stats(MODES.filter((m) => apiLogOf(m) === 'off').flatMap((m) => samples[m]));
    for (const mode of MODES) {
      const st = stats(samples[mode]);
      rows.push({
        db: dbName,
        'log.api.mode': mode,
        'list req/s': Math.round(st.requests / (windows * windowSeconds)),
        p50: fmt(st.p50),
        p97_5: fmt(st.p97_5),
        p99: fmt(st.p99),
        'p50 vs all off': `${fmt(((st.p50 - base.p50) / base.p50) * 100)} %`,
        'server CPU µs/req': Math.round((cpu[mode] / (st.requests + posted[mode])) * 1e6),
        'log rows written': rowsLogged[mode],
        'POSTs sent': posted[mode],
      });
    }
    if (bad) console.log(`${dbName}: non-200 answers: ${bad} (first: ${firstBad})`);
  } finally {
    await s.server.stop();
  }
}
if (pgDb) await dropPgDatabase(pgAdminUrl, 'helio_bench_apilog');
console.log(`${quick ? 'QUICK MODE; ' : ''}machine: ${machine()}; one server, ${windows} rounds × ${MODES.length} modes × ${windowSeconds} s windows; ${connections} connections + 1 POST stream; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.table(rows);

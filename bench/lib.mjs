// Helpers for benchmarks: start the built server on a temp data dir, run autocannon, print a table row.
import { execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';

export const md5 = (s) => createHash('md5').update(s).digest('hex');
/** The web client's credentials (the seeded `helio` client) for the token endpoint. */
export const WEB_BASIC = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
/** The platform administrator's password of every server `startServer` starts. */
export const ADMIN_PASSWORD = 'Bench-Admin-2026';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Quick mode (`--quick` or BENCH_QUICK=1; `npm run bench -- --quick` sets it for every bench): small data and short
 * runs, each bench in about a minute — a smoke test of the harness, not figures to compare with full runs.
 */
export const quick = process.argv.includes('--quick') || ['1', 'true', 'yes'].includes(String(process.env.BENCH_QUICK ?? '').toLowerCase());

/** A numeric setting: the environment variable `name` if set, else `quickValue` in quick mode, else `full`. */
export function setting(name, full, quickValue = full) {
  const v = process.env[name];
  if (v !== undefined && v !== '') {
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`${name}=${v}: not a number`);
    return n;
  }
  return quick ? quickValue : full;
}

// --- clean-up: servers and temp dirs of this process go when it exits, however it exits -------------------------
const children = new Set();
const tempDirs = new Set();
/** Kills `child` (and forgets it) when this process exits; answers the child. */
export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
/** A new temp dir under the OS temp dir, removed when this process exits (or earlier by the caller). */
export function tempDir(prefix = 'helio-bench-') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}
/** Also removes `p` (a file or dir made by the bench) when this process exits. */
export function removeOnExit(p) {
  tempDirs.add(p);
  return p;
}
process.once('exit', () => {
  for (const c of children) {
    try {
      c.kill('SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) process.once(signal, () => process.exit(code));

// --- the build the benches run -------------------------------------------------------------------------------------
function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}
const mtime = (f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0);

/**
 * Builds the server (apps/server/dist) and the embedded database's template when missing or older than their
 * sources — what `npm start` builds, without the web app, which no bench uses. Holds the build lock of
 * scripts/lib.mjs (e2e servers and `npm start` build with it too). BENCH_SKIP_BUILD=1 skips it (run-all.mjs builds
 * once, then runs every bench on that build).
 */
export function ensureBuilt() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const server = path.join(root, 'apps/server');
  const src = Math.max(newest(path.join(root, 'packages/contracts/src')), newest(path.join(server, 'src')));
  const targets = [
    { name: 'server', out: path.join(server, 'dist/main.js'), src, command: 'npm run build -w apps/server' },
    { name: 'database template', out: path.join(server, 'dist/pglite-template/helio-template.json'), src: Math.max(src, newest(path.join(server, 'drizzle'))), command: 'node apps/server/build-template.mjs' },
  ].filter((t) => mtime(t.out) < t.src);
  if (!targets.length) return;
  const lock = path.join(root, 'node_modules', '.helio-build.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (Date.now() - fs.statSync(lock).mtimeMs > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another build');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    for (const t of targets) {
      if (mtime(t.out) >= t.src) continue; // built by whoever held the lock
      console.error(`bench: building the ${t.name} (missing or older than its sources)…`);
      execSync(t.command, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts apps/server/dist/main.js (build it first: npm run build) on a free port and a free MQTT port; `dist` names
 * another build folder under apps/server (e.g. a copy of an earlier build, to compare two builds).
 */
export async function startServer(env = {}, { dist = 'dist' } = {}) {
  const dataDir = env.HELIO_DATA_DIR ?? tempDir('helio-bench-');
  const port = env.PORT ?? String(await freePort());
  // BENCH_SERVER_CPUS (e.g. `1`) pins the server to those CPUs (Linux taskset), away from the load generator.
  const cpus = process.env.BENCH_SERVER_CPUS;
  const argv = [process.execPath, path.join(root, 'apps/server', dist, 'main.js')];
  const child = track(spawn(cpus ? 'taskset' : argv[0], cpus ? ['-c', cpus, ...argv] : argv.slice(1), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: port,
      HELIO_DATA_DIR: dataDir,
      HELIO_CAPTCHA: 'off',
      HELIO_SIMULATOR: 'off',
      HELIO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      HELIO_LOG_LEVEL: 'warn',
      HELIO_LOGIN_IP_MAX_FAILURES: '100000',
      HELIO_MQTT_PORT: String(await freePort()),
      ...env,
    },
  }));
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) => child.once('exit', (c) => reject(new Error(`server exited with code ${c}`))));
  await Promise.race([waitFor(`${base}/api/helio/public-settings`, 120_000), exited]);
  return {
    base,
    dataDir,
    pid: child.pid,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 20, duration: 10, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

export function summary(name, r) {
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** The machine's load average (1, 5, 15 min): other work on the machine while measuring. */
export const loadavg = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/**
 * A new, empty PostgreSQL database `name` (dropped first if it exists) on the server of `adminUrl`; its URL.
 * Answers undefined when no PostgreSQL answers there (a benchmark then runs on PGlite only).
 */
export async function freshPgDatabase(adminUrl, name) {
  const c = new pg.Client({ connectionString: adminUrl });
  try {
    await c.connect();
  } catch {
    return undefined;
  }
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops database `name` on the server of `adminUrl` (nothing when no PostgreSQL answers there). BENCH_KEEP_DB=1 keeps it. */
export async function dropPgDatabase(adminUrl, name) {
  if (process.env.BENCH_KEEP_DB === '1') return;
  const c = new pg.Client({ connectionString: adminUrl });
  try {
    await c.connect();
  } catch {
    return;
  }
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** The password-grant URL of a sign-in (send it as a POST with `WEB_BASIC`); the platform administrator by default. */
export function tokenUrl(base, { tenantId = '000000', account = 'admin', password = ADMIN_PASSWORD } = {}) {
  return `${base}/api/blade-auth/oauth/token?tenantId=${tenantId}&username=${account}&password=${md5(password)}&grant_type=password&scope=all`;
}

/** Signs in (the platform administrator by default) and answers the `Blade-Auth` header of the new session. */
export async function signIn(base, who = {}) {
  const r = await fetch(tokenUrl(base, who), { method: 'POST', headers: { authorization: WEB_BASIC, 'tenant-id': who.tenantId ?? '000000' } });
  const j = await r.json();
  if (!j.access_token) throw new Error(`sign-in failed: ${JSON.stringify(j)}`);
  return { 'blade-auth': `bearer ${j.access_token}` };
}

/** CPU seconds (user + system) a process and its threads have used so far (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Closed-loop load: `connections` clients each send the next GET when the last one answered, for `seconds`; every
 * latency timed with performance.now() (autocannon's whole milliseconds are too coarse for a few per cent).
 */
export async function closedLoop(url, headers, seconds, connections = 20) {
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

/** The p-th percentile (nearest rank below) of a list of milliseconds, to 0.1 ms. */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1)) : NaN;
}

/** Runs `fn(i)` n times one after another; answers the p50 and p95 of their durations (ms). */
export async function timedRuns(n, fn) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}


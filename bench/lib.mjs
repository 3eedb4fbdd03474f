// Helpers for benchmarks: start the built server on a temp data dir, run autocannon, print a table row.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  const dataDir = env.HELIO_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-'));
  const port = env.PORT ?? String(await freePort());
  // BENCH_SERVER_CPUS (e.g. `1`) pins the server to those CPUs (Linux taskset), away from the load generator.
  const cpus = process.env.BENCH_SERVER_CPUS;
  const argv = [process.execPath, path.join(root, 'apps/server', dist, 'main.js')];
  const child = spawn(cpus ? 'taskset' : argv[0], cpus ? ['-c', cpus, ...argv] : argv.slice(1), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: port,
      HELIO_DATA_DIR: dataDir,
      HELIO_CAPTCHA: 'off',
      HELIO_SIMULATOR: 'off',
      HELIO_ADMIN_PASSWORD: 'Bench-Admin-2026',
      HELIO_LOG_LEVEL: 'warn',
      HELIO_LOGIN_IP_MAX_FAILURES: '100000',
      HELIO_MQTT_PORT: String(await freePort()),
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) => child.once('exit', (c) => reject(new Error(`server exited with code ${c}`))));
  await Promise.race([waitFor(`${base}/api/helio/public-settings`, 120_000), exited]);
  return {
    base,
    dataDir,
    pid: child.pid,
    stop: async ({ keepData = false } = {}) => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
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

// Issue 13 benchmark: how long `npm start` takes to a usable console, on a first start (empty data dir) and on a
// restart (same data dir), with the embedded defaults of `npm start` (PGlite, embedded MQTT broker, demo fleet on;
// only the captcha is off so that the sign-in can be scripted). For each start, from the spawn of the server process:
//   settings  first 200 of GET /api/helio/public-settings (the login page's first call)
//   banner    the "Helio is running" lines on stdout (with the generated administrator password on a first start)
//   sign-in   first successful password sign-in of the administrator (the password read from the banner)
//   dashboard first 200 of the home page's four calls after that sign-in (a drawn dashboard)
//   demo orders  (first start with the demo) the demo installer orders' accounts printed: seeded after the banner
// Beside it, in the same run, two floors of this machine: a Node process that loads Fastify and answers a route
// (`node+fastify`), and one that also opens an existing PGlite data dir and answers a query from it (`+pglite open`).
// Ratios to the floors travel between machines better than the absolute figures.
// Run: node bench/startup.bench.mjs   (builds the server and the database template if stale, as `npm start` does)
//   BENCH_RUNS=3 (starts of each kind; the median is reported; quick mode 1), BENCH_DIST=dist (a build folder under apps/server,
//   e.g. a copy of an earlier build to compare), BENCH_SIMULATOR=off (without the demo fleet),
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (also first start and restart on PostgreSQL),
//   BENCH_NODE_FLAGS (more flags for the server's node, as scripts/start.mjs passes them).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { dropPgDatabase, ensureBuilt, freePort, freshPgDatabase, loadavg, machine, md5, quick, removeOnExit, root, setting, tempDir, track, WEB_BASIC } from './lib.mjs';

const RUNS = setting('BENCH_RUNS', 3, 1);
const DIST = process.env.BENCH_DIST ?? 'dist';
if (DIST === 'dist') ensureBuilt();
const SIMULATOR = process.env.BENCH_SIMULATOR ?? 'on';
const PG_URL = process.env.BENCH_PG_URL;
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const main = path.join(root, 'apps/server', DIST, 'main.js');
if (!fs.existsSync(main)) throw new Error(`${main} not found: npm run build first`);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ok(url, init) {
  try {
    const r = await fetch(url, init);
    const body = await r.text();
    return r.status === 200 ? body : undefined;
  } catch {
    return undefined;
  }
}

/** Polls `probe` every 20 ms until it answers something truthy; the time (ms since t0) it first did. */
async function until(t0, probe, deadline) {
  for (;;) {
    const v = await probe();
    if (v) return { at: performance.now() - t0, value: v };
    if (performance.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

/** One start of the server on `dataDir`; resolves with its timeline, the server still running (call stop()). */
async function start(dataDir, { password, env = {} } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = track(spawn(process.execPath, ['--enable-source-maps', ...NODE_FLAGS, main], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HELIO_MQTT_PORT: String(await freePort()),
      HELIO_DATA_DIR: dataDir,
      HELIO_CAPTCHA: 'off',
      HELIO_SIMULATOR: SIMULATOR,
      HELIO_LOG_LEVEL: 'warn',
      ...env,
    },
  }));
  let out = '';
  let banner;
  let orders;
  let exited = false;
  child.on('exit', () => (exited = true));
  child.stdout.on('data', (c) => {
    out += c;
    if (banner === undefined && out.includes('Helio is running')) banner = performance.now() - t0;
    if (orders === undefined && out.includes('installer orders seeded')) orders = performance.now() - t0;
  });
  const deadline = t0 + 180_000;
  const alive = () => {
    if (exited) throw new Error(`server exited:\n${out}`);
  };
  const settings = await until(t0, async () => (alive(), ok(`${base}/api/helio/public-settings`)), deadline);
  // The password: given, or the one the first start prints once.
  const pw = password ?? (await until(t0, async () => (alive(), /password (\S+)\n/.exec(out)?.[1]), deadline)).value;
  const tokenUrl = `${base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5(pw)}&grant_type=password&scope=all`;
  const signIn = await until(t0, async () => {
    alive();
    const body = await ok(tokenUrl, { method: 'POST', headers: { authorization: WEB_BASIC, 'tenant-id': '000000' } });
    return body && JSON.parse(body).access_token;
  }, deadline);
  const headers = { 'blade-auth': `bearer ${signIn.value}` };
  const B = `${base}/api/skyworth-client/home`;
  const dash = await until(t0, async () => {
    const all = await Promise.all(['inverterAndLoadSummary', 'plantStatusSummary', 'inverterPerformance?dateType=day', 'batteryPerformance?dateType=day']
      .map((p) => ok(`${B}/${p}`, { headers })));
    return all.every(Boolean);
  }, deadline);
  await until(t0, async () => banner !== undefined, deadline);
  // A first start with the demo seeds its installer orders after the banner and prints their accounts when done.
  if (!password && SIMULATOR === 'on' && !env.DATABASE_URL) await until(t0, async () => (alive(), orders !== undefined), deadline);
  return {
    timeline: { settings: settings.at, banner, signIn: signIn.at, dashboard: dash.at, orders },
    password: pw,
    ready: /ready in (\d+) ms/.exec(out)?.[1],
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Floors: a Node process with Fastify; the same also opening an existing PGlite data dir (`pgDir`). */
async function floor(pgDir) {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    ${pgDir ? `import { PGlite } from '@electric-sql/pglite'; const pg = await PGlite.create({ dataDir: ${JSON.stringify(pgDir)} });` : ''}
    const app = Fastify();
    app.get('/', async () => (${pgDir ? `(await pg.query('SELECT count(*) FROM blade_user')).rows` : `'ok'`}));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  // In apps/server, so that it resolves the server's own fastify and PGlite.
  const file = removeOnExit(path.join(root, 'apps/server', `.startup-floor-${process.pid}.mjs`));
  fs.writeFileSync(file, code);
  const t0 = performance.now();
  const child = track(spawn(process.execPath, [file], { cwd: path.join(root, 'apps/server'), stdio: 'ignore' }));
  try {
    return (await until(t0, () => ok(`http://127.0.0.1:${port}/`), t0 + 120_000)).at;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(file, { force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};
const secs = (ms) => (ms === undefined ? '' : (ms / 1000).toFixed(2));

const results = { first: [], restart: [], pgFirst: [], pgRestart: [], floorNode: [], floorPglite: [] };
const dirs = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const dir = tempDir('helio-startup-');
    dirs.push(dir, removeOnExit(`${dir}-pg`));
    const a = await start(dir);
    results.first.push({ ...a.timeline, ready: a.ready });
    await sleep(3000); // the first start's background work (backfill) runs for a while; stop it mid-way, as a user might
    await a.stop();
    const b = await start(dir, { password: a.password });
    results.restart.push({ ...b.timeline, ready: b.ready });
    await b.stop();
    results.floorNode.push(await floor());
    results.floorPglite.push(await floor(path.join(dir, 'pglite')));
    if (PG_URL) {
      const url = await freshPgDatabase(PG_URL, 'helio_startup_bench');
      if (!url) throw new Error(`no PostgreSQL at ${PG_URL}`);
      const c = await start(dir + '-pg', { env: { DATABASE_URL: url } });
      results.pgFirst.push({ ...c.timeline, ready: c.ready });
      await sleep(3000);
      await c.stop();
      const d = await start(dir + '-pg', { password: c.password, env: { DATABASE_URL: url } });
      results.pgRestart.push({ ...d.timeline, ready: d.ready });
      await d.stop();
      await dropPgDatabase(PG_URL, 'helio_startup_bench');
    }
    console.error(`run ${i + 1}/${RUNS}: first ${secs(results.first.at(-1).signIn)} s, restart ${secs(results.restart.at(-1).signIn)} s to sign-in`);
  }
} finally {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}

const fNode = median(results.floorNode);
const fPg = median(results.floorPglite);
const row = (name, list) => {
  if (!list.length) return undefined;
  const m = (k) => median(list.map((x) => x[k]).filter((x) => x !== undefined));
  return {
    start: name,
    'settings 200 (s)': secs(m('settings')),
    'banner (s)': secs(m('banner')),
    'sign-in (s)': secs(m('signIn')),
    'dashboard (s)': secs(m('dashboard')),
    'demo orders (s)': m('orders') === undefined || Number.isNaN(m('orders')) ? '' : secs(m('orders')),
    'sign-in / node+fastify': (m('signIn') / fNode).toFixed(1),
    'sign-in / +pglite open': (m('signIn') / fPg).toFixed(1),
    'server "ready in" (ms)': m('ready') ?? '',
  };
};
console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; load average ${loadavg()}; build apps/server/${DIST}; ` +
  `simulator ${SIMULATOR}; median of ${RUNS}${NODE_FLAGS.length ? `; node ${NODE_FLAGS.join(' ')}` : ''}\n`);
console.log(`floors: node+fastify ${secs(fNode)} s, node+fastify+pglite open ${secs(fPg)} s`);
console.table([
  row('first start (PGlite)', results.first),
  row('restart (PGlite)', results.restart),
  row('first start (PostgreSQL)', results.pgFirst),
  row('restart (PostgreSQL)', results.pgRestart),
].filter(Boolean));

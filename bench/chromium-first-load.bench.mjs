// Issue 13 benchmark: the first load of the console in headless Chromium, Helio against the stock Saber, on loopback.
// For each app, profile and run, in a fresh browser context (empty cache):
//   login      navigation → the sign-in form interactive (account and password fields and the submit button
//              rendered and enabled); bytes = everything the login page transfers until the network is quiet
//   dashboard  click on the submit button → the dashboard drawn (Helio: home figures answered and the performance
//              chart painted; Saber: its /wel/index page with the menu from the server in the sidebar); bytes =
//              everything transferred from the click until the network is quiet
// Bytes are the encoded (on-the-wire) sizes Chromium reports (CDP Network.loadingFinished encodedDataLength: body as
// sent, compressed where the server compressed it, plus headers). Profiles: no throttling, and Chrome DevTools'
// "Fast 3G" preset through CDP Network.emulateNetworkConditions (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up:
// the 150 ms / 1.6 Mbit/s / 750 kbit/s profile with DevTools' own adjustments). Every request that does not go to
// 127.0.0.1 fails (the browser resolves no other host name; Saber's page asks a public CDN for two icon fonts, and its
// home page for badge images): they are counted and reported, never fetched.
//
// Helio: the built server (apps/server/dist, web app apps/web/dist; built when stale), started on a free loopback port
// with what `npm start` runs (PGlite, the demo fleet; captcha off so that the form can be scripted); measured once the
// first start's background work is done (sign-in and the home calls each answer within 2 s, three rounds in a row).
// Saber: SABER_DIST = the `dist/` of a stock Saber
// build (its published source built outside this repository: BENCHMARKS.md says how), served by a small static server
// here that answers as a production nginx would (gzip where the build has a .gz file; other text gzipped on the fly;
// /api proxied to the same Helio); the SM2 public key baked into the build is swapped for this Helio's on the fly
// (same length). SABER_DIST may instead be the URL of a running Saber (its own /api proxy and backend; signs in with
// SABER_ACCOUNT / SABER_PASSWORD). Without SABER_DIST, Saber is skipped (and said so).
// Run: node bench/chromium-first-load.bench.mjs (BENCH_LIST=1 also lists every resource with its bytes)
//   BENCH_RUNS=5 (runs of each app and profile, interleaved; the median is reported; quick mode 1),
//   SABER_DIST=/path/to/saber/dist | http://127.0.0.1:2889, CHROMIUM_PATH=/usr/bin/chromium,
//   BENCH_PROFILES=none,fast3g, BENCH_SETTLE_S=900 (how long Helio may take to settle)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright';
import { ADMIN_PASSWORD, cpuSeconds, loadavg, machine, quick, root, setting, startServer, tokenUrl, WEB_BASIC } from './lib.mjs';
import { buildIfStale } from '../scripts/lib.mjs';
import { serveSaber } from './saber-serve.mjs';

const RUNS = setting('BENCH_RUNS', 5, 1);
const SABER_DIST = process.env.SABER_DIST ?? '';
const PROFILES = (process.env.BENCH_PROFILES ?? 'none,fast3g').split(',').filter(Boolean);
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1000 * 1000 / 8) * 0.9, uploadThroughput: (750 * 1000 / 8) * 0.9 };
const NO_THROTTLING = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --- Helio --------------------------------------------------------------------------------------------------------
if (process.env.BENCH_SKIP_BUILD !== '1' || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) buildIfStale();
const helio = await startServer({ HELIO_SIMULATOR: 'on' });
/**
 * Waits until the server is usable and settled: three rounds in a row in which an API sign-in and the home page's
 * four calls each answer within 2 s and the server process used under 20 % of a core since the round before (a
 * first start backfills the demo history in the background, a couple of minutes of one busy core during which every
 * answer, the static files included, waits for it), at most BENCH_SETTLE_S seconds (default 900).
 */
async function settled(base) {
  const end = Date.now() + setting('BENCH_SETTLE_S', 900) * 1000;
  const within = async (url, init) => {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), 2000);
    try {
      const r = await fetch(url, { ...init, signal: ac.signal });
      return r.ok ? await r.json() : undefined;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
  let good = 0;
  let cpu = cpuSeconds(helio.pid);
  let at = Date.now();
  while (good < 3) {
    if (Date.now() > end) throw new Error('Helio did not settle (sign-in and home calls within 2 s) in time');
    const token = (await within(tokenUrl(base), { method: 'POST', headers: { authorization: WEB_BASIC, 'tenant-id': '000000' } }))?.access_token;
    const home = token
      ? await Promise.all(['inverterAndLoadSummary', 'plantStatusSummary', 'inverterPerformance?dateType=day', 'batteryPerformance?dateType=day']
        .map((p) => within(`${base}/api/skyworth-client/home/${p}`, { headers: { 'blade-auth': `bearer ${token}` } })))
      : [];
    const [cpuNow, atNow] = [cpuSeconds(helio.pid), Date.now()];
    const quiet = (cpuNow - cpu) / ((atNow - at) / 1000) < 0.2;
    [cpu, at] = [cpuNow, atNow];
    good = token && home.every(Boolean) && quiet ? good + 1 : 0;
    await sleep(good ? 1000 : 5000);
  }
}
const settleStart = Date.now();
await settled(helio.base);
console.error(`Helio up at ${helio.base}; usable and settled ${((Date.now() - settleStart) / 1000).toFixed(0)} s after it first answered`);
const loadBefore = loadavg();

// --- Saber: a static server for its dist, as nginx would serve it, /api proxied to Helio (saber-serve.mjs) --------
let saber;
let saberNote = '';
if (!SABER_DIST) {
  saberNote = 'Saber skipped: set SABER_DIST to the dist/ of a stock Saber build (see BENCHMARKS.md) or to the URL of a running one.';
} else if (/^https?:\/\//.test(SABER_DIST)) {
  saber = { base: SABER_DIST.replace(/\/$/, ''), close: async () => {} };
  saberNote = `Saber at ${saber.base} (its own backend)`;
} else {
  const dist = path.resolve(SABER_DIST);
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`SABER_DIST=${SABER_DIST}: no index.html there`);
  saber = await serveSaber(dist, helio.base);
  saberNote = `Saber from ${dist}, served here (gzip), /api proxied to this Helio`;
}

// --- the browser --------------------------------------------------------------------------------------------------
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  // No host name but the loopback one resolves: nothing leaves the machine.
  args: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost', '--no-proxy-server', '--disable-background-networking'],
});

const APPS = {
  helio: {
    url: () => `${helio.base}/login`,
    account: 'admin',
    password: ADMIN_PASSWORD,
    form: (page) => ({
      account: page.getByLabel(/^(账号|Account)$/),
      password: page.getByLabel(/^(密码|Password)$/, { exact: true }),
      submit: page.getByRole('button', { name: /登\s*录|Sign in/ }),
    }),
    async drawn(page) {
      const home = page.getByTestId('home-dashboard');
      await home.getByTestId('home-today-generation').locator('.ant-statistic-content-value').filter({ hasText: /\d/ }).waitFor({ timeout: 120_000 });
      // The performance chart painted: its SVG (light-chart.tsx) holds bars or lines (an ECharts canvas: pixels).
      await page.waitForFunction(() => {
        const doc = globalThis.document;
        if (doc.querySelector('[data-testid="home-dashboard"] svg [data-mark]')) return true;
        const c = doc.querySelector('[data-testid="home-dashboard"] canvas');
        const ctx = c?.getContext('2d');
        if (!c || !ctx || !c.width) return false;
        const { data } = ctx.getImageData(0, 0, c.width, c.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 16) if (data[i] > 0) painted++;
        return painted > 500;
      }, undefined, { timeout: 120_000, polling: 50 });
    },
  },
  saber: {
    url: () => `${saber.base}/login`,
    account: process.env.SABER_ACCOUNT ?? 'admin',
    password: process.env.SABER_PASSWORD ?? ADMIN_PASSWORD,
    form: (page) => ({
      account: page.locator('.login-form input').nth(1),
      password: page.locator('.login-form input[type="password"]'),
      submit: page.locator('.login-form .login-submit'),
    }),
    async drawn(page) {
      await page.waitForURL(/\/wel\/index$/, { timeout: 120_000 });
      await page.getByText('欢迎使用Saber').waitFor({ timeout: 120_000 });
      await page.locator('.avue-menu .el-menu-item, .avue-menu .el-sub-menu').first().waitFor({ timeout: 120_000 });
    },
  },
};

/** One first load: fresh context, the profile applied, login then dashboard; answers the figures. */
async function measure(appName, profile) {
  const app = APPS[appName];
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', profile === 'fast3g' ? FAST_3G : NO_THROTTLING);
  const inflight = new Set();
  let lastActivity = performance.now();
  const bytes = { total: 0, requests: 0, blocked: 0, api: 0, list: [] };
  const isApi = new Map(); // requestId → an XHR/fetch (an API answer), not a page resource
  const urls = new Map(); // requestId → URL, for BENCH_LIST=1 (every resource with its bytes, largest first)
  cdp.on('Network.requestWillBeSent', (e) => {
    inflight.add(e.requestId);
    lastActivity = performance.now();
    urls.set(e.requestId, e.request.url);
    if (!/^(https?:\/\/(127\.0\.0\.1|localhost)[:/]|data:|blob:)/.test(e.request.url)) bytes.blocked++;
  });
  cdp.on('Network.responseReceived', (e) => isApi.set(e.requestId, e.type === 'XHR' || e.type === 'Fetch'));
  cdp.on('Network.loadingFinished', (e) => {
    inflight.delete(e.requestId);
    lastActivity = performance.now();
    bytes.total += e.encodedDataLength;
    if (isApi.get(e.requestId)) bytes.api += e.encodedDataLength;
    bytes.requests++;
    bytes.list.push([e.encodedDataLength, urls.get(e.requestId) ?? e.requestId]);
  });
  cdp.on('Network.loadingFailed', (e) => {
    inflight.delete(e.requestId);
    lastActivity = performance.now();
  });
  /** Until nothing is in flight for 1 s (at most 60 s more). */
  const quiet = async () => {
    const end = performance.now() + 60_000;
    while (performance.now() < end && (inflight.size || performance.now() - lastActivity < 1000)) await sleep(50);
  };
  const take = () => {
    const r = { ...bytes };
    Object.assign(bytes, { total: 0, requests: 0, blocked: 0, api: 0, list: [] });
    if (process.env.BENCH_LIST === '1') {
      for (const [b, u] of r.list.sort((x, y) => y[0] - x[0])) console.error(`  ${String(b).padStart(8)} ${u.replace(/^https?:\/\/[^/]+/, '')}`);
      console.error(`  ${r.total} bytes in ${r.requests} requests`);
    }
    return r;
  };
  try {
    const t0 = performance.now();
    await page.goto(app.url(), { waitUntil: 'commit', timeout: 120_000 });
    const f = app.form(page);
    for (const l of [f.account, f.password, f.submit]) await l.waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForFunction((el) => !el.disabled, await f.submit.elementHandle(), { polling: 'raf' });
    const loginMs = performance.now() - t0;
    await quiet();
    const login = take();
    await f.account.fill(app.account);
    await f.password.fill(app.password);
    const t1 = performance.now();
    await f.submit.click();
    await app.drawn(page);
    const dashboardMs = performance.now() - t1;
    await quiet();
    const dashboard = take();
    return { loginMs, dashboardMs, login, dashboard };
  } catch (e) {
    const shot = path.join(process.env.TMPDIR ?? '/tmp', `first-load-${appName}-${profile}-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    throw new Error(`${appName} ${profile}: ${e.message.split('\n')[0]} (at ${page.url()}; screenshot ${shot})`);
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kB = (b) => (b / 1000).toFixed(0);
const s2 = (ms) => (ms / 1000).toFixed(2);

const apps = saber ? ['helio', 'saber'] : ['helio'];
const results = {};
try {
  for (let i = 0; i < RUNS; i++) {
    for (const profile of PROFILES) {
      for (const a of apps) {
        const r = await measure(a, profile);
        (results[`${a} ${profile}`] ??= []).push(r);
        console.error(`run ${i + 1}/${RUNS} ${a} ${profile}: login ${s2(r.loginMs)} s ${kB(r.login.total)} kB; dashboard ${s2(r.dashboardMs)} s ${kB(r.dashboard.total)} kB`);
      }
    }
  }
} finally {
  await browser.close();
  await saber?.close();
  await helio.stop();
}

let chromiumVersion = '';
try {
  chromiumVersion = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch {
  /* unknown */
}
console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; ${chromiumVersion}; load average ${loadBefore} before, ${loadavg()} after; median of ${RUNS}`);
console.log(saberNote);
const rows = Object.entries(results).map(([key, list]) => {
  const [app, profile] = key.split(' ');
  const m = (f) => median(list.map(f));
  return {
    app,
    profile,
    'login interactive (s)': s2(m((r) => r.loginMs)),
    'login kB': kB(m((r) => r.login.total)),
    'of it API kB': kB(m((r) => r.login.api)),
    'login requests': m((r) => r.login.requests),
    'dashboard drawn (s)': s2(m((r) => r.dashboardMs)),
    'dashboard kB': kB(m((r) => r.dashboard.total)),
    'of it API kB ': kB(m((r) => r.dashboard.api)),
    'dashboard requests': m((r) => r.dashboard.requests),
    'blocked (non-loopback)': m((r) => r.login.blocked + r.dashboard.blocked),
  };
});
console.table(rows);
if (saber) {
  for (const profile of PROFILES) {
    const h = results[`helio ${profile}`];
    const s = results[`saber ${profile}`];
    const ratio = (f) => (median(h.map(f)) / median(s.map(f))).toFixed(2);
    console.log(`${profile}: Helio ÷ Saber — login bytes ${ratio((r) => r.login.total)}, login time ${ratio((r) => r.loginMs)}, ` +
      `dashboard bytes ${ratio((r) => r.dashboard.total)}, dashboard time ${ratio((r) => r.dashboardMs)}, ` +
      `login + dashboard bytes ${ratio((r) => r.login.total + r.dashboard.total)}`);
  }
}

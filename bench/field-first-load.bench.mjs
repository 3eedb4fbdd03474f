// Issue 19 figure: what a phone downloads to open the installer's order list, beside the desktop. For each view, a
// fresh browser context (empty cache) opens /login?redirect=/epc/order, signs in through the form and waits until the
// orders are drawn (phone: the order cards; desktop: the table) and the network is quiet. Counted: the encoded
// (on-the-wire, gzip where served so) bytes of every script, style and other response from the first request on
// (CDP Network.loadingFinished encodedDataLength), and how many script files. The phone view is 375 × 812 with touch;
// the desktop 1366 × 900. The server is the built one (apps/server/dist with apps/web/dist; built when stale), on
// PGlite with the demo orders, on loopback.
// Run: node bench/field-first-load.bench.mjs   (BENCH_RUNS=3: runs per view, the median reported; quick mode 1)
import { chromium } from 'playwright';
import { ADMIN_PASSWORD, machine, setting, startServer } from './lib.mjs';
import { buildIfStale } from '../scripts/lib.mjs';

const RUNS = setting('BENCH_RUNS', 3, 1);
const VIEWS = {
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, ready: '[data-testid="epc-order-cards"]' },
  desktop: { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, ready: '.ant-table-tbody' },
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

buildIfStale();
const server = await startServer({ HELIO_SIMULATOR: 'off' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const results = {};
  for (let run = 0; run < RUNS; run++) {
    for (const [name, view] of Object.entries(VIEWS)) {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: view.viewport, isMobile: view.isMobile, hasTouch: view.hasTouch, serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const types = new Map();
      const bytes = { script: 0, style: 0, other: 0, scripts: 0 };
      cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
      cdp.on('Network.loadingFinished', (e) => {
        const type = types.get(e.requestId);
        if (type === 'Script') {
          bytes.script += e.encodedDataLength;
          bytes.scripts++;
        }
        else if (type === 'Stylesheet') bytes.style += e.encodedDataLength;
        else bytes.other += e.encodedDataLength;
      });
      await page.goto(`${server.base}/login?redirect=${encodeURIComponent('/epc/order')}`);
      const tenant = page.getByLabel('租户ID');
      if (await tenant.isVisible()) await tenant.fill('000000');
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL((u) => u.pathname === '/epc/order', { timeout: 60_000 });
      await page.locator(view.ready).first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      (results[name] ??= []).push(bytes);
      await context.close();
    }
  }
  const pick = (name, k) => median(results[name].map((b) => b[k]));
  console.log(`field first load (bench/field-first-load.bench.mjs), ${machine()}, median of ${RUNS}`);
  console.log('view      scripts (gzip)  files  styles   everything');
  for (const name of Object.keys(VIEWS)) {
    const all = median(results[name].map((b) => b.script + b.style + b.other));
    console.log(`${name.padEnd(9)} ${kb(pick(name, 'script')).padStart(13)}  ${String(pick(name, 'scripts')).padStart(5)}  ${kb(pick(name, 'style')).padStart(7)}  ${kb(all).padStart(10)}`);
  }
  console.log(`phone / desktop scripts: ${(pick('phone', 'script') / pick('desktop', 'script')).toFixed(2)}`);
} finally {
  await browser.close();
  await server.stop();
}

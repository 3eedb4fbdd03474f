#!/usr/bin/env node
/* global document */
// Time from navigation to an interactive sign-in form in headless Chromium (Debian's /usr/bin/chromium):
// the account field is rendered, enabled and focused, and the public settings have answered (the form shows its
// final fields). Each cold run uses a fresh browser context (empty cache); each warm run reloads in the same one.
// Usage: node apps/web/scripts/measure-login-tti.mjs [baseURL=http://127.0.0.1:8080] [runs=7]
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright');

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const runs = Number(process.argv[3] ?? 7);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});

async function measure(page, reload) {
  const settings = page.waitForResponse((r) => r.url().includes('/api/helio/public-settings'));
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(`${base}/login`, { waitUntil: 'commit' });
  await settings;
  await page.waitForFunction(() => {
    const input = document.querySelector('input[name="username"]');
    const submit = document.querySelector('button[type="submit"]');
    return input && !input.disabled && document.activeElement === input && submit && !submit.disabled;
  });
  return page.evaluate(() => performance.now());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cold = [];
const warm = [];
for (let i = 0; i < runs; i += 1) {
  const context = await browser.newContext();
  const page = await context.newPage();
  cold.push(await measure(page, false));
  warm.push(await measure(page, true));
  await context.close();
}
await browser.close();

const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
console.log(`navigation → interactive /login form, ${runs} runs against ${base}`);
console.log(`cold cache: median ${median(cold).toFixed(0)} ms (${fmt(cold)})`);
console.log(`warm cache: median ${median(warm).toFixed(0)} ms (${fmt(warm)})`);

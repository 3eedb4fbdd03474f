import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (no browser download): its headless shell (package chromium-headless-shell,
 * the same Chromium build without the browser UI layer) when installed, else /usr/bin/chromium; CHROMIUM_PATH
 * overrides. The shell drew the same walks with about a fifth less CPU (docs/adr/0004-e2e-browser-and-database.md). The global setup builds what is stale once; then every
 * worker starts its own server (e2e/fixtures.ts → scripts/e2e-server.mjs: fresh data dir, free port, captcha off,
 * admin password known), so the specs run in parallel without sharing data. E2E_WORKERS sets the number of workers
 * (default 3: the walks wait on pages, device timers and live updates much of the time, so even a 2-core machine
 * keeps a third worker busy; measured in CI, see docs/ARCHITECTURE.md "Tests and CI"). Set E2E_BASE_URL to test an
 * already running app instead (e.g. `vite preview` proxying to a server); all workers then share it, so the default
 * is one worker.
 */
const external = process.env.E2E_BASE_URL;
const workers = Number(process.env.E2E_WORKERS ?? (external ? 1 : 3));
const reportDir = process.env.HELIO_CI_REPORT_DIR;
const SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium');
// Traces: kept for a failed test locally; in CI nobody can open them, and recording one for every test cost about a
// tenth of the walks' CPU (E2E_TRACE=on|off overrides).
const trace = (process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'on')) === 'on';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers,
  retries: 0,
  // The limit of a stuck walk, not a speed goal: the notice walk (about 45 s alone) passed 60 s on the 2-core CI
  // machine once the walks had grown (2026-11-28).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Time per spec file at the end; in CI also a JSON report that .ci/run sums into its closing line.
  reporter: [
    ['list'],
    ['./e2e/durations-reporter.ts'],
    ...(reportDir ? [['json', { outputFile: `${reportDir}/e2e.json` }] as ['json', { outputFile: string }]] : []),
  ],
  use: {
    locale: 'zh-CN',
    // As a user who asked for less motion: the console turns antd's animations off (core/theme/reduced-motion.ts), so
    // the browser draws each dialog and menu once instead of frame by frame (less CPU on a shared 2-core CI machine).
    reducedMotion: 'reduce',
    // The built app registers a service worker (issue 19, vite-plugin-pwa); page.route() does not see what a worker
    // fetches, so walks run without it — the field walk (e2e/epc-field-offline.spec.ts) allows it in its own context.
    serviceWorkers: 'block',
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot. Without the trace's screencast:
    // recording it for every test tripled the browser's CPU time (admin-walk: 283 s → 102 s).
    trace: trace ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      // --js-flags=--max-opt=1: V8 stops at its baseline compiler (no Maglev or TurboFan). A walk's pages live for
      // seconds, too short for optimised code to pay back its compilation; the renderers spent about a fifth less CPU
      // on the same walks (user, dict and tabs specs, 2 workers, 2026-11-28: 72 and 62 s → 52 and 52 s). Test-only: the
      // product is untouched.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        `--js-flags=${process.env.E2E_JS_FLAGS ?? '--max-opt=1'}`,
        ...(process.env.E2E_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});

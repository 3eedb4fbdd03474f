import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (no browser download). The global setup builds what is stale once; then every
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

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers,
  retries: 0,
  timeout: 60_000,
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
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot. Without the trace's screencast:
    // recording it for every test tripled the browser's CPU time (admin-walk: 283 s → 102 s).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});

import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (no browser download). By default Playwright starts the server the lead
 * provides (`scripts/e2e-server.mjs`: builds what is stale, fresh data dir, captcha off, admin password known) on
 * port 8181. Set E2E_BASE_URL to test an already running app instead (e.g. `vite preview` proxying to a server).
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // In CI also a JSON report that .ci/run sums into its closing line.
  reporter: process.env.HELIO_CI_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.HELIO_CI_REPORT_DIR}/e2e.json` }]]
    : [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: external
    ? undefined
    : [
        {
          command: 'node ../../scripts/e2e-server.mjs',
          url: `${baseURL}/api/helio/public-settings`,
          env: { PORT: String(port) },
          reuseExistingServer: !process.env.CI,
          timeout: 240_000,
          stdout: 'pipe',
          stderr: 'pipe',
        },
        {
          // A second server with the captcha on, for the captcha walk (e2e/captcha.spec.ts).
          command: 'node ../../scripts/e2e-server.mjs',
          url: `http://127.0.0.1:${port + 1}/api/helio/public-settings`,
          env: { PORT: String(port + 1), HELIO_CAPTCHA: 'on' },
          reuseExistingServer: !process.env.CI,
          timeout: 240_000,
          stdout: 'pipe',
          stderr: 'pipe',
        },
      ],
});

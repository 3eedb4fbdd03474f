/**
 * The suite's `test`: every Playwright worker signs in to its own server (scripts/e2e-server.mjs: a fresh data dir
 * on a free port), so workers never see each other's data and specs run in parallel without coordinating names.
 * Within a worker the tests run one after another against that server, as the whole suite used to.
 *
 * E2E_BASE_URL: test an already running app instead (shared by every worker: run with E2E_WORKERS=1 unless the
 * specs you pick do not collide). E2E_CAPTCHA_BASE_URL likewise for the captcha walk.
 */
import { test as base } from '@playwright/test';
import { startServer, type E2EServer } from './servers';

export { expect } from '@playwright/test';

const external = (url: string): E2EServer => ({ url, stop: async () => undefined });

export const test = base.extend<object, { server: E2EServer; captchaServer: E2EServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const server = process.env.E2E_BASE_URL ? external(process.env.E2E_BASE_URL) : await startServer();
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  /** A server with the captcha on (e2e/captcha.spec.ts); started only by the worker that runs that walk. */
  captchaServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const server = process.env.E2E_CAPTCHA_BASE_URL
        ? external(process.env.E2E_CAPTCHA_BASE_URL)
        : await startServer({ HELIO_CAPTCHA: 'on' });
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
});

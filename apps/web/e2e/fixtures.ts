/**
 * The suite's `test`: every Playwright worker signs in to its own server (scripts/e2e-server.mjs: a fresh data dir
 * on a free port), so workers never see each other's data and specs run in parallel without coordinating names.
 * Within a worker the tests run one after another against that server, as the whole suite used to.
 *
 * The walks that need a simulated fleet (and play devices on its broker) use `onFleet(settings)`: the worker starts a
 * fleet server the first time a walk asks for those settings and hands it to the worker's later walks with the same
 * settings (they keep apart by their own device SNs), so a worker starts one server per settings, not one per walk.
 * The fleet fixtures are the suite's own worker fixtures, so those walks run in the same workers as the others
 * (a spec with a worker fixture of its own would need a worker, a browser and a server of its own).
 *
 * E2E_BASE_URL: test an already running app instead (shared by every worker: run with E2E_WORKERS=1 unless the
 * specs you pick do not collide). E2E_CAPTCHA_BASE_URL likewise for the captcha walk.
 */
import { test as base } from '@playwright/test';
import { startFleetServer, type FleetServer, type FleetSettings } from './fleet-api';
import { startServer, type E2EServer } from './servers';

export { expect } from '@playwright/test';

const external = (url: string): E2EServer => ({ url, stop: async () => undefined });

/** The worker's fleet servers by settings: each started when a walk first asks, stopped with the worker. */
class FleetServers {
  private readonly started = new Map<string, Promise<FleetServer>>();

  get(settings: FleetSettings): Promise<FleetServer> {
    const key = JSON.stringify(settings);
    if (!this.started.has(key)) this.started.set(key, startFleetServer(settings).catch((e: unknown) => (this.started.delete(key), Promise.reject(e))));
    return this.started.get(key)!;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.started.values()].map((s) => s.then((server) => server.stop(), () => undefined)));
  }
}

export const test = base.extend<object, { server: E2EServer; captchaServer: E2EServer; fleetServers: FleetServers }>({
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
  fleetServers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const servers = new FleetServers();
      await provide(servers);
      await servers.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
});

/**
 * The `test` of walks on a fleet server with `settings` (e2e/fleet-api.ts): `fleet` is the worker's server with those
 * settings, and the pages talk to it (the worker's default server is not started for them).
 */
export function onFleet(settings: FleetSettings) {
  return test.extend<{ fleet: FleetServer }>({
    fleet: [async ({ fleetServers }, provide) => provide(await fleetServers.get(settings)), { timeout: 240_000 }],
    baseURL: async ({ fleet }, provide) => provide(fleet.url),
  });
}

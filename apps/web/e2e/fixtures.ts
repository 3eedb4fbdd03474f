/**
 * The suite's `test`: every Playwright worker signs in to its own server (scripts/e2e-server.mjs: a fresh data dir
 * on a free port), so workers never see each other's data and specs run in parallel without coordinating names.
 * Within a worker the tests run one after another against that server, as the whole suite used to.
 *
 * The walks that need a simulated fleet (and play devices on its broker) use `onFleet(settings)`: the worker starts a
 * fleet server the first time a walk asks for those settings and hands it to the worker's next walks with the same
 * settings (they keep apart by their own device SNs); once none has asked for IDLE_MS it is stopped (`SideServers`).
 * The fleet fixtures build on the suite's own worker fixtures, so those walks run in the same workers as the others
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

/**
 * Servers a worker starts only for some walks (a fleet per settings, the captcha server), by key: started when a walk
 * first asks, kept while the worker's next walks use them, and stopped once none has for IDLE_MS. Each kept a
 * simulator and its job polling running for the rest of the run before (up to four fleets per worker, about 2 % of a
 * core each plus their database, measured 2026-11-28); a later walk that needs one again starts a fresh one.
 */
const IDLE_MS = Number(process.env.E2E_SIDE_SERVER_IDLE_MS ?? 30_000);

class SideServers {
  private readonly started = new Map<string, { server: Promise<E2EServer>; idle?: ReturnType<typeof setTimeout> }>();

  get<T extends E2EServer>(key: string, start: () => Promise<T>): Promise<T> {
    let entry = this.started.get(key);
    if (entry?.idle) clearTimeout(entry.idle);
    if (entry) entry.idle = undefined;
    else {
      entry = { server: start().catch((e: unknown) => (this.started.delete(key), Promise.reject(e))) };
      this.started.set(key, entry);
    }
    return entry.server as Promise<T>;
  }

  /** The walk that asked is done with it: stopped unless another asks within IDLE_MS. */
  release(key: string): void {
    const entry = this.started.get(key);
    if (!entry) return;
    entry.idle = setTimeout(() => {
      if (this.started.get(key) !== entry) return;
      this.started.delete(key);
      void entry.server.then((server) => server.stop(), () => undefined);
    }, IDLE_MS);
  }

  async stop(): Promise<void> {
    const entries = [...this.started.values()];
    this.started.clear();
    for (const e of entries) if (e.idle) clearTimeout(e.idle);
    await Promise.all(entries.map((e) => e.server.then((server) => server.stop(), () => undefined)));
  }
}

export const test = base.extend<{ captchaServer: E2EServer }, { server: E2EServer; sideServers: SideServers }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      // Loopback allow-listed for outbound connections: the mail walks' SMTP sink runs on 127.0.0.1 (e2e/smtp-sink.ts).
      const server = process.env.E2E_BASE_URL ? external(process.env.E2E_BASE_URL) : await startServer({ HELIO_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  /** A server with the captcha on (e2e/captcha.spec.ts): a side server of the worker that runs that walk. */
  captchaServer: [
    async ({ sideServers }, provide) => {
      if (process.env.E2E_CAPTCHA_BASE_URL) return provide(external(process.env.E2E_CAPTCHA_BASE_URL));
      await provide(await sideServers.get('captcha', () => startServer({ HELIO_CAPTCHA: 'on' })));
      sideServers.release('captcha');
    },
    { timeout: 180_000 },
  ],
  sideServers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const servers = new SideServers();
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
    fleet: [
      async ({ sideServers }, provide) => {
        const key = `fleet:${JSON.stringify(settings)}`;
        await provide(await sideServers.get(key, () => startFleetServer(settings)));
        sideServers.release(key);
      },
      { timeout: 240_000 },
    ],
    baseURL: async ({ fleet }, provide) => provide(fleet.url),
  });
}

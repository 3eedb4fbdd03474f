/**
 * For the walks that start their own server with a simulated fleet: the fleet's settings and its server (the broker
 * on a known loopback port, so the test can play devices: e2e/device-play.ts), an API session on it (the
 * administrator's or another account's), devices registered as an installer does it, polling, the feature's texts and
 * screenshots. The servers are shared by the walks of a worker with the same settings (e2e/fixtures.ts `onFleet`).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { ADMIN } from './helpers';
import { freePort, sleep, startServer, type E2EServer } from './servers';

export { freePort, sleep };

export const C = '/api/skyworth-client';

/**
 * A fleet server's settings: demo stations, their report interval (s), the broker on a known port (devices played),
 * how often the server looks for due jobs (ms; the server's default is a second).
 */
export interface FleetSettings {
  stations: number;
  interval: number;
  mqtt?: boolean;
  jobPollMs?: number;
  /**
   * The fleet's past week backfilled in the background (HELIO_SIM_HISTORY). Off unless a walk reads history: the
   * backfill keeps a core busy for minutes and holds the embedded database between its chunks, so requests (a sign-in)
   * queue behind it; the walks here play their own devices and read what those report.
   */
  history?: boolean;
}

/**
 * One demo station, reports every minute, devices played over MQTT: the alarm walks (alarms, alarm badges,
 * notifications). They share a server: each adds its own inverter and looks at its own SN (the badge walk counts
 * the station's alarms before the others of its worker raise theirs: its file comes first).
 */
export const ALARM_FLEET: FleetSettings = { stations: 1, interval: 60, mqtt: true };
/**
 * One quiet demo station, devices played over MQTT: the walks that send commands (OTA, remote settings). Jobs are
 * looked for every 200 ms: each step of an OTA campaign is a job, so a campaign of several waves takes seconds, not
 * a second per step.
 */
export const COMMAND_FLEET: FleetSettings = { stations: 1, interval: 120, mqtt: true, jobPollMs: 200 };

export interface FleetServer extends E2EServer {
  /** The server's broker (devices connect with their SN and secret). */
  mqttUrl: string;
  /** What `make` gives, made once per server: the setup a walk's tests share (a retry after a failure makes it again). */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
}

export async function startFleetServer(s: FleetSettings): Promise<FleetServer> {
  const port = s.mqtt ? await freePort() : 0;
  const server = await startServer({
    HELIO_E2E_SIMULATOR: 'on',
    HELIO_SIM_STATIONS: String(s.stations),
    HELIO_SIM_INTERVAL: String(s.interval),
    HELIO_SIM_HISTORY: s.history ? 'on' : 'off',
    ...(s.mqtt ? { HELIO_MQTT_HOST: '127.0.0.1', HELIO_MQTT_PORT: String(port) } : {}),
    ...(s.jobPollMs ? { HELIO_JOB_POLL_MS: String(s.jobPollMs) } : {}),
  });
  const made = new Map<string, Promise<unknown>>();
  return {
    ...server,
    mqttUrl: `mqtt://127.0.0.1:${port}`,
    once<T>(key: string, make: () => Promise<T>): Promise<T> {
      if (!made.has(key)) made.set(key, make().catch((e: unknown) => (made.delete(key), Promise.reject(e))));
      return made.get(key) as Promise<T>;
    },
  };
}

/** An API session of `account` (the administrator by default) on the server. */
export async function adminApi(url: string, account = ADMIN.account, password = ADMIN.password) {
  const ctx = await playwrightRequest.newContext({ baseURL: url });
  const basic = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
  const res = await ctx.post('/api/blade-auth/oauth/token', {
    headers: { Authorization: basic, 'Tenant-Id': ADMIN.tenant },
    params: {
      tenantId: ADMIN.tenant,
      username: account,
      password: createHash('md5').update(password).digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token}` };
  const unwrap = async <T>(r: Awaited<ReturnType<typeof ctx.get>>) => {
    const body = (await r.json()) as { code: number; data: T; msg: string };
    if (body.code !== 200) throw new Error(`${r.url()}: ${body.code} ${body.msg}`);
    return body.data;
  };
  return {
    get: async <T>(u: string) => unwrap<T>(await ctx.get(u, { headers })),
    post: async <T>(u: string, data: unknown) => unwrap<T>(await ctx.post(u, { headers, data })),
    upload: async <T>(u: string, name: string, buffer: Buffer) =>
      unwrap<T>(await ctx.post(u, { headers, multipart: { file: { name, mimeType: 'application/octet-stream', buffer } } })),
    dispose: () => ctx.dispose(),
  };
}
export type Api = Awaited<ReturnType<typeof adminApi>>;

/** `fn` with the administrator's API session on the server (closed after). */
export async function withAdmin<T>(url: string, fn: (api: Api) => Promise<T>): Promise<T> {
  const api = await adminApi(url);
  try {
    return await fn(api);
  } finally {
    await api.dispose();
  }
}

/** `check`'s first answer other than undefined, asked every `every` ms for up to `timeout` ms. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, { timeout = 60_000, every = 500 } = {}): Promise<T> {
  for (const end = Date.now() + timeout; Date.now() < end; await sleep(every)) {
    const v = await check();
    if (v !== undefined) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The demo station (the fleet seeds it over its first seconds). */
export const demoStation = (api: Api): Promise<string> =>
  until('the demo station', async () => (await api.get<{ records: { id: string }[] }>(`${C}/plant/page?size=1`)).records[0]?.id, { timeout: 120_000 });

/**
 * Devices registered to station `plantId` as an installer does it: a factory-list row each, then `plant/addDevice`
 * (fifty at a time), which hands out each device's MQTT secret once. Returns the secrets by SN.
 */
export async function addDevices(api: Api, plantId: string, devices: { sn: string; model: string }[], deviceType = 'inverter') {
  await Promise.all(devices.map((d) => api.post(`${C}/deviceExitFactoryInfo/save`, { deviceSn: d.sn, model: d.model })));
  const secrets = new Map<string, string>();
  for (let i = 0; i < devices.length; i += 50) {
    const batch = devices.slice(i, i + 50).map((d) => ({ deviceType, deviceSn: d.sn }));
    const added = await api.post<{ deviceSn: string; secret: string }[]>(`${C}/plant/addDevice`, { plantId, devices: batch });
    for (const a of added) secrets.set(a.deviceSn, a.secret);
  }
  return secrets;
}

/** One inverter registered to station `plantId`; its MQTT secret. */
export async function addInverter(api: Api, plantId: string, sn: string, model: string): Promise<string> {
  return (await addDevices(api, plantId, [{ sn, model }])).get(sn)!;
}

/** The id of inverter `sn` (its detail page's). */
export async function inverterId(api: Api, sn: string): Promise<string> {
  return (await api.get<{ records: { id: string; deviceSn: string }[] }>(`${C}/inverter/page?deviceSn=${sn}`)).records.find((r) => r.deviceSn === sn)!.id;
}

type Texts = { [k: string]: string | Texts };
export type Lang = 'zh-CN' | 'en-US';

/** A web feature's texts (src/features/<feature>/locales/<lang>/<namespace>.json): `tr(lang, 'a.b')`. */
export function featureTexts(feature: string, namespace = feature) {
  const load = (lang: Lang) =>
    JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../src/features/${feature}/locales/${lang}/${namespace}.json`), 'utf8')) as Texts;
  const texts = { 'zh-CN': load('zh-CN'), 'en-US': load('en-US') };
  return (lang: Lang, key: string): string => key.split('.').reduce<Texts | string>((o, k) => (o as Texts)[k]!, texts[lang]) as string;
}

/** A button's name pattern: antd puts a space between two Chinese characters ("下 发"); `exact`: the whole name. */
export function spaced(text: string, { exact = false } = {}): RegExp {
  const body = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*');
  return new RegExp(exact ? `^${body}$` : body);
}

/** Full-page screenshots to `dir`, named `<prefix>-<name>.png`, once the screen has settled. */
export function screenshots(dir: string, prefix: string) {
  return async (page: Page, name: string): Promise<void> => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${prefix}-${name}.png`), fullPage: true });
  };
}

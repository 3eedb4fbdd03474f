/**
 * OTA firmware (issue 15), one walk per language: the operator uploads a firmware package on `/ota` and sees the
 * SHA-256 the server computed; a campaign over four inverters goes canary → waves → done on screen; a second campaign
 * over four others halts on its first wave's failures and is rolled back (the canary device is flashed back to the
 * previous package). The inverters are driven from the test over MQTT (the demo simulator's failures are random and
 * its PV inverters go quiet at night, so it cannot give a deterministic halt): each downloads the firmware for real
 * from the URL in the notify (two ranged requests), checks the SHA-256 and reports 801…805 — or 806 when it is one of
 * the devices told to fail. axe-core on the screen; screenshots to $OTA_SHOTS (default e2e/screenshots/).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import mqtt from 'mqtt';
import { expect, test as base } from './fixtures';
import { ADMIN, PAGE_LOAD, expectAccessible, signIn, watchProblems } from './helpers';
import { startServer, type E2EServer } from './servers';
import { freePort } from './fleet-api';

const SHOTS = process.env.OTA_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
const C = '/api/skyworth-client';
const T = '/api/skyworth-toolkit';
type Lang = 'zh-CN' | 'en-US';
type Texts = { [k: string]: string | Texts };
const TEXTS: Record<Lang, Texts> = {
  'zh-CN': JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../src/features/ota/locales/zh-CN/ota.json'), 'utf8')) as Texts,
  'en-US': JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../src/features/ota/locales/en-US/ota.json'), 'utf8')) as Texts,
};
/** A button's name: antd puts a space between two Chinese characters. */
const button = (text: string) => new RegExp(`${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}`);
const tr = (lang: Lang, key: string): string => key.split('.').reduce<Texts | string>((o, k) => (o as Texts)[k]!, TEXTS[lang]) as string;

async function adminApi(url: string) {
  const ctx: APIRequestContext = await playwrightRequest.newContext({ baseURL: url });
  const basic = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
  const res = await ctx.post('/api/blade-auth/oauth/token', {
    headers: { Authorization: basic, 'Tenant-Id': ADMIN.tenant },
    params: {
      tenantId: ADMIN.tenant,
      username: ADMIN.account,
      password: createHash('md5').update(ADMIN.password).digest('hex'),
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
    upload: async <T>(u: string, name: string, buffer: Buffer) => unwrap<T>(await ctx.post(u, { headers, multipart: { file: { name, mimeType: 'application/octet-stream', buffer } } })),
    dispose: () => ctx.dispose(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(250)) {
    const v = await check();
    if (v !== undefined) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function fetchRange(url: string, from: number, to?: number): Promise<Buffer> {
  const res = await fetch(url, { headers: { range: `bytes=${from}-${to ?? ''}` } });
  if (res.status !== 206 && res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  return res.status === 200 ? buf.subarray(from, to === undefined ? undefined : to + 1) : buf;
}

/**
 * An inverter played by the test: signs in with its secret, reports firmware `fw` and answers `otaUpgrade` the way
 * docs/device-protocol.md describes; `fails` makes every upgrade to a version other than `fw` fail at flashing.
 */
async function device(server: string, mqttUrl: string, sn: string, secret: string, model: string, fw: string, fails: boolean) {
  const client = await mqtt.connectAsync(mqttUrl, { clientId: sn, username: sn, password: secret, reconnectPeriod: 0 });
  let ts = Date.now();
  const at = () => (ts = Math.max(ts + 1, Date.now()));
  const publish = (kind: string, body: unknown) => client.publishAsync(`helio/v1/${sn}/${kind}`, JSON.stringify(body), { qos: 1 });
  const event = (code: number, msg: string) => publish('event', { ts: at(), events: [{ code, type: 3, level: code === 806 ? 3 : 1, msg }] });
  client.on('message', (topic, payload) => {
    const id = topic.split('/').pop()!;
    const { method, params: p } = JSON.parse(payload.toString()) as { method: string; params: { upgradeId: string; url: string; size: number; sha256: string; version: string } };
    void (async () => {
      if (method !== 'otaUpgrade') return publish(`cmd/resp/${id}`, { ts: at(), ok: false, error: 'unknown method' });
      await publish(`cmd/resp/${id}`, { ts: at(), ok: true, result: { accepted: true } });
      const url = new URL(p.url, server).toString();
      await event(801, `${p.upgradeId}:0`);
      const half = Math.floor(p.size / 2);
      const first = await fetchRange(url, 0, half - 1);
      const data = Buffer.concat([first, await fetchRange(url, first.length)]);
      await event(802, p.upgradeId);
      await event(803, p.upgradeId);
      if (createHash('sha256').update(data).digest('hex') !== p.sha256) return event(806, `${p.upgradeId}:checksum mismatch`);
      await event(804, p.upgradeId);
      if (fails && p.version !== fw) return event(806, `${p.upgradeId}:flash write error`);
      fw = p.version;
      await publish('status', { ts: at(), online: true, model, fw: { master: fw } });
      return event(805, `${p.upgradeId}:${fw}`);
    })().catch(() => undefined);
  });
  await client.subscribeAsync(`helio/v1/${sn}/cmd/req/+`, { qos: 1 });
  await publish('status', { ts: at(), online: true, model, fw: { master: fw } });
  return client;
}

interface Fixture extends E2EServer {
  mqttUrl: string;
  plantId: string;
}

const test = base.extend<object, { otaServer: Fixture }>({
  otaServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const port = await freePort();
      const server = await startServer({ HELIO_E2E_SIMULATOR: 'on', HELIO_SIM_STATIONS: '1', HELIO_SIM_INTERVAL: '120', HELIO_MQTT_HOST: '127.0.0.1', HELIO_MQTT_PORT: String(port) });
      const api = await adminApi(server.url);
      const plantId = await until('the demo station', async () => (await api.get<{ records: { id: string }[] }>(`${C}/plant/page?size=1`)).records[0]?.id, 120_000);
      await api.dispose();
      await provide({ ...server, mqttUrl: `mqtt://127.0.0.1:${port}`, plantId });
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ otaServer }, provide) => provide(otaServer.url),
});

test.describe.configure({ mode: 'serial' });

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`a firmware package rolls out in waves; a failing campaign halts and rolls back (${lang})`, async ({ page, otaServer }) => {
    test.setTimeout(120_000);
    const L = (k: string) => tr(lang, k);
    const tag = `${lang === 'en-US' ? 'EN' : 'ZH'}${Date.now().toString(36).toUpperCase()}`;
    const oldVersion = `1.0.${tag}`;
    const newVersion = `2.0.${tag}`;
    // Eight inverters on the demo station: group A all succeed; in group B only the first (the canary) does.
    const api = await adminApi(otaServer.url);
    const clients: mqtt.MqttClient[] = [];
    try {
      // The firmware the devices run now, as a package (the rollback target).
      const old = await api.upload<{ fileId: string }>(`${T}/file/upload`, `fw-${oldVersion}.bin`, Buffer.from(`old firmware ${tag}\n`.repeat(64)));
      await api.post(`${T}/otaUpdatePack/submit`, { deviceType: 1, firmwareType: 1, firmwareVersion: oldVersion, versionStatus: 1, fileId: old.fileId });
      for (const group of ['A', 'B'] as const) {
        const model = `OTA-${group}-${tag}`.slice(0, 32);
        for (let i = 0; i < 4; i++) {
          const sn = `E2EOTA${group}${i}${tag}`;
          await api.post(`${C}/deviceExitFactoryInfo/save`, { deviceSn: sn, model });
          const [d] = await api.post<{ secret: string }[]>(`${C}/plant/addDevice`, { plantId: otaServer.plantId, devices: [{ deviceType: 'inverter', deviceSn: sn }] });
          clients.push(await device(otaServer.url, otaServer.mqttUrl, sn, d!.secret, model, oldVersion, group === 'B' && i > 0));
        }
      }
      await until('the devices to report their firmware', async () => {
        const page = await api.get<{ total: number }>(`${T}/ota/softwareVersion/list?size=10&deviceSn=${tag}&version=${oldVersion}`);
        return page.total === 8 ? true : undefined;
      });

      const problems = watchProblems(page);
      await signIn(page, lang, '/ota');
      await expect(page.getByRole('tab', { name: L('tab.campaigns') })).toBeVisible(PAGE_LOAD);

      // Upload the new firmware: the dialog shows the SHA-256 the server computed, the list shows the package.
      const firmware = Buffer.from(`new firmware ${tag}\n`.repeat(128));
      const sha = createHash('sha256').update(firmware).digest('hex');
      await page.getByRole('button', { name: button(L('addPackage')) }).click();
      const dialog = page.getByRole('dialog', { name: L('addPackage') });
      await dialog.getByLabel(L('field.firmwareVersion'), { exact: true }).fill(newVersion);
      await dialog.locator('input[type=file]').setInputFiles({ name: `fw-${newVersion}.bin`, mimeType: 'application/octet-stream', buffer: firmware });
      await expect(dialog.getByTestId('ota-uploaded-file')).toContainText(sha);
      await dialog.getByRole('button', { name: button(L('save')) }).click();
      await expect(dialog).toBeHidden();
      const pkgRow = page.locator('tr', { hasText: newVersion });
      await expect(pkgRow).toContainText(sha.slice(0, 12));
      await expectAccessible(page, '.ant-card');
      await page.screenshot({ path: path.join(SHOTS, `ota-packages-${lang}.png`), fullPage: true });

      // Campaign A: canary 25 % (one device), waves of two, fast pace and checks, always in the window.
      const campaign = async (name: string, model: string, threshold: number) => {
        await page.getByRole('button', { name: button(L('newCampaign')) }).click();
        const d = page.getByRole('dialog', { name: L('newCampaign') });
        await d.getByLabel(L('field.campaignName'), { exact: true }).fill(name);
        await d.getByLabel(L('field.package'), { exact: true }).click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: newVersion }).click();
        await d.getByLabel(L('field.model'), { exact: true }).fill(model);
        await d.getByLabel(L('field.canaryPercent'), { exact: true }).fill('25');
        await d.getByLabel(L('field.waveSize'), { exact: true }).fill(name.startsWith('A') ? '2' : '3');
        await d.getByLabel(L('field.pacePerMinute'), { exact: true }).fill('600');
        await d.getByLabel(L('field.failureThreshold'), { exact: true }).fill(String(threshold));
        await d.getByLabel(L('field.tickSeconds'), { exact: true }).fill('0.3');
        await d.getByLabel(L('field.windowStart'), { exact: true }).fill('00:00');
        await d.getByLabel(L('field.windowEnd'), { exact: true }).fill('00:00');
        await d.getByRole('button', { name: button(L('start')) }).click();
        await expect(d).toBeHidden();
        const drawer = page.locator('.ant-drawer-content', { hasText: name });
        await expect(drawer).toBeVisible();
        return drawer;
      };
      await page.getByRole('tab', { name: L('tab.campaigns') }).click();
      let drawer = await campaign(`A ${tag}`, `OTA-A-${tag}`.slice(0, 32), 50);
      // The first entry of the drawer's summary is the campaign's state.
      const state = (s: string) => drawer.locator('.ant-descriptions-item-content').first().getByText(L(`campaignState.${s}`), { exact: true });
      await expect(drawer.getByRole('cell', { name: L('canary'), exact: true })).toBeVisible();
      await expect(state('done')).toBeVisible({ timeout: 45_000 });
      // The canary and two waves, every device updated.
      await expect(drawer.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
      for (const row of await drawer.locator('.ant-table-tbody tr.ant-table-row').all()) await expect(row.locator('td').nth(3)).toHaveText('0');
      await expectAccessible(page, '.ant-drawer-content');
      await page.screenshot({ path: path.join(SHOTS, `ota-campaign-done-${lang}.png`), fullPage: true });
      await drawer.locator('..').locator('.ant-drawer-close').click();

      // Campaign B: the canary succeeds, the first wave fails → halted; rolling back flashes the canary back.
      drawer = await campaign(`B ${tag}`, `OTA-B-${tag}`.slice(0, 32), 50);
      await expect(state('halted')).toBeVisible({ timeout: 45_000 });
      await expect(drawer.getByRole('row', { name: new RegExp(L('field.haltReason')) })).toContainText(lang === 'en-US' ? '3 of 3 failed' : '3 台中 3 台失败');
      await page.screenshot({ path: path.join(SHOTS, `ota-campaign-halted-${lang}.png`), fullPage: true });
      await drawer.getByRole('button', { name: button(L('rollback')) }).click();
      await expect(state('rolled_back')).toBeVisible({ timeout: 45_000 });
      await expect(drawer).toContainText(L('rollbackCounts').replace('{{updated}}', '1').replace('{{failed}}', '0'));
      expect(problems).toEqual([]);
    } finally {
      for (const c of clients) await c.endAsync(true).catch(() => undefined);
      await api.dispose();
    }
  });
}

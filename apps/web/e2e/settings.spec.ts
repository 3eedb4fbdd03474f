/**
 * Remote settings (issue 15), one walk per language, on an inverter's advanced-settings tab. zh-CN: an out-of-range
 * power limit shows the translated rule and sends nothing; a valid one is sent, succeeds, is verified by the read-back
 * and appears in the operation log. en-US: a grid-code item waits for a second person's approval (given over the API
 * by a second administrator), then an earlier settings version is restored. The inverter is played by the test over
 * MQTT (the demo simulator refuses or ignores a share of commands at random): it answers `settings.write` and
 * `settings.read` the way the simulator does (docs/device-protocol.md). axe-core on the tab; screenshots to
 * $SETTINGS_SHOTS (default e2e/screenshots/).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import type { Page } from '@playwright/test';
import mqtt from 'mqtt';
import { expect, test as base } from './fixtures';
import { ADMIN, PAGE_LOAD, expectAccessible, signIn, watchProblems } from './helpers';
import { startServer, type E2EServer } from './servers';
import { freePort } from './fleet-api';

const SHOTS = process.env.SETTINGS_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
const C = '/api/skyworth-client';
type Lang = 'zh-CN' | 'en-US';
type Texts = { [k: string]: string | Texts };
const TEXTS: Record<Lang, Texts> = {
  'zh-CN': JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../src/features/station/locales/zh-CN/station.json'), 'utf8')) as Texts,
  'en-US': JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../src/features/station/locales/en-US/station.json'), 'utf8')) as Texts,
};
const tr = (lang: Lang, key: string): string => key.split('.').reduce<Texts | string>((o, k) => (o as Texts)[k]!, TEXTS[lang]) as string;

/** An API session of `account` on the server. */
async function api(url: string, account = ADMIN.account, password = ADMIN.password) {
  const ctx = await playwrightRequest.newContext({ baseURL: url });
  const basic = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
  const res = await ctx.post('/api/blade-auth/oauth/token', {
    headers: { Authorization: basic, 'Tenant-Id': ADMIN.tenant },
    params: { tenantId: ADMIN.tenant, username: account, password: createHash('md5').update(password).digest('hex'), grant_type: 'password', scope: 'all', type: 'account' },
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
    dispose: () => ctx.dispose(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An inverter played by the test: online, and answering settings commands from its own store of values. */
async function inverter(mqttUrl: string, sn: string, secret: string) {
  const client = await mqtt.connectAsync(mqttUrl, { clientId: sn, username: sn, password: secret, reconnectPeriod: 0 });
  const store: Record<string, unknown> = {};
  let ts = Date.now();
  const at = () => (ts = Math.max(ts + 1, Date.now()));
  const publish = (kind: string, body: unknown) => client.publishAsync(`helio/v1/${sn}/${kind}`, JSON.stringify(body), { qos: 1 });
  client.on('message', (topic, payload) => {
    const id = topic.split('/').pop()!;
    const { method, params } = JSON.parse(payload.toString()) as { method: string; params: { items?: Record<string, unknown>; keys?: string[] } };
    let answer: unknown;
    if (method === 'settings.write') {
      Object.assign(store, params.items ?? {});
      answer = { ts: at(), ok: true, result: { applied: params.items ?? {} } };
    } else if (method === 'settings.read') {
      answer = { ts: at(), ok: true, result: { values: Object.fromEntries((params.keys ?? Object.keys(store)).filter((k) => k in store).map((k) => [k, store[k]])) } };
    } else {
      answer = { ts: at(), ok: false, error: 'unknown method' };
    }
    void publish(`cmd/resp/${id}`, answer).catch(() => undefined);
  });
  await client.subscribeAsync(`helio/v1/${sn}/cmd/req/+`, { qos: 1 });
  await publish('status', { ts: at(), online: true, model: 'E2E-SET-8K', fw: { master: '1.0.0' } });
  return client;
}

interface Fixture extends E2EServer {
  mqttUrl: string;
  plantId: string;
}

const test = base.extend<object, { settingsServer: Fixture }>({
  settingsServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const port = await freePort();
      const server = await startServer({ HELIO_E2E_SIMULATOR: 'on', HELIO_SIM_STATIONS: '1', HELIO_SIM_INTERVAL: '120', HELIO_MQTT_HOST: '127.0.0.1', HELIO_MQTT_PORT: String(port) });
      const admin = await api(server.url);
      let plantId: string | undefined;
      for (const end = Date.now() + 120_000; !plantId && Date.now() < end; ) {
        plantId = (await admin.get<{ records: { id: string }[] }>(`${C}/plant/page?size=1`)).records[0]?.id;
        if (!plantId) await sleep(500);
      }
      await admin.dispose();
      if (!plantId) throw new Error('the demo station did not appear within 120 s');
      await provide({ ...server, mqttUrl: `mqtt://127.0.0.1:${port}`, plantId });
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ settingsServer }, provide) => provide(settingsServer.url),
});

test.describe.configure({ mode: 'serial' });

/** A new inverter of the demo station, online over MQTT; its detail page's id. */
async function addInverter(s: Fixture, tag: string) {
  const admin = await api(s.url);
  try {
    const sn = `E2ESET${tag}`;
    await admin.post(`${C}/deviceExitFactoryInfo/save`, { deviceSn: sn, model: 'E2E-SET-8K' });
    const [d] = await admin.post<{ secret: string }[]>(`${C}/plant/addDevice`, { plantId: s.plantId, devices: [{ deviceType: 'inverter', deviceSn: sn }] });
    const client = await inverter(s.mqttUrl, sn, d!.secret);
    const id = (await admin.get<{ records: { id: string; deviceSn: string }[] }>(`${C}/inverter/page?deviceSn=${sn}`)).records.find((r) => r.deviceSn === sn)!.id;
    return { sn, id, client };
  } finally {
    await admin.dispose();
  }
}

/** The advanced-settings tab of inverter `id`, its form loaded. */
async function openSettings(page: Page, lang: Lang, id: string) {
  await signIn(page, lang, `/inverter/detail/${id}`);
  await page.getByRole('tab', { name: tr(lang, 'tab.settings') }).click();
  const form = page.getByTestId('device-settings');
  await expect(form).toBeVisible(PAGE_LOAD);
  return form;
}

/** antd spaces out a two-character Chinese button label ("下 发"). */
const spaced = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);
const send = (page: Page, lang: Lang) => page.getByRole('button', { name: spaced(tr(lang, 'remote.send')) }).click();
const lastCommand = (page: Page) => page.getByTestId('settings-command').first();

test('an inverter power limit is sent, verified and logged; an out-of-range value is refused on the form (zh-CN)', async ({ page, settingsServer }) => {
  const lang = 'zh-CN';
  const L = (k: string) => tr(lang, k);
  const { sn, id, client } = await addInverter(settingsServer, `ZH${Date.now().toString(36).toUpperCase()}`);
  try {
    const problems = watchProblems(page);
    const form = await openSettings(page, lang, id);
    await form.getByRole('tab', { name: '功率限制' }).click();
    const limit = form.getByLabel('有功功率限制');
    await expect(limit).toHaveValue('100');

    // Out of range: the rule in the user's language (the server's own words), and nothing is sent.
    await limit.fill('150');
    await send(page, lang);
    await expect(form.getByText('有功功率限制的取值范围为0~110')).toBeVisible();
    await expect(page.getByTestId('settings-command')).toHaveCount(0);
    const admin = await api(settingsServer.url);
    expect((await admin.get<{ total: number }>(`${C}/device/setup/command/list?deviceSn=${sn}`)).total).toBe(0);
    await admin.dispose();

    // A valid limit: sent, succeeded, verified by the read-back; the form starts again from the new version.
    await limit.fill('80');
    await send(page, lang);
    await expect(lastCommand(page)).toContainText(L('remote.state.succeeded'));
    await expect(lastCommand(page)).toContainText(L('remote.verified'));
    await expect(form.getByText(tr(lang, 'remote.version').replace('{{n}}', '1'))).toBeVisible();

    // The operation log: who, item, old → new, result.
    const log = page.getByTestId('settings-log').locator('tr', { hasText: '有功功率限制' });
    await expect(log).toContainText('100 → 80');
    await expect(log).toContainText(L('remote.state.succeeded'));
    await expect(log).toContainText(L('remote.verified'));

    await expectAccessible(page, '[data-testid="inverter-detail"] .ant-tabs-tabpane-active');
    await page.screenshot({ path: path.join(SHOTS, `settings-${lang}.png`), fullPage: true });
    expect(problems).toEqual([]);
  } finally {
    await client.endAsync(true).catch(() => undefined);
  }
});

test('a grid-code setting waits for a second person, then an earlier version is restored (en-US)', async ({ page, settingsServer }) => {
  const lang = 'en-US';
  const L = (k: string) => tr(lang, k);
  const tag = `EN${Date.now().toString(36).toUpperCase()}`;
  const { sn, id, client } = await addInverter(settingsServer, tag);
  // The second person: another user with the administrator's role.
  const admin = await api(settingsServer.url);
  const roles = await admin.get<{ id: string; roleAlias: string }[]>('/api/blade-system/role/select');
  const account = `e2eap${Date.now().toString(36)}`;
  const password = 'E2ePass2026';
  await admin.post('/api/blade-system/user/submit', {
    account,
    name: account,
    realName: account,
    phoneDiallingCode: '+86',
    phone: '13800138000',
    roleId: (roles.find((r) => r.roleAlias === 'administrator') ?? roles[0]!).id,
    userType: 1,
    password,
  });
  await admin.dispose();
  try {
    const problems = watchProblems(page);
    const form = await openSettings(page, lang, id);

    // A power limit and an over-voltage trip together: the grid-code item holds the command for approval.
    await form.getByRole('tab', { name: 'Power limit' }).click();
    await form.getByLabel('Active power limit').fill('80');
    await form.getByRole('tab', { name: 'Grid parameters' }).click();
    await expect(form.getByRole('group', { name: 'Grid parameters' }).getByText(L('remote.gridCodeItem')).first()).toBeVisible();
    await form.getByLabel('Over-voltage trip 1').fill('260');
    await send(page, lang);
    await expect(lastCommand(page)).toContainText(L('remote.state.pending_approval'));
    await expect(lastCommand(page)).toContainText(L('remote.waitsForApproval'));
    await page.getByRole('tab', { name: L('remote.approvals') }).click();
    // Listed for approval; not by its requester (the server would refuse that too).
    await expect(page.getByTestId('settings-approvals').locator('tr', { hasText: 'gridOverVoltage1 = 260' })).toContainText(L('remote.ownRequest'));
    await expectAccessible(page, '[data-testid="inverter-detail"] .ant-tabs-tabpane-active');
    await page.screenshot({ path: path.join(SHOTS, `settings-${lang}.png`), fullPage: true });

    // The second person approves (the requester could not): the command goes out and is verified.
    const approver = await api(settingsServer.url, account, password);
    const [pending] = (await approver.get<{ records: { id: string }[] }>(`${C}/device/setup/command/list?deviceSn=${sn}&state=pending_approval`)).records;
    await approver.post(`${C}/device/setup/command/approve`, { id: pending!.id });
    await approver.dispose();
    await expect(lastCommand(page)).toContainText(L('remote.state.succeeded'), { timeout: 15_000 });
    await expect(lastCommand(page)).toContainText(L('remote.verified'));
    await expect(form.getByText(L('remote.version').replace('{{n}}', '1'))).toBeVisible();

    // A second power limit (version 2), then version 1 again through the history.
    await form.getByRole('tab', { name: 'Power limit' }).click();
    await form.getByLabel('Active power limit').fill('90');
    await send(page, lang);
    await expect(form.getByText(L('remote.version').replace('{{n}}', '2'))).toBeVisible();
    await page.getByRole('tab', { name: L('remote.versions') }).click();
    await page.getByRole('button', { name: L('remote.restoreVersion').replace('{{n}}', '1') }).click();
    const confirm = page.getByRole('dialog', { name: L('remote.restoreTitle') });
    await confirm.getByRole('button', { name: spaced(L('remote.restore')) }).click();
    await expect(confirm).toBeHidden();
    const restored = page.getByTestId('settings-versions').getByTestId('settings-command').first();
    await expect(restored).toContainText(L('remote.state.succeeded'));
    await expect(restored).toContainText(L('remote.verified'));
    await expect(form.getByText(L('remote.version').replace('{{n}}', '3'))).toBeVisible();
    await form.getByRole('tab', { name: 'Power limit' }).click();
    await expect(form.getByLabel('Active power limit')).toHaveValue('80');
    expect(problems).toEqual([]);
  } finally {
    await client.endAsync(true).catch(() => undefined);
  }
});

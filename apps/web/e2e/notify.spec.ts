/**
 * Alarm notifications (issue 14), as an operator: "My alarm subscriptions" is reached from the bell, a subscription
 * is saved in the dialog → a device reports a fault over MQTT → the alarm arrives in the bell's alarm tab without a
 * reload (the inbox is polled every 10 s) → opening it goes to the alarm → the same in English. axe-core finds no
 * critical or serious problem on the page, the dialog or the bell; screenshots of both languages go to
 * $NOTIFY_SHOTS (default /tmp/h/alarm-notify).
 *
 * The server is this spec's own (as e2e/alarms.spec.ts): the broker on a known loopback port and a one-station demo
 * fleet, so there is a station to register an inverter to.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import type { Page } from '@playwright/test';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { expect, test as base } from './fixtures';
import { ADMIN, PAGE_LOAD, signIn, watchProblems, expectAccessible } from './helpers';
import { startServer, type E2EServer } from './servers';
import { freePort } from './fleet-api';

const SHOTS = process.env.NOTIFY_SHOTS ?? '/tmp/h/alarm-notify';
const C = '/api/skyworth-client';

const test = base.extend<object, { notifyServer: E2EServer & { mqttUrl: string } }>({
  notifyServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const port = await freePort();
      const server = await startServer({
        HELIO_E2E_SIMULATOR: 'on',
        HELIO_SIM_STATIONS: '1',
        HELIO_SIM_INTERVAL: '60',
        HELIO_MQTT_HOST: '127.0.0.1',
        HELIO_MQTT_PORT: String(port),
      });
      await provide({ ...server, mqttUrl: `mqtt://127.0.0.1:${port}` });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ notifyServer }, provide) => provide(notifyServer.url),
});

/** An inverter added to the demo station through the API (as an installer does); its SN and MQTT secret. */
async function addInverter(url: string): Promise<{ sn: string; secret: string }> {
  const ctx = await playwrightRequest.newContext({ baseURL: url });
  try {
    const basic = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
    const res = await ctx.post('/api/blade-auth/oauth/token', {
      headers: { Authorization: basic, 'Tenant-Id': ADMIN.tenant },
      params: { tenantId: ADMIN.tenant, username: ADMIN.account, password: createHash('md5').update(ADMIN.password).digest('hex'), grant_type: 'password', scope: 'all', type: 'account' },
    });
    const headers = { Authorization: basic, 'Blade-Auth': `bearer ${((await res.json()) as { access_token: string }).access_token}` };
    const data = async <T>(r: Awaited<ReturnType<typeof ctx.get>>) => {
      const body = (await r.json()) as { code: number; data: T; msg: string };
      if (body.code !== 200) throw new Error(`${r.url()}: ${body.code} ${body.msg}`);
      return body.data;
    };
    let plantId = '';
    for (const end = Date.now() + 120_000; !plantId && Date.now() < end; ) {
      plantId = (await data<{ records: { id: string }[] }>(await ctx.get(`${C}/plant/page?size=1`, { headers }))).records[0]?.id ?? '';
      if (!plantId) await new Promise((r) => setTimeout(r, 1000));
    }
    if (!plantId) throw new Error('the demo station did not appear within 120 s');
    const sn = `E2ENTF${Date.now().toString(36).toUpperCase()}`;
    await data(await ctx.post(`${C}/deviceExitFactoryInfo/save`, { headers, data: { deviceSn: sn, model: 'E2E-8K' } }));
    const [device] = await data<{ secret: string }[]>(await ctx.post(`${C}/plant/addDevice`, { headers, data: { plantId, devices: [{ deviceType: 'inverter', deviceSn: sn }] } }));
    return { sn, secret: device!.secret };
  } finally {
    await ctx.dispose();
  }
}

async function report(client: MqttClient, sn: string, faults: number[]): Promise<void> {
  const ts = Date.now();
  const body = {
    ts, state: faults.length ? 7 : 2, pv: [{ v: 380, i: 5 }], pvPower: 0,
    grid: { v: [230, 231, 229], i: [2, 2, 2], p: [400, 400, 400], power: -1200, freq: 50.01 }, load: { power: 1500 },
    battery: { v: 51.2, i: -10, power: -512, soc: 55, temp: 25 }, temp: { inner: 40, sink: 45 },
    energy: { pvTotal: 1000, loadTotal: 500, importTotal: 100, exportTotal: 300, chargeTotal: 50, dischargeTotal: 40 }, faults,
  };
  await client.publishAsync(`helio/v1/${sn}/telemetry`, JSON.stringify(body), { qos: 1 });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `notify-${name}.png`), fullPage: true });
}

test('a subscription saved from the bell brings a device fault into the bell, live, in both languages', async ({ page, notifyServer }) => {
  test.setTimeout(240_000);
  const problems = watchProblems(page);
  const { sn, secret } = await addInverter(notifyServer.url);
  const client = await mqtt.connectAsync(notifyServer.mqttUrl, { clientId: sn, username: sn, password: secret, reconnectPeriod: 0 });
  try {
    await signIn(page, 'zh-CN');
    // The bell leads to the subscriptions.
    await page.getByRole('button', { name: '通知公告' }).click();
    await page.getByRole('button', { name: '我的告警订阅' }).click();
    await expect(page).toHaveURL(/\/notify\/subscription$/, PAGE_LOAD);
    await expect(page.getByRole('heading', { name: '我的告警订阅' })).toBeVisible(PAGE_LOAD);

    await page.getByRole('button', { name: '新增订阅' }).click();
    const dialog = page.getByRole('dialog', { name: '新增订阅' });
    await dialog.getByLabel('名称').fill(`E2E ${sn}`);
    await expect(dialog.getByRole('checkbox', { name: '站内信' })).toBeChecked();
    await expectAccessible(page, '.ant-modal');
    await shot(page, 'dialog-zh');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `E2E ${sn}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('我可查看的全部电站');
    await expect(row).toContainText('站内信');
    await expectAccessible(page, '.ant-card');
    await shot(page, 'page-zh');

    // The inverter overheats: the alarm reaches the bell by itself (gather 5 s, job, bell poll 10 s).
    await report(client, sn, [8]);
    const bell = page.getByRole('button', { name: '通知公告' });
    await expect(page.locator('.ant-badge .ant-scroll-number').first()).toBeVisible({ timeout: 60_000 });
    const reopen = async (button: typeof bell) => {
      if (await page.locator('.ant-popover:not(.ant-popover-hidden)').count()) await button.click();
      await button.click();
    };
    await expect(async () => {
      await reopen(bell);
      await expect(page.getByRole('tab', { name: /告警 \([1-9]/ })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    const item = page.locator('.ant-popover').getByText('[重要] 过温', { exact: true });
    await expect(item).toBeVisible();
    await expectAccessible(page, '.ant-popover');
    await shot(page, 'bell-zh');
    await item.click();
    await expect(page).toHaveURL(/\/alarm\?id=\d+$/, PAGE_LOAD);

    // English: the page and the bell follow the language.
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.goto('/notify/subscription');
    await expect(page.getByRole('heading', { name: 'My alarm subscriptions' })).toBeVisible(PAGE_LOAD);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `E2E ${sn}` })).toContainText('All stations I can see');
    await expectAccessible(page, '.ant-card');
    await shot(page, 'page-en');
    await report(client, sn, []); // recovers: a recovery notice
    await expect(async () => {
      await reopen(page.getByRole('button', { name: 'Notices', exact: true }));
      await expect(page.locator('.ant-popover').getByText('Recovered: Over-temperature', { exact: true })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await expectAccessible(page, '.ant-popover');
    await shot(page, 'bell-en');
    expect(problems).toEqual([]);
  } finally {
    await client.endAsync(true).catch(() => undefined);
  }
});

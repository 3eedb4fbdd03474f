/**
 * Stations and equipment walk (issue 6), one walk that starts in Chinese and switches the console to English halfway:
 * home dashboard → station list → station detail (energy flow, charts by day and month) → inverter tabs and status
 * curve in Chinese; then, switched on the inverter's page, its daily chart → battery → guardian → EV charger in
 * English. Screenshots of the charts in e2e/screenshots/stations-*.png, named by the language on screen (look at
 * them: a blank canvas is a failure the assertions cannot see).
 *
 * Data: the workers' servers run with the simulator off, so they have no fleet. These tests read the server with the
 * simulator on (HELIO_SIM_STATIONS=10, fresh data dir) that the global setup launches for the whole run
 * (e2e/global-setup.ts), or the one E2E_STATIONS_URL points at (e.g. `npm start`); each worker waits until its
 * stations report before its first walk. Every test only reads the fleet or adds its own device, so they run in
 * parallel like the rest.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, PAGE_LOAD, switchConsoleLanguage, watchProblems } from './helpers';
import { startServer, type E2EServer } from './servers';

const SHOTS = path.join(import.meta.dirname, 'screenshots');
let base = process.env.E2E_STATIONS_URL ?? '';
/** Only when the fleet was not launched for the run (a config without the global setup): this worker's own. */
let ownFleet: E2EServer | undefined;

/** Signed-in API access to `base` (admin), for waiting on the fleet. */
async function api() {
  const ctx = await playwrightRequest.newContext({ baseURL: base });
  const basic = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
  const password = createHash('md5').update(ADMIN.password).digest('hex');
  const res = await ctx.post('/api/blade-auth/oauth/token', {
    headers: { Authorization: basic, 'Tenant-Id': ADMIN.tenant },
    params: { tenantId: ADMIN.tenant, username: ADMIN.account, password, grant_type: 'password', scope: 'all', type: 'account' },
  });
  const token = ((await res.json()) as { access_token?: string }).access_token;
  return {
    async get<T>(url: string): Promise<T | undefined> {
      const r = await ctx.get(url, { headers: { Authorization: basic, 'Blade-Auth': `bearer ${token}` } });
      const body = (await r.json()) as { code: number; data: T };
      return body.code === 200 ? body.data : undefined;
    },
    async post<T>(url: string, data: unknown): Promise<{ code: number; data: T }> {
      const r = await ctx.post(url, { headers: { Authorization: basic, 'Blade-Auth': `bearer ${token}` }, data });
      return (await r.json()) as { code: number; data: T };
    },
    dispose: () => ctx.dispose(),
  };
}

async function hasFleet(): Promise<boolean> {
  try {
    const a = await api();
    const page = await a.get<{ total: number }>('/api/skyworth-client/plant/page?size=1');
    const chargers = await a.get<{ total: number }>('/api/skyworth-client/charger/list?size=1');
    const status = await a.get<{ normal: number }>('/api/skyworth-client/home/plantStatusSummary');
    await a.dispose();
    // Stations, chargers, and devices reporting live (a station is normal once its devices have reported).
    return (page?.total ?? 0) > 0 && (chargers?.total ?? 0) > 0 && (status?.normal ?? 0) > 0;
  } catch {
    return false;
  }
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  if (!base) {
    ownFleet = await startServer({ HELIO_E2E_SIMULATOR: 'on', HELIO_SIM_STATIONS: '10', HELIO_SIM_INTERVAL: '20' });
    base = ownFleet.url;
  }
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (await hasFleet()) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
  const log = process.env.E2E_STATIONS_LOG;
  const tail = log && fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-4000) : '';
  throw new Error(`the simulator fleet at ${base} did not come up within 240 s${tail ? `; its server said:\n${tail}` : ''}`);
});

test.afterAll(async () => {
  await ownFleet?.stop();
});

async function signIn(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.goto(`${base}/login`);
  await page.locator('.helio-auth').waitFor();
  if ((await page.locator('html').getAttribute('lang')) !== language) {
    await page.getByRole('button', { name: language === 'en-US' ? /English/ : /简体中文/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
  }
  const en = language === 'en-US';
  const tenant = page.getByLabel(en ? 'Tenant ID' : '租户ID');
  if (await tenant.isVisible()) await tenant.fill(ADMIN.tenant);
  await page.getByLabel(en ? 'Account' : '账号').fill(ADMIN.account);
  await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: en ? 'Sign in' : /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
}

/**
 * A chart has drawn: an ECharts canvas that is not blank (some non-transparent pixels), or the dashboard's SVG chart
 * (light-chart.tsx) with bars or lines in it.
 */
async function expectChartDrawn(page: Page, label: string | RegExp): Promise<void> {
  const chart = page.getByRole('img', { name: label }).first();
  await expect(chart.locator('canvas, svg').first()).toBeVisible(PAGE_LOAD);
  if (await chart.locator('svg').count()) {
    await expect.poll(() => chart.locator('svg [data-mark]').count()).toBeGreaterThan(0);
    return;
  }
  await expect
    .poll(async () =>
      chart.locator('canvas').first().evaluate((c: HTMLCanvasElement) => {
        const ctx = c.getContext('2d');
        if (!ctx) return 0;
        const { data } = ctx.getImageData(0, 0, c.width, c.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 16) if (data[i]! > 0) painted++;
        return painted;
      }),
    )
    .toBeGreaterThan(500);
}

async function shot(page: Page, name: string, target?: ReturnType<Page['locator']>): Promise<void> {
  await page.waitForTimeout(300);
  if (target) await target.screenshot({ path: path.join(SHOTS, `stations-${name}.png`) });
  else await page.screenshot({ path: path.join(SHOTS, `stations-${name}.png`), fullPage: true });
}

const TEXT = {
  'zh-CN': {
    performance: '发电与用电',
    todayGeneration: '今日发电量',
    flow: '能量流动',
    energyChart: '电量统计',
    month: '月',
    tabs: ['总览', '光伏与电池', '电网与负载', '状态曲线', '每日统计', '累计统计', '并机信息', '高级设置', '事件列表', '异常列表', '安装信息', '设备信息'],
    curve: '状态曲线',
    daily: '每日统计',
    batteryTabs: ['当前状态', '状态曲线', '每日充放电', '累计统计', '安装信息', '设备信息', '事件列表', '异常列表'],
    guardianTabs: ['三相数据', '闸位与保护', '告警', '状态曲线'],
    thresholds: '告警阈值',
    sessions: '充电记录',
    normal: '正常',
    plantDetailTab: '电站详情',
    search: '查 询',
  },
  'en-US': {
    performance: 'Generation and consumption',
    todayGeneration: 'Generated today',
    flow: 'Energy flow',
    energyChart: 'Energy chart',
    month: 'Month',
    tabs: ['Overview', 'PV and battery', 'Grid and load', 'Status curve', 'Daily statistics', 'Totals', 'Parallel machines', 'Advanced settings', 'Events', 'Exceptions', 'Install info', 'Device info'],
    curve: 'Status curve',
    daily: 'Daily statistics',
    batteryTabs: ['Current status', 'Status curve', 'Daily estimate', 'Totals', 'Install info', 'Device info', 'Events', 'Exceptions'],
    guardianTabs: ['Three-phase data', 'Gate and protection', 'Alarms', 'Status curve'],
    thresholds: 'Alarm thresholds',
    sessions: 'Sessions',
    normal: 'Normal',
    plantDetailTab: 'Station detail',
    search: 'Search',
  },
} as const;

/**
 * Open the first row's link of the list on screen — with `status`, the first row showing that network status (the
 * simulator takes some devices offline for days, and an offline device has no curve for today).
 */
async function openFirst(page: Page, status?: string): Promise<void> {
  let rows = page.locator('.ant-table-tbody tr.ant-table-row');
  if (status) rows = rows.filter({ has: page.locator('.ant-tag', { hasText: status }) });
  const link = rows.first().locator('.ant-typography').first();
  // The walk's own simulator registers its devices over the first minute: reload until the list has one.
  try {
    await expect(async () => {
      if (!(await link.isVisible())) await page.reload();
      await expect(link).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
  } catch (err) {
    throw new Error(`no station${status ? ` "${status}"` : ''} on the list; the fleet: ${await fleetState()}`, { cause: err });
  }
  await link.click();
}

/** What the fleet server says of its stations and simulator (a failed walk's message: CI keeps no trace). */
async function fleetState(): Promise<string> {
  const a = await api().catch(() => undefined);
  const summary = await a?.get('/api/skyworth-client/home/plantStatusSummary').catch(() => undefined);
  await a?.dispose();
  const log = process.env.E2E_STATIONS_LOG;
  const lines = log && fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n') : [];
  const telling = lines.filter((l) => /simulator|"level":(40|50)/.test(l)).slice(-8);
  return `${JSON.stringify(summary)}; ${process.env.E2E_STATIONS_LOG ?? 'no log'}:\n${telling.join('\n')}`;
}

test('stations walk (zh-CN → en-US)', async ({ page }) => {
  test.setTimeout(180_000);
  let lang: 'zh-CN' | 'en-US' = 'zh-CN';
  let L: (typeof TEXT)[keyof typeof TEXT] = TEXT[lang];
  let tag = 'zh';
  const problems = watchProblems(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, lang);

  // Home dashboard: figures, KPI formulas, status summary, chart.
  const home = page.getByTestId('home-dashboard');
  await expect(home).toBeVisible(PAGE_LOAD);
  await expect(home.getByTestId('home-today-generation')).toContainText(L.todayGeneration);
  await expect(home.getByTestId('home-plant-status')).toContainText(L.normal);
  await expectChartDrawn(page, L.performance);
  await shot(page, `home-${tag}`);

  // Station list → detail.
  await page.goto(`${base}/power-station-equip/power`);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible(PAGE_LOAD);
  await expect(page.locator('.ant-table-tbody .ant-tag').first()).toBeVisible();
  await openFirst(page, L.normal);
  await expect(page).toHaveURL(/\/power-station-equip\/power\/detail\/\d+$/, PAGE_LOAD);
  // The detail tab is named from the station texts, which arrive with the page's chunk (not the bare key).
  await expect(page.locator('.helio-tabs').getByText(L.plantDetailTab, { exact: true })).toBeVisible(PAGE_LOAD);
  const flow = page.getByTestId('energy-flow');
  await expect(flow.getByRole('img', { name: new RegExp(L.flow) })).toBeVisible(PAGE_LOAD);
  await expectChartDrawn(page, L.energyChart);
  await shot(page, `station-${tag}`);
  await page.getByTestId('station-energy-chart').getByText(L.month, { exact: true }).click();
  await expectChartDrawn(page, L.energyChart);
  await shot(page, `station-month-${tag}`, page.getByTestId('station-energy-chart'));

  // Inverter of the station → every tab.
  await page
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ has: page.locator('.ant-tag', { hasText: L.normal }) })
    .locator('.ant-typography', { hasText: /^HLI/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/inverter\/detail\/\d+$/, PAGE_LOAD);
  // Each detail's own panel is the first: tabs nest (the settings tab holds its history's tabs).
  const inverter = page.getByTestId('inverter-detail');
  for (const name of L.tabs) {
    await inverter.getByRole('tab', { name, exact: true }).click();
    await expect(inverter.getByRole('tabpanel').first()).toBeVisible();
  }
  await inverter.getByRole('tab', { name: L.curve, exact: true }).click();
  await expectChartDrawn(page, L.curve);
  await shot(page, `inverter-curve-${tag}`, inverter.getByRole('tabpanel').first());

  // The console in English from here on, switched on the inverter's page: its tabs and charts are renamed in place.
  await switchConsoleLanguage(page, 'en-US');
  lang = 'en-US';
  L = TEXT[lang];
  tag = 'en';
  await expect(inverter.getByRole('tab', { name: L.curve, exact: true })).toBeVisible();
  await inverter.getByRole('tab', { name: L.daily, exact: true }).click();
  await expectChartDrawn(page, L.daily);
  await shot(page, `inverter-daily-${tag}`, inverter.getByRole('tabpanel').first());

  // Batteries: summary + list → detail tabs.
  await page.goto(`${base}/battery`);
  await expect(page.getByTestId('device-summary')).toBeVisible(PAGE_LOAD);
  await openFirst(page, L.normal);
  await expect(page).toHaveURL(/\/battery\/detail\/\d+$/, PAGE_LOAD);
  const battery = page.getByTestId('battery-detail');
  for (const name of L.batteryTabs) {
    await battery.getByRole('tab', { name, exact: true }).click();
    await expect(battery.getByRole('tabpanel').first()).toBeVisible();
  }
  await battery.getByRole('tab', { name: L.curve, exact: true }).click();
  await expectChartDrawn(page, L.curve);
  await shot(page, `battery-curve-${tag}`, battery.getByRole('tabpanel').first());

  // Guardians: list → detail (three-phase, protection with thresholds, alarms).
  await page.goto(`${base}/guardian`);
  // After a full load the kept tabs are named again once the station texts arrive with the page's chunk — in the
  // language switched to, though the tab was opened in Chinese.
  await expect(page.locator('.helio-tabs').getByText(L.plantDetailTab, { exact: true })).toBeVisible(PAGE_LOAD);
  await openFirst(page);
  await expect(page).toHaveURL(/\/guardian\/detail\/\d+$/, PAGE_LOAD);
  const guardian = page.getByTestId('guardian-detail');
  for (const name of L.guardianTabs) {
    await guardian.getByRole('tab', { name, exact: true }).click();
    await expect(guardian.getByRole('tabpanel').first()).toBeVisible();
  }
  await guardian.getByRole('tab', { name: L.guardianTabs[1], exact: true }).click();
  await expect(guardian.getByRole('tabpanel').first()).toContainText(L.thresholds);
  await shot(page, `guardian-${tag}`);

  // EV chargers: list → detail → sessions.
  await page.goto(`${base}/charge`);
  await openFirst(page);
  await expect(page).toHaveURL(/\/charge\/detail\/\d+$/, PAGE_LOAD);
  const charger = page.getByTestId('charger-detail');
  await charger.getByRole('tab', { name: L.sessions, exact: true }).click();
  await expect(charger.getByRole('tabpanel').first().locator('.ant-table')).toBeVisible(PAGE_LOAD);
  await shot(page, `charger-${tag}`);

  expect(problems).toEqual([]);
});

test('stations at 375 px (zh-CN)', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'zh-CN');
  await expect(page.getByTestId('home-dashboard')).toBeVisible(PAGE_LOAD);
  await expectChartDrawn(page, TEXT['zh-CN'].performance);
  await shot(page, 'home-375');
  await page.goto(`${base}/power-station-equip/power`);
  await openFirst(page);
  await expect(page.getByTestId('energy-flow')).toBeVisible(PAGE_LOAD);
  await expectChartDrawn(page, TEXT['zh-CN'].energyChart);
  await shot(page, 'station-375');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(380);
  expect(problems).toEqual([]);
});

test('register a device to a station by its serial number (zh-CN)', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  // A serial number the manufacturer has delivered: a row of the inverter factory list.
  const sn = `E2EREG${Date.now().toString(36).toUpperCase()}`;
  const a = await api();
  expect((await a.post('/api/skyworth-client/deviceExitFactoryInfo/save', { deviceSn: sn, model: 'E2E-5K' })).code).toBe(200);
  await a.dispose();

  await signIn(page, 'zh-CN');
  await page.goto(`${base}/power-station-equip/power`);
  await openFirst(page);
  // As a user does: the station's page drawn (its devices listed) before the button is used.
  await expect(page.getByTestId('station-detail').locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible(PAGE_LOAD);
  await page.getByRole('button', { name: '添加设备' }).click();
  const dialog = page.getByRole('dialog', { name: '添加设备' });
  await expect(dialog).toBeVisible();
  const snInput = dialog.getByLabel('设备 SN 1');
  // A malformed SN is refused in the form; an unknown one by the server, and the dialog keeps what was typed.
  await snInput.fill('ab');
  await expect(dialog.getByText('序列号为 4 到 64 位字母、数字、_ 或 -')).toBeVisible();
  await snInput.fill('NOSUCHSN01');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('序列号不存在: NOSUCHSN01')).toBeVisible();
  await expect(snInput).toHaveValue('NOSUCHSN01');
  await snInput.fill(sn);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const done = page.getByRole('dialog', { name: '设备已登记' });
  await expect(done.getByText('设备密钥只显示这一次')).toBeVisible();
  await expect(done.locator('tbody tr')).toHaveCount(1);
  await expect(done.locator('tbody tr').getByText(sn)).toBeVisible();
  await shot(page, 'add-device-secret');
  await done.getByRole('button', { name: '完 成' }).or(done.getByRole('button', { name: '完成' })).click();
  await expect(page.getByTestId('station-detail').getByText(sn)).toBeVisible();
  expect(problems.filter((p) => !p.includes('/plant/addDevice'))).toEqual([]);
});

/**
 * Alarm badges and analysis (issue 14), in Chinese and in English: an inverter added to the demo station reports two
 * faults over MQTT; one alarm is acknowledged and then recovers, the other stays active → the home dashboard's
 * alarm card shows the active counts by severity, the station list shows the station's badge, the station detail
 * its severity tags, the device detail its badge, and the analysis page draws its MTTA/MTTR and category charts.
 * axe-core finds no critical or serious problem in those parts; screenshots of both languages go to
 * $ALARM_BADGE_SHOTS (default e2e/screenshots/).
 *
 * Like e2e/alarms.spec.ts, this spec's worker runs its own server with the broker on a known loopback port and a
 * one-station demo fleet; the device is added the way an installer does it and speaks docs/device-protocol.md.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import mqtt from 'mqtt';
import { expect, test as base } from './fixtures';
import { PAGE_LOAD, signIn, watchProblems, expectAccessible } from './helpers';
import { startServer, type E2EServer } from './servers';
import { adminApi, freePort } from './fleet-api';

const SHOTS = process.env.ALARM_BADGE_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
const C = '/api/skyworth-client';

interface Counts {
  total: number;
  critical: number;
  major: number;
  minor: number;
  warning: number;
  unacknowledged: number;
}
interface Fixture extends E2EServer {
  plantId: string;
  deviceId: string;
  guardianId: string;
  counts: Counts;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(500)) {
    const v = await check();
    if (v !== undefined) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The demo station gets an inverter that reports faults 8 (over-temperature) and 18 (fan failure); the fan alarm is
 * acknowledged and then clears (a recovered, acknowledged alarm: MTTA and MTTR), over-temperature stays active.
 */
async function raiseAlarms(url: string, mqttUrl: string): Promise<Omit<Fixture, keyof E2EServer>> {
  const api = await adminApi(url);
  try {
    const plantId = await until('the demo station', async () => (await api.get<{ records: { id: string }[] }>(`${C}/plant/page?size=1`)).records[0]?.id, 120_000);
    const sn = `E2EBDG${Date.now().toString(36).toUpperCase()}`;
    await api.post(`${C}/deviceExitFactoryInfo/save`, { deviceSn: sn, model: 'E2E-8K' });
    const [device] = await api.post<{ secret: string }[]>(`${C}/plant/addDevice`, { plantId, devices: [{ deviceType: 'inverter', deviceSn: sn }] });
    const client = await mqtt.connectAsync(mqttUrl, { clientId: sn, username: sn, password: device!.secret, reconnectPeriod: 0 });
    const report = (faults: number[]) =>
      client.publishAsync(
        `helio/v1/${sn}/telemetry`,
        JSON.stringify({
          ts: Date.now(),
          state: 7,
          pv: [{ v: 380, i: 5 }],
          pvPower: 0,
          grid: { v: [230, 231, 229], i: [2, 2, 2], p: [400, 400, 400], power: 1200, freq: 50.01 },
          load: { power: 1500 },
          battery: { v: 51.2, i: -10, power: -512, soc: 55, temp: 25 },
          temp: { inner: 40, sink: 45 },
          energy: { pvTotal: 1000, loadTotal: 500, importTotal: 100, exportTotal: 300, chargeTotal: 50, dischargeTotal: 40 },
          faults,
        }),
        { qos: 1 },
      );
    try {
      await report([8, 18]);
      type Row = { id: string; alarmCode: number; alarmStatus: number };
      const mine = () => api.get<{ records: Row[] }>(`${C}/alarmLog/list?deviceSn=${sn}&size=50`).then((p) => p.records);
      const fan = await until('the fan alarm', async () => (await mine()).find((a) => a.alarmCode === 18 && a.alarmStatus === 0));
      await sleep(1500); // a measurable time to acknowledge
      await api.post(`${C}/alarmLog/acknowledge`, { ids: fan.id });
      await sleep(1500);
      await report([8]);
      await until('the fan alarm to recover', async () => ((await mine()).find((a) => a.id === fan.id)?.alarmStatus === 1 ? true : undefined));
    } finally {
      await client.endAsync(true).catch(() => undefined);
    }
    const deviceId = (await api.get<{ records: { id: string; deviceSn: string }[] }>(`${C}/inverter/page?deviceSn=${sn}`)).records.find((r) => r.deviceSn === sn)!.id;
    const guardianId = (await api.get<{ records: { id: string }[] }>(`${C}/guardianPlant/list?size=1`)).records[0]?.id ?? '';
    return { plantId, deviceId, guardianId, counts: await api.get<Counts>(`${C}/alarmLog/count?plantId=${plantId}`) };
  } finally {
    await api.dispose();
  }
}

const test = base.extend<object, { badgeServer: Fixture }>({
  badgeServer: [
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
      await provide({ ...server, ...(await raiseAlarms(server.url, `mqtt://127.0.0.1:${port}`)) });
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ badgeServer }, provide) => provide(badgeServer.url),
});

/** A chart has drawn: its canvas exists and is not blank. */
async function expectChartDrawn(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(testId).locator('canvas').first();
  await expect(canvas).toBeVisible(PAGE_LOAD);
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 16) if (data[i]! > 0) painted++;
        return painted;
      }),
    )
    .toBeGreaterThan(500);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `alarm-badges-${name}.png`), fullPage: true });
}

const TEXT = {
  'zh-CN': { card: '活动告警', major: '重要', alarms: '告警', analysis: '告警分析', times: '各分组的 MTTA 与 MTTR(分钟)', agent: '代理商' },
  'en-US': { card: 'Active alarms', major: 'Major', alarms: 'Alarms', analysis: 'Alarm analysis', times: 'MTTA and MTTR per group (minutes)', agent: 'Agent' },
} as const;

for (const language of ['zh-CN', 'en-US'] as const) {
  const L = TEXT[language];
  const tag = language === 'zh-CN' ? 'zh' : 'en';

  test(`alarm counts on the dashboard, station list and details, and the analysis charts (${language})`, async ({ page, badgeServer }) => {
    test.setTimeout(180_000);
    const problems = watchProblems(page);
    const { counts, plantId, deviceId, guardianId } = badgeServer;
    expect(counts.major).toBeGreaterThanOrEqual(1); // over-temperature (major) is active on the demo station
    await page.setViewportSize({ width: 1366, height: 900 });

    // Home dashboard: the card counts the active alarms by severity (the demo fleet may add its own).
    await signIn(page, language);
    const card = page.getByTestId('home-alarms');
    await expect(card).toContainText(L.card, PAGE_LOAD);
    await expect(card.getByTestId('home-alarms-major')).toContainText(L.major);
    await expect
      .poll(async () => Number((await card.getByTestId('home-alarms-major').locator('.ant-statistic-content-value').innerText()).replace(/\D/g, '')))
      .toBeGreaterThanOrEqual(counts.major);
    await expectAccessible(page, '[data-testid="home-alarms"]');
    await shot(page, `home-${tag}`);

    // Station list: the station's badge shows its active alarms, coloured by the highest severity.
    await page.goto('/power-station-equip/power');
    const badge = page.locator('.ant-table-tbody tr.ant-table-row').first().getByTestId('alarm-count');
    await expect(badge).toHaveText(String(counts.total), PAGE_LOAD);
    await expect(badge).toHaveAttribute('data-severity', counts.critical > 0 ? 'critical' : 'major');
    await expectAccessible(page, '.ant-table');
    await shot(page, `stations-${tag}`);

    // Station detail: tags by severity, linking to the alarm list of the station.
    await page.goto(`/power-station-equip/power/detail/${plantId}`);
    const tags = page.getByTestId('station-alarms');
    await expect(tags.locator('[data-severity="major"]')).toContainText(`${L.major} ${counts.major}`, PAGE_LOAD);
    await expect(tags).toHaveAttribute('href', `/alarm?plantId=${plantId}`);
    await expectAccessible(page, '[data-testid="station-alarms"]');

    // Device detail: the inverter's own active alarm.
    await page.goto(`/inverter/detail/${deviceId}`);
    const device = page.getByTestId('device-alarm-badge');
    await expect(device).toContainText(L.alarms, PAGE_LOAD);
    await expect(device.getByTestId('alarm-count')).toHaveText('1');
    await expect(device.getByTestId('alarm-count')).toHaveAttribute('data-severity', 'major');
    await shot(page, `inverter-${tag}`);

    // Guardian detail: its alarms tab lists the guardian's alarms (the alarm module's list, by device).
    if (guardianId) {
      await page.goto(`/guardian/detail/${guardianId}`);
      await page.getByRole('tab', { name: L.alarms }).click(PAGE_LOAD);
      await expect(page.getByTestId('device-alarms')).toBeVisible(PAGE_LOAD);
      await expectAccessible(page, '[data-testid="device-alarms"]');
    }

    // Analysis: MTTA/MTTR per station and the categories per day are drawn; then per agent.
    await page.goto('/alarm/analysis');
    await expect(page.getByTestId('alarm-analysis')).toBeVisible(PAGE_LOAD);
    await expect(page.getByRole('img', { name: L.times })).toBeVisible(PAGE_LOAD);
    await expectChartDrawn(page, 'analysis-times-chart');
    await expectChartDrawn(page, 'analysis-category-chart');
    await expect(page.getByTestId('analysis-mtta').locator('.ant-statistic-content-value')).not.toHaveText('-');
    await expectAccessible(page, '[data-testid="alarm-analysis"]');
    await shot(page, `analysis-${tag}`);
    await page.getByText(L.agent, { exact: true }).click();
    await expectChartDrawn(page, 'analysis-times-chart');
    expect(problems).toEqual([]);
  });
}

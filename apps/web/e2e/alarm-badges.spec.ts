/**
 * Alarm badges and analysis (issue 14), one walk that starts in Chinese and switches the console to English halfway:
 * an inverter added to the demo station reports two faults over MQTT; one alarm is acknowledged and then recovers, the
 * other stays active → in Chinese the home dashboard's alarm card shows the active counts by severity, the station
 * list shows the station's badge and the station detail its severity tags; in English the device detail shows its
 * badge, the guardian detail its alarms tab, and the analysis page draws its MTTA/MTTR and category charts (per
 * station, then per agent). axe-core finds no critical or serious problem in those parts; screenshots go to
 * $ALARM_BADGE_SHOTS (default e2e/screenshots/), named by the language shown.
 *
 * Like e2e/alarms.spec.ts, the walk runs on a fleet server (the broker on a known loopback port, a one-station demo
 * fleet, shared with the worker's other alarm walks); the device is added the way an installer does it and speaks
 * docs/device-protocol.md (e2e/device-play.ts).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, onFleet } from './fixtures';
import { PAGE_LOAD, signIn, switchConsoleLanguage, watchProblems, expectAccessible } from './helpers';
import { ALARM_FLEET, C, demoStation, inverterId, screenshots, sleep, until, withAdmin, type FleetServer, type Lang } from './fleet-api';
import { playInverter } from './device-play';

const shot = screenshots(process.env.ALARM_BADGE_SHOTS ?? path.join(import.meta.dirname, 'screenshots'), 'alarm-badges');

interface Counts {
  total: number;
  critical: number;
  major: number;
  minor: number;
  warning: number;
  unacknowledged: number;
}
interface Raised {
  plantId: string;
  deviceId: string;
  guardianId: string;
  counts: Counts;
}

/**
 * The demo station gets an inverter that reports faults 8 (over-temperature) and 18 (fan failure); the fan alarm is
 * acknowledged and then clears (a recovered, acknowledged alarm: MTTA and MTTR), over-temperature stays active.
 */
function raiseAlarms(fleet: FleetServer): Promise<Raised> {
  return withAdmin(fleet.url, async (api) => {
    const plantId = await demoStation(api);
    const sn = `E2EBDG${Date.now().toString(36).toUpperCase()}`;
    const device = await playInverter(fleet, sn);
    try {
      await device.telemetry([8, 18]);
      type Row = { id: string; alarmCode: number; alarmStatus: number };
      const mine = () => api.get<{ records: Row[] }>(`${C}/alarmLog/list?deviceSn=${sn}&size=50`).then((p) => p.records);
      const fan = await until('the fan alarm', async () => (await mine()).find((a) => a.alarmCode === 18 && a.alarmStatus === 0));
      await sleep(1500); // a measurable time to acknowledge
      await api.post(`${C}/alarmLog/acknowledge`, { ids: fan.id });
      await sleep(1500);
      await device.telemetry([8]);
      await until('the fan alarm to recover', async () => ((await mine()).find((a) => a.id === fan.id)?.alarmStatus === 1 ? true : undefined));
    } finally {
      await device.end();
    }
    const deviceId = await inverterId(api, sn);
    const guardianId = (await api.get<{ records: { id: string }[] }>(`${C}/guardianPlant/list?size=1`)).records[0]?.id ?? '';
    return { plantId, deviceId, guardianId, counts: await api.get<Counts>(`${C}/alarmLog/count?plantId=${plantId}`) };
  });
}

// Raised once per fleet server, before this spec's walk (its file comes before the other alarm walks').
const test = onFleet(ALARM_FLEET).extend<{ badges: Raised }>({
  badges: [async ({ fleet }, provide) => provide(await fleet.once('alarm-badges', () => raiseAlarms(fleet))), { timeout: 180_000 }],
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

const TEXT = {
  'zh-CN': { card: '活动告警', major: '重要', alarms: '告警', analysis: '告警分析', times: '各分组的 MTTA 与 MTTR(分钟)', agent: '代理商' },
  'en-US': { card: 'Active alarms', major: 'Major', alarms: 'Alarms', analysis: 'Alarm analysis', times: 'MTTA and MTTR per group (minutes)', agent: 'Agent' },
} as const;

test('alarm counts on the dashboard, station list and details, and the analysis charts (zh-CN → en-US)', async ({ page, badges }) => {
  test.setTimeout(180_000);
  let lang: Lang = 'zh-CN';
  let L: (typeof TEXT)[Lang] = TEXT[lang];
  // Screenshot names carry the language shown.
  const tag = () => (lang === 'zh-CN' ? 'zh' : 'en');
  const problems = watchProblems(page);
  const { counts, plantId, deviceId, guardianId } = badges;
  expect(counts.major).toBeGreaterThanOrEqual(1); // over-temperature (major) is active on the demo station
  await page.setViewportSize({ width: 1366, height: 900 });

  // zh-CN, home dashboard: the card counts the active alarms by severity (the demo fleet may add its own).
  await signIn(page, lang);
  const card = page.getByTestId('home-alarms');
  await expect(card).toContainText(L.card, PAGE_LOAD);
  await expect(card.getByTestId('home-alarms-major')).toContainText(L.major);
  await expect
    .poll(async () => Number((await card.getByTestId('home-alarms-major').locator('.ant-statistic-content-value').innerText()).replace(/\D/g, '')))
    .toBeGreaterThanOrEqual(counts.major);
  await expectAccessible(page, '[data-testid="home-alarms"]');
  await shot(page, `home-${tag()}`);

  // Station list: the station's badge shows its active alarms, coloured by the highest severity.
  await page.goto('/power-station-equip/power');
  const badge = page.locator('.ant-table-tbody tr.ant-table-row').first().getByTestId('alarm-count');
  await expect(badge).toHaveText(String(counts.total), PAGE_LOAD);
  await expect(badge).toHaveAttribute('data-severity', counts.critical > 0 ? 'critical' : 'major');
  await expectAccessible(page, '.ant-table');
  await shot(page, `stations-${tag()}`);

  // Station detail: tags by severity, linking to the alarm list of the station.
  await page.goto(`/power-station-equip/power/detail/${plantId}`);
  const tags = page.getByTestId('station-alarms');
  await expect(tags.locator('[data-severity="major"]')).toContainText(`${L.major} ${counts.major}`, PAGE_LOAD);
  await expect(tags).toHaveAttribute('href', `/alarm?plantId=${plantId}`);
  await expectAccessible(page, '[data-testid="station-alarms"]');

  // The console in English from here on: the station's tags follow at once.
  await switchConsoleLanguage(page, 'en-US');
  lang = 'en-US';
  L = TEXT[lang];
  await expect(tags.locator('[data-severity="major"]')).toContainText(`${L.major} ${counts.major}`);

  // en-US, device detail: the inverter's own active alarm.
  await page.goto(`/inverter/detail/${deviceId}`);
  const device = page.getByTestId('device-alarm-badge');
  await expect(device).toContainText(L.alarms, PAGE_LOAD);
  await expect(device.getByTestId('alarm-count')).toHaveText('1');
  await expect(device.getByTestId('alarm-count')).toHaveAttribute('data-severity', 'major');
  await shot(page, `inverter-${tag()}`);

  // Guardian detail: its alarms tab lists the guardian's alarms (the alarm module's list, by device).
  if (guardianId) {
    await page.goto(`/guardian/detail/${guardianId}`);
    await page.getByRole('tab', { name: L.alarms, exact: true }).click(PAGE_LOAD);
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
  await shot(page, `analysis-${tag()}`);
  await page.getByText(L.agent, { exact: true }).click();
  await expectChartDrawn(page, 'analysis-times-chart');
  expect(problems).toEqual([]);
});

/**
 * Alarm incidents (issue 14), one walk that starts in Chinese and switches the console to English halfway: a grid
 * outage in one city — three demo stations of that city each get an inverter (added as an installer does) that
 * reports fault 5 "Grid lost" over MQTT within a minute → the alarm module raises the three alarms and groups them
 * into one incident → the incidents page (`/alarm/incident`) lists it with its region, kind and member count; its
 * drawer shows the member alarms; handling the incident there hands every member the handling record. In Chinese the
 * incident is handled "in progress"; in English the list and the drawer are seen again and it is handled "resolved".
 * axe-core finds no critical or serious problem (list and drawer, in each language); screenshots of both languages go
 * to $ALARM_INCIDENT_SHOTS (default e2e/screenshots/).
 *
 * The walk runs on a fleet server of its own settings (the broker on a known loopback port, a demo fleet of 60
 * stations; e2e/fixtures.ts `onFleet`); the inverters are played over MQTT (e2e/device-play.ts).
 */
import path from 'node:path';
import { expect, onFleet } from './fixtures';
import { PAGE_LOAD, expectAccessible, signIn, switchConsoleLanguage, watchProblems } from './helpers';
import { C, addDevices, until, withAdmin, type FleetServer, type Lang } from './fleet-api';
import { playDevices } from './device-play';

const SHOTS = process.env.ALARM_INCIDENT_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
/**
 * Demo stations: enough that some city has three (the fleet spreads them over the Chinese sites and abroad, laid out
 * by the deployment's secret fleet key). With 40, about 3 % of fleets had no city with three (2,000 keys through
 * simulator/fleet.ts's generateFleet); with 60, none of 2,000.
 */
const FLEET = 60;

interface Incident {
  incidentId: string;
  sns: string[];
}

type Plant = { id: string; cityCode: string | null };

/** Three stations of the city with the most demo stations each get an inverter that reports "Grid lost". */
function gridOutage(fleet: FleetServer): Promise<Incident> {
  return withAdmin(fleet.url, async (api) => {
    const plants = await until(
      'the demo stations',
      async () => {
        const p = (await api.get<{ records: Plant[] }>(`${C}/plant/page?size=100`)).records;
        return p.length >= FLEET ? p : undefined; // the whole fleet, not the first stations seeded
      },
      { timeout: 120_000, every: 1000 },
    );
    const byCity = new Map<string, Plant[]>();
    for (const p of plants) if (p.cityCode) byCity.set(p.cityCode, [...(byCity.get(p.cityCode) ?? []), p]);
    const city = [...byCity.values()].sort((a, b) => b.length - a.length)[0]!;
    expect(city.length, 'a city with three demo stations').toBeGreaterThanOrEqual(3);
    const sns: string[] = [];
    for (const [i, plant] of city.slice(0, 3).entries()) {
      const sn = `E2EINC${i}${Date.now().toString(36).toUpperCase()}`;
      const [device] = await playDevices(fleet.mqttUrl, await addDevices(api, plant.id, [{ sn, model: 'E2E-8K' }]));
      sns.push(sn);
      await device!.telemetry([5]).finally(() => device!.end());
    }
    type Row = { id: string; alarmCode: number; memberCount: number; regionCode: string };
    const incident = await until(
      'the grid-lost incident',
      async () =>
        (await api.get<{ records: Row[] }>(`${C}/alarmIncident/list?alarmCode=5&size=50`)).records.find((r) => r.regionCode === city[0]!.cityCode && r.memberCount >= 3),
      { timeout: 90_000, every: 1000 },
    );
    return { incidentId: incident.id, sns };
  });
}

const test = onFleet({ stations: FLEET, interval: 120, mqtt: true }).extend<{ incident: Incident }>({
  incident: [async ({ fleet }, provide) => provide(await fleet.once('alarm-incident', () => gridOutage(fleet))), { timeout: 240_000 }],
});

/** The incident screen's texts per language (the alarm's name and the dictionary labels: the server's, in that language). */
const TEXT = {
  'zh-CN': {
    name: '电网失压', members: /\d+ 条告警 · \d+ 个电站/, open: '进行中', table: '成员告警', status: '处理状态', record: '跟进记录',
    handleAll: /处理全部 \d+ 条告警/, handled: /已处理 \d+ 条告警/, inProgress: '处理中', resolved: '已处理', note: '供电公司已恢复线路',
  },
  'en-US': {
    name: 'Grid lost', members: /\d+ alarms · \d+ stations/, open: 'Open', table: 'Member alarms', status: 'Handling status', record: 'Follow-up record',
    handleAll: /Handle all \d+ alarms/, handled: /\d+ alarm\(s\) handled/, inProgress: 'In progress', resolved: 'Resolved', note: 'Utility restored the feeder',
  },
} as const;

test('the grid outage shows as one incident; handling it handles its alarms (zh-CN → en-US)', async ({ page, incident }) => {
  test.setTimeout(180_000);
  let lang: Lang = 'zh-CN';
  let tx: (typeof TEXT)[Lang] = TEXT[lang];
  const problems = watchProblems(page);
  const link = page.getByTestId(`incident-open-${incident.incidentId}`);
  const drawer = page.getByTestId('incident-drawer');

  /** The list: the incident's row with its kind, members and state. */
  const seeList = async () => {
    await expect(link).toBeVisible(PAGE_LOAD);
    await expect(link).toHaveText(tx.name);
    const row = page.locator('tr', { has: link });
    await expect(row).toContainText(tx.members);
    await expect(row).toContainText(tx.open);
    await expectAccessible(page, '.helio-alarm-incident-page');
    // After the switch, the Chinese half's toast gone first: the English screenshots show no Chinese.
    await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: path.join(SHOTS, `alarm-incident-list-${lang}.png`), fullPage: true });
  };

  /** The drawer: its member alarms, then every member handled with `status` and a follow-up record. */
  const handle = async (status: string) => {
    await link.click();
    const members = drawer.getByRole('table', { name: tx.table });
    await expect(members).toBeVisible(PAGE_LOAD);
    for (const sn of incident.sns) await expect(drawer).toContainText(sn);
    await expectAccessible(page, '.ant-drawer-content');
    await drawer.getByLabel(tx.status, { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: status }).first().click();
    await drawer.getByLabel(tx.record).fill(tx.note);
    await page.screenshot({ path: path.join(SHOTS, `alarm-incident-drawer-${lang}.png`), fullPage: true });
    await drawer.getByRole('button', { name: tx.handleAll }).click();
    await expect(page.getByText(tx.handled)).toBeVisible();
    // Every member shows the handling status chosen.
    await expect(members.getByText(status)).toHaveCount(await members.locator('tbody tr.ant-table-row').count());
  };

  // zh-CN: the list, then the incident handled "in progress".
  await signIn(page, lang, '/alarm/incident');
  await seeList();
  await handle(tx.inProgress);
  // The drawer's mask covers the header: closed before the switch.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The console in English from here on: the list and the drawer again (their server texts fetched in English), the
  // incident handled "resolved".
  await switchConsoleLanguage(page, 'en-US');
  lang = 'en-US';
  tx = TEXT[lang];
  await seeList();
  await handle(tx.resolved);
  expect(problems).toEqual([]);
});

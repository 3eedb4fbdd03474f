/**
 * Alarm incidents (issue 14), in Chinese and in English: a grid outage in one city — three demo stations of that
 * city each get an inverter (added as an installer does) that reports fault 5 "Grid lost" over MQTT within a minute
 * → the alarm module raises the three alarms and groups them into one incident → the incidents page
 * (`/alarm/incident`) lists it with its region, kind and member count; its drawer shows the member alarms; handling
 * the incident there hands every member the handling record. axe-core finds no critical or serious problem;
 * screenshots of both languages go to $ALARM_INCIDENT_SHOTS (default e2e/screenshots/).
 *
 * This spec's worker runs its own server with the broker on a known loopback port and a small demo fleet.
 */
import path from 'node:path';
import mqtt from 'mqtt';
import { expect, test as base } from './fixtures';
import { PAGE_LOAD, signIn, watchProblems, expectAccessible } from './helpers';
import { startServer, type E2EServer } from './servers';
import { adminApi, freePort } from './fleet-api';

const SHOTS = process.env.ALARM_INCIDENT_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
const C = '/api/skyworth-client';
/** Demo stations: enough that some city has three (the fleet spreads them over 14 Chinese cities and abroad). */
const FLEET = 40;

interface Fixture extends E2EServer {
  incidentId: string;
  sns: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(1000)) {
    const v = await check();
    if (v !== undefined) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

type Plant = { id: string; cityCode: string | null };

/** Three stations of the city with the most demo stations each get an inverter that reports "Grid lost". */
async function gridOutage(url: string, mqttUrl: string): Promise<Omit<Fixture, keyof E2EServer>> {
  const api = await adminApi(url);
  try {
    const plants = await until('the demo stations', async () => {
      const p = (await api.get<{ records: Plant[] }>(`${C}/plant/page?size=100`)).records;
      return p.length >= FLEET ? p : undefined; // the whole fleet, not the first stations seeded
    }, 120_000);
    const byCity = new Map<string, Plant[]>();
    for (const p of plants) if (p.cityCode) byCity.set(p.cityCode, [...(byCity.get(p.cityCode) ?? []), p]);
    const city = [...byCity.values()].sort((a, b) => b.length - a.length)[0]!;
    expect(city.length, 'a city with three demo stations').toBeGreaterThanOrEqual(3);
    const sns: string[] = [];
    const clients: mqtt.MqttClient[] = [];
    try {
      for (const [i, plant] of city.slice(0, 3).entries()) {
        const sn = `E2EINC${i}${Date.now().toString(36).toUpperCase()}`;
        await api.post(`${C}/deviceExitFactoryInfo/save`, { deviceSn: sn, model: 'E2E-8K' });
        const [device] = await api.post<{ secret: string }[]>(`${C}/plant/addDevice`, { plantId: plant.id, devices: [{ deviceType: 'inverter', deviceSn: sn }] });
        const client = await mqtt.connectAsync(mqttUrl, { clientId: sn, username: sn, password: device!.secret, reconnectPeriod: 0 });
        clients.push(client);
        sns.push(sn);
        await client.publishAsync(
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
            faults: [5],
          }),
          { qos: 1 },
        );
      }
    } finally {
      for (const c of clients) await c.endAsync(true).catch(() => undefined);
    }
    type Row = { id: string; alarmCode: number; memberCount: number; regionCode: string };
    const incident = await until('the grid-lost incident', async () =>
      (await api.get<{ records: Row[] }>(`${C}/alarmIncident/list?alarmCode=5&size=50`)).records.find((r) => r.regionCode === city[0]!.cityCode && r.memberCount >= 3),
    );
    return { incidentId: incident.id, sns };
  } finally {
    await api.dispose();
  }
}

const test = base.extend<object, { incidentServer: Fixture }>({
  incidentServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const port = await freePort();
      const server = await startServer({
        HELIO_E2E_SIMULATOR: 'on',
        HELIO_SIM_STATIONS: String(FLEET),
        HELIO_SIM_INTERVAL: '120',
        HELIO_MQTT_HOST: '127.0.0.1',
        HELIO_MQTT_PORT: String(port),
      });
      await provide({ ...server, ...(await gridOutage(server.url, `mqtt://127.0.0.1:${port}`)) });
      await server.stop();
    },
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ incidentServer }, provide) => provide(incidentServer.url),
});

test.describe.configure({ mode: 'serial' });

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`the grid outage shows as one incident; handling it handles its alarms (${lang})`, async ({ page, incidentServer }) => {
    test.setTimeout(180_000);
    const en = lang === 'en-US';
    const problems = watchProblems(page);
    await signIn(page, lang, '/alarm/incident');
    const link = page.getByTestId(`incident-open-${incidentServer.incidentId}`);
    await expect(link).toBeVisible(PAGE_LOAD);
    await expect(link).toHaveText(en ? 'Grid lost' : '电网失压');
    const row = page.locator('tr', { has: link });
    await expect(row).toContainText(en ? /\d+ alarms · \d+ stations/ : /\d+ 条告警 · \d+ 个电站/);
    await expect(row).toContainText(en ? 'Open' : '进行中');
    await expectAccessible(page, '.helio-alarm-incident-page');
    await page.screenshot({ path: path.join(SHOTS, `alarm-incident-list-${lang}.png`), fullPage: true });

    await link.click();
    const drawer = page.getByTestId('incident-drawer');
    await expect(drawer.getByRole('table', { name: en ? 'Member alarms' : '成员告警' })).toBeVisible(PAGE_LOAD);
    for (const sn of incidentServer.sns) await expect(drawer).toContainText(sn);
    await expectAccessible(page, '.ant-drawer-content');
    const status = en ? 'In progress' : '处理中';
    const finalStatus = en ? 'Resolved' : '已处理';
    await drawer.getByLabel(en ? 'Handling status' : '处理状态', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: lang === 'zh-CN' ? status : finalStatus }).first().click();
    await drawer.getByLabel(en ? 'Follow-up record' : '跟进记录').fill(en ? 'Utility restored the feeder' : '供电公司已恢复线路');
    await page.screenshot({ path: path.join(SHOTS, `alarm-incident-drawer-${lang}.png`), fullPage: true });
    await drawer.getByRole('button', { name: en ? /Handle all \d+ alarms/ : /处理全部 \d+ 条告警/ }).click();
    await expect(page.getByText(en ? /\d+ alarm\(s\) handled/ : /已处理 \d+ 条告警/)).toBeVisible();
    // Every member shows the handling status chosen.
    const members = drawer.getByRole('table', { name: en ? 'Member alarms' : '成员告警' });
    await expect(members.getByText(lang === 'zh-CN' ? status : finalStatus)).toHaveCount(await members.locator('tbody tr.ant-table-row').count());
    expect(problems).toEqual([]);
  });
}

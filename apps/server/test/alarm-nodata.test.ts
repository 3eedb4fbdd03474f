/**
 * The no-data (communication) alarm and the station-outage alarm (issue 14) on the real database: reports through
 * the real ingest, the network-status run, then the alarm module's checks. Shenzhen, 21 June 2026 (UTC+8; sunset
 * ≈ 11:10Z): a PV-only site that went quiet at dusk is not offline at midnight; a site with a battery, and a
 * guardian, that stop reporting are. A station producing nothing at noon while three sister stations of its city
 * produce raises the outage alarm, which clears when it produces again. All the state is in the database: checks
 * run from a second app built on the same database (a restart) change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildApp, type BuiltApp } from '../src/app.js';
import type { ModuleContext } from '../src/kernel/types.js';
import { runNoData } from '../src/modules/alarm/alarm.nodata.js';
import { runOutage } from '../src/modules/alarm/alarm.outage.js';
import { IngestService, rawDb, StatusService, TelemetryRepository } from '../src/modules/telemetry/index.js';
import { createTestApp, type TestApp } from './helper.js';
import { createDevice, createPlant, inverterReport } from './station-fixtures.js';

let t: TestApp;
let ctx: ModuleContext;
let ingest: IngestService;
let status: StatusService;
let now = 0;
const H = 3_600_000;
const M = 60_000;
const DAY0 = Date.UTC(2026, 5, 21);
const DUSK = DAY0 + 11 * H; // sun 1.4° above the horizon
const NOON = DAY0 + 4 * H; // sun 84°
const MIDNIGHT = DAY0 + 16 * H; // sun −44°
const raised: { code: number; deviceSn: string; category: string }[] = [];
const recovered: { code: number; deviceSn: string; recoverTime: string }[] = [];

type Row = Record<string, unknown>;
const q = async <T = Row>(text: string, params: unknown[] = []) => (await rawDb(t.database).query<T>(text, params)).rows;
const alarms = (deviceId: string) =>
  q<{ code: number; st: number; type: number; trig: Date; rec: Date | null; level: number }>(
    `SELECT alarm_code AS code, alarm_status AS st, alarm_type AS type, trigger_time AS trig, recover_time AS rec, level
       FROM helio_alarm WHERE device_id = $1 ORDER BY trigger_time, id`,
    [deviceId],
  );

async function send(sn: string, ts: number, body: Row): Promise<void> {
  now = ts + 1000;
  const r = await ingest.handle(`helio/v1/${sn}/telemetry`, Buffer.from(JSON.stringify(body)));
  expect(r.status).toBe('stored');
}
const inverter = (sn: string, ts: number, o: Parameters<typeof inverterReport>[1] = {}) => send(sn, ts, inverterReport(ts, o));
const guardian = (sn: string, ts: number) => send(sn, ts, { ts, state: 2, gate: 1, v: [230] });
const battery = (sn: string, ts: number) => send(sn, ts, { ts, state: 2, soc: 60, power: 0 });

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.services.kernel.context('alarm');
  ctx.events.on('alarm.raised', (p) => void raised.push({ code: p.code, deviceSn: p.deviceSn, category: p.category }));
  ctx.events.on('alarm.recovered', (p) => void recovered.push({ code: p.code, deviceSn: p.deviceSn, recoverTime: p.recoverTime }));
  const repo = new TelemetryRepository(rawDb(t.database));
  ingest = new IngestService(repo, { defaultTz: 'Asia/Shanghai', counterFlushMs: 0, now: () => now, maxPastMs: 60 * 86_400_000 });
  status = new StatusService(rawDb(t.database), repo);
}, 60_000);

afterAll(async () => {
  await ingest?.close();
  await t?.stop();
});

describe('no-data alarm, day and night', () => {
  const site: Record<string, { plant: string; inv: { id: string; sn: string }; other?: { id: string; sn: string } }> = {};

  it('a PV-only site quiet since dusk raises nothing at midnight; a battery site, a guardian and a site quiet since noon do', async () => {
    const db = t.database.db;
    for (const name of ['pvOnly', 'battery', 'guardian', 'noon']) {
      const plant = await createPlant(db, { name });
      site[name] = { plant, inv: await createDevice(db, { plantId: plant, kind: 'inverter' }) };
    }
    site.battery!.other = await createDevice(db, { plantId: site.battery!.plant, kind: 'battery' });
    site.guardian!.other = await createDevice(db, { plantId: site.guardian!.plant, kind: 'guardian' });
    await inverter(site.pvOnly!.inv.sn, DUSK);
    await inverter(site.battery!.inv.sn, DUSK);
    await battery(site.battery!.other.sn, DUSK);
    await inverter(site.guardian!.inv.sn, DUSK);
    await guardian(site.guardian!.other.sn, DUSK);
    await inverter(site.noon!.inv.sn, NOON);

    await status.run(MIDNIGHT);
    const first = await runNoData(ctx, MIDNIGHT);
    expect(first).toEqual({ raised: 4, recovered: 0 });
    expect(await alarms(site.pvOnly!.inv.id)).toEqual([]);
    // The guardian is expected around the clock; the PV-only inverter beside it sleeps.
    expect(await alarms(site.guardian!.inv.id)).toEqual([]);
    const [g] = await alarms(site.guardian!.other.id);
    expect(g).toMatchObject({ code: 9001, st: 0, type: 3, level: 2 });
    // "Silent since": the trigger time is the last report.
    expect(new Date(g!.trig).getTime()).toBe(DUSK);
    expect((await alarms(site.battery!.inv.id)).map((a) => a.code)).toEqual([9001]);
    expect((await alarms(site.battery!.other.id)).map((a) => a.code)).toEqual([9001]);
    expect((await alarms(site.noon!.inv.id)).map((a) => [a.code, new Date(a.trig).getTime()])).toEqual([[9001, NOON]]);
    expect(raised.filter((r) => r.code === 9001).map((r) => r.category)).toEqual(['communication', 'communication', 'communication', 'communication']);
    const lifecycle = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM helio_alarm_lifecycle l JOIN helio_alarm a ON a.id = l.alarm_id WHERE a.alarm_code = 9001 AND l.category = 'communication'`,
    );
    expect(lifecycle[0]!.n).toBe(4);
  });

  it('one active alarm per device: running again, and after a restart, raises nothing', async () => {
    expect(await runNoData(ctx, MIDNIGHT + M)).toEqual({ raised: 0, recovered: 0 });
    await status.run(MIDNIGHT + 10 * M);
    const second: BuiltApp = await buildApp(loadConfig({ HELIO_CAPTCHA: 'off', HELIO_SIMULATOR: 'off', HELIO_LOG_LEVEL: 'silent', HELIO_WEB_DIR: '/nonexistent-helio-web' }), {
      database: t.database,
      logger: false,
    });
    try {
      expect(await runNoData(second.services.kernel.context('alarm'), MIDNIGHT + 10 * M)).toEqual({ raised: 0, recovered: 0 });
    } finally {
      await second.close();
    }
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM helio_alarm WHERE alarm_code = 9001 AND alarm_status = 0`))[0]!.n).toBe(4);
  });

  it('recovers at the first new report, before the status run has seen it, and is not raised again meanwhile', async () => {
    const dev = site.battery!.inv;
    const back = MIDNIGHT + 20 * M;
    await inverter(dev.sn, back);
    await inverter(dev.sn, back + 5 * M);
    // The status run has not looked yet: the device still reads disconnected.
    expect((await q<{ s: number }>('SELECT network_status AS s FROM helio_device WHERE id = $1', [dev.id]))[0]!.s).toBe(1);
    expect(await runNoData(ctx, back + 6 * M)).toEqual({ raised: 0, recovered: 1 });
    const [a] = await alarms(dev.id);
    expect(a!.st).toBe(1);
    expect(new Date(a!.rec!).getTime()).toBe(back);
    expect(recovered).toContainEqual({ code: 9001, deviceSn: dev.sn, recoverTime: new Date(back).toISOString() });
    expect(await runNoData(ctx, back + 6 * M)).toEqual({ raised: 0, recovered: 0 });
    await status.run(back + 6 * M);
    expect((await q<{ s: number }>('SELECT network_status AS s FROM helio_device WHERE id = $1', [dev.id]))[0]!.s).toBe(0);
    expect(await runNoData(ctx, back + 7 * M)).toEqual({ raised: 0, recovered: 0 });
    expect((await alarms(dev.id)).map((x) => x.st)).toEqual([1]);
  });

  it('the PV-only inverter that does not wake up the next morning is offline then', async () => {
    await status.run(DAY0 + 24 * H + 4 * H);
    expect((await runNoData(ctx, DAY0 + 24 * H + 4 * H)).raised).toBeGreaterThanOrEqual(1);
    const [a] = await alarms(site.pvOnly!.inv.id);
    expect(a).toMatchObject({ code: 9001, st: 0 });
    expect(new Date(a!.trig).getTime()).toBe(DUSK);
  });
});

describe('station outage', () => {
  const AFTERNOON = DAY0 + 6 * H; // 14:00 local, sun ≈ 50°
  const city = async (plant: string, code: string) => q('UPDATE helio_plant SET city_code = $2, county_code = $3 WHERE id = $1', [plant, code, `${code.slice(0, 4)}05`]);
  const st: Record<string, { plant: string; inv: { id: string; sn: string } }> = {};

  beforeAll(async () => {
    const db = t.database.db;
    for (const name of ['dark', 's1', 's2', 's3', 'lonely', 'lonelySister', 'nocity']) {
      const plant = await createPlant(db, { name, capacityKwp: 10 });
      st[name] = { plant, inv: await createDevice(db, { plantId: plant, kind: 'inverter' }) };
      if (name !== 'nocity') await city(plant, name.startsWith('lonely') ? '440100' : '440300');
    }
  });

  it('a station making < 2 % in daylight while three sisters make ≥ 20 % raises 9002 on its inverter; a region with one sister does not', async () => {
    await inverter(st.dark!.inv.sn, AFTERNOON, { pvPower: 100 }); // 1 % of 10 kWp
    for (const s of ['s1', 's2', 's3']) await inverter(st[s]!.inv.sn, AFTERNOON + 30_000, { pvPower: 5000 });
    await inverter(st.lonely!.inv.sn, AFTERNOON, { pvPower: 0 });
    await inverter(st.lonelySister!.inv.sn, AFTERNOON, { pvPower: 6000 });
    await inverter(st.nocity!.inv.sn, AFTERNOON, { pvPower: 0 });
    // At night nothing is judged (the same data, read at midnight, is stale anyway).
    expect(await runOutage(ctx, MIDNIGHT)).toEqual({ raised: 0, recovered: 0 });
    expect(await runOutage(ctx, AFTERNOON + M)).toEqual({ raised: 1, recovered: 0 });
    const [a] = await alarms(st.dark!.inv.id);
    expect(a).toMatchObject({ code: 9002, st: 0, type: 5, level: 3 });
    expect(new Date(a!.trig).getTime()).toBe(AFTERNOON);
    expect(raised).toContainEqual({ code: 9002, deviceSn: st.dark!.inv.sn, category: 'pv' });
    for (const s of ['lonely', 'nocity', 's1']) expect(await alarms(st[s]!.inv.id)).toEqual([]);
    // One per station while active; the fault-code evaluator leaves it alone.
    expect(await runOutage(ctx, AFTERNOON + 2 * M)).toEqual({ raised: 0, recovered: 0 });
    const res = await t.req({ method: 'GET', url: `/api/skyworth-client/alarmLog/list?alarmCode=9002`, headers: { ...(await t.adminHeaders()), 'accept-language': 'en-US' } });
    expect(res.json().data.records.map((r: Row) => [r.alarmName, r.category, r.deviceSn])).toEqual([['Station outage', 'pv', st.dark!.inv.sn]]);
  });

  it('two producing sisters are not enough; the alarm clears when the station makes ≥ 5 % again', async () => {
    await inverter(st.s3!.inv.sn, AFTERNOON + 5 * M, { pvPower: 1000 }); // 10 %: no longer "producing"
    await inverter(st.lonely!.inv.sn, AFTERNOON + 5 * M, { pvPower: 0 });
    expect(await runOutage(ctx, AFTERNOON + 6 * M)).toEqual({ raised: 0, recovered: 0 });
    await inverter(st.dark!.inv.sn, AFTERNOON + 8 * M, { pvPower: 300 }); // 3 %: between the levels, still out
    expect(await runOutage(ctx, AFTERNOON + 9 * M)).toEqual({ raised: 0, recovered: 0 });
    await inverter(st.dark!.inv.sn, AFTERNOON + 10 * M, { pvPower: 4000 });
    expect(await runOutage(ctx, AFTERNOON + 11 * M)).toEqual({ raised: 0, recovered: 1 });
    const [a] = await alarms(st.dark!.inv.id);
    expect(a!.st).toBe(1);
    expect(new Date(a!.rec!).getTime()).toBe(AFTERNOON + 10 * M);
  });
});

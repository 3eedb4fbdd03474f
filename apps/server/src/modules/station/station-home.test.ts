/**
 * The home page's figures and the station list on a demo fleet with history (registered, backfilled, statuses run),
 * after edits that each figure must follow (an unbound device whose last report is still fresh, a deleted station
 * whose devices stay registered, a factory row removed, a station of another tenant). Every number is computed here
 * from the raw rows — registrations, factory lists, latest reports, stations, station rollups — in plain code, for
 * the tenant administrator, the platform administrator (all tenants, and one by `tenantId`) and an agent whose data
 * scope is one operation company; the answers must match.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { formatDateTime } from '../../core/dates.js';
import { localDay, rawDb, StatusService, TelemetryRepository } from '../telemetry/index.js';
import { backfillDemo, seedDevices } from '../demo/index.js';

type R = Record<string, unknown>;
let t: TestApp;
let admin: Record<string, string>;
let agent: Record<string, string>;
let agentCompany: string;
const B = '/api/skyworth-client';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-home-'));
const q = async (text: string) => (await rawDb(t.database).query<R>(text)).rows;
const get = async (url: string, headers: Record<string, string>) => {
  const res = await t.req({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  const demo = await seedDevices(t.database, { dataDir, stations: 12, timeZone: 'Asia/Shanghai' });
  await backfillDemo(t.database, demo);
  await new StatusService(rawDb(t.database), new TelemetryRepository(rawDb(t.database))).run();
  // Reports near the 15-minute freshness edge move off it, so that the request's clock and ours agree.
  await q(`UPDATE helio_device_latest SET ts = now() - interval '20 minutes' WHERE ts BETWEEN now() - interval '17 minutes' AND now() - interval '13 minutes'`);
  // Edits the figures must follow.
  const [fresh] = await q(`SELECT d.id FROM helio_device d JOIN helio_device_latest l ON l.device_id = d.id WHERE d.device_type = 1 AND d.tenant_id = '000000' ORDER BY l.pv_power DESC LIMIT 1`);
  await q(`UPDATE helio_device_latest SET ts = now() - interval '1 minute', pv_power = 5000 WHERE device_id = ${fresh!.id}`);
  await q(`UPDATE helio_device SET is_deleted = 1, unbind_time = now() WHERE id = ${fresh!.id}`); // unbound, last report fresh
  const plants = await q(`SELECT id::text AS id, operation_company_id::text AS company FROM helio_plant WHERE tenant_id = '000000' ORDER BY id`);
  await q(`UPDATE helio_plant SET is_deleted = 1 WHERE id = ${plants[0]!.id}`); // deleted; its devices stay registered
  await q(`UPDATE helio_inverter_factory SET is_deleted = 1 WHERE device_sn = (SELECT device_sn FROM helio_device WHERE plant_id = ${plants[1]!.id} AND device_type = 1 AND is_deleted = 0 LIMIT 1)`);
  agentCompany = plants[2]!.company as string;
  admin = await t.adminHeaders();
  const role = await createRole(t.database.db, '000000', 'home_agent', ['power_station', 'inverter', 'battery']);
  await createUser(t.database.db, { tenantId: '000000', account: 'home_agent', password: 'Passw0rd1', roleId: role, deptId: agentCompany });
  agent = { 'blade-auth': `bearer ${(await t.login('home_agent', 'Passw0rd1')).access_token}` };
}, 180_000);

afterAll(async () => {
  await t?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The raw rows every expectation is computed from. */
async function raw() {
  const num = <K extends string>(rows: R[], ...keys: K[]) =>
    rows.map((r) => ({ ...r, ...(Object.fromEntries(keys.map((k) => [k, Number(r[k] ?? 0)])) as Record<K, number>) }));
  const E = 'pv_kwh AS pv, load_kwh AS load, import_kwh AS import, export_kwh AS export, charge_kwh AS charge, discharge_kwh AS discharge, ev_kwh AS ev';
  return {
    devices: await q(`SELECT id::text AS id, tenant_id, plant_id::text AS plant, device_type AS type, device_sn AS sn, is_deleted FROM helio_device`),
    inverterFactory: num(await q(`SELECT device_sn AS sn, rated_power AS v, is_deleted FROM helio_inverter_factory`), 'v'),
    batteryFactory: num(await q(`SELECT device_sn AS sn, energy_kwh AS v, is_deleted FROM helio_battery_factory`), 'v'),
    latest: num(await q(`SELECT device_id::text AS id, ts, pv_power AS pv FROM helio_device_latest`), 'pv'),
    plants: num(await q(`SELECT id::text AS id, tenant_id, is_deleted, network_status AS status, capacity_kwp AS kwp, operation_company_id::text AS company, time_zone AS tz FROM helio_plant`), 'kwp'),
    days: num(await q(`SELECT plant_id::text AS plant, tenant_id, to_char(day, 'YYYY-MM-DD') AS day, ${E} FROM helio_energy_plant_day`), 'pv', 'load', 'import', 'export', 'charge', 'discharge', 'ev'),
    months: num(await q(`SELECT plant_id::text AS plant, tenant_id, ${E} FROM helio_energy_plant_month`), 'pv', 'load', 'import', 'export', 'charge', 'discharge', 'ev'),
  };
}
type Raw = Awaited<ReturnType<typeof raw>>;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const r2 = (x: number) => Math.round(x * 100) / 100;

/** What the home page shows for devices/stations/rollup rows chosen by the caller's reach. */
function expected(d: Raw, reach: { device: (x: R) => boolean; plant: (x: R) => boolean; energy: (x: R) => boolean }) {
  const now = Date.now();
  const devices = d.devices.filter((x) => x.is_deleted === 0 && reach.device(x));
  const factory = (list: Raw['inverterFactory'], sn: unknown) => list.find((f) => f.sn === sn && f.is_deleted === 0)?.v ?? 0;
  const latest = new Map(d.latest.map((l) => [l.id, l]));
  const inverters = devices.filter((x) => x.type === 1);
  const batteries = devices.filter((x) => x.type === 2);
  const power = sum(inverters.map((x) => latest.get(x.id)).filter((l) => l && new Date(l.ts as string).getTime() > now - 15 * 60_000).map((l) => l!.pv));
  const plants = d.plants.filter((p) => p.is_deleted === 0 && reach.plant(p));
  const today = localDay(now, 'Asia/Shanghai');
  const energy = (rows: Raw['days']) => ({ pv: sum(rows.map((r) => r.pv)), load: sum(rows.map((r) => r.load)), charge: sum(rows.map((r) => r.charge)), import: sum(rows.map((r) => r.import)) });
  const day = energy(d.days.filter((r) => r.day === today && reach.energy(r)));
  const total = energy(d.months.filter((r) => reach.energy(r)));
  return {
    summary: {
      currentPower: r2(power / 1000),
      ratedPower: r2(sum(inverters.map((x) => factory(d.inverterFactory, x.sn)))),
      batteryCapacity: r2(sum(batteries.map((x) => factory(d.batteryFactory, x.sn)))),
      inverters: inverters.length,
      batteries: batteries.length,
      plants: plants.length,
      capacityKwp: r2(sum(plants.map((p) => p.kwp))),
      todayGeneration: r2(day.pv),
      todayLoad: r2(day.load),
      todayCharge: r2(day.charge),
      todayGridImport: r2(day.import),
      totalGeneration: r2(total.pv),
      totalLoad: r2(total.load),
      totalCharge: r2(total.charge),
    },
    status: {
      total: plants.length,
      normal: plants.filter((p) => p.status === 0).length,
      disconnected: plants.filter((p) => p.status === 1).length,
      fault: plants.filter((p) => p.status === 2).length,
    },
  };
}

const close = (got: R, want: Record<string, number>) => {
  for (const [k, v] of Object.entries(want)) expect(got[k], k).toBeCloseTo(v, 1);
};

describe('home page figures equal the raw data', () => {
  it('for one tenant (tenantId): all its devices (of deleted stations too, unbound ones not) and live stations', async () => {
    const d = await raw();
    const inTenant = (x: R) => x.tenant_id === '000000';
    const want = expected(d, { device: inTenant, plant: inTenant, energy: inTenant });
    expect(want.summary.inverters).toBeGreaterThan(5);
    expect(want.status.total).toBeGreaterThan(5);
    const h = { ...admin, 'accept-language': 'en-US' };
    close(await get(`${B}/home/inverterAndLoadSummary?tenantId=000000`, h), want.summary);
    expect(await get(`${B}/home/plantStatusSummary?tenantId=000000`, h)).toEqual(want.status);
  });

  it('for the platform administrator: every tenant, or the one named by tenantId', async () => {
    const d = await raw();
    const all = () => true;
    const want = expected(d, { device: all, plant: all, energy: all });
    close(await get(`${B}/home/inverterAndLoadSummary`, admin), want.summary);
    expect(await get(`${B}/home/plantStatusSummary`, admin)).toEqual(want.status);
    const agentTenant = (x: R) => x.tenant_id === '100001';
    const other = expected(d, { device: agentTenant, plant: agentTenant, energy: agentTenant });
    expect(other.status.total).toBeGreaterThan(0);
    close(await get(`${B}/home/inverterAndLoadSummary?tenantId=100001`, admin), other.summary);
    expect(await get(`${B}/home/plantStatusSummary?tenantId=100001`, admin)).toEqual(other.status);
  });

  it('for an agent: the live stations of its company, their devices and their station rollups', async () => {
    const d = await raw();
    const mine = new Set(d.plants.filter((p) => p.is_deleted === 0 && p.company === agentCompany).map((p) => p.id));
    expect(mine.size).toBeGreaterThan(0);
    const want = expected(d, { device: (x) => mine.has(x.plant), plant: (p) => mine.has(p.id), energy: (r) => mine.has(r.plant) });
    close(await get(`${B}/home/inverterAndLoadSummary`, agent), want.summary);
    expect(await get(`${B}/home/plantStatusSummary`, agent)).toEqual(want.status);
  });
});

describe('station list figures equal the raw data', () => {
  it('every station of every page: device counts, current power, last data, today and total energy', async () => {
    const d = await raw();
    const now = Date.now();
    const live = d.plants.filter((p) => p.is_deleted === 0 && p.tenant_id === '000000');
    const seen: R[] = [];
    for (let current = 1; ; current++) {
      const page = await get(`${B}/plant/page?current=${current}&size=4&tenantId=000000`, admin);
      expect(page.total).toBe(live.length);
      if (!page.records.length) break;
      seen.push(...page.records);
    }
    expect(seen.map((r) => r.id).sort()).toEqual(live.map((p) => p.id).sort());
    for (const r of seen) {
      const p = live.find((x) => x.id === r.id)!;
      const devs = d.devices.filter((x) => x.plant === r.id && x.is_deleted === 0);
      const latest = devs.map((x) => d.latest.find((l) => l.id === x.id)).filter((l) => l?.ts);
      const fresh = devs.filter((x) => x.type === 1).map((x) => d.latest.find((l) => l.id === x.id)).filter((l) => l && new Date(l.ts as string).getTime() > now - 15 * 60_000);
      const last = latest.length ? new Date(Math.max(...latest.map((l) => new Date(l!.ts as string).getTime()))) : null;
      expect(r).toMatchObject({
        inverterCount: devs.filter((x) => x.type === 1).length,
        batteryCount: devs.filter((x) => x.type === 2).length,
        guardianCount: devs.filter((x) => x.type === 3).length,
        chargerCount: devs.filter((x) => x.type === 4).length,
        currentPower: Math.round(sum(fresh.map((l) => l!.pv))),
        lastDataTime: formatDateTime(last),
      });
      expect(r.todayEnergy).toBeCloseTo(sum(d.days.filter((x) => x.plant === r.id && x.day === localDay(now, p.tz as string)).map((x) => x.pv)), 1);
      expect(r.totalEnergy).toBeCloseTo(sum(d.months.filter((x) => x.plant === r.id).map((x) => x.pv)), 1);
    }
  });

  it('a filtered page, a page past the end and an empty match keep their totals', async () => {
    const d = await raw();
    const normal = d.plants.filter((p) => p.is_deleted === 0 && p.tenant_id === '000000' && p.status === 0);
    const page = await get(`${B}/plant/page?current=1&size=50&networkStatus=0&tenantId=000000`, admin);
    expect(page.total).toBe(normal.length);
    expect(page.records.map((r: R) => r.id).sort()).toEqual(normal.map((p) => p.id).sort());
    expect(await get(`${B}/plant/page?current=99&size=10&tenantId=000000`, admin)).toMatchObject({ total: d.plants.filter((p) => p.is_deleted === 0 && p.tenant_id === '000000').length, records: [] });
    expect(await get(`${B}/plant/page?current=1&size=10&plantName=no-such-station`, admin)).toMatchObject({ total: 0, records: [] });
  });
});

describe('per-station device summary (kept by the triggers of migration 0008)', () => {
  /** The summary rows that are not all zero, and the same figures recounted from registrations and factory rows. */
  const both = async () => {
    const got = await q(`SELECT tenant_id, plant_id::text AS plant, inverters, batteries, rated_kw AS kw, battery_kwh AS kwh FROM helio_plant_device_summary
      WHERE inverters <> 0 OR batteries <> 0 OR abs(rated_kw) > 1e-9 OR abs(battery_kwh) > 1e-9 ORDER BY 1, 2`);
    const want = await q(`SELECT d.tenant_id, coalesce(d.plant_id, 0)::text AS plant,
        count(*) FILTER (WHERE d.device_type = 1)::int AS inverters, count(*) FILTER (WHERE d.device_type = 2)::int AS batteries,
        coalesce(sum(f.rated_power) FILTER (WHERE d.device_type = 1), 0) AS kw, coalesce(sum(b.energy_kwh) FILTER (WHERE d.device_type = 2), 0) AS kwh
      FROM helio_device d
      LEFT JOIN helio_inverter_factory f ON f.device_sn = d.device_sn AND f.is_deleted = 0
      LEFT JOIN helio_battery_factory b ON b.device_sn = d.device_sn AND b.is_deleted = 0
      WHERE d.is_deleted = 0 GROUP BY 1, 2 HAVING count(*) FILTER (WHERE d.device_type IN (1, 2)) > 0 ORDER BY 1, 2`);
    return { got, want };
  };
  const check = async (step: string) => {
    const { got, want } = await both();
    expect(got.map((r) => [r.tenant_id, r.plant, r.inverters, r.batteries]), step).toEqual(want.map((r) => [r.tenant_id, r.plant, r.inverters, r.batteries]));
    got.forEach((r, i) => {
      expect(Number(r.kw), `${step}: kW of ${String(r.plant)}`).toBeCloseTo(Number(want[i]!.kw), 6);
      expect(Number(r.kwh), `${step}: kWh of ${String(r.plant)}`).toBeCloseTo(Number(want[i]!.kwh), 6);
    });
  };

  it('equals a recount after every kind of write to registrations and factory rows', async () => {
    const { createDevice, createPlant } = await import('../../../test/station-fixtures.js');
    const db = t.database.db;
    await check('demo fleet');
    const p1 = await createPlant(db, { name: 'Summary One' });
    const p2 = await createPlant(db, { name: 'Summary Two' });
    const inv = await createDevice(db, { plantId: p1, kind: 'inverter', factory: { ratedPower: 10 } });
    const bat = await createDevice(db, { plantId: p1, kind: 'battery', factory: { energyKwh: 5.12 } });
    await createDevice(db, { plantId: p1, kind: 'guardian' });
    await check('registered');
    await q(`UPDATE helio_inverter_factory SET rated_power = 12.5 WHERE device_sn = '${inv.sn}'`);
    await check('rated power edited');
    await q(`UPDATE helio_device SET plant_id = ${p2} WHERE id = ${inv.id}`);
    await check('moved to another station');
    await q(`UPDATE helio_device SET plant_id = NULL WHERE id = ${bat.id}`);
    await check('station removed from the registration');
    await q(`UPDATE helio_inverter_factory SET is_deleted = 1 WHERE device_sn = '${inv.sn}'`);
    await check('factory row deleted');
    await q(`INSERT INTO helio_inverter_factory (id, device_sn, model, rated_power) VALUES (7100000000000000001, '${inv.sn}', 'X', 8)`);
    await check('factory row entered again');
    await q(`UPDATE helio_battery_factory SET device_sn = device_sn || 'X' WHERE device_sn = '${bat.sn}'`);
    await check('factory serial number changed');
    await q(`UPDATE helio_device SET tenant_id = '100001' WHERE id = ${inv.id}`);
    await check('moved to another tenant');
    await q(`UPDATE helio_device SET is_deleted = 1 WHERE id = ${bat.id}`);
    await check('unbound');
    await q(`DELETE FROM helio_device WHERE id = ${inv.id}`);
    await check('deleted');
    await q(`UPDATE helio_device SET is_deleted = 1 WHERE plant_id = (SELECT plant_id FROM helio_device WHERE device_type = 1 AND is_deleted = 0 AND plant_id IS NOT NULL LIMIT 1)`);
    await check('a station’s devices unbound at once');
  });
});

/**
 * Station, device and home-dashboard routes over real data written by the ingest: figures and KPIs against
 * hand-computed values, filters and their allow-lists, delete/unbind rules, and the data scope (an agent sees only
 * its company's stations, a homeowner only the own one).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../seed/seed.js';
import { createDept, createRole, createUser } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { createDevice, createPlant, inverterReport } from '../../../test/station-fixtures.js';
import { device, inverterFactory, plant } from '../../db/schema-device.js';
import { IngestService, rawDb, StatusService, TelemetryRepository } from '../telemetry/index.js';
import { registerDevices } from './device-registry.js';

let t: TestApp;
let h: Record<string, string>;
let ingest: IngestService;
const B = '/api/skyworth-client';
const now = Date.now();
const T1 = now - 30 * 60_000; // 30 minutes apart: 10 kWh from a 10 kW inverter is plausible
const T2 = now - 60_000;
let plantA: string;
let plantB: string;
let inv: { id: string; sn: string };
let bat: { id: string; sn: string };
let grd: { id: string; sn: string };
let companyA: string;

const get = async (url: string, headers = h) => {
  const res = await t.req({ method: 'GET', url, headers: { ...headers, 'accept-language': 'en-US' } });
  return { status: res.statusCode, body: res.json() };
};
const send = (sn: string, body: unknown) => ingest.handle(`helio/v1/${sn}/telemetry`, Buffer.from(JSON.stringify(body)));

beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
  const db = t.database.db;
  ingest = new IngestService(new TelemetryRepository(rawDb(t.database)), { defaultTz: 'Asia/Shanghai', counterFlushMs: 0 });
  companyA = await createDept(db, '000000', 'Agent Co A', SEED_IDS.rootDept);
  const companyB = await createDept(db, '000000', 'Agent Co B', SEED_IDS.rootDept);
  plantA = await createPlant(db, { name: 'Station Alpha', capacityKwp: 10, operationCompanyId: companyA });
  plantB = await createPlant(db, { name: 'Station Beta', capacityKwp: 5, operationCompanyId: companyB });
  await db.update(plant).set({ address: 'Harbour Road 9' }).where(eq(plant.id, plantB));
  inv = await createDevice(db, { plantId: plantA, kind: 'inverter' });
  bat = await createDevice(db, { plantId: plantA, kind: 'battery' });
  grd = await createDevice(db, { plantId: plantA, kind: 'guardian' });
  const invB = await createDevice(db, { plantId: plantB, kind: 'inverter' });
  // Today at station Alpha: PV +10 kWh, load +8, import +2, export +4, charge +1.5, discharge +0.5.
  await send(inv.sn, { ...inverterReport(T1, { pvTotal: 100, loadTotal: 50, importTotal: 20, exportTotal: 30 }), energy: { pvTotal: 100, loadTotal: 50, importTotal: 20, exportTotal: 30, chargeTotal: 5, dischargeTotal: 5 } });
  await send(inv.sn, { ...inverterReport(T2, { pvPower: 4200 }), energy: { pvTotal: 110, loadTotal: 58, importTotal: 22, exportTotal: 34, chargeTotal: 6.5, dischargeTotal: 5.5 } });
  await send(bat.sn, { ts: T2, state: 2, v: 51.2, i: -10, power: -512, soc: 64.5, soh: 97, energy: { chargeTotal: 3, dischargeTotal: 2 } });
  await send(grd.sn, { ts: T2, state: 2, gate: 1, protect: 0, v: [230, 231, 229], i: [5, 6, 7], p: [1150, 1386, 1603], power: 4139, freq: 50, leakMa: 2.5 });
  await send(invB.sn, inverterReport(T2, { pvTotal: 1, faults: [8] }));
  await new StatusService(rawDb(t.database), new TelemetryRepository(rawDb(t.database))).run();
});
afterAll(async () => {
  await ingest?.close();
  await t?.stop();
});

describe('stations', () => {
  it('lists stations with live figures, filters and allow-lists', async () => {
    const { body } = await get(`${B}/plant/list?size=50&plantName=Station`);
    expect(body.data.total).toBe(2);
    const a = body.data.records.find((r: { id: string }) => r.id === plantA);
    expect(a).toMatchObject({ plantName: 'Station Alpha', networkStatus: 0, inverterCount: 1, batteryCount: 1, guardianCount: 1, currentPower: 4200, todayEnergy: 10, totalEnergy: 10 });
    const b = body.data.records.find((r: { id: string }) => r.id === plantB);
    expect(b.networkStatus).toBe(2); // its inverter reports a fault
    expect((await get(`${B}/plant/list?networkStatus=2&plantName=Station`)).body.data.records.map((r: { id: string }) => r.id)).toEqual([plantB]);
    expect((await get(`${B}/plant/list?address=Harbour`)).body.data.records.map((r: { id: string }) => r.id)).toEqual([plantB]);
    expect((await get(`${B}/plant/list?operationCompanyId=${companyA}`)).body.data.records.map((r: { id: string }) => r.id)).toEqual([plantA]);
    expect((await get(`${B}/plant/list?ascs=capacityKwp&plantName=Station`)).body.data.records.map((r: { id: string }) => r.id)).toEqual([plantB, plantA]);
    expect((await get(`${B}/plant/list?secret=1`)).status).toBe(400);
    expect((await get(`${B}/plant/list?descs=password`)).status).toBe(400);
    expect((await get(`${B}/plant/list?networkStatus=abc`)).status).toBe(400);
  });

  it('station detail: devices, live energy flow, energies and KPIs with their formulas', async () => {
    const { body } = await get(`${B}/plant/detail?id=${plantA}`);
    expect(body.code).toBe(200);
    const d = body.data;
    expect(d.devices.map((x: { deviceSn: string }) => x.deviceSn).sort()).toEqual([inv.sn, bat.sn, grd.sn].sort());
    expect(d.flow).toMatchObject({ pvPower: 4200, loadPower: 1500, gridPower: -1200, batteryPower: -512, batterySoc: 64.5 });
    expect(d.today).toMatchObject({ pvEnergy: 10, loadEnergy: 8, gridImport: 2, gridExport: 4, chargeEnergy: 1.5, dischargeEnergy: 0.5 });
    // self-consumption = 1 − 4/10 = 60 %; autarky = 1 − 2/8 = 75 %; specific yield = 10 kWh / 10 kWp; CO₂ = 10 × 0.5703 kg
    expect(d.today).toMatchObject({ selfConsumption: 60, autarky: 75, specificYield: 1, co2AvoidedKg: 5.7 });
    expect(d.total.pvEnergy).toBe(10);
  });

  it('station energy chart by 5 minutes (kWh and average kW), month, year and total', async () => {
    const day = (await get(`${B}/plant/energyStat?id=${plantA}&dateType=day`)).body.data;
    const p = day.points.find((x: { pvEnergy: number }) => x.pvEnergy > 0);
    expect(p).toMatchObject({ pvEnergy: 10, pvPower: 120, loadPower: 96, gridPower: -24 });
    expect(day.total.pvEnergy).toBe(10);
    for (const dateType of ['month', 'year', 'total']) {
      const r = (await get(`${B}/plant/energyStat?id=${plantA}&dateType=${dateType}`)).body.data;
      expect(r.total.pvEnergy).toBe(10);
    }
    expect((await get(`${B}/plant/energyStat?id=${plantA}&dateType=week`)).status).toBe(400);
    expect((await get(`${B}/plant/energyStat?id=${plantA}&date=2026-13-40`)).status).toBe(400);
  });
});

describe('devices', () => {
  it('inverter list, overview, detail, live status, curve, daily and total statistics', async () => {
    const list = (await get(`${B}/inverter/list?deviceSn=${inv.sn}`)).body.data;
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({ deviceSn: inv.sn, plantName: 'Station Alpha', pvPower: 4200, todayEnergy: 10, totalEnergy: 110, ratedPower: 10 });
    const ov = (await get(`${B}/inverter/overview`)).body.data;
    expect(ov.total).toBeGreaterThanOrEqual(2);
    expect(ov.fault).toBeGreaterThanOrEqual(1);
    const head = (await get(`${B}/inverter/detail?id=${inv.id}`)).body.data;
    expect(head).toMatchObject({ deviceSn: inv.sn, currentPower: 4200, todayEnergy: 10, totalEnergy: 110, ratedPower: 10 });
    const cur = (await get(`${B}/inverter/currentStatus?deviceSn=${inv.sn}`)).body.data;
    expect(cur.data.grid.v).toEqual([230, 231, 229]);
    const faulty = (await get(`${B}/inverter/list?plantName=Beta`)).body.data.records[0];
    expect(faulty.faults).toEqual([{ code: 8, name: 'Over-temperature', solution: expect.stringContaining('ventilation') }]);
    const curve = (await get(`${B}/inverter/statusStat?id=${inv.id}&fields=pvPower,gridVoltageB`)).body.data;
    expect(curve.fields).toEqual(['pvPower', 'gridVoltageB']);
    expect(curve.series.pvPower).toContain(4200);
    expect(curve.series.gridVoltageB).toContain(231);
    expect((await get(`${B}/inverter/statusStat?id=${inv.id}&fields=password`)).status).toBe(400);
    const days = (await get(`${B}/inverter/everyDayStat?id=${inv.id}`)).body.data;
    expect(days.records.at(-1)).toMatchObject({ pvEnergy: 10, loadEnergy: 8 });
    const tot = (await get(`${B}/inverter/energyTotalStat?id=${inv.id}`)).body.data;
    expect(tot.lifetime).toMatchObject({ pvTotal: 110, loadTotal: 58 });
    expect(tot.today.pvEnergy).toBe(10);
    expect(tot.monitored.pvEnergy).toBe(10);
    const info = (await get(`${B}/inverter/deviceInfo?id=${inv.id}`)).body.data;
    expect(info.factory).toMatchObject({ deviceSn: inv.sn, ratedPower: 10, usageFlag: 1 });
    expect((await get(`${B}/inverter/parallelInfo?id=${inv.id}`)).body.data.count).toBe(1);
  });

  it('battery page, summary and status; guardian list and detail', async () => {
    const page = (await get(`${B}/battery/page?plantName=Alpha`)).body.data;
    expect(page.records[0]).toMatchObject({ deviceSn: bat.sn, batterySoc: 64.5, soh: 97, energyKwh: 10, todayCharge: 0 });
    const sum = (await get(`${B}/battery/listSummary`)).body.data;
    expect(sum).toMatchObject({ total: 1, capacityKwh: 10, averageSoc: 64.5 });
    expect((await get(`${B}/battery/stateCurve?id=${bat.id}&fields=soc`)).body.data.series.soc).toEqual([64.5]);
    const g = (await get(`${B}/guardianPlant/detail?id=${grd.id}`)).body.data;
    expect(g).toMatchObject({ deviceSn: grd.sn, gate: 1, power: 4139, phases: { voltage: [230, 231, 229], current: [5, 6, 7] } });
    expect(g.cardNumber).toBe(`CARD-${grd.sn}`);
  });

  it('unbinding a guardian frees its SN; deleting a station keeps its devices findable by SN', async () => {
    const res = await t.req({ method: 'POST', url: `${B}/guardianPlant/unbind?ids=${grd.id}`, headers: h });
    expect(res.json().success).toBe(true);
    expect((await get(`${B}/guardianPlant/list?deviceSn=${grd.sn}`)).body.data.total).toBe(0);
    // The SN can be registered again (to another station).
    const [again] = await registerDevices(t.database.db, [{ tenantId: '000000', plantId: plantB, type: 'guardian', sn: grd.sn }]);
    expect(again!.id).not.toBe(grd.id);
    // The unbound registration's data is still readable by id.
    expect((await get(`${B}/guardianPlant/currentStatus?id=${grd.id}`)).body.data.data.power).toBe(4139);

    const del = await t.req({ method: 'POST', url: `${B}/plant/remove?ids=${plantA}`, headers: h });
    expect(del.json().success).toBe(true);
    expect((await get(`${B}/plant/detail?id=${plantA}`)).status).toBe(400);
    const found = (await get(`${B}/inverter/list?deviceSn=${inv.sn}`)).body.data.records[0];
    expect(found).toMatchObject({ deviceSn: inv.sn, plantDeleted: 1 });
    expect((await get(`${B}/inverter/statusStat?deviceSn=${inv.sn}`)).body.data.series.pvPower).toContain(4200);
    await t.database.db.update(plant).set({ isDeleted: 0 }).where(eq(plant.id, plantA));
  });

  it('registration rules: SN must exist in factory info and be unused; the same SN twice is refused', async () => {
    const db = t.database.db;
    await expect(registerDevices(db, [{ tenantId: '000000', plantId: plantA, type: 'inverter', sn: 'NOTINFACTORY1' }])).rejects.toMatchObject({ key: 'snNotInFactory' });
    await expect(registerDevices(db, [{ tenantId: '000000', plantId: plantA, type: 'inverter', sn: inv.sn }])).rejects.toMatchObject({ key: 'snInUse' });
    await db.insert(inverterFactory).values({ id: '7000000000000000001', deviceSn: 'FRESHSN0001' });
    await expect(
      registerDevices(db, [
        { tenantId: '000000', plantId: plantA, type: 'inverter', sn: 'FRESHSN0001' },
        { tenantId: '000000', plantId: plantA, type: 'inverter', sn: 'FRESHSN0001' },
      ]),
    ).rejects.toMatchObject({ key: 'snChosenTwice' });
    const [r] = await registerDevices(db, [{ tenantId: '000000', plantId: plantA, type: 'inverter', sn: 'FRESHSN0001' }]);
    expect(r!.secret.length).toBeGreaterThan(20);
    const [row] = await db.select().from(device).where(eq(device.id, r!.id));
    expect(row!.secretHash).not.toContain(r!.secret);
    const [f] = await db.select().from(inverterFactory).where(eq(inverterFactory.deviceSn, 'FRESHSN0001'));
    expect(f!.usageFlag).toBe(1);
  });

  it('plant/addDevice registers from the factory list over HTTP, with translated refusals, all or none', async () => {
    const add = (body: object, lang = 'en-US') => t.req({ method: 'POST', url: `${B}/plant/addDevice`, headers: { ...h, 'accept-language': lang }, payload: body });
    // The factory rows come in through the factory API, as an operator would enter them.
    for (const sn of ['HTTPSN0001', 'HTTPSN0002']) {
      const res = await t.req({ method: 'POST', url: `${B}/deviceExitFactoryInfo/save`, headers: h, payload: { deviceSn: sn, model: 'H-10K' } });
      expect(res.json().success).toBe(true);
    }
    let res = await add({ plantId: plantA, devices: [{ deviceType: 'inverter', deviceSn: 'HTTPSN0001' }, { deviceType: 'inverter', deviceSn: 'NOSUCHSN99' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The serial number does not exist: NOSUCHSN99');
    res = await add({ plantId: plantA, devices: [{ deviceType: 'inverter', deviceSn: 'bad sn!' }] }, 'zh-CN');
    expect(res.json().msg).toContain('序列号格式不正确');
    // Nothing of the refused request was registered.
    expect((await get(`${B}/inverter/list?deviceSn=HTTPSN0001`)).body.data.total).toBe(0);

    res = await add({ plantId: plantA, devices: [{ deviceType: 'inverter', deviceSn: 'HTTPSN0001' }, { deviceType: 'inverter', deviceSn: 'HTTPSN0002' }] });
    expect(res.statusCode).toBe(200);
    const out = res.json().data as { deviceSn: string; secret: string }[];
    expect(out.map((d) => d.deviceSn)).toEqual(['HTTPSN0001', 'HTTPSN0002']);
    expect(out.every((d) => d.secret.length > 20)).toBe(true);
    expect((await get(`${B}/inverter/list?deviceSn=HTTPSN000`)).body.data.records.map((r: { plantId: string }) => r.plantId)).toEqual([plantA, plantA]);
    // Now in use: registering it again is refused, and its factory row can no longer be removed.
    res = await add({ plantId: plantB, devices: [{ deviceType: 'inverter', deviceSn: 'HTTPSN0002' }] });
    expect(res.json().msg).toBe('The serial number is already in use: HTTPSN0002');
    const [f] = await t.database.db.select().from(inverterFactory).where(eq(inverterFactory.deviceSn, 'HTTPSN0002'));
    const del = await t.req({ method: 'POST', url: `${B}/deviceExitFactoryInfo/remove?ids=${f!.id}`, headers: { ...h, 'accept-language': 'en-US' } });
    expect(del.statusCode).toBe(400);
    expect(del.json().msg).toContain('HTTPSN0002');
    // A station the caller cannot see is not found.
    res = await add({ plantId: '1', devices: [{ deviceType: 'battery', deviceSn: 'HTTPSN0003' }] });
    expect(res.statusCode).toBe(400);
  });
});

describe('home dashboard and data scope', () => {
  it('fleet summary with KPIs and the status summary', async () => {
    const s = (await get(`${B}/home/inverterAndLoadSummary`)).body.data;
    expect(s.todayGeneration).toBeGreaterThanOrEqual(10);
    expect(s.currentPower).toBeGreaterThanOrEqual(4.2);
    expect(s.ratedPower).toBeGreaterThanOrEqual(20);
    expect(s.batteryCapacity).toBeGreaterThanOrEqual(10);
    expect(s.today).toHaveProperty('selfConsumption');
    const st = (await get(`${B}/home/plantStatusSummary`)).body.data;
    expect(st.total).toBe(st.normal + st.disconnected + st.fault);
    const perf = (await get(`${B}/home/inverterPerformance?dateType=day`)).body.data;
    expect(perf.points.reduce((a: number, p: { generation: number }) => a + p.generation, 0)).toBeGreaterThanOrEqual(10);
  });

  it('an agent sees only its company’s stations and devices; a homeowner only the own station', async () => {
    const db = t.database.db;
    const role = await createRole(db, '000000', 'agent_scope', ['power_station', 'inverter', 'battery', 'guardian']);
    await createUser(db, { tenantId: '000000', account: 'agent_a', password: 'Passw0rd1', roleId: role, deptId: companyA });
    const ah = { 'blade-auth': `bearer ${(await t.login('agent_a', 'Passw0rd1')).access_token}` };
    const plants = (await get(`${B}/plant/list?size=100`, ah)).body.data.records.map((r: { id: string }) => r.id);
    expect(plants).toEqual([plantA]);
    expect((await get(`${B}/plant/detail?id=${plantB}`, ah)).status).toBe(400);
    const invs = (await get(`${B}/inverter/list?size=100`, ah)).body.data.records.map((r: { plantId: string }) => r.plantId);
    expect(new Set(invs)).toEqual(new Set([plantA]));
    const st = (await get(`${B}/home/plantStatusSummary`, ah)).body.data;
    expect(st.total).toBe(1);
    const sum = (await get(`${B}/home/inverterAndLoadSummary`, ah)).body.data;
    expect(sum.plants).toBe(1);
    expect(sum.todayGeneration).toBe(10);

    const ownerRole = await createRole(db, '000000', 'owner_scope', ['power_station', 'inverter']);
    const ownerId = await createUser(db, { tenantId: '000000', account: 'owner_b', password: 'Passw0rd1', roleId: ownerRole });
    await db.update(plant).set({ ownerUserId: ownerId }).where(eq(plant.id, plantB));
    const oh = { 'blade-auth': `bearer ${(await t.login('owner_b', 'Passw0rd1')).access_token}` };
    expect((await get(`${B}/plant/list?size=100`, oh)).body.data.records.map((r: { id: string }) => r.id)).toEqual([plantB]);
    // Without the page permission: 403.
    expect((await get(`${B}/battery/page`, oh)).status).toBe(403);
  });
});

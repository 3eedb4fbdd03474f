/**
 * Tenant probes for the station, device and home-dashboard routes (issue 6), spread into `probes` of
 * access.test.ts: tenant B (an administrator of its own tenant, 200002) against tenant A's station (200001) with an
 * inverter, a battery, a guardian and a charger that have reported.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { device, inverterFactory, plant } from '../src/db/schema-device.js';
import { IngestService } from '../src/modules/telemetry/ingest.service.js';
import { rawDb } from '../src/modules/telemetry/raw-db.js';
import { TelemetryRepository } from '../src/modules/telemetry/telemetry.repository.js';
import type { TestApp } from './helper.js';
import { createDevice, createPlant, inverterReport } from './station-fixtures.js';

const A = '200001';
const B = '/api/skyworth-client';

interface AData {
  plantId: string;
  ids: Record<'inverter' | 'battery' | 'guardian' | 'charger', string>;
  sns: string[];
}

export function stationProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let a: Promise<AData> | undefined;
  const setup = () =>
    (a ??= (async () => {
      const db = app().database.db;
      const plantId = await createPlant(db, { tenantId: A, name: 'A-secret-station' });
      const ids = {} as AData['ids'];
      const sns: string[] = [];
      const ingest = new IngestService(new TelemetryRepository(rawDb(app().database)), { defaultTz: 'Asia/Shanghai', counterFlushMs: 0 });
      const now = Date.now() - 60_000;
      for (const kind of ['inverter', 'battery', 'guardian', 'charger'] as const) {
        const d = await createDevice(db, { plantId, kind, tenantId: A });
        ids[kind] = d.id;
        sns.push(d.sn);
        const body =
          kind === 'inverter'
            ? inverterReport(now)
            : kind === 'battery'
              ? { ts: now, state: 2, soc: 50, power: -300 }
              : kind === 'guardian'
                ? { ts: now, state: 2, gate: 1, v: [230] }
                : { ts: now, state: 2, power: 7000, session: { id: 'A-session', energy: 3 }, energy: { total: 10 } };
        await ingest.handle(`helio/v1/${d.sn}/telemetry`, Buffer.from(JSON.stringify(body)));
      }
      await ingest.close();
      return { plantId, ids, sns };
    })());
  const get = (url: string) => app().req({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload?: object) => app().req({ method: 'POST', url, headers: headers(), ...(payload ? { payload } : {}) });

  /** A list must not show A's station or devices. */
  const list = (url: string) => async () => {
    const x = await setup();
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).not.toContain('A-secret-station');
    for (const sn of x.sns) expect(text).not.toContain(sn);
    // Asking for A's tenant or station explicitly changes nothing.
    const asked = await get(`${url}${url.includes('?') ? '&' : '?'}tenantId=${A}&plantId=${x.plantId}`);
    expect(asked.body).not.toContain('A-secret-station');
  };
  /** A route reading one of A's records answers "not found" and leaks nothing. */
  const one = (path: string, kind: keyof AData['ids'] | 'plant', extra = '') => async () => {
    const x = await setup();
    const id = kind === 'plant' ? x.plantId : x.ids[kind];
    for (const url of [`${path}?id=${id}${extra}`, ...(kind === 'plant' ? [] : [`${path}?deviceSn=${x.sns[['inverter', 'battery', 'guardian', 'charger'].indexOf(kind)]}${extra}`])]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body).not.toContain('A-secret-station');
      for (const sn of x.sns) expect(res.body).not.toContain(sn);
    }
  };
  /** Fleet figures of B do not include A's station. */
  const fleet = (url: string, check: (data: Record<string, unknown>) => void) => async () => {
    await setup();
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    check(res.json().data);
  };

  const probes: Record<string, () => Promise<void>> = {};
  for (const verb of ['list', 'page']) probes[`GET ${B}/plant/${verb}`] = list(`${B}/plant/${verb}?size=100`);
  probes[`GET ${B}/plant/detail`] = one(`${B}/plant/detail`, 'plant');
  probes[`GET ${B}/plant/energyStat`] = one(`${B}/plant/energyStat`, 'plant', '&dateType=day');
  probes[`GET ${B}/plant/installedInfo`] = one(`${B}/plant/installedInfo`, 'plant');
  const idsOf = async (table: 'blade_dept' | 'blade_user') =>
    new Set((await rawDb(app().database).query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE tenant_id = $1`, [A])).rows.map((r) => r.id));
  probes[`GET ${B}/plant/operationCompanyList`] = async () => {
    const aDepts = await idsOf('blade_dept');
    expect(aDepts.size).toBeGreaterThan(0);
    const res = await get(`${B}/plant/operationCompanyList?tenantId=${A}`);
    expect(res.json().data.filter((d: { id: string }) => aDepts.has(d.id))).toEqual([]);
  };
  probes[`GET ${B}/plant/agentUserList`] = async () => {
    const aUsers = await idsOf('blade_user');
    expect(aUsers.size).toBeGreaterThan(0);
    for (const dept of ['', ...(await idsOf('blade_dept'))]) {
      const res = await get(`${B}/plant/agentUserList?tenantId=${A}${dept ? `&deptId=${dept}` : ''}`);
      expect(res.json().data.filter((u: { id: string }) => aUsers.has(u.id))).toEqual([]);
    }
  };
  probes[`POST ${B}/plant/remove`] = async () => {
    const x = await setup();
    await post(`${B}/plant/remove?ids=${x.plantId}`);
    const [p] = await app().database.db.select().from(plant).where(eq(plant.id, x.plantId));
    expect(p!.isDeleted).toBe(0);
  };
  probes[`POST ${B}/plant/submitOperationInfo`] = async () => {
    const x = await setup();
    const res = await post(`${B}/plant/submitOperationInfo`, { id: x.plantId, operationCompanyId: null, operationUserId: null });
    expect(res.statusCode).toBe(400);
    const [p] = await app().database.db.select().from(plant).where(eq(plant.id, x.plantId));
    expect(p!.updateUser).toBeNull();
  };

  probes[`POST ${B}/plant/addDevice`] = async () => {
    const x = await setup();
    // A free SN in the factory list: the only reason left to refuse is that the station is tenant A's.
    const sn = `PROBE${Date.now().toString(36).toUpperCase()}`;
    await app().database.db.insert(inverterFactory).values({ id: nextId(), deviceSn: sn });
    const before = await app().database.db.select().from(device).where(eq(device.plantId, x.plantId));
    const res = await post(`${B}/plant/addDevice`, { plantId: x.plantId, devices: [{ deviceType: 'inverter', deviceSn: sn }] });
    expect(res.statusCode).toBe(400);
    const after = await app().database.db.select().from(device).where(eq(device.plantId, x.plantId));
    expect(after.length).toBe(before.length);
  };

  const devices: [string, keyof AData['ids'], string[], string[]][] = [
    ['inverter', 'inverter', ['list', 'page'], ['detail', 'currentStatus', 'statusStat', 'everyDayStat', 'energyTotalStat', 'deviceInfo', 'installInfo', 'eventList', 'exceptionList', 'parallelInfo', 'parameter']],
    ['battery', 'battery', ['page', 'list'], ['currentStatus', 'stateCurve', 'dailyEstimate', 'totalStatistics', 'deviceInformation', 'installation', 'importantEvents', 'exceptionLog']],
    ['guardianPlant', 'guardian', ['list'], ['detail', 'currentStatus', 'statusStat', 'alarmList']],
    ['charger', 'charger', ['list'], ['detail', 'sessions', 'statusStat']],
  ];
  for (const [base, kind, lists, reads] of devices) {
    for (const verb of lists) probes[`GET ${B}/${base}/${verb}`] = list(`${B}/${base}/${verb}?size=100`);
    for (const verb of reads) probes[`GET ${B}/${base}/${verb}`] = one(`${B}/${base}/${verb}`, kind);
  }
  for (const url of [`${B}/inverter/overview`, `${B}/battery/listSummary`, `${B}/charger/overview`]) {
    probes[`GET ${url}`] = fleet(`${url}?tenantId=${A}`, (d) => expect(d.total).toBe(0));
  }
  probes[`POST ${B}/guardianPlant/unbind`] = async () => {
    const x = await setup();
    await post(`${B}/guardianPlant/unbind?ids=${x.ids.guardian}`);
    const [d] = await app().database.db.select().from(device).where(eq(device.id, x.ids.guardian));
    expect(d!.isDeleted).toBe(0);
  };
  probes[`GET ${B}/home/inverterAndLoadSummary`] = fleet(`${B}/home/inverterAndLoadSummary?tenantId=${A}`, (d) => {
    expect(d.plants).toBe(0);
    expect(d.inverters).toBe(0);
    expect(d.ratedPower).toBe(0);
    expect(d.todayGeneration).toBe(0);
  });
  probes[`GET ${B}/home/plantStatusSummary`] = fleet(`${B}/home/plantStatusSummary?tenantId=${A}`, (d) => expect(d.total).toBe(0));
  for (const p of ['inverterPerformance', 'batteryPerformance']) {
    probes[`GET ${B}/home/${p}`] = fleet(`${B}/home/${p}?dateType=month&tenantId=${A}`, (d) => expect(d.points).toEqual([]));
  }
  return probes;
}

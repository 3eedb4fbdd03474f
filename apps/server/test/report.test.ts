/**
 * Reports: fixed report types only, built from the tenant's own data (station KPI workbook from stations and their
 * daily energy; API activity), stored as report records, downloadable, removable; nothing of another tenant.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { energyPlantDay, plant } from '../src/db/schema-device.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
let bh: Record<string, string>;
const sunny = nextId();

beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
  const db = t.database.db;
  const hill = nextId();
  await db.insert(plant).values([
    { id: sunny, tenantId: '000000', plantName: '阳光一号', capacityKwp: 10, networkStatus: 0, regionName: '广东省 深圳市' },
    { id: hill, tenantId: '000000', plantName: '山坡二号', capacityKwp: 5, networkStatus: 1 },
  ]);
  await db.insert(energyPlantDay).values([
    { plantId: sunny, tenantId: '000000', day: '2026-03-01', pvKwh: 40, loadKwh: 30, importKwh: 5, exportKwh: 15, chargeKwh: 8, dischargeKwh: 6 },
    { plantId: sunny, tenantId: '000000', day: '2026-03-02', pvKwh: 50, loadKwh: 35, importKwh: 3, exportKwh: 15, chargeKwh: 9, dischargeKwh: 7 },
    { plantId: hill, tenantId: '000000', day: '2026-03-02', pvKwh: 20, loadKwh: 10, importKwh: 0, exportKwh: 10 },
    { plantId: sunny, tenantId: '000000', day: '2026-04-15', pvKwh: 999 },
  ]);
  await createTenant(db, '800001');
  const role = await createRole(db, '800001', 'administrator', 'all');
  await createUser(db, { tenantId: '800001', account: 'otto', password: 'Passw0rd1', roleId: role });
  const other = nextId();
  await db.insert(plant).values({ id: other, tenantId: '800001', plantName: '别家电站', capacityKwp: 3 });
  await db.insert(energyPlantDay).values({ plantId: other, tenantId: '800001', day: '2026-03-01', pvKwh: 12 });
  bh = { 'blade-auth': `bearer ${(await t.login('otto', 'Passw0rd1', '800001')).access_token}` };
});
afterAll(async () => t?.stop());

const generate = (query: string, headers = h) => t.req({ method: 'POST', url: `/api/blade-report/report/rest/generate?${query}`, headers });
const workbook = async (id: string, headers = h) => {
  const res = await t.req({ method: 'GET', url: `/api/blade-report/report/rest/download?id=${id}`, headers });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { wb, res };
};

describe('reports', () => {
  it('builds the station KPI workbook of the caller’s stations for a date range', async () => {
    // A platform user narrows to one tenant with tenantId (without it: every tenant, as in lists).
    const res = await generate('type=station-kpi&from=2026-03-01&to=2026-03-31&tenantId=000000');
    expect(res.json()).toMatchObject({ code: 200, data: { name: '电站KPI报表 2026-03-01 ~ 2026-03-31' } });
    const id = res.json().data.id as string;
    const { wb, res: dl } = await workbook(id);
    expect(dl.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="station-kpi-\d{12}\.xlsx"/);
    const kpi = wb.getWorksheet('电站KPI')!;
    const rows = kpi.getSheetValues().slice(2) as unknown[][];
    const sun = rows.find((r) => r[1] === '阳光一号')!;
    // name, region, capacity, network, pv, load, import, export, charge, discharge, yield, self-consumption, autarky, days
    expect(sun.slice(1)).toEqual(['阳光一号', '广东省 深圳市', 10, '正常', 90, 65, 8, 30, 17, 13, 9, 66.7, 87.7, 2]);
    expect(rows.map((r) => r[1])).not.toContain('别家电站');
    const daily = wb.getWorksheet('每日汇总')!.getSheetValues().slice(2) as unknown[][];
    expect(daily.map((r) => [r[1], r[2]])).toEqual([
      ['2026-03-01', 40],
      ['2026-03-02', 70],
    ]);
  });

  it('lists, shows (without the file) and removes records of the tenant only', async () => {
    const mine = (await t.req({ method: 'GET', url: '/api/blade-report/report/rest/list', headers: h })).json();
    expect(mine.data.total).toBe(1);
    const rec = mine.data.records[0];
    expect(rec).toMatchObject({ reportType: 'station-kpi', fileName: expect.stringMatching(/\.xlsx$/) });
    expect(rec.content).toBeUndefined();
    expect((await t.req({ method: 'GET', url: `/api/blade-report/report/rest/detail?id=${rec.id}`, headers: h })).json().data.content).toBeUndefined();
    expect((await t.req({ method: 'GET', url: '/api/blade-report/report/rest/list', headers: bh })).json().data.total).toBe(0);
    expect((await t.req({ method: 'GET', url: `/api/blade-report/report/rest/download?id=${rec.id}`, headers: bh })).statusCode).toBe(400);
    await t.req({ method: 'POST', url: `/api/blade-report/report/rest/remove?ids=${rec.id}`, headers: bh });
    expect((await t.req({ method: 'GET', url: `/api/blade-report/report/rest/download?id=${rec.id}`, headers: h })).statusCode).toBe(200);
    expect((await t.req({ method: 'POST', url: `/api/blade-report/report/rest/remove?ids=${rec.id}`, headers: h })).json().success).toBe(true);
    expect((await t.req({ method: 'GET', url: `/api/blade-report/report/rest/download?id=${rec.id}`, headers: h })).statusCode).toBe(400);
  });

  it("another tenant's KPI workbook holds only its stations", async () => {
    const id = (await generate('type=station-kpi&from=2026-03-01&to=2026-03-31&tenantId=000000', bh)).json().data.id;
    const { wb } = await workbook(id, bh);
    const rows = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[1], r[5]])).toEqual([['别家电站', 12]]);
  });

  it('API activity in English', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.req({ method: 'POST', url: `/api/blade-report/report/rest/generate?type=api-activity&to=${today}`, headers: { ...h, 'accept-language': 'en-US' } });
    expect(res.json().data.name).toMatch(/^API activity report \d{4}-\d{2}-\d{2} ~ /);
    const { wb } = await workbook(res.json().data.id);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Per day', 'Busiest endpoints']);
  });

  it('refuses unknown types, ranges over a year, and SQL where a type goes', async () => {
    expect((await generate('type=users')).json().msg).toBe('不支持的报表类型: users');
    expect((await generate("type=station-kpi';drop table blade_user;--")).statusCode).toBe(400);
    expect((await generate('type=station-kpi&from=2024-01-01&to=2026-01-01')).statusCode).toBe(400);
  });
});

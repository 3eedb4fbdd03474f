/**
 * Shared by the factory list tests (factory.test.ts, factory-sheet.test.ts): the app of the importing file (live
 * bindings `t` and `h`, set by `useFactoryApp()` in that file's beforeAll), the Blade paths and request helpers.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { multipart } from './multipart.js';

export let t: TestApp;
export let h: Record<string, string>;

/** The importing file's app, signed in as the administrator. */
export function useFactoryApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    h = await t.adminHeaders();
  });
  afterAll(async () => t?.stop());
}

export const B = '/api/skyworth-client';
export const INV = `${B}/deviceExitFactoryInfo`;
export const BAT = `${B}/batteryExitFactoryInfo`;
export const GRD = `${B}/guardianExitFactoryInfo`;
export const CHG = `${B}/chargerExitFactoryInfo`;
export const en = { 'accept-language': 'en-US' };

export const post = (url: string, payload?: object, headers = h) => t.req({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
export const get = (url: string, headers = h) => t.req({ method: 'GET', url, headers });
export const asUser = async (account: string, password: string, tenantId = '000000') => {
  const s = await t.login(account, password, tenantId);
  if (!s.access_token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(s)}`);
  return { 'blade-auth': `bearer ${s.access_token}` };
};
export const detailBySn = async (api: string, sn: string) => {
  const page = (await get(`${api}/list?deviceSn=${encodeURIComponent(sn)}&size=10`)).json().data;
  return (page.records as Record<string, unknown>[]).find((r) => r.deviceSn === sn);
};

export async function xlsx(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
export const upload = (url: string, name: string, data: Buffer, headers = h) => {
  const body = multipart([{ filename: name, content: data }]);
  return t.req({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
};
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return out;
}

export const fullInverter = (sn: string) => ({
  deviceSn: sn,
  model: 'HX-10K',
  factoryDate: '2024-03-15',
  phaseType: 2,
  gridType: 3,
  ratedPower: 10,
  warrantyYears: 5,
  warrantyStart: '2024-04-01',
  manufacturer: 'Helio Power',
  activationDate: '',
  fwProtocol: 'V1.02',
  fwMaster: 'M2.3.1',
  fwSlave: 'S1.0.9',
  fwEms: 'E3.1',
  fwDcdc: 'D1.4',
  mpptCount: 2,
  gridPhases: 3,
  ratedFrequency: 50,
  remark: 'line 1',
});

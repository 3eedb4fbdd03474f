/**
 * The Configuration area's version lists (matching list, factory versions) and the Excel sheets of the long lists
 * (setting items, protocol address map, both version lists): validation in the caller's language, one live row per
 * device type, model, firmware type and version, the export in the caller's language, imports matched on the
 * composite key (overwrite switch), and platform-only access — another tenant's administrator gets nothing.
 */
import { describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from './fixtures.js';
import { asUser, B, en, get, h, post, readXlsx, t, upload, useFactoryApp, xlsx } from './factory-fixtures.js';

useFactoryApp();

const MATCH = `${B}/matchingList`;
const FACTORY = `${B}/factoryVersion`;
const ITEMS = `${B}/setItemConfig`;
const MAP = `${B}/addressMapDefinition`;
const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const matching = (model: string, v: object = {}) => ({
  deviceType: 1, deviceModel: model, firmwareType: 1, firmwareVersion: 'V2.3.1', protocolVersion: 'V1.08', matchStatus: 3, remark: 'ok', ...v,
});

describe('matching list and factory versions', () => {
  it('saves a valid row and reads it back; refuses bad versions in the caller language', async () => {
    const model = `SW-${uid()}`;
    const saved = (await post(`${MATCH}/submit`, matching(model))).json();
    expect(saved).toMatchObject({ success: true });
    const page = (await get(`${MATCH}/list?deviceModel=${model}`)).json().data;
    expect(page.records).toEqual([expect.objectContaining({ deviceModel: model, firmwareVersion: 'V2.3.1', protocolVersion: 'V1.08', matchStatus: 3 })]);

    const zh = (await post(`${MATCH}/submit`, matching(model, { firmwareVersion: 'V2 3!' }))).json();
    expect(zh).toMatchObject({ success: false, code: 400 });
    expect(zh.msg).toContain('固件版本格式不正确');
    const enRes = (await post(`${FACTORY}/submit`, { deviceType: 1, deviceModel: model, firmwareType: 2, firmwareVersion: 'v/1', releaseDate: '2025-02-30' }, { ...h, ...en })).json();
    expect(enRes.msg).toContain('Version has an invalid format');
    expect(enRes.msg).toContain('Release date');
    const missing = (await post(`${FACTORY}/submit`, { deviceType: 1, firmwareType: 2 }, { ...h, ...en })).json();
    expect(missing.msg).toContain('Device model is required');
  });

  it('keeps one live row per device type, model, firmware type and version', async () => {
    const model = `SW-${uid()}`;
    const row = { deviceType: 1, deviceModel: model, firmwareType: 1, firmwareVersion: 'M1.0.0', releaseDate: '2025-01-15' };
    expect((await post(`${FACTORY}/submit`, row)).json().success).toBe(true);
    const dup = (await post(`${FACTORY}/submit`, row, { ...h, ...en })).json();
    expect(dup).toMatchObject({ success: false, code: 400 });
    expect(dup.msg).toMatch(/already exists/);
    // Another firmware type of the same model is another row.
    expect((await post(`${FACTORY}/submit`, { ...row, firmwareType: 2 })).json().success).toBe(true);
    const list = (await get(`${FACTORY}/list?deviceModel=${model}`)).json().data;
    expect(list.total).toBe(2);
  });

  it('exports with translated headers and dictionary names; imports and overwrites on the composite key', async () => {
    const model = `SW-${uid()}`;
    await post(`${MATCH}/submit`, matching(model));
    const file = await get(`${MATCH}/export?deviceModel=${model}`, { ...h, ...en });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const [header, first] = await readXlsx(file.rawPayload);
    expect(header!.slice(0, 6)).toEqual(['Device type', 'Device model', 'Firmware type', 'Firmware version', 'Protocol version', 'Status']);
    expect(first!.slice(0, 6)).toEqual(['Inverter', model, 'Master firmware', 'V2.3.1', 'V1.08', 'Released']);

    const sheet = await xlsx([
      ['设备类型', '设备型号', '固件类型', '固件版本', '协议版本', '状态', '备注'],
      ['逆变器', model, '主机固件', 'V2.3.1', 'V1.09', '测试中', 'updated'],
      ['Inverter', model, 'Slave firmware', 'S1.0.2', 'V1.09', 'Released', ''],
    ]);
    const refused = (await upload(`${MATCH}/import`, 'm.xlsx', sheet)).json();
    expect(refused).toMatchObject({ success: false, data: { imported: 0 } });
    expect(refused.data.errors).toEqual([{ row: 2, column: 'firmwareVersion', reason: expect.stringContaining(model) }]);
    const covered = (await upload(`${MATCH}/import?isCovered=1`, 'm.xlsx', sheet)).json();
    expect(covered).toMatchObject({ success: true, data: { imported: 2, errors: [] } });
    const rows = (await get(`${MATCH}/list?deviceModel=${model}&size=10`)).json().data.records as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.firmwareVersion === 'V2.3.1')).toMatchObject({ protocolVersion: 'V1.09', matchStatus: 2, remark: 'updated' });
  });
});

describe('Excel on the setting items and the address map', () => {
  it('exports the setting items with headers in the caller language', async () => {
    const zh = await get(`${ITEMS}/export?deviceType=3`);
    expect(zh.statusCode).toBe(200);
    const [header, ...rows] = await readXlsx(zh.rawPayload);
    expect(header).toEqual(expect.arrayContaining(['设备类型', '设置项键', '名称(中文)']));
    expect(rows.length).toBeGreaterThan(3);
    const [enHeader] = await readXlsx((await get(`${ITEMS}/export?deviceType=3`, { ...h, ...en })).rawPayload);
    expect(enHeader).toEqual(expect.arrayContaining(['Device type', 'Item key', 'Name (English)']));
  });

  it('imports registers: new rows added, an existing register refused unless overwritten', async () => {
    const version = `T${uid()}`;
    const sheet = (unit: string) =>
      xlsx([
        ['Manufacturer', 'Protocol version', 'Physical address', 'Attribute name', 'Data type', 'Unit', 'Length', 'System default'],
        ['Helio', version, 45000, 'testLimit', 'U16', unit, 1, '5'],
        ['Helio', version, 45001, 'testLimit2', 'U32', '', 2, ''],
      ]);
    expect((await upload(`${MAP}/import`, 'map.xlsx', await sheet('W'), { ...h, ...en })).json()).toMatchObject({ success: true, data: { imported: 2 } });
    const again = (await upload(`${MAP}/import`, 'map.xlsx', await sheet('kW'), { ...h, ...en })).json();
    expect(again).toMatchObject({ success: false, data: { imported: 0 } });
    expect(again.data.errors).toHaveLength(2);
    expect(again.data.errors[0].reason).toContain(`Helio / ${version} / 45000`);
    expect((await upload(`${MAP}/import?isCovered=1`, 'map.xlsx', await sheet('kW'))).json()).toMatchObject({ success: true, data: { imported: 2 } });
    const rows = (await get(`${MAP}/list?protocolVersion=${version}`)).json().data.records as Record<string, unknown>[];
    expect(rows.map((r) => [r.physicalAddress, r.unit])).toEqual([[45000, 'kW'], [45001, '']]);
  });

  it('imports a setting item matched on device type, model and key', async () => {
    const key = `test_${uid()}`;
    const head = ['设备类型', '设备型号(空为全部)', '设置类型', '设置项分类', '设置项类型', '名称(中文)', '名称(英文)', '设置项键', '值类型', '最小值', '最大值', '小数位数'];
    const row = (max: number) => ['逆变器', '', '高级设置', '其他', 'input', '测试项', 'Test item', key, 'int', 0, max, 0];
    expect((await upload(`${ITEMS}/import`, 'items.xlsx', await xlsx([head, row(10)]))).json()).toMatchObject({ success: true, data: { imported: 1 } });
    expect((await upload(`${ITEMS}/import?isCovered=1`, 'items.xlsx', await xlsx([head, row(20)]))).json()).toMatchObject({ success: true, data: { imported: 1 } });
    const rows = (await get(`${ITEMS}/list?itemKey=${key}`)).json().data.records as Record<string, unknown>[];
    expect(rows).toEqual([expect.objectContaining({ itemKey: key, maxValue: 20, deviceType: 1, deviceModel: '' })]);
    const bad = (await upload(`${ITEMS}/import`, 'items.xlsx', await xlsx([head, [...row(5).slice(0, 7), 'bad key!', 'int', 0, 5, 0]]), { ...h, ...en })).json();
    expect(bad.data.errors).toEqual([{ row: 2, column: 'itemKey', reason: 'Item key has an invalid format' }]);
  });
});

describe('who may use them', () => {
  it("another tenant's administrator neither reads nor exports nor imports the platform's configuration", async () => {
    await createTenant(t.database.db, '330001');
    const admin = await createRole(t.database.db, '330001', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '330001', account: 'cfgadmin', password: 'Passw0rd1', roleId: admin });
    const ht = await asUser('cfgadmin', 'Passw0rd1', '330001');
    for (const api of [MATCH, FACTORY, ITEMS, MAP]) {
      expect((await get(`${api}/list`, ht)).statusCode, api).toBe(403);
      expect((await get(`${api}/export`, ht)).statusCode, api).toBe(403);
      expect((await get(`${api}/import-template`, ht)).statusCode, api).toBe(403);
      expect((await upload(`${api}/import`, 'x.xlsx', await xlsx([['a']]), ht)).statusCode, api).toBe(403);
    }
    expect((await post(`${MATCH}/submit`, matching('SW-X'), ht)).statusCode).toBe(403);
  });

  it('a platform user needs the page code to read and the export button to export', async () => {
    const roleId = await createRole(t.database.db, '000000', 'cfg-reader', ['matching_list']);
    await createUser(t.database.db, { tenantId: '000000', account: 'cfgreader', password: 'Passw0rd1', roleId });
    const hr = await asUser('cfgreader', 'Passw0rd1');
    expect((await get(`${MATCH}/list`, hr)).statusCode).toBe(200);
    expect((await get(`${MATCH}/export`, hr)).statusCode).toBe(403);
    expect((await get(`${FACTORY}/list`, hr)).statusCode).toBe(403);
    expect((await post(`${MATCH}/submit`, matching('SW-Y'), hr)).statusCode).toBe(403);
  });
});

/**
 * Factory lists: Excel import (good and bad files, .xlsx and .xls, overwrite, skip errors, cross-list rules) and the
 * export round trip.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inverterFactory } from '../src/db/schema-device.js';
import { registerDevices } from '../src/modules/station/device-registry.js';
import { BAT, GRD, INV, detailBySn, en, fullInverter, get, h, post, readXlsx, t, upload, useFactoryApp, xlsx } from './factory-fixtures.js';
import { createPlant, uniqueSn } from './station-fixtures.js';

useFactoryApp();

describe('Excel import and export', () => {
  it('serves the template in the caller language', async () => {
    const zh = await get(`${INV}/import-template`);
    expect(zh.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(zh.headers['content-disposition']))).toContain('逆变器出厂信息导入模板.xlsx');
    const [header] = await readXlsx(zh.rawPayload);
    expect(header!.slice(0, 4)).toEqual(['序列号', '型号', '出厂日期', '单相/三相']);
    expect(header).not.toContain('使用状态'); // read-only: not imported
    const [enHeader] = await readXlsx((await get(`${BAT}/import-template`, { ...h, ...en })).rawPayload);
    expect(enHeader).toContain('Inverter serial number');
  });

  it('a file with errors imports nothing and names row, column and reason; skipErrors imports the good rows', async () => {
    const taken = uniqueSn('INV');
    await post(`${INV}/save`, { deviceSn: taken });
    const good = uniqueSn('INV');
    const dupInFile = uniqueSn('INV');
    const file = await xlsx([
      ['序列号', '型号', '单相/三相', '离网/并网/混合', 'MPPT数量', '出厂日期'],
      [good, 'HX-5K', '单相', 'Hybrid', 2, new Date(Date.UTC(2024, 4, 6))],
      ['bad sn!', 'HX-5K', '', '', '', ''],
      [taken, 'HX-5K', '', '', '', ''],
      [dupInFile, 'A', '', '', '', ''],
      [dupInFile, 'B', '', '', '', ''],
      [uniqueSn('INV'), 'C', '四相', '', 99, ''],
      [],
      [uniqueSn('INV'), 'D', '', '', '', '2024-13-01'],
    ]);
    const res = await upload(`${INV}/import`, 'inverters.xlsx', file);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 400, success: false, data: { imported: 0 }, msg: '导入文件有6处错误,未导入任何数据' });
    expect(body.data.errors).toEqual([
      { row: 3, column: 'deviceSn', reason: '序列号格式不正确' },
      { row: 4, column: 'deviceSn', reason: `序列号 ${taken}已存在` },
      { row: 6, column: 'deviceSn', reason: `序列号 ${dupInFile}已存在` },
      { row: 7, column: 'phaseType', reason: '未找到: 四相' },
      { row: 7, column: 'mpptCount', reason: 'MPPT数量超出允许范围' },
      { row: 9, column: 'factoryDate', reason: '出厂日期格式不正确' },
    ]);
    expect(await detailBySn(INV, good)).toBeUndefined();

    const enRes = (await upload(`${INV}/import`, 'inverters.xlsx', file, { ...h, ...en })).json();
    expect(enRes.msg).toBe('The file has 6 error(s); nothing was imported');
    expect(enRes.data.errors[0]).toEqual({ row: 3, column: 'deviceSn', reason: 'Serial number has an invalid format' });

    const skip = (await upload(`${INV}/import?skipErrors=1`, 'inverters.xlsx', file)).json();
    expect(skip).toMatchObject({ success: true, data: { imported: 2 } });
    expect(skip.data.errors).toHaveLength(6);
    expect(await detailBySn(INV, good)).toMatchObject({ model: 'HX-5K', phaseType: 1, gridType: 3, mpptCount: 2, factoryDate: '2024-05-06' });
    expect(await detailBySn(INV, dupInFile)).toMatchObject({ model: 'A' });
  });

  it('a good file imports; the overwrite switch updates existing rows; a row in use keeps its SN rules', async () => {
    const a = uniqueSn('GRD');
    const b = uniqueSn('GRD');
    const file = await xlsx([
      ['Serial number', 'Card number', 'Rated current (A)', 'Remark'],
      [a, '8986-A', 32, 'first'],
      [b, '8986-B', 63, ''],
    ]);
    expect((await upload(`${GRD}/import`, 'g.xlsx', file, { ...h, ...en })).json()).toMatchObject({ success: true, data: { imported: 2, errors: [] } });
    expect(await detailBySn(GRD, a)).toMatchObject({ cardNumber: '8986-A', ratedCurrent: 32, remark: 'first' });

    const again = await xlsx([
      ['序列号', '卡号', '额定电流(A)', '备注'],
      [a, '8986-A2', 40, ''],
    ]);
    const no = (await upload(`${GRD}/import?isCovered=0`, 'g.xlsx', again)).json();
    expect(no.data.errors).toEqual([{ row: 2, column: 'deviceSn', reason: `序列号 ${a}已存在` }]);
    const yes = (await upload(`${GRD}/import?isCovered=1`, 'g.xlsx', again)).json();
    expect(yes).toMatchObject({ success: true, data: { imported: 1 } });
    // The file row replaces the stored one (an empty cell clears the field).
    expect(await detailBySn(GRD, a)).toMatchObject({ cardNumber: '8986-A2', ratedCurrent: 40, remark: '' });

    // A row in use: overwriting its other fields works, its usage stays.
    await registerDevices(t.database.db, [{ tenantId: '000000', plantId: await createPlant(t.database.db), type: 'guardian', sn: b }]);
    const used = await xlsx([['序列号', '卡号'], [b, '8986-B2']]);
    expect((await upload(`${GRD}/import?isCovered=1`, 'g.xlsx', used)).json()).toMatchObject({ success: true, data: { imported: 1 } });
    expect(await detailBySn(GRD, b)).toMatchObject({ cardNumber: '8986-B2', usageFlag: 1 });
  });

  it('an import applies the cross-list rules too (looked up in bulk)', async () => {
    const inv = uniqueSn('INV');
    await post(`${INV}/save`, { deviceSn: inv });
    const okBat = uniqueSn('BAT');
    const file = await xlsx([
      ['序列号', '所属逆变器序列号', '能量(kWh)'],
      [okBat, inv, 5],
      [uniqueSn('BAT'), 'NO-SUCH-INV', 5],
      [inv, '', 5], // an inverter's SN in the battery list
    ]);
    const res = (await upload(`${BAT}/import`, 'b.xlsx', file)).json();
    expect(res.data.errors).toEqual([
      { row: 3, column: 'inverterSn', reason: '逆变器序列号不存在: NO-SUCH-INV' },
      { row: 4, column: 'deviceSn', reason: '序列号已存在' },
    ]);
    const skip = (await upload(`${BAT}/import?skipErrors=1`, 'b.xlsx', file)).json();
    expect(skip.data.imported).toBe(1);
    expect(await detailBySn(BAT, okBat)).toMatchObject({ inverterSn: inv, energyKwh: 5 });
  });

  it('imports the legacy .xls format', async () => {
    const data = fs.readFileSync(new URL('./sheets/inverter-factory.xls', import.meta.url));
    await t.database.db.update(inverterFactory).set({ isDeleted: 1 }).where(eq(inverterFactory.deviceSn, 'XLS-INV-0001'));
    await t.database.db.update(inverterFactory).set({ isDeleted: 1 }).where(eq(inverterFactory.deviceSn, 'XLS-INV-0002'));
    const res = (await upload(`${INV}/import`, 'legacy.xls', data)).json();
    expect(res).toMatchObject({ success: true, data: { imported: 2 } });
    expect(await detailBySn(INV, 'XLS-INV-0001')).toMatchObject({
      model: 'HX-5K',
      factoryDate: '2024-03-15',
      phaseType: 1,
      gridType: 3,
      ratedPower: 5,
      warrantyYears: 5,
      warrantyStart: '2024-04-01',
      warrantyEnd: '2029-03-31',
      manufacturer: '赫利能源',
      remark: '来自 .xls 文件',
    });
    expect(await detailBySn(INV, 'XLS-INV-0002')).toMatchObject({ phaseType: 2, gridType: 2, ratedPower: 10.5 });
  });

  it('refuses what is not a usable workbook', async () => {
    const html = await upload(`${INV}/import`, 'x.xlsx', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    const noHeader = (await upload(`${INV}/import`, 'x.xlsx', await xlsx([['型号'], ['HX']]))).json();
    expect(noHeader.msg).toBe('表头与导入模板不一致,请下载模板');
    const empty = (await upload(`${INV}/import`, 'x.xlsx', await xlsx([['序列号']]))).json();
    expect(empty.msg).toBe('导入文件中没有数据');
    // A broken .xls (right signature, garbage after it) is a translated 400, not a crash.
    const broken = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2048, 7)]);
    const res = await upload(`${INV}/import`, 'x.xls', broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    const tooMany = await xlsx([['序列号'], ...Array.from({ length: 5001 }, (_, i) => [`MANY-${i}`])]);
    expect((await upload(`${INV}/import`, 'x.xlsx', tooMany)).json().msg).toBe('导入文件最多5000行数据');
  });

  it('exports the filtered list with dictionary names; the export imports back unchanged', async () => {
    const sns = [uniqueSn('RT'), uniqueSn('RT')];
    for (const sn of sns) await post(`${INV}/save`, fullInverter(sn));
    const prefix = sns[0]!.slice(0, 6);
    const before = await Promise.all(sns.map((sn) => detailBySn(INV, sn)));
    const res = await get(`${INV}/export?deviceSn=${prefix}&ascs=deviceSn`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    const header = rows[0]!;
    expect(header).toContain('使用状态');
    const at = (r: string[], h: string) => r[header.indexOf(h)];
    const mine = rows.slice(1).filter((r) => sns.includes(at(r, '序列号')!));
    expect(mine).toHaveLength(2);
    expect(at(mine[0]!, '单相/三相')).toBe('三相');
    expect(at(mine[0]!, '离网/并网/混合')).toBe('混合');
    expect(at(mine[0]!, '使用状态')).toBe('未使用');
    expect(at(mine[0]!, '额定功率(kW)')).toBe('10');
    // English names in English.
    const enRows = await readXlsx((await get(`${INV}/export?deviceSn=${sns[0]}`, { ...h, ...en })).rawPayload);
    expect(enRows[0]).toContain('Grid type');
    expect(enRows[1]![enRows[0]!.indexOf('Grid type')]).toBe('Hybrid');
    // An unknown filter is refused as on the list.
    expect((await get(`${INV}/export?nope=1`)).statusCode).toBe(400);

    // Round trip: remove the rows, import the exported file, get the same rows back.
    for (const r of before) await post(`${INV}/remove?ids=${String(r!.id)}`);
    const imp = (await upload(`${INV}/import`, 'export.xlsx', res.rawPayload)).json();
    expect(imp).toMatchObject({ success: true });
    for (const [i, sn] of sns.entries()) {
      const after = await detailBySn(INV, sn);
      const strip = (r: Record<string, unknown> | undefined) => {
        const { id: _id, createTime: _c, updateTime: _u, createUser: _cu, updateUser: _uu, ...rest } = r ?? {};
        return rest;
      };
      expect(strip(after)).toEqual(strip(before[i]));
    }
  });
});

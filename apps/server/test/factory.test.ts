/**
 * Factory (exit-factory) lists of inverters, batteries, guardians and EV chargers through the API: save / update /
 * submit / remove on the Blade paths, every field, the SN rules (pattern, unique across the lists, locked while in
 * use), the usage guard and who may read and change the lists (Excel import and export: factory-sheet.test.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batteryFactory, guardianFactory, inverterFactory } from '../src/db/schema-device.js';
import { registerDevices } from '../src/modules/station/device-registry.js';
import { warrantyEnd } from '../src/modules/factory/factory.service.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { BAT, CHG, GRD, INV, asUser, detailBySn, en, fullInverter, get, h, post, t, upload, useFactoryApp, xlsx } from './factory-fixtures.js';
import { createPlant, uniqueSn } from './station-fixtures.js';

useFactoryApp();

describe('CRUD on the Blade paths', () => {
  it('save inserts with every field; detail and list answer them; the warranty end follows from start and years', async () => {
    const sn = uniqueSn('INV');
    const res = await post(`${INV}/save`, { ...fullInverter(sn), usageFlag: 1, id: '123', createUser: '42' });
    expect(res.json()).toMatchObject({ code: 200, success: true });
    const id = res.json().data.id as string;
    expect(id).not.toBe('123');
    const d = (await get(`${INV}/detail?id=${id}`)).json().data;
    expect(d).toMatchObject({
      ...fullInverter(sn),
      activationDate: '',
      warrantyEnd: '2029-03-31',
      usageFlag: 0, // set by registration only
    });
    expect(d.createUser).not.toBe('42');
    expect(d).not.toHaveProperty('tenantId');
    const row = await detailBySn(INV, sn);
    expect(row).toMatchObject({ id, model: 'HX-10K', phaseType: 2 });
    // Filters and sorts from the allow-list only.
    expect((await get(`${INV}/list?phaseType=2&gridType=3&usageFlag=0&deviceSn=${sn}`)).json().data.total).toBe(1);
    expect((await get(`${INV}/list?deviceSn=${sn}&descs=ratedPower`)).json().data.total).toBe(1);
    const unknown = await get(`${INV}/list?secretColumn=1`);
    expect(unknown.statusCode).toBe(400);
  });

  it('update changes only the given fields by id; it needs an id; submit does either', async () => {
    const sn = uniqueSn('INV');
    const id = (await post(`${INV}/save`, fullInverter(sn))).json().data.id as string;
    expect((await post(`${INV}/update`, { id, model: 'HX-12K' })).json()).toMatchObject({ success: true });
    expect((await get(`${INV}/detail?id=${id}`)).json().data).toMatchObject({ model: 'HX-12K', ratedPower: 10, deviceSn: sn });
    const noId = await post(`${INV}/update`, { model: 'x' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().msg).toBe('数据不存在或已被删除');
    expect((await post(`${INV}/update`, { id: '1', model: 'x' })).statusCode).toBe(400);
    // submit: with an id updates, without inserts.
    expect((await post(`${INV}/submit`, { id, remark: 'via submit' })).json().success).toBe(true);
    expect((await get(`${INV}/detail?id=${id}`)).json().data.remark).toBe('via submit');
    const sn2 = uniqueSn('INV');
    expect((await post(`${INV}/submit`, { deviceSn: sn2 })).json().data.id).toMatch(/^\d+$/);
  });

  it('batteries, guardians and chargers keep their own fields', async () => {
    const inv = uniqueSn('INV');
    await post(`${INV}/save`, { deviceSn: inv });
    const bat = uniqueSn('BAT');
    const b = await post(`${BAT}/save`, {
      deviceSn: bat,
      model: 'LFP-10',
      factoryDate: '2024-01-02',
      ratedVoltage: 51.2,
      capacityAh: 200,
      energyKwh: 10.24,
      cellSeries: 16,
      cellParallel: 1,
      cellCapacityAh: 200,
      bmsSn: 'BMS-0001',
      inverterSn: inv,
      manufacturer: 'Helio Cells',
    });
    expect(b.json().success).toBe(true);
    expect(await detailBySn(BAT, bat)).toMatchObject({ energyKwh: 10.24, cellSeries: 16, bmsSn: 'BMS-0001', inverterSn: inv, usageFlag: 0 });
    const grd = uniqueSn('GRD');
    expect((await post(`${GRD}/save`, { deviceSn: grd, cardNumber: '8986-0000-1', ratedCurrent: 63 })).json().success).toBe(true);
    expect(await detailBySn(GRD, grd)).toMatchObject({ cardNumber: '8986-0000-1', ratedCurrent: 63 });
    const chg = uniqueSn('CHG');
    expect((await post(`${CHG}/save`, { deviceSn: chg, ratedPower: 7, phases: 1, connectorType: 2 })).json().success).toBe(true);
    expect(await detailBySn(CHG, chg)).toMatchObject({ ratedPower: 7, phases: 1, connectorType: 2 });
  });

  it('checks every field rule with translated messages', async () => {
    const sn = uniqueSn('INV');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ deviceSn: '' }, '序列号不能为空', 'Serial number is required'],
      [{ deviceSn: 'ab' }, '序列号长度不能少于4个字符', 'Serial number must be at least 4 characters'],
      [{ deviceSn: 'bad sn!' }, '序列号格式不正确', 'Serial number has an invalid format'],
      [{ deviceSn: sn, mpptCount: 100 }, 'MPPT数量超出允许范围', 'MPPT count is out of the allowed range'],
      [{ deviceSn: sn, phaseType: 5 }, '单相/三相超出允许范围', 'Phase is out of the allowed range'],
      [{ deviceSn: sn, warrantyYears: 1.5 }, '质保年限格式不正确', 'Warranty (years) has an invalid format'],
      [{ deviceSn: sn, ratedPower: 'lots' }, '额定功率(kW)必须是数字', 'Rated power (kW) must be a number'],
      [{ deviceSn: sn, ratedPower: -1 }, '额定功率(kW)超出允许范围', 'Rated power (kW) is out of the allowed range'],
      [{ deviceSn: sn, factoryDate: '2024-02-30' }, '出厂日期格式不正确', 'Factory date has an invalid format'],
      [{ deviceSn: sn, factoryDate: '15/03/2024' }, '出厂日期格式不正确', 'Factory date has an invalid format'],
      [{ deviceSn: sn, warrantyStart: '2024-05-01', warrantyEnd: '2024-04-01' }, '质保结束日期不能早于质保开始日期', 'The warranty end date cannot be before the start date'],
      [{ deviceSn: sn, fwMaster: 'x'.repeat(33) }, '主机版本长度不能超过32个字符', 'Host firmware must be at most 32 characters'],
    ];
    for (const [body, zh, english] of cases) {
      const res = await post(`${INV}/save`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toBe(zh);
      expect((await post(`${INV}/save`, body, { ...h, ...en })).json().msg).toBe(english);
    }
    const bad = await post(`${BAT}/save`, { deviceSn: uniqueSn('BAT'), inverterSn: 'NO-SUCH-INVERTER' });
    expect(bad.json().msg).toBe('逆变器序列号不存在: NO-SUCH-INVERTER');
    expect((await post(`${CHG}/save`, { deviceSn: uniqueSn('CHG'), connectorType: 9 })).json().msg).toBe('接口类型超出允许范围');
  });

  it('derives the warranty end (29 February included)', () => {
    expect(warrantyEnd('2024-03-15', 5)).toBe('2029-03-14');
    expect(warrantyEnd('2024-02-29', 1)).toBe('2025-02-28');
    expect(warrantyEnd('2024-02-29', 4)).toBe('2028-02-28');
    expect(warrantyEnd('2024-01-01', 0)).toBeUndefined();
  });
});

describe('SN rules and the usage guard', () => {
  it('an SN is unique within its list and across the lists', async () => {
    const sn = uniqueSn('INV');
    await post(`${INV}/save`, { deviceSn: sn });
    const dup = await post(`${INV}/save`, { deviceSn: sn });
    expect(dup.json()).toMatchObject({ code: 400, msg: '序列号已存在' });
    expect((await post(`${INV}/save`, { deviceSn: sn }, { ...h, ...en })).json().msg).toBe('Serial number already exists');
    expect((await post(`${BAT}/save`, { deviceSn: sn })).json().msg).toBe('序列号已存在');
    // Changing another row's SN to a taken one is refused too.
    const other = (await post(`${INV}/save`, { deviceSn: uniqueSn('INV') })).json().data.id;
    expect((await post(`${INV}/update`, { id: other, deviceSn: sn })).json().msg).toBe('序列号已存在');
    // A removed row frees its SN.
    const row = await detailBySn(INV, sn);
    expect((await post(`${INV}/remove?ids=${row!.id}`)).json().success).toBe(true);
    expect((await post(`${INV}/save`, { deviceSn: sn })).json().success).toBe(true);
  });

  it('a row in use cannot be removed nor its SN changed; other fields can; registration and unbinding drive the flag', async () => {
    const sn = uniqueSn('INV');
    const free = uniqueSn('INV');
    const id = (await post(`${INV}/save`, { deviceSn: sn, model: 'A' })).json().data.id as string;
    const freeId = (await post(`${INV}/save`, { deviceSn: free })).json().data.id as string;
    const plantId = await createPlant(t.database.db);
    await registerDevices(t.database.db, [{ tenantId: '000000', plantId, type: 'inverter', sn }]);
    const d = (await get(`${INV}/detail?id=${id}`)).json().data;
    expect(d.usageFlag).toBe(1);
    expect(d.activationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await get(`${INV}/list?usageFlag=1&deviceSn=${sn}`)).json().data.total).toBe(1);

    const rename = await post(`${INV}/update`, { id, deviceSn: uniqueSn('INV') });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().msg).toBe(`序列号已被使用,不能修改: ${sn}`);
    expect((await post(`${INV}/update`, { id, deviceSn: uniqueSn('INV') }, { ...h, ...en })).json().msg).toBe(`The serial number is in use and cannot be changed: ${sn}`);
    // The same SN again and other fields are fine.
    expect((await post(`${INV}/update`, { id, deviceSn: sn, model: 'B' })).json().success).toBe(true);
    // The usage flag is not writable.
    await post(`${INV}/update`, { id, usageFlag: 0 });
    expect((await get(`${INV}/detail?id=${id}`)).json().data).toMatchObject({ usageFlag: 1, model: 'B' });

    const rm = await post(`${INV}/remove?ids=${id},${freeId}`);
    expect(rm.statusCode).toBe(400);
    expect(rm.json().msg).toBe(`序列号已被使用,不能删除: ${sn}`);
    // Nothing of the batch was removed.
    expect((await get(`${INV}/detail?id=${freeId}`)).json().success).toBe(true);
    const [stored] = await t.database.db.select().from(inverterFactory).where(eq(inverterFactory.id, id));
    expect(stored!.isDeleted).toBe(0);
  });

  it('the UPDATE and delete statements repeat the guard (a registration between check and write wins)', async () => {
    const sn = uniqueSn('GRD');
    const id = (await post(`${GRD}/save`, { deviceSn: sn })).json().data.id as string;
    // Simulate the race: the row becomes used after the check would have passed.
    await t.database.db.update(guardianFactory).set({ usageFlag: 1 }).where(eq(guardianFactory.id, id));
    const handle = t.services.crud.get('guardian-factory')!;
    // The engine's write of a rename prepared before the registration.
    const actor = { userId: '1', tenantId: '000000', deptIds: [] } as never;
    const done = await handle.repo.transaction(actor, { lang: 'zh-CN' }, (call) =>
      handle.repo.persist(call, { id, existing: { id, deviceSn: sn, usageFlag: 0 }, values: { deviceSn: uniqueSn('GRD') } }),
    );
    expect(done).toBeUndefined();
    const [row] = await t.database.db.select().from(guardianFactory).where(eq(guardianFactory.id, id));
    expect(row!.deviceSn).toBe(sn);
  });
});

describe('who may read and change the lists', () => {
  it('the page code reads; each write needs its button; export and import need theirs', async () => {
    const roleId = await createRole(t.database.db, '000000', 'factory-reader', ['inverter_factory', 'battery_factory']);
    await createUser(t.database.db, { tenantId: '000000', account: 'freader', password: 'Passw0rd1', roleId });
    const hh = await asUser('freader', 'Passw0rd1');
    expect((await get(`${INV}/list`, hh)).statusCode).toBe(200);
    expect((await get(`${GRD}/list`, hh)).statusCode).toBe(403);
    for (const verb of ['save', 'update', 'submit', 'remove', 'import']) {
      expect((await post(`${INV}/${verb}?ids=1`, { deviceSn: uniqueSn('INV') }, hh)).statusCode, verb).toBe(403);
    }
    expect((await get(`${INV}/export`, hh)).statusCode).toBe(403);
    expect((await get(`${INV}/import-template`, hh)).statusCode).toBe(403);

    const writer = await createRole(t.database.db, '000000', 'factory-writer', ['inverter_factory', 'inverter_factory_add', 'inverter_factory_export']);
    await createUser(t.database.db, { tenantId: '000000', account: 'fwriter', password: 'Passw0rd1', roleId: writer });
    const hw = await asUser('fwriter', 'Passw0rd1');
    const sn = uniqueSn('INV');
    const saved = await post(`${INV}/save`, { deviceSn: sn }, hw);
    expect(saved.json().success).toBe(true);
    // add without edit: submit with an id is refused, update too.
    expect((await post(`${INV}/submit`, { id: saved.json().data.id, model: 'x' }, hw)).statusCode).toBe(403);
    expect((await post(`${INV}/update`, { id: saved.json().data.id, model: 'x' }, hw)).statusCode).toBe(403);
    expect((await get(`${INV}/export?deviceSn=${sn}`, hw)).statusCode).toBe(200);
  });

  it("another tenant's users may read the platform's lists but never change them", async () => {
    await createTenant(t.database.db, '300001');
    const admin = await createRole(t.database.db, '300001', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '300001', account: 'tadmin', password: 'Passw0rd1', roleId: admin });
    const ht = await asUser('tadmin', 'Passw0rd1', '300001');
    const sn = uniqueSn('BAT');
    const id = (await post(`${BAT}/save`, { deviceSn: sn, model: 'kept' })).json().data.id as string;
    expect((await get(`${BAT}/detail?id=${id}`, ht)).json().data.deviceSn).toBe(sn);
    for (const [verb, body] of [
      ['save', { deviceSn: uniqueSn('BAT') }],
      ['update', { id, model: 'changed' }],
      ['submit', { id, model: 'changed' }],
    ] as const) {
      expect((await post(`${BAT}/${verb}`, body, ht)).statusCode, verb).toBe(403);
    }
    expect((await post(`${BAT}/remove?ids=${id}`, undefined, ht)).statusCode).toBe(403);
    const file = await xlsx([['序列号', '型号'], [sn, 'changed']]);
    expect((await upload(`${BAT}/import?isCovered=1`, 'b.xlsx', file, ht)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(batteryFactory).where(eq(batteryFactory.id, id));
    expect(row).toMatchObject({ model: 'kept', isDeleted: 0 });
  });
});

/**
 * Issue 13: regions as the stock Saber (src/views/base/region.vue) uses them, replayed step by step — its tree,
 * its detail form, "add child" (the parent's detail copied into the form, `id` and `version` included) and edit (the
 * code rebuilt as `parentCode + code.replace(parentCode, '')`) — and as SpringBlade names the level (`level`).
 * Regions are keyed by code: a new code inserts, an existing one updates, a stray `id` selects nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { region } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helper.js';

type Form = Record<string, unknown> & { code: string; parentCode: string; name: string; subCode: string; level: number };

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

const get = (url: string) => t.req({ method: 'GET', url, headers: h });
const submit = (body: object) => t.req({ method: 'POST', url: '/api/blade-system/region/submit', headers: h, payload: body });
const detail = async (code: string) => (await get(`/api/blade-system/region/detail?code=${code}`)).json().data as Form & { version: number; nameEn: string; regionLevel: number };
const stored = async (code: string) => (await t.database.db.select().from(region).where(eq(region.code, code)))[0];

/** Saber's nodeClick: the detail into the form, the sub-code derived by removing the parent code. */
async function nodeClick(code: string): Promise<Form> {
  const form = await detail(code);
  form.subCode = form.code.replace(form.parentCode, '');
  return form;
}
/** Saber's addChildren: the selected region becomes the parent; everything else of its detail stays in the form. */
function addChildren(form: Form): Form {
  form.parentCode = form.code;
  form.parentName = form.name;
  form.code = '';
  form.subCode = '';
  form.name = '';
  form.level = form.level === 5 ? 5 : form.level + 1;
  return form;
}
/** Saber's handleSubmit: the code is the parent code (none at the top) followed by the sub-code. */
function handleSubmit(form: Form) {
  const parentCode = form.parentCode === '00' ? '' : form.parentCode;
  form.code = parentCode + form.subCode;
  return submit(JSON.parse(JSON.stringify(form)) as object);
}

describe('regions for the stock Saber', () => {
  it('answers the level under both names, in every read', async () => {
    const d = await detail('440300');
    expect(d).toMatchObject({ id: '440300', code: '440300', level: 2, regionLevel: 2 });
    const lazy = (await get('/api/blade-system/region/lazy-tree?parentCode=440000')).json().data as Form[];
    expect(lazy.find((r) => r.code === '440300')).toMatchObject({ level: 2, regionLevel: 2, hasChildren: true });
    const select = (await get('/api/blade-system/region/select?code=440300')).json().data as Form[];
    expect(select.every((r) => r.level === 3 && r.regionLevel === 3)).toBe(true);
    const list = (await get('/api/blade-system/region/list?level=1&size=100')).json().data.records as Form[];
    expect(list.length).toBeGreaterThan(10);
    expect(list.every((r) => r.level === 1 && r.regionLevel === 1)).toBe(true);
  });

  it("adds a child from the parent's copied detail: a new region, the parent untouched", async () => {
    const parentBefore = await stored('440300');
    const form = addChildren(await nodeClick('440300'));
    expect(form).toMatchObject({ id: '440300', version: parentBefore!.version, nameEn: 'Shenzhen City', regionLevel: 2, level: 3 });
    form.subCode = '99';
    form.name = '测试新区';
    const res = await handleSubmit(form);
    expect(res.json()).toMatchObject({ success: true, data: { code: '44030099' } });
    const child = await detail('44030099');
    // Saber's level (3), not the parent's regionLevel that rode along; not the parent's English name either.
    expect(child).toMatchObject({ parentCode: '440300', parentName: '深圳市', name: '测试新区', level: 3, regionLevel: 3, nameEn: '', ancestors: '00,440000,440300' });
    expect(await stored('440300')).toEqual(parentBefore);
    const kids = (await get('/api/blade-system/region/lazy-tree?parentCode=440300')).json().data as Form[];
    expect(kids.map((k) => k.code)).toContain('44030099');
  });

  it("adds a child whose code exists: an update of that code, the parent's copied version never a conflict", async () => {
    const form = addChildren(await nodeClick('440300'));
    form.subCode = '98';
    form.name = '第二新区';
    expect((await handleSubmit(form)).json().success).toBe(true);
    // The parent changes (its version moves on), then Saber adds "44030098" again from the parent's new detail.
    const parent = await detail('440300');
    expect((await submit({ ...parent, remark: 'edited' })).json().success).toBe(true);
    const again = addChildren(await nodeClick('440300'));
    expect(again.version).not.toBe((await stored('44030098'))!.version);
    again.subCode = '98';
    again.name = '第二新区(改)';
    expect((await handleSubmit(again)).json().success).toBe(true);
    expect(await stored('44030098')).toMatchObject({ name: '第二新区(改)', parentCode: '440300', regionLevel: 3 });
    expect(await stored('440300')).toMatchObject({ name: '深圳市', remark: 'edited' });
  });

  it('edits a region with a zero-padded code: the rebuilt code names the region it was opened from', async () => {
    const form = await nodeClick('440305');
    expect(form.subCode).toBe('440305'); // '440305'.replace('440300', '') leaves it whole
    form.name = '南山区(Saber)';
    form.level = 3;
    const res = await handleSubmit(form);
    expect(res.json()).toMatchObject({ success: true, data: { code: '440305' } });
    expect((await detail('440305')).name).toBe('南山区(Saber)');
    expect(await stored('440300440305')).toBeUndefined();
    // A province: Saber drops the parent '00' and removes the first '00' of the code ('110000' → '1100').
    const province = await nodeClick('110000');
    province.remark = 'capital';
    expect((await handleSubmit(province)).json()).toMatchObject({ success: true, data: { code: '110000' } });
    expect(await stored('110000')).toMatchObject({ remark: 'capital', name: '北京市', regionLevel: 1 });
    expect(await stored('1100')).toBeUndefined();
  });

  it("an edit from Saber's form still carries the version it was opened at: a stale one is a conflict", async () => {
    const stale = await nodeClick('440306');
    const fresh = await nodeClick('440306');
    expect((await handleSubmit({ ...fresh, remark: 'first' })).json().success).toBe(true);
    const res = await handleSubmit({ ...stale, remark: 'second' });
    expect(res.statusCode).toBe(409);
    expect((await stored('440306'))!.remark).toBe('first');
  });

  it('takes the level as `level` or `regionLevel`; of two different ones the changed one wins', async () => {
    // SpringBlade's names only (no regionLevel, no nameEn): an insert, then an update that keeps the English name.
    expect((await submit({ code: '440399', parentCode: '440300', name: 'SB区', level: 3, sort: 9 })).json().success).toBe(true);
    expect(await stored('440399')).toMatchObject({ regionLevel: 3, nameEn: null });
    await t.database.db.update(region).set({ nameEn: 'SB District' }).where(eq(region.code, '440399'));
    expect((await submit({ code: '440399', parentCode: '440300', name: 'SB区2', level: 4, sort: 9 })).json().success).toBe(true);
    expect(await stored('440399')).toMatchObject({ name: 'SB区2', regionLevel: 4, nameEn: 'SB District' });
    // A Helio client posting the detail back with regionLevel changed (level still the stored one).
    const d = await detail('440399');
    expect((await submit({ ...d, regionLevel: 3 })).json().success).toBe(true);
    expect((await stored('440399'))!.regionLevel).toBe(3);
    // Neither name: the required-field message.
    const none = await submit({ code: '440398', parentCode: '440300', name: 'x', sort: 1 });
    expect(none.json().msg).toBe('区划层级不能为空');
  });

  it('removes by code as Saber sends it (remove?id=)', async () => {
    const res = await t.req({ method: 'POST', url: '/api/blade-system/region/remove?id=44030099', headers: h });
    expect(res.json()).toMatchObject({ success: true, data: true });
    expect(await stored('44030099')).toBeUndefined();
  });
});

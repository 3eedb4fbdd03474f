/**
 * The generic CRUD engine through two resources (param: platform-wide; post: tenant-owned): submit inserts or
 * updates by id, remove takes ids from the query, a form or JSON, deletes are soft, audit columns come from the
 * server, validation speaks both languages, and another tenant's rows are out of reach. The `POST page/{size}/{current}`
 * list form on posts served again by a test module (crud-probe.ts) that opts in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@helio/contracts/resources';
import { ALL_PERMISSION_CODES } from '@helio/contracts/permissions';
import { param, post } from '../src/db/schema.js';
import { loadManifests } from '../src/kernel/module-list.js';
import { crudProbe, probeResource } from './crud-probe.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({}, { modules: [...(await loadManifests()), crudProbe] });
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

const submit = (url: string, payload: object, headers = h) => t.req({ method: 'POST', url, headers, payload });

describe('every resource definition', () => {
  it.each(RESOURCES.map((r) => [r.name, r] as const))('%s: codes exist, labels in both languages, list answers', async (_n, r) => {
    expect(ALL_PERMISSION_CODES.has(r.page)).toBe(true);
    for (const a of r.actions.filter((x) => x !== 'batchDelete')) expect(ALL_PERMISSION_CODES.has(`${r.page}_${a}`), a).toBe(true);
    for (const f of r.fields) {
      expect(f.label.zh, f.key).toMatch(/[\u4e00-\u9fff]/);
      expect(f.label.en, f.key).toMatch(/^[A-Za-z]/);
    }
    const res = await t.req({ method: 'GET', url: `${r.api}/list`, headers: h });
    expect(res.json()).toMatchObject({ code: 200, success: true });
  });
});

describe('submit', () => {
  it('inserts without an id and sets the audit columns itself', async () => {
    const res = await submit('/api/blade-system/param/submit', {
      paramName: ' Site name ',
      paramKey: 'site.name',
      paramValue: 'Helio',
      createUser: '42',
      isDeleted: 1,
      tenantId: '999999',
    });
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const [row] = await t.database.db.select().from(param).where(eq(param.paramKey, 'site.name'));
    expect(row).toMatchObject({ paramName: 'Site name', createUser: '1123598821738675201', isDeleted: 0, status: 1 });
    expect(row!.createTime).toBeInstanceOf(Date);
  });

  it('updates by id, only the given form fields', async () => {
    const [row] = await t.database.db.select().from(param).where(eq(param.paramKey, 'site.name'));
    const res = await submit('/api/blade-system/param/submit', { id: row!.id, paramValue: 'Helio Solar' });
    expect(res.json().success).toBe(true);
    const detail = (await t.req({ method: 'GET', url: `/api/blade-system/param/detail?id=${row!.id}`, headers: h })).json();
    expect(detail.data).toMatchObject({ id: row!.id, paramName: 'Site name', paramKey: 'site.name', paramValue: 'Helio Solar' });
    expect(detail.data.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('checks required fields, lengths and duplicates with translated messages', async () => {
    const missing = await submit('/api/blade-system/param/submit', { paramName: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('参数键名不能为空; 参数键值不能为空');
    const en = await t.req({
      method: 'POST',
      url: '/api/blade-system/post/submit',
      headers: { ...h, 'accept-language': 'en-US' },
      payload: { category: 1, postCode: 'TOO-LONG-CODE-X', postName: 'x', sort: 1 },
    });
    expect(en.json().msg).toBe('Code must be at most 12 characters');
    const dup = await submit('/api/blade-system/param/submit', { paramName: 'y', paramKey: 'site.name', paramValue: 'z' });
    expect(dup.json().msg).toBe('参数键名已存在');
    const nan = await submit('/api/blade-system/post/submit', { category: 1, postCode: 'c1', postName: 'n', sort: 'abc' });
    expect(nan.json().msg).toBe('岗位排序必须是数字');
  });

  it('refuses an update of a row that does not exist', async () => {
    const res = await submit('/api/blade-system/param/submit', { id: '123', paramName: 'a', paramKey: 'b', paramValue: 'c' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('数据不存在或已被删除');
  });
});

describe('remove', () => {
  const newParam = async (key: string) => {
    await submit('/api/blade-system/param/submit', { paramName: key, paramKey: key, paramValue: 'v' });
    const [row] = await t.database.db.select().from(param).where(eq(param.paramKey, key));
    return row!.id;
  };

  it('takes ids from the query, a form body or a JSON body, and deletes softly', async () => {
    const [a, b, c, d] = [await newParam('r.a'), await newParam('r.b'), await newParam('r.c'), await newParam('r.d')];
    expect((await t.req({ method: 'POST', url: `/api/blade-system/param/remove?ids=${a},${b}`, headers: h })).json().success).toBe(true);
    expect(
      (await t.req({ method: 'POST', url: '/api/blade-system/param/remove', headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' }, payload: `ids=${c}` })).json().success,
    ).toBe(true);
    expect((await t.req({ method: 'POST', url: '/api/blade-system/param/remove', headers: h, payload: { ids: [d] } })).json().success).toBe(true);
    const rows = await t.database.db.select().from(param);
    for (const id of [a, b, c, d]) expect(rows.find((r) => r.id === id)?.isDeleted).toBe(1);
    const list = (await t.req({ method: 'GET', url: '/api/blade-system/param/list?paramKey=r.', headers: h })).json();
    expect(list.data.total).toBe(0);
    // A soft-deleted key can be used again.
    expect((await submit('/api/blade-system/param/submit', { paramName: 'again', paramKey: 'r.a', paramValue: 'v' })).json().success).toBe(true);
  });

  it('warns when nothing is selected', async () => {
    const res = await t.req({ method: 'POST', url: '/api/blade-system/param/remove?ids=', headers: h });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请选择至少一条数据');
  });
});

describe('permissions and tenants on the engine', () => {
  it('needs the add, edit and delete buttons separately', async () => {
    const roleId = await createRole(t.database.db, '000000', 'param-adder', ['param', 'param_add']);
    await createUser(t.database.db, { tenantId: '000000', account: 'adder', password: 'Passw0rd1', roleId });
    const s = await t.login('adder', 'Passw0rd1');
    const ah = { 'blade-auth': `bearer ${s.access_token}` };
    expect((await submit('/api/blade-system/param/submit', { paramName: 'n', paramKey: 'adder.k', paramValue: 'v' }, ah)).json().success).toBe(true);
    const [row] = await t.database.db.select().from(param).where(eq(param.paramKey, 'adder.k'));
    expect((await submit('/api/blade-system/param/submit', { id: row!.id, paramValue: 'changed' }, ah)).statusCode).toBe(403);
    expect((await t.req({ method: 'POST', url: `/api/blade-system/param/remove?ids=${row!.id}`, headers: ah })).statusCode).toBe(403);
  });

  it("keeps each tenant's posts to itself", async () => {
    await createTenant(t.database.db, '300001');
    const roleA = await createRole(t.database.db, '300001', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '300001', account: 'pa', password: 'Passw0rd1', roleId: roleA });
    await createTenant(t.database.db, '300002');
    const roleB = await createRole(t.database.db, '300002', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '300002', account: 'pb', password: 'Passw0rd1', roleId: roleB });
    const ha = { 'blade-auth': `bearer ${(await t.login('pa', 'Passw0rd1', '300001')).access_token}` };
    const hb = { 'blade-auth': `bearer ${(await t.login('pb', 'Passw0rd1', '300002')).access_token}` };

    expect((await submit('/api/blade-system/post/submit', { category: 1, postCode: 'A1', postName: 'A post', sort: 1, tenantId: '300002' }, ha)).json().success).toBe(true);
    const [aPost] = await t.database.db.select().from(post).where(eq(post.postCode, 'A1'));
    expect(aPost!.tenantId).toBe('300001'); // the body's tenantId is ignored for tenant users
    // The same code is fine in another tenant.
    expect((await submit('/api/blade-system/post/submit', { category: 1, postCode: 'A1', postName: 'B post', sort: 1 }, hb)).json().success).toBe(true);

    const bList = (await t.req({ method: 'GET', url: '/api/blade-system/post/list', headers: hb })).json();
    expect(bList.data.records.map((r: { postName: string }) => r.postName)).toEqual(['B post']);
    expect((await t.req({ method: 'GET', url: `/api/blade-system/post/detail?id=${aPost!.id}`, headers: hb })).statusCode).toBe(400);
    expect((await submit('/api/blade-system/post/submit', { id: aPost!.id, postName: 'hijacked' }, hb)).statusCode).toBe(400);
    await t.req({ method: 'POST', url: `/api/blade-system/post/remove?ids=${aPost!.id}`, headers: hb });
    const [after] = await t.database.db.select().from(post).where(eq(post.id, aPost!.id));
    expect(after).toMatchObject({ postName: 'A post', isDeleted: 0 });
    // The platform administrator sees both tenants.
    const all = (await t.req({ method: 'GET', url: '/api/blade-system/post/list?postCode_equal=A1', headers: h })).json();
    expect(all.data.total).toBe(2);
  });
});

describe('POST page/{size}/{current} (definitions that opt in)', () => {
  const base = probeResource.api;
  const page = (size: number | string, current: number | string, payload: object = {}, headers = h) =>
    t.req({ method: 'POST', url: `${base}/page/${size}/${current}`, headers, payload });
  beforeAll(async () => {
    for (const [code, name] of [['pp-c', 'Charlie'], ['pp-a', 'Alpha'], ['pp-b', 'Bravo'], ['px-z', 'Other']]) {
      expect((await submit('/api/blade-system/post/submit', { category: 1, postCode: code, postName: name, sort: 1 })).json().success).toBe(true);
    }
  });

  it('answers the page GET list answers: filters and sorts from the JSON body, size and current from the path', async () => {
    const res = await page(2, 1, { postCode: 'pp-', ascs: 'postCode' });
    expect(res.statusCode).toBe(200);
    const get = (await t.req({ method: 'GET', url: `${base}/list?postCode=pp-&ascs=postCode&size=2&current=1`, headers: h })).json();
    expect(res.json()).toEqual(get);
    expect(get.data).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(get.data.records.map((r: { postCode: string }) => r.postCode)).toEqual(['pp-a', 'pp-b']);
    const second = (await page(2, 2, { postCode: 'pp-', descs: 'post_code' })).json().data;
    expect(second.records.map((r: { postCode: string }) => r.postCode)).toEqual(['pp-a']);
    // Suffixed operators and an empty body, as on GET.
    expect((await page(10, 1, { postCode_equal: 'px-z' })).json().data.total).toBe(1);
    expect((await t.req({ method: 'POST', url: `${base}/page/10/1`, headers: h })).json().data.total).toBeGreaterThanOrEqual(4);
    // Only where the definition asks for it.
    expect((await t.req({ method: 'POST', url: '/api/blade-system/post/page/10/1', headers: h, payload: {} })).statusCode).toBe(404);
  });

  it('refuses what GET list refuses: unknown filters and sorts, bad paging', async () => {
    const unknown = await page(10, 1, { secret: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe((await t.req({ method: 'GET', url: `${base}/list?secret=x`, headers: h })).json().msg);
    expect((await page(10, 1, { ascs: 'password' })).statusCode).toBe(400);
    expect((await page(10_000, 1)).statusCode).toBe(400);
    expect((await page('x', 1)).statusCode).toBe(400);
    expect((await page(10, 0)).statusCode).toBe(400);
  });

  it("needs the list's permission and keeps to the caller's tenant", async () => {
    await createTenant(t.database.db, '300003');
    const adminRole = await createRole(t.database.db, '300003', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '300003', account: 'pp-admin', password: 'Passw0rd1', roleId: adminRole });
    const other = { 'blade-auth': `bearer ${(await t.login('pp-admin', 'Passw0rd1', '300003')).access_token}` };
    expect((await page(10, 1, { postCode: 'pp-' }, other)).json().data.total).toBe(0);
    // A platform caller may narrow to a tenant, as on GET.
    expect((await page(10, 1, { postCode: 'pp-', tenantId: '300003' })).json().data.total).toBe(0);

    const noList = await createRole(t.database.db, '000000', 'pp-nolist', ['param']);
    await createUser(t.database.db, { tenantId: '000000', account: 'pp-nolist', password: 'Passw0rd1', roleId: noList });
    const denied = { 'blade-auth': `bearer ${(await t.login('pp-nolist', 'Passw0rd1')).access_token}` };
    expect((await page(10, 1, {}, denied)).statusCode).toBe(403);
  });
});

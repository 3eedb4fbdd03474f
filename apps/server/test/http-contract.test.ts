/**
 * The Blade HTTP contract: envelope, status mapping, paging and its cap, allow-listed sort and filter keys,
 * language, ids and dates, and the 500 that leaks nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { createUser, createRole } from './fixtures.js';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = await t.adminHeaders();
  const roleId = await createRole(t.database.db, '000000', 'tester', []);
  for (const name of ['zoe', 'adam', 'mike']) {
    await createUser(t.database.db, { tenantId: '000000', account: name, password: 'Passw0rd1', roleId });
  }
});
afterAll(async () => t?.stop());

const get = (url: string, extra: Record<string, string> = {}) =>
  t.req({ method: 'GET', url, headers: { ...headers, ...extra } });

describe('R envelope', () => {
  it('wraps data as {code, success, data, msg} with the Blade success message', async () => {
    const res = await get('/api/blade-system/user/info');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(body.data.account).toBe('admin');
  });

  it('sends ids as strings and dates as yyyy-MM-dd HH:mm:ss, never the password', async () => {
    const body = (await get('/api/blade-system/user/info')).json();
    expect(body.data.id).toBe('1123598821738675201');
    expect(typeof body.data.id).toBe('string');
    expect(body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
  });

  it('answers in English when the client asks for it', async () => {
    const body = (await get('/api/blade-system/user/info', { 'accept-language': 'en-US,en;q=0.9' })).json();
    expect(body.msg).toBe('Success');
  });

  it('maps a business error to HTTP 400 with body code 400', async () => {
    const res = await get('/api/blade-system/user/detail?id=42');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '数据不存在或已被删除' });
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const res = await get('/api/blade-system/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false, msg: '404 没找到请求' });
  });

  it('answers a missing token with code 401 and an invalid one too', async () => {
    const missing = await t.req({ method: 'GET', url: '/api/blade-system/user/list' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 401, success: false, msg: '缺失令牌,鉴权失败' });
    const bad = await t.req({ method: 'GET', url: '/api/blade-system/user/list', headers: { 'blade-auth': 'bearer abc.def.ghi' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 401, msg: '请求未授权' });
  });

  it('accepts an empty JSON body where Blade clients send one', async () => {
    const res = await t.req({
      method: 'POST',
      url: '/api/blade-system/user/update-info',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.json()).toMatchObject({ code: 200, success: true });
  });

  it('rejects malformed JSON with a 400 envelope', async () => {
    const res = await t.req({
      method: 'POST',
      url: '/api/blade-system/user/update-info',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false });
  });
});

describe('paging', () => {
  it('defaults to current 1 and size 10 and returns the page object', async () => {
    const body = (await get('/api/blade-system/user/list')).json();
    expect(body.data).toMatchObject({ current: 1, size: 10, total: 4, pages: 1 });
    expect(body.data.records).toHaveLength(4);
  });

  it('pages with current and size', async () => {
    const body = (await get('/api/blade-system/user/list?current=2&size=3&ascs=account')).json();
    expect(body.data).toMatchObject({ current: 2, size: 3, total: 4, pages: 2 });
    expect(body.data.records.map((r: { account: string }) => r.account)).toEqual(['zoe']);
  });

  it('refuses a page size above the documented cap and nonsense paging', async () => {
    const big = await get('/api/blade-system/user/list?size=501');
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toBe('每页条数不能超过500');
    expect((await get('/api/blade-system/user/list?size=-1')).statusCode).toBe(400);
    expect((await get('/api/blade-system/user/list?current=0')).statusCode).toBe(400);
  });
});

describe('sort and filter allow-lists', () => {
  it('sorts by allowed fields, by API name or column name', async () => {
    const asc = (await get('/api/blade-system/user/list?ascs=account')).json();
    expect(asc.data.records.map((r: { account: string }) => r.account)).toEqual(['adam', 'admin', 'mike', 'zoe']);
    const desc = (await get('/api/blade-system/user/list?descs=real_name')).json();
    const accounts = desc.data.records.map((r: { account: string }) => r.account);
    // admin's real name is 管理员 (sorts after Latin letters); the others follow their names descending.
    expect(accounts).toEqual(['admin', 'zoe', 'mike', 'adam']);
  });

  it.each([
    'ascs=password',
    'descs=account;drop table blade_user',
    'ascs=updatexml(1,concat(0x7e,user()),1)',
    "ascs=account' or '1'='1",
    'descs=(select 1)',
  ])('rejects sort %s with 400 before any SQL', async (qs) => {
    const res = await get(`/api/blade-system/user/list?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^不支持的排序字段/);
  });

  it('filters with Blade key suffixes on allowed fields', async () => {
    const like = (await get('/api/blade-system/user/list?account=ad')).json();
    expect(like.data.records.map((r: { account: string }) => r.account).sort()).toEqual(['adam', 'admin']);
    const eq = (await get('/api/blade-system/user/list?account_equal=adam')).json();
    expect(eq.data.total).toBe(1);
    const right = (await get('/api/blade-system/user/list?account_likeright=mi')).json();
    expect(right.data.records[0].account).toBe('mike');
  });

  it('treats LIKE wildcards in values as text', async () => {
    const res = (await get('/api/blade-system/user/list?account=%25')).json();
    expect(res.data.total).toBe(0);
  });

  it.each([
    'password=x',
    'updatexml(1,concat(0x7e,version()),1)=1',
    'account_sleep=1',
    'is_deleted=1',
    'tenant_id_equal=1',
    'account%20or%201=1',
  ])('rejects filter key %s with 400', async (qs) => {
    const res = await get(`/api/blade-system/user/list?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^不支持的查询参数/);
  });
});

describe('unexpected failure', () => {
  it('answers 500 with a generic message and no stack or SQL', async () => {
    const broken = await createTestApp();
    const h = await broken.adminHeaders();
    await broken.database.close();
    const res = await broken.req({ method: 'GET', url: '/api/blade-system/user/list', headers: h });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 500, success: false, msg: '服务器异常' });
    expect(JSON.stringify(body)).not.toMatch(/select|blade_user|at .*\.ts|Error/i);
    await broken.close();
    await broken.database.drop().catch(() => undefined);
  });
});

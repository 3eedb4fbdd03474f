/**
 * Bad input is a 400 with a translated message, checked before any SQL — the six causes the OpenAPI fuzz found
 * answering 500 (ids beyond 64 bits, integers beyond 32 bits, NUL in text, an enormous `current`, a non-number
 * `sort`, a non-date date) — and a value that still reaches the database and is refused there is a 400 too (the last
 * line of defence), never a 500. `fuzz.test.ts` keeps the whole class out over every route.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badInputState } from '../src/core/errors.js';
import { isId } from '../src/core/ids.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
const en = (): Record<string, string> => ({ ...h, 'accept-language': 'en-US' });
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

const get = (url: string, headers = en()) => t.req({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers = en()) => t.req({ method: 'POST', url, headers, payload: payload as object });
const body = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, ...(res.json() as { code: number; msg: string }) });

describe('ids', () => {
  it('are decimal strings within the signed 64-bit range', () => {
    expect(isId('9223372036854775807')).toBe(true);
    expect(isId('0')).toBe(true);
    for (const bad of ['9223372036854775808', '18446744073709551616', '36893488147419103232', '-1', '1e5', '', ' 1']) expect(isId(bad), bad).toBe(false);
  });

  it('beyond 64 bits find nothing instead of failing: detail, remove, tree parents, lazy lists', async () => {
    const big = '36893488147419103232'; // 65 bits
    expect(body(await get(`/api/blade-system/post/detail?id=${big}`))).toMatchObject({ status: 400, code: 400, msg: 'The record does not exist or has been deleted' });
    expect(body(await get('/api/blade-system/post/detail?id=9223372036854775808'))).toMatchObject({ status: 400, code: 400 });
    expect(body(await post(`/api/blade-system/post/remove?ids=${big}`, {}))).toMatchObject({ status: 400, msg: 'Please select at least one record' });
    expect(body(await post('/api/blade-system/post/submit', { id: big, postName: 'x' }))).toMatchObject({ status: 400, msg: 'The record does not exist or has been deleted' });
    expect((await get(`/api/blade-system/dept/lazy-list?parentId=${big}`)).statusCode).toBe(200);
  });

  it('in list filters are checked against the column: a bigint filter takes only an id', async () => {
    expect(body(await get('/api/blade-system/dept/list?parentId=9223372036854775808'))).toMatchObject({ status: 400, msg: 'The value of parameter parentId is not valid' });
    expect(body(await get('/api/blade-system/dept/list?parentId=abc'))).toMatchObject({ status: 400 });
    expect((await get('/api/blade-system/dept/list?parentId=9223372036854775807')).statusCode).toBe(200);
  });
});

describe('integers of int4 columns', () => {
  it('in list filters: beyond 32 bits, fractions and non-numbers are a 400 naming the parameter', async () => {
    for (const v of ['2147483648', '-2147483649', '1.5', 'abc', '1e20']) {
      expect(body(await get(`/api/blade-system/post/list?status=${v}`)), v).toMatchObject({ status: 400, code: 400, msg: 'The value of parameter status is not valid' });
    }
    expect(body(await get('/api/blade-system/post/list?category=4294967296'))).toMatchObject({ status: 400 });
    expect((await get('/api/blade-system/post/list?status=2147483647')).statusCode).toBe(200);
  });

  it('in forms: sort and category beyond 32 bits or not numbers are field messages, in both languages', async () => {
    const base = { category: 1, postCode: 'bi-1', postName: 'Bad input', sort: 1 };
    expect(body(await post('/api/blade-system/post/submit', { ...base, sort: 2147483648 }))).toMatchObject({ status: 400, msg: 'Sort is out of the allowed range' });
    expect(body(await post('/api/blade-system/post/submit', { ...base, sort: 'abc' }))).toMatchObject({ status: 400, msg: 'Sort must be a number' });
    expect(body(await post('/api/blade-system/post/submit', { ...base, category: '99999999999' }, h))).toMatchObject({ status: 400, msg: '岗位类型超出允许范围' });
    expect(body(await post('/api/blade-system/post/submit', { ...base, sort: 1.5 }))).toMatchObject({ status: 400, msg: 'Sort has an invalid format' });
    expect(body(await post('/api/blade-system/post/submit', base))).toMatchObject({ status: 200, code: 200 });
  });

  it('in route schemas are 32-bit unless the route bounds them (and the OpenAPI document says so)', async () => {
    const res = await post('/api/blade-develop/model-prototype/submit-list', [{ id: '1', modelId: '1', jdbcName: 'a', sort: 2147483648 }]);
    expect(body(res)).toMatchObject({ status: 400, code: 400 });
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { name: string; schema: { maximum?: number } }[] }>> };
    const current = doc.paths['/api/blade-system/post/list']!.get!.parameters!.find((p) => p.name === 'current');
    expect(current!.schema.maximum).toBeLessThanOrEqual(2147483647);
  });
});

describe('NUL in text', () => {
  it('is refused in any query, form or JSON body, on any route, with a translated message', async () => {
    expect(body(await get('/api/blade-system/post/list?postName=a%00b'))).toMatchObject({ status: 400, msg: 'The request contains a character that is not allowed (NUL)' });
    expect(body(await get('/api/blade-system/user/findUserInfoByRoleName?roleName=%00', h))).toMatchObject({ status: 400, msg: '请求中含有不允许的字符(NUL)' });
    expect(body(await post('/api/blade-system/post/submit', { category: 1, postCode: 'nul', postName: 'a\u0000b', sort: 1 }))).toMatchObject({ status: 400 });
    const form = await t.req({ method: 'POST', url: '/api/blade-system/param/submit', headers: { ...en(), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'paramName=x&paramKey=k%00&paramValue=v' });
    expect(body(form)).toMatchObject({ status: 400 });
  });
});

describe('paging', () => {
  it('an enormous or fractional current is a 400; the largest page is an empty page', async () => {
    for (const v of ['1e20', '9007199254740993', '10000001', '1.5', '-1']) {
      expect(body(await get(`/api/blade-system/post/list?current=${v}`)), v).toMatchObject({ status: 400, code: 400 });
    }
    expect(body(await get('/api/blade-system/post/list?current=10000001'))).toMatchObject({ msg: 'Invalid paging parameters' });
    const last = await get('/api/blade-system/post/list?current=10000000&size=10');
    expect(last.json()).toMatchObject({ code: 200, data: { records: [], current: 10000000 } });
  });
});

describe('dates', () => {
  it('are real calendar dates and times: list filters', async () => {
    for (const v of ['2024-02-30', '2023-02-29', '2024-13-01', '2024-01-01 25:00:00', '2024-01-01 23:60:00', '99999-01-01', '0000-00-00', 'yesterday']) {
      expect(body(await get(`/api/blade-system/post/list?createTime_datege=${encodeURIComponent(v)}`)), v).toMatchObject({ status: 400, msg: 'The value of parameter createTime_datege is not valid' });
    }
    expect((await get('/api/blade-system/post/list?createTime_datege=2024-02-29%2023%3A59%3A59')).statusCode).toBe(200);
  });

  it('a tenant expiry that is no time is a 400, not a time an hour later', async () => {
    const [tenant] = (await get('/api/blade-system/tenant/list')).json().data.records as { id: string }[];
    const res = await post('/api/blade-system/tenant/setting', { ids: tenant!.id, accountNumber: 5, expireTime: '2030-01-01 12:60:00' });
    expect(body(res)).toMatchObject({ status: 400, code: 400 });
  });
});

describe('operators', () => {
  it('a LIKE filter on a column that is not text is refused as an unsupported parameter', async () => {
    expect(body(await get('/api/blade-system/dept/list?parentId_likeleft=1'))).toMatchObject({ status: 400, msg: 'Unsupported query parameter: parentId_likeleft' });
  });
});

describe('the last line of defence', () => {
  it('a value the database refuses (class 22) is recognised through Drizzle’s wrapper', async () => {
    const refused = async (q: ReturnType<typeof sql>) => t.database.db.execute(q).then(() => undefined, (e: unknown) => e);
    expect(badInputState(await refused(sql`select ${'36893488147419103232'}::bigint`))).toBe('22003');
    expect(badInputState(await refused(sql`select ${'abc'}::int`))).toBe('22P02');
    expect(badInputState(await refused(sql`select ${'2024-02-30'}::date`))).toMatch(/^220/);
    expect(badInputState(await refused(sql`select 1 from nowhere_at_all`))).toBeUndefined(); // a defect stays a 500
  });
});

/**
 * Concurrent writes (issue 11, item 11): optimistic locking and unique indexes.
 *
 * - Two edits made from the same version: exactly one changes the row, the other gets 409 with a translated
 *   message, and the winner's change is intact — on the CRUD engine (posts), users and regions.
 * - An edit without a version (stock Blade clients) is accepted: last writer wins.
 * - Identical concurrent creates: one row, the rest the translated "already exists" 400 (the unique index holds
 *   where the check before the insert cannot; on PostgreSQL `Promise.all` over `inject` runs them in parallel).
 * - Every unique field has its unique index, and every unique index of the database maps to a message.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@helio/contracts/resources';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { dictBiz, post, user } from '../src/db/schema.js';
import { INTERNAL_UNIQUE_INDEXES, UNIQUE_RULES } from '../src/db/unique-constraints.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
const en = { 'accept-language': 'en-US' };
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

const post_ = (url: string, payload: object, headers: Record<string, string> = {}) => t.req({ method: 'POST', url, headers: { ...h, ...headers }, payload });
const get = (url: string) => t.req({ method: 'GET', url, headers: h });
const CONFLICT_ZH = '数据已被他人修改,请刷新后重试';
const CONFLICT_EN = 'This record was changed by someone else; reload it and try again';

/** Two saves from the same version, at once: one 200, one 409 (Blade envelope, translated). */
async function racePair(url: string, a: object, b: object) {
  const [ra, rb] = await Promise.all([post_(url, a), post_(url, b, en)]);
  const winners = [ra, rb].filter((r) => r.statusCode === 200 && r.json().success);
  const losers = [ra, rb].filter((r) => r.statusCode === 409);
  expect(winners, `${ra.body} | ${rb.body}`).toHaveLength(1);
  expect(losers).toHaveLength(1);
  const loser = losers[0]!;
  expect(loser.json()).toEqual({ code: 409, success: false, data: {}, msg: loser === ra ? CONFLICT_ZH : CONFLICT_EN });
  return winners[0] === ra ? 'a' : 'b';
}

describe('optimistic locking on the CRUD engine', () => {
  let id: string;
  beforeAll(async () => {
    const res = await post_('/api/blade-system/post/submit', { category: 1, postCode: 'occ', postName: 'Original', sort: 1 });
    id = res.json().data.id;
  });
  const detail = async () => (await get(`/api/blade-system/post/detail?id=${id}`)).json().data;

  it('returns the version in detail and list, starting at 1 and raised by every save', async () => {
    const d = await detail();
    expect(d.version).toBe(1);
    const list = (await get('/api/blade-system/post/list?postCode=occ')).json().data.records;
    expect(list[0]).toMatchObject({ id, version: 1 });
    expect((await post_('/api/blade-system/post/submit', { id, version: 1, remark: 'one' })).json().success).toBe(true);
    expect((await detail()).version).toBe(2);
  });

  it('lets exactly one of two edits from the same version through, and keeps its change', async () => {
    for (let i = 0; i < 5; i++) {
      const { version } = await detail();
      const winner = await racePair(
        '/api/blade-system/post/submit',
        { id, version, postName: `Alice ${i}`, remark: `alice ${i}` },
        { id, version, postName: `Bob ${i}`, remark: `bob ${i}` },
      );
      const after = await detail();
      const who = winner === 'a' ? 'Alice' : 'Bob';
      expect(after).toMatchObject({ postName: `${who} ${i}`, remark: `${who.toLowerCase()} ${i}`, version: version + 1 });
    }
  });

  it('refuses a stale version even when nobody races (a form opened before the last save)', async () => {
    const { version } = await detail();
    const res = await post_('/api/blade-system/post/submit', { id, version: version - 1, postName: 'Stale' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 409, success: false, msg: CONFLICT_ZH });
    expect((await detail()).postName).not.toBe('Stale');
  });

  it('accepts an edit without a version (Blade clients): last writer wins', async () => {
    const { version } = await detail();
    const [a, b] = await Promise.all([
      post_('/api/blade-system/post/submit', { id, postName: 'Blade A' }),
      post_('/api/blade-system/post/submit', { id, postName: 'Blade B' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().success, b.json().success]).toEqual([true, true]);
    const d = await detail();
    expect(['Blade A', 'Blade B']).toContain(d.postName);
    expect(d.version).toBe(version + 2);
  });

  it('answers a version that is not one with a translated 400', async () => {
    for (const version of ['abc', -1, 1.5, '99999999999', true]) {
      const res = await post_('/api/blade-system/post/submit', { id, version, postName: 'x' }, en);
      expect(res.statusCode, String(version)).toBe(400);
      expect(res.json().msg).toBe('Version has an invalid format');
    }
  });
});

describe('optimistic locking on bespoke forms', () => {
  it('users: one of two edits from the same version wins; without a version it is accepted', async () => {
    const roleId = ((await get('/api/blade-system/role/select')).json().data as { id: string }[])[0]!.id;
    const deptId = (await get('/api/blade-system/dept/tree')).json().data[0].id;
    const base = { account: 'occ.user', name: 'Occ', realName: '乐观', email: 'occ@example.com', phoneDiallingCode: '+86', phone: '13800138001', sex: 1, roleId, deptId, userType: 1, password: 'Welcome123' };
    const created = await post_('/api/blade-system/user/submit', base);
    expect(created.json().success, created.body).toBe(true);
    const [row] = await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.account, 'occ.user'), eq(user.isDeleted, 0)));
    const id = row!.id;
    const detail = async () => (await get(`/api/blade-system/user/detail?id=${id}`)).json().data;
    const { version } = await detail();
    expect(version).toBeGreaterThanOrEqual(1);
    const winner = await racePair('/api/blade-system/user/submit', { id, version, realName: '甲' }, { id, version, realName: '乙' });
    expect(await detail()).toMatchObject({ realName: winner === 'a' ? '甲' : '乙', version: version + 1 });
    // Blade clients: no version, accepted.
    expect((await post_('/api/blade-system/user/submit', { id, realName: '丙' })).json().success).toBe(true);
    expect((await detail()).realName).toBe('丙');
  });

  it('regions: an edit from an old version is refused; one without a version overwrites', async () => {
    const detail = async () => (await get('/api/blade-system/region/detail?code=440305')).json().data;
    const before = await detail();
    const body = { code: '440305', parentCode: before.parentCode, name: before.name, regionLevel: before.regionLevel, sort: before.sort };
    const winner = await racePair('/api/blade-system/region/submit', { ...body, version: before.version, remark: 'a' }, { ...body, version: before.version, remark: 'b' });
    expect(await detail()).toMatchObject({ remark: winner, version: before.version + 1 });
    expect((await post_('/api/blade-system/region/submit', { ...body, remark: 'blade' })).json().success).toBe(true);
    expect(await detail()).toMatchObject({ remark: 'blade', version: before.version + 2 });
  });
});

describe('uniqueness under concurrency', () => {
  it('ten identical creates on the engine make one row; the rest get the translated duplicate 400', async () => {
    const res = await Promise.all(
      Array.from({ length: 10 }, () => post_('/api/blade-system/post/submit', { category: 1, postCode: 'same', postName: 'Same', sort: 1 })),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = res.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json()).toEqual({ code: 400, success: false, data: {}, msg: '岗位编号已存在' });
    const rows = await t.database.db.select().from(post).where(and(eq(post.postCode, 'same'), eq(post.isDeleted, 0)));
    expect(rows).toHaveLength(1);
  });

  it('ten identical user creates make one account; the others are told it exists (400, not 500)', async () => {
    const roleId = ((await get('/api/blade-system/role/select')).json().data as { id: string }[])[0]!.id;
    const body = { account: 'twin', name: 'Twin', realName: '双', phoneDiallingCode: '+86', phone: '13800138002', sex: 1, roleId, userType: 1, password: 'Welcome123' };
    const res = await Promise.all(Array.from({ length: 10 }, () => post_('/api/blade-system/user/submit', body)));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of res.filter((x) => x.statusCode !== 200)) expect(r.json()).toEqual({ code: 400, success: false, data: {}, msg: '账号已存在' });
    const rows = await t.database.db.select().from(user).where(and(eq(user.account, 'twin'), eq(user.isDeleted, 0)));
    expect(rows).toHaveLength(1);
  });

  it('a rule only the index enforces (a dictionary key per code and language) is the same translated 400', async () => {
    const parent = (await post_('/api/blade-system/dict-biz/submit', { code: 'occ_kind', dictValue: 'Kinds', sort: 1, isSealed: 0, language: 'zh-CN' })).json().data.id;
    const item = { parentId: parent, code: 'occ_kind', dictKey: 'k1', dictValue: 'One', sort: 1, isSealed: 0, language: 'zh-CN' };
    const first = await post_('/api/blade-system/dict-biz/submit', item);
    expect(first.json().success, first.body).toBe(true);
    const dup = await post_('/api/blade-system/dict-biz/submit', { ...item, dictValue: 'Uno' }, en);
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 400, msg: 'Key already exists' });
    // Same key in another language: allowed.
    expect((await post_('/api/blade-system/dict-biz/submit', { ...item, language: 'en-US' })).json().success).toBe(true);
    const n = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(dictBiz).where(and(eq(dictBiz.code, 'occ_kind'), eq(dictBiz.dictKey, 'k1'), eq(dictBiz.isDeleted, 0)));
    expect(n[0]!.n).toBe(2);
  });
});

describe('the unique indexes behind the rules', () => {
  it('every unique field of every resource has its unique index, mapped to the field', async () => {
    for (const def of RESOURCES) {
      for (const f of def.fields.filter((x) => x.unique)) {
        const table = t.services.crud.get(def.name)?.table as unknown as PgTable | undefined;
        expect(table, def.name).toBeDefined();
        const name = getTableConfig(table!).name;
        const found = Object.entries(UNIQUE_RULES).filter(([, r]) => r.table === name && r.field === f.key);
        expect(found.length, `${def.name}.${f.key}`).toBeGreaterThan(0);
      }
    }
  });

  it('every unique index of the database maps to a message or is listed as internal', async () => {
    const rows = await t.database.rows<{ name: string }>(sql`
      SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE i.indisunique AND NOT i.indisprimary AND n.nspname = current_schema()`);
    const names = rows.map((r) => r.name);
    for (const n of names) expect(n in UNIQUE_RULES || INTERNAL_UNIQUE_INDEXES.includes(n), n).toBe(true);
    for (const n of Object.keys(UNIQUE_RULES).filter((k) => !k.endsWith('_pkey'))) expect(names, n).toContain(n);
  });
});

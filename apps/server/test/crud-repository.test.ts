/**
 * The CRUD engine's repository half: a write and everything its hooks write with it share one transaction (a hook
 * that throws, over HTTP or not, leaves nothing of it behind, and what was meant for after the commit never runs),
 * and the repository serves jobs and device replies with no HTTP at all: an actor and the module's context.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../src/core/access.js';
import { BizError } from '../src/core/errors.js';
import { ConflictError } from '../src/core/optimistic.js';
import { FieldsError } from '../src/crud/register-crud.js';
import { param, post } from '../src/db/schema.js';
import { loadManifests } from '../src/kernel/module-list.js';
import { committed, crudProbe, probeParamKey, probeResource } from './crud-probe.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({}, { modules: [...(await loadManifests()), crudProbe] });
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

const actor = (o: Partial<AuthUser> = {}): AuthUser => ({
  userId: '1123598821738675201',
  tenantId: '000000',
  account: 'admin',
  userName: 'admin',
  nickName: 'admin',
  roleIds: [],
  roleAliases: ['administrator'],
  deptIds: [],
  postIds: [],
  clientId: 'job',
  sid: 'job',
  isAdministrator: true,
  ...o,
});
const postBy = async (code: string) => (await t.database.db.select().from(post).where(eq(post.postCode, code)))[0];
const paramBy = async (key: string) => (await t.database.db.select().from(param).where(eq(param.paramKey, key)))[0];
const body = (postCode: string, extra: object = {}) => ({ category: 1, postCode, postName: `Post ${postCode}`, sort: 1, ...extra });

describe('one transaction per write', () => {
  const submit = (payload: object) => t.req({ method: 'POST', url: `${probeResource.api}/submit`, headers: h, payload });

  it('writes the row and the rows its hooks write together, and runs the after-commit step once committed', async () => {
    const res = await submit(body('tx-ok'));
    expect(res.json()).toMatchObject({ code: 200, data: { paramKey: probeParamKey('tx-ok') } });
    const id = res.json().data.id as string;
    expect(await postBy('tx-ok')).toMatchObject({ id, isDeleted: 0 });
    expect(await paramBy(probeParamKey('tx-ok'))).toMatchObject({ paramValue: id });
    expect(committed).toContain(`write:${id}`);
  });

  it('leaves nothing written when a hook throws after the row and a second table were written', async () => {
    const before = committed.length;
    const res = await submit(body('tx-fail', { remark: 'fail-after-write' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('操作失败');
    expect(await postBy('tx-fail')).toBeUndefined();
    expect(await paramBy(probeParamKey('tx-fail'))).toBeUndefined();
    expect(committed).toHaveLength(before);
    // The code is free: nothing of the failed write holds it.
    expect((await submit(body('tx-fail'))).json().success).toBe(true);
  });

  it('keeps the rows live when a hook throws after the soft delete', async () => {
    const id = (await submit(body('tx-rm', { remark: 'fail-after-remove' }))).json().data.id as string;
    const res = await t.req({ method: 'POST', url: `${probeResource.api}/remove?ids=${id}`, headers: h });
    expect(res.statusCode).toBe(400);
    expect(await postBy('tx-rm')).toMatchObject({ isDeleted: 0 });
    expect(committed).not.toContain(`remove:${id}`);
  });
});

describe('the repository without HTTP', () => {
  it('lists, reads, writes and removes with an actor and the module context', async () => {
    const ctx = t.services.kernel.context('system');
    const repo = ctx.crud.get('post')!.repo;
    const me = actor();

    const saved = await repo.save(me, body('job-1', { createUser: '42', isDeleted: 1 }));
    expect(saved).toMatchObject({ inserted: true });
    const id = saved!.id;
    expect(await postBy('job-1')).toMatchObject({ id, tenantId: '000000', createUser: me.userId, isDeleted: 0 });
    expect(await repo.detail(me, id)).toMatchObject({ id, postCode: 'job-1', version: 1 });
    const page = await repo.page(me, { postCode: 'job-', size: 5 });
    expect(page).toMatchObject({ total: 1, size: 5, current: 1 });
    expect(page.records[0]).toMatchObject({ id, postName: 'Post job-1' });

    // The same rules as over HTTP, in the language asked for.
    await expect(repo.save(me, { postName: 'x' }, { lang: 'en-US' })).rejects.toThrow(FieldsError);
    await expect(repo.save(me, body('job-1'), { lang: 'en-US' })).rejects.toMatchObject({ messages: ['Code already exists'] });
    await expect(repo.page(me, { nope: '1' })).rejects.toThrow(BizError);

    // Edits carry the version they were made from.
    expect(await repo.save(me, { id, version: 1, postName: 'Renamed' }, { mode: 'update' })).toMatchObject({ id, inserted: false });
    await expect(repo.save(me, { id, version: 1, postName: 'Stale' })).rejects.toThrow(ConflictError);
    expect(await repo.detail(me, id)).toMatchObject({ postName: 'Renamed', version: 2 });

    // Another tenant's actor neither sees nor removes the row.
    const stranger = actor({ userId: '2', tenantId: '300009', isAdministrator: false, roleAliases: [] });
    await expect(repo.detail(stranger, id)).rejects.toMatchObject({ key: 'recordNotFound' });
    expect(await repo.remove(stranger, [id])).toEqual([]);

    expect(await repo.remove(me, [id])).toEqual([id]);
    expect(await postBy('job-1')).toMatchObject({ isDeleted: 1 });
    await expect(repo.remove(me, [])).rejects.toMatchObject({ key: 'idsRequired' });
  });

  it("runs the module's hooks in the same transaction", async () => {
    const repo = t.services.kernel.context('crud-probe').crud.get(probeResource.name)!.repo;
    await expect(repo.save(actor(), body('job-fail', { remark: 'fail-after-write' }))).rejects.toThrow(BizError);
    expect(await postBy('job-fail')).toBeUndefined();
    expect(await paramBy(probeParamKey('job-fail'))).toBeUndefined();
    const saved = await repo.save(actor(), body('job-ok'));
    expect(saved).toMatchObject({ inserted: true, extra: { paramKey: probeParamKey('job-ok') } });
    expect(committed).toContain(`write:${saved!.id}`);
  });
});

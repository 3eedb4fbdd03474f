/**
 * The module kernel on a real database: module order, durable jobs (once across processes, retried, kept across a
 * restart, taken over after a lease), versioned reference data and typed events.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { MemoryKvStore } from '../src/core/kv-store.js';
import { dict, menu } from '../src/db/schema.js';
import { Kernel, orderModules } from '../src/kernel/kernel.js';
import { JobRunner } from '../src/kernel/jobs.js';
import { applyReferenceData } from '../src/kernel/reference.js';
import { defineJob, defineModule, type ModuleContext, type ModuleManifest } from '../src/kernel/types.js';
import { seed } from '../src/seed/seed.js';
import { testDatabase } from './helper.js';

declare module '../src/kernel/types.js' {
  interface HelioEvents {
    'kernel-test.happened': { n: number };
  }
}

type TestDb = Awaited<ReturnType<typeof testDatabase>>;
let database: TestDb;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const config = loadConfig({ HELIO_DATA_DIR: '/tmp/helio-test-unused', HELIO_LOG_LEVEL: 'silent' });
const jobRows = async (name: string) =>
  database.rows<{ status: string; attempts: number; last_error: string | null }>(sql`SELECT status, attempts, last_error FROM helio_job WHERE name = ${name} ORDER BY id`);

async function kernelWith(manifests: ModuleManifest[]): Promise<Kernel> {
  return Kernel.create({ config, database, kv: new MemoryKvStore(), log: quiet, manifests });
}

beforeAll(async () => {
  database = await testDatabase();
  await seed(database.db, { adminPassword: 'Kernel-Test-2026', regions: false });
});
afterAll(async () => database?.drop());

describe('module order', () => {
  const m = (name: string, dependsOn?: string[]) => defineModule({ name, dependsOn });
  it('puts each module after what it depends on, the rest by name', () => {
    expect(orderModules([m('c', ['b']), m('a'), m('b', ['d']), m('d')]).map((x) => x.name)).toEqual(['a', 'd', 'b', 'c']);
  });
  it('refuses a cycle and an unknown dependency, naming them', () => {
    expect(() => orderModules([m('a', ['b']), m('b', ['a'])])).toThrow(/cycle: a → b → a/);
    expect(() => orderModules([m('a', ['x'])])).toThrow(/a depends on x/);
  });
  it('a module using a neighbour it does not depend on is told so while building', async () => {
    const early = defineModule({ name: 'aaa', services: (ctx: ModuleContext) => void ctx.use('auth' as never) });
    await expect(kernelWith([early])).rejects.toThrow(/add it to aaa's dependsOn/);
  });
});

describe('durable jobs', () => {
  it('runs a job once although two processes look for due jobs at the same moment', async () => {
    const runs: string[] = [];
    const job = defineJob<{ who: string }>({ name: 'kt.once', run: async (p) => void runs.push(p.who) });
    const ctx = {} as ModuleContext;
    const a = new JobRunner(database, quiet);
    const b = new JobRunner(database, quiet);
    a.register(job, ctx);
    b.register(job, ctx);
    for (let i = 0; i < 10; i++) await a.enqueue('kt.once', { who: `w${i}` });
    const [na, nb] = await Promise.all([a.poll(), b.poll()]);
    expect(na + nb).toBe(10);
    expect(runs.sort()).toEqual([...Array(10).keys()].map((i) => `w${i}`).sort());
    expect(await jobRows('kt.once')).toEqual([]); // a finished one-off job leaves nothing behind
  });

  it('deduplicates by key, and a cancelled job never runs', async () => {
    const runs: number[] = [];
    const r = new JobRunner(database, quiet);
    r.register(defineJob<number>({ name: 'kt.key', run: async (n) => void runs.push(n) }), {} as ModuleContext);
    expect(await r.enqueue('kt.key', 1, { key: 'kt:1' })).toBeTruthy();
    expect(await r.enqueue('kt.key', 2, { key: 'kt:1' })).toBeUndefined();
    await r.enqueue('kt.key', 3, { key: 'kt:3' });
    expect(await r.cancel('kt:3')).toBe(true);
    await r.poll();
    expect(runs).toEqual([1]);
  });

  it('enqueues many in one statement: each key once, also against one already pending', async () => {
    const runs: number[] = [];
    const r = new JobRunner(database, quiet);
    r.register(defineJob<number>({ name: 'kt.many', run: async (n) => void runs.push(n) }), {} as ModuleContext);
    await r.enqueue('kt.many', 0, { key: 'kt.many:0' });
    const added = await r.enqueueMany('kt.many', [0, 1, 2, 3].map((n) => ({ payload: n, key: `kt.many:${n}` })));
    expect(added).toBe(3);
    expect(await r.enqueueMany('kt.many', [])).toBe(0);
    await r.poll();
    expect(runs.sort()).toEqual([0, 1, 2, 3]);
  });

  it('retries a failing job with a growing wait, then keeps it as failed with its error', async () => {
    let calls = 0;
    const r = new JobRunner(database, quiet);
    r.register(defineJob({ name: 'kt.fail', maxAttempts: 2, retryMs: 1, run: async () => void (calls++, assertNever()) }), {} as ModuleContext);
    await r.enqueue('kt.fail');
    await r.poll();
    expect(await jobRows('kt.fail')).toMatchObject([{ status: 'pending', attempts: 1, last_error: 'boom' }]);
    await new Promise((res) => setTimeout(res, 20));
    await r.poll();
    expect(calls).toBe(2);
    expect(await jobRows('kt.fail')).toMatchObject([{ status: 'failed', attempts: 2, last_error: 'boom' }]);
  });

  it('is kept across a restart, and a job whose process died is taken over when its lease ends', async () => {
    const ran: string[] = [];
    const first = new JobRunner(database, quiet);
    const def = defineJob({ name: 'kt.restart', leaseMs: 50, run: async () => void ran.push('second') });
    first.register(def, {} as ModuleContext);
    await first.enqueue('kt.restart', null, { runAt: new Date(Date.now() - 1000) });
    // The first process claims it and dies before finishing (simulated: claimed, never settled).
    await database.rows(sql`UPDATE helio_job SET status = 'running', locked_by = 'dead', locked_until = now() + interval '50 milliseconds' WHERE name = 'kt.restart'`);
    const second = new JobRunner(database, quiet);
    second.register(def, {} as ModuleContext);
    expect(await second.poll()).toBe(0); // still leased
    await new Promise((res) => setTimeout(res, 80));
    expect(await second.poll()).toBe(1);
    expect(ran).toEqual(['second']);
  });

  it('a stop does not wait for a job stuck in flight: it is handed back, due at once, its attempt not counted', async () => {
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((res) => (release = res));
    const r = new JobRunner(database, quiet, { pollMs: 10_000 });
    r.register(defineJob({ name: 'kt.stuck', leaseMs: 600_000, run: () => stuck }), {} as ModuleContext);
    await r.enqueue('kt.stuck', null, { runAt: new Date(Date.now() - 1000) });
    const running = r.poll(); // claims it; the run never ends by itself
    await expect.poll(async () => (await jobRows('kt.stuck'))[0]?.status).toBe('running');
    await r.stop(50);
    const [row] = await database.rows<{ status: string; attempts: number; locked_by: string | null; due: boolean }>(
      sql`SELECT status, attempts, locked_by, run_at <= now() AS due FROM helio_job WHERE name = 'kt.stuck'`,
    );
    expect(row).toEqual({ status: 'pending', attempts: 0, locked_by: null, due: true });
    // Another process takes it over now, not after the 10-minute lease.
    const other = new JobRunner(database, quiet);
    let ran = 0;
    other.register(defineJob({ name: 'kt.stuck', run: async () => void ran++ }), {} as ModuleContext);
    expect(await other.poll()).toBe(1);
    expect(ran).toBe(1);
    release();
    await running;
  });

  it('a recurring job has one row, rescheduled after each run', async () => {
    let n = 0;
    const r = new JobRunner(database, quiet, { pollMs: 10_000 });
    r.register(defineJob({ name: 'kt.every', every: 60_000, run: async () => void n++ }), {} as ModuleContext);
    await r.start();
    await r.stop();
    await r.start(); // a restart does not add a second row
    await r.stop();
    await database.rows(sql`UPDATE helio_job SET run_at = now() - interval '1 second' WHERE name = 'kt.every'`);
    await r.poll();
    expect(n).toBe(1);
    const [row] = await database.rows<{ status: string; due: boolean }>(sql`SELECT status, run_at > now() + interval '50 seconds' AS due FROM helio_job WHERE name = 'kt.every'`);
    expect(row).toEqual({ status: 'pending', due: true });
    expect(await jobRows('kt.every')).toHaveLength(1);
  });
});

function assertNever(): never {
  throw new Error('boom');
}

describe('reference data', () => {
  const pageRef = (buttons: string[]) =>
    defineModule({
      name: 'kt-ref',
      reference: {
        version: 1,
        menus: [{ area: 'system', code: 'kt_page', path: '/system/kt', name: { zh: '测试页', en: 'Test page' }, buttons: buttons.map((b) => ({ code: `kt_page_${b}`, zh: b, en: b })) }],
        dictionaries: [{ code: 'kt_dict', zh: '测试', en: 'Test', items: [{ key: '1', zh: '一', en: 'One' }] }],
      },
    });

  it('adds what is missing, keeps what an administrator changed, and a later release reaches the database', async () => {
    expect(await applyReferenceData(database.db, [pageRef(['add'])])).toEqual({ 'kt-ref': 2 + 4 });
    expect(await applyReferenceData(database.db, [pageRef(['add'])])).toEqual({}); // unchanged: nothing to do
    await database.db.update(menu).set({ name: '改过的名字' }).where(sql`${menu.code} = 'kt_page'`);
    // The next release adds a button: it arrives; the renamed page keeps its new name.
    expect(await applyReferenceData(database.db, [pageRef(['add', 'export'])])).toEqual({ 'kt-ref': 1 });
    const rows = await database.db.select({ code: menu.code, name: menu.name }).from(menu).where(sql`${menu.code} LIKE 'kt_page%'`);
    expect(Object.fromEntries(rows.map((r) => [r.code, r.name]))).toEqual({ kt_page: '改过的名字', kt_page_add: 'add', kt_page_export: 'export' });
    const items = await database.db.select({ key: dict.dictKey, value: dict.dictValue }).from(dict).where(sql`${dict.code} = 'kt_dict' AND ${dict.dictKey} <> '-1'`);
    expect(items.map((i) => i.value).sort()).toEqual(['One', '一']);
  });

  it("the console's own menus: a button missing from an installed database comes back at the next start", async () => {
    const menuModule = (await import('../src/modules/menu/module.js')).default;
    await applyReferenceData(database.db, [menuModule]);
    await database.db.delete(menu).where(sql`${menu.code} = 'user_approve'`);
    await database.rows(sql`UPDATE helio_reference_version SET version = 'v0-older' WHERE module = 'menu'`);
    expect(await applyReferenceData(database.db, [menuModule])).toEqual({ menu: 1 });
    const [back] = await database.db.select({ name: menu.name, nameEn: menu.nameEn }).from(menu).where(sql`${menu.code} = 'user_approve'`);
    expect(back).toBeDefined();
  });
});

describe('events', () => {
  it('reach every handler in order; a failing handler neither fails the emitter nor stops the others', async () => {
    const seen: string[] = [];
    const k = await kernelWith([
      defineModule({ name: 'kt-a', events: { 'kernel-test.happened': () => void (seen.push('a'), assertNever()) } }),
      defineModule({ name: 'kt-b', events: { 'kernel-test.happened': (p) => void seen.push(`b${p.n}`) } }),
    ]);
    await k.events.emit('kernel-test.happened', { n: 7 });
    expect(seen).toEqual(['a', 'b7']);
  });

  it('a transaction runs its after-commit steps only when it commits', async () => {
    const k = await kernelWith([defineModule({ name: 'kt-tx' })]);
    const ctx = k.context('kt-tx');
    const after: string[] = [];
    await ctx.tx(async (_tx, hooks) => hooks.afterCommit(() => void after.push('committed')));
    await expect(
      ctx.tx(async (_tx, hooks) => {
        hooks.afterCommit(() => void after.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(after).toEqual(['committed']);
  });
});

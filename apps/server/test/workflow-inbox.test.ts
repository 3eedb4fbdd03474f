/**
 * The inbox among many tasks: 20,000 open tasks of 2,000 users and ten roles, and the administrator's todo list holds
 * exactly their own, newest first, page after page (the figure at 100,000 tasks is bench/workflow.bench.mjs's). Also
 * the inbox API other work uses (`inbox.createTask` of kind 'epc'): the task shows in the todo
 * list beside BPMN tasks, completing it through complete-task emits `workflow.taskCompleted`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

const F = '/api/blade-flow';
let t: TestApp;
let admin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const s = await t.login();
  admin = { 'blade-auth': `bearer ${s.access_token}` };
  adminId = s.user_id!;
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('the inbox', () => {
  it('a task of another kind (epc) sits in the todo list and completes through complete-task', async () => {
    const wf = t.services.kernel.use('workflow');
    const seen: unknown[] = [];
    t.services.kernel.events.on('workflow.taskCompleted', (p) => void seen.push(p));
    const id = await wf.inbox.createTask({ tenantId: '000000', kind: 'epc', refId: '42', elementId: 'survey', name: 'Site survey', assignee: adminId });
    const todo = (await t.req({ method: 'GET', url: `${F}/work/todo-list?kind=epc`, headers: admin })).json().data.records;
    expect(todo).toEqual([expect.objectContaining({ taskId: id, kind: 'epc', businessId: '42', taskName: 'Site survey' })]);
    const r = await t.req({ method: 'POST', url: `${F}/work/complete-task`, headers: admin, payload: { taskId: id, pass: true, comment: 'done' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(seen).toEqual([expect.objectContaining({ taskId: id, kind: 'epc', refId: '42', outcome: 'approve' })]);
    expect(await wf.inbox.cancelTasks('epc', '42', 'x')).toBe(0);
  });

  it("the todo list among 20,000 open tasks: the caller's own, newest first, paged", async () => {
    // A tenth unassigned (candidates: one of ten roles), the rest spread over 2,000 users; 20 are the administrator's.
    await t.database.db.execute(sql`
      INSERT INTO helio_flow_task (id, tenant_id, kind, ref_id, element_id, name, assignee, candidates, status, create_time)
      SELECT 8000000000000000000 + g, '000000', 'epc', g::text, 'step', 'Task ' || g,
        CASE WHEN g % 10 = 0 THEN NULL WHEN g % 1000 = 1 THEN ${adminId} ELSE (7000000000000000000 + g % 2000)::text END,
        CASE WHEN g % 10 = 0 THEN ARRAY['g:role' || (g % 97 % 10)] ELSE '{}'::text[] END,
        'open', now() - (g || ' seconds')::interval
      FROM generate_series(1, 20000) g`);
    const page = async (current: number) => (await t.req({ method: 'GET', url: `${F}/work/todo-list?size=10&current=${current}&kind=epc`, headers: admin })).json().data;
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect(first.total).toBe(20);
    // g = 1, 1001, 2001, …: the newest (created 1 s ago) first.
    expect(first.records.map((r: { businessId: string }) => r.businessId)).toEqual(Array.from({ length: 10 }, (_, i) => String(1 + i * 1000)));
    expect(second.records.map((r: { businessId: string }) => r.businessId)).toEqual(Array.from({ length: 10 }, (_, i) => String(10001 + i * 1000)));
    expect(third.records).toEqual([]);
  }, 300_000);
});

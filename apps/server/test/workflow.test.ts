/**
 * The workflow module end to end through HTTP on the seeded database: the seeded leave process walked by the seeded
 * hr / manager / boss users through both routes (≤ 3 days → a manager; > 3 → the boss) and the reject → adjust
 * loop; claim conflicts; two completes of one task at once (one 200, one 409); completing someone else's task (409);
 * another tenant sees none of it; a suspended definition cannot start; the history the flow chart reads.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { seedLeaveUsers } from '../src/modules/workflow/workflow.seed.js';
import { flowTask } from '../src/modules/workflow/workflow.tables.js';
import { createTestApp, type TestApp } from './helper.js';
import { createRole, createTenant, createUser } from './fixtures.js';

const F = '/api/blade-flow';
const PW = 'Passw0rd!flow';
let t: TestApp;
let admin: Record<string, string>;
const who: Record<string, { id: string; h: Record<string, string> }> = {};
let leaveDef: string;

async function signIn(account: string, tenantId = '000000') {
  const s = await t.login(account, PW, tenantId);
  if (!s.access_token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(s)}`);
  return { id: s.user_id!, h: { 'blade-auth': `bearer ${s.access_token}` } };
}

const get = async (url: string, h: Record<string, string>) => t.req({ method: 'GET', url, headers: h });
const post = async (url: string, h: Record<string, string>, payload?: unknown) => t.req({ method: 'POST', url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
const records = async (url: string, h: Record<string, string>) => {
  const r = await get(url, h);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.records as Record<string, string>[];
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  const db = t.database.db;
  // The demo users (made at start in demo mode; the test app runs without the demo fleet): give them a known
  // password (an administrator would reset it) and sign them in.
  await seedLeaveUsers(db);
  await seedLeaveUsers(db); // idempotent
  await db.update(user).set({ password: await hashPassword(PW), mustChangePassword: 0 }).where(inArray(user.account, ['hr', 'manager', 'boss']));
  const staffRole = await createRole(db, '000000', 'staff', ['work_start', 'work_start_add', 'work_todo', 'work_todo_handle', 'work_send', 'work_done']);
  await createUser(db, { tenantId: '000000', account: 'emma', password: PW, roleId: staffRole });
  await createUser(db, { tenantId: '000000', account: 'otto', password: PW, roleId: staffRole });
  for (const a of ['hr', 'manager', 'boss', 'emma', 'otto']) who[a] = await signIn(a);
  const list = await records(`${F}/work/start-list`, who.emma!.h);
  leaveDef = list.find((d) => d.key === 'Leave')!.id!;
});

afterAll(async () => {
  await t?.stop();
});

async function applyLeave(h: Record<string, string>, startTime: string, endTime: string) {
  const r = await post('/api/blade-desk/process/leave/start-process', h, { processDefinitionId: leaveDef, leaveType: 1, startTime, endTime, reason: 'family', taskUser: `taskUser_${who.hr!.id}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { id: string; processInstanceId: string; days: number };
}

async function taskOf(h: Record<string, string>, list: 'todo' | 'claim', instanceId: string) {
  const rows = await records(`${F}/work/${list}-list?size=100`, h);
  return rows.find((r) => r.processInstanceId === instanceId);
}

async function complete(h: Record<string, string>, taskId: string, pass: boolean, comment = pass ? 'ok' : 'no') {
  return post(`${F}/work/complete-task`, h, { taskId, pass, comment });
}

describe('the seeded leave process', () => {
  it('is deployed in the platform tenant and startable by staff', async () => {
    expect(leaveDef).toMatch(/^Leave:1:\d+$/);
    const view = (await get(`${F}/process/model-view?processDefinitionId=${encodeURIComponent(leaveDef)}`, who.emma!.h)).json();
    expect(view.data.xml).toContain('hrTask');
  });

  it('≤ 3 days: hr approves, a manager claims and approves, the process ends', async () => {
    const leave = await applyLeave(who.emma!.h, '2026-12-01 09:00:00', '2026-12-03 09:00:00');
    expect(leave.days).toBe(2);
    const pid = leave.processInstanceId;
    const hrTask = await taskOf(who.hr!.h, 'todo', pid);
    expect(hrTask?.taskDefinitionKey).toBe('hrTask');
    expect((await complete(who.hr!.h, hrTask!.taskId!, true)).statusCode).toBe(200);
    // Not for the boss; a manager's candidate task.
    expect(await taskOf(who.boss!.h, 'claim', pid)).toBeUndefined();
    const mt = await taskOf(who.manager!.h, 'claim', pid);
    expect(mt?.taskDefinitionKey).toBe('managerTask');
    expect((await post(`${F}/work/claim-task?taskId=${mt!.taskId}`, who.manager!.h)).json().data).toBe(true);
    expect(await taskOf(who.manager!.h, 'todo', pid)).toBeDefined();
    expect((await complete(who.manager!.h, mt!.taskId!, true)).statusCode).toBe(200);
    const detail = (await get(`/api/blade-desk/process/leave/detail?businessId=${leave.id}`, who.emma!.h)).json().data;
    expect(detail.flow.processIsFinished).toBe('finished');
    const sent = await records(`${F}/work/send-list`, who.emma!.h);
    expect(sent.find((r) => r.processInstanceId === pid)?.status).toBe('completed');
    const done = await records(`${F}/work/done-list`, who.manager!.h);
    expect(done.some((r) => r.processInstanceId === pid)).toBe(true);
    const hist = (await get(`${F}/process/history-flow-list?processInstanceId=${pid}`, who.emma!.h)).json().data as { historyActivityId: string; historyActivityType: string; endTime: string | null; comment: string | null }[];
    const ids = hist.map((x) => x.historyActivityId);
    expect(ids).toEqual(expect.arrayContaining(['start', 'hrTask', 'judgeDays', 'flowManager', 'managerTask', 'flowPass', 'end']));
    expect(ids).not.toContain('bossTask');
    expect(hist.find((x) => x.historyActivityId === 'flowManager')?.historyActivityType).toBe('sequenceFlow');
    expect(hist.every((x) => x.endTime)).toBe(true);
    expect(hist.find((x) => x.historyActivityId === 'hrTask')?.comment).toBe('ok');
  });

  it('> 3 days goes to the boss; a rejection sends it back to the applicant, who adjusts it', async () => {
    const leave = await applyLeave(who.emma!.h, '2026-12-01 09:00:00', '2026-12-06 09:00:00');
    expect(leave.days).toBe(5);
    const pid = leave.processInstanceId;
    expect((await complete(who.hr!.h, (await taskOf(who.hr!.h, 'todo', pid))!.taskId!, true)).statusCode).toBe(200);
    expect(await taskOf(who.manager!.h, 'claim', pid)).toBeUndefined();
    const bt = await taskOf(who.boss!.h, 'claim', pid);
    expect(bt?.taskDefinitionKey).toBe('bossTask');
    // A candidate may complete an unassigned task directly (implicit claim): rejected.
    expect((await complete(who.boss!.h, bt!.taskId!, false)).statusCode).toBe(200);
    const adjust = await taskOf(who.emma!.h, 'todo', pid);
    expect(adjust?.taskDefinitionKey).toBe('adjustTask');
    expect((await complete(who.emma!.h, adjust!.taskId!, true)).statusCode).toBe(200);
    const again = await taskOf(who.hr!.h, 'todo', pid);
    expect(again?.taskDefinitionKey).toBe('hrTask');
    expect(again?.taskId).not.toBe(adjust?.taskId);
    // The flow chart: the open hr task has no end time yet.
    const view = (await get(`${F}/process/model-view?processInstanceId=${pid}`, who.emma!.h)).json().data;
    expect(view.xml).toContain('bossTask');
    expect(view.flow.filter((x: { historyActivityId: string; endTime: string | null }) => x.historyActivityId === 'hrTask' && !x.endTime)).toHaveLength(1);
    const rec = (await get(`${F}/work/flow-list?processInstanceId=${pid}`, who.emma!.h)).json().data as { historyActivityType: string }[];
    expect(rec.some((x) => x.historyActivityType === 'sequenceFlow' || x.historyActivityType === 'exclusiveGateway')).toBe(false);
  });
});

describe('conflicts', () => {
  it('a claimed task cannot be claimed by another candidate (409); a non-candidate is refused', async () => {
    const db = t.database.db;
    const mgr2Role = (await db.select({ roleId: user.roleId }).from(user).where(eq(user.account, 'manager')))[0]!.roleId;
    await createUser(db, { tenantId: '000000', account: 'mia', password: PW, roleId: mgr2Role });
    const mia = await signIn('mia');
    const leave = await applyLeave(who.emma!.h, '2026-12-01 09:00:00', '2026-12-02 09:00:00');
    await complete(who.hr!.h, (await taskOf(who.hr!.h, 'todo', leave.processInstanceId))!.taskId!, true);
    const mt = (await taskOf(who.manager!.h, 'claim', leave.processInstanceId))!;
    expect((await post(`${F}/work/claim-task?taskId=${mt.taskId}`, who.manager!.h)).statusCode).toBe(200);
    const taken = await post(`${F}/work/claim-task?taskId=${mt.taskId}`, mia.h);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 409, success: false });
    expect((await post(`${F}/work/claim-task`, who.boss!.h, { taskId: mt.taskId })).statusCode).toBe(409);
    // Completing someone else's task: a clear 409, never a 500.
    const notYours = await complete(mia.h, mt.taskId!, true);
    expect(notYours.statusCode).toBe(409);
    expect((await post(`${F}/work/task-purview?taskId=${mt.taskId}`, mia.h)).json().data).toBe(false);
    expect((await post(`${F}/work/task-purview?taskId=${mt.taskId}`, who.manager!.h)).json().data).toBe(true);
    // Done twice: the second is a 409.
    expect((await complete(who.manager!.h, mt.taskId!, true)).statusCode).toBe(200);
    expect((await complete(who.manager!.h, mt.taskId!, true)).statusCode).toBe(409);
  });

  it('two completes of one task at once: exactly one 200 and one 409', async () => {
    const leave = await applyLeave(who.emma!.h, '2026-12-01 09:00:00', '2026-12-02 09:00:00');
    const hrTask = (await taskOf(who.hr!.h, 'todo', leave.processInstanceId))!;
    const [a, b] = await Promise.all([complete(who.hr!.h, hrTask.taskId!, true), complete(who.hr!.h, hrTask.taskId!, true)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const open = await t.database.db.select().from(flowTask).where(eq(flowTask.refId, leave.processInstanceId));
    expect(open.filter((x) => x.elementId === 'managerTask')).toHaveLength(1);
  });

  it('an unknown task is a 400, a bad id never a 500', async () => {
    expect((await complete(who.hr!.h, '123', true)).statusCode).toBe(400);
    expect((await post(`${F}/work/claim-task?taskId=abc`, who.hr!.h)).statusCode).toBe(400);
  });
});

describe('definitions and instances', () => {
  it('a suspended definition cannot start; activated again it can', async () => {
    expect((await post(`${F}/manager/change-state?state=suspend&processId=${encodeURIComponent(leaveDef)}`, admin)).statusCode).toBe(200);
    const r = await post('/api/blade-desk/process/leave/start-process', who.emma!.h, { processDefinitionId: leaveDef, startTime: '2026-12-01', endTime: '2026-12-02', reason: 'x', taskUser: who.hr!.id });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toMatch(/挂起|suspended/);
    expect((await records(`${F}/work/start-list`, who.emma!.h)).some((d) => d.key === 'Leave')).toBe(false);
    expect((await post(`${F}/manager/change-state`, admin, { state: 'active', processId: leaveDef })).statusCode).toBe(200);
    expect((await applyLeave(who.emma!.h, '2026-12-01 09:00:00', '2026-12-02 09:00:00')).processInstanceId).toBeTruthy();
  });

  it('deleting an instance cancels its tasks; the follow list shows the reason', async () => {
    const leave = await applyLeave(who.otto!.h, '2026-12-01 09:00:00', '2026-12-02 09:00:00');
    const pid = leave.processInstanceId;
    const del = await post(`${F}/follow/delete-process-instance?processInstanceId=${pid}&deleteReason=withdrawn`, admin);
    expect(del.statusCode, del.body).toBe(200);
    expect(await taskOf(who.hr!.h, 'todo', pid)).toBeUndefined();
    const inst = (await records(`${F}/follow/list?processInstanceId=${pid}`, admin))[0]!;
    expect(inst).toMatchObject({ status: 'terminated', deleteReason: 'withdrawn' });
    expect((await post(`${F}/follow/delete-process-instance?processInstanceId=${pid}`, admin)).statusCode).toBe(409);
  });

  it('an instance is visible to its starter and participants only', async () => {
    const leave = await applyLeave(who.otto!.h, '2026-12-01 09:00:00', '2026-12-02 09:00:00');
    expect((await get(`${F}/process/history-flow-list?processInstanceId=${leave.processInstanceId}`, who.otto!.h)).statusCode).toBe(200);
    expect((await get(`${F}/process/history-flow-list?processInstanceId=${leave.processInstanceId}`, who.hr!.h)).statusCode).toBe(200);
    expect((await get(`${F}/process/history-flow-list?processInstanceId=${leave.processInstanceId}`, who.emma!.h)).statusCode).toBe(400);
    expect((await get(`/api/blade-desk/process/leave/detail?businessId=${leave.id}`, who.emma!.h)).statusCode).toBe(400);
  });
});

describe('another tenant', () => {
  it('sees no definitions, instances or tasks of this one', async () => {
    const db = t.database.db;
    await createTenant(db, '300001');
    const role = await createRole(db, '300001', 'administrator', 'all');
    await createUser(db, { tenantId: '300001', account: 'zed', password: PW, roleId: role });
    const zed = await signIn('zed', '300001');
    expect(await records(`${F}/manager/list`, zed.h)).toEqual([]);
    expect(await records(`${F}/work/start-list`, zed.h)).toEqual([]);
    expect(await records(`${F}/follow/list`, zed.h)).toEqual([]);
    expect(await records(`${F}/model/list`, zed.h)).toEqual([]);
    const leave = await applyLeave(who.emma!.h, '2026-12-01 09:00:00', '2026-12-02 09:00:00');
    const hrTask = (await taskOf(who.hr!.h, 'todo', leave.processInstanceId))!;
    expect((await complete(zed.h, hrTask.taskId!, true)).statusCode).toBe(400);
    expect((await post(`${F}/work/claim-task?taskId=${hrTask.taskId}`, zed.h)).statusCode).toBe(400);
    expect((await get(`${F}/process/history-flow-list?processInstanceId=${leave.processInstanceId}`, zed.h)).statusCode).toBe(400);
    expect((await get(`/api/blade-desk/process/leave/detail?businessId=${leave.id}`, zed.h)).statusCode).toBe(400);
    expect((await post(`${F}/follow/delete-process-instance?processInstanceId=${leave.processInstanceId}`, zed.h)).statusCode).toBe(400);
    expect((await post(`${F}/manager/change-state?state=suspend&processId=${encodeURIComponent(leaveDef)}`, zed.h)).statusCode).toBe(400);
    const start = await post('/api/blade-desk/process/leave/start-process', zed.h, { processDefinitionId: leaveDef, startTime: '2026-12-01', endTime: '2026-12-02', reason: 'x', taskUser: '1' });
    expect(start.statusCode).toBe(400);
  });
});

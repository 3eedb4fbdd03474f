/**
 * Attachments per task (issue 16): the handler uploads files with `put-file-attach` and names them when completing the
 * task; the history beside the flow chart lists them with their links. At most three, of the task's tenant; a refused
 * completion writes nothing and leaves the task open.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { multipart, png } from './multipart.js';

const F = '/api/blade-flow';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-flow-attach-'));
let t: TestApp;
let admin: Record<string, string>;
let adminId = '';
let other: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ HELIO_DATA_DIR: dataDir });
  const s = await t.login();
  admin = { 'blade-auth': `bearer ${s.access_token}`, 'accept-language': 'en-US' };
  adminId = s.user_id!;
  await createTenant(t.database.db, '320001');
  const role = await createRole(t.database.db, '320001', 'admin2', 'all');
  await createUser(t.database.db, { tenantId: '320001', account: 'olga', password: 'Passw0rd1', roleId: role });
  const o = await t.login('olga', 'Passw0rd1', '320001');
  other = { 'blade-auth': `bearer ${o.access_token}`, 'accept-language': 'en-US' };
}, 120_000);

afterAll(async () => {
  await t?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function upload(h: Record<string, string>, name: string): Promise<string> {
  const m = multipart([{ filename: name, content: png(), type: 'image/png' }]);
  const res = await t.req({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file-attach', headers: { ...h, ...m.headers }, payload: m.payload });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { attachId: string } | { attachId: string }[];
  return (Array.isArray(data) ? data : [data])[0]!.attachId;
}

/** A leave request whose first (HR) task is the administrator's: answers the instance and that task. */
async function leaveTask(): Promise<{ pid: string; taskId: string }> {
  const defs = (await t.req({ method: 'GET', url: `${F}/work/start-list?size=100`, headers: admin })).json().data.records as { id: string; key: string }[];
  const def = defs.find((d) => d.key === 'Leave')!;
  const r = await t.req({
    method: 'POST',
    url: '/api/blade-desk/process/leave/start-process',
    headers: admin,
    payload: { processDefinitionId: def.id, leaveType: 1, startTime: '2026-12-01 09:00:00', endTime: '2026-12-02 09:00:00', reason: 'x', taskUser: `taskUser_${adminId}` },
  });
  expect(r.statusCode, r.body).toBe(200);
  const pid = r.json().data.processInstanceId as string;
  const todo = (await t.req({ method: 'GET', url: `${F}/work/todo-list?size=100`, headers: admin })).json().data.records as { taskId: string; processInstanceId: string }[];
  return { pid, taskId: todo.find((x) => x.processInstanceId === pid)!.taskId };
}

const complete = (taskId: string, attachIds: string[]) =>
  t.req({ method: 'POST', url: `${F}/work/complete-task`, headers: admin, payload: { taskId, pass: true, comment: 'see files', attachIds } });
const linked = async (taskId: string) => (await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM helio_flow_attachment WHERE task_id = ${taskId}`))[0]!.n;

describe('attachments of a task', () => {
  it('are kept with the completion and listed beside the flow chart with their links', async () => {
    const { pid, taskId } = await leaveTask();
    const files = [await upload(admin, 'receipt.png'), await upload(admin, 'note.png')];
    const r = await complete(taskId, [...files, files[0]!]);
    expect(r.statusCode, r.body).toBe(200);
    const hist = (await t.req({ method: 'GET', url: `${F}/process/history-flow-list?processInstanceId=${pid}`, headers: admin })).json().data as {
      taskId: string | null;
      attachments?: { attachId: string; name: string; link: string }[];
    }[];
    const row = hist.find((h) => h.taskId === taskId)!;
    expect(row.attachments?.map((a) => [a.attachId, a.name])).toEqual([
      [files[0], 'receipt.png'],
      [files[1], 'note.png'],
    ]);
    for (const a of row.attachments!) expect(a.link).toMatch(/^(https?:\/\/|\/)/);
    // A removed attachment is no longer listed.
    await t.database.db.execute(sql`UPDATE blade_attach SET is_deleted = 1 WHERE id = ${files[1]}`);
    const again = (await t.req({ method: 'GET', url: `${F}/work/flow-list?processInstanceId=${pid}`, headers: admin })).json().data as typeof hist;
    expect(again.find((h) => h.taskId === taskId)!.attachments?.map((a) => a.attachId)).toEqual([files[0]]);
  });

  it('are refused beyond three, from another tenant or unknown; the task stays open and nothing is written', async () => {
    const { taskId } = await leaveTask();
    const mine = await Promise.all(['a.png', 'b.png', 'c.png', 'd.png'].map((n) => upload(admin, n)));
    const theirs = await upload(other, 'theirs.png');
    const cases: [string[], string][] = [
      [mine, 'At most 3 attachments'],
      [[theirs], `No such attachment: ${theirs}`],
      [['123456789'], 'No such attachment: 123456789'],
      [['../etc'], 'No such attachment: ../etc'],
    ];
    for (const [ids, msg] of cases) {
      const r = await complete(taskId, ids);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toContain(msg);
    }
    expect(await linked(taskId)).toBe(0);
    const zh = await t.req({ method: 'POST', url: `${F}/work/complete-task`, headers: { ...admin, 'accept-language': 'zh-CN' }, payload: { taskId, attachIds: mine } });
    expect(zh.json().msg).toContain('附件最多 3 个');
    // Still open: completing with three of them works.
    expect((await complete(taskId, mine.slice(0, 3))).statusCode).toBe(200);
    expect(await linked(taskId)).toBe(3);
  });
});

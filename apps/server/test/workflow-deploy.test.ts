/**
 * Workflow deployments and timers: models saved and deployed (a new version per key), uploads of .bpmn20.xml and
 * .zip, and what is refused with a clear 400 (a script task, broken XML, a zip with a `../` name, a zip bomb, too
 * many entries, another file type); a start through the generic start route; a boundary timer that fires once as a
 * durable job, and does nothing for an instance deleted before it was due.
 */
import fs from 'node:fs';
import JSZip from 'jszip';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowInstance, flowTask } from '../src/modules/workflow/workflow.tables.js';
import { createTestApp, type TestApp } from './helper.js';
import { multipart } from './multipart.js';

const F = '/api/blade-flow';
let t: TestApp;
let admin: Record<string, string>;
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/bpmn/${name}`, import.meta.url), 'utf8');

const TIMER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="escalation" name="Escalation" isExecutable="true">
    <startEvent id="start" />
    <userTask id="approve" name="Approve" flowable:candidateGroups="administrator" />
    <boundaryEvent id="late" attachedToRef="approve"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></boundaryEvent>
    <userTask id="escalated" name="Escalated" flowable:assignee="\${initiator}" />
    <endEvent id="end" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
    <sequenceFlow id="f3" sourceRef="late" targetRef="escalated" />
    <sequenceFlow id="f4" sourceRef="escalated" targetRef="end" />
  </process>
</definitions>`;

const SCRIPT_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">
  <process id="evil" isExecutable="true">
    <startEvent id="start" />
    <scriptTask id="runIt" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>
    <endEvent id="end" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="runIt" />
    <sequenceFlow id="f2" sourceRef="runIt" targetRef="end" />
  </process>
</definitions>`;

beforeAll(async () => {
  t = await createTestApp({ HELIO_JOB_POLL_MS: '50', HELIO_MQTT_PORT: '0', HELIO_MQTT_HOST: '127.0.0.1' });
  await t.start();
  admin = await t.adminHeaders();
});

afterAll(async () => {
  await t?.stop();
});

async function upload(files: { filename: string; content: Buffer | string }[], fields: Record<string, string> = { category: 'test' }) {
  const body = multipart(files.map((f) => ({ field: 'files', ...f })), fields);
  return t.req({ method: 'POST', url: `${F}/manager/deploy-upload`, headers: { ...admin, ...body.headers }, payload: body.payload });
}

const definitions = async (key: string) =>
  ((await t.req({ method: 'GET', url: `${F}/manager/list?key=${key}&size=50`, headers: admin })).json().data.records as { id: string; version: number }[]);

async function until<T>(fn: () => Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('models', () => {
  it('saves a model, deploys it (version 1, then 2), refuses a model with a script task naming it', async () => {
    const saved = await t.req({ method: 'POST', url: `${F}/model/submit`, headers: admin, payload: { modelKey: 'linear', name: 'Linear', xml: fixture('linear.bpmn20.xml') } });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    expect((await t.req({ method: 'GET', url: `${F}/model/list?modelKey=line`, headers: admin })).json().data.total).toBe(1);
    for (let i = 0; i < 2; i++) expect((await t.req({ method: 'POST', url: `${F}/model/deploy?modelId=${id}&category=demo`, headers: admin })).statusCode).toBe(200);
    expect((await definitions('linear')).map((d) => d.version)).toEqual([2, 1]);
    // Edit with a stale version: 409.
    const stale = await t.req({ method: 'POST', url: `${F}/model/submit`, headers: admin, payload: { id, modelKey: 'linear', name: 'L2', version: 99 } });
    expect(stale.statusCode).toBe(409);
    const evil = await t.req({ method: 'POST', url: `${F}/model/submit`, headers: admin, payload: { modelKey: 'evil', name: 'Evil', xml: SCRIPT_XML } });
    const refused = await t.req({ method: 'POST', url: `${F}/model/deploy?modelId=${evil.json().data.id}`, headers: { ...admin, 'accept-language': 'en-US' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('runIt');
    expect(await definitions('evil')).toEqual([]);
    expect((await t.req({ method: 'POST', url: `${F}/model/remove?ids=${evil.json().data.id}`, headers: admin })).json().data).toBe(true);
  });
});

describe('uploads', () => {
  it('deploys a .bpmn20.xml and a .zip of several', async () => {
    expect((await upload([{ filename: 'exclusive.bpmn20.xml', content: fixture('exclusive.bpmn20.xml') }])).statusCode).toBe(200);
    const zip = new JSZip();
    zip.file('processes/parallel.bpmn20.xml', fixture('parallel.bpmn20.xml'));
    zip.file('processes/terminate.bpmn', fixture('terminate.bpmn20.xml'));
    zip.file('processes/diagram.png', Buffer.alloc(10));
    const r = await upload([{ filename: 'two.zip', content: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }) }]);
    expect(r.statusCode, r.body).toBe(200);
    const all = (await t.req({ method: 'GET', url: `${F}/manager/list?category=test&size=50`, headers: admin })).json().data.records as { key: string }[];
    expect(all.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses broken XML, a script task, path traversal, a zip bomb, too many entries and other files', async () => {
    const bad = async (files: { filename: string; content: Buffer | string }[], re: RegExp) => {
      const r = await upload(files);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toMatch(re);
    };
    await bad([{ filename: 'broken.bpmn', content: '<definitions><process id="x"' }], /不符合|not accepted/);
    await bad([{ filename: 'evil.bpmn20.xml', content: SCRIPT_XML }], /runIt/);
    const trav = new JSZip();
    trav.file('../../etc/evil.bpmn', fixture('linear.bpmn20.xml'));
    await bad([{ filename: 'trav.zip', content: await trav.generateAsync({ type: 'nodebuffer' }) }], /\.\.\//);
    const bomb = new JSZip();
    bomb.file('big.bpmn', Buffer.alloc(30 * 1024 * 1024, 0x20));
    const bombBuf = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bombBuf.length).toBeLessThan(200_000);
    await bad([{ filename: 'bomb.zip', content: bombBuf }], /解压后过大|too large once unpacked/);
    const many = new JSZip();
    for (let i = 0; i < 60; i++) many.file(`p${i}.bpmn`, 'x');
    await bad([{ filename: 'many.zip', content: await many.generateAsync({ type: 'nodebuffer' }) }], /过多|too many/);
    await bad([{ filename: 'x.exe', content: 'MZ' }], /\.bpmn/);
    await bad([{ filename: 'junk.zip', content: 'not a zip at all, just text' }], /无法读取|cannot be read/);
    // The definitions refused left nothing behind.
    expect(await definitions('evil')).toEqual([]);
  });
});

describe('timers', () => {
  let defId: string;

  beforeAll(async () => {
    expect((await upload([{ filename: 'escalation.bpmn20.xml', content: TIMER_XML }])).statusCode).toBe(200);
    defId = (await definitions('escalation'))[0]!.id;
  });

  const start = async () => {
    const r = await t.req({ method: 'POST', url: `${F}/work/start-process`, headers: admin, payload: { processDefinitionId: defId, businessKey: 'b1', variables: { initiator: 'x' } } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.processInstanceId as string;
  };
  /** The instance's pending timer (its id is the engine's). */
  const timerOf = async (pid: string) => {
    const [row] = await t.database.db.select({ timers: flowInstance.timers }).from(flowInstance).where(eq(flowInstance.id, pid));
    expect(row!.timers).toHaveLength(1);
    return row!.timers[0]!.timerId;
  };
  const tasks = (pid: string) => t.database.db.select().from(flowTask).where(eq(flowTask.instanceId, pid));

  it('a boundary timer fires once: the waiting task is cancelled and the escalation opened', async () => {
    const pid = await start();
    const timer = await timerOf(pid);
    expect((await tasks(pid)).map((x) => x.elementId)).toEqual(['approve']);
    const esc = await until(async () => (await tasks(pid)).find((x) => x.elementId === 'escalated'));
    expect(esc.status).toBe('open');
    await new Promise((r) => setTimeout(r, 500));
    const all = await tasks(pid);
    expect(all.filter((x) => x.elementId === 'escalated')).toHaveLength(1);
    expect(all.find((x) => x.elementId === 'approve')?.status).toBe('cancelled');
    // Fired again (a second process, a retried job): nothing happens.
    expect(await t.services.kernel.use('workflow').runtime.fireTimer(pid, timer)).toBe('skipped');
    expect((await tasks(pid)).filter((x) => x.elementId === 'escalated')).toHaveLength(1);
  });

  it('a timer whose job was lost (the process stopped after the commit) is enqueued again by the timer sweep', async () => {
    const pid = await start();
    const wf = t.services.kernel.use('workflow');
    // The job is enqueued after the commit; drop it as a crash right after the commit would have.
    const timer = await timerOf(pid);
    await until(() => t.services.kernel.jobs.cancel(`flow-timer:${pid}:${timer}`));
    await new Promise((r) => setTimeout(r, 1300));
    expect((await tasks(pid)).some((x) => x.elementId === 'escalated')).toBe(false);
    expect(await wf.runtime.sweepTimers(0)).toBeGreaterThanOrEqual(1);
    await until(async () => (await tasks(pid)).find((x) => x.elementId === 'escalated'));
    expect(await wf.runtime.sweepTimers(0)).toBe(0);
  });

  it('a timer of an instance deleted before it was due does nothing', async () => {
    const pid = await start();
    const timer = await timerOf(pid);
    expect((await t.req({ method: 'POST', url: `${F}/follow/delete-process-instance?processInstanceId=${pid}&deleteReason=gone`, headers: admin })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1800));
    const all = await tasks(pid);
    expect(all.filter((x) => x.elementId === 'escalated')).toHaveLength(0);
    expect(all.find((x) => x.elementId === 'approve')?.status).toBe('cancelled');
    const open = await t.database.db.select().from(flowTask).where(and(eq(flowTask.instanceId, pid), eq(flowTask.status, 'open')));
    expect(open).toEqual([]);
    // Even if its job had been taken before the delete dropped it: firing it does nothing.
    expect(await t.services.kernel.use('workflow').runtime.fireTimer(pid, timer)).toBe('skipped');
    expect((await tasks(pid)).filter((x) => x.elementId === 'escalated')).toHaveLength(0);
  });
});

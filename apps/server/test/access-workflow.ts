/**
 * Tenant probes of the workflow routes (blade-flow and the leave sample), spread into `probes` of access.test.ts:
 * tenant B's administrator (200002) neither reads nor changes tenant A's (200001) models, definitions, deployments,
 * instances, tasks or leave requests. Both tenants' rows are made through the module's own services (a model, a
 * deployment, an instance with an open task, a leave request each), so every list shows B's row and not A's.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Actor } from '../src/kernel/types.js';
import { flowDefinition, flowDeployment, flowInstance, flowModel, flowTask } from '../src/modules/workflow/workflow.tables.js';
import type { TestApp } from './helper.js';
import { createRole, createUser } from './fixtures.js';
import { multipart } from './multipart.js';

const F = '/api/blade-flow';
const D = '/api/blade-desk/process/leave';
const A = '200001';
const B = '200002';

const xml = (key: string, assignee: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="${key} approval" isExecutable="true">
    <startEvent id="start" />
    <userTask id="approve" name="Approve" flowable:assignee="${assignee}" flowable:candidateGroups="administrator" />
    <endEvent id="end" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
  </process>
</definitions>`;

interface Side {
  model: string;
  def: string;
  deployment: string;
  instance: string;
  task: string;
  leave: string;
}

export function workflowProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let seeded: Promise<{ a: Side; b: Side }> | undefined;
  const seed = () =>
    (seeded ??= (async () => {
      const t = app();
      const wf = t.services.kernel.use('workflow');
      const side = async (tenantId: string, key: string): Promise<Side> => {
        const actor: Actor = {
          userId: tenantId === A ? '910000000000000001' : '910000000000000002', tenantId, account: `wf${tenantId}`, userName: 'wf', nickName: 'wf',
          roleIds: [], roleAliases: ['administrator'], deptIds: [], postIds: [], clientId: 'helio', sid: '', isAdministrator: true,
        };
        const model = await wf.deploys.modelSubmit(actor, { modelKey: key, name: `${key} model`, xml: xml(key, actor.userId) }, 'en-US');
        const [deployment] = await wf.deploys.deploy(actor, { name: key, category: 'probe', tenantIds: '', resources: [{ name: `${key}.bpmn20.xml`, xml: xml(key, actor.userId) }] }, 'en-US');
        const [def] = await t.database.db.select().from(flowDefinition).where(eq(flowDefinition.deploymentId, deployment!));
        const inst = await wf.service.startProcess(actor, { processDefinitionId: def!.id, businessKey: `${key}-bk` }, 'en-US');
        const [task] = await t.database.db.select().from(flowTask).where(eq(flowTask.instanceId, inst.processInstanceId!));
        const leave = await wf.leave.start(actor, { processDefinitionId: def!.id, startTime: '2026-12-01', endTime: '2026-12-03', reason: `${key} leave`, taskUser: actor.userId }, 'en-US');
        return { model: model.id, def: def!.id, deployment: deployment!, instance: inst.processInstanceId!, task: task!.id, leave: leave.id };
      };
      return { a: await side(A, 'probeA'), b: await side(B, 'probeB') };
    })());
  const t = () => app();
  const h = () => headers();
  const get = (url: string) => t().req({ method: 'GET', url, headers: h() });
  const post = (url: string, payload?: object) => t().req({ method: 'POST', url, headers: h(), ...(payload ? { payload } : {}) });
  const refused = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect([400, 403, 404], r.body).toContain(r.statusCode);
  };
  /** A page of B's own rows: B's marker in it, A's nowhere. */
  const onlyB = async (url: string, bMarker: (s: Side) => string, aMarker: (s: Side) => string) => {
    const { a, b } = await seed();
    const r = await get(url);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).toContain(bMarker(b));
    expect(r.body).not.toContain(aMarker(a));
  };
  const aTaskOpen = async () => {
    const { a } = await seed();
    const [row] = await t().database.db.select().from(flowTask).where(eq(flowTask.id, a.task));
    expect(row!.status).toBe('open');
  };

  return {
    [`GET ${F}/model/list`]: () => onlyB(`${F}/model/list?size=100`, (s) => s.model, (s) => s.model),
    [`GET ${F}/model/detail`]: async () => refused(get(`${F}/model/detail?id=${(await seed()).a.model}`)),
    [`POST ${F}/model/submit`]: async () => {
      const { a } = await seed();
      await refused(post(`${F}/model/submit`, { id: a.model, modelKey: 'probeA', name: 'hijacked' }));
      const [m] = await t().database.db.select().from(flowModel).where(eq(flowModel.id, a.model));
      expect(m!.name).toBe('probeA model');
    },
    [`POST ${F}/model/remove`]: async () => {
      const { a } = await seed();
      await post(`${F}/model/remove?ids=${a.model}`);
      const [m] = await t().database.db.select().from(flowModel).where(eq(flowModel.id, a.model));
      expect(m!.isDeleted).toBe(0);
    },
    [`POST ${F}/model/deploy`]: async () => {
      await refused(post(`${F}/model/deploy?modelId=${(await seed()).a.model}`));
      await refused(post(`${F}/model/deploy?modelId=${(await seed()).b.model}&tenantIds=${A}`));
    },
    [`GET ${F}/manager/list`]: () => onlyB(`${F}/manager/list?size=100`, (s) => s.def, (s) => s.def),
    [`POST ${F}/manager/change-state`]: async () => {
      const { a } = await seed();
      await refused(post(`${F}/manager/change-state?state=suspend&processId=${encodeURIComponent(a.def)}`));
      const [d] = await t().database.db.select().from(flowDefinition).where(eq(flowDefinition.id, a.def));
      expect(d!.suspended).toBe(0);
    },
    [`POST ${F}/manager/deploy-upload`]: async () => {
      await seed();
      const body = multipart([{ field: 'files', filename: 'x.bpmn20.xml', content: xml('probeX', '1') }], { tenantIds: A });
      await refused(t().req({ method: 'POST', url: `${F}/manager/deploy-upload`, headers: { ...h(), ...body.headers }, payload: body.payload }));
      expect(await t().database.db.select().from(flowDefinition).where(eq(flowDefinition.key, 'probeX'))).toEqual([]);
    },
    [`POST ${F}/manager/delete-deployment`]: async () => {
      const { a } = await seed();
      await refused(post(`${F}/manager/delete-deployment?deploymentIds=${a.deployment}`));
      expect(await t().database.db.select().from(flowDeployment).where(eq(flowDeployment.id, a.deployment))).toHaveLength(1);
    },
    [`GET ${F}/follow/list`]: () => onlyB(`${F}/follow/list?size=100`, (s) => s.instance, (s) => s.instance),
    [`POST ${F}/follow/delete-process-instance`]: async () => {
      const { a } = await seed();
      await refused(post(`${F}/follow/delete-process-instance?processInstanceId=${a.instance}&deleteReason=x`));
      const [i] = await t().database.db.select().from(flowInstance).where(eq(flowInstance.id, a.instance));
      expect(i!.status).toBe('active');
    },
    [`GET ${F}/process/history-flow-list`]: async () => refused(get(`${F}/process/history-flow-list?processInstanceId=${(await seed()).a.instance}`)),
    [`GET ${F}/process/model-view`]: async () => {
      const { a } = await seed();
      await refused(get(`${F}/process/model-view?processInstanceId=${a.instance}`));
      await refused(get(`${F}/process/model-view?processDefinitionId=${encodeURIComponent(a.def)}`));
    },
    [`GET ${F}/work/start-list`]: () => onlyB(`${F}/work/start-list?size=100`, (s) => s.def, (s) => s.def),
    [`POST ${F}/work/start-process`]: async () => {
      const { a } = await seed();
      await refused(post(`${F}/work/start-process`, { processDefinitionId: a.def }));
      await refused(post(`${F}/work/start-process`, { processDefinitionKey: 'probeA' }));
    },
    [`GET ${F}/work/claim-list`]: async () => {
      const { a } = await seed();
      const r = await get(`${F}/work/claim-list?size=100`);
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(a.task);
    },
    [`GET ${F}/work/todo-list`]: async () => {
      const { a } = await seed();
      const r = await get(`${F}/work/todo-list?size=100`);
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(a.task);
    },
    [`GET ${F}/work/send-list`]: async () => {
      const { a } = await seed();
      const r = await get(`${F}/work/send-list?size=100`);
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(a.instance);
    },
    [`GET ${F}/work/done-list`]: async () => {
      const { a } = await seed();
      const r = await get(`${F}/work/done-list?size=100`);
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(a.task);
    },
    [`POST ${F}/work/claim-task`]: async () => {
      await refused(post(`${F}/work/claim-task?taskId=${(await seed()).a.task}`));
      await aTaskOpen();
    },
    [`POST ${F}/work/complete-task`]: async () => {
      await refused(post(`${F}/work/complete-task`, { taskId: (await seed()).a.task, pass: true }));
      await aTaskOpen();
    },
    [`GET ${F}/work/history-list`]: async () => refused(get(`${F}/work/history-list?processInstanceId=${(await seed()).a.instance}`)),
    [`GET ${F}/work/flow-list`]: async () => refused(get(`${F}/work/flow-list?processInstanceId=${(await seed()).a.instance}`)),
    [`POST ${F}/work/task-purview`]: async () => refused(post(`${F}/work/task-purview?taskId=${(await seed()).a.task}`)),
    [`POST ${D}/start-process`]: async () => {
      const { a } = await seed();
      await refused(post(`${D}/start-process`, { processDefinitionId: a.def, startTime: '2026-12-01', endTime: '2026-12-02', reason: 'x', taskUser: '1' }));
    },
    [`GET ${D}/detail`]: async () => {
      const { a, b } = await seed();
      await refused(get(`${D}/detail?businessId=${a.leave}`));
      expect((await get(`${D}/detail?businessId=${b.leave}`)).statusCode).toBe(200);
    },
    [`GET ${D}/approvers`]: async () => {
      // A's HR officer (a role aliased `hr` in tenant A) is never among B's approvers; B's own is.
      const db = t().database.db;
      await createUser(db, { tenantId: A, account: 'hrprobea', password: 'Probe-2026', roleId: await createRole(db, A, 'hr', []) });
      await createUser(db, { tenantId: B, account: 'hrprobeb', password: 'Probe-2026', roleId: await createRole(db, B, 'hr', []) });
      const r = await get(`${D}/approvers`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).toContain('hrprobeb');
      expect(r.body).not.toContain('hrprobea');
    },
  };
}

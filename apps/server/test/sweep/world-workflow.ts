/**
 * A world's workflow rows (workflow.tables.ts), made through the module's services as the world's administrator: a
 * model, a deployment and its definition, three instances (a task assigned to the administrator, one waiting for a
 * candidate's claim, one completed with a comment), the history they wrote, an attachment and a leave request.
 * Names carry the world's marker.
 */
import { eq } from 'drizzle-orm';
import { nextId } from '../../src/core/ids.js';
import type { Actor } from '../../src/kernel/types.js';
import { flowAttachment, flowDefinition, flowTask } from '../../src/modules/workflow/workflow.tables.js';
import type { TestApp } from '../helper.js';
import type { Kind } from './world.js';

const xml = (key: string, marker: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="sweep">
  <process id="${key}" name="${marker} process" isExecutable="true">
    <startEvent id="start" />
    <userTask id="approve" name="${marker} task" flowable:assignee="\${taskUser}" flowable:candidateGroups="administrator" />
    <endEvent id="end" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
  </process>
</definitions>`;

export async function workflowWorld(t: TestApp, ids: Record<Kind, string>, tenantId: string, marker: string): Promise<void> {
  const db = t.database.db;
  const wf = t.services.kernel.use('workflow');
  const actor: Actor = {
    userId: ids.admin, tenantId, account: `${marker}adm`, userName: `${marker}adm`, nickName: `${marker}adm`, roleIds: [ids.adminRole],
    roleAliases: ['administrator'], deptIds: [ids.deptRoot], postIds: [], clientId: 'helio', sid: '', isAdministrator: true,
  };
  const key = `wf_${marker}`;
  const model = await wf.deploys.modelSubmit(actor, { modelKey: key, name: `${marker} model`, description: marker, xml: xml(key, marker) }, 'en-US');
  ids.flowModel = model.id;
  const [deployment] = await wf.deploys.deploy(actor, { name: `${marker} deployment`, category: marker, tenantIds: '', resources: [{ name: `${marker}.bpmn20.xml`, xml: xml(key, marker) }] }, 'en-US');
  ids.flowDeployment = deployment!;
  const [def] = await db.select().from(flowDefinition).where(eq(flowDefinition.deploymentId, deployment!));
  ids.flowDefinition = def!.id;
  const start = (who: string, n: number) => wf.service.startProcess(actor, { processDefinitionId: def!.id, businessKey: `${marker}bk${n}`, variables: { taskUser: who } }, 'en-US');
  const taskOf = async (instanceId: string) => (await db.select().from(flowTask).where(eq(flowTask.instanceId, instanceId)))[0]!;
  const i1 = await start(ids.admin, 1);
  ids.flowInstance = i1.processInstanceId!;
  ids.flowTask = (await taskOf(ids.flowInstance)).id;
  await start('', 2);
  const i3 = await start(ids.admin, 3);
  const done = await taskOf(i3.processInstanceId!);
  await wf.runtime.complete(actor, { taskId: done.id, pass: true, comment: `${marker} approved` }, 'en-US');
  await db.insert(flowAttachment).values({ id: nextId(), tenantId, taskId: done.id, instanceId: i3.processInstanceId, userId: ids.admin, name: `${marker}.pdf`, link: `/${marker}` });
  const leave = await wf.leave.start(actor, { processDefinitionId: def!.id, startTime: '2026-12-01', endTime: '2026-12-03', reason: `${marker} leave`, taskUser: ids.admin }, 'en-US');
  ids.flowLeave = leave.id;
}

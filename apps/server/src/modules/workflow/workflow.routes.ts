/** Workflow HTTP (contracts workflow.api + workflow-work.api): routes translate HTTP ↔ the workflow services. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as A from '@helio/contracts/modules/workflow/workflow.api';
import * as W from '@helio/contracts/modules/workflow/workflow-work.api';
import type { ModuleContext } from '../../kernel/types.js';
import { route } from '../../kernel/http.js';
import { parseIds } from '../../core/ids.js';
import type { WorkflowApi } from './index.js';
import { flowError } from './workflow.messages.js';

/** A POST's parameters: Blade sends them in the query; a JSON or form body with the same names is accepted too. */
function params(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (src: unknown) => {
    if (!src || typeof src !== 'object' || Array.isArray(src)) return;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      const x = Array.isArray(v) ? v.join(',') : v;
      if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') out[k] = String(x).slice(0, 2000);
    }
  };
  add(req.body);
  add(req.query);
  return out;
}

export function workflowRoutes(app: FastifyInstance, _ctx: ModuleContext, api: WorkflowApi): void {
  const { deploys, runtime, queries, leave } = api;
  const need = (req: FastifyRequest, name: string): string => {
    const v = params(req)[name]?.trim();
    if (!v) throw flowError(req.lang, 'paramRequired', { param: name });
    return v;
  };

  // Models
  route(app, A.flowModelList, (req) => deploys.modelList(req.user!, req.query));
  route(app, A.flowModelDetail, (req) => deploys.modelDetail(req.user!, req.query.id, req.lang));
  route(app, A.flowModelSubmit, (req) => deploys.modelSubmit(req.user!, req.body, req.lang));
  route(app, A.flowModelRemove, (req) => deploys.modelRemove(req.user!, parseIds(params(req).ids ?? ''), req.lang));
  route(app, A.flowModelDeploy, (req) => {
    const p = params(req);
    return deploys.modelDeploy(req.user!, { modelId: need(req, 'modelId'), category: (p.category ?? '').slice(0, 64), tenantIds: p.tenantIds ?? '' }, req.lang);
  });

  // Deployments and definitions
  route(app, A.flowManagerList, (req) => deploys.definitionList(req.user!, req.query));
  route(app, A.flowManagerChangeState, (req) => deploys.changeState(req.user!, need(req, 'processId'), need(req, 'state'), req.lang));
  route(app, A.flowManagerDeployUpload, async (req) => {
    const up = await deploys.receiveUpload(req, req.lang);
    const name = up.resources.map((r) => r.name).join(', ');
    await deploys.deploy(req.user!, { name, category: up.category, tenantIds: up.tenantIds, resources: up.resources }, req.lang);
    return true;
  });
  route(app, A.flowManagerDeleteDeployment, (req) => {
    const p = params(req);
    return deploys.deleteDeployments(req.user!, p.deploymentIds ?? p.ids ?? '', req.lang);
  });

  // Instances
  route(app, A.flowFollowList, (req) => queries.followList(req.user!, req.query));
  route(app, A.flowFollowDelete, (req) => runtime.terminate(req.user!, need(req, 'processInstanceId'), (params(req).deleteReason ?? '').slice(0, 500), req.lang));
  route(app, A.flowHistoryFlowList, (req) => queries.historyFlowList(req.user!, req.query, req.lang));
  route(app, A.flowModelView, (req) => queries.modelView(req.user!, req.query, req.lang));

  // The inbox
  route(app, W.flowStartList, (req) => queries.startList(req.user!, req.query));
  route(app, W.flowStartProcess, (req) => api.service.startProcess(req.user!, req.body, req.lang));
  route(app, W.flowClaimList, (req) => queries.claimList(req.user!, req.query));
  route(app, W.flowTodoList, (req) => queries.todoList(req.user!, req.query));
  route(app, W.flowSendList, (req) => queries.sendList(req.user!, req.query));
  route(app, W.flowDoneList, (req) => queries.doneList(req.user!, req.query));
  route(app, W.flowClaimTask, (req) => runtime.claim(req.user!, need(req, 'taskId'), req.lang));
  route(app, W.flowCompleteTask, (req) => runtime.complete(req.user!, req.body, req.lang));
  route(app, W.flowHistoryList, (req) => queries.historyList(req.user!, req.query.processInstanceId, req.lang));
  route(app, W.flowFlowList, (req) => queries.flowList(req.user!, req.query.processInstanceId, req.lang));
  route(app, W.flowTaskPurview, (req) => api.service.taskPurview(req.user!, need(req, 'taskId'), req.lang));

  // The leave sample
  route(app, W.leaveStartProcess, (req) => leave.start(req.user!, req.body, req.lang));
  route(app, W.leaveDetail, (req) => leave.detail(req.user!, req.query.businessId, req.lang));
  route(app, W.leaveApprovers, (req) => leave.approvers(req.user!));
}

/**
 * The workflow API (issue 16, spec §7 "Workflow (blade-flow)"): models, deployments (manager), process instances
 * (follow) and the process views under `/api/blade-flow/`. The task inbox, starting and the leave sample are in
 * workflow-work.api.ts. Field names are BladeX's (`FlowModel`, `FlowProcess`, `FlowExecution`, `BladeFlow`).
 * Parameters Blade clients send in the query of a POST (`?processId=…&state=…`) are accepted in a JSON body too.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';

export const FLOW_API = '/api/blade-flow';
const TAGS = ['workflow'];

export const Str = Type.String();
export const NStr = Type.Union([Type.String(), Type.Null()]);
export const Int = Type.Integer();
export const page = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ records: Type.Array(item), total: Int, size: Int, current: Int, pages: Int });
export const listQuery = (filters: readonly string[]) =>
  Type.Object(
    { current: Type.Optional(Str), size: Type.Optional(Str), ...Object.fromEntries(filters.map((k) => [k, Type.Optional(Str)])) },
    { additionalProperties: true, description: `paging and the filters ${filters.join(', ')}` },
  );
/** Query parameters of a POST (Blade sends them in the query; a JSON or form body with the same names is accepted). */
export const postParams = (names: readonly string[], description: string) =>
  Type.Object(Object.fromEntries(names.map((k) => [k, Type.Optional(Type.String({ maxLength: 2000 }))])), { additionalProperties: true, description });
const Ok = Type.Boolean();

export const FlowModelVO = Type.Object({
  id: Str,
  tenantId: Str,
  modelKey: Str,
  name: Str,
  description: NStr,
  version: Int,
  created: NStr,
  lastUpdated: NStr,
});
export const FlowModelDetailVO = Type.Object({ ...FlowModelVO.properties, xml: Str });

export const flowModelList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/model/list`,
  access: { permission: 'flow_model' },
  tags: TAGS,
  summary: 'Process models (filters modelKey, name: contains)',
  querystring: listQuery(['modelKey', 'name']),
  data: page(FlowModelVO),
});

export const flowModelDetail = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/model/detail`,
  access: { permission: 'flow_model' },
  tags: TAGS,
  summary: 'A process model with its BPMN XML',
  querystring: Type.Object({ id: Type.String({ maxLength: 20 }) }, { additionalProperties: true }),
  data: FlowModelDetailVO,
});

export const flowModelSubmit = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/model/submit`,
  access: { permission: ['flow_model_add', 'flow_model_edit'] },
  tags: TAGS,
  summary: 'Save a process model (without id: a new one; with id: an edit, `version` checked when sent). The XML is checked when deployed, or now with `validate: true`.',
  body: Type.Object(
    {
      id: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
      modelKey: Type.String({ minLength: 1, maxLength: 64 }),
      name: Type.String({ minLength: 1, maxLength: 100 }),
      description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
      xml: Type.Optional(Type.Union([Type.String({ maxLength: 2_000_000 }), Type.Null()])),
      version: Type.Optional(Type.Union([Int, Str, Type.Null()])),
      /** true: the XML is compiled as a deploy would first, and a refused model (element and reason in the 400) is not saved. */
      validate: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    },
    { additionalProperties: true },
  ),
  data: FlowModelDetailVO,
});

export const flowModelRemove = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/model/remove`,
  access: { permission: 'flow_model_delete' },
  tags: TAGS,
  summary: 'Remove process models (`ids`, comma-separated); their deployments stay',
  querystring: postParams(['ids'], 'ids: comma-separated model ids'),
  data: Ok,
});

export const flowModelDeploy = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/model/deploy`,
  access: { permission: 'flow_model_deploy' },
  tags: TAGS,
  summary: "Deploy a model: compiled against Helio's BPMN subset (a refused element is named in the 400), one deployment per tenant (tenantIds, comma-separated; default the caller's)",
  querystring: postParams(['modelId', 'category', 'tenantIds'], 'modelId, category, tenantIds'),
  data: Ok,
});

export const FlowProcessVO = Type.Object({
  id: Str,
  tenantId: Str,
  name: Str,
  key: Str,
  description: NStr,
  category: NStr,
  categoryName: NStr,
  version: Int,
  deploymentId: Str,
  resourceName: Str,
  diagramResourceName: Str,
  /** 1 active, 2 suspended (Flowable's SuspensionState). */
  suspensionState: Int,
  deploymentTime: NStr,
});

export const flowManagerList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/manager/list`,
  access: { permission: 'flow_manager' },
  tags: TAGS,
  summary: 'Process definitions, newest first (filters category, key, name)',
  querystring: listQuery(['category', 'key', 'name', 'mode']),
  data: page(FlowProcessVO),
});

export const flowManagerChangeState = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/manager/change-state`,
  access: { permission: 'flow_manager_setting' },
  tags: TAGS,
  summary: 'Suspend (`state=suspend`) or activate (`state=active`) a process definition (`processId`); a suspended one cannot start',
  querystring: postParams(['state', 'processId'], 'state (active | suspend), processId'),
  data: Ok,
});

export const flowManagerDeployUpload = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/manager/deploy-upload`,
  access: { permission: 'flow_manager_deploy' },
  tags: TAGS,
  summary:
    'Deploy uploaded files (multipart: `files` .bpmn / .bpmn20.xml / .zip, at most 10 of 5 MB; `category`; `tenantIds`). A zip: at most 50 entries and 10 MB unpacked, no path names leaving the archive',
  data: Ok,
});

export const flowManagerDeleteDeployment = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/manager/delete-deployment`,
  access: { permission: 'flow_manager_delete' },
  tags: TAGS,
  summary: 'Delete deployments (`deploymentIds`, comma-separated) and their definitions; refused while an instance of one runs',
  querystring: postParams(['deploymentIds', 'ids'], 'deploymentIds (or ids): comma-separated'),
  data: Ok,
});

export const FlowExecutionVO = Type.Object({
  id: Str,
  name: Str,
  processInstanceId: Str,
  processDefinitionId: Str,
  processDefinitionKey: Str,
  processDefinitionVersion: Int,
  category: NStr,
  categoryName: NStr,
  businessKey: NStr,
  startUserId: Str,
  startUser: NStr,
  startTime: NStr,
  endTime: NStr,
  /** active | completed | terminated */
  status: Str,
  deleteReason: NStr,
  /** 1 active (Flowable's SuspensionState). */
  suspensionState: Int,
});

export const flowFollowList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/follow/list`,
  access: { permission: 'flow_follow' },
  tags: TAGS,
  summary: 'Process instances, newest first (filters processDefinitionKey, processInstanceId, status, businessKey)',
  querystring: listQuery(['processDefinitionKey', 'processInstanceId', 'status', 'businessKey']),
  data: page(FlowExecutionVO),
});

export const flowFollowDelete = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/follow/delete-process-instance`,
  access: { permission: 'flow_follow_delete' },
  tags: TAGS,
  summary: 'Terminate a running process instance with a reason: its open tasks are cancelled and its timers dropped',
  querystring: postParams(['processInstanceId', 'deleteReason'], 'processInstanceId, deleteReason'),
  data: Ok,
});

/** One entry of an instance's history (BladeX `BladeFlow` as the flow chart reads it). */
export const FlowHistoryVO = Type.Object({
  historyActivityId: Str,
  historyActivityName: NStr,
  /** 'sequenceFlow' for a flow taken; 'candidate' for a user task waiting for a claim; else the element type. */
  historyActivityType: Str,
  historyActivityDurationTime: NStr,
  executionId: NStr,
  taskId: NStr,
  assignee: NStr,
  assigneeName: NStr,
  comment: NStr,
  /** Files the task's handler attached when completing it (a user task's row only). */
  attachments: Type.Optional(Type.Array(Type.Object({ attachId: Str, name: Str, link: Str }))),
  createTime: NStr,
  endTime: NStr,
});

/** At most this many files attached to one task when completing it, each at most TASK_ATTACHMENT_BYTES. */
export const TASK_ATTACHMENTS_MAX = 3;
export const TASK_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const viewQuery = Type.Object(
  {
    processInstanceId: Type.Optional(Type.String({ maxLength: 20 })),
    processDefinitionId: Type.Optional(Type.String({ maxLength: 128 })),
    startActivityId: Type.Optional(Type.String({ maxLength: 128 })),
    endActivityId: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: true },
);

export const flowHistoryFlowList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/process/history-flow-list`,
  access: { login: true },
  tags: TAGS,
  summary: "An instance's activities and flows taken, in order (visible to its starter, its task participants and flow_follow holders)",
  querystring: Type.Object({ ...viewQuery.properties, processInstanceId: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: true }),
  data: Type.Array(FlowHistoryVO),
});

export const flowModelView = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/process/model-view`,
  access: { login: true },
  tags: TAGS,
  summary: "The BPMN XML of a definition or an instance's definition, and the instance's history for the flow chart",
  querystring: viewQuery,
  data: Type.Object({ xml: Str, flow: Type.Array(FlowHistoryVO) }),
});

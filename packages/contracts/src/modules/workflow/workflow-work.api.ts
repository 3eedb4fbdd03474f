/**
 * The task inbox ("work", spec §7) and the leave sample (blade-desk): the start list and starting, the claim, todo,
 * sent and done lists, claim and complete, an instance's task history and approval record, the task purview, and
 * the leave request's start and detail. Entries are BladeX `BladeFlow` objects.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';
import { FLOW_API, FlowHistoryVO, FlowProcessVO, Int, listQuery, NStr, page, postParams, Str } from './workflow.api.js';

const TAGS = ['workflow'];
const Id = Type.String({ minLength: 1, maxLength: 20, pattern: '^\\d{1,20}$' });

/** A task or a process instance as the inbox lists show it (BladeX `BladeFlow`). */
export const BladeFlowVO = Type.Object({
  taskId: NStr,
  taskName: NStr,
  taskDefinitionKey: NStr,
  /** bpmn | epc | maintenance */
  kind: Str,
  assignee: NStr,
  assigneeName: NStr,
  candidateUsers: Type.Array(Str),
  candidateGroups: Type.Array(Str),
  category: NStr,
  categoryName: NStr,
  createTime: NStr,
  claimTime: NStr,
  endTime: NStr,
  dueTime: NStr,
  historyTaskEndTime: NStr,
  executionId: NStr,
  processInstanceId: NStr,
  processDefinitionId: NStr,
  processDefinitionKey: NStr,
  processDefinitionName: NStr,
  processDefinitionVersion: Type.Union([Int, Type.Null()]),
  startUserId: NStr,
  startUser: NStr,
  businessId: NStr,
  formKey: NStr,
  /** open | claimed | completed | cancelled (tasks); active | completed | terminated (instances) */
  status: Str,
  /** 'finished' | 'unfinished' */
  processIsFinished: NStr,
  outcome: NStr,
  comment: NStr,
});

const inboxQuery = listQuery(['category', 'taskName', 'processDefinitionKey', 'kind']);

export const flowStartList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/work/start-list`,
  access: { permission: 'work_start' },
  tags: TAGS,
  summary: 'The latest active definition of each process the caller may start (filters category, name)',
  querystring: listQuery(['category', 'name']),
  data: page(FlowProcessVO),
});

export const flowStartProcess = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/work/start-process`,
  access: { permission: 'work_start_add' },
  tags: TAGS,
  summary: 'Start a process instance of a definition (by id, or the latest of a key) with a business key and variables',
  body: Type.Object(
    {
      processDefinitionId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
      processDefinitionKey: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      businessKey: Type.Optional(Type.String({ maxLength: 128 })),
      variables: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
    },
    { additionalProperties: true },
  ),
  data: BladeFlowVO,
});

export const flowClaimList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/work/claim-list`,
  access: { permission: 'work_claim' },
  tags: TAGS,
  summary: 'Open, unassigned tasks the caller is a candidate for (by user, role or department)',
  querystring: inboxQuery,
  data: page(BladeFlowVO),
});

export const flowTodoList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/work/todo-list`,
  access: { permission: 'work_todo' },
  tags: TAGS,
  summary: "The caller's open tasks (assigned or claimed), every kind of work",
  querystring: inboxQuery,
  data: page(BladeFlowVO),
});

export const flowSendList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/work/send-list`,
  access: { permission: 'work_send' },
  tags: TAGS,
  summary: 'Process instances the caller started, newest first',
  querystring: inboxQuery,
  data: page(BladeFlowVO),
});

export const flowDoneList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/work/done-list`,
  access: { permission: 'work_done' },
  tags: TAGS,
  summary: 'Tasks the caller completed, newest first',
  querystring: inboxQuery,
  data: page(BladeFlowVO),
});

export const flowClaimTask = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/work/claim-task`,
  access: { permission: 'work_claim_handle' },
  tags: TAGS,
  summary: 'Claim an open, unassigned task the caller is a candidate for (409 when someone else has it or it has ended)',
  querystring: postParams(['taskId'], 'taskId'),
  data: Type.Boolean(),
});

export const flowCompleteTask = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/work/complete-task`,
  access: { permission: ['work_todo_handle', 'work_claim_handle'] },
  tags: TAGS,
  summary:
    "Complete the caller's task with a comment, attachments, `pass` (becomes the variable `pass`) and variables (409 when the task is not the caller's or no longer open)",
  body: Type.Object(
    {
      taskId: Id,
      processInstanceId: Type.Optional(Type.String({ maxLength: 20 })),
      comment: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
      pass: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
      flag: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Null()])),
      variables: Type.Optional(Type.Union([Type.Record(Type.String({ maxLength: 64 }), Type.Unknown()), Type.Null()])),
      /** Files uploaded with the storage module's `put-file-attach` to attach to the task (at most 3, 10 MB each). */
      attachIds: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 }), Type.Null()])),
    },
    { additionalProperties: true },
  ),
  data: Type.Boolean(),
});

export const flowHistoryList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/work/history-list`,
  access: { login: true },
  tags: TAGS,
  summary: "An instance's tasks with who did them, when, how long and their comments (visible to its participants)",
  querystring: Type.Object({ processInstanceId: Id }, { additionalProperties: true }),
  data: Type.Array(BladeFlowVO),
});

export const flowFlowList = defineEndpoint({
  method: 'GET',
  url: `${FLOW_API}/work/flow-list`,
  access: { login: true },
  tags: TAGS,
  summary: "An instance's approval record: its events and tasks in order (no gateways or flows)",
  querystring: Type.Object({ processInstanceId: Id }, { additionalProperties: true }),
  data: Type.Array(FlowHistoryVO),
});

export const flowTaskPurview = defineEndpoint({
  method: 'POST',
  url: `${FLOW_API}/work/task-purview`,
  access: { login: true },
  tags: TAGS,
  summary: 'Whether the caller may handle the task now (its assignee, or a candidate of an unassigned task)',
  querystring: postParams(['taskId', 'processInstanceId'], 'taskId, processInstanceId'),
  data: Type.Boolean(),
});

/** A leave request (BladeX `ProcessLeave`) and where its process stands. */
export const LeaveVO = Type.Object({
  id: Str,
  tenantId: Str,
  processDefinitionId: Str,
  processInstanceId: NStr,
  leaveType: Int,
  startTime: NStr,
  endTime: NStr,
  days: Int,
  reason: Str,
  taskUser: Str,
  applyUser: Str,
  applyUserName: NStr,
  applyTime: NStr,
  flow: Type.Object({ processInstanceId: NStr, processDefinitionId: Str, status: Str, processIsFinished: Str, businessId: Str }),
});

export const leaveStartProcess = defineEndpoint({
  method: 'POST',
  url: '/api/blade-desk/process/leave/start-process',
  access: { permission: 'work_start_add' },
  tags: TAGS,
  summary: 'Apply for leave: stores the request and starts its process (days from start and end; variables taskUser, days)',
  body: Type.Object(
    {
      processDefinitionId: Type.String({ minLength: 1, maxLength: 128 }),
      leaveType: Type.Optional(Type.Union([Int, Type.String({ maxLength: 4 })])),
      startTime: Type.String({ minLength: 10, maxLength: 19 }),
      endTime: Type.String({ minLength: 10, maxLength: 19 }),
      days: Type.Optional(Type.Union([Int, Type.String({ maxLength: 4 })])),
      reason: Type.String({ minLength: 1, maxLength: 500 }),
      taskUser: Type.String({ minLength: 1, maxLength: 64 }),
    },
    { additionalProperties: true },
  ),
  data: LeaveVO,
});

export const leaveDetail = defineEndpoint({
  method: 'GET',
  url: '/api/blade-desk/process/leave/detail',
  access: { login: true },
  tags: TAGS,
  summary: 'A leave request and its process (visible to its applicant and the process participants)',
  querystring: Type.Object({ businessId: Id }, { additionalProperties: true }),
  data: LeaveVO,
});

/** A person who may be chosen as the leave form's HR approver (`taskUser`). */
export const LeaveApproverVO = Type.Object({ id: Str, account: Str, name: Str });

export const leaveApprovers = defineEndpoint({
  method: 'GET',
  url: '/api/blade-desk/process/leave/approvers',
  access: { permission: 'work_start_add' },
  tags: TAGS,
  summary: "The leave form's HR approvers: users holding the `hr` role in the caller's tenant (id, account, name)",
  data: Type.Array(LeaveApproverVO),
});

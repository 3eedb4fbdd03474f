/**
 * The workflow module's tables (issue 16, blade-flow): models (the designer's XML), deployments and the process
 * definitions compiled from them, instances (one row each, the engine's whole state as JSON, `version` for optimistic
 * locking on top of a row lock), the one task inbox every kind of work feeds (BPMN user tasks now; installer orders
 * and maintenance later), the activity history, comments and attachments per task, and the leave requests of the
 * blade-desk sample. Tenant id on every row.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts, version } from '../../db/columns.js';

/** A process model as drawn (Blade `FlowModel`): the XML the designer saves; deploying it makes a deployment. */
export const flowModel = pgTable(
  'helio_flow_model',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    modelKey: varchar('model_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    xml: text('xml').notNull(),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_flow_model_key_uq').on(t.tenantId, t.modelKey).where(sql`${t.isDeleted} = 0`)],
);

/** One deployment: the resources as uploaded (name and XML), for one tenant and category. */
export const flowDeployment = pgTable(
  'helio_flow_deployment',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    name: varchar('name', { length: 200 }).notNull(),
    category: varchar('category', { length: 64 }),
    /** `[{name, xml}]`: every BPMN resource of the deployment. */
    resources: jsonb('resources').$type<{ name: string; xml: string }[]>().notNull(),
    deployTime: ts('deploy_time').notNull().defaultNow(),
    createUser: id('create_user'),
  },
  (t) => [index('helio_flow_deployment_tenant_idx').on(t.tenantId, t.deployTime)],
);

/** A process definition: one executable `<process>` of a deployment, versioned per key and tenant. */
export const flowDefinition = pgTable(
  'helio_flow_definition',
  {
    /** `key:version:deploymentId` (Flowable's form; clients treat it as a string). */
    id: varchar('id', { length: 128 }).primaryKey(),
    tenantId: tenantId(),
    key: varchar('key', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: varchar('description', { length: 1000 }),
    version: integer('version').notNull(),
    category: varchar('category', { length: 64 }),
    /** 0 active, 1 suspended (a suspended definition cannot start). */
    suspended: smallint('suspended').notNull().default(0),
    /** The engine's compiled `ProcessModel`, read back as-is. */
    model: jsonb('model').notNull(),
    resourceName: varchar('resource_name', { length: 200 }).notNull(),
    deploymentId: id('deployment_id').notNull(),
    deployTime: ts('deploy_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('helio_flow_definition_version_uq').on(t.tenantId, t.key, t.version),
    index('helio_flow_definition_deployment_idx').on(t.deploymentId),
  ],
);

/** A process instance: its state (the engine's JSON) in one row; `version` guards against a lost update. */
export const flowInstance = pgTable(
  'helio_flow_instance',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    definitionId: varchar('definition_id', { length: 128 }).notNull(),
    definitionKey: varchar('definition_key', { length: 64 }).notNull(),
    definitionName: varchar('definition_name', { length: 200 }).notNull(),
    category: varchar('category', { length: 64 }),
    businessKey: varchar('business_key', { length: 128 }),
    state: jsonb('state').notNull(),
    /** active | completed | terminated */
    status: varchar('status', { length: 12 }).notNull(),
    startUser: varchar('start_user', { length: 64 }).notNull(),
    startUserName: varchar('start_user_name', { length: 64 }),
    startTime: ts('start_time').notNull().defaultNow(),
    endTime: ts('end_time'),
    deleteReason: varchar('delete_reason', { length: 500 }),
    /** Timers waiting to fire (`[{timerId, dueAt}]`): their jobs are enqueued after the commit, and re-enqueued by the
     *  timer sweep if a process stopped in between, so a restart loses none. */
    timers: jsonb('timers').$type<{ timerId: string; dueAt: string }[]>().notNull().default([]),
    version: version(),
  },
  (t) => [
    index('helio_flow_instance_timers_idx').on(t.id).where(sql`${t.status} = 'active' AND ${t.timers} <> '[]'::jsonb`),
    index('helio_flow_instance_tenant_idx').on(t.tenantId, t.startTime),
    index('helio_flow_instance_starter_idx').on(t.startUser, t.startTime),
  ],
);

/**
 * The one inbox: a row per piece of work, whatever produced it. `kind` 'bpmn' (a user task of an instance) now;
 * 'epc', 'maintenance' later (their reference is their own business id). `candidates` holds `u:<userId>` and
 * `g:<role id | role alias | dept id>` entries, matched with `&&` against the caller's (GIN index).
 */
export const flowTask = pgTable(
  'helio_flow_task',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    kind: varchar('kind', { length: 16 }).notNull().default('bpmn'),
    /** The process instance id (bpmn) or the business record's id (other kinds). */
    refId: varchar('ref_id', { length: 64 }).notNull(),
    instanceId: id('instance_id'),
    definitionId: varchar('definition_id', { length: 128 }),
    category: varchar('category', { length: 64 }),
    executionId: varchar('execution_id', { length: 32 }),
    elementId: varchar('element_id', { length: 128 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: varchar('description', { length: 1000 }),
    formKey: varchar('form_key', { length: 255 }),
    priority: integer('priority').notNull().default(50),
    assignee: varchar('assignee', { length: 64 }),
    candidates: text('candidates').array().notNull().default(sql`'{}'::text[]`),
    /** open | claimed | completed | cancelled */
    status: varchar('status', { length: 12 }).notNull().default('open'),
    createTime: ts('create_time').notNull().defaultNow(),
    claimTime: ts('claim_time'),
    dueTime: ts('due_time'),
    endTime: ts('end_time'),
    completedBy: varchar('completed_by', { length: 64 }),
    outcome: varchar('outcome', { length: 32 }),
    comment: varchar('comment', { length: 1000 }),
    deleteReason: varchar('delete_reason', { length: 255 }),
    version: version(),
  },
  (t) => [
    index('helio_flow_task_todo_idx').on(t.tenantId, t.assignee, t.createTime).where(sql`${t.status} IN ('open', 'claimed')`),
    index('helio_flow_task_claim_idx').using('gin', t.candidates).where(sql`${t.status} = 'open' AND ${t.assignee} IS NULL`),
    index('helio_flow_task_done_idx').on(t.tenantId, t.completedBy, t.endTime).where(sql`${t.status} = 'completed'`),
    index('helio_flow_task_ref_idx').on(t.kind, t.refId),
    uniqueIndex('helio_flow_task_execution_uq').on(t.instanceId, t.executionId),
  ],
);

/** Activity history: one row per activity instance (entered, left, by whom) and per sequence flow taken. */
export const flowHistory = pgTable(
  'helio_flow_history',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    instanceId: id('instance_id').notNull(),
    executionId: varchar('execution_id', { length: 32 }),
    elementId: varchar('element_id', { length: 128 }).notNull(),
    /** 'startEvent' | 'userTask' | 'exclusiveGateway' | 'sequenceFlow' | … */
    elementType: varchar('element_type', { length: 32 }).notNull(),
    name: varchar('name', { length: 255 }),
    assignee: varchar('assignee', { length: 64 }),
    taskId: id('task_id'),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time'),
    durationMs: bigint('duration_ms', { mode: 'number' }),
    seq: integer('seq').notNull(),
  },
  (t) => [index('helio_flow_history_instance_idx').on(t.instanceId, t.seq)],
);

/** Comments on a task (the approval's words). */
export const flowComment = pgTable(
  'helio_flow_comment',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    taskId: id('task_id').notNull(),
    instanceId: id('instance_id'),
    userId: varchar('user_id', { length: 64 }).notNull(),
    userName: varchar('user_name', { length: 64 }),
    message: varchar('message', { length: 1000 }).notNull(),
    time: ts('time').notNull().defaultNow(),
  },
  (t) => [index('helio_flow_comment_task_idx').on(t.taskId), index('helio_flow_comment_instance_idx').on(t.instanceId)],
);

/** Attachments of a task: references to stored files (the resource module's attachments). */
export const flowAttachment = pgTable(
  'helio_flow_attachment',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    taskId: id('task_id').notNull(),
    instanceId: id('instance_id'),
    userId: varchar('user_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    attachId: id('attach_id'),
    link: varchar('link', { length: 1000 }),
    time: ts('time').notNull().defaultNow(),
  },
  (t) => [index('helio_flow_attachment_task_idx').on(t.taskId)],
);

/** A leave request (BladeX `blade_process_leave`), the business record of the leave process. */
export const flowLeave = pgTable(
  'helio_flow_leave',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    processDefinitionId: varchar('process_definition_id', { length: 128 }).notNull(),
    processInstanceId: id('process_instance_id'),
    /** dictionary-free: 1 annual, 2 sick, 3 personal, 4 other. */
    leaveType: smallint('leave_type').notNull().default(1),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    days: integer('days').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    taskUser: varchar('task_user', { length: 64 }).notNull(),
    applyUser: varchar('apply_user', { length: 64 }).notNull(),
    applyUserName: varchar('apply_user_name', { length: 64 }),
    applyTime: ts('apply_time').notNull().defaultNow(),
    ...audit(),
  },
  (t) => [index('helio_flow_leave_instance_idx').on(t.processInstanceId)],
);

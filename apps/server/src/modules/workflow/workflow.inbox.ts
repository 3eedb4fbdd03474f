/**
 * The inbox for work that is not a BPMN process (installer orders, maintenance): a neighbour puts a task in for an
 * assignee or candidates (user ids, role ids or aliases, dept ids) with its own reference, and ends it when its own
 * process moves on. Writes go through the caller's transaction when it passes one (`db`), so the neighbour's stage
 * change and its inbox rows commit together.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ModuleContext } from '../../kernel/types.js';
import type { Db } from '../../db/client.js';
import { nextId } from '../../core/ids.js';
import { flowTask } from './workflow.tables.js';

export interface NewTask {
  tenantId: string;
  /** 'epc' | 'maintenance' | … (not 'bpmn': those come from process instances). */
  kind: string;
  /** The business record's id. */
  refId: string;
  /** A stage or step id (what `taskDefinitionKey` shows). */
  elementId: string;
  name: string;
  description?: string;
  formKey?: string;
  category?: string;
  assignee?: string;
  candidateUsers?: string[];
  candidateGroups?: string[];
  dueAt?: Date;
  priority?: number;
}

export interface InboxApi {
  createTask(t: NewTask, db?: Db): Promise<string>;
  completeTask(taskId: string, by: string, outcome?: string, db?: Db): Promise<boolean>;
  /** Completes the open tasks of a reference (its step was taken by `by`), with an outcome; answers how many. */
  completeTasks(kind: string, refId: string, by: string, outcome?: string, db?: Db): Promise<number>;
  /** Cancels the open tasks of a reference (e.g. the order was cancelled); answers how many. */
  cancelTasks(kind: string, refId: string, reason: string, db?: Db): Promise<number>;
  /**
   * A condition for a neighbour's list query: the record (`ref`, its id column or expression) has an open task of
   * `kind` for `userId` — assigned to them, or offered to them or one of their `groups` (role aliases, role or dept ids).
   */
  openTaskFor(kind: string, ref: SQL | SQL.Aliased | { getSQL(): SQL }, userId: string, groups: readonly string[]): SQL;
}

export function inboxApi(ctx: ModuleContext): InboxApi {
  return {
    async createTask(t, db = ctx.db) {
      if (t.kind === 'bpmn') throw new Error('bpmn tasks come from process instances');
      const id = nextId();
      await db.insert(flowTask).values({
        id,
        tenantId: t.tenantId,
        kind: t.kind.slice(0, 16),
        refId: t.refId.slice(0, 64),
        elementId: t.elementId.slice(0, 128),
        name: t.name.slice(0, 255),
        description: t.description?.slice(0, 1000) ?? null,
        formKey: t.formKey?.slice(0, 255) ?? null,
        category: t.category?.slice(0, 64) ?? null,
        assignee: t.assignee ?? null,
        candidates: [...(t.candidateUsers ?? []).map((u) => `u:${u}`), ...(t.candidateGroups ?? []).map((g) => `g:${g}`)],
        dueTime: t.dueAt ?? null,
        priority: t.priority ?? 50,
      });
      return id;
    },
    async completeTask(taskId, by, outcome = 'complete', db = ctx.db) {
      const done = await db
        .update(flowTask)
        .set({ status: 'completed', endTime: new Date(), completedBy: by, outcome })
        .where(and(eq(flowTask.id, taskId), inArray(flowTask.status, ['open', 'claimed'])))
        .returning({ id: flowTask.id });
      return done.length > 0;
    },
    async completeTasks(kind, refId, by, outcome = 'complete', db = ctx.db) {
      const done = await db
        .update(flowTask)
        .set({ status: 'completed', endTime: new Date(), completedBy: by, outcome: outcome.slice(0, 16) })
        .where(and(eq(flowTask.kind, kind), eq(flowTask.refId, refId), inArray(flowTask.status, ['open', 'claimed'])))
        .returning({ id: flowTask.id });
      return done.length;
    },
    openTaskFor(kind, ref, userId, groups) {
      // `status IN ('open', 'claimed') AND (assignee = userId OR candidates && keys)`, as two sets of references that
      // each match an index's predicate: unclaimed open tasks offered to the keys (the GIN index
      // helio_flow_task_claim_idx), and tasks with an assignee (helio_flow_task_todo_idx); a claimed task always has
      // one (workflow.runtime.ts). Each set is read once and hashed; as one EXISTS with the OR, matching neither
      // index, it read every task of the kind. The two INs inside an OR stay hashed sub-plans: pulled up into a join,
      // a paged query walked the tasks for every row.
      const keys = sql`ARRAY[${sql.join(
        [`u:${userId}`, ...groups.map((g) => `g:${g}`)].map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]`;
      return sql`(${ref}::text IN (SELECT ${flowTask.refId} FROM ${flowTask} WHERE ${flowTask.kind} = ${kind}
          AND ${flowTask.status} = 'open' AND ${flowTask.assignee} IS NULL AND ${flowTask.candidates} && ${keys})
        OR ${ref}::text IN (SELECT ${flowTask.refId} FROM ${flowTask} WHERE ${flowTask.kind} = ${kind}
          AND ${flowTask.status} IN ('open', 'claimed') AND ${flowTask.assignee} IS NOT NULL
          AND (${flowTask.assignee} = ${userId} OR ${flowTask.candidates} && ${keys})))`;
    },
    async cancelTasks(kind, refId, reason, db = ctx.db) {
      const done = await db
        .update(flowTask)
        .set({ status: 'cancelled', endTime: new Date(), deleteReason: reason.slice(0, 255) })
        .where(and(eq(flowTask.kind, kind), eq(flowTask.refId, refId), inArray(flowTask.status, ['open', 'claimed'])))
        .returning({ id: flowTask.id });
      return done.length;
    },
  };
}

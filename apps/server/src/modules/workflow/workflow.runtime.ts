/**
 * Running instances: start, claim, complete, terminate and timers. Each is one transaction that locks the rows it
 * changes (`SELECT … FOR UPDATE` on the task and the instance, plus the instance's `version` in the UPDATE), asks the
 * engine to `advance()` the stored state, and applies what it answers: task rows inserted or cancelled, history
 * rows, the new state. Timers are kernel jobs enqueued after the commit (a timer of an ended or deleted instance does
 * nothing when it fires). Two completes of one task: the second finds the task completed and answers 409.
 */
import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { advance, FlowError, type FlowInput, type FlowOutput, type InstanceState, type ProcessModel, type ServiceHandler, type Vars } from '../../flow/index.js';
import type { Actor, ModuleContext, TxHooks } from '../../kernel/types.js';
import type { Db } from '../../db/client.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId } from '../../core/ids.js';
import { ConflictError } from '../../core/optimistic.js';
import { flowConflict, flowError } from './workflow.messages.js';
import type { DefinitionRow } from './workflow.deploy.js';
import { checkTaskAttachments, linkTaskAttachments } from './workflow.attachments.js';
import { flowComment, flowDefinition, flowHistory, flowInstance, flowTask } from './workflow.tables.js';

export const TIMER_JOB = 'workflow.timer';
export const timerKey = (instanceId: string, timerId: string) => `flow-timer:${instanceId}:${timerId}`;
export type InstanceRow = typeof flowInstance.$inferSelect;
export type TaskRow = typeof flowTask.$inferSelect;

/** BladeX prefixes a user id with `taskUser_` in the leave model's `${taskUser}`; Helio keeps the bare id. */
export const userRef = (u: string) => u.trim().replace(/^taskUser_/, '');

/** The caller's candidate entries: `u:<userId>`, `u:<account>`, `g:<role id | role alias | dept id>`. */
export function candidateKeys(actor: Actor): string[] {
  return [
    `u:${actor.userId}`,
    `u:${actor.account}`,
    ...actor.roleIds.map((r) => `g:${r}`),
    ...actor.roleAliases.map((r) => `g:${r}`),
    ...actor.deptIds.map((d) => `g:${d}`),
  ];
}

export function isCandidate(actor: Actor, candidates: readonly string[]): boolean {
  const mine = new Set(candidateKeys(actor));
  return candidates.some((c) => mine.has(c));
}

/** Whether the actor may start a definition: its candidate starters, or anyone when it names none. */
export function mayStart(actor: Actor, model: ProcessModel): boolean {
  if (actor.isAdministrator) return true;
  const users = model.candidateStarterUsers ?? [];
  const groups = model.candidateStarterGroups ?? [];
  if (!users.length && !groups.length) return true;
  return isCandidate(actor, [...users.map((u) => `u:${userRef(u)}`), ...groups.map((g) => `g:${g}`)]);
}

type PendingTimer = { timerId: string; dueAt: string };

/** The instance's pending timers after an engine answer (none once it has ended); `fired` is the one that fired. */
function pendingTimers(prev: readonly PendingTimer[], out: FlowOutput, fired?: string): PendingTimer[] {
  if (out.ended || out.state.status !== 'active') return [];
  const gone = new Set([...out.timersCancelled, ...(fired ? [fired] : [])]);
  return [...prev.filter((x) => !gone.has(x.timerId)), ...out.timersScheduled.map((x) => ({ timerId: x.timerId, dueAt: x.dueAt }))];
}

export class RuntimeService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly services: () => Record<string, ServiceHandler>,
  ) {}

  private env() {
    return { now: new Date(), services: this.services() };
  }

  /** Engine errors as HTTP: inputs that no longer apply are 409s; bad variables and model faults 400s. */
  private translate(e: unknown, lang: Lang): never {
    if (!(e instanceof FlowError)) throw e;
    if (e.code === 'task-not-open' || e.code === 'timer-not-open') throw flowConflict('flowTaskNotOpen');
    if (e.code === 'instance-not-active') throw flowConflict('flowInstanceNotActive');
    if (e.code === 'variables') throw flowError(lang, 'variablesInvalid', { reason: e.message.slice(0, 200) });
    throw flowError(lang, 'flowFailed', { reason: `${e.elementId ? `[${e.elementId}] ` : ''}${e.message}`.slice(0, 300) });
  }

  /** Starts an instance of `def` inside `tx`: the candidate-starter and suspension checks, then the engine's start. */
  async startIn(tx: Db, hooks: TxHooks, actor: Actor, def: DefinitionRow, input: { variables: Vars; businessKey?: string | undefined }, lang: Lang): Promise<InstanceRow> {
    if (def.suspended) throw flowError(lang, 'definitionSuspended');
    const model = def.model as ProcessModel;
    if (!mayStart(actor, model)) throw flowError(lang, 'notStarter');
    let out: FlowOutput;
    try {
      out = await advance(model, null, { type: 'start', variables: input.variables, initiator: actor.userId }, this.env());
    } catch (e) {
      this.translate(e, lang);
    }
    const id = nextId();
    const now = new Date();
    const [row] = await tx
      .insert(flowInstance)
      .values({
        id,
        tenantId: def.tenantId,
        definitionId: def.id,
        definitionKey: def.key,
        definitionName: def.name,
        category: def.category,
        businessKey: input.businessKey ?? null,
        state: out.state,
        status: out.state.status,
        startUser: actor.userId,
        startUserName: actor.nickName || actor.userName || actor.account,
        startTime: now,
        endTime: out.ended ? now : null,
        timers: pendingTimers([], out),
      })
      .returning();
    await this.apply(tx, hooks, row!, out, actor.userId);
    return row!;
  }

  /** Locks and reads an instance (any tenant: callers have checked access, or act as the system). */
  private async lockInstance(tx: Db, id: string): Promise<InstanceRow | undefined> {
    const [row] = await tx.select().from(flowInstance).where(eq(flowInstance.id, id)).for('update');
    return row;
  }

  private async modelOf(tx: Db, definitionId: string): Promise<ProcessModel> {
    const [d] = await tx.select({ model: flowDefinition.model }).from(flowDefinition).where(eq(flowDefinition.id, definitionId));
    if (!d) throw new FlowError('instance-not-active', 'definition deleted');
    return d.model as ProcessModel;
  }

  /** Advances a locked instance by one input and applies the result; the state UPDATE checks the version it read. */
  private async drive(tx: Db, hooks: TxHooks, inst: InstanceRow, input: FlowInput, by: string | undefined, lang: Lang): Promise<FlowOutput> {
    if (inst.status !== 'active') throw flowConflict('flowInstanceNotActive');
    let out: FlowOutput;
    try {
      out = await advance(await this.modelOf(tx, inst.definitionId), inst.state as InstanceState, input, this.env());
    } catch (e) {
      this.translate(e, lang);
    }
    const ended = out.ended || out.state.status !== 'active';
    const updated = await tx
      .update(flowInstance)
      .set({
        state: out.state,
        status: out.state.status,
        ...(ended ? { endTime: new Date() } : {}),
        timers: pendingTimers(inst.timers, out, input.type === 'timer' ? input.timerId : undefined),
        ...(input.type === 'terminate' ? { deleteReason: input.reason.slice(0, 500) } : {}),
      })
      .where(and(eq(flowInstance.id, inst.id), eq(flowInstance.version, inst.version)))
      .returning({ id: flowInstance.id });
    if (!updated.length) throw new ConflictError();
    await this.apply(tx, hooks, inst, out, by);
    return out;
  }

  /** Writes the engine's answer: tasks created/cancelled, history, timers (after the commit). */
  private async apply(tx: Db, hooks: TxHooks, inst: Pick<InstanceRow, 'id' | 'tenantId' | 'definitionId' | 'category'>, out: FlowOutput, by: string | undefined) {
    const now = new Date();
    const taskIds = new Map<string, string>();
    if (out.tasksCreated.length) {
      await tx.insert(flowTask).values(
        out.tasksCreated.map((t) => {
          const id = nextId();
          taskIds.set(t.executionId, id);
          return {
            id,
            tenantId: inst.tenantId,
            kind: 'bpmn',
            refId: inst.id,
            instanceId: inst.id,
            definitionId: inst.definitionId,
            category: inst.category,
            executionId: t.executionId.slice(0, 32),
            elementId: t.elementId.slice(0, 128),
            name: (t.name || t.elementId).slice(0, 255),
            description: t.documentation?.slice(0, 1000) ?? null,
            formKey: t.formKey?.slice(0, 255) ?? null,
            priority: t.priority ?? 50,
            assignee: t.assignee ? userRef(t.assignee).slice(0, 64) : null,
            candidates: [...t.candidateUsers.map((u) => `u:${userRef(u)}`), ...t.candidateGroups.map((g) => `g:${g.trim()}`)],
            status: 'open',
            dueTime: t.dueAt ? new Date(t.dueAt) : null,
            createTime: now,
          };
        }),
      );
    }
    if (out.tasksCancelled.length) {
      await tx
        .update(flowTask)
        .set({ status: 'cancelled', endTime: now, deleteReason: out.state.status === 'terminated' ? 'terminated' : 'cancelled' })
        .where(and(eq(flowTask.instanceId, inst.id), inArray(flowTask.executionId, out.tasksCancelled), inArray(flowTask.status, ['open', 'claimed'])));
    }
    if (out.history.length) await this.writeHistory(tx, inst, out, taskIds, by);
    const scheduled = out.timersScheduled;
    const cancelled = out.timersCancelled;
    if (scheduled.length || cancelled.length) {
      hooks.afterCommit(async () => {
        for (const t of cancelled) await this.ctx.jobs.cancel(timerKey(inst.id, t));
        for (const t of scheduled) {
          await this.ctx.jobs.enqueue(TIMER_JOB, { instanceId: inst.id, timerId: t.timerId }, { runAt: new Date(t.dueAt), key: timerKey(inst.id, t.timerId) });
        }
      });
    }
  }

  private async writeHistory(tx: Db, inst: Pick<InstanceRow, 'id' | 'tenantId'>, out: FlowOutput, taskIds: Map<string, string>, by: string | undefined) {
    const [{ last }] = (await tx.select({ last: max(flowHistory.seq) }).from(flowHistory).where(eq(flowHistory.instanceId, inst.id))) as [{ last: number | null }];
    let seq = last ?? 0;
    for (const h of out.history) {
      const at = new Date(h.at);
      if (h.kind === 'activityEnd') {
        const match = and(
          eq(flowHistory.instanceId, inst.id),
          eq(flowHistory.elementId, h.elementId),
          h.executionId ? eq(flowHistory.executionId, h.executionId) : undefined,
          isNull(flowHistory.endTime),
        );
        const done = await tx
          .update(flowHistory)
          .set({ endTime: at, durationMs: sql`GREATEST(0, (EXTRACT(EPOCH FROM (${at.toISOString()}::timestamptz - ${flowHistory.startTime})) * 1000)::bigint)`, ...(h.by ? { assignee: userRef(h.by).slice(0, 64) } : {}) })
          .where(match)
          .returning({ id: flowHistory.id });
        if (done.length) continue;
      }
      seq += 1;
      const isFlow = h.kind === 'flowTaken';
      await tx.insert(flowHistory).values({
        id: nextId(),
        tenantId: inst.tenantId,
        instanceId: inst.id,
        executionId: h.executionId?.slice(0, 32) ?? null,
        elementId: h.elementId.slice(0, 128),
        elementType: (isFlow ? 'sequenceFlow' : h.elementType).slice(0, 32),
        name: h.name?.slice(0, 255) ?? null,
        assignee: h.by ? userRef(h.by).slice(0, 64) : h.kind === 'activityStart' && h.elementType === 'startEvent' && by ? by : null,
        taskId: h.executionId ? (taskIds.get(h.executionId) ?? null) : null,
        startTime: at,
        endTime: isFlow || h.kind === 'activityEnd' ? at : null,
        durationMs: isFlow || h.kind === 'activityEnd' ? 0 : null,
        seq,
      });
    }
  }

  /** A task of the caller's tenant, locked. */
  private async lockTask(tx: Db, actor: Actor, taskId: string, lang: Lang): Promise<TaskRow> {
    if (!isId(taskId)) throw flowError(lang, 'taskNotFound');
    const [t] = await tx.select().from(flowTask).where(this.ctx.scope(actor).where(flowTask, eq(flowTask.id, taskId))).for('update');
    if (!t) throw flowError(lang, 'taskNotFound');
    return t;
  }

  async claim(actor: Actor, taskId: string, lang: Lang): Promise<boolean> {
    return this.ctx.tx(async (tx) => {
      const t = await this.lockTask(tx, actor, taskId, lang);
      if (t.status !== 'open' && t.status !== 'claimed') throw flowConflict('flowTaskNotOpen');
      if (t.assignee === actor.userId) return true;
      if (t.assignee) throw flowConflict('flowTaskTaken');
      if (!isCandidate(actor, t.candidates)) throw flowError(lang, 'notCandidate');
      const done = await tx
        .update(flowTask)
        .set({ assignee: actor.userId, status: 'claimed', claimTime: new Date() })
        .where(and(eq(flowTask.id, t.id), isNull(flowTask.assignee), eq(flowTask.version, t.version)))
        .returning({ id: flowTask.id });
      if (!done.length) throw flowConflict('flowTaskTaken');
      return true;
    });
  }

  /** Whether the caller may complete the task now: its assignee, or a candidate of an unassigned one. */
  static mayHandle(actor: Actor, t: TaskRow): boolean {
    if (t.status !== 'open' && t.status !== 'claimed') return false;
    return t.assignee ? t.assignee === actor.userId : isCandidate(actor, t.candidates);
  }

  async complete(
    actor: Actor,
    p: { taskId: string; comment?: string | null; pass?: boolean | null; variables?: Vars | null; attachIds?: string[] | null },
    lang: Lang,
  ): Promise<boolean> {
    return this.ctx.tx(async (tx, hooks) => {
      // Locks in one order everywhere (instance, then its tasks), so a complete never deadlocks with a terminate or
      // a timer of the same instance.
      if (!isId(p.taskId)) throw flowError(lang, 'taskNotFound');
      const [peek] = await tx.select({ instanceId: flowTask.instanceId }).from(flowTask).where(this.ctx.scope(actor).where(flowTask, eq(flowTask.id, p.taskId)));
      const inst = peek?.instanceId ? await this.lockInstance(tx, peek.instanceId) : undefined;
      const t = await this.lockTask(tx, actor, p.taskId, lang);
      if (t.status !== 'open' && t.status !== 'claimed') throw flowConflict('flowTaskNotOpen');
      if (!RuntimeService.mayHandle(actor, t)) throw flowConflict('flowTaskNotYours');
      const files = await checkTaskAttachments(tx, t.tenantId, lang, p.attachIds);
      const variables: Vars = { ...(p.variables ?? {}) };
      if (typeof p.pass === 'boolean') variables.pass = p.pass;
      const now = new Date();
      const outcome = typeof p.pass === 'boolean' ? (p.pass ? 'approve' : 'reject') : 'complete';
      await tx
        .update(flowTask)
        .set({ status: 'completed', endTime: now, completedBy: actor.userId, assignee: t.assignee ?? actor.userId, outcome, comment: p.comment?.slice(0, 1000) ?? null })
        .where(eq(flowTask.id, t.id));
      if (p.comment) {
        await tx.insert(flowComment).values({ id: nextId(), tenantId: t.tenantId, taskId: t.id, instanceId: t.instanceId, userId: actor.userId, userName: actor.nickName || actor.userName, message: p.comment.slice(0, 1000), time: now });
      }
      await linkTaskAttachments(tx, t, actor.userId, files, now);
      if (t.kind === 'bpmn' && t.instanceId && t.executionId) {
        if (!inst) throw flowConflict('flowInstanceNotActive');
        await this.drive(tx, hooks, inst, { type: 'complete', executionId: t.executionId, variables, by: actor.userId }, actor.userId, lang);
      } else {
        hooks.afterCommit(() => this.ctx.events.emit('workflow.taskCompleted', { taskId: t.id, kind: t.kind, refId: t.refId, by: actor.userId, outcome, variables }));
      }
      return true;
    });
  }

  /** Deletes (terminates) an instance with a reason; its open tasks are cancelled, its timers dropped. */
  async terminate(actor: Actor, instanceId: string, reason: string, lang: Lang): Promise<boolean> {
    if (!isId(instanceId)) throw flowError(lang, 'instanceNotFound');
    return this.ctx.tx(async (tx, hooks) => {
      const [inst] = await tx.select().from(flowInstance).where(this.ctx.scope(actor).where(flowInstance, eq(flowInstance.id, instanceId))).for('update');
      if (!inst) throw flowError(lang, 'instanceNotFound');
      await this.drive(tx, hooks, inst, { type: 'terminate', reason: reason || 'deleted' }, actor.userId, lang);
      // Whatever the engine did not list (tasks of other kinds never are): nothing of an ended instance stays open.
      await tx
        .update(flowTask)
        .set({ status: 'cancelled', endTime: new Date(), deleteReason: (reason || 'deleted').slice(0, 255) })
        .where(and(eq(flowTask.instanceId, inst.id), inArray(flowTask.status, ['open', 'claimed'])));
      return true;
    });
  }

  /**
   * Re-enqueues the jobs of timers overdue by more than `graceMs` that are still pending (their process stopped
   * between the commit and the enqueue). Jobs are keyed per timer, so one already there is not doubled; a timer that
   * did fire meanwhile is skipped when its job runs.
   */
  async sweepTimers(graceMs = 30_000): Promise<number> {
    const rows = await this.ctx.db
      .select({ id: flowInstance.id, timers: flowInstance.timers })
      .from(flowInstance)
      .where(and(eq(flowInstance.status, 'active'), sql`${flowInstance.timers} <> '[]'::jsonb`))
      .limit(1000);
    const cutoff = Date.now() - graceMs;
    let n = 0;
    for (const r of rows) {
      for (const x of r.timers) {
        if (new Date(x.dueAt).getTime() > cutoff) continue;
        if (await this.ctx.jobs.enqueue(TIMER_JOB, { instanceId: r.id, timerId: x.timerId }, { key: timerKey(r.id, x.timerId) })) n++;
      }
    }
    return n;
  }

  /** A due timer (the job): nothing when the instance is gone, ended, or the timer no longer open. */
  async fireTimer(instanceId: string, timerId: string): Promise<'fired' | 'skipped'> {
    return this.ctx.tx(async (tx, hooks) => {
      const inst = await this.lockInstance(tx, instanceId);
      if (!inst || inst.status !== 'active') return 'skipped';
      try {
        await this.drive(tx, hooks, inst, { type: 'timer', timerId }, undefined, 'en-US');
        return 'fired';
      } catch (e) {
        const code = (e as { key?: string }).key;
        if (code === 'flowTaskNotOpen' || code === 'flowInstanceNotActive') return 'skipped';
        throw e;
      }
    });
  }
}

/**
 * Reading the workflow: the inbox lists (start, claim, todo, sent, done), process instances (follow), an instance's
 * history for the flow chart and its task record, and who may see an instance (its starter, its task participants,
 * administrators and `flow_follow` holders). Every query is scoped to the caller's tenant.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { user } from '../../db/schema.js';
import { formatDateTime } from '../../core/dates.js';
import type { Lang } from '../../core/i18n.js';
import { isId } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import type { ProcessModel } from '../../flow/index.js';
import { attachmentsOfInstance } from './workflow.attachments.js';
import { definitionVO, type DeployService } from './workflow.deploy.js';
import { flowError } from './workflow.messages.js';
import { paged } from './workflow.paging.js';
import { candidateKeys, mayStart, type InstanceRow, type TaskRow } from './workflow.runtime.js';
import { flowDefinition, flowHistory, flowInstance, flowTask } from './workflow.tables.js';

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const str = (v: unknown) => (one(v) === undefined || one(v) === null ? '' : String(one(v)).trim().slice(0, 128));
const versionOfId = (id: string | null | undefined) => (id ? Number(id.split(':')[1]) || null : null);
const HIDDEN_IN_RECORD = new Set(['sequenceFlow', 'exclusiveGateway', 'parallelGateway', 'inclusiveGateway']);

type Joined = { t: TaskRow; i: InstanceRow | null };

export class WorkflowQueries {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly deploys: DeployService,
  ) {}

  private paging(q: Record<string, unknown>) {
    return parsePaging(q, this.ctx.config.maxPageSize);
  }

  /** Display names of user ids (numeric ids only; anything else is shown as it is). */
  private async names(ids: (string | null | undefined)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((x): x is string => !!x && isId(x)))];
    if (!wanted.length) return new Map();
    const rows = await this.ctx.db.select({ id: user.id, name: user.realName, n2: user.name }).from(user).where(inArray(user.id, wanted));
    return new Map(rows.map((r) => [r.id, r.name || r.n2 || r.id]));
  }

  private taskVO(names: Map<string, string>) {
    return ({ t, i }: Joined) => ({
      taskId: t.id,
      taskName: t.name,
      taskDefinitionKey: t.elementId,
      kind: t.kind,
      assignee: t.assignee,
      assigneeName: t.assignee ? (names.get(t.assignee) ?? t.assignee) : null,
      candidateUsers: t.candidates.filter((c) => c.startsWith('u:')).map((c) => c.slice(2)),
      candidateGroups: t.candidates.filter((c) => c.startsWith('g:')).map((c) => c.slice(2)),
      category: t.category,
      categoryName: t.category,
      createTime: formatDateTime(t.createTime),
      claimTime: formatDateTime(t.claimTime),
      endTime: formatDateTime(t.endTime),
      dueTime: formatDateTime(t.dueTime),
      historyTaskEndTime: formatDateTime(t.endTime),
      executionId: t.executionId,
      processInstanceId: t.instanceId ?? (t.kind === 'bpmn' ? t.refId : null),
      processDefinitionId: t.definitionId,
      processDefinitionKey: i?.definitionKey ?? null,
      processDefinitionName: i?.definitionName ?? null,
      processDefinitionVersion: versionOfId(t.definitionId),
      startUserId: i?.startUser ?? null,
      startUser: i?.startUserName ?? null,
      businessId: i?.businessKey ?? (t.kind === 'bpmn' ? null : t.refId),
      formKey: t.formKey,
      status: t.status,
      processIsFinished: i ? (i.status === 'active' ? 'unfinished' : 'finished') : null,
      outcome: t.outcome,
      comment: t.comment,
    });
  }

  instanceVO(i: InstanceRow) {
    return {
      taskId: null,
      taskName: null,
      taskDefinitionKey: null,
      kind: 'bpmn',
      assignee: null,
      assigneeName: null,
      candidateUsers: [],
      candidateGroups: [],
      category: i.category,
      categoryName: i.category,
      createTime: formatDateTime(i.startTime),
      claimTime: null,
      endTime: formatDateTime(i.endTime),
      dueTime: null,
      historyTaskEndTime: null,
      executionId: null,
      processInstanceId: i.id,
      processDefinitionId: i.definitionId,
      processDefinitionKey: i.definitionKey,
      processDefinitionName: i.definitionName,
      processDefinitionVersion: versionOfId(i.definitionId),
      startUserId: i.startUser,
      startUser: i.startUserName,
      businessId: i.businessKey,
      formKey: null,
      status: i.status,
      processIsFinished: i.status === 'active' ? 'unfinished' : 'finished',
      outcome: null,
      comment: i.deleteReason,
    };
  }

  private taskFilters(q: Record<string, unknown>): (SQL | undefined)[] {
    return [
      str(q.category) ? eq(flowTask.category, str(q.category)) : undefined,
      str(q.kind) ? eq(flowTask.kind, str(q.kind)) : undefined,
      str(q.taskName) ? sql`${flowTask.name} ILIKE ${`%${str(q.taskName).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
      str(q.processDefinitionKey) ? eq(flowInstance.definitionKey, str(q.processDefinitionKey)) : undefined,
    ];
  }

  private async taskPage(actor: Actor, q: Record<string, unknown>, cond: SQL | undefined, order: SQL[]) {
    const p = this.paging(q);
    const where = this.ctx.scope(actor).where(flowTask, cond, ...this.taskFilters(q));
    const rows = await this.ctx.db
      .select({ t: flowTask, i: flowInstance })
      .from(flowTask)
      .leftJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId))
      .where(where)
      .orderBy(...order)
      .limit(p.size)
      .offset(p.offset);
    const names = await this.names(rows.map((r) => r.t.assignee));
    return paged(p, Promise.resolve(rows), this.ctx.db.select({ n: count() }).from(flowTask).leftJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId)).where(where), this.taskVO(names));
  }

  todoList(actor: Actor, q: Record<string, unknown>) {
    return this.taskPage(actor, q, and(eq(flowTask.assignee, actor.userId), inArray(flowTask.status, ['open', 'claimed'])), [desc(flowTask.createTime), desc(flowTask.id)]);
  }

  claimList(actor: Actor, q: Record<string, unknown>) {
    const mine = sql`ARRAY[${sql.join(candidateKeys(actor).map((k) => sql`${k}`), sql`, `)}]::text[]`;
    return this.taskPage(actor, q, and(eq(flowTask.status, 'open'), isNull(flowTask.assignee), sql`${flowTask.candidates} && ${mine}`), [desc(flowTask.createTime), desc(flowTask.id)]);
  }

  doneList(actor: Actor, q: Record<string, unknown>) {
    return this.taskPage(actor, q, and(eq(flowTask.completedBy, actor.userId), eq(flowTask.status, 'completed')), [desc(flowTask.endTime), desc(flowTask.id)]);
  }

  private async instancePage(actor: Actor, q: Record<string, unknown>, cond: SQL | undefined) {
    const p = this.paging(q);
    const pid = str(q.processInstanceId);
    const where = this.ctx.scope(actor).where(
      flowInstance,
      cond,
      str(q.processDefinitionKey) ? eq(flowInstance.definitionKey, str(q.processDefinitionKey)) : undefined,
      pid ? (isId(pid) ? eq(flowInstance.id, pid) : sql`false`) : undefined,
      str(q.status) ? eq(flowInstance.status, str(q.status)) : undefined,
      str(q.businessKey) ? eq(flowInstance.businessKey, str(q.businessKey)) : undefined,
      str(q.category) ? eq(flowInstance.category, str(q.category)) : undefined,
    );
    const rows = this.ctx.db.select().from(flowInstance).where(where).orderBy(desc(flowInstance.startTime), desc(flowInstance.id)).limit(p.size).offset(p.offset);
    return { p, rows, total: this.ctx.db.select({ n: count() }).from(flowInstance).where(where) };
  }

  async sendList(actor: Actor, q: Record<string, unknown>) {
    const { p, rows, total } = await this.instancePage(actor, q, eq(flowInstance.startUser, actor.userId));
    return paged(p, rows, total, (i) => this.instanceVO(i));
  }

  async followList(actor: Actor, q: Record<string, unknown>) {
    const { p, rows, total } = await this.instancePage(actor, q, undefined);
    return paged(p, rows, total, (i) => ({
      id: i.id,
      name: i.definitionName,
      processInstanceId: i.id,
      processDefinitionId: i.definitionId,
      processDefinitionKey: i.definitionKey,
      processDefinitionVersion: versionOfId(i.definitionId) ?? 0,
      category: i.category,
      categoryName: i.category,
      businessKey: i.businessKey,
      startUserId: i.startUser,
      startUser: i.startUserName,
      startTime: formatDateTime(i.startTime),
      endTime: formatDateTime(i.endTime),
      status: i.status,
      deleteReason: i.deleteReason,
      suspensionState: 1,
    }));
  }

  /** The latest active definition per key that the caller may start. */
  async startList(actor: Actor, q: Record<string, unknown>) {
    const p = this.paging(q);
    const latest = await this.ctx.db
      .selectDistinctOn([flowDefinition.tenantId, flowDefinition.key])
      .from(flowDefinition)
      .where(this.ctx.scope(actor).where(flowDefinition, str(q.category) ? eq(flowDefinition.category, str(q.category)) : undefined))
      .orderBy(flowDefinition.tenantId, flowDefinition.key, desc(flowDefinition.version));
    const name = str(q.name).toLowerCase();
    const startable = latest.filter((d) => !d.suspended && mayStart(actor, d.model as ProcessModel) && (!name || d.name.toLowerCase().includes(name)));
    return paged(p, Promise.resolve(startable.slice(p.offset, p.offset + p.size)), Promise.resolve([{ n: startable.length }]), definitionVO);
  }

  /** An instance the caller may see, or a 400 as if it did not exist. */
  async visibleInstance(actor: Actor, id: string, lang: Lang): Promise<InstanceRow> {
    const [inst] = isId(id) ? await this.ctx.db.select().from(flowInstance).where(this.ctx.scope(actor).where(flowInstance, eq(flowInstance.id, id))) : [];
    if (!inst) throw flowError(lang, 'instanceNotFound');
    if (inst.startUser === actor.userId || actor.isAdministrator) return inst;
    const mine = sql`ARRAY[${sql.join(candidateKeys(actor).map((k) => sql`${k}`), sql`, `)}]::text[]`;
    const [part] = await this.ctx.db
      .select({ id: flowTask.id })
      .from(flowTask)
      .where(and(eq(flowTask.instanceId, inst.id), or(eq(flowTask.assignee, actor.userId), eq(flowTask.completedBy, actor.userId), sql`${flowTask.candidates} && ${mine}`)))
      .limit(1);
    if (part || (await this.ctx.access.has(actor, ['flow_follow']))) return inst;
    throw flowError(lang, 'instanceNotFound');
  }

  /** An instance's activities and flows in order, as the flow chart and the record read them. */
  async history(inst: InstanceRow, filter?: (type: string) => boolean) {
    const rows = await this.ctx.db
      .select({ h: flowHistory, t: { assignee: flowTask.assignee, comment: flowTask.comment, status: flowTask.status } })
      .from(flowHistory)
      .leftJoin(flowTask, eq(flowTask.id, flowHistory.taskId))
      .where(eq(flowHistory.instanceId, inst.id))
      .orderBy(asc(flowHistory.seq));
    const kept = filter ? rows.filter((r) => filter(r.h.elementType)) : rows;
    const names = await this.names(kept.map((r) => r.h.assignee ?? r.t?.assignee));
    const files = await attachmentsOfInstance(this.ctx.db, inst.id);
    return kept.map(({ h, t }) => {
      const assignee = h.assignee ?? t?.assignee ?? null;
      const waiting = h.elementType === 'userTask' && !h.endTime && t?.status === 'open' && !t.assignee;
      return {
        historyActivityId: h.elementId,
        historyActivityName: h.name,
        historyActivityType: waiting ? 'candidate' : h.elementType,
        historyActivityDurationTime: h.durationMs === null ? null : formatDuration(h.durationMs),
        executionId: h.executionId,
        taskId: h.taskId,
        assignee,
        assigneeName: assignee ? (names.get(assignee) ?? assignee) : null,
        comment: t?.comment ?? null,
        ...(h.taskId && files.has(h.taskId) ? { attachments: files.get(h.taskId) } : {}),
        createTime: formatDateTime(h.startTime),
        endTime: formatDateTime(h.endTime),
      };
    });
  }

  async historyFlowList(actor: Actor, q: { processInstanceId?: string | undefined }, lang: Lang) {
    if (!q.processInstanceId) throw flowError(lang, 'paramRequired', { param: 'processInstanceId' });
    return this.history(await this.visibleInstance(actor, q.processInstanceId, lang));
  }

  async flowList(actor: Actor, processInstanceId: string, lang: Lang) {
    return this.history(await this.visibleInstance(actor, processInstanceId, lang), (type) => !HIDDEN_IN_RECORD.has(type));
  }

  async historyList(actor: Actor, processInstanceId: string, lang: Lang) {
    const inst = await this.visibleInstance(actor, processInstanceId, lang);
    const rows = await this.ctx.db.select().from(flowTask).where(eq(flowTask.instanceId, inst.id)).orderBy(asc(flowTask.createTime), asc(flowTask.id));
    const names = await this.names(rows.map((t) => t.assignee));
    return rows.map((t) => this.taskVO(names)({ t, i: inst }));
  }

  async modelView(actor: Actor, q: { processInstanceId?: string | undefined; processDefinitionId?: string | undefined }, lang: Lang) {
    if (q.processInstanceId) {
      const inst = await this.visibleInstance(actor, q.processInstanceId, lang);
      const [def] = await this.ctx.db.select().from(flowDefinition).where(eq(flowDefinition.id, inst.definitionId));
      return { xml: def ? await this.deploys.definitionXml(def) : '', flow: await this.history(inst) };
    }
    if (!q.processDefinitionId) throw flowError(lang, 'paramRequired', { param: 'processDefinitionId' });
    const def = await this.deploys.definition(actor, q.processDefinitionId, lang);
    return { xml: await this.deploys.definitionXml(def), flow: [] };
  }
}

/** Blade's duration text: `1天2小时3分钟4秒` style, in milliseconds under a second. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const s = Math.floor(ms / 1000);
  const parts: string[] = [];
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) parts.push(`${d}d`);
  if (h) parts.push(`${h}h`);
  if (m) parts.push(`${m}m`);
  parts.push(`${s % 60}s`);
  return parts.join(' ');
}

/**
 * The leave sample (blade-desk `process/leave`): a request row and its process started in one transaction (the
 * request's id is the instance's business key; variables `taskUser` and `days`, the applicant from the start event's
 * initiator), and the request's detail with where its process stands, visible to whoever may see the instance.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { role, user } from '../../db/schema.js';
import { formatDateTime, parseDateTime } from '../../core/dates.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId } from '../../core/ids.js';
import type { DeployService } from './workflow.deploy.js';
import { flowError } from './workflow.messages.js';
import type { WorkflowQueries } from './workflow.queries.js';
import { userRef, type RuntimeService } from './workflow.runtime.js';
import { flowLeave } from './workflow.tables.js';

const DAY = 86_400_000;

export interface LeaveBody {
  processDefinitionId: string;
  leaveType?: number | string | undefined;
  startTime: string;
  endTime: string;
  reason: string;
  taskUser: string;
}

export class LeaveService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly deploys: DeployService,
    private readonly runtime: RuntimeService,
    private readonly queries: WorkflowQueries,
  ) {}

  async start(actor: Actor, b: LeaveBody, lang: Lang) {
    const start = parseDateTime(b.startTime);
    const end = parseDateTime(b.endTime);
    if (!start) throw flowError(lang, 'paramRequired', { param: 'startTime' });
    if (!end) throw flowError(lang, 'paramRequired', { param: 'endTime' });
    if (end.getTime() <= start.getTime()) throw flowError(lang, 'leaveDates');
    const days = Math.max(1, Math.ceil((end.getTime() - start.getTime()) / DAY));
    const leaveType = Number(b.leaveType ?? 1);
    const taskUser = userRef(b.taskUser);
    if (!taskUser) throw flowError(lang, 'paramRequired', { param: 'taskUser' });
    const def = await this.deploys.definition(actor, b.processDefinitionId, lang);
    const id = nextId();
    await this.ctx.tx(async (tx, hooks) => {
      await tx.insert(flowLeave).values({
        id,
        tenantId: def.tenantId,
        processDefinitionId: def.id,
        leaveType: Number.isInteger(leaveType) && leaveType >= 1 && leaveType <= 9 ? leaveType : 1,
        startTime: start,
        endTime: end,
        days,
        reason: b.reason.slice(0, 500),
        taskUser,
        applyUser: actor.userId,
        applyUserName: actor.nickName || actor.userName,
        createUser: actor.userId,
        createDept: actor.deptIds[0] ?? null,
      });
      const inst = await this.runtime.startIn(tx, hooks, actor, def, { variables: { taskUser, days, reason: b.reason.slice(0, 500) }, businessKey: id }, lang);
      await tx.update(flowLeave).set({ processInstanceId: inst.id }).where(eq(flowLeave.id, id));
    });
    return this.detail(actor, id, lang);
  }

  /** Who may be chosen as the HR approver (`taskUser`): active users holding the `hr` role in the caller's tenant. */
  async approvers(actor: Actor): Promise<{ id: string; account: string; name: string }[]> {
    const roles = await this.ctx.db
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.tenantId, actor.tenantId), eq(role.roleAlias, 'hr'), eq(role.isDeleted, 0)));
    if (!roles.length) return [];
    const ids = roles.map((r) => r.id);
    const rows = await this.ctx.db
      .select({ id: user.id, account: user.account, realName: user.realName, name: user.name })
      .from(user)
      .where(
        and(
          eq(user.tenantId, actor.tenantId),
          eq(user.isDeleted, 0),
          eq(user.status, 1),
          sql`string_to_array(${user.roleId}, ',') && ARRAY[${sql.join(ids.map((x) => sql`${x}`), sql`, `)}]::text[]`,
        ),
      )
      .orderBy(asc(user.account))
      .limit(500);
    return rows.map((r) => ({ id: r.id, account: r.account, name: r.realName || r.name || r.account }));
  }

  async detail(actor: Actor, businessId: string, lang: Lang) {
    const [l] = isId(businessId)
      ? await this.ctx.db.select().from(flowLeave).where(this.ctx.scope(actor).where(flowLeave, and(eq(flowLeave.id, businessId), eq(flowLeave.isDeleted, 0))))
      : [];
    if (!l) throw flowError(lang, 'leaveNotFound');
    let status = 'active';
    if (l.processInstanceId) {
      try {
        status = (await this.queries.visibleInstance(actor, l.processInstanceId, lang)).status;
      } catch {
        if (l.applyUser !== actor.userId) throw flowError(lang, 'leaveNotFound');
      }
    } else if (l.applyUser !== actor.userId) {
      throw flowError(lang, 'leaveNotFound');
    }
    return {
      id: l.id,
      tenantId: l.tenantId,
      processDefinitionId: l.processDefinitionId,
      processInstanceId: l.processInstanceId,
      leaveType: l.leaveType,
      startTime: formatDateTime(l.startTime),
      endTime: formatDateTime(l.endTime),
      days: l.days,
      reason: l.reason,
      taskUser: l.taskUser,
      applyUser: l.applyUser,
      applyUserName: l.applyUserName,
      applyTime: formatDateTime(l.applyTime),
      flow: {
        processInstanceId: l.processInstanceId,
        processDefinitionId: l.processDefinitionId,
        status,
        processIsFinished: status === 'active' ? 'unfinished' : 'finished',
        businessId: l.id,
      },
    };
  }
}

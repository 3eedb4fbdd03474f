/**
 * What the routes ask of several parts at once: starting a process by definition id or key (the definition's checks,
 * the engine's start and the instance row in one transaction), and whether the caller may handle a task now.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Vars } from '../../flow/index.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import type { Lang } from '../../core/i18n.js';
import { isId } from '../../core/ids.js';
import type { DeployService } from './workflow.deploy.js';
import { flowError } from './workflow.messages.js';
import type { WorkflowQueries } from './workflow.queries.js';
import { RuntimeService } from './workflow.runtime.js';
import { flowDefinition, flowTask } from './workflow.tables.js';

export class WorkflowService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly deploys: DeployService,
    private readonly runtime: RuntimeService,
    private readonly queries: WorkflowQueries,
  ) {}

  async startProcess(actor: Actor, b: { processDefinitionId?: string; processDefinitionKey?: string; businessKey?: string; variables?: Vars }, lang: Lang) {
    let def;
    if (b.processDefinitionId) {
      def = await this.deploys.definition(actor, b.processDefinitionId, lang);
    } else if (b.processDefinitionKey) {
      [def] = await this.ctx.db
        .select()
        .from(flowDefinition)
        .where(this.ctx.scope(actor).where(flowDefinition, and(eq(flowDefinition.key, b.processDefinitionKey), eq(flowDefinition.tenantId, actor.tenantId))))
        .orderBy(desc(flowDefinition.version))
        .limit(1);
      if (!def) throw flowError(lang, 'definitionNotFound');
    } else {
      throw flowError(lang, 'paramRequired', { param: 'processDefinitionId' });
    }
    const found = def;
    const inst = await this.ctx.tx((tx, hooks) => this.runtime.startIn(tx, hooks, actor, found, { variables: b.variables ?? {}, businessKey: b.businessKey }, lang));
    return this.queries.instanceVO(inst);
  }

  async taskPurview(actor: Actor, taskId: string, lang: Lang): Promise<boolean> {
    if (!isId(taskId)) throw flowError(lang, 'taskNotFound');
    const [t] = await this.ctx.db.select().from(flowTask).where(this.ctx.scope(actor).where(flowTask, eq(flowTask.id, taskId)));
    if (!t) throw flowError(lang, 'taskNotFound');
    return RuntimeService.mayHandle(actor, t);
  }
}

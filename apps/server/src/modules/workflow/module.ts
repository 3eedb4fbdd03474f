/**
 * Workflow (issue 16, blade-flow): process models and deployments compiled by the BPMN engine (src/flow), instances
 * with their state in one row each, the one task inbox (BPMN tasks now, installer orders later), history, timers as
 * durable jobs, and the leave sample of blade-desk, seeded and deployed on the first start.
 */
import { defineJob, defineModule } from '../../kernel/types.js';
import type { WorkflowApi } from './index.js';
import { DeployService } from './workflow.deploy.js';
import { serviceHandlers, SERVICE_HANDLER_NAMES } from './workflow.handlers.js';
import { inboxApi } from './workflow.inbox.js';
import { LeaveService } from './workflow.leave.js';
import { WorkflowQueries } from './workflow.queries.js';
import { workflowRoutes } from './workflow.routes.js';
import { RuntimeService, TIMER_JOB } from './workflow.runtime.js';
import { seedLeaveProcess, seedLeaveUsers } from './workflow.seed.js';
import { WorkflowService } from './workflow.service.js';

/** A due timer of an instance: fires once; does nothing for an instance that ended or was deleted meanwhile. */
const timerJob = defineJob<{ instanceId: string; timerId: string }>({
  name: TIMER_JOB,
  leaseMs: 60_000,
  retryMs: 2000,
  async run({ instanceId, timerId }, ctx) {
    await ctx.use('workflow').runtime.fireTimer(instanceId, timerId);
  },
});

/** Timers whose job was never enqueued (a process stopped right after the commit) are enqueued again. */
const timerSweepJob = defineJob<null>({
  name: 'workflow.timer-sweep',
  every: 60_000,
  leaseMs: 60_000,
  async run(_p, ctx) {
    await ctx.use('workflow').runtime.sweepTimers();
  },
});

export default defineModule<WorkflowApi>({
  name: 'workflow',
  services(ctx) {
    const handlers = serviceHandlers(ctx.log);
    const deploys = new DeployService(ctx, () => SERVICE_HANDLER_NAMES);
    const runtime = new RuntimeService(ctx, () => handlers);
    const queries = new WorkflowQueries(ctx, deploys);
    return {
      deploys,
      runtime,
      queries,
      leave: new LeaveService(ctx, deploys, runtime, queries),
      inbox: inboxApi(ctx),
      service: new WorkflowService(ctx, deploys, runtime, queries),
    };
  },
  routes: (app, ctx, api) => workflowRoutes(app, ctx, api),
  jobs: [timerJob, timerSweepJob],
  reference: {
    version: 1,
    apply: (tx) => seedLeaveProcess(tx, SERVICE_HANDLER_NAMES),
  },
  // Demo mode: the people the leave process routes to, so the demo runs through.
  async start(ctx) {
    if (ctx.config.simulator) await ctx.tx((tx) => seedLeaveUsers(tx));
  },
});

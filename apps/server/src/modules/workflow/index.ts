/**
 * The workflow module's public entry. Besides its services, the inbox other work puts its tasks in (installer
 * orders, maintenance): `inbox.createTask` adds a task of a kind ('epc', 'maintenance', …) for an assignee or
 * candidates, `inbox.completeTask` / `inbox.cancelTasks` end them; the todo, claim and done lists show them beside
 * BPMN tasks, and completing one through `complete-task` emits `workflow.taskCompleted`.
 */
import type { DeployService } from './workflow.deploy.js';
import type { InboxApi } from './workflow.inbox.js';
import type { LeaveService } from './workflow.leave.js';
import type { WorkflowQueries } from './workflow.queries.js';
import type { RuntimeService } from './workflow.runtime.js';
import type { WorkflowService } from './workflow.service.js';

export type { InboxApi, NewTask } from './workflow.inbox.js';

export interface WorkflowApi {
  deploys: DeployService;
  runtime: RuntimeService;
  queries: WorkflowQueries;
  leave: LeaveService;
  inbox: InboxApi;
  service: WorkflowService;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    workflow: WorkflowApi;
  }
  interface HelioEvents {
    /** A task of a kind other than 'bpmn' was completed in the inbox (its owner moves its own process on). */
    'workflow.taskCompleted': { taskId: string; kind: string; refId: string; by: string; outcome: string; variables: Record<string, unknown> };
  }
}

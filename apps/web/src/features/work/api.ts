/** The inbox's server calls (contracts workflow-work.api, typed by their schemas), its query keys and its routes. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { matchPath, useLocation } from 'react-router';
import type { BodyOf, DataOf } from '@helio/contracts/api/endpoint';
import {
  flowClaimList,
  flowClaimTask,
  flowCompleteTask,
  flowDoneList,
  flowHistoryList,
  flowSendList,
  flowStartList,
  flowStartProcess,
  flowTaskPurview,
  flowTodoList,
  leaveApprovers,
  leaveDetail,
  leaveStartProcess,
} from '@helio/contracts/modules/workflow/workflow-work.api';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';
import { http } from '@/core/http/http';

export type FlowRow = DataOf<typeof flowTodoList>['records'][number];
export type ProcessRow = DataOf<typeof flowStartList>['records'][number];
export type Leave = DataOf<typeof leaveDetail>;
export type LeaveBody = BodyOf<typeof leaveStartProcess>;
export type CompleteBody = BodyOf<typeof flowCompleteTask>;

export const LISTS = { claim: flowClaimList, todo: flowTodoList, send: flowSendList, done: flowDoneList } as const;
export type ListName = keyof typeof LISTS;

/** The process key of the seeded leave model (apps/server workflow.leave-model.ts), whose pages are bespoke. */
export const LEAVE_KEY = 'Leave';

export const useStartList = (q: Record<string, string | undefined>) => useEndpoint(flowStartList, q);
export const useInbox = (list: ListName, q: Record<string, string | undefined>) => useEndpoint(LISTS[list], q);
export const useHistory = (processInstanceId: string) => useEndpoint(flowHistoryList, { processInstanceId }, { enabled: !!processInstanceId });
export const useLeave = (businessId: string) => useEndpoint(leaveDetail, { businessId }, { enabled: !!businessId });
export const useApprovers = () => useEndpoint(leaveApprovers, {});

/** Whether the caller may handle the task now (a POST that only reads). */
export function useTaskPurview(taskId: string, processInstanceId: string) {
  return useQuery({
    queryKey: ['endpoint', flowTaskPurview.url, taskId],
    queryFn: () => callEndpoint(flowTaskPurview, { taskId, processInstanceId }),
    enabled: !!taskId,
  });
}

/** After a claim, a complete or a start every inbox list (and the history) is stale. */
export function useInboxRefresh() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      queryKey: ['endpoint'],
      predicate: (q) => /\/api\/blade-(flow|desk\/process)\//.test(String(q.queryKey[1] ?? '')),
    });
}

export const claimTask = (taskId: string) => callEndpoint(flowClaimTask, { taskId });
export const startProcess = (body: BodyOf<typeof flowStartProcess>) => callEndpoint(flowStartProcess, undefined, body);
export const startLeave = (body: LeaveBody) => callEndpoint(leaveStartProcess, undefined, body);

/**
 * Completes a task. A conflict (the task was handled meanwhile, or is not the caller's) rejects without the global
 * toast: the caller shows the server's message where the user is looking.
 */
export const completeTask = (body: CompleteBody) =>
  http.request<{ data: boolean }>(flowCompleteTask.url, { method: 'POST', data: body, silentCodes: [409] }).then((r) => r.data);

/** Whether a task or an instance belongs to the leave process (its own pages). */
export const isLeave = (row: Pick<FlowRow, 'processDefinitionKey' | 'kind'>) => row.kind === 'bpmn' && row.processDefinitionKey === LEAVE_KEY;

export const leaveFormPath = (processDefinitionId: string) => `/work/process/leave/form/${processDefinitionId}`;

/** The page that handles a task, for kinds of work with their own page (the leave process); otherwise undefined. */
export function handlePath(row: FlowRow): string | undefined {
  if (isLeave(row) && row.taskId && row.processInstanceId && row.businessId) {
    return `/work/process/leave/handle/${row.taskId}/${row.processInstanceId}/${row.businessId}`;
  }
  return undefined;
}

/** The page that shows a case, for kinds of work with their own page; otherwise undefined (the flow chart shows it). */
export function detailPath(row: FlowRow): string | undefined {
  if (isLeave(row) && row.processInstanceId && row.businessId) return `/work/process/leave/detail/${row.processInstanceId}/${row.businessId}`;
  return undefined;
}

export const LEAVE_FORM = '/work/process/leave/form/:processDefinitionId';
export const LEAVE_HANDLE = '/work/process/leave/handle/:taskId/:processInstanceId/:businessId';
export const LEAVE_DETAIL = '/work/process/leave/detail/:processInstanceId/:businessId';

/**
 * The parameters of a route pattern in the current location. The shell renders pages from the registry outside a
 * `<Route>` with their pattern, so `useParams` is empty there.
 */
export function useRouteParams(pattern: string): Record<string, string> {
  const { pathname } = useLocation();
  const params = matchPath({ path: pattern, end: true }, pathname)?.params ?? {};
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v ?? '']));
}

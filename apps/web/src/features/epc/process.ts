/**
 * One set of order screens for every order definition that shares the installer order's tables (contracts
 * `processes.ts`: the installer order, the maintenance order of issue 20). An order names its definition
 * (`OrderVO.process`); the screens take stage names, forms, reject targets and the diagram from `processOf(process)`,
 * and call the endpoint of the order's kind: a maintenance order's steps are the installer order's under the spec's
 * `maint` URLs (`maintTwin`, same request and answer), so a call swaps the endpoint and nothing else.
 */
import type { Endpoint, QueryOf } from '@helio/contracts/api/endpoint';
import { AGENT_API } from '@helio/contracts/modules/agent/agent.resource';
import { MAINT_ALIASES, maintTwin } from '@helio/contracts/modules/epc/maint.api';
import { MAINT_ORDER_PROCESS } from '@helio/contracts/modules/epc/maint.process';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { processOf } from '@helio/contracts/modules/epc/processes';
import type { ProcessDefinition } from '@helio/contracts/process/types';
import { useEndpoint } from '@/core/http/endpoint';

export { processOf };
export type { ProcessDefinition };

/** The maintenance order's definition id (`OrderVO.process`). */
export const MAINT_PROCESS = MAINT_ORDER_PROCESS.id;

export const isMaint = (process: string | null | undefined) => process === MAINT_PROCESS;

/** The endpoint an order of `process` calls for the installer order's `e`: its maintenance twin, when it has one. */
export function endpointOf<E extends { method: string; url: string }>(process: string | null | undefined, e: E): E {
  return isMaint(process) ? (maintTwin(e) ?? e) : e;
}

/** `useEndpoint` of the order's kind (the twin of `e` for a maintenance order). */
export function useOrderEndpoint<E extends Endpoint>(process: string | null | undefined, e: E, query?: QueryOf<E>, options?: { enabled?: boolean }) {
  return useEndpoint(endpointOf(process, e), query, options);
}

const MAINT_URLS = new Set([...MAINT_ALIASES.values()].map((e) => e.url));
const MAINT_PREFIXES = [`${AGENT_API}/maintenanceOrder`, '/api/blade-order/order/maint'];

/** An order read (any kind's list, detail, stage details): what an order step makes stale. */
export const isOrderUrl = (url: string) => url.startsWith(ORDER_API) || MAINT_URLS.has(url) || MAINT_PREFIXES.some((p) => url.startsWith(p));

/**
 * The installer order screens' server calls (contracts `order.api`, typed by their schemas), their routes, and what
 * the screens read off the process definition (`order.process`): stage and role names, sub-status names and who acts
 * at an order's current step.
 */
import { useQueryClient } from '@tanstack/react-query';
import { matchPath, useLocation } from 'react-router';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { companyNames } from '@helio/contracts/modules/agent/agent.api';
import { AGENT_ADMIN_ROLE, AGENT_STAFF_ROLES } from '@helio/contracts/modules/agent/agent.api';
import { baseOrderInfo, orderPage } from '@helio/contracts/modules/epc/order.api';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import type { Label } from '@helio/contracts/validation';
import { useEndpoint } from '@/core/http/endpoint';
import { isOrderUrl, processOf, useOrderEndpoint } from './process';

/** The installer order's definition: the list's stage filter; an order's own is `processOf(order.process)`. */
export const DEF = EPC_ORDER_PROCESS;
export type OrderRow = DataOf<typeof orderPage>['records'][number];
export type OrderDetail = DataOf<typeof baseOrderInfo>;
export type HistoryRow = OrderDetail['history'][number];

export const ORDER_LIST = '/epc/order';
export const ORDER_ADD = '/epc/order/add';
export const ORDER_DETAIL = '/epc/order/detail/:id';
export const detailPath = (id: string) => `/epc/order/detail/${id}`;

export interface OrderQuery {
  current: string;
  size: string;
  orderNumber?: string;
  customerName?: string;
  stage?: string;
  agentId?: string;
  mine?: string;
}

export const useOrders = (q: OrderQuery) => useEndpoint(orderPage, q);
/** An order's detail, from the endpoint of its kind (`process`: the page's; the installer order's by default). */
export const useOrderDetail = (orderId: string, process?: string) =>
  useOrderEndpoint(process, baseOrderInfo, { orderId }, { enabled: /^\d{1,20}$/.test(orderId) });
export const useAgentNames = (enabled: boolean) => useEndpoint(companyNames, {}, { enabled });

/** After an action every order figure (list, detail, stage details) is stale. */
export function useOrderRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['endpoint'], predicate: (q) => isOrderUrl(String(q.queryKey[1] ?? '')) });
}

/** The label in the UI language. */
export const pick = (label: Label | undefined, language: string) => (label ? (language === 'en-US' ? label.en : label.zh) : '');

/** A stage's name in the definition of `process` (the installer order's by default). */
export const stageName = (stage: string, language: string, process?: string | null) => pick(processOf(process).stage(stage)?.name, language) || stage;
export const roleName = (role: string, language: string, process?: string | null) =>
  pick((processOf(process).roles as Record<string, { name: Label } | undefined>)[role]?.name, language) || role;
export function subStatusName(stage: string, subStatus: string | null, language: string, process?: string | null): string {
  if (!subStatus) return '';
  return pick(processOf(process).stage(stage)?.subStatuses?.find((s) => s.id === subStatus)?.name, language) || subStatus;
}

/** The roles who act at the order's step now: the examiners of a pending request, a review's reviewers, else the actors. */
export function currentRoles(order: Pick<OrderRow, 'stage' | 'inReview' | 'pending'> & { process?: string | null }): readonly string[] {
  const def = processOf(order.process);
  const st = def.stage(order.stage);
  if (!st || st.terminal) return [];
  if (order.pending) return def.examiners;
  if (st.review && order.inReview) return st.review.roles;
  return st.actors ?? [];
}

/** The stages in process order, for the stage filter (the installer order's by default). */
export const stageOptions = (language: string, process?: string | null) =>
  processOf(process).stages.map((s) => ({ value: s.id, label: pick(s.name, language) }));

/** Agent staff (the agent company's administrator or staff roles) see their company's orders only: no agent filter. */
const AGENT_ROLES = new Set<string>([AGENT_ADMIN_ROLE, ...AGENT_STAFF_ROLES]);
export const isAgentStaff = (roles: readonly string[]) => !roles.includes('administrator') && roles.some((r) => AGENT_ROLES.has(r));

/**
 * The parameters of a route pattern in the current location. The shell renders pages from the registry outside a
 * `<Route>` with their pattern, so `useParams` is empty there.
 */
export function useRouteParams(pattern: string): Record<string, string> {
  const { pathname } = useLocation();
  const params = matchPath({ path: pattern, end: true }, pathname)?.params ?? {};
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v ?? '']));
}

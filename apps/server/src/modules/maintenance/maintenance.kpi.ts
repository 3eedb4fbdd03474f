/**
 * Service KPIs (issue 20) over the call-ins the caller may see in a date range: call-ins and closes per month (in the
 * deployment's zone), hours from call-in to the first visit and to close, the first-time fix rate (completed without a
 * reject back to the diagnosis or the repair QC), what was charged by fee type, and the same per agent and installer.
 * Counted in the database from `helio_maint_order`, every figure group a grouping set of one statement.
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { timeZone } from '../../core/dates.js';
import { isId } from '../../core/ids.js';
import { rowsOf } from '../../db/rows.js';
import type { Actor } from '../../kernel/types.js';
import { companyNames } from '../agent/index.js';
import { epcOrder } from '../epc-order/index.js';
import { userNames } from '../user/index.js';
import { today } from './maintenance.extension.js';
import type { MaintOrders } from './maintenance.service.js';
import { maintOrder } from './maintenance.tables.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const n = (v: unknown) => Number(v ?? 0);
const hours = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
const rate = (fixed: unknown, closed: unknown) => (n(closed) ? Math.round((n(fixed) / n(closed)) * 1000) / 1000 : null);

/** The instant a local date starts in the deployment's zone. */
const startOf = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE ${timeZone()}`;

export async function maintKpis(m: MaintOrders, actor: Actor, q: { from?: string | undefined; to?: string | undefined; agentId?: string | undefined }) {
  const to = q.to && DAY.test(q.to) ? q.to : today();
  const from = q.from && DAY.test(q.from) ? q.from : `${Number(to.slice(0, 4)) - 1}${to.slice(4, 7)}-01`;
  const scope: SQL = and(
    await m.reads.scope(actor),
    gte(maintOrder.callInTime, sql`${startOf(from)}`),
    lt(maintOrder.callInTime, sql`${startOf(to)} + interval '1 day'`),
    q.agentId ? (isId(q.agentId) ? eq(epcOrder.agentId, q.agentId) : sql`FALSE`) : undefined,
  )!;
  const db = m.ctx.db;
  const done = sql`${maintOrder.outcome} = 'completed'`;
  // One read of the range's rows: every figure group is a grouping set of the same scan (five statements each read them
  // all before). `GROUPING(x) = 0` marks the rows of x's set; the empty set is the total.
  const rows = await rowsOf(
    db,
    sql`SELECT CASE WHEN GROUPING(month) = 0 THEN 'month' WHEN GROUPING(fee_type) = 0 THEN 'fee' WHEN GROUPING(agent) = 0 THEN 'agent'
          WHEN GROUPING(installer) = 0 THEN 'installer' ELSE 'total' END AS kind,
        month, fee_type, agent, installer, count(*)::int AS call_ins, count(*) FILTER (WHERE done)::int AS closed,
        count(*) FILTER (WHERE done AND reworks = 0)::int AS fixed, avg(first_visit) AS first_visit,
        avg(to_close) FILTER (WHERE done) AS to_close, coalesce(sum(cost), 0) AS cost
      FROM (SELECT to_char(${maintOrder.callInTime} AT TIME ZONE ${timeZone()}, 'YYYY-MM') AS month, ${maintOrder.feeType} AS fee_type,
          ${epcOrder.agentId}::text AS agent, ${maintOrder.installerId}::text AS installer, ${done} AS done, ${maintOrder.reworks} AS reworks,
          extract(epoch FROM ${maintOrder.firstVisitAt} - ${maintOrder.callInTime}) / 3600 AS first_visit,
          extract(epoch FROM ${maintOrder.closedAt} - ${maintOrder.callInTime}) / 3600 AS to_close, ${maintOrder.cost} AS cost
        FROM ${maintOrder} JOIN ${epcOrder} ON ${epcOrder.id} = ${maintOrder.orderId} WHERE ${scope}) AS x
      GROUP BY GROUPING SETS ((), (month), (fee_type), (agent), (installer))`,
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  const busiest = (list: Record<string, unknown>[]) => list.sort((a, b) => n(b.call_ins) - n(a.call_ins)).slice(0, 50);
  const total = of('total')[0];
  const months = of('month').sort((a, b) => String(a.month).localeCompare(String(b.month)));
  const fees = of('fee').sort((a, b) => String(a.fee_type).localeCompare(String(b.fee_type)));
  const agents = busiest(of('agent').map((r) => ({ ...r, id: r.agent })));
  const installers = busiest(of('installer').filter((r) => r.installer !== null && r.installer !== undefined).map((r) => ({ ...r, id: r.installer })));
  const agentName = await companyNames(db, agents.map((a) => String(a.id ?? '')));
  const people = await userNames(db, installers.map((i) => String(i.id)));
  return {
    months: months.map((r) => ({ month: String(r.month), callIns: n(r.call_ins), closed: n(r.closed) })),
    callIns: n(total?.call_ins),
    closed: n(total?.closed),
    avgFirstVisitHours: hours(total?.first_visit),
    avgCloseHours: hours(total?.to_close),
    firstTimeFixRate: rate(total?.fixed, total?.closed),
    costByFeeType: fees.map((r) => ({ feeType: String(r.fee_type), orders: n(r.call_ins), cost: Math.round(n(r.cost) * 100) / 100 })),
    byAgent: agents.map((r) => ({ agentId: String(r.id ?? ''), agentName: agentName.get(String(r.id ?? '')) ?? null, callIns: n(r.call_ins), closed: n(r.closed), avgCloseHours: hours(r.to_close), firstTimeFixRate: rate(r.fixed, r.closed) })),
    byInstaller: installers.map((r) => ({ userId: String(r.id), name: people.get(String(r.id)) ?? null, orders: n(r.call_ins), closed: n(r.closed), firstTimeFixRate: rate(r.fixed, r.closed) })),
  };
}

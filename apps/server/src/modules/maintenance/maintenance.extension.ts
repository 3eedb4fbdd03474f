/**
 * What maintenance orders add to the shared steps (the installer order's `StepExtension`): their named predicates —
 * the warranty rule of a free fee type, whether the call-out is charged, whether the diagnosis needs parts and whether
 * they are charged, whether a COC is required — a precise message for the warranty refusal, and in the step's
 * transaction the service milestones the list and the KPIs read (`helio_maint_order`: the call-in as edited, first
 * visit, installer, reworks, cost, close).
 */
import { eq, sql } from 'drizzle-orm';
import { CALLOUT_CHARGED, MAINT_FEE, PARTS_CHARGED } from '@helio/contracts/modules/epc/maint.forms';
import { MAINT_ORDER_PROCESS } from '@helio/contracts/modules/epc/maint.process';
import { parseDateTime, timeZone } from '../../core/dates.js';
import { localDay } from '../../stage/index.js';
import type { StepExtension } from '../epc-order/index.js';
import { maintError } from './maintenance.messages.js';
import { maintOrder } from './maintenance.tables.js';

type Rec = Record<string, unknown>;
const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

/** Today's local date (yyyy-MM-dd) in the deployment's zone. */
export const today = (now = new Date()) => new Date(localDay(now, timeZone()) * 86_400_000).toISOString().slice(0, 10);

/**
 * The warranty date a free fee type must not have passed: at warranty verification the verified end (and a result that
 * is not "valid" fails outright), before it the call-in's warranty date. Undefined when the rule holds.
 */
export function warrantyProblem(data: Rec, stage: string, now = new Date()): { key: 'freeWarrantyExpired'; date: string } | { key: 'freeWarrantyInvalid' } | undefined {
  if (str(obj(data.customer).feeType) !== MAINT_FEE.free) return undefined;
  const verified = stage === 'warranty_verification' ? obj(data.warranty) : undefined;
  if (verified && verified.result !== undefined && verified.result !== 'valid') return { key: 'freeWarrantyInvalid' };
  const date = str(verified?.warrantyEndDate) || str(obj(data.customer).warrantyDate);
  if (date && date.slice(0, 10) < today(now)) return { key: 'freeWarrantyExpired', date: date.slice(0, 10) };
  return undefined;
}

/** What was charged: the call-out quote and the ESS quotation (net of discounts, with tax). */
export function chargedCost(data: Rec, visited: (stage: string) => boolean): number {
  let cost = visited('callout_quote') ? num(obj(data.calloutQuote).amount) : 0;
  if (visited('ess_quotation')) {
    const lines = Array.isArray(obj(data.quote).lines) ? (obj(data.quote).lines as unknown[]).map(obj) : [];
    for (const l of lines) cost += num(l.quantity) * num(l.unitPrice) * (1 - num(l.discount) / 100) * (1 + num(l.taxRate) / 100);
  }
  return Math.round(cost * 100) / 100;
}

/** Rejects that send the work back to the site (a repair that was not right the first time). */
const REWORK_TARGETS = new Set(['survey', 'qc_submission']);

export const maintExtension: StepExtension = {
  stages: MAINT_ORDER_PROCESS.stageIds,
  predicates(_prepared, c) {
    const fee = str(obj(c.data.customer).feeType);
    return {
      freeWithinWarranty: ({ data }) => !warrantyProblem(data, c.stage),
      calloutCharged: () => CALLOUT_CHARGED.includes(fee),
      partsNeeded: ({ data }) => obj(data.maintSurvey).partsNeeded === true,
      partsCharged: () => PARTS_CHARGED.includes(fee),
      cocRequired: ({ data }) => obj(data.customer).cocRequired === true,
    };
  },
  explain(errors, _prepared, c) {
    if (!errors.some((e) => e.code === 'missing-requirement' && e.predicate === 'freeWithinWarranty')) return undefined;
    const p = warrantyProblem(c.data, c.stage);
    if (!p) return undefined;
    return p.key === 'freeWarrantyExpired' ? maintError(c.lang, p.key, { date: p.date }) : maintError(c.lang, p.key);
  },
  async effect(e) {
    const { tx, before, next, action, data } = e;
    const customer = obj(data.customer);
    const visited = (stage: string) => next.state.visits.some((v) => v.stage === stage);
    const now = new Date();
    const set: Partial<typeof maintOrder.$inferInsert> = { cost: chargedCost(data, visited) };
    if (before.stage === 'create' || action === 'edit' || action === 'examine') {
      const callIn = parseDateTime(str(customer.callInTime))?.getTime() ?? NaN;
      if (str(customer.feeType)) set.feeType = str(customer.feeType);
      if (Number.isFinite(callIn)) set.callInTime = new Date(callIn);
      set.workOrderNumber = str(customer.workOrderNumber) || null;
    }
    const [row] = await tx.select().from(maintOrder).where(eq(maintOrder.orderId, next.id));
    if (!row) return;
    if (before.stage === 'survey' && action === 'submit' && !row.firstVisitAt) set.firstVisitAt = now;
    const tech = next.state.assignees.site_technician?.[0];
    if (!row.installerId && tech) set.installerId = tech;
    if (next.stage !== before.stage && next.stage === 'completed') Object.assign(set, { closedAt: now, outcome: 'completed' });
    if (next.stage !== before.stage && next.stage === 'cancelled') Object.assign(set, { closedAt: now, outcome: 'cancelled' });
    const rework = action === 'reject' && REWORK_TARGETS.has(next.stage) && next.stage !== before.stage;
    await tx
      .update(maintOrder)
      .set({ ...set, ...(rework ? { reworks: sql`${maintOrder.reworks} + 1` } : {}) })
      .where(eq(maintOrder.orderId, next.id));
  },
};

/**
 * Steps on an installer order: each one is the stage engine's pure `transition` over the stored state, then in ONE
 * transaction `UPDATE … WHERE id AND version = $v` (a stale version is a 409), the review-history row, the form data
 * it applied and the inbox change in `helio_flow_task` (the order's open task closed, the next one opened for the
 * stage's roles: the order company's staff with that role, the assigned persons, or the tenant's role). Named
 * predicates of the definition that the sales half reaches are implemented here; the database look-ups they need
 * (stock on hand) are made before the pure call.
 */
import { and, eq } from 'drizzle-orm';
import { MAX_APPLIANCES } from '@helio/contracts/modules/epc/order.forms';
import type { InboxTaskSpec, ProcessAction, Refusal } from '@helio/contracts/process/types';
import { ConflictError } from '../../core/optimistic.js';
import type { Lang } from '../../core/i18n.js';
import { timeZone } from '../../core/dates.js';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import type { Actor, TxHooks } from '../../kernel/types.js';
import { currentTask, transition, type Predicate, type TransitionInput } from '../../stage/index.js';
import { staffWithRole } from '../agent/index.js';
import { orderError, refusalError } from './epc-order.messages.js';
import type { OrderReads} from './epc-order.service.js';
import type { OrderRow } from './epc-order.service.js';
import type { StepContext, StepExtension } from './epc-order.extension.js';
import { epcOrderSubmission } from './epc-order.submission.tables.js';
import { epcOrder, epcOrderForm, epcOrderHistory } from './epc-order.tables.js';

type Rec = Record<string, unknown>;
const arr = (v: unknown): Rec[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Rec[]) : []);
const keyOf = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** The first value that occurs twice (case- and space-insensitive), if any. */
function duplicate(values: unknown[]): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    const k = keyOf(v);
    if (!k) continue;
    if (seen.has(k)) return String(v);
    seen.add(k);
  }
  return undefined;
}

export interface StepInput {
  stage: string;
  action: ProcessAction;
  version: number;
  formData?: Rec | undefined;
  reason?: string | undefined;
  targetStage?: string | undefined;
  approved?: boolean | undefined;
  assignees?: Record<string, string[]>;
  subStatus?: string;
  /** The client's id of this submission: a repeat of it on the same order acts no more (offline forms, issue 19). */
  submissionId?: string | undefined;
}

export interface StockLine {
  sku: string;
  name: string | null;
  quantity: number;
  available: number;
  sufficient: boolean;
}

export class OrderSteps {
  constructor(
    private readonly reads: OrderReads,
    /** Stage groups' predicates, look-ups and effects (epc-order.extension.ts). */
    private readonly extensions: readonly StepExtension[] = [],
  ) {}

  /** The step a client already submitted under this id, if any (its repeat answers the order as it is now). */
  private async submitted(tx: Db, orderId: string, submissionId: string | undefined): Promise<boolean> {
    if (!submissionId) return false;
    const [found] = await tx.select({ id: epcOrderSubmission.id }).from(epcOrderSubmission).where(and(eq(epcOrderSubmission.orderId, orderId), eq(epcOrderSubmission.submissionId, submissionId)));
    return Boolean(found);
  }

  private get ctx() {
    return this.reads.ctx;
  }

  /** The definition these steps run (the reads' one). */
  get def() {
    return this.reads.def;
  }

  /** The design's BOM lines against stock on hand (the stock module's balances, every warehouse). */
  async stockLines(actor: Actor, data: Rec): Promise<StockLine[]> {
    const materials = arr((data.design as Rec | undefined)?.materials);
    const bySku = new Map<string, { name: string | null; quantity: number }>();
    for (const m of materials) {
      const sku = String(m.sku ?? '');
      const prev = bySku.get(sku);
      bySku.set(sku, { name: typeof m.name === 'string' ? m.name : null, quantity: (prev?.quantity ?? 0) + Number(m.quantity ?? 0) });
    }
    const stock = this.reads.deps.stock().queries;
    const out: StockLine[] = [];
    for (const [sku, m] of bySku) {
      const found = (await stock.balances(actor, { sku, size: 50, current: 1 })).records.find((r) => r.sku === sku);
      const available = found ? found.available : 0;
      out.push({ sku, name: m.name, quantity: m.quantity, available, sufficient: available >= m.quantity });
    }
    return out;
  }

  async stockDetail(actor: Actor, orderId: unknown, lang: Lang) {
    const row = await this.reads.load(actor, orderId, lang);
    const data = await this.reads.data(this.ctx.db, row.id);
    return { order: await this.reads.voOf(row, lang), lines: await this.stockLines(actor, data), form: data.stockAudit ?? {} };
  }

  /** The predicates of the definition this half reaches (`stockConfirmed` reads the look-up made before). */
  private predicates(stock: StockLine[] | null): Record<string, Predicate> {
    return {
      hasExistingSystem: ({ data }) => (data.customer as Rec | undefined)?.hasExistingSystem === true,
      appliancesValid: ({ data }) => {
        const list = arr(((data.survey as Rec | undefined)?.electrical as Rec | undefined)?.appliances);
        return list.length <= MAX_APPLIANCES && !duplicate(list.map((a) => a.type));
      },
      equipmentTypesUnique: ({ data }) => !duplicate(arr((data.design as Rec | undefined)?.materials).map((m) => m.equipmentType)),
      stockConfirmed: ({ data }) => {
        if (!stock) return false;
        const lines = arr((data.stockAudit as Rec | undefined)?.lines);
        return stock.every((s) => s.sufficient && lines.some((l) => l.sku === s.sku && l.status === 'confirmed' && Number(l.quantity) >= s.quantity));
      },
    };
  }

  /** Refusals of the module's own predicates said precisely (which type repeats, which lines lack stock). */
  private explain(lang: Lang, errors: Refusal[], data: Rec, stock: StockLine[] | null): Error {
    for (const e of errors) {
      if (e.code !== 'missing-requirement' || !e.predicate) continue;
      if (e.predicate === 'equipmentTypesUnique') {
        const type = duplicate(arr((data.design as Rec | undefined)?.materials).map((m) => m.equipmentType));
        if (type) return orderError(lang, 'duplicateEquipmentType', { type });
      }
      if (e.predicate === 'appliancesValid') {
        const list = arr(((data.survey as Rec | undefined)?.electrical as Rec | undefined)?.appliances);
        if (list.length > MAX_APPLIANCES) return orderError(lang, 'tooManyAppliances', { max: MAX_APPLIANCES });
        const type = duplicate(list.map((a) => a.type));
        if (type) return orderError(lang, 'duplicateAppliance', { type });
      }
      if (e.predicate === 'stockConfirmed' && stock) {
        const short = stock.filter((s) => !s.sufficient);
        if (short.length) return orderError(lang, 'stockInsufficient', { lines: short.map((s) => `${s.sku} (${s.available}/${s.quantity})`).join(', ') });
        const lines = arr((data.stockAudit as Rec | undefined)?.lines);
        const open = stock.find((s) => !lines.some((l) => l.sku === s.sku && l.status === 'confirmed'));
        if (open) return orderError(lang, 'stockLineMissing', { sku: open.sku });
      }
    }
    return refusalError(lang, errors);
  }

  /**
   * Stock held for the order (reference: its number), in the step's transaction: the approved stock audit reserves
   * every BOM line (refused, nothing kept, when another order took the units meanwhile); going back before the audit
   * or cancelling gives the reservations back.
   */
  private async holdStock(tx: Db, hooks: TxHooks, actor: Actor, row: OrderRow, to: string, stock: StockLine[] | null, lang: Lang) {
    const audit = this.def.indexOf('stock_audit');
    const reservations = this.reads.deps.stock().reservations;
    if (row.stage === 'stock_audit' && to !== row.stage && this.def.indexOf(to) > audit && stock) {
      await reservations.reserve(tx, hooks, actor, stock.map((l) => ({ sku: l.sku, quantity: l.quantity })), row.orderNumber, lang);
    } else if (this.def.indexOf(row.stage) > audit && (to === this.def.cancel.to || this.def.indexOf(to) <= audit)) {
      await reservations.release(tx, hooks, actor, row.orderNumber, lang);
    }
  }

  /** Tasks at a stage whose role has assigned persons go to them only (administrators excepted). */
  private checkAssigned(actor: Actor, row: OrderRow, roles: string[], lang: Lang) {
    if (actor.isAdministrator || row.state.pending || row.state.inReview) return;
    const st = this.def.stage(row.stage);
    const mine = (st?.actors ?? []).filter((r) => roles.includes(r));
    const assigned = mine.filter((r) => (row.state.assignees[r] ?? []).length > 0);
    if (assigned.length && assigned.length === mine.length && !assigned.some((r) => row.state.assignees[r]!.includes(actor.userId))) {
      throw orderError(lang, 'notAssigned');
    }
  }

  /** One step: the pure transition, then the state, history, form data and inbox in one transaction. */
  async act(actor: Actor, rawId: unknown, input: StepInput, lang: Lang, before?: (tx: Db, row: OrderRow) => Promise<void>): Promise<OrderRow> {
    // Look-ups through neighbours' public entries read outside the transaction (PGlite has one connection).
    const seen = await this.reads.load(actor, rawId, lang);
    if (await this.submitted(this.ctx.db, seen.id, input.submissionId)) return seen;
    const companies = await this.reads.companies(actor);
    if (before) await before(this.ctx.db, seen);
    const ownForm = this.def.formOf(input.stage);
    const withForm = async () => {
      const stored = await this.reads.data(this.ctx.db, seen.id);
      return ownForm && input.formData && input.action !== 'edit' ? { ...stored, [ownForm.key]: input.formData } : stored;
    };
    let stock: StockLine[] | null = null;
    if (seen.stage === 'stock_audit' && input.action === 'approve') stock = await this.stockLines(actor, await withForm());
    const exts = this.extensions.filter((e) => e.stages.includes(input.stage));
    const c: StepContext | null = exts.length ? { actor, lang, row: seen, stage: input.stage, action: input.action, data: await withForm(), reads: this.reads } : null;
    const prepared = c ? await Promise.all(exts.map((e) => e.prepare?.(c))) : [];
    return this.ctx.tx(async (tx, hooks) => {
      const row = await this.reads.load(actor, rawId, lang, tx, true);
      // The same submission racing itself: the second waits for the first's lock, then finds it stored.
      if (await this.submitted(tx, row.id, input.submissionId)) return row;
      if (input.version !== row.version) throw new ConflictError();
      const roles = this.reads.roles(actor, row.agentId, companies);
      if (input.action !== 'examine' && input.action !== 'cancel' && input.action !== 'edit') this.checkAssigned(actor, row, roles, lang);
      const data: Rec = await this.reads.data(tx, row.id);
      const form = this.def.formOf(input.stage);
      const merged = form && input.formData && input.action !== 'edit' ? { ...data, [form.key]: input.formData } : data;
      const now = new Date();
      const call: TransitionInput = {
        action: input.action,
        actor: { userId: actor.userId, roles },
        stage: input.stage,
        version: input.version,
        reason: input.reason ?? null,
        ...(input.targetStage ? { targetStage: input.targetStage } : {}),
        ...(input.formData ? { formData: input.formData } : {}),
        data,
        ...(input.assignees ? { assignees: input.assignees } : {}),
        ...(input.approved !== undefined ? { approved: input.approved } : {}),
        ...(input.subStatus ? { subStatus: input.subStatus } : {}),
        now,
      };
      const predicates = { ...this.predicates(stock), ...Object.assign({}, ...exts.map((e, i) => (c && e.predicates ? e.predicates(prepared[i], c) : {}))) };
      const res = transition(this.def, row.state, call, { predicates, timeZone: timeZone() });
      if (!res.ok) {
        for (const [i, e] of exts.entries()) {
          const err = c && e.explain?.(res.errors, prepared[i], c);
          if (err) throw err;
        }
        throw this.explain(lang, res.errors, merged, stock);
      }
      const next = res.nextState;
      const moved = next.stage !== row.stage;
      await this.holdStock(tx, hooks, actor, row, next.stage, stock, lang);
      const customer = res.applied?.form === 'customer' ? res.applied.data : undefined;
      const updated = await tx
        .update(epcOrder)
        .set({
          stage: next.stage,
          subStatus: next.subStatus,
          inReview: next.inReview,
          pending: next.pending?.kind ?? null,
          state: next,
          version: next.version,
          ...(moved ? { stageEnteredAt: now } : {}),
          endedAt: next.endedAt ? new Date(next.endedAt) : null,
          updateUser: actor.userId,
          updateTime: now,
          ...(customer
            ? { customerName: String(customer.name ?? row.customerName), customerPhone: `${String(customer.phoneDiallingCode ?? '')} ${String(customer.phone ?? '')}`.trim().slice(0, 32), projectType: String(customer.projectType ?? '') || null }
            : {}),
        })
        .where(and(eq(epcOrder.id, row.id), eq(epcOrder.version, input.version)))
        .returning();
      if (!updated.length) throw new ConflictError();
      const h = res.history;
      await tx.insert(epcOrderHistory).values({
        id: nextId(),
        tenantId: row.tenantId,
        orderId: row.id,
        stage: h.stage,
        toStage: h.toStage,
        action: h.action,
        approved: h.approved ?? null,
        request: h.request ?? null,
        userId: h.by,
        role: h.role,
        comment: h.comment?.slice(0, 500) ?? null,
        attachments: h.attachments,
        subStatus: h.subStatus,
        dwellDays: h.dwellDays,
        version: h.version,
      });
      if (res.applied) await this.storeForm(tx, row, res.applied.form, res.applied.data, actor.userId);
      if (input.submissionId) {
        await tx.insert(epcOrderSubmission).values({ id: nextId(), tenantId: row.tenantId, orderId: row.id, submissionId: input.submissionId, stage: h.stage, action: h.action, version: next.version, userId: actor.userId });
      }
      for (const [i, e] of exts.entries()) {
        if (c && e.effect) await e.effect({ ...c, tx, hooks, before: row, next: updated[0]!, prepared: prepared[i] });
      }
      if (res.inbox.close) {
        // The stage's task is done by this step (approved, rejected or submitted); a cancelled order cancels it.
        const inbox = this.reads.deps.workflow().inbox;
        if (h.action === 'cancel') await inbox.cancelTasks(this.def.kind, row.id, `${h.action}:${h.stage}`, tx);
        else await inbox.completeTasks(this.def.kind, row.id, actor.userId, h.approved === true ? 'approve' : h.approved === false ? 'reject' : 'complete', tx);
      }
      if (res.inbox.open) await this.openTask(actor, tx, updated[0]!, res.inbox.open, lang);
      return updated[0]!;
    });
  }

  async storeForm(tx: Db, row: OrderRow, key: string, data: Rec, userId: string) {
    await tx
      .insert(epcOrderForm)
      .values({ id: nextId(), tenantId: row.tenantId, orderId: row.id, formKey: key, data, updateUser: userId })
      .onConflictDoUpdate({ target: [epcOrderForm.orderId, epcOrderForm.formKey], set: { data, updateUser: userId, updateTime: new Date() } });
  }

  /** The inbox task: assigned persons, else the company's staff with the role, else the tenant's role (alias). */
  async openTask(actor: Actor, tx: Db, row: OrderRow, spec: InboxTaskSpec, lang: Lang) {
    const users: string[] = [];
    const groups: string[] = [];
    for (const c of spec.candidates) {
      if (c.users.length) users.push(...c.users);
      else if (c.companyId) users.push(...(await staffWithRole(tx, c.companyId, c.role)));
      else groups.push(c.role);
    }
    await this.reads.deps.workflow().inbox.createTask(
      {
        tenantId: row.tenantId,
        kind: spec.kind,
        refId: row.id,
        elementId: spec.stage,
        name: `${row.orderNumber} ${spec.name[lang === 'en-US' ? 'en' : 'zh']}`,
        category: spec.step,
        formKey: `${spec.process}:${spec.stage}`,
        candidateUsers: [...new Set(users)],
        candidateGroups: [...new Set(groups)],
      },
      tx,
    );
    void actor;
  }

  /** Opens the first task of a new order (inside its create transaction). */
  async firstTask(actor: Actor, tx: Db, row: OrderRow, lang: Lang) {
    const spec = currentTask(this.def, row.state);
    if (spec) await this.openTask(actor, tx, row, spec, lang);
  }
}

/**
 * Installer orders: create, the page, the details, and the scoping every read and step shares. An agent's staff
 * (users of an agent company's department) see their company's orders only; other users of the tenant (platform
 * staff: finance, designers, administrators) see every order of the tenant; platform users see all. A hidden
 * order answers as a missing one. Steps on an order are `epc-order.steps.ts`.
 */
import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import type { ProcessDefinition } from '@helio/contracts/process/types';
import type { BodyOf } from '@helio/contracts/api/endpoint';
import type { OrderVO, insertOrder } from '@helio/contracts/modules/epc/order.api';
import type { Static } from 'typebox';
import { formatDateTime, timeZone } from '../../core/dates.js';
import { page } from '../../core/envelope.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import { tenantCondition } from '../../core/tenant.js';
import type { Db } from '../../db/client.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { customerForm } from '@helio/contracts/modules/epc/order.forms';
import { availableActions } from '@helio/contracts/process/view';
import { initialState, dwellDays, currentTask, formErrors } from '../../stage/index.js';
import { companyNames, ownCompanies, type AgentApi } from '../agent/index.js';
import { userNames } from '../user/index.js';
import type { StockApi } from '../stock/index.js';
import type { WorkflowApi } from '../workflow/index.js';
import { orderError, refusalError } from './epc-order.messages.js';
import { epcOrder, epcOrderForm, epcOrderHistory } from './epc-order.tables.js';
import { orderFiles } from './epc-order.files.js';

export type OrderRow = typeof epcOrder.$inferSelect;
export type OrderVo = Static<typeof OrderVO>;
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** An order number as `create` makes them: a three-letter prefix, yyMMdd and six digits of the id. */
const WHOLE_NUMBER = /^[A-Za-z]{3}\d{12}$/;
/** The start of one (the prefix and some digits: an order's month, `EPC2605`). */
const NUMBER_START = /^[A-Za-z]{3}\d{0,11}$/;

/**
 * The order-number filter ("contains", as Blade's). Letters stand only at the start of an order number, so text that is
 * one's start can match only there: a whole number is an equality, a start narrows the order-number index to its range
 * (the contains test kept for exactness) — instead of scanning the list index (PGlite has no trigram index).
 */
function numberFilter(num: string): SQL {
  const upper = num.toUpperCase();
  if (WHOLE_NUMBER.test(num)) return eq(epcOrder.orderNumber, upper);
  const contains = ilike(epcOrder.orderNumber, like(num));
  if (!NUMBER_START.test(num)) return contains;
  return and(sql`${epcOrder.orderNumber} BETWEEN ${upper} AND ${upper.padEnd(15, '9')}`, contains)!;
}
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export interface OrderDeps {
  agent: () => AgentApi;
  workflow: () => WorkflowApi;
  stock: () => StockApi;
}

/** The role codes an actor acts with: its role aliases, and `administrator` for an administrator. */
export function actorRoles(actor: Actor): string[] {
  return [...new Set([...actor.roleAliases, ...(actor.isAdministrator ? ['administrator'] : [])])];
}

/**
 * The role codes an actor acts with on one order: a company-scoped role (the agent roles) counts only for staff of
 * the order's own company (`companies`: the actor's, from `OrderReads.companies`); tenant roles count everywhere.
 */
export function orderRoles(actor: Actor, agentId: string | null | undefined, companies: readonly string[] | undefined, def: ProcessDefinition = EPC_ORDER_PROCESS): string[] {
  return actorRoles(actor).filter((r) => {
    const spec = (def.roles as Record<string, { scope: string } | undefined>)[r];
    if (!spec || spec.scope !== 'company') return true;
    return !!agentId && !!companies?.includes(agentId);
  });
}

/**
 * The reads of one order definition's orders (the installer order's by default; maintenance orders share the tables
 * with their own definition, `process` telling them apart): every read and step of this instance sees only its own.
 */
export class OrderReads {
  constructor(
    readonly ctx: ModuleContext,
    readonly deps: OrderDeps,
    readonly def: ProcessDefinition = EPC_ORDER_PROCESS,
    /** The order number's prefix (EPC…, MNT…). */
    readonly numberPrefix = 'EPC',
  ) {}

  /** The actor's role codes on one order of this definition. */
  roles(actor: Actor, agentId: string | null | undefined, companies: readonly string[] | undefined): string[] {
    return orderRoles(actor, agentId, companies, this.def);
  }

  /** The agent companies the actor is staff of (undefined: not agent staff, sees the tenant's orders). */
  async companies(actor: Actor, db: Db = this.ctx.db): Promise<string[] | undefined> {
    if (actor.isAdministrator) return undefined;
    return ownCompanies(db, actor);
  }

  /** Tenant and agent scoping of the order table for this actor. */
  async scope(actor: Actor, db: Db = this.ctx.db): Promise<SQL> {
    const own = await this.companies(actor, db);
    return and(eq(epcOrder.isDeleted, 0), eq(epcOrder.process, this.def.id), tenantCondition(epcOrder.tenantId, actor), own ? inArray(epcOrder.agentId, own) : undefined)!;
  }

  /** A visible order (locked for update inside a step), else "no such order". */
  async load(actor: Actor, rawId: unknown, lang: Lang, db: Db = this.ctx.db, lock = false): Promise<OrderRow> {
    const id = String(rawId ?? '');
    if (!isId(id)) throw orderError(lang, 'orderNotFound');
    const q = db.select().from(epcOrder).where(and(eq(epcOrder.id, id), await this.scope(actor, db)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw orderError(lang, 'orderNotFound');
    return row;
  }

  /** The order's stage forms by key. */
  async data(db: Db, orderId: string): Promise<Record<string, Record<string, unknown>>> {
    const rows = await db.select({ key: epcOrderForm.formKey, data: epcOrderForm.data }).from(epcOrderForm).where(eq(epcOrderForm.orderId, orderId));
    return Object.fromEntries(rows.map((r) => [r.key, r.data]));
  }

  async agentNames(db: Db, ids: string[]): Promise<Map<string, string>> {
    return companyNames(db, ids);
  }

  vo(row: OrderRow, lang: Lang, agentName: string | null = null): OrderVo {
    const st = this.def.stage(row.stage);
    const dwell = dwellDays(this.def, row.state, new Date(), timeZone());
    return {
      id: row.id,
      process: row.process,
      orderNumber: row.orderNumber,
      agentId: row.agentId ?? null,
      agentName,
      customerName: row.customerName,
      customerPhone: row.customerPhone ?? null,
      projectType: row.projectType ?? null,
      stage: row.stage,
      stageName: st ? st.name[lang === 'en-US' ? 'en' : 'zh'] : row.stage,
      subStatus: row.subStatus ?? null,
      inReview: row.inReview,
      pending: row.pending ?? null,
      version: row.version,
      dwellDays: dwell.current,
      totalDays: dwell.total,
      createTime: formatDateTime(row.createTime) ?? '',
      updateTime: formatDateTime(row.updateTime) ?? '',
    };
  }

  async voOf(row: OrderRow, lang: Lang, db: Db = this.ctx.db): Promise<OrderVo> {
    return this.vo(row, lang, (await this.agentNames(db, row.agentId ? [row.agentId] : [])).get(row.agentId ?? '') ?? null);
  }

  /** The page; `extra` narrows it further (a kind's own filters, e.g. maintenance's fee type). */
  async page(actor: Actor, q: Record<string, unknown>, lang: Lang, extra?: SQL) {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const where: (SQL | undefined)[] = [await this.scope(actor), extra];
    const num = text(q.orderNumber);
    const name = text(q.customerName);
    const stage = text(q.stage);
    const agentId = text(q.agentId);
    // A whole order number (every one is three letters and twelve digits) is contained only in itself: the unique
    // index finds it, where a part of one needs the list index scanned (or the trigram index on PostgreSQL).
    if (num) where.push(numberFilter(num));
    // Text without letter case (Chinese names) needs no case folding: LIKE skips lowering every row, which ILIKE does.
    if (name) where.push(name.toLowerCase() === name.toUpperCase() ? sql`${epcOrder.customerName} LIKE ${like(name)}` : ilike(epcOrder.customerName, like(name)));
    if (stage) where.push(eq(epcOrder.stage, stage));
    if (agentId) where.push(isId(agentId) ? eq(epcOrder.agentId, agentId) : sql`FALSE`);
    if (text(q.mine) === '1' || text(q.mine) === 'true') {
      where.push(this.deps.workflow().inbox.openTaskFor(this.def.kind, epcOrder.id, actor.userId, actor.roleAliases));
    }
    const cond = and(...where);
    // The page's ids first: every filter column is in helio_epc_order_list_idx, so this reads the index only (newest
    // first, stopping after the page), never the rows with their stage-engine state; then those rows by id.
    const ids = (await this.ctx.db.select({ id: epcOrder.id }).from(epcOrder).where(cond).orderBy(desc(epcOrder.createTime), desc(epcOrder.id)).limit(p.size).offset(p.offset)).map((r) => r.id);
    const byId = new Map((ids.length ? await this.ctx.db.select().from(epcOrder).where(inArray(epcOrder.id, ids)) : []).map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id)).filter((r): r is OrderRow => !!r);
    // The total, exact: a page that is not full ends the list (an empty first page: none), so only a full page or an
    // empty one past the first needs the count.
    const ended = ids.length < p.size && (ids.length > 0 || p.offset === 0);
    const n = ended ? p.offset + ids.length : ((await this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(epcOrder).where(cond)) as [{ n: number }])[0].n;
    const names = await this.agentNames(this.ctx.db, rows.map((r) => r.agentId ?? ''));
    const sites = await this.siteAddresses(rows.map((r) => r.id));
    const named = new Map(rows.map((r) => [r.id, currentTask(this.def, r.state)?.candidates.flatMap((c) => c.users) ?? []]));
    const people = await userNames(this.ctx.db, [...new Set([...named.values()].flat())]);
    const vo = (r: OrderRow) => ({
      ...this.vo(r, lang, names.get(r.agentId ?? '') ?? null),
      siteAddress: sites.get(r.id) ?? null,
      processors: [...new Set(named.get(r.id)!)].map((u) => people.get(u) ?? u),
    });
    return page(rows.map(vo), Number(n), p.current, p.size);
  }

  /** The install site of each order (the customer form's detailed address, district and city). */
  private async siteAddresses(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.ctx.db.select({ id: epcOrderForm.orderId, data: epcOrderForm.data }).from(epcOrderForm).where(and(inArray(epcOrderForm.orderId, ids), eq(epcOrderForm.formKey, 'customer')));
    const at = (d: Record<string, unknown>) => {
      const area = (d.installAddress ?? {}) as Record<string, unknown>;
      return [d.address, area.district, area.city].map(text).filter(Boolean).join(', ');
    };
    return new Map(rows.map((r) => [r.id, at(r.data)]));
  }

  async detail(actor: Actor, orderId: unknown, lang: Lang) {
    const row = await this.load(actor, orderId, lang);
    const history = await this.ctx.db.select().from(epcOrderHistory).where(eq(epcOrderHistory.orderId, row.id)).orderBy(epcOrderHistory.version, epcOrderHistory.id);
    const users = [...new Set(history.map((h) => h.userId))];
    const names = await userNames(this.ctx.db, users);
    const roles = this.roles(actor, row.agentId, await this.companies(actor));
    const actions = availableActions(this.def, row.state, roles, actor.userId);
    const task = currentTask(this.def, row.state);
    const st8 = row.state;
    const data = await this.data(this.ctx.db, row.id);
    return {
      order: await this.voOf(row, lang),
      data,
      files: await orderFiles(this.ctx.db, row.tenantId, data),
      assignees: st8.assignees,
      pendingRequest: st8.pending ? { ...st8.pending } : null,
      dwell: dwellDays(this.def, st8, new Date(), timeZone()),
      history: history.map((h) => ({
        id: h.id,
        stage: h.stage,
        toStage: h.toStage,
        action: h.action,
        approved: h.approved ?? null,
        request: h.request ?? null,
        userId: h.userId,
        userName: names.get(h.userId) ?? null,
        role: h.role,
        comment: h.comment ?? null,
        attachments: h.attachments ?? [],
        subStatus: h.subStatus ?? null,
        dwellDays: h.dwellDays ?? null,
        version: h.version,
        createTime: formatDateTime(h.createTime) ?? '',
      })),
      actions: task ? [...actions] : [],
    };
  }

  async basic(actor: Actor, orderId: unknown, lang: Lang) {
    const row = await this.load(actor, orderId, lang);
    const data = await this.data(this.ctx.db, row.id);
    return { id: row.id, orderNumber: row.orderNumber, version: row.version, customer: data.customer ?? {} };
  }

  /** A stage form's stored data with the order. */
  async form(actor: Actor, orderId: unknown, key: string, lang: Lang) {
    const row = await this.load(actor, orderId, lang);
    const data = await this.data(this.ctx.db, row.id);
    return { order: await this.voOf(row, lang), form: data[key] ?? {} };
  }

  /** The stored data of a stage's form (this definition's form of that stage) with the order. */
  async stageForm(actor: Actor, orderId: unknown, stage: string, lang: Lang) {
    return this.form(actor, orderId, this.def.formOf(stage)?.key ?? stage, lang);
  }

  subStatuses(stage: string | undefined, lang: Lang) {
    const stages = stage ? this.def.stageIds.filter((s) => s === stage) : this.def.stageIds;
    return stages.flatMap((s) => (this.def.stage(s)!.subStatuses ?? []).map((x) => ({ stage: s, id: x.id, name: x.name[lang === 'en-US' ? 'en' : 'zh'] })));
  }

  /** A new order in `create` (its customer form stored, its first task opened); answers the row. */
  async create(actor: Actor, body: BodyOf<typeof insertOrder>, lang: Lang, tx: Db): Promise<OrderRow> {
    const invalid = formErrors(this.def.formOf(this.def.start) ?? customerForm, body.customer);
    if (invalid.length) throw refusalError(lang, invalid);
    const own = await this.companies(actor, tx);
    let agentId = body.agentId === undefined ? undefined : String(body.agentId);
    if (own) {
      if (agentId && !own.includes(agentId)) throw orderError(lang, 'notOwnCompany');
      agentId ??= own[0];
    }
    if (!agentId) throw orderError(lang, 'agentRequired');
    const company = await this.deps.agent().service.company(actor, agentId, tx);
    const now = new Date();
    const id = nextId();
    const state = initialState(this.def, { tenantId: company.tenantId, companyId: company.id, now });
    const c = body.customer as { name: string; phoneDiallingCode: string; phone: string; projectType: string };
    const stamp = now.toISOString().slice(2, 10).replaceAll('-', '');
    const [row] = await tx
      .insert(epcOrder)
      .values({
        id,
        tenantId: company.tenantId,
        orderNumber: `${this.numberPrefix}${stamp}${id.slice(-6)}`,
        agentId: company.id,
        customerName: c.name,
        customerPhone: `${c.phoneDiallingCode} ${c.phone}`.slice(0, 32),
        projectType: c.projectType,
        process: this.def.id,
        stage: state.stage,
        subStatus: state.subStatus,
        state,
        stageEnteredAt: now,
        version: state.version,
        createUser: actor.userId,
        updateUser: actor.userId,
      })
      .returning();
    await tx.insert(epcOrderForm).values({ id: nextId(), tenantId: company.tenantId, orderId: id, formKey: 'customer', data: body.customer as Record<string, unknown>, updateUser: actor.userId });
    return row!;
  }
}

/**
 * Maintenance orders' own reads and the call-in: the list (the shared order page narrowed to maintenance, with the
 * call-in's columns), a call-in becoming an order (its station, device, alarm and original order checked; the agent in
 * charge from the station's operation company when the caller names none), the site's history and the order an alarm
 * opened. Steps are the shared ones (`OrderKind.steps`).
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { MaintOrderVO } from '@helio/contracts/modules/epc/maint.api';
import { formatDateTime, parseDateTime } from '../../core/dates.js';
import type { Lang } from '../../core/i18n.js';
import { isId } from '../../core/ids.js';
import { tenantCondition } from '../../core/tenant.js';
import { alarm, device, plant } from '../../db/schema-device.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { companiesOfDepts } from '../agent/index.js';
import { epcOrder, pointOf, type OrderKind, type OrderRow } from '../epc-order/index.js';
import type { GeoPoint } from '@helio/contracts/modules/epc/geo';
import { plantWhere } from '../station/index.js';
import { today, warrantyProblem } from './maintenance.extension.js';
import { maintError } from './maintenance.messages.js';
import { maintOrder } from './maintenance.tables.js';

export type MaintVo = Static<typeof MaintOrderVO>;
type Rec = Record<string, unknown>;
const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const opt = (v: unknown) => str(v) || undefined;

export class MaintOrders {
  constructor(
    readonly ctx: ModuleContext,
    /** Maintenance orders' reads and steps (the shared order tables, `maint_order`). */
    readonly kind: OrderKind,
    /** Installer orders' reads (the original installation of a call-in). */
    readonly installs: OrderKind['reads'],
  ) {}

  get reads() {
    return this.kind.reads;
  }

  /** The call-in's columns added to order rows. */
  async withCallIn(rows: { id: string }[], base: Map<string, Omit<MaintVo, keyof typeof MAINT_EXTRA>>): Promise<MaintVo[]> {
    const ids = rows.map((r) => r.id);
    const extra = ids.length ? await this.ctx.db.select().from(maintOrder).where(inArray(maintOrder.orderId, ids)) : [];
    const byId = new Map(extra.map((m) => [String(m.orderId), m]));
    const stations = [...new Set(extra.map((m) => m.stationId).filter((s): s is string => !!s))];
    const names = stations.length ? new Map((await this.ctx.db.select({ id: plant.id, name: plant.plantName }).from(plant).where(inArray(plant.id, stations))).map((p) => [String(p.id), p.name])) : new Map<string, string>();
    return rows.map((r) => {
      const m = byId.get(r.id);
      return {
        ...base.get(r.id)!,
        callInTime: formatDateTime(m?.callInTime) ?? null,
        feeType: m?.feeType ?? null,
        stationId: m?.stationId ?? null,
        stationName: m?.stationId ? (names.get(m.stationId) ?? null) : null,
        deviceSn: m?.deviceSn ?? null,
        alarmId: m?.alarmId ?? null,
        installOrderId: m?.installOrderId ?? null,
        workOrderNumber: m?.workOrderNumber ?? null,
        firstVisitAt: formatDateTime(m?.firstVisitAt) ?? null,
        closedAt: formatDateTime(m?.closedAt) ?? null,
      };
    });
  }

  async vo(row: OrderRow, lang: Lang): Promise<MaintVo> {
    const base = await this.reads.voOf(row, lang);
    return (await this.withCallIn([row], new Map([[row.id, base]])))[0]!;
  }

  /** The list: the shared order page over maintenance orders, narrowed by fee type or device serial. */
  async page(actor: Actor, q: Rec, lang: Lang) {
    const fee = opt(q.feeType);
    const sn = opt(q.deviceSn);
    const narrowed = [fee ? eq(maintOrder.feeType, fee) : undefined, sn ? eq(maintOrder.deviceSn, sn) : undefined].filter(Boolean) as SQL[];
    const extra = narrowed.length ? inArray(epcOrder.id, this.ctx.db.select({ id: maintOrder.orderId }).from(maintOrder).where(and(...narrowed))) : undefined;
    const p = await this.reads.page(actor, q, lang, extra);
    const base = new Map(p.records.map((r) => [r.id, r]));
    return { ...p, records: await this.withCallIn(p.records, base) };
  }

  /** Checks a call-in's references and finds the agent in charge; answers the station's tenant-visible row. */
  private async references(actor: Actor, c: Rec, lang: Lang) {
    const stationId = opt(c.stationId);
    const sn = opt(c.deviceSn);
    let station: { id: string; operationCompanyId: string | null; point: GeoPoint | null } | null = null;
    if (stationId) {
      const [p] = await this.ctx.db
        .select({ id: plant.id, operationCompanyId: plant.operationCompanyId, latitude: plant.latitude, longitude: plant.longitude })
        .from(plant)
        .where(and(eq(plant.id, stationId), plantWhere(actor)));
      if (!p) throw maintError(lang, 'stationNotFound');
      station = { id: String(p.id), operationCompanyId: p.operationCompanyId ? String(p.operationCompanyId) : null, point: pointOf({ latitude: p.latitude, longitude: p.longitude }) };
      if (sn) {
        const [d] = await this.ctx.db.select({ id: device.id }).from(device).where(and(eq(device.plantId, stationId), eq(device.deviceSn, sn), eq(device.isDeleted, 0)));
        if (!d) throw maintError(lang, 'deviceNotAtStation', { sn });
      }
    }
    const alarmId = opt(c.alarmId);
    if (alarmId) {
      const [a] = await this.ctx.db
        .select({ id: alarm.id, plantId: alarm.plantId, sn: alarm.deviceSn })
        .from(alarm)
        .where(and(eq(alarm.id, alarmId), eq(alarm.isDeleted, 0), tenantCondition(alarm.tenantId, actor)));
      if (!a || (stationId && String(a.plantId) !== stationId) || (sn && a.sn !== sn)) throw maintError(lang, 'alarmNotFound');
      const taken = await this.byAlarm(actor, alarmId, lang);
      if (taken) throw maintError(lang, 'alarmHasOrder', { orderNumber: taken.orderNumber });
    }
    const installOrderId = opt(c.installOrderId);
    if (installOrderId) await this.installs.load(actor, installOrderId, lang).catch(() => Promise.reject(maintError(lang, 'installOrderNotFound')));
    return station;
  }

  /** A call-in becomes an order (in `create`; `submit` submits it too). */
  async create(actor: Actor, body: { agentId?: string | number | undefined; customer: Rec; submit?: boolean | undefined }, lang: Lang): Promise<OrderRow> {
    const c = obj(body.customer);
    // The warranty rule of a free fee type holds for the call-in itself, draft or not: refused before anything is written.
    const warranty = warrantyProblem({ customer: c }, 'create');
    if (warranty) throw warranty.key === 'freeWarrantyExpired' ? maintError(lang, warranty.key, { date: warranty.date }) : maintError(lang, warranty.key);
    const station = await this.references(actor, c, lang);
    // The site of a station's call-in is the station's map point unless the caller gave one: the EHS at the site is
    // checked against it (an order without one cannot pass its EHS).
    const customer = !pointOf(c.location) && station?.point ? { ...c, location: station.point } : c;
    let agentId = body.agentId === undefined ? undefined : String(body.agentId);
    if (!agentId && !(await this.reads.companies(actor))) {
      agentId = station?.operationCompanyId ? (await companiesOfDepts(this.ctx.db, [station.operationCompanyId])).get(station.operationCompanyId)?.id : undefined;
      if (!agentId) throw maintError(lang, 'agentRequired');
    }
    const row = await this.ctx.tx(async (tx, hooks) => {
      const created = await this.reads.create(actor, { customer, ...(agentId ? { agentId } : {}) }, lang, tx);
      const callIn = parseDateTime(str(c.callInTime))?.getTime() ?? NaN;
      await tx.insert(maintOrder).values({
        orderId: created.id,
        tenantId: created.tenantId,
        agentId: created.agentId,
        callInTime: Number.isFinite(callIn) ? new Date(callIn) : new Date(),
        feeType: str(c.feeType),
        stationId: station?.id ?? null,
        deviceSn: opt(c.deviceSn) ?? null,
        alarmId: opt(c.alarmId) ?? null,
        installOrderId: opt(c.installOrderId) ?? null,
        workOrderNumber: opt(c.workOrderNumber) ?? null,
      });
      await this.kind.steps.firstTask(actor, tx, created, lang);
      const alarmId = opt(c.alarmId);
      if (alarmId) {
        const opened = { alarmId, tenantId: created.tenantId, orderId: created.id, orderNumber: created.orderNumber, userId: actor.userId };
        hooks.afterCommit(() => this.ctx.events.emit('maintenance.opened', opened));
      }
      return created;
    });
    if (!body.submit) return row;
    return this.kind.steps.act(actor, row.id, { stage: 'create', action: 'submit', version: row.version }, lang);
  }

  /** A site's maintenance orders (by station, serial or installation order), newest first, at most 100. */
  async history(actor: Actor, q: { stationId?: string | undefined; sn?: string | undefined; installOrderId?: string | undefined }, lang: Lang): Promise<MaintVo[]> {
    const by = [q.stationId ? eq(maintOrder.stationId, q.stationId) : undefined, q.sn ? eq(maintOrder.deviceSn, q.sn) : undefined, q.installOrderId ? eq(maintOrder.installOrderId, q.installOrderId) : undefined].filter(Boolean) as SQL[];
    if (!by.length) throw maintError(lang, 'historyEmpty');
    const rows = await this.ctx.db
      .select({ order: epcOrder })
      .from(maintOrder)
      .innerJoin(epcOrder, eq(epcOrder.id, maintOrder.orderId))
      .where(and(sql`(${sql.join(by, sql` OR `)})`, await this.reads.scope(actor)))
      .orderBy(desc(maintOrder.callInTime))
      .limit(100);
    const names = await this.reads.agentNames(this.ctx.db, rows.map((r) => r.order.agentId ?? ''));
    const base = new Map(rows.map((r) => [r.order.id, this.reads.vo(r.order, lang, names.get(r.order.agentId ?? '') ?? null)]));
    return this.withCallIn(rows.map((r) => r.order), base);
  }

  /** The order an alarm opened, when the caller may see it. */
  async byAlarm(actor: Actor, alarmId: string, lang: Lang) {
    if (!isId(alarmId)) return null;
    const [r] = await this.ctx.db
      .select({ id: epcOrder.id, orderNumber: epcOrder.orderNumber, stage: epcOrder.stage })
      .from(maintOrder)
      .innerJoin(epcOrder, eq(epcOrder.id, maintOrder.orderId))
      .where(and(eq(maintOrder.alarmId, alarmId), await this.reads.scope(actor), sql`${epcOrder.stage} <> 'cancelled'`))
      .orderBy(desc(maintOrder.createTime))
      .limit(1);
    if (!r) return null;
    const st = this.reads.def.stage(r.stage);
    return { id: r.id, orderNumber: r.orderNumber, stage: r.stage, stageName: st ? st.name[lang === 'en-US' ? 'en' : 'zh'] : r.stage };
  }

  /** Today, for the warranty checks (exported for the look-ups). */
  today(): string {
    return today();
  }
}

/** The call-in columns a maintenance row adds to the order's. */
export const MAINT_EXTRA = {
  callInTime: 1,
  feeType: 1,
  stationId: 1,
  stationName: 1,
  deviceSn: 1,
  alarmId: 1,
  installOrderId: 1,
  workOrderNumber: 1,
  firstVisitAt: 1,
  closedAt: 1,
} as const;

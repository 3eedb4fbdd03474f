/**
 * An installer order's shipments (issue 19; epc-order.shipment.tables.ts): the material screen's lines (what the stock
 * audit confirmed, what the order's number still holds in stock, shipped, unshipped and the serials that may be
 * picked), the check of a shipment against what is left to ship, and the shipment rows' writes inside the order's
 * step transaction (draft, shipped with the stock ledger's issue, signed, lost or damaged, cancelled).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Lang } from '../../core/i18n.js';
import { formatDateTime } from '../../core/dates.js';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import type { Actor, TxHooks } from '../../kernel/types.js';
import { heldFor, issueForReference, serialChoices } from '../stock/index.js';
import { userNames } from '../user/index.js';
import { installError } from './epc-order.install.messages.js';
import type { OrderReads, OrderRow } from './epc-order.service.js';
import { epcOrderShipment, type ShipmentLine } from './epc-order.shipment.tables.js';

type Rec = Record<string, unknown>;
type ShipmentRow = typeof epcOrderShipment.$inferSelect;
const arr = (v: unknown): Rec[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Rec[]) : []);
/** States whose goods reached (or are on the way to) the site: they count as shipped. */
const OUT = ['shipped', 'signed'];

export async function shipmentsOf(db: Db, orderId: string): Promise<ShipmentRow[]> {
  return db.select().from(epcOrderShipment).where(eq(epcOrderShipment.orderId, orderId)).orderBy(desc(epcOrderShipment.seq));
}

/** The order's material by SKU: the stock audit's confirmed lines (else the design's BOM). */
export function orderedLines(data: Rec): Map<string, number> {
  const audit = arr((data.stockAudit as Rec | undefined)?.lines);
  const source = audit.length ? audit : arr((data.design as Rec | undefined)?.materials);
  const out = new Map<string, number>();
  for (const l of source) out.set(String(l.sku ?? ''), (out.get(String(l.sku ?? '')) ?? 0) + Number(l.quantity ?? 0));
  return out;
}

function shippedBySku(rows: readonly ShipmentRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) if (OUT.includes(r.state)) for (const l of r.lines) out.set(l.sku, (out.get(l.sku) ?? 0) + l.quantity);
  return out;
}

/** What is left to ship, by SKU (lost or damaged shipments do not count: they are shipped again). */
export function outstanding(data: Rec, rows: readonly ShipmentRow[]): Map<string, number> {
  const shipped = shippedBySku(rows);
  return new Map([...orderedLines(data)].map(([sku, q]) => [sku, Math.max(0, q - (shipped.get(sku) ?? 0))]));
}

/** A shipment's lines from the form, each SKU once. */
export function formLines(form: unknown, lang: Lang): ShipmentLine[] {
  const lines = arr((form as Rec | undefined)?.lines).map((l) => ({ sku: String(l.sku ?? ''), quantity: Number(l.quantity ?? 0), serials: Array.isArray(l.serials) ? l.serials.map(String) : [] }));
  const seen = new Set<string>();
  for (const l of lines) {
    if (seen.has(l.sku)) throw installError(lang, 'lineTwice', { sku: l.sku });
    seen.add(l.sku);
  }
  return lines;
}

/** A shipment must carry exactly what is left to ship, of the order's own items. */
export function checkShipment(lines: readonly ShipmentLine[], left: Map<string, number>, lang: Lang): void {
  if (![...left.values()].some((q) => q > 0)) throw installError(lang, 'nothingReserved');
  for (const l of lines) {
    if (!left.has(l.sku)) throw installError(lang, 'lineNotOrdered', { sku: l.sku });
    if (l.quantity > left.get(l.sku)!) throw installError(lang, 'lineTooMany', { sku: l.sku, left: left.get(l.sku)! });
  }
  for (const [sku, q] of left) {
    const l = lines.find((x) => x.sku === sku);
    if (q > 0 && (!l || l.quantity < q)) throw installError(lang, 'lineMissing', { sku, left: q });
  }
}

export async function shipmentVOs(db: Db, rows: readonly ShipmentRow[]) {
  const names = await userNames(db, [...new Set(rows.flatMap((r) => [r.shippedBy, r.signedBy, r.closedBy]).filter((u): u is string => !!u))]);
  const who = (u: string | null) => (u ? (names.get(u) ?? u) : null);
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    state: r.state as 'unshipped' | 'shipped' | 'signed' | 'cancelled' | 'loss_damage',
    lines: r.lines.map((l) => ({ sku: l.sku, quantity: l.quantity, serials: l.serials ?? [] })),
    deliveryNumber: r.deliveryNumber ?? null,
    shippedBy: who(r.shippedBy),
    shippedAt: formatDateTime(r.shippedAt),
    signedBy: who(r.signedBy),
    signature: r.signature ?? null,
    signedAt: r.signedAt ?? null,
    lossReason: r.lossReason ?? null,
    lossPhotos: r.lossPhotos ?? [],
    closedBy: who(r.closedBy),
    closedAt: formatDateTime(r.closedAt),
    createTime: formatDateTime(r.createTime) ?? '',
    version: r.version,
  }));
}

/** The material screens' data: lines (ordered, reserved, shipped, unshipped, serial choices), the open shipment, all. */
export async function materialData(reads: OrderReads, actor: Actor, orderId: unknown, formKey: string, lang: Lang) {
  const row = await reads.load(actor, orderId, lang);
  const db = reads.ctx.db;
  const data = await reads.data(db, row.id);
  const rows = await shipmentsOf(db, row.id);
  const held = await heldFor(db, row.tenantId, row.orderNumber);
  const choices = await serialChoices(db, row.tenantId, held.filter((h) => h.serialTracked).map((h) => h.skuId), row.orderNumber);
  const shipped = shippedBySku(rows);
  const left = outstanding(data, rows);
  const names = new Map(arr((data.design as Rec | undefined)?.materials).map((m) => [String(m.sku), typeof m.name === 'string' ? m.name : null]));
  const lines = [...orderedLines(data)].map(([sku, ordered]) => {
    const h = held.find((x) => x.sku === sku);
    return { sku, name: h?.name ?? names.get(sku) ?? null, serialTracked: h?.serialTracked ?? false, ordered, reserved: h?.quantity ?? 0, shipped: shipped.get(sku) ?? 0, unshipped: left.get(sku) ?? 0, serialChoices: h ? (choices.get(h.skuId) ?? []) : [] };
  });
  const vos = await shipmentVOs(db, rows);
  const current = vos.find((s) => s.state === 'unshipped' || s.state === 'shipped') ?? null;
  return { order: await reads.voOf(row, lang), form: (data[formKey] ?? {}) as Rec, lines, current, shipments: vos };
}

export async function shipmentHistory(reads: OrderReads, actor: Actor, orderId: unknown, lang: Lang) {
  const row = await reads.load(actor, orderId, lang);
  return shipmentVOs(reads.ctx.db, await shipmentsOf(reads.ctx.db, row.id));
}

/** Writes of a step on the install stages, in the step's transaction. */
export const shipmentWrites = {
  /** The open (unshipped) shipment with these lines: a draft. */
  async draft(tx: Db, order: OrderRow, lines: ShipmentLine[], deliveryNumber: string | null) {
    const rows = await shipmentsOf(tx, order.id);
    const open = rows.find((r) => r.state === 'unshipped');
    if (open) {
      await tx.update(epcOrderShipment).set({ lines, deliveryNumber, version: open.version + 1, updateTime: new Date() }).where(eq(epcOrderShipment.id, open.id));
      return open.id;
    }
    const id = nextId();
    await tx.insert(epcOrderShipment).values({ id, tenantId: order.tenantId, orderId: order.id, seq: (rows[0]?.seq ?? 0) + 1, state: 'unshipped', lines, deliveryNumber });
    return id;
  },
  /** Ships: the stock ledger issues the lines under the order number, the shipment becomes `shipped`. */
  async ship(tx: Db, hooks: TxHooks, actor: Actor, reads: OrderReads, order: OrderRow, lines: ShipmentLine[], deliveryNumber: string | null, lang: Lang) {
    const id = await this.draft(tx, order, lines, deliveryNumber);
    const movements = await issueForReference(tx, hooks, actor, reads.deps.stock().ledger, order.tenantId, lines, order.orderNumber, lang);
    await tx.update(epcOrderShipment).set({ state: 'shipped', movements, shippedBy: actor.userId, shippedAt: new Date(), version: 2, updateTime: new Date() }).where(eq(epcOrderShipment.id, id));
  },
  /** The shipment on its way, for signing or loss. */
  async onItsWay(tx: Db, order: OrderRow, lang: Lang): Promise<ShipmentRow> {
    const [row] = await tx.select().from(epcOrderShipment).where(and(eq(epcOrderShipment.orderId, order.id), eq(epcOrderShipment.state, 'shipped'))).orderBy(desc(epcOrderShipment.seq)).limit(1);
    if (!row) throw installError(lang, 'noShipment');
    return row;
  },
  async sign(tx: Db, actor: Actor, order: OrderRow, form: Rec, lang: Lang) {
    const s = await this.onItsWay(tx, order, lang);
    await tx
      .update(epcOrderShipment)
      .set({ state: 'signed', signedBy: actor.userId, signature: String(form.signature ?? ''), signedAt: String(form.signedAt ?? ''), version: s.version + 1, updateTime: new Date() })
      .where(and(eq(epcOrderShipment.id, s.id), eq(epcOrderShipment.version, s.version)));
  },
  async loss(tx: Db, actor: Actor, order: OrderRow, reason: string, photos: string[], lang: Lang) {
    const s = await this.onItsWay(tx, order, lang);
    await tx
      .update(epcOrderShipment)
      .set({ state: 'loss_damage', lossReason: reason.slice(0, 500), lossPhotos: photos, closedBy: actor.userId, closedAt: new Date(), version: s.version + 1, updateTime: new Date() })
      .where(and(eq(epcOrderShipment.id, s.id), eq(epcOrderShipment.version, s.version)));
  },
  /** The order is cancelled: a shipment not yet shipped is cancelled with it. */
  async cancel(tx: Db, actor: Actor, order: OrderRow) {
    await tx
      .update(epcOrderShipment)
      .set({ state: 'cancelled', closedBy: actor.userId, closedAt: new Date(), updateTime: new Date() })
      .where(and(eq(epcOrderShipment.orderId, order.id), inArray(epcOrderShipment.state, ['unshipped'])));
  },
};

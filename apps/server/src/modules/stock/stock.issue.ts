/**
 * Issuing stock against a neighbour's reservation (an installer order's shipment, issue 19), inside the neighbour's
 * transaction: each line is issued from what `reference` still holds in each warehouse (reservation consumed,
 * balance down), and what the reservation no longer covers (a reshipment after a loss) from what is available there.
 * A serial-tracked line names its serials; each must be in stock (or reserved for `reference`) and is issued from its
 * own warehouse, ending `shipped` with the reference as its order. Also the reads the shipment screens need: what a
 * reference holds, per SKU, and the serials that may be picked. Every write goes through the ledger (`recordIn`).
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import type { Actor, TxHooks } from '../../kernel/types.js';
import type { StockLedger } from './stock.ledger.js';
import { serialStatusName, stockError } from './stock.messages.js';
import { moveSerials, normaliseSerials } from './stock.serials.js';
import { sku, stockBalance, stockMovement, stockSerial } from './stock.tables.js';

export interface IssueLine {
  /** The SKU code. */
  sku: string;
  quantity: number;
  serials?: readonly string[] | undefined;
}

export interface HeldLine {
  skuId: string;
  sku: string;
  name: string | null;
  serialTracked: boolean;
  /** What the reference still holds, every warehouse. */
  quantity: number;
}

/** Held per SKU and warehouse by `reference`: its reservations net of releases and issues from reserve. */
async function heldRows(db: Db, tenantId: string, reference: string, skuId?: string) {
  const rows = await db
    .select({
      skuId: stockMovement.skuId,
      warehouseId: stockMovement.warehouseId,
      qty: sql<number>`SUM(CASE WHEN ${stockMovement.movementType} = 'reserve' THEN ${stockMovement.quantity}
          WHEN ${stockMovement.movementType} = 'release' OR (${stockMovement.movementType} = 'issue' AND ${stockMovement.fromReserved} = 1) THEN -${stockMovement.quantity}
          ELSE 0 END)::int`,
    })
    .from(stockMovement)
    .where(and(eq(stockMovement.tenantId, tenantId), eq(stockMovement.reference, reference), eq(stockMovement.cancelled, 0), skuId ? eq(stockMovement.skuId, skuId) : undefined))
    .groupBy(stockMovement.skuId, stockMovement.warehouseId)
    .orderBy(stockMovement.warehouseId);
  return rows.map((r) => ({ skuId: r.skuId, warehouseId: r.warehouseId, qty: Math.max(0, Number(r.qty)) }));
}

/** What `reference` holds, per SKU of the tenant (SKUs it held once and holds no more answer 0). */
export async function heldFor(db: Db, tenantId: string, reference: string): Promise<HeldLine[]> {
  const rows = await heldRows(db, tenantId, reference);
  const ids = [...new Set(rows.map((r) => r.skuId))];
  if (!ids.length) return [];
  const items = await db.select({ id: sku.id, code: sku.sku, name: sku.skuName, serialTracked: sku.serialTracked }).from(sku).where(inArray(sku.id, ids));
  return items.map((i) => ({ skuId: i.id, sku: i.code, name: i.name ?? null, serialTracked: i.serialTracked === 1, quantity: rows.filter((r) => r.skuId === i.id).reduce((n, r) => n + r.qty, 0) }));
}

/** Serials of these SKUs a shipment under `reference` may pick: in stock, or reserved for it (at most `limit` each). */
export async function serialChoices(db: Db, tenantId: string, skuIds: readonly string[], reference: string, limit = 200): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!skuIds.length) return out;
  const rows = await db
    .select({ skuId: stockSerial.skuId, serial: stockSerial.serial })
    .from(stockSerial)
    .where(and(eq(stockSerial.tenantId, tenantId), inArray(stockSerial.skuId, [...skuIds]), or(eq(stockSerial.status, 'in_stock'), and(eq(stockSerial.status, 'reserved'), eq(stockSerial.orderRef, reference)))))
    .orderBy(stockSerial.serial);
  for (const r of rows) {
    const list = out.get(r.skuId) ?? [];
    if (list.length < limit) list.push(r.serial);
    out.set(r.skuId, list);
  }
  return out;
}

/**
 * Issues every line for `reference` (the movements' reference), inside the caller's transaction; answers the
 * movements written. Refused (the caller's transaction rolls back) when a line's SKU, serials or stock fall short.
 */
export async function issueForReference(tx: Db, hooks: TxHooks, actor: Actor, ledger: StockLedger, tenantId: string, lines: readonly IssueLine[], reference: string, lang: Lang): Promise<string[]> {
  const ids: string[] = [];
  for (const line of lines) {
    const [item] = await tx
      .select({ id: sku.id, tenantId: sku.tenantId, serialTracked: sku.serialTracked })
      .from(sku)
      .where(and(eq(sku.sku, line.sku), eq(sku.isDeleted, 0), eq(sku.tenantId, tenantId)));
    if (!item) throw stockError(lang, 'skuNotFound');
    const held = await heldRows(tx, item.tenantId, reference, item.id);
    const issue = async (warehouseId: string, quantity: number, fromReserved: boolean, serials: string[] = []) => {
      if (quantity <= 0) return;
      ids.push(await ledger.recordIn(tx, hooks, actor, { movementType: 'issue', skuId: item.id, warehouseId, quantity, reference, serials, fromReserved }, lang));
    };
    if (item.serialTracked !== 1) {
      let left = line.quantity;
      for (const h of held) {
        const take = Math.min(left, h.qty);
        await issue(h.warehouseId, take, true);
        left -= take;
      }
      // Not (or no longer) reserved: from what is available, the warehouse that held it first.
      if (left > 0) await issue(held[0]?.warehouseId ?? (await anyWarehouse(tx, item.tenantId, item.id)) ?? '', left, false);
      continue;
    }
    const serials = normaliseSerials(line.serials ? [...line.serials] : [], lang);
    if (serials.length !== line.quantity) throw stockError(lang, 'serialsCount', { count: serials.length, quantity: line.quantity });
    const found = serials.length
      ? await tx.select({ serial: stockSerial.serial, warehouseId: stockSerial.warehouseId, status: stockSerial.status, orderRef: stockSerial.orderRef }).from(stockSerial).where(and(eq(stockSerial.tenantId, item.tenantId), eq(stockSerial.skuId, item.id), inArray(stockSerial.serial, serials)))
      : [];
    const byWarehouse = new Map<string, { reserved: string[]; free: string[] }>();
    for (const sn of serials) {
      const f = found.find((x) => x.serial === sn);
      const mine = f && (f.status === 'in_stock' || (f.status === 'reserved' && f.orderRef === reference));
      if (!f || !mine) throw stockError(lang, 'serialNotAvailable', { sn, status: serialStatusName(lang, 'in_stock') });
      const group = byWarehouse.get(f.warehouseId) ?? { reserved: [], free: [] };
      (f.status === 'reserved' ? group.reserved : group.free).push(sn);
      byWarehouse.set(f.warehouseId, group);
    }
    for (const [warehouseId, g] of byWarehouse) {
      const room = held.find((h) => h.warehouseId === warehouseId)?.qty ?? 0;
      const all = [...g.reserved, ...g.free];
      const fromHeld = all.slice(0, room);
      const rest = all.slice(room);
      // The reservation was booked by quantity: the picked units become this reference's before they leave it.
      const toReserve = fromHeld.filter((sn) => g.free.includes(sn));
      await moveSerials(tx, lang, { tenantId: item.tenantId, skuId: item.id, warehouseId }, toReserve, 'in_stock', 'reserved', reference);
      await issue(warehouseId, fromHeld.length, true, fromHeld);
      // Units past the reservation (a reserved one for this reference cannot be: the reservation covers it).
      const unreserved = rest.filter((sn) => g.reserved.includes(sn));
      if (unreserved.length) await moveSerials(tx, lang, { tenantId: item.tenantId, skuId: item.id, warehouseId }, unreserved, 'reserved', 'in_stock');
      await issue(warehouseId, rest.length, false, rest);
    }
  }
  return ids;
}

async function anyWarehouse(db: Db, tenantId: string, skuId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ warehouseId: stockBalance.warehouseId })
    .from(stockBalance)
    .where(and(eq(stockBalance.tenantId, tenantId), eq(stockBalance.skuId, skuId)))
    .orderBy(desc(sql`${stockBalance.balance} - ${stockBalance.reserved}`))
    .limit(1);
  return row?.warehouseId;
}

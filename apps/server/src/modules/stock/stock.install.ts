/**
 * The serials a neighbour's record took out of stock (an installer order's shipments: the serial rows keep the order
 * number as their reference) and their installation at a station when the order is commissioned (issue 19), inside
 * the neighbour's transaction: shipped under the reference → installed at the station. A serial's life reads
 * stock → order (reference) → installed (station).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import { serialStatusName, stockError } from './stock.messages.js';
import { sku, stockSerial } from './stock.tables.js';

export interface ReferenceSerial {
  serial: string;
  sku: string;
  skuName: string | null;
  status: string;
  plantId: string | null;
}

/** The serials issued under `reference` (shipped or installed; not those reserved only), by serial. */
export async function referenceSerials(db: Db, tenantId: string, reference: string): Promise<ReferenceSerial[]> {
  const rows = await db
    .select({ serial: stockSerial.serial, sku: sku.sku, skuName: sku.skuName, status: stockSerial.status, plantId: stockSerial.plantId })
    .from(stockSerial)
    .innerJoin(sku, eq(sku.id, stockSerial.skuId))
    .where(and(eq(stockSerial.tenantId, tenantId), eq(stockSerial.orderRef, reference), inArray(stockSerial.status, ['shipped', 'installed'])))
    .orderBy(stockSerial.serial);
  return rows.map((r) => ({ ...r, skuName: r.skuName ?? null, plantId: r.plantId ? String(r.plantId) : null }));
}

/**
 * Serials shipped under `reference` become installed at `plantId` (those already installed there stay); refused,
 * naming the serial, when one is not shipped under the reference. Answers how many moved.
 */
export async function installSerials(tx: Db, tenantId: string, reference: string, serials: readonly string[], plantId: string, lang: Lang): Promise<number> {
  const list = [...new Set(serials)];
  if (!list.length) return 0;
  const rows = await tx
    .select({ id: stockSerial.id, serial: stockSerial.serial, status: stockSerial.status, plantId: stockSerial.plantId })
    .from(stockSerial)
    .where(and(eq(stockSerial.tenantId, tenantId), eq(stockSerial.orderRef, reference), inArray(stockSerial.serial, list)))
    .for('update');
  const bySn = new Map(rows.map((r) => [r.serial, r]));
  for (const sn of list) {
    const r = bySn.get(sn);
    if (!r) throw stockError(lang, 'serialNotFound', { sn });
    if (r.status !== 'shipped' && !(r.status === 'installed' && String(r.plantId) === plantId)) {
      throw stockError(lang, 'serialTransition', { sn, from: serialStatusName(lang, r.status), to: serialStatusName(lang, 'installed') });
    }
  }
  const moving = rows.filter((r) => r.status === 'shipped').map((r) => r.id);
  if (!moving.length) return 0;
  await tx.update(stockSerial).set({ status: 'installed', plantId, updateTime: new Date() }).where(inArray(stockSerial.id, moving));
  return moving.length;
}

/** Where serials are in their life (tenant's serial rows), by serial; serials stock never had are left out. */
export async function serialStates(db: Db, tenantId: string, serials: readonly string[]): Promise<Map<string, { status: string; plantId: string | null; orderRef: string | null }>> {
  const list = [...new Set(serials)];
  if (!list.length) return new Map();
  const rows = await db
    .select({ serial: stockSerial.serial, status: stockSerial.status, plantId: stockSerial.plantId, orderRef: stockSerial.orderRef })
    .from(stockSerial)
    .where(and(eq(stockSerial.tenantId, tenantId), inArray(stockSerial.serial, list)));
  return new Map(rows.map((r) => [r.serial, { status: r.status, plantId: r.plantId ? String(r.plantId) : null, orderRef: r.orderRef ?? null }]));
}

/**
 * A device replaced at a station under a record (a maintenance order), in the neighbour's transaction: the new serial
 * (in stock, or shipped under the reference) becomes installed at the station, the old one (when stock tracks it)
 * returned under the reference — the RMA end of its life. Refused, nothing changed, when the new one is not available.
 */
export async function swapSerials(tx: Db, tenantId: string, s: { oldSn: string; newSn: string; plantId: string; reference: string }, lang: Lang): Promise<void> {
  const [fresh] = await tx.select().from(stockSerial).where(and(eq(stockSerial.tenantId, tenantId), eq(stockSerial.serial, s.newSn))).for('update');
  if (!fresh) throw stockError(lang, 'serialNotFound', { sn: s.newSn });
  const available = fresh.status === 'in_stock' || (fresh.status === 'shipped' && fresh.orderRef === s.reference);
  if (!available) throw stockError(lang, 'serialTransition', { sn: s.newSn, from: serialStatusName(lang, fresh.status), to: serialStatusName(lang, 'installed') });
  const now = new Date();
  await tx.update(stockSerial).set({ status: 'installed', plantId: s.plantId, orderRef: s.reference, updateTime: now }).where(eq(stockSerial.id, fresh.id));
  await tx
    .update(stockSerial)
    .set({ status: 'returned', plantId: null, orderRef: s.reference, updateTime: now })
    .where(and(eq(stockSerial.tenantId, tenantId), eq(stockSerial.serial, s.oldSn)));
}

/**
 * Serial numbers of serial-tracked SKUs inside a movement's transaction: received ones must be in the factory lists
 * (the factory module's public entry) and new to stock; issued, reserved and released ones must be in the
 * warehouse in the state the movement starts from. Every refusal names the serial.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SN_PATTERN } from '@helio/contracts/validation';
import type { Lang } from '../../core/i18n.js';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { findFactorySerials } from '../factory/index.js';
import { serialStatusName, stockError } from './stock.messages.js';
import { stockSerial } from './stock.tables.js';

const SN = new RegExp(SN_PATTERN);

/** Trimmed serials, each well-formed and named once. */
export function normaliseSerials(raw: readonly string[] | undefined, lang: Lang): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const r of raw ?? []) {
    const sn = String(r).trim();
    if (!SN.test(sn)) throw stockError(lang, 'serialInvalid', { sn: sn.slice(0, 64) });
    if (seen.has(sn)) throw stockError(lang, 'serialTwice', { sn });
    seen.add(sn);
    out.push(sn);
  }
  return out;
}

export interface SerialPlace {
  tenantId: string;
  skuId: string;
  warehouseId: string;
}

/** Receiving: every serial in a factory list and not yet in anybody's stock; the rows are written. */
export async function receiveSerials(db: Db, lang: Lang, place: SerialPlace, serials: readonly string[], movementId: string): Promise<void> {
  if (serials.length === 0) return;
  const known = await findFactorySerials(db, serials);
  const unknown = serials.find((s) => !known.has(s));
  if (unknown) throw stockError(lang, 'serialUnknown', { sn: unknown });
  const taken = await db.select({ serial: stockSerial.serial }).from(stockSerial).where(inArray(stockSerial.serial, [...serials]));
  if (taken.length > 0) throw stockError(lang, 'serialExists', { sn: taken[0]!.serial });
  await db.insert(stockSerial).values(
    serials.map((serial) => ({ id: nextId(), tenantId: place.tenantId, skuId: place.skuId, warehouseId: place.warehouseId, serial, status: 'in_stock', movementId })),
  );
}

/**
 * Moves serials of the SKU in the warehouse from one status to another (e.g. in stock → shipped); refused, naming
 * the first serial, unless every one is there in `from` (and, when `orderRef` is given for a reserved one, for it).
 */
export async function moveSerials(
  db: Db,
  lang: Lang,
  place: SerialPlace,
  serials: readonly string[],
  from: string,
  to: string,
  orderRef?: string | null,
): Promise<void> {
  if (serials.length === 0) return;
  const where = and(
    eq(stockSerial.tenantId, place.tenantId),
    eq(stockSerial.skuId, place.skuId),
    eq(stockSerial.warehouseId, place.warehouseId),
    eq(stockSerial.status, from),
    inArray(stockSerial.serial, [...serials]),
  );
  const moved = await db
    .update(stockSerial)
    .set({ status: to, orderRef: to === 'reserved' ? (orderRef ?? null) : to === 'in_stock' ? null : sql`${stockSerial.orderRef}`, updateTime: new Date() })
    .where(where)
    .returning({ serial: stockSerial.serial });
  if (moved.length !== serials.length) {
    const got = new Set(moved.map((m) => m.serial));
    const missing = serials.find((s) => !got.has(s))!;
    throw stockError(lang, 'serialNotAvailable', { sn: missing, status: serialStatusName(lang, from) });
  }
}

/** Cancelling a receipt: its serials leave stock again — only while every one is still in stock there. */
export async function unreceiveSerials(db: Db, lang: Lang, place: SerialPlace, serials: readonly string[], movementId: string): Promise<void> {
  if (serials.length === 0) return;
  const gone = await db
    .delete(stockSerial)
    .where(and(eq(stockSerial.tenantId, place.tenantId), eq(stockSerial.movementId, movementId), eq(stockSerial.status, 'in_stock'), inArray(stockSerial.serial, [...serials])))
    .returning({ serial: stockSerial.serial });
  if (gone.length !== serials.length) {
    const got = new Set(gone.map((g) => g.serial));
    throw stockError(lang, 'serialNotAvailable', { sn: serials.find((s) => !got.has(s))!, status: serialStatusName(lang, 'in_stock') });
  }
}

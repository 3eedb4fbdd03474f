/**
 * Reservations for a neighbour's business record (an installer order's confirmed BOM), inside the neighbour's own
 * transaction: `reserve` books each line's quantity against the warehouses that have it (most available first), one
 * `reserve` movement per warehouse with the record's reference; `release` gives back what the reference still holds.
 * The ledger's conditional UPDATE guards every booking, so two orders racing for the last units cannot both get them:
 * the loser's step is refused with the line that fell short, and its whole transaction rolls back.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import type { Actor, ModuleContext, TxHooks } from '../../kernel/types.js';
import type { StockLedger } from './stock.ledger.js';
import { stockError } from './stock.messages.js';
import { sku, stockBalance, stockMovement } from './stock.tables.js';

export interface ReserveLine {
  /** The SKU code. */
  sku: string;
  quantity: number;
}

export class StockReservations {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly ledger: StockLedger,
  ) {}

  /** Books every line for `reference`; answers the movements written. Refused (nothing kept) when a line is short. */
  async reserve(tx: Db, hooks: TxHooks, actor: Actor, lines: readonly ReserveLine[], reference: string, lang: Lang): Promise<string[]> {
    const ids: string[] = [];
    for (const line of lines) {
      const [item] = await tx
        .select({ id: sku.id, tenantId: sku.tenantId })
        .from(sku)
        .where(this.ctx.scope(actor).where(sku, eq(sku.sku, line.sku), eq(sku.isDeleted, 0)));
      if (!item) throw stockError(lang, 'skuNotFound');
      const places = await tx
        .select({ warehouseId: stockBalance.warehouseId, available: sql<number>`(${stockBalance.balance} - ${stockBalance.reserved})::int` })
        .from(stockBalance)
        .where(and(eq(stockBalance.tenantId, item.tenantId), eq(stockBalance.skuId, item.id), sql`${stockBalance.balance} - ${stockBalance.reserved} > 0`))
        .orderBy(desc(sql`${stockBalance.balance} - ${stockBalance.reserved}`), stockBalance.warehouseId);
      let left = line.quantity;
      for (const place of places) {
        if (left <= 0) break;
        const take = Math.min(left, Number(place.available));
        ids.push(await this.ledger.recordIn(tx, hooks, actor, { movementType: 'reserve', skuId: item.id, warehouseId: place.warehouseId, quantity: take, reference }, lang));
        left -= take;
      }
      if (left > 0) throw stockError(lang, 'insufficientAvailable', { available: line.quantity - left });
    }
    return ids;
  }

  /** Gives back what `reference` still holds (its reservations net of its releases and issues from reserve). */
  async release(tx: Db, hooks: TxHooks, actor: Actor, reference: string, lang: Lang): Promise<number> {
    const held = await tx
      .select({
        skuId: stockMovement.skuId,
        warehouseId: stockMovement.warehouseId,
        qty: sql<number>`SUM(CASE WHEN ${stockMovement.movementType} = 'reserve' THEN ${stockMovement.quantity}
          WHEN ${stockMovement.movementType} = 'release' OR (${stockMovement.movementType} = 'issue' AND ${stockMovement.fromReserved} = 1) THEN -${stockMovement.quantity}
          ELSE 0 END)::int`,
      })
      .from(stockMovement)
      .where(and(eq(stockMovement.tenantId, actor.tenantId), eq(stockMovement.reference, reference), eq(stockMovement.cancelled, 0)))
      .groupBy(stockMovement.skuId, stockMovement.warehouseId);
    let n = 0;
    for (const h of held) {
      if (Number(h.qty) <= 0) continue;
      await this.ledger.recordIn(tx, hooks, actor, { movementType: 'release', skuId: h.skuId, warehouseId: h.warehouseId, quantity: Number(h.qty), reference }, lang);
      n++;
    }
    return n;
  }
}

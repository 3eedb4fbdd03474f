/**
 * The stock ledger's writes: a movement (opening, receive, issue, adjust, reserve, release) or the cancel of one (a
 * reversing movement; the original is only marked and linked, never edited). Each is one transaction: the balance
 * row changes by one conditional UPDATE whose WHERE repeats the rule "available and reserved never below zero" (so
 * of two issues racing for the last unit exactly one matches a row, the other reads the committed balance and is
 * refused), then the movement, its change-log row and its serial numbers are written. A refusal writes nothing.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ADJUST_QUANTITY_RULE, MOVEMENT_RULES, type MovementType } from '@helio/contracts/modules/stock/stock.api';
import { checkRules, violationText, type Rules } from '@helio/contracts/validation';
import { BizError, ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import type { Actor, ModuleContext, TxHooks } from '../../kernel/types.js';
import { serialStatusName, stockError } from './stock.messages.js';
import { lowStockCheck } from './stock.notice.js';
import { movementVO, type MovementRow } from './stock.queries.js';
import { moveSerials, normaliseSerials, receiveSerials, unreceiveSerials, type SerialPlace } from './stock.serials.js';
import { sku, stockBalance, stockLog, stockMovement, stockSerial, warehouse } from './stock.tables.js';
import { defaultWarehouse } from './stock.warehouse.js';

export interface MovementInput {
  movementType: Exclude<MovementType, 'cancel'>;
  skuId: string | number;
  warehouseId?: string | number | null;
  quantity: number | string;
  reason?: string | null;
  reference?: string | null;
  serials?: string[];
  fromReserved?: boolean;
}

/** What a movement does to the balance row's counters (balance = opening + in − out + adjusted). */
interface Delta {
  opening: number;
  qtyIn: number;
  qtyOut: number;
  adjusted: number;
  reserved: number;
}
const ZERO: Delta = { opening: 0, qtyIn: 0, qtyOut: 0, adjusted: 0, reserved: 0 };
const balanceOf = (d: Delta) => d.opening + d.qtyIn - d.qtyOut + d.adjusted;
const negate = (d: Delta): Delta => ({ opening: -d.opening, qtyIn: -d.qtyIn, qtyOut: -d.qtyOut, adjusted: -d.adjusted, reserved: -d.reserved });

function deltaOf(type: string, q: number, fromReserved: boolean): Delta {
  switch (type) {
    case 'opening':
      return { ...ZERO, opening: q };
    case 'receive':
      return { ...ZERO, qtyIn: q };
    case 'issue':
      return { ...ZERO, qtyOut: q, reserved: fromReserved ? -q : 0 };
    case 'adjust':
      return { ...ZERO, adjusted: q };
    case 'reserve':
      return { ...ZERO, reserved: q };
    case 'release':
      return { ...ZERO, reserved: -q };
    default:
      throw new Error(`unknown movement type ${type}`);
  }
}

/** Serial moves of a movement type (forward) and of its cancel (backward): [from, to]. */
const SERIAL_MOVES: Record<string, { forward: [string, string]; backward: [string, string] } | undefined> = {
  reserve: { forward: ['in_stock', 'reserved'], backward: ['reserved', 'in_stock'] },
  release: { forward: ['reserved', 'in_stock'], backward: ['in_stock', 'reserved'] },
};

const str = (v: unknown): string | null => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim());

export class StockLedger {
  constructor(private readonly ctx: ModuleContext) {}

  /** Records a movement; answers it. */
  async record(actor: Actor, input: MovementInput, lang: Lang): Promise<ReturnType<typeof movementVO>> {
    return this.vo(await this.ctx.tx((tx, hooks) => this.recordIn(tx, hooks, actor, input, lang)));
  }

  /**
   * A movement inside the caller's transaction (a neighbour's step that reserves or releases stock with its own
   * writes): the same checks and writes as `record`; answers the movement's id. A refusal throws, so the caller's
   * whole transaction rolls back.
   */
  async recordIn(tx: Db, hooks: TxHooks, actor: Actor, input: MovementInput, lang: Lang): Promise<string> {
    const type = input.movementType;
    const values = { skuId: str(input.skuId), warehouseId: str(input.warehouseId), quantity: input.quantity, reason: str(input.reason), reference: str(input.reference) };
    const rules: Rules = type === 'adjust' ? { ...MOVEMENT_RULES, quantity: ADJUST_QUANTITY_RULE } : MOVEMENT_RULES;
    const violations = checkRules(values, rules);
    if (violations.length) throw new ValidationError(violations.map((v) => violationText(lang, v, rules[v.field])));
    const q = Number(values.quantity);
    if (type === 'adjust' && q === 0) throw stockError(lang, 'adjustZero');
    if (type === 'adjust' && !values.reason) throw stockError(lang, 'reasonRequired');
    const serials = normaliseSerials(input.serials, lang);
    const fromReserved = type === 'issue' && input.fromReserved === true;

    const item = await this.skuFor(tx, actor, values.skuId!, lang);
    const warehouseId = await this.warehouseFor(tx, item.tenantId, values.warehouseId, lang);
    const place: SerialPlace = { tenantId: item.tenantId, skuId: item.id, warehouseId };
    if (item.serialTracked !== 1 && serials.length > 0) throw stockError(lang, 'serialsNotTracked');
    if (item.serialTracked === 1) {
      if (type === 'adjust') throw stockError(lang, 'adjustSerialTracked');
      // Receipts and issues name every unit; a reservation or release may be by quantity alone.
      const required = type === 'opening' || type === 'receive' || type === 'issue';
      if ((required || serials.length > 0) && serials.length !== q) throw stockError(lang, 'serialsCount', { count: serials.length, quantity: q });
    }
    const delta = deltaOf(type, q, fromReserved);
    const id = nextId();
    const change = await this.apply(tx, lang, place, delta, type === 'opening');
    await tx.insert(stockMovement).values({
      id,
      tenantId: item.tenantId,
      warehouseId,
      skuId: item.id,
      movementType: type,
      quantity: q,
      fromReserved: fromReserved ? 1 : 0,
      reason: values.reason,
      reference: values.reference,
      serials,
      createUser: actor.userId,
    });
    await this.log(tx, actor, id, place, change);
    if (type === 'opening' || type === 'receive') await receiveSerials(tx, lang, place, serials, id);
    else if (type === 'issue') await moveSerials(tx, lang, place, serials, fromReserved ? 'reserved' : 'in_stock', 'shipped');
    else if (SERIAL_MOVES[type]) await moveSerials(tx, lang, place, serials, ...SERIAL_MOVES[type].forward, values.reference);
    lowStockCheck(this.ctx, hooks, item, change.availableBefore, change.availableAfter);
    return id;
  }

  /** Cancels a movement by a reversing entry; answers the reversal. */
  async cancel(actor: Actor, body: { id: string | number; reason?: string | null }, lang: Lang): Promise<ReturnType<typeof movementVO>> {
    const id = str(body.id);
    const reason = str(body.reason);
    if (!id || !/^\d{1,19}$/.test(id)) throw stockError(lang, 'movementNotFound');
    if (reason && [...reason].length > 255) {
      throw new ValidationError([violationText(lang, { field: 'reason', key: 'tooLong', params: { max: 255 } }, MOVEMENT_RULES.reason)]);
    }
    const saved = await this.ctx.tx(async (tx, hooks) => {
      const [m] = await tx
        .select()
        .from(stockMovement)
        .where(this.ctx.scope(actor).where(stockMovement, eq(stockMovement.id, id)))
        .for('update');
      if (!m) throw stockError(lang, 'movementNotFound');
      if (m.movementType === 'cancel') throw stockError(lang, 'cancelOfCancel');
      if (m.cancelled === 1) throw stockError(lang, 'alreadyCancelled');
      const [item] = await tx.select().from(sku).where(eq(sku.id, m.skuId));
      const place: SerialPlace = { tenantId: m.tenantId, skuId: m.skuId, warehouseId: m.warehouseId };
      const change = await this.apply(tx, lang, place, negate(deltaOf(m.movementType, m.quantity, m.fromReserved === 1)), false, true);
      const reversal = nextId();
      await tx.insert(stockMovement).values({
        id: reversal,
        tenantId: m.tenantId,
        warehouseId: m.warehouseId,
        skuId: m.skuId,
        movementType: 'cancel',
        quantity: m.quantity,
        fromReserved: m.fromReserved,
        reason,
        reference: m.reference,
        serials: m.serials,
        reversalOf: m.id,
        createUser: actor.userId,
      });
      const marked = await tx
        .update(stockMovement)
        .set({ cancelled: 1, reversedBy: reversal })
        .where(and(eq(stockMovement.id, m.id), eq(stockMovement.cancelled, 0)))
        .returning({ id: stockMovement.id });
      if (marked.length !== 1) throw stockError(lang, 'alreadyCancelled');
      await this.log(tx, actor, reversal, place, change);
      const serials = m.serials ?? [];
      if (m.movementType === 'opening' || m.movementType === 'receive') await unreceiveSerials(tx, lang, place, serials, m.id);
      else if (m.movementType === 'issue') await moveSerials(tx, lang, place, serials, 'shipped', m.fromReserved === 1 ? 'reserved' : 'in_stock', m.reference);
      else if (SERIAL_MOVES[m.movementType]) await moveSerials(tx, lang, place, serials, ...SERIAL_MOVES[m.movementType]!.backward, m.reference);
      if (item) lowStockCheck(this.ctx, hooks, item, change.availableBefore, change.availableAfter);
      return reversal;
    });
    return this.vo(saved);
  }

  /** A shipped serial installed at a station, or a shipped or installed one returned (RMA). */
  async serialStatus(actor: Actor, body: { serial: string; status: 'installed' | 'returned'; plantId?: string | null }, lang: Lang) {
    const sn = String(body.serial ?? '').trim();
    const plantId = str(body.plantId);
    if (plantId && !/^\d{1,19}$/.test(plantId)) throw new BizError('invalidParam', { param: 'plantId' });
    const from = body.status === 'installed' ? ['shipped'] : ['shipped', 'installed'];
    await this.ctx.tx(async (tx) => {
      const [row] = await tx.select().from(stockSerial).where(this.ctx.scope(actor).where(stockSerial, eq(stockSerial.serial, sn))).for('update');
      if (!row) throw stockError(lang, 'serialNotFound', { sn: sn.slice(0, 64) });
      if (!from.includes(row.status)) {
        throw stockError(lang, 'serialTransition', { sn, from: serialStatusName(lang, row.status), to: serialStatusName(lang, body.status) });
      }
      await tx
        .update(stockSerial)
        .set({ status: body.status, plantId: body.status === 'installed' ? plantId : row.plantId, updateTime: new Date() })
        .where(eq(stockSerial.id, row.id));
    });
  }

  private async vo(id: string) {
    const { movementById } = await import('./stock.queries.js');
    return movementVO((await movementById(this.ctx.db, id)) as MovementRow);
  }

  private async skuFor(tx: Db, actor: Actor, skuId: string, lang: Lang) {
    const [item] = await tx
      .select()
      .from(sku)
      .where(this.ctx.scope(actor).where(sku, eq(sku.id, skuId), eq(sku.isDeleted, 0)));
    if (!item) throw stockError(lang, 'skuNotFound');
    return item;
  }

  private async warehouseFor(tx: Db, tenantId: string, warehouseId: string | null, lang: Lang): Promise<string> {
    if (!warehouseId) return defaultWarehouse(tx, tenantId);
    const [w] = await tx
      .select({ id: warehouse.id })
      .from(warehouse)
      .where(and(eq(warehouse.id, warehouseId), eq(warehouse.tenantId, tenantId), eq(warehouse.isDeleted, 0)));
    if (!w) throw stockError(lang, 'warehouseNotFound');
    return w.id;
  }

  /**
   * Changes the balance row by `d` in one conditional UPDATE (created first when missing); refused with the
   * reason when the result would leave available or reserved below zero (or, for an opening, when the row has
   * moved before). Answers before and after, and the SKU's total available across warehouses before.
   */
  private async apply(tx: Db, lang: Lang, place: SerialPlace, d: Delta, opening: boolean, cancelling = false) {
    const b = stockBalance;
    await tx
      .insert(b)
      .values({ id: nextId(), tenantId: place.tenantId, warehouseId: place.warehouseId, skuId: place.skuId })
      .onConflictDoNothing({ target: [b.tenantId, b.warehouseId, b.skuId] });
    const db = balanceOf(d);
    const firstOnly: SQL = opening ? sql` AND ${b.opening} = 0 AND ${b.qtyIn} = 0 AND ${b.qtyOut} = 0 AND ${b.adjusted} = 0 AND ${b.reserved} = 0` : sql``;
    const rows = await tx
      .update(b)
      .set({
        opening: sql`${b.opening} + ${d.opening}`,
        qtyIn: sql`${b.qtyIn} + ${d.qtyIn}`,
        qtyOut: sql`${b.qtyOut} + ${d.qtyOut}`,
        adjusted: sql`${b.adjusted} + ${d.adjusted}`,
        reserved: sql`${b.reserved} + ${d.reserved}`,
        balance: sql`${b.balance} + ${db}`,
        updateTime: new Date(),
      })
      .where(
        sql`${b.tenantId} = ${place.tenantId} AND ${b.warehouseId} = ${place.warehouseId} AND ${b.skuId} = ${place.skuId}
          AND ${b.balance} + ${db} - (${b.reserved} + ${d.reserved}) >= 0 AND ${b.reserved} + ${d.reserved} >= 0${firstOnly}`,
      )
      .returning({ balance: b.balance, reserved: b.reserved });
    if (rows.length === 0) {
      const [now] = await tx
        .select()
        .from(b)
        .where(and(eq(b.tenantId, place.tenantId), eq(b.warehouseId, place.warehouseId), eq(b.skuId, place.skuId)));
      const balance = now?.balance ?? 0;
      const reserved = now?.reserved ?? 0;
      if (opening) throw stockError(lang, 'openingNotFirst');
      if (cancelling) throw stockError(lang, 'cancelWouldGoNegative', { available: balance - reserved, reserved });
      if (reserved + d.reserved < 0) throw stockError(lang, 'insufficientReserved', { reserved });
      if (d.adjusted !== 0) throw stockError(lang, 'negativeBalance', { balance, reserved });
      throw stockError(lang, 'insufficientAvailable', { available: balance - reserved });
    }
    const after = rows[0]!;
    const before = { balance: after.balance - db, reserved: after.reserved - d.reserved };
    const total = (await tx.execute(
      sql`SELECT COALESCE(SUM(balance - reserved), 0)::int AS available FROM helio_stock_balance WHERE tenant_id = ${place.tenantId} AND sku_id = ${place.skuId}`,
    )) as unknown as { rows: { available: number }[] };
    const availableAfter = Number(total.rows[0]?.available ?? 0);
    const availableBefore = availableAfter - (after.balance - after.reserved) + (before.balance - before.reserved);
    return { before, after, availableBefore, availableAfter };
  }

  private async log(tx: Db, actor: Actor, movementId: string, place: SerialPlace, change: { before: { balance: number; reserved: number }; after: { balance: number; reserved: number } }) {
    await tx.insert(stockLog).values({
      id: nextId(),
      tenantId: place.tenantId,
      movementId,
      warehouseId: place.warehouseId,
      skuId: place.skuId,
      balanceBefore: change.before.balance,
      balanceAfter: change.after.balance,
      reservedBefore: change.before.reserved,
      reservedAfter: change.after.reserved,
      createUser: actor.userId,
    });
  }
}

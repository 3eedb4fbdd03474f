/**
 * The stock ledger's reads: balances per SKU (every warehouse summed, or one), the valuation and low-stock list,
 * movements, the change log, serial numbers, a SKU's surplus and the SKU pull-down. Raw SQL (grouping and joins the
 * list helpers do not express), every value a bound parameter, every query scoped to the actor's tenant (platform
 * users see every tenant).
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatDateTime } from '../../core/dates.js';
import { page, type Page } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import { parsePaging } from '../../core/list-query.js';
import { isPlatform } from '../../core/tenant.js';
import type { Db } from '../../db/client.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { pageTotal } from './stock.count.js';
import { rowsOf } from '../../db/rows.js';

type Row = Record<string, unknown>;
type Query = Record<string, unknown>;
const one = (v: unknown): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return x === undefined || x === null || String(x).trim() === '' ? undefined : String(x).trim();
};
const idParam = (q: Query, key: string): string | undefined => {
  const v = one(q[key]);
  if (v !== undefined && !/^\d{1,19}$/.test(v)) throw new BizError('invalidParam', { param: key });
  return v;
};
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
/** `alias.tenant_id = <actor's tenant>` (nothing for platform users). */
const tenantOf = (actor: Actor, alias: string): SQL => (isPlatform(actor) ? sql`TRUE` : sql`${sql.raw(alias)}.tenant_id = ${actor.tenantId}`);
const and = (parts: SQL[]): SQL => sql.join(parts, sql` AND `);

/** Decimal text of a numeric (money) value: trailing zeros after the point dropped ("12.50" → "12.5"). */
export const money = (v: unknown): string => {
  const t = v === null || v === undefined ? '0' : String(v);
  return t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t;
};

export type MovementRow = Row;
const MOVEMENTS = sql`SELECT m.id::text AS id, m.movement_type, m.sku_id::text AS sku_id, k.sku, k.sku_name, m.warehouse_id::text AS warehouse_id,
  w.warehouse_name, m.quantity, m.reason, m.reference, m.serials, m.reversal_of::text AS reversal_of, m.reversed_by::text AS reversed_by,
  m.cancelled, m.create_user::text AS create_user, COALESCE(u.real_name, u.account) AS create_user_name, m.create_time
  FROM helio_stock_movement m
  LEFT JOIN helio_sku k ON k.id = m.sku_id
  LEFT JOIN helio_warehouse w ON w.id = m.warehouse_id
  LEFT JOIN blade_user u ON u.id = m.create_user`;

export function movementVO(r: Row) {
  return {
    id: String(r.id),
    movementType: String(r.movement_type),
    skuId: String(r.sku_id),
    sku: s(r.sku),
    skuName: s(r.sku_name),
    warehouseId: String(r.warehouse_id),
    warehouseName: s(r.warehouse_name),
    quantity: n(r.quantity),
    reason: s(r.reason),
    reference: s(r.reference),
    serials: Array.isArray(r.serials) ? (r.serials as unknown[]).map(String) : [],
    reversalOf: s(r.reversal_of),
    reversedBy: s(r.reversed_by),
    cancelled: n(r.cancelled) === 1,
    createUser: s(r.create_user),
    createUserName: s(r.create_user_name),
    createTime: formatDateTime(r.create_time as Date),
  };
}

export async function movementById(db: Db, id: string): Promise<Row | undefined> {
  return (await rowsOf(db, sql`${MOVEMENTS} WHERE m.id = ${id}`))[0];
}

function balanceVO(r: Row) {
  const balance = n(r.balance);
  const reserved = n(r.reserved);
  const threshold = n(r.low_stock_threshold);
  return {
    skuId: String(r.sku_id),
    sku: String(r.sku),
    skuName: String(r.sku_name),
    skuType: r.sku_type === null || r.sku_type === undefined ? null : n(r.sku_type),
    unit: s(r.unit),
    unitPrice: money(r.unit_price),
    serialTracked: n(r.serial_tracked),
    lowStockThreshold: threshold,
    warehouseId: s(r.warehouse_id),
    warehouseName: s(r.warehouse_name),
    opening: n(r.opening),
    qtyIn: n(r.qty_in),
    qtyOut: n(r.qty_out),
    adjusted: n(r.adjusted),
    reserved,
    balance,
    available: balance - reserved,
    value: money(r.value),
    lowStock: threshold > 0 && balance - reserved < threshold,
  };
}

export class StockQueries {
  constructor(private readonly ctx: ModuleContext) {}

  private paging(q: Query) {
    return parsePaging(q, this.ctx.config.maxPageSize);
  }

  /** Balances per live SKU: every warehouse summed, or the one of `warehouseId`. */
  async balances(actor: Actor, q: Query): Promise<Page<ReturnType<typeof balanceVO>>> {
    const p = this.paging(q);
    const wh = idParam(q, 'warehouseId');
    const where: SQL[] = [sql`k.is_deleted = 0`, tenantOf(actor, 'k')];
    const code = one(q.sku);
    const name = one(q.skuName);
    const type = one(q.skuType);
    if (code) where.push(sql`k.sku ILIKE ${like(code)}`);
    if (name) where.push(sql`k.sku_name ILIKE ${like(name)}`);
    if (type) {
      if (!/^\d{1,4}$/.test(type)) throw new BizError('invalidParam', { param: 'skuType' });
      where.push(sql`k.sku_type = ${Number(type)}`);
    }
    const low = one(q.lowStock) === '1' ? sql`WHERE low_stock_threshold > 0 AND balance - reserved < low_stock_threshold` : sql``;
    const rows = await rowsOf(
      this.ctx.db,
      sql`WITH r AS (
        SELECT k.id::text AS sku_id, k.sku, k.sku_name, k.sku_type, k.unit, k.unit_price, k.serial_tracked, k.low_stock_threshold,
          ${wh ?? null}::text AS warehouse_id, ${wh ? sql`(SELECT warehouse_name FROM helio_warehouse WHERE id = ${wh})` : sql`NULL::text`} AS warehouse_name,
          COALESCE(SUM(b.opening), 0)::int AS opening, COALESCE(SUM(b.qty_in), 0)::int AS qty_in, COALESCE(SUM(b.qty_out), 0)::int AS qty_out,
          COALESCE(SUM(b.adjusted), 0)::int AS adjusted, COALESCE(SUM(b.reserved), 0)::int AS reserved, COALESCE(SUM(b.balance), 0)::int AS balance,
          (COALESCE(SUM(b.balance), 0) * k.unit_price)::text AS value
        FROM helio_sku k
        LEFT JOIN helio_stock_balance b ON b.sku_id = k.id AND b.tenant_id = k.tenant_id ${wh ? sql`AND b.warehouse_id = ${wh}` : sql``}
        WHERE ${and(where)}
        GROUP BY k.id)
      SELECT *, count(*) OVER () AS __total FROM r ${low} ORDER BY sku, sku_id LIMIT ${p.size} OFFSET ${p.offset}`,
    );
    const total = rows.length ? n(rows[0]!.__total) : 0;
    return page(rows.map(balanceVO), total, p.current, p.size);
  }

  /** The valuation (Σ balance × unit price) and the SKUs below their low-stock threshold. */
  async summary(actor: Actor, q: Query) {
    const wh = idParam(q, 'warehouseId');
    const rows = await rowsOf(
      this.ctx.db,
      sql`SELECT k.id::text AS sku_id, k.sku, k.sku_name, k.low_stock_threshold,
          COALESCE(SUM(b.balance - b.reserved), 0)::int AS available, (COALESCE(SUM(b.balance), 0) * k.unit_price) AS value
        FROM helio_sku k
        LEFT JOIN helio_stock_balance b ON b.sku_id = k.id AND b.tenant_id = k.tenant_id ${wh ? sql`AND b.warehouse_id = ${wh}` : sql``}
        WHERE k.is_deleted = 0 AND ${tenantOf(actor, 'k')}
        GROUP BY k.id`,
    );
    const [val] = await rowsOf<{ v: string | null }>(
      this.ctx.db,
      sql`SELECT SUM(b.balance * k.unit_price)::text AS v FROM helio_stock_balance b JOIN helio_sku k ON k.id = b.sku_id AND k.is_deleted = 0
        WHERE ${tenantOf(actor, 'b')} ${wh ? sql`AND b.warehouse_id = ${wh}` : sql``}`,
    );
    const low = rows
      .filter((r) => n(r.low_stock_threshold) > 0 && n(r.available) < n(r.low_stock_threshold))
      .map((r) => ({ skuId: String(r.sku_id), sku: String(r.sku), skuName: String(r.sku_name), available: n(r.available), threshold: n(r.low_stock_threshold) }))
      .sort((a, b) => a.sku.localeCompare(b.sku));
    return { valuation: money(val?.v ?? '0'), skuCount: rows.length, lowStockCount: low.length, lowStock: low.slice(0, 100) };
  }

  async surplus(actor: Actor, q: Query) {
    const skuId = idParam(q, 'skuId')!;
    const wh = idParam(q, 'warehouseId');
    const [r] = await rowsOf(
      this.ctx.db,
      sql`SELECT COALESCE(SUM(b.balance), 0)::int AS balance, COALESCE(SUM(b.reserved), 0)::int AS reserved FROM helio_stock_balance b
        WHERE b.sku_id = ${skuId} AND ${tenantOf(actor, 'b')} ${wh ? sql`AND b.warehouse_id = ${wh}` : sql``}`,
    );
    const balance = n(r?.balance);
    const reserved = n(r?.reserved);
    return { skuId, warehouseId: wh ?? null, balance, reserved, available: balance - reserved };
  }

  async movements(actor: Actor, q: Query) {
    const p = this.paging(q);
    const where: SQL[] = [tenantOf(actor, 'm')];
    for (const [key, col] of [['skuId', 'sku_id'], ['warehouseId', 'warehouse_id']] as const) {
      const v = idParam(q, key);
      if (v) where.push(sql`m.${sql.raw(col)} = ${v}`);
    }
    const type = one(q.movementType);
    if (type) where.push(sql`m.movement_type = ${type.slice(0, 16)}`);
    const ref = one(q.reference);
    if (ref) where.push(sql`m.reference ILIKE ${like(ref)}`);
    const serial = one(q.serial);
    if (serial) where.push(sql`m.serials @> ${JSON.stringify([serial])}::jsonb`);
    const rows = await rowsOf(this.ctx.db, sql`${MOVEMENTS} WHERE ${and(where)} ORDER BY m.create_time DESC, m.id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    // Counted up to a cap, estimated beyond it (stock.count.ts): the ledger grows without end.
    const total = await pageTotal(this.ctx.db, sql`helio_stock_movement m`, and(where), { offset: p.offset, size: p.size, rows: rows.length });
    return page(rows.map(movementVO), total, p.current, p.size);
  }

  private async count(q: SQL): Promise<number> {
    return n((await rowsOf<{ n: number }>(this.ctx.db, q))[0]?.n);
  }

  async logs(actor: Actor, q: Query) {
    const p = this.paging(q);
    const where: SQL[] = [tenantOf(actor, 'l')];
    for (const [key, col] of [['skuId', 'sku_id'], ['warehouseId', 'warehouse_id'], ['movementId', 'movement_id']] as const) {
      const v = idParam(q, key);
      if (v) where.push(sql`l.${sql.raw(col)} = ${v}`);
    }
    const rows = await rowsOf(
      this.ctx.db,
      sql`SELECT l.id::text AS id, l.movement_id::text AS movement_id, m.movement_type, l.sku_id::text AS sku_id, k.sku, k.sku_name,
          l.warehouse_id::text AS warehouse_id, w.warehouse_name, l.balance_before, l.balance_after, l.reserved_before, l.reserved_after,
          l.create_user::text AS create_user, COALESCE(u.real_name, u.account) AS create_user_name, l.create_time
        FROM helio_stock_log l
        LEFT JOIN helio_stock_movement m ON m.id = l.movement_id
        LEFT JOIN helio_sku k ON k.id = l.sku_id
        LEFT JOIN helio_warehouse w ON w.id = l.warehouse_id
        LEFT JOIN blade_user u ON u.id = l.create_user
        WHERE ${and(where)} ORDER BY l.create_time DESC, l.id DESC LIMIT ${p.size} OFFSET ${p.offset}`,
    );
    const total = await pageTotal(this.ctx.db, sql`helio_stock_log l`, and(where), { offset: p.offset, size: p.size, rows: rows.length });
    return page(
      rows.map((r) => ({
        id: String(r.id),
        movementId: String(r.movement_id),
        movementType: String(r.movement_type ?? ''),
        skuId: String(r.sku_id),
        sku: s(r.sku),
        skuName: s(r.sku_name),
        warehouseId: String(r.warehouse_id),
        warehouseName: s(r.warehouse_name),
        balanceBefore: n(r.balance_before),
        balanceAfter: n(r.balance_after),
        reservedBefore: n(r.reserved_before),
        reservedAfter: n(r.reserved_after),
        createUser: s(r.create_user),
        createUserName: s(r.create_user_name),
        createTime: formatDateTime(r.create_time as Date),
      })),
      total,
      p.current,
      p.size,
    );
  }

  async serials(actor: Actor, q: Query) {
    const p = this.paging(q);
    const where: SQL[] = [tenantOf(actor, 'x')];
    const skuId = idParam(q, 'skuId');
    if (skuId) where.push(sql`x.sku_id = ${skuId}`);
    const serial = one(q.serial);
    if (serial) where.push(sql`x.serial ILIKE ${like(serial)}`);
    const status = one(q.status);
    if (status) where.push(sql`x.status = ${status.slice(0, 16)}`);
    const ref = one(q.orderRef);
    if (ref) where.push(sql`x.order_ref = ${ref.slice(0, 64)}`);
    const total = await this.count(sql`SELECT count(*)::int AS n FROM helio_stock_serial x WHERE ${and(where)}`);
    const rows = await rowsOf(
      this.ctx.db,
      sql`SELECT x.id::text AS id, x.serial, x.sku_id::text AS sku_id, k.sku, k.sku_name, x.warehouse_id::text AS warehouse_id, x.status,
          x.order_ref, x.plant_id::text AS plant_id, x.update_time
        FROM helio_stock_serial x LEFT JOIN helio_sku k ON k.id = x.sku_id
        WHERE ${and(where)} ORDER BY x.serial LIMIT ${p.size} OFFSET ${p.offset}`,
    );
    return page(rows.map(serialVO), total, p.current, p.size);
  }

  async serialBySn(actor: Actor, serial: string) {
    const [r] = await rowsOf(
      this.ctx.db,
      sql`SELECT x.id::text AS id, x.serial, x.sku_id::text AS sku_id, k.sku, k.sku_name, x.warehouse_id::text AS warehouse_id, x.status,
          x.order_ref, x.plant_id::text AS plant_id, x.update_time
        FROM helio_stock_serial x LEFT JOIN helio_sku k ON k.id = x.sku_id WHERE x.serial = ${serial} AND ${tenantOf(actor, 'x')}`,
    );
    return r ? serialVO(r) : undefined;
  }

  /** SKUs for pickers, by code. */
  async pullDown(actor: Actor, q: Query) {
    const where: SQL[] = [sql`k.is_deleted = 0`, tenantOf(actor, 'k')];
    const type = one(q.skuType);
    if (type) {
      if (!/^\d{1,4}$/.test(type)) throw new BizError('invalidParam', { param: 'skuType' });
      where.push(sql`k.sku_type = ${Number(type)}`);
    }
    const kw = one(q.keyword);
    if (kw) where.push(sql`(k.sku ILIKE ${like(kw)} OR k.sku_name ILIKE ${like(kw)})`);
    const rows = await rowsOf(
      this.ctx.db,
      sql`SELECT k.id::text AS id, k.sku, k.sku_name, k.sku_type, k.unit, k.unit_price, k.serial_tracked FROM helio_sku k WHERE ${and(where)} ORDER BY k.sku LIMIT 1000`,
    );
    return rows.map((r) => ({
      id: String(r.id),
      sku: String(r.sku),
      skuName: String(r.sku_name),
      skuType: r.sku_type === null ? null : n(r.sku_type),
      unit: s(r.unit),
      unitPrice: money(r.unit_price),
      serialTracked: n(r.serial_tracked),
    }));
  }
}

function serialVO(r: Row) {
  return {
    id: String(r.id),
    serial: String(r.serial),
    skuId: String(r.sku_id),
    sku: s(r.sku),
    skuName: s(r.sku_name),
    warehouseId: String(r.warehouse_id),
    status: String(r.status),
    orderRef: s(r.order_ref),
    plantId: s(r.plant_id),
    updateTime: formatDateTime(r.update_time as Date),
  };
}

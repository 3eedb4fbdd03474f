/**
 * Stock and materials (issue 17): SKU base info, warehouses, materials (the CRUD
 * engine's tables) and the ledger — one balance row per SKU and warehouse, the movements (never edited: a cancel is
 * a reversing movement), the change log (before → after per movement) and the serial numbers of serial-tracked SKUs.
 *
 * The balance row's CHECKs are the last line of the rule "a balance never goes negative": the service's conditional
 * UPDATE refuses first, with a message naming the field.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts } from '../../db/columns.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 3 });

/** SKU base info (Blade `skuBaseInfo`). */
export const sku = pgTable(
  'helio_sku',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    sku: varchar('sku', { length: 64 }).notNull(),
    skuName: varchar('sku_name', { length: 100 }).notNull(),
    manufacturer: varchar('manufacturer', { length: 100 }),
    spec: varchar('spec', { length: 100 }),
    model: varchar('model', { length: 64 }),
    /** business dictionary `sku_type`. */
    skuType: smallint('sku_type').notNull(),
    unit: varchar('unit', { length: 16 }),
    unitPrice: money('unit_price').notNull().default('0'),
    /** 0 no, 1 yes: receiving and issuing it names its serial numbers. */
    serialTracked: smallint('serial_tracked').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_sku_code_uq').on(t.tenantId, t.sku).where(sql`${t.isDeleted} = 0`)],
);

export const warehouse = pgTable(
  'helio_warehouse',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    warehouseName: varchar('warehouse_name', { length: 100 }).notNull(),
    address: varchar('address', { length: 255 }),
    /** 1: the tenant's default warehouse (created with the first stock screen or movement). */
    isDefault: smallint('is_default').notNull().default(0),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [
    uniqueIndex('helio_warehouse_name_uq').on(t.tenantId, t.warehouseName).where(sql`${t.isDeleted} = 0`),
    uniqueIndex('helio_warehouse_default_uq').on(t.tenantId).where(sql`${t.isDefault} = 1 AND ${t.isDeleted} = 0`),
  ],
);

export const material = pgTable(
  'helio_material',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    materialName: varchar('material_name', { length: 100 }).notNull(),
    manufacturer: varchar('manufacturer', { length: 100 }),
    spec: varchar('spec', { length: 100 }),
    model: varchar('model', { length: 64 }),
    sku: varchar('sku', { length: 64 }),
    materialType: smallint('material_type'),
    unitPrice: money('unit_price').notNull().default('0'),
    quantity: integer('quantity').notNull().default(0),
    /** unit price × quantity, set on every write. */
    totalValue: numeric('total_value', { precision: 24, scale: 3 }).notNull().default('0'),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_material_name_uq').on(t.tenantId, t.materialName).where(sql`${t.isDeleted} = 0`)],
);

/** Stock of one SKU in one warehouse: balance = opening + in − out + adjusted; available = balance − reserved. */
export const stockBalance = pgTable(
  'helio_stock_balance',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    warehouseId: id('warehouse_id').notNull(),
    skuId: id('sku_id').notNull(),
    opening: integer('opening').notNull().default(0),
    qtyIn: integer('qty_in').notNull().default(0),
    qtyOut: integer('qty_out').notNull().default(0),
    adjusted: integer('adjusted').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    balance: integer('balance').notNull().default(0),
    updateTime: ts('update_time').defaultNow(),
  },
  (t) => [
    uniqueIndex('helio_stock_balance_uq').on(t.tenantId, t.warehouseId, t.skuId),
    index('helio_stock_balance_sku_idx').on(t.tenantId, t.skuId),
    check('helio_stock_balance_nonnegative', sql`${t.balance} >= 0 AND ${t.reserved} >= 0 AND ${t.reserved} <= ${t.balance}`),
  ],
);

/** A stock movement (Blade `skuHistory`). Never updated but for the cancel mark and the link to its reversal. */
export const stockMovement = pgTable(
  'helio_stock_movement',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    warehouseId: id('warehouse_id').notNull(),
    skuId: id('sku_id').notNull(),
    /** opening, receive, issue, adjust, reserve, release, cancel. */
    movementType: varchar('movement_type', { length: 16 }).notNull(),
    quantity: integer('quantity').notNull(),
    /** issue: taken from the reservation (1) rather than from what is available (0). */
    fromReserved: smallint('from_reserved').notNull().default(0),
    reason: varchar('reason', { length: 255 }),
    reference: varchar('reference', { length: 64 }),
    serials: jsonb('serials').$type<string[]>().notNull().default([]),
    reversalOf: id('reversal_of'),
    reversedBy: id('reversed_by'),
    cancelled: smallint('cancelled').notNull().default(0),
    createUser: id('create_user'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  // The list (stock.queries.ts `movements`), newest first: a tenant's over list_idx, a platform user's (every tenant)
  // over time_idx; the SKU and warehouse filters over their own (their ids belong to one tenant), the serial filter
  // (`serials @> [sn]`) over the GIN index. The movement type (7 values) and the reference (a substring) have none.
  (t) => [
    index('helio_stock_movement_list_idx').on(t.tenantId, t.createTime, t.id),
    index('helio_stock_movement_time_idx').on(t.createTime, t.id),
    index('helio_stock_movement_sku_time_idx').on(t.skuId, t.createTime, t.id),
    index('helio_stock_movement_warehouse_idx').on(t.warehouseId, t.createTime, t.id),
    index('helio_stock_movement_serials_idx').using('gin', t.serials.op('jsonb_path_ops')),
    uniqueIndex('helio_stock_movement_reversal_uq').on(t.reversalOf),
  ],
);

/** The change log (Blade `skuStockLog`): what one movement did to one balance row. */
export const stockLog = pgTable(
  'helio_stock_log',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    movementId: id('movement_id').notNull(),
    warehouseId: id('warehouse_id').notNull(),
    skuId: id('sku_id').notNull(),
    balanceBefore: integer('balance_before').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reservedBefore: integer('reserved_before').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    createUser: id('create_user'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  // The change log's list, newest first, as the movements' above; filtered by SKU, warehouse or movement.
  (t) => [
    index('helio_stock_log_list_idx').on(t.tenantId, t.createTime, t.id),
    index('helio_stock_log_time_idx').on(t.createTime, t.id),
    index('helio_stock_log_sku_idx').on(t.skuId, t.createTime, t.id),
    index('helio_stock_log_warehouse_idx').on(t.warehouseId, t.createTime, t.id),
    index('helio_stock_log_movement_idx').on(t.movementId),
  ],
);

/** A serial number of a serial-tracked SKU and where it is in its life. One row per serial (factory SNs are global). */
export const stockSerial = pgTable(
  'helio_stock_serial',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    serial: varchar('serial', { length: 64 }).notNull(),
    skuId: id('sku_id').notNull(),
    warehouseId: id('warehouse_id').notNull(),
    /** in_stock, reserved, shipped, installed, returned. */
    status: varchar('status', { length: 16 }).notNull(),
    orderRef: varchar('order_ref', { length: 64 }),
    plantId: id('plant_id'),
    /** The receive movement that brought it in. */
    movementId: id('movement_id').notNull(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('helio_stock_serial_uq').on(t.serial), index('helio_stock_serial_sku_idx').on(t.tenantId, t.skuId, t.status)],
);

/**
 * Shipments of installer orders (issue 19; spec §4 "shipment: unshipped, shipped, signed, cancelled, loss or damage;
 * reshipping allowed"): one row per shipment of an order, `seq` 1, 2, … — a reshipment after a loss is a new row.
 * `unshipped` while the warehouse keeps a draft, `shipped` once the stock ledger issued its lines (movements under the
 * order number), `signed` by the site technician (signature attachment), `loss_damage` (reason, photos) or
 * `cancelled` with the order. Written only inside the order's step transactions. `tenant_id` on every row.
 */
import { index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, ts } from '../../db/columns.js';

export interface ShipmentLine {
  sku: string;
  quantity: number;
  serials: string[];
}

export const epcOrderShipment = pgTable(
  'helio_epc_order_shipment',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    orderId: id('order_id').notNull(),
    seq: integer('seq').notNull(),
    /** unshipped, shipped, signed, cancelled, loss_damage. */
    state: varchar('state', { length: 16 }).notNull(),
    lines: jsonb('lines').$type<ShipmentLine[]>().notNull().default([]),
    deliveryNumber: varchar('delivery_number', { length: 64 }),
    /** The stock movements that issued it. */
    movements: jsonb('movements').$type<string[]>().notNull().default([]),
    shippedBy: id('shipped_by'),
    shippedAt: ts('shipped_at'),
    signedBy: id('signed_by'),
    /** The signature image's attachment id. */
    signature: varchar('signature', { length: 64 }),
    signedAt: varchar('signed_at', { length: 19 }),
    lossReason: varchar('loss_reason', { length: 500 }),
    lossPhotos: jsonb('loss_photos').$type<string[]>().notNull().default([]),
    /** Who closed it as lost/damaged or cancelled, and when. */
    closedBy: id('closed_by'),
    closedAt: ts('closed_at'),
    version: integer('version').notNull().default(1),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('helio_epc_order_shipment_uq').on(t.orderId, t.seq), index('helio_epc_order_shipment_tenant_idx').on(t.tenantId, t.state)],
);

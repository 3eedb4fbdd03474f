/**
 * The installer order's base packages (issue 18): a tenant's coded systems with their summary, and their lines
 * (SKU code, quantity, equipment type). Lines name the SKU by code, as the order's BOM does.
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId } from '../../db/columns.js';

const amount = (name: string) => numeric(name, { precision: 14, scale: 3 }).notNull().default('0');

export const epcPackage = pgTable(
  'helio_epc_package',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    kwp: amount('kwp'),
    inverterKw: amount('inverter_kw'),
    batteryKwh: amount('battery_kwh'),
    /** 1 enabled, 0 disabled: only an enabled package may start a design. */
    enabled: smallint('enabled').notNull().default(1),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_epc_package_code_uq').on(t.tenantId, t.code).where(sql`${t.isDeleted} = 0`)],
);

export const epcPackageLine = pgTable(
  'helio_epc_package_line',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    packageId: id('package_id').notNull(),
    sku: varchar('sku', { length: 64 }).notNull(),
    quantity: integer('quantity').notNull(),
    equipmentType: varchar('equipment_type', { length: 64 }),
    ...audit(),
  },
  (t) => [index('helio_epc_package_line_pkg_idx').on(t.packageId)],
);

/**
 * Maintenance orders (issue 20): the order itself is a row of the installer order's tables (`helio_epc_order` with
 * process `maint_order`: its stage-engine state, forms, history); this table keeps what a maintenance order adds and
 * what its list, its look-ups and its KPIs filter and count by — the call-in, the fee type, where the fault is (station,
 * device, alarm, original order) and the service milestones (first visit, close, rework, cost).
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, ts } from '../../db/columns.js';

export const maintOrder = pgTable(
  'helio_maint_order',
  {
    /** = helio_epc_order.id */
    orderId: id('order_id').primaryKey(),
    tenantId: tenantId(),
    agentId: id('agent_id'),
    callInTime: ts('call_in_time').notNull(),
    feeType: varchar('fee_type', { length: 64 }).notNull(),
    stationId: id('station_id'),
    deviceSn: varchar('device_sn', { length: 64 }),
    alarmId: id('alarm_id'),
    installOrderId: id('install_order_id'),
    workOrderNumber: varchar('work_order_number', { length: 64 }),
    /** When the technician first submitted the on-site diagnosis (the first visit). */
    firstVisitAt: ts('first_visit_at'),
    /** When the order ended: completed (`closed`) or cancelled. */
    closedAt: ts('closed_at'),
    outcome: varchar('outcome', { length: 16 }),
    /** Rejects back to the diagnosis or the repair QC: 0 at close = fixed the first time. */
    reworks: integer('reworks').notNull().default(0),
    /** The call-out quote and the ESS quotation charged, in the order's currency. */
    cost: numeric('cost', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** The first site technician assigned (the KPI's installer). */
    installerId: id('installer_id'),
    createTime: ts('create_time').notNull().defaultNow(),
    isDeleted: smallint('is_deleted').notNull().default(0),
  },
  (t) => [
    index('helio_maint_order_call_in_idx').on(t.tenantId, t.callInTime),
    // The list's fee-type filter reads the orders of a fee type from this index alone (bench/maint-order.bench.mjs).
    index('helio_maint_order_fee_idx').on(t.feeType, t.orderId),
    index('helio_maint_order_station_idx').on(t.stationId),
    index('helio_maint_order_device_idx').on(t.deviceSn),
    index('helio_maint_order_alarm_idx').on(t.alarmId).where(sql`${t.alarmId} IS NOT NULL`),
    index('helio_maint_order_install_idx').on(t.installOrderId).where(sql`${t.installOrderId} IS NOT NULL`),
  ],
);

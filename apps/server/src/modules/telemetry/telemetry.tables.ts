/** The telemetry module's own tables (the time-partitioned report tables are hand-written SQL: partitions.ts). */
import { index, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from '../../db/columns.js';

/**
 * Commands sent to devices and their replies (docs/device-protocol.md, "Commands"). A reply is matched by id and
 * the replying device's SN, once (`status` leaves `sent` at most once), on whichever process receives it.
 */
export const deviceCommand = pgTable(
  'helio_device_command',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    deviceSn: varchar('device_sn', { length: 64 }).notNull(),
    method: varchar('method', { length: 64 }).notNull(),
    params: jsonb('params'),
    /** sent → ok | error (the device's answer) | expired (no answer in time). */
    status: varchar('status', { length: 16 }).notNull().default('sent'),
    result: jsonb('result'),
    error: text('error'),
    createUser: id('create_user'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    repliedAt: ts('replied_at'),
  },
  (t) => [index('helio_device_command_sn_idx').on(t.deviceSn, t.createdAt), index('helio_device_command_open_idx').on(t.status, t.expiresAt)],
);

/**
 * Per-device threshold overrides (issue 14): a device's own threshold, clear level, duration or on/off for one of its
 * type's threshold rules (e.g. a guardian's configured leakage current). A null value follows the type's rule
 * (`helio_alarm_definition.rule`). One row per device and rule code; removing an override deletes its row.
 */
import { index, integer, pgTable, real, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, ts, version } from '../../db/columns.js';

export const alarmThreshold = pgTable(
  'helio_alarm_threshold',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    deviceId: id('device_id').notNull(),
    alarmCode: integer('alarm_code').notNull(),
    threshold: real('threshold'),
    clearLevel: real('clear_level'),
    durationS: integer('duration_s'),
    /** 1 the rule applies to the device, 0 it does not. */
    enabled: smallint('enabled').notNull().default(1),
    createUser: id('create_user'),
    createTime: ts('create_time').defaultNow(),
    updateUser: id('update_user'),
    updateTime: ts('update_time').defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex('helio_alarm_threshold_uq').on(t.deviceId, t.alarmCode),
    index('helio_alarm_threshold_tenant_idx').on(t.tenantId),
  ],
);

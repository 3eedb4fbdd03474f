/**
 * The alarm module's own tables. The alarms themselves and their follow-up records are `helio_alarm` and
 * `helio_alarm_record` (db/schema-device.ts, shared with the network-status run that raises fault and offline
 * alarms); what the alarm lifecycle adds to an alarm is kept beside it, one row per alarm, here.
 */
import { index, integer, jsonb, pgTable, primaryKey, real, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts } from '../../db/columns.js';

/**
 * The alarm catalogue (reference data from contracts `alarm-catalogue.ts`, editable by platform users): per device
 * type and code, severity (4 critical … 1 warning), category, names, cause, remedy and, for threshold rules, the rule.
 * Platform-wide: every tenant's devices speak the same codes.
 */
export const alarmDefinition = pgTable(
  'helio_alarm_definition',
  {
    id: id('id').primaryKey(),
    deviceType: smallint('device_type').notNull(),
    alarmCode: integer('alarm_code').notNull(),
    /** `alarm_type`: 1 fault, 2 warning, 3 offline, 4 threshold rule. */
    alarmType: smallint('alarm_type').notNull(),
    /** `alarm_severity`: 4 critical, 3 major, 2 minor, 1 warning. */
    severity: smallint('severity').notNull(),
    /** `alarm_category`. */
    category: varchar('category', { length: 20 }).notNull(),
    /** sunspec, vendor, platform, rule. */
    source: varchar('source', { length: 12 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    causeZh: varchar('cause_zh', { length: 500 }),
    causeEn: varchar('cause_en', { length: 500 }),
    remedyZh: varchar('remedy_zh', { length: 500 }),
    remedyEn: varchar('remedy_en', { length: 500 }),
    /** Threshold rules: `{metric, op, threshold, clear, durationS}`; null for device codes. */
    rule: jsonb('rule'),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_alarm_definition_uq').on(t.deviceType, t.alarmCode)],
);

/**
 * The lifecycle of one `helio_alarm` row beyond its status: how often it was seen and when last, acknowledgement,
 * assignee and category. An alarm without a row here (raised by the network-status run or the demo backfill) reads
 * as seen once at its trigger time, unacknowledged and unassigned.
 */
export const alarmLifecycle = pgTable(
  'helio_alarm_lifecycle',
  {
    alarmId: id('alarm_id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    lastSeen: ts('last_seen').notNull(),
    category: varchar('category', { length: 20 }),
    /** The measured value that raised (threshold rules). */
    value: real('value'),
    /** `alarm_ack_status`: 0 unacknowledged, 1 acknowledged. */
    ackStatus: smallint('ack_status').notNull().default(0),
    ackUser: id('ack_user'),
    ackTime: ts('ack_time'),
    assigneeId: id('assignee_id'),
    updateTime: ts('update_time').defaultNow(),
  },
  (t) => [index('helio_alarm_lifecycle_tenant_idx').on(t.tenantId, t.ackStatus)],
);

/**
 * Rule evaluation memory per device, kept so a restart loses nothing: the newest report evaluated (`lastTs`) and the
 * threshold conditions pending their duration (`pending`: rule code → epoch ms since which the condition held).
 */
export const alarmDeviceState = pgTable('helio_alarm_device_state', {
  deviceId: id('device_id').primaryKey(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  lastTs: ts('last_ts').notNull(),
  pending: jsonb('pending').notNull().default({}),
  updateTime: ts('update_time').defaultNow(),
});

/**
 * The photos of a follow-up record (`helio_alarm_record`): attachments (`blade_attach`) of the tenant of the user who
 * wrote it, in the order sent. Written with the record, in its transaction, and never changed: records are history.
 */
export const alarmRecordPhoto = pgTable(
  'helio_alarm_record_photo',
  {
    recordId: id('record_id').notNull(),
    /** Position in the record, from 0. */
    seq: smallint('seq').notNull(),
    attachId: id('attach_id').notNull(),
    /** The record's tenant (the alarm's). */
    tenantId: tenantId(),
    createTime: ts('create_time').defaultNow(),
  },
  (t) => [primaryKey({ name: 'helio_alarm_record_photo_pk', columns: [t.recordId, t.seq] })],
);

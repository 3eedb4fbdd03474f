/**
 * The notify module's tables (docs/notifications.md): per-user alarm subscriptions, one record per notification
 * (alarm × person × channel × kind) with its result, and the in-app inbox behind the shell's bell.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts } from '../../db/columns.js';

/** A user's alarm subscription (a user may keep several; an alarm matching any of them is notified once per channel). */
export const alarmSubscription = pgTable(
  'helio_alarm_subscription',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    userId: id('user_id').notNull(),
    name: varchar('name', { length: 50 }),
    /** Station ids (strings); empty: every station the user can see. */
    plantIds: jsonb('plant_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** 4 critical … 1 warning: alarms of this severity or above. */
    minSeverity: smallint('min_severity').notNull().default(1),
    /** Alarm categories; empty: all. */
    categories: jsonb('categories').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** inapp, sms, mail. */
    channels: jsonb('channels').$type<string[]>().notNull().default(sql`'["inapp"]'::jsonb`),
    /** Quiet hours, local `HH:mm` (HELIO_TIMEZONE); both or neither. */
    quietStart: varchar('quiet_start', { length: 5 }),
    quietEnd: varchar('quiet_end', { length: 5 }),
    recovery: smallint('recovery').notNull().default(1),
    escalation: smallint('escalation').notNull().default(0),
    enabled: smallint('enabled').notNull().default(1),
    ...audit(),
  },
  (t) => [index('helio_alarm_subscription_user_idx').on(t.tenantId, t.userId)],
);

/**
 * One notification: an alarm (`kind` raised, recovered or escalation) for one person on one channel. `queued` rows
 * wait for their group's flush (`due_at`; the group is tenant, user, channel, kind and alarm code — flood control);
 * the flush that carries them sets `message_id` (one message may carry a digest of many), then `sent` or `failed`
 * with the error. `suppressed`: held back on purpose (quiet hours), never sent.
 */
export const alarmNotification = pgTable(
  'helio_alarm_notification',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    alarmId: id('alarm_id').notNull(),
    userId: id('user_id').notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    alarmCode: integer('alarm_code').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    error: varchar('error', { length: 500 }),
    dueAt: ts('due_at'),
    messageId: id('message_id'),
    /** Alarms in the message that carried this one. */
    batchSize: integer('batch_size'),
    createTime: ts('create_time').notNull().defaultNow(),
    sentTime: ts('sent_time'),
  },
  (t) => [
    // One record per alarm, person, channel and kind (a retried job or a repeated event adds nothing).
    uniqueIndex('helio_alarm_notification_uq').on(t.alarmId, t.userId, t.channel, t.kind),
    index('helio_alarm_notification_group_idx').on(t.tenantId, t.userId, t.channel, t.kind, t.alarmCode, t.status),
    index('helio_alarm_notification_due_idx').on(t.dueAt).where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * The in-app channel: one row per message to a user (a digest is one row for many alarms). Texts are rendered when
 * read, in the reader's language, from the alarm catalogue.
 */
export const notifyInbox = pgTable(
  'helio_notify_inbox',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: id('user_id').notNull(),
    /** The first alarm of the message. */
    alarmId: id('alarm_id').notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    alarmCode: integer('alarm_code').notNull(),
    deviceType: smallint('device_type').notNull(),
    severity: smallint('severity').notNull(),
    count: integer('count').notNull().default(1),
    /** The first device serials (at most 5) and the station of the first alarm. */
    sns: jsonb('sns').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    plantName: varchar('plant_name', { length: 100 }),
    /** Minutes waited (escalations). */
    waitedMinutes: integer('waited_minutes'),
    readFlag: smallint('read_flag').notNull().default(0),
    readTime: ts('read_time'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('helio_notify_inbox_user_idx').on(t.tenantId, t.userId, t.readFlag, t.createTime)],
);

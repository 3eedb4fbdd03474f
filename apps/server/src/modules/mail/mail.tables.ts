/**
 * The mail module's tables: SMTP configurations (`status` 2 = the tenant's enabled one, at most one, held by a
 * partial unique index; the password sealed with the storage key, core/secret-box.ts) and the outbox, one row per
 * message the module was asked to send, with its result.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts } from '../../db/columns.js';

export const mailConfig = pgTable(
  'helio_mail',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    host: varchar('host', { length: 253 }).notNull(),
    port: integer('port').notNull().default(587),
    /** none, starttls, tls (contracts MAIL_SECURITY). */
    security: varchar('security', { length: 16 }).notNull().default('starttls'),
    username: varchar('username', { length: 255 }),
    /** Sealed (`gcm1:…`), never in clear. */
    password: varchar('password', { length: 1000 }),
    fromAddress: varchar('from_address', { length: 254 }).notNull(),
    fromName: varchar('from_name', { length: 64 }),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [
    index('helio_mail_tenant_idx').on(t.tenantId, t.isDeleted),
    uniqueIndex('helio_mail_enabled_uq').on(t.tenantId).where(sql`${t.status} = 2 AND ${t.isDeleted} = 0`),
  ],
);

export const mailOutbox = pgTable(
  'helio_mail_outbox',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    /** The configuration it went through (null: none was enabled). */
    mailId: id('mail_id'),
    toAddress: varchar('to_address', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    /** test (the test send), notify (notifications), message (other callers of `send`). */
    scene: varchar('scene', { length: 16 }).notNull(),
    /** 1 accepted by the SMTP server, 0 failed. */
    success: smallint('success').notNull(),
    error: varchar('error', { length: 500 }),
    messageId: varchar('message_id', { length: 255 }),
    createUser: id('create_user'),
    createTime: ts('create_time').defaultNow(),
  },
  (t) => [index('helio_mail_outbox_tenant_idx').on(t.tenantId, t.createTime)],
);

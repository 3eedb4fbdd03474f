/**
 * The mails of installer orders (issue 18): one row per attempt to send an order's quote, ESS payment confirmation
 * or final payment confirmation — to, subject, body, the attachments' names and sizes (not their bytes: the PDF is
 * rendered again from the order), the result and, on failure, why (in the language of the attempt). `outbox_id`
 * names the mail module's outbox row of the same message. `tenant_id` on every row.
 */
import { index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, ts } from '../../db/columns.js';

export interface MailAttachmentInfo {
  name: string;
  size: number;
  contentType: string;
}

export const epcOrderMail = pgTable(
  'helio_epc_order_mail',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    orderId: id('order_id').notNull(),
    /** quote | payment | finalPayment (contracts ORDER_MAIL_KINDS). */
    kind: varchar('kind', { length: 16 }).notNull(),
    toAddress: varchar('to_address', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    body: text('body').notNull(),
    language: varchar('language', { length: 8 }).notNull(),
    attachments: jsonb('attachments').$type<MailAttachmentInfo[]>().notNull(),
    /** sent | failed */
    status: varchar('status', { length: 8 }).notNull(),
    error: varchar('error', { length: 500 }),
    outboxId: id('outbox_id'),
    /** The order's version when it was sent (sending never changes it). */
    orderVersion: integer('order_version').notNull(),
    createUser: id('create_user'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('helio_epc_order_mail_order_idx').on(t.orderId, t.kind, t.createTime)],
);

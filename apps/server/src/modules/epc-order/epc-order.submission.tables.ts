/**
 * Submissions of an installer order's steps that carry a client-generated id (issue 19: a form filled offline on a
 * phone is submitted when the connection returns, possibly twice). The step that first carries an id is stored with
 * it in the step's transaction; a repeat of the same id on the same order acts no more and answers the order as it is.
 * `tenant_id` on every row.
 */
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, ts } from '../../db/columns.js';

export const epcOrderSubmission = pgTable(
  'helio_epc_order_submission',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    orderId: id('order_id').notNull(),
    /** The client's id of the submission (a UUID the form made when it was filled). */
    submissionId: varchar('submission_id', { length: 64 }).notNull(),
    stage: varchar('stage', { length: 64 }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    /** The order's version the step produced. */
    version: integer('version').notNull(),
    userId: id('user_id').notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('helio_epc_order_submission_uq').on(t.orderId, t.submissionId)],
);

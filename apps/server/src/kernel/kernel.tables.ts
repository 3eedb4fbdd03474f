/** The kernel's own tables: durable jobs and the reference-data versions each module has applied. */
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../db/columns.js';

/**
 * One row per pending, running or failed job (a finished one-off job is deleted; a recurring one is rescheduled).
 * `key` deduplicates (`every:<name>` for recurring jobs). A process claims due rows with FOR UPDATE SKIP LOCKED and
 * holds them until `locked_until`; a row whose holder died is taken over after its lease.
 */
export const job = pgTable(
  'helio_job',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    key: varchar('key', { length: 200 }),
    payload: jsonb('payload'),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: varchar('locked_by', { length: 64 }),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('helio_job_key_uq').on(t.key), index('helio_job_due_idx').on(t.status, t.runAt)],
);

/** The reference-data version (kernel/reference.ts: the manifest's version and a hash of the content) each module last applied. */
export const referenceVersion = pgTable('helio_reference_version', {
  module: varchar('module', { length: 64 }).primaryKey(),
  version: varchar('version', { length: 80 }).notNull(),
  appliedAt: ts('applied_at').notNull().defaultNow(),
});

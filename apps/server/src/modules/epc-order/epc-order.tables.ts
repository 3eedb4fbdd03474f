/**
 * Installer (EPC) orders (issue 18): the order (its stage-engine state, the stage and sub-status as plain columns for
 * worklists and reports, the dwell columns, `version` as the optimistic lock), its stage forms (one jsonb row per
 * form key: customer, survey with the electrical survey, design with its BOM lines, stock audit, quotes, payments)
 * and its review history. `tenant_id` on every row.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ProcessState } from '@helio/contracts/process/types';
import { id, tenantId, ts } from '../../db/columns.js';

const v = (name: string, length: number) => varchar(name, { length });

export const epcOrder = pgTable(
  'helio_epc_order',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    orderNumber: v('order_number', 32).notNull(),
    agentId: id('agent_id'),
    customerName: v('customer_name', 100).notNull(),
    customerPhone: v('customer_phone', 32),
    projectType: v('project_type', 64),
    process: v('process', 64).notNull(),
    stage: v('stage', 64).notNull(),
    subStatus: v('sub_status', 64),
    inReview: boolean('in_review').notNull().default(false),
    /** 'cancel' | 'edit' while a request waits for an examiner. */
    pending: v('pending', 16),
    /** The stage engine's state (visits, assignees, pending request, scope). */
    state: jsonb('state').$type<ProcessState>().notNull(),
    /** Dwell: when the current stage was entered, and when the order ended. */
    stageEnteredAt: ts('stage_entered_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    version: integer('version').notNull().default(0),
    createUser: id('create_user'),
    createTime: ts('create_time').notNull().defaultNow(),
    updateUser: id('update_user'),
    updateTime: ts('update_time').notNull().defaultNow(),
    isDeleted: smallint('is_deleted').notNull().default(0),
  },
  (t) => [
    uniqueIndex('helio_epc_order_number_uq').on(t.tenantId, t.orderNumber),
    // A whole order number looked up across tenants (the platform's list filter; epc-order.service.ts WHOLE_NUMBER).
    index('helio_epc_order_number_idx').on(t.orderNumber),
    index('helio_epc_order_stage_idx').on(t.tenantId, t.stage),
    index('helio_epc_order_agent_idx').on(t.agentId),
    // The order page (bench/epc-order.bench.mjs, 100,000 orders; maintenance orders share the table: `process` leads, so
    // each kind's page walks only its own): newest first across companies is a backward walk of
    // this index that stops after a page, and the count and the text filters (order number, customer name: ILIKE) read
    // it index-only instead of the rows with their stage-engine state. Where pg_trgm is installed, the two text
    // filters also have trigram GIN indexes (hand-written: drizzle/0025_epc-order-list-search.sql, db/hand-written.ts).
    index('helio_epc_order_list_idx')
      .on(t.process, t.createTime, t.id, t.customerName, t.orderNumber, t.stage, t.agentId)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

export const epcOrderForm = pgTable(
  'helio_epc_order_form',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    orderId: id('order_id').notNull(),
    formKey: v('form_key', 64).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updateUser: id('update_user'),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('helio_epc_order_form_uq').on(t.orderId, t.formKey)],
);

export const epcOrderHistory = pgTable(
  'helio_epc_order_history',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    orderId: id('order_id').notNull(),
    stage: v('stage', 64).notNull(),
    toStage: v('to_stage', 64).notNull(),
    action: v('action', 16).notNull(),
    approved: boolean('approved'),
    request: v('request', 16),
    userId: id('user_id').notNull(),
    role: v('role', 64).notNull(),
    comment: v('comment', 500),
    attachments: jsonb('attachments').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    subStatus: v('sub_status', 64),
    dwellDays: integer('dwell_days'),
    version: integer('version').notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('helio_epc_order_history_order_idx').on(t.orderId, t.version)],
);

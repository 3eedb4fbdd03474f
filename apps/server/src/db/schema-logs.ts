/**
 * Shared tables, continued from schema.ts (re-exported there): the Blade log tables (API, usual, error), the sign-in
 * sessions and refresh tokens, per-deployment secrets and the seed log.
 */
import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, ts } from './columns.js';

const logColumns = () => ({
  id: id('id').primaryKey(),
  tenantId: tenantId(),
  serviceId: varchar('service_id', { length: 32 }),
  serverHost: varchar('server_host', { length: 255 }),
  serverIp: varchar('server_ip', { length: 255 }),
  env: varchar('env', { length: 255 }),
  method: varchar('method', { length: 10 }),
  requestUri: varchar('request_uri', { length: 255 }),
  userAgent: varchar('user_agent', { length: 1000 }),
  remoteIp: varchar('remote_ip', { length: 255 }),
  methodClass: varchar('method_class', { length: 255 }),
  methodName: varchar('method_name', { length: 255 }),
  params: text('params'),
  createBy: varchar('create_by', { length: 64 }),
  createTime: ts('create_time').defaultNow(),
});

export const logApi = pgTable(
  'blade_log_api',
  {
    ...logColumns(),
    type: varchar('type', { length: 2 }).default('1'),
    title: varchar('title', { length: 255 }),
    time: varchar('time', { length: 64 }),
    resultCode: integer('result_code'),
  },
  (t) => [index('blade_log_api_time_idx').on(t.createTime), index('blade_log_api_tenant_idx').on(t.tenantId, t.createTime)],
);

export const logUsual = pgTable(
  'blade_log_usual',
  {
    ...logColumns(),
    logLevel: varchar('log_level', { length: 10 }),
    logId: varchar('log_id', { length: 100 }),
    logData: text('log_data'),
  },
  (t) => [index('blade_log_usual_time_idx').on(t.createTime), index('blade_log_usual_tenant_idx').on(t.tenantId, t.createTime)],
);

export const logError = pgTable(
  'blade_log_error',
  {
    ...logColumns(),
    stackTrace: text('stack_trace'),
    exceptionName: varchar('exception_name', { length: 255 }),
    message: text('message'),
    lineNumber: integer('line_number'),
    fileName: varchar('file_name', { length: 1000 }),
    source: varchar('source', { length: 16 }).notNull().default('server'),
  },
  (t) => [index('blade_log_error_time_idx').on(t.createTime), index('blade_log_error_tenant_idx').on(t.tenantId, t.createTime)],
);

/** A sign-in session = one refresh-token family. Access tokens carry its id (`sid`) and die with it. */
export const session = pgTable(
  'helio_session',
  {
    id: id('id').primaryKey(),
    userId: id('user_id').notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    deptId: text('dept_id'),
    roleId: text('role_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: varchar('revoke_reason', { length: 32 }),
  },
  (t) => [index('helio_session_user_idx').on(t.userId)],
);

/** Refresh tokens are opaque; only their sha256 is stored. A rotated token presented again revokes its family. */
export const refreshToken = pgTable(
  'helio_refresh_token',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    sessionId: id('session_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
  },
  (t) => [index('helio_refresh_token_session_idx').on(t.sessionId)],
);

/** Per-deployment secrets generated at first start (JWT signing key, SM2 key pair). */
export const secret = pgTable('helio_secret', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Records which one-time seed steps ran, so a restart never re-seeds or overwrites edits. */
export const seedLog = pgTable(
  'helio_seed_log',
  { step: varchar('step', { length: 64 }).notNull(), doneAt: ts('done_at').notNull().defaultNow() },
  (t) => [primaryKey({ columns: [t.step] })],
);

/** Column builders every schema file shares: 64-bit ids, timestamps, tenant id and the Blade audit columns. */
import { sql, type SQL } from 'drizzle-orm';
import { customType, integer, timestamp, varchar, type PgColumn } from 'drizzle-orm/pg-core';

/** 64-bit ids kept as strings in JS (they exceed 2^53; clients get strings, as in Blade). */
export const id = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (v) => String(v),
  toDriver: (v) => v,
});

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Optimistic locking: the row's version, 1 when inserted and raised by one in every UPDATE the ORM issues, in the
 * same statement (also soft deletes, grants, password resets: an edit form opened before them is then stale). An
 * edit that carries the version it read also puts it in its WHERE clause, so a stale edit touches nothing
 * (core/optimistic.ts). Raw-SQL updates (ingest, status) leave it alone: they change no form field.
 */
export const version = () => {
  const builder = integer('version').notNull().default(1);
  const build = (builder as unknown as { build(table: unknown): PgColumn }).build.bind(builder);
  return Object.assign(builder, {
    build(table: unknown) {
      const column = build(table);
      // `$onUpdate`, but qualified with the table: a bare "version" is ambiguous in INSERT … ON CONFLICT DO UPDATE.
      (column as unknown as { onUpdateFn: () => SQL }).onUpdateFn = () => sql`${column} + 1`;
      return column;
    },
  });
};

/** Blade BaseEntity columns: create/update user, dept, time; status; is_deleted; version (Helio). */
export const audit = () => ({
  createUser: id('create_user'),
  createDept: id('create_dept'),
  createTime: ts('create_time').defaultNow(),
  updateUser: id('update_user'),
  updateTime: ts('update_time').defaultNow(),
  status: integer('status').notNull().default(1),
  isDeleted: integer('is_deleted').notNull().default(0),
  version: version(),
});

export const tenantId = () => varchar('tenant_id', { length: 12 }).notNull().default('000000');

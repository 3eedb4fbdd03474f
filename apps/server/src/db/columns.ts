/** Column builders every schema file shares: 64-bit ids, timestamps, tenant id and the Blade audit columns. */
import { customType, integer, timestamp, varchar } from 'drizzle-orm/pg-core';

/** 64-bit ids kept as strings in JS (they exceed 2^53; clients get strings, as in Blade). */
export const id = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (v) => String(v),
  toDriver: (v) => v,
});

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Blade BaseEntity columns: create/update user, dept, time; status; is_deleted. */
export const audit = () => ({
  createUser: id('create_user'),
  createDept: id('create_dept'),
  createTime: ts('create_time').defaultNow(),
  updateUser: id('update_user'),
  updateTime: ts('update_time').defaultNow(),
  status: integer('status').notNull().default(1),
  isDeleted: integer('is_deleted').notNull().default(0),
});

export const tenantId = () => varchar('tenant_id', { length: 12 }).notNull().default('000000');

/**
 * Remote settings (issue 15): the setting items and protocol address map (platform configuration), the commands that
 * carry settings to devices (one row per device and issue, with its state), the immutable operation log and the
 * per-device settings versions.
 */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts } from '../../db/columns.js';

export const setItem = pgTable(
  'helio_setting_item',
  {
    id: id('id').primaryKey(),
    deviceType: smallint('device_type').notNull(),
    /** '' = every model of the device type. */
    deviceModel: varchar('device_model', { length: 64 }).notNull().default(''),
    settingType: varchar('setting_type', { length: 32 }).notNull(),
    itemCategory: varchar('item_category', { length: 32 }).notNull(),
    itemType: varchar('item_type', { length: 32 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    itemKey: varchar('item_key', { length: 64 }).notNull(),
    valueType: varchar('value_type', { length: 32 }).notNull(),
    unit: varchar('unit', { length: 16 }),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    decimals: smallint('decimals'),
    defaultValue: varchar('default_value', { length: 64 }),
    valueOptions: varchar('value_options', { length: 500 }),
    gridCode: smallint('grid_code').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    protocolVersion: varchar('protocol_version', { length: 32 }),
    addressMapping: varchar('address_mapping', { length: 32 }),
    dbField: varchar('db_field', { length: 64 }),
    dbTable: varchar('db_table', { length: 64 }),
    reservedField: varchar('reserved_field', { length: 255 }),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_setting_item_uq').on(t.deviceType, t.deviceModel, t.itemKey).where(sql`${t.isDeleted} = 0`)],
);

export const addressMap = pgTable(
  'helio_address_map',
  {
    id: id('id').primaryKey(),
    manufacturer: varchar('manufacturer', { length: 100 }).notNull(),
    protocolVersion: varchar('protocol_version', { length: 32 }).notNull(),
    physicalAddress: integer('physical_address').notNull(),
    attributeName: varchar('attribute_name', { length: 64 }).notNull(),
    dataType: varchar('data_type', { length: 32 }).notNull(),
    unit: varchar('unit', { length: 16 }),
    dataLength: integer('data_length').notNull().default(1),
    systemDefault: varchar('system_default', { length: 64 }),
    addressMapping: varchar('address_mapping', { length: 32 }),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_address_map_uq').on(t.manufacturer, t.protocolVersion, t.physicalAddress).where(sql`${t.isDeleted} = 0`)],
);

/**
 * One issue of settings to one device. States: pending_approval → queued → sent → delivered → succeeded (verified
 * 1/0), or rejected, failed (the device's reason), timed_out, expired (docs/device-protocol.md, "Settings").
 */
export const settingCommand = pgTable(
  'helio_setting_command',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    /** The issue request this command is part of (one per device). */
    batchId: id('batch_id').notNull(),
    deviceId: id('device_id').notNull(),
    deviceSn: varchar('device_sn', { length: 64 }).notNull(),
    deviceType: smallint('device_type').notNull(),
    /** `{key: value}` to write; `oldValues` what Helio knew before. */
    items: jsonb('items').notNull(),
    oldValues: jsonb('old_values').notNull(),
    state: varchar('state', { length: 20 }).notNull(),
    verified: smallint('verified'),
    reason: varchar('reason', { length: 500 }),
    gridCode: smallint('grid_code').notNull().default(0),
    timeoutMs: integer('timeout_ms').notNull(),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at'),
    finishedAt: ts('finished_at'),
    approveUser: id('approve_user'),
    approveTime: ts('approve_time'),
    /** The settings version this command restores, if any. */
    restoreOf: id('restore_of'),
    ...audit(),
  },
  (t) => [
    index('helio_setting_command_state_idx').on(t.state, t.expiresAt),
    index('helio_setting_command_device_idx').on(t.deviceSn, t.createTime),
    index('helio_setting_command_batch_idx').on(t.batchId),
  ],
);

/** Every remote write, one row per item, written once when its command ends (no update, no delete). */
export const settingLog = pgTable(
  'helio_setting_log',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    commandId: id('command_id').notNull(),
    deviceSn: varchar('device_sn', { length: 64 }).notNull(),
    deviceType: smallint('device_type').notNull(),
    itemKey: varchar('item_key', { length: 64 }).notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    /** The command's final state (succeeded, failed, timed_out, expired, rejected). */
    result: varchar('result', { length: 20 }).notNull(),
    verified: smallint('verified'),
    reason: varchar('reason', { length: 500 }),
    operator: id('operator'),
    approveUser: id('approve_user'),
    createTime: ts('create_time').defaultNow().notNull(),
  },
  (t) => [index('helio_setting_log_device_idx').on(t.deviceSn, t.createTime), index('helio_setting_log_tenant_idx').on(t.tenantId, t.createTime)],
);

/** A device's settings after each successful write: version n, all known values, what changed, who. */
export const settingVersion = pgTable(
  'helio_setting_version',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    deviceSn: varchar('device_sn', { length: 64 }).notNull(),
    versionNo: integer('version_no').notNull(),
    settingValues: jsonb('setting_values').notNull(),
    changed: jsonb('changed').notNull(),
    commandId: id('command_id').notNull(),
    createUser: id('create_user'),
    createTime: ts('create_time').defaultNow().notNull(),
  },
  (t) => [uniqueIndex('helio_setting_version_uq').on(t.deviceSn, t.versionNo)],
);

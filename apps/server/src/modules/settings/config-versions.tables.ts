/**
 * The Configuration area's version lists (contracts `config-versions.resource`): which firmware/protocol versions match
 * which device models, and the firmware versions a model ships with from the factory. Platform configuration (no
 * tenant column); one live row per device type, model, firmware type and version.
 */
import { sql } from 'drizzle-orm';
import { date, index, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

export const matchingList = pgTable(
  'helio_version_matching',
  {
    id: id('id').primaryKey(),
    /** dictionary `device_type`. */
    deviceType: smallint('device_type').notNull(),
    deviceModel: varchar('device_model', { length: 64 }).notNull(),
    /** dictionary `firmware_type`. */
    firmwareType: smallint('firmware_type').notNull(),
    firmwareVersion: varchar('firmware_version', { length: 32 }).notNull(),
    protocolVersion: varchar('protocol_version', { length: 32 }).notNull(),
    /** dictionary `ota_version_status` (draft, testing, released, withdrawn). */
    matchStatus: smallint('match_status').notNull(),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [
    uniqueIndex('helio_version_matching_uq').on(t.deviceType, t.deviceModel, t.firmwareType, t.firmwareVersion).where(sql`${t.isDeleted} = 0`),
    index('helio_version_matching_model_idx').on(t.deviceModel),
  ],
);

export const factoryVersion = pgTable(
  'helio_factory_version',
  {
    id: id('id').primaryKey(),
    deviceType: smallint('device_type').notNull(),
    deviceModel: varchar('device_model', { length: 64 }).notNull(),
    firmwareType: smallint('firmware_type').notNull(),
    firmwareVersion: varchar('firmware_version', { length: 32 }).notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [uniqueIndex('helio_factory_version_uq').on(t.deviceType, t.deviceModel, t.firmwareType, t.firmwareVersion).where(sql`${t.isDeleted} = 0`)],
);

/**
 * OTA firmware (issue 15): packages (`otaUpdatePack`, one firmware file each), the files themselves (stored in the
 * database in 1 MiB chunks, so every process serves them and a Range request reads only the chunks it needs),
 * per-device upgrades (the 8-state machine of ota.state.ts) and staged campaigns (canary, waves, halt, rollback).
 */
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts, version } from '../../db/columns.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
  toDriver: (v) => v,
});

/** A firmware package (Blade `otaUpdatePack`). */
export const otaPackage = pgTable(
  'helio_ota_package',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    company: varchar('company', { length: 100 }),
    /** dictionary `device_type` (1 inverter, 2 battery, 3 guardian, 4 charger). */
    deviceType: smallint('device_type').notNull(),
    /** dictionary `firmware_type` (1 master, 2 slave, 3 ems, 4 dcdc, 5 bms, 6 comm). */
    firmwareType: smallint('firmware_type').notNull(),
    firmwareVersion: varchar('firmware_version', { length: 32 }).notNull(),
    /** dictionary `ota_version_status`. */
    versionStatus: smallint('version_status').notNull().default(1),
    inverterModel: varchar('inverter_model', { length: 64 }),
    firmwareBatch: varchar('firmware_batch', { length: 64 }),
    versionInfo: varchar('version_info', { length: 1000 }),
    remark: varchar('remark', { length: 255 }),
    /** 0 no, 1 yes. */
    forceUpdate: smallint('force_update').notNull().default(0),
    cdnUrl: varchar('cdn_url', { length: 500 }),
    fileId: id('file_id').notNull(),
    fileName: varchar('file_name', { length: 200 }),
    fileSize: integer('file_size'),
    fileSha256: varchar('file_sha256', { length: 64 }),
    uploadTime: ts('upload_time'),
    ...audit(),
  },
  (t) => [
    uniqueIndex('helio_ota_package_version_uq')
      .on(t.tenantId, t.deviceType, t.firmwareType, t.firmwareVersion)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

/** An uploaded firmware file: its hash and size, computed on upload. */
export const otaFile = pgTable('helio_ota_file', {
  id: id('id').primaryKey(),
  tenantId: tenantId(),
  originalName: varchar('original_name', { length: 200 }).notNull(),
  fileSize: integer('file_size').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  mime: varchar('mime', { length: 100 }).notNull(),
  createUser: id('create_user'),
  createTime: ts('create_time').defaultNow(),
});

export const otaFileChunk = pgTable(
  'helio_ota_file_chunk',
  {
    fileId: id('file_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/** A staged roll-out of one package to the devices matching a filter. */
export const otaCampaign = pgTable(
  'helio_ota_campaign',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    campaignName: varchar('campaign_name', { length: 100 }).notNull(),
    packageId: id('package_id').notNull(),
    /** The package a rollback re-flashes (chosen when the campaign halts, or found by the devices' previous version). */
    rollbackPackageId: id('rollback_package_id'),
    /** `{model?, currentVersion?, plantId?, sns?}` as given. */
    filter: jsonb('filter').notNull().default({}),
    /** running | halted | rolling_back | rolled_back | done | cancelled (ota.state.ts). */
    state: varchar('state', { length: 16 }).notNull(),
    haltReason: varchar('halt_reason', { length: 255 }),
    canaryPercent: integer('canary_percent').notNull(),
    waveSize: integer('wave_size').notNull(),
    pacePerMinute: integer('pace_per_minute').notNull(),
    failureThreshold: integer('failure_threshold').notNull(),
    /** 'HH:mm' station local time; equal start and end = always open. */
    windowStart: varchar('window_start', { length: 5 }).notNull(),
    windowEnd: varchar('window_end', { length: 5 }).notNull(),
    /** Milliseconds an upgrade may take before it counts as failed (timed out). */
    upgradeTimeoutMs: integer('upgrade_timeout_ms').notNull(),
    /** How often the campaign's step job looks again while a wave runs. */
    tickMs: integer('tick_ms').notNull(),
    currentWave: integer('current_wave').notNull().default(0),
    waveCount: integer('wave_count').notNull().default(0),
    /** Step counter: each step job's dedup key carries it. */
    step: integer('step').notNull().default(0),
    startTime: ts('start_time'),
    endTime: ts('end_time'),
    createUser: id('create_user'),
    createTime: ts('create_time').defaultNow(),
    updateTime: ts('update_time').defaultNow(),
    version: version(),
  },
  (t) => [index('helio_ota_campaign_tenant_idx').on(t.tenantId, t.createTime)],
);

/** One device's upgrade to one package (a campaign's target, a single upgrade, a retry or a rollback). */
export const otaUpgrade = pgTable(
  'helio_ota_upgrade',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    deviceId: id('device_id').notNull(),
    deviceSn: varchar('device_sn', { length: 64 }).notNull(),
    plantId: id('plant_id'),
    packageId: id('package_id').notNull(),
    campaignId: id('campaign_id'),
    /** 0 canary, 1… waves; rollback targets are in wave 0 of the rollback phase. */
    wave: integer('wave').notNull().default(0),
    /** upgrade | rollback */
    purpose: varchar('purpose', { length: 16 }).notNull().default('upgrade'),
    /** queued | notified | downloading | downloaded | verifying | updating | updated | failed */
    state: varchar('state', { length: 16 }).notNull(),
    progress: smallint('progress').notNull().default(0),
    fromVersion: varchar('from_version', { length: 32 }),
    toVersion: varchar('to_version', { length: 32 }).notNull(),
    reportedVersion: varchar('reported_version', { length: 32 }),
    failReason: varchar('fail_reason', { length: 255 }),
    attempts: integer('attempts').notNull().default(0),
    /** How long after the notify the upgrade may run before it fails as timed out. */
    timeoutMs: integer('timeout_ms').notNull().default(1_800_000),
    notifyTime: ts('notify_time'),
    stateTime: ts('state_time'),
    endTime: ts('end_time'),
    createUser: id('create_user'),
    createTime: ts('create_time').defaultNow(),
  },
  (t) => [
    index('helio_ota_upgrade_campaign_idx').on(t.campaignId, t.purpose, t.wave, t.state),
    index('helio_ota_upgrade_device_idx').on(t.deviceId, t.createTime),
    index('helio_ota_upgrade_active_idx').on(t.state).where(sql`${t.state} NOT IN ('updated', 'failed')`),
  ],
);

/**
 * OTA beyond the package CRUD (issue 15): the firmware upload (SHA-256 computed), the signed download URL (spec §7
 * GET `/api/skyworth-toolkit/file/query/download/url`), per-device software versions, upgrade records, the
 * overview, retry, upgrading chosen devices, and staged campaigns (canary, waves, maintenance window, halt on
 * failures, resume, rollback) with a progress route the screen polls.
 */
import { Type } from 'typebox';
import { defineEndpoint, NullableObject } from '../../api/endpoint.js';
import { OTA_API } from './ota.resource.js';

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Int = Type.Integer();
const Id = Type.String({ minLength: 1, maxLength: 20, pattern: '^\\d{1,20}$' });
const TAGS = ['ota'];
const page = <T extends ReturnType<typeof Type.Object>>(item: T) => Type.Object({ records: Type.Array(item), total: Int, size: Int, current: Int, pages: Int });
const listQuery = (filters: readonly string[]) =>
  Type.Object(
    { current: Type.Optional(Str), size: Type.Optional(Str), ...Object.fromEntries(filters.map((k) => [k, Type.Optional(Str)])) },
    { additionalProperties: true, description: `paging and the filters ${filters.join(', ')}` },
  );

/** The public, signed route a device downloads a firmware file from (HTTP Range supported). */
export const OTA_DOWNLOAD_PATH = `${OTA_API}/file/ota-download`;

export const OtaFileVO = Type.Object({ fileId: Str, fileName: Str, fileSize: Int, sha256: Str });

export const otaFileUpload = defineEndpoint({
  method: 'POST',
  url: `${OTA_API}/file/upload`,
  access: { permission: ['ota_add', 'ota_edit'] },
  tags: TAGS,
  summary: 'Upload one firmware file (multipart, field `file`; at most 100 MB): stored, its SHA-256 computed; the package save carries the fileId',
  data: OtaFileVO,
});

export const otaDownloadUrl = defineEndpoint({
  method: 'GET',
  url: `${OTA_API}/file/query/download/url`,
  access: { permission: 'ota' },
  tags: TAGS,
  summary: "A package file's download address: the CDN address when the package has one, else a signed Helio URL that expires",
  querystring: Type.Object({ id: Id, ttlSeconds: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Object({ url: Str, expireTime: NStr, fileName: Str, fileSize: Int, sha256: Str }),
});

export const OTA_VERSION_FILTERS = ['deviceSn', 'deviceType', 'model', 'version', 'plantId'] as const;
export const SoftwareVersionVO = Type.Object({
  deviceId: Str,
  deviceSn: Str,
  deviceType: Int,
  model: NStr,
  plantId: NStr,
  plantName: NStr,
  fwProtocol: NStr,
  fwMaster: NStr,
  fwSlave: NStr,
  fwEms: NStr,
  fwDcdc: NStr,
  /** The device's last upgrade: its state and target version. */
  lastUpgradeState: NStr,
  lastUpgradeVersion: NStr,
});
export const otaSoftwareVersionList = defineEndpoint({
  method: 'GET',
  url: `${OTA_API}/ota/softwareVersion/list`,
  access: { permission: ['ota', 'app_update'] },
  tags: TAGS,
  summary: 'Software (firmware) versions per device',
  querystring: listQuery(OTA_VERSION_FILTERS),
  data: page(SoftwareVersionVO),
});

export const OTA_RECORD_FILTERS = ['deviceSn', 'state', 'campaignId', 'packageId', 'purpose'] as const;
export const UpgradeRecordVO = Type.Object({
  id: Str,
  deviceId: Str,
  deviceSn: Str,
  packageId: Str,
  campaignId: NStr,
  wave: Int,
  purpose: Str,
  /** queued | notified | downloading | downloaded | verifying | updating | updated | failed */
  state: Str,
  progress: Int,
  fromVersion: NStr,
  toVersion: Str,
  reportedVersion: NStr,
  failReason: NStr,
  attempts: Int,
  notifyTime: NStr,
  stateTime: NStr,
  endTime: NStr,
  createTime: NStr,
});
export const otaUpgradeRecordList = defineEndpoint({
  method: 'GET',
  url: `${OTA_API}/ota/upgradeRecord/list`,
  access: { permission: ['ota', 'app_update'] },
  tags: TAGS,
  summary: 'Upgrade records, newest first',
  querystring: listQuery(OTA_RECORD_FILTERS),
  data: page(UpgradeRecordVO),
});

export const otaOverview = defineEndpoint({
  method: 'GET',
  url: `${OTA_API}/ota/overview`,
  access: { permission: ['ota', 'app_update'] },
  tags: TAGS,
  summary: 'Upgrade counts by state, and device counts by firmware version',
  querystring: Type.Object({ firmwareType: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Object({
    byState: Type.Array(Type.Object({ state: Str, count: Int })),
    byVersion: Type.Array(Type.Object({ version: NStr, count: Int })),
  }),
});

export const otaRetry = defineEndpoint({
  method: 'POST',
  url: `${OTA_API}/ota/upgradeRecord/retry`,
  access: { permission: ['ota_edit', 'app_update_upgrade'] },
  tags: TAGS,
  summary: 'Retry a failed upgrade: the device is notified again',
  body: Type.Object({ id: Id }),
  data: UpgradeRecordVO,
});

export const otaUpgrade = defineEndpoint({
  method: 'POST',
  url: `${OTA_API}/ota/upgrade`,
  access: { permission: 'ota_edit' },
  tags: TAGS,
  summary: 'Upgrade chosen devices to a package now (outside a campaign)',
  body: Type.Object({ packageId: Id, deviceSns: Type.Array(Type.String({ minLength: 4, maxLength: 64 }), { minItems: 1, maxItems: 200 }) }),
  data: Type.Object({ records: Type.Array(UpgradeRecordVO) }),
});

export const CampaignFilter = Type.Object(
  {
    model: Type.Optional(Type.String({ maxLength: 64 })),
    currentVersion: Type.Optional(Type.String({ maxLength: 32 })),
    plantId: Type.Optional(Id),
    deviceSns: Type.Optional(Type.Array(Type.String({ minLength: 4, maxLength: 64 }), { maxItems: 10_000 })),
  },
  { additionalProperties: false },
);
const Hhmm = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });
export const CampaignBody = Type.Object({
  campaignName: Type.String({ minLength: 1, maxLength: 100 }),
  packageId: Id,
  filter: CampaignFilter,
  /** Share of the targets in the canary wave, % (at least one device). */
  canaryPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  waveSize: Type.Integer({ minimum: 1, maximum: 100_000 }),
  /** Devices notified per minute. */
  pacePerMinute: Type.Integer({ minimum: 1, maximum: 100_000 }),
  /** A finished wave with a higher failure share (%) halts the campaign. */
  failureThreshold: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Maintenance window in each station's local time; equal start and end = always open. */
  windowStart: Hhmm,
  windowEnd: Hhmm,
  upgradeTimeoutMinutes: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1440 })),
  /** How often a running wave is looked at (ms; default 5000). */
  tickMs: Type.Optional(Type.Integer({ minimum: 50, maximum: 60_000 })),
});

export const CampaignVO = Type.Object({
  id: Str,
  campaignName: Str,
  packageId: Str,
  packageVersion: NStr,
  rollbackPackageId: NStr,
  /** running | halted | rolling_back | rolled_back | done | cancelled */
  state: Str,
  haltReason: NStr,
  canaryPercent: Int,
  waveSize: Int,
  pacePerMinute: Int,
  failureThreshold: Int,
  windowStart: Str,
  windowEnd: Str,
  currentWave: Int,
  waveCount: Int,
  startTime: NStr,
  endTime: NStr,
  createTime: NStr,
  targets: Int,
});
const Counts = Type.Object({ queued: Int, notified: Int, downloading: Int, downloaded: Int, verifying: Int, updating: Int, updated: Int, failed: Int });
export const CampaignProgressVO = Type.Object({
  campaign: CampaignVO,
  counts: Counts,
  waves: Type.Array(Type.Object({ wave: Int, total: Int, updated: Int, failed: Int, active: Int })),
  rollback: NullableObject(Counts),
});

export const otaCampaignSave = defineEndpoint({
  method: 'POST',
  url: `${OTA_API}/ota/campaign/save`,
  access: { permission: 'ota_add' },
  tags: TAGS,
  summary: 'Start a campaign: the matching devices are planned into a canary and waves, then notified at the pace, inside the window',
  body: CampaignBody,
  data: CampaignVO,
});
export const otaCampaignList = defineEndpoint({
  method: 'GET',
  url: `${OTA_API}/ota/campaign/list`,
  access: { permission: 'ota' },
  tags: TAGS,
  summary: 'Campaigns, newest first',
  querystring: listQuery(['state', 'packageId']),
  data: page(CampaignVO),
});
export const otaCampaignProgress = defineEndpoint({
  method: 'GET',
  url: `${OTA_API}/ota/campaign/progress`,
  access: { permission: 'ota' },
  tags: TAGS,
  summary: "A campaign's state and counts: by upgrade state, per wave, and the rollback's",
  querystring: Type.Object({ id: Id }, { additionalProperties: true }),
  data: CampaignProgressVO,
});
const action = (verb: 'resume' | 'rollback' | 'cancel', summary: string) =>
  defineEndpoint({
    method: 'POST',
    url: `${OTA_API}/ota/campaign/${verb}`,
    access: { permission: 'ota_edit' },
    tags: TAGS,
    summary,
    body: Type.Object({ id: Id, rollbackPackageId: Type.Optional(Id) }),
    data: CampaignVO,
  });
export const otaCampaignResume = action('resume', 'Resume a halted campaign at its next wave');
export const otaCampaignRollback = action('rollback', 'Roll a halted campaign back: devices it upgraded are flashed with the previous package');
export const otaCampaignCancel = action('cancel', 'Cancel a running or halted campaign (devices not yet notified stay as they are)');

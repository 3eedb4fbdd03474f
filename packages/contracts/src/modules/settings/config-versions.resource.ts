/**
 * The Configuration area's version lists (spec §1 "matching list, factory version", §2 `/config-update/matching-list`
 * and `/factory-version`, issue 15): which firmware and protocol versions match which device models, and the firmware
 * versions a model ships with from the factory. Platform configuration (like the setting items): platform users
 * read and change it; device and firmware types are the OTA packages' business dictionaries (`device_type`,
 * `firmware_type`), the matching's status the packages' `ota_version_status`.
 *
 * Blade-style paths: `/api/skyworth-client/{matchingList, factoryVersion}/{list, detail, submit, remove, export,
 * import, import-template}`. A row is identified across Excel files by device type, model, firmware type and version
 * (the unique index).
 */
import { defineResource, type FieldDef } from '../../crud/resource.js';
import { DATE_PATTERN } from '../../validation.js';
import { SETTINGS_API } from './settings.resource.js';

/** Version strings: digits, letters, dot, underscore, hyphen (what firmware reports, e.g. V2.3.1). */
export const VERSION_PATTERN = '^[A-Za-z0-9._-]+$';
/** Device models: the same characters (e.g. SW-5K-H1). */
export const MODEL_PATTERN = '^[A-Za-z0-9._-]+$';

/** The fields both lists share, in form order: device type, model, firmware type, firmware version. */
const versionFields = (versionLabel: { zh: string; en: string }): FieldDef[] => [
  { key: 'deviceType', label: { zh: '设备类型', en: 'Device type' }, kind: 'dictbiz', dict: 'device_type', numeric: true, search: 'equal', rules: { required: true, integer: true, minValue: 1, maxValue: 99 } },
  { key: 'deviceModel', label: { zh: '设备型号', en: 'Device model' }, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 64, pattern: MODEL_PATTERN } },
  { key: 'firmwareType', label: { zh: '固件类型', en: 'Firmware type' }, kind: 'dictbiz', dict: 'firmware_type', numeric: true, search: 'equal', rules: { required: true, integer: true, minValue: 1, maxValue: 99 } },
  { key: 'firmwareVersion', label: versionLabel, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 32, pattern: VERSION_PATTERN } },
];

const remark: FieldDef = { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: true, rules: { max: 255 }, span: 24 };

/** The sheet key of both lists (the fields of their unique index). */
export const CONFIG_VERSION_KEY = ['deviceType', 'deviceModel', 'firmwareType', 'firmwareVersion'] as const;

export const matchingListResource = defineResource({
  name: 'matchingList',
  page: 'matching_list',
  api: `${SETTINGS_API}/matchingList`,
  title: { zh: '版本匹配列表', en: 'Version matching list' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 800, maskClosable: false },
  defaultSort: { field: 'deviceModel', order: 'asc' },
  fields: [
    ...versionFields({ zh: '固件版本', en: 'Firmware version' }),
    { key: 'protocolVersion', label: { zh: '协议版本', en: 'Protocol version' }, kind: 'text', search: 'like', rules: { required: true, max: 32, pattern: VERSION_PATTERN } },
    { key: 'matchStatus', label: { zh: '状态', en: 'Status' }, kind: 'dictbiz', dict: 'ota_version_status', numeric: true, search: 'equal', rules: { required: true, integer: true, minValue: 1, maxValue: 99 } },
    remark,
  ],
});

export const factoryVersionResource = defineResource({
  name: 'factoryVersion',
  page: 'factory_version',
  api: `${SETTINGS_API}/factoryVersion`,
  title: { zh: '出厂版本', en: 'Factory versions' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 800, maskClosable: false },
  defaultSort: { field: 'releaseDate', order: 'desc' },
  fields: [
    ...versionFields({ zh: '版本号', en: 'Version' }),
    { key: 'releaseDate', label: { zh: '发布日期', en: 'Release date' }, kind: 'date', sortable: true, rules: { required: true, pattern: DATE_PATTERN } },
    remark,
  ],
});

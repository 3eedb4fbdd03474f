/**
 * OTA firmware packages (spec §3 "OTA package", §5 "OTA only one package", §7 `otaUpdatePack` list/detail/save/
 * update/remove): company, device type, firmware type, version, version status, inverter model, firmware batch,
 * version info, remark, force-update flag, CDN address, upload time — and the one file (uploaded first through
 * `/api/skyworth-toolkit/file/upload`, whose answer's `fileId` the save carries; name, size and SHA-256 are taken
 * from the upload, never from the body).
 */
import { defineResource, type FieldDef } from '../../crud/resource.js';

const text = (key: string, zh: string, en: string, max: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'text',
  rules: { max },
  ...extra,
});

export const OTA_API = '/api/skyworth-toolkit';
/** Versions: letters, digits, dot, underscore, dash (what firmware reports, e.g. V2.3.1). */
export const FIRMWARE_VERSION_PATTERN = '^[A-Za-z0-9._-]{1,32}$';

export const otaPackageResource = defineResource({
  name: 'otaUpdatePack',
  page: 'ota',
  api: `${OTA_API}/otaUpdatePack`,
  title: { zh: 'OTA升级包', en: 'OTA package' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 900, maskClosable: false },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    text('company', '公司', 'Company', 100, { search: 'like' }),
    { key: 'deviceType', label: { zh: '设备类型', en: 'Device type' }, kind: 'dictbiz', dict: 'device_type', numeric: true, search: 'equal', rules: { required: true } },
    { key: 'firmwareType', label: { zh: '固件类型', en: 'Firmware type' }, kind: 'dictbiz', dict: 'firmware_type', numeric: true, search: 'equal', rules: { required: true } },
    text('firmwareVersion', '版本号', 'Version', 32, { search: 'like', sortable: true, rules: { required: true, max: 32, pattern: FIRMWARE_VERSION_PATTERN } }),
    { key: 'versionStatus', label: { zh: '版本状态', en: 'Version status' }, kind: 'dictbiz', dict: 'ota_version_status', numeric: true, search: 'equal', rules: { required: true } },
    text('inverterModel', '逆变器型号', 'Inverter model', 64, { search: 'like' }),
    text('firmwareBatch', '固件批次', 'Firmware batch', 64),
    { key: 'versionInfo', label: { zh: '版本信息', en: 'Version info' }, kind: 'textarea', table: false, rules: { max: 1000 }, span: 24 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
    { key: 'forceUpdate', label: { zh: '是否强制更新', en: 'Force update' }, kind: 'switch', numeric: true, rules: { minValue: 0, maxValue: 1, integer: true } },
    text('cdnUrl', 'CDN地址', 'CDN address', 500, { table: false, rules: { max: 500, pattern: '^https?://\\S+$' }, span: 24 }),
    text('fileId', '升级包文件', 'Package file', 20, { form: 'api', table: false, rules: { max: 20, pattern: '^\\d{1,20}$' } }),
    text('fileName', '文件名', 'File name', 200, { form: false }),
    { key: 'fileSize', label: { zh: '文件大小(字节)', en: 'File size (bytes)' }, kind: 'number', numeric: true, form: false },
    text('fileSha256', 'SHA-256校验值', 'SHA-256 checksum', 64, { form: false, table: false }),
    { key: 'uploadTime', label: { zh: '上传时间', en: 'Upload time' }, kind: 'datetime', form: false, sortable: true },
  ],
});

/**
 * Setting items (`setItemConfig`, spec §3 "Setting item", §5, §7) and the protocol address map
 * (`addressMapDefinition`, spec §3 "Protocol row"): the platform's configuration the device setting forms are
 * generated from (issue 15). Platform-wide and platform-only: tenants see the items through their devices' forms
 * (`commonSetup/queryAll`), never edit them.
 *
 * Blade paths: `/api/skyworth-client/setItemConfig/{list, detail, save, update, submit, remove}` (+ `getSetItemDetail`)
 * and `/api/skyworth-client/addressMapDefinition/{…}` (+ `POST getMappingBySetItem`); both with Excel `export`,
 * `import-template` and `import` (the long lists), rows matched across files by their unique index's fields.
 */
import { defineResource, type FieldDef } from '../../crud/resource.js';
import { KEY_PATTERN } from '../../validation.js';
import { ITEM_CATEGORIES, ITEM_TYPES, SETTING_TYPES, VALUE_TYPES } from './settings-catalogue.js';

export const SETTINGS_API = '/api/skyworth-client';

const text = (key: string, zh: string, en: string, max: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'text',
  rules: { max },
  ...extra,
});
const num = (key: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'number',
  numeric: true,
  table: false,
  rules: { minValue: -1_000_000_000, maxValue: 1_000_000_000 },
  ...extra,
});
const choice = (key: string, zh: string, en: string, values: readonly string[], labels?: Record<string, { zh: string; en: string }>, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'select',
  options: values.map((v) => ({ value: v, label: labels?.[v] ?? { zh: v, en: v } })),
  search: 'equal',
  rules: { required: true, max: 32 },
  ...extra,
});
/** Item keys and database fields: digits, letters, underscore (spec §5). */
const keyText = (key: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef =>
  text(key, zh, en, 64, { rules: { max: 64, pattern: KEY_PATTERN, patternMessage: 'keyChars' }, ...extra });

const SETTING_TYPE_LABELS = {
  advanced: { zh: '高级设置', en: 'Advanced settings' },
  mode: { zh: '逆变器模式', en: 'Inverter mode' },
  battery: { zh: '电池设置', en: 'Battery settings' },
  alarm: { zh: '告警设置', en: 'Alarm setup' },
  gate: { zh: '闸位设置', en: 'Gate position' },
  protection: { zh: '保护命令', en: 'Protection commands' },
};

export const setItemResource = defineResource({
  name: 'setItemConfig',
  page: 'app_menu',
  api: `${SETTINGS_API}/setItemConfig`,
  title: { zh: '设置项配置', en: 'Setting items' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 1000, maskClosable: false },
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    { key: 'deviceType', label: { zh: '设备类型', en: 'Device type' }, kind: 'dictbiz', dict: 'device_type', numeric: true, search: 'equal', rules: { required: true, integer: true, minValue: 1, maxValue: 4 } },
    text('deviceModel', '设备型号(空为全部)', 'Device model (empty: all)', 64, { search: 'like', rules: { max: 64, pattern: '^[A-Za-z0-9._-]*$' } }),
    choice('settingType', '设置类型', 'Setting type', SETTING_TYPES, SETTING_TYPE_LABELS),
    choice('itemCategory', '设置项分类', 'Item category', Object.keys(ITEM_CATEGORIES), ITEM_CATEGORIES),
    choice('itemType', '设置项类型', 'Item type', ITEM_TYPES, undefined, { search: undefined, table: false }),
    text('nameZh', '名称(中文)', 'Name (Chinese)', 100, { search: 'like', rules: { required: true, max: 100 } }),
    text('nameEn', '名称(英文)', 'Name (English)', 100, { search: 'like', rules: { required: true, max: 100 } }),
    keyText('itemKey', '设置项键', 'Item key', { search: 'like', sortable: true, rules: { required: true, max: 64, pattern: KEY_PATTERN, patternMessage: 'keyChars' } }),
    choice('valueType', '值类型', 'Value type', VALUE_TYPES, undefined, { search: undefined }),
    text('unit', '单位', 'Unit', 16),
    num('minValue', '最小值', 'Minimum'),
    num('maxValue', '最大值', 'Maximum'),
    num('decimals', '小数位数', 'Decimals', { rules: { integer: true, minValue: 0, maxValue: 3 } }),
    text('defaultValue', '默认值', 'Default value', 64, { table: false }),
    text('valueOptions', '可选值(值:中文:English|…)', 'Options (value:Chinese:English|…)', 500, { table: false, span: 24 }),
    { key: 'gridCode', label: { zh: '电网规范项(需审批)', en: 'Grid code (needs approval)' }, kind: 'switch', numeric: true, search: 'equal', rules: { integer: true, minValue: 0, maxValue: 1 } },
    num('sort', '排序', 'Sort', { table: true, sortable: true, rules: { integer: true, minValue: 0, maxValue: 100_000 } }),
    text('protocolVersion', '协议版本', 'Protocol version', 32, { search: 'like', rules: { max: 32, pattern: '^[A-Za-z0-9._-]*$' } }),
    text('addressMapping', '地址映射', 'Address mapping', 32, { rules: { max: 32, pattern: '^[A-Za-z0-9_]*$', patternMessage: 'keyChars' } }),
    keyText('dbField', '数据库字段', 'Database field', { table: false }),
    keyText('dbTable', '数据库表', 'Database table', { table: false }),
    text('reservedField', '预留字段', 'Reserved field', 255, { table: false }),
  ],
});

/** The fields that identify a setting item across Excel files (its unique index): device type, model, item key. */
export const SET_ITEM_SHEET_KEY = ['deviceType', 'deviceModel', 'itemKey'] as const;
/** … and a register: manufacturer, protocol version, physical address. */
export const ADDRESS_MAP_SHEET_KEY = ['manufacturer', 'protocolVersion', 'physicalAddress'] as const;

export const addressMapResource = defineResource({
  name: 'addressMapDefinition',
  page: 'protocol_mapping',
  api: `${SETTINGS_API}/addressMapDefinition`,
  title: { zh: '协议地址映射', en: 'Protocol address mapping' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 800, maskClosable: false },
  defaultSort: { field: 'physicalAddress', order: 'asc' },
  fields: [
    text('manufacturer', '制造商', 'Manufacturer', 100, { search: 'like', rules: { required: true, max: 100 } }),
    text('protocolVersion', '协议版本', 'Protocol version', 32, { search: 'like', rules: { required: true, max: 32, pattern: '^[A-Za-z0-9._-]+$' } }),
    { key: 'physicalAddress', label: { zh: '物理地址', en: 'Physical address' }, kind: 'number', numeric: true, sortable: true, search: 'equal', rules: { required: true, integer: true, minValue: 0, maxValue: 65_535 } },
    keyText('attributeName', '属性名', 'Attribute name', { search: 'like', rules: { required: true, max: 64, pattern: KEY_PATTERN, patternMessage: 'keyChars' } }),
    choice('dataType', '数据类型', 'Data type', ['U16', 'S16', 'U32', 'S32', 'STR'], undefined, { search: undefined }),
    text('unit', '单位', 'Unit', 16),
    { key: 'dataLength', label: { zh: '长度', en: 'Length' }, kind: 'number', numeric: true, rules: { required: true, integer: true, minValue: 1, maxValue: 125 } },
    text('systemDefault', '系统默认值', 'System default', 64),
    text('addressMapping', '地址映射', 'Address mapping', 32, { table: false, rules: { max: 32, pattern: '^[A-Za-z0-9_]*$', patternMessage: 'keyChars' } }),
  ],
});

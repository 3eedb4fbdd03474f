/**
 * Dictionaries (spec §3 Dictionary item; §5: code, value, sort, sealed, language required; key for children).
 * System dictionaries are platform-wide; business dictionaries belong to a tenant. A sealed item (isSealed 1) can be
 * neither changed nor removed. Left out (Blade clients): unsealed, and the request's language (an item: its dictionary's).
 */
import { defineResource, type FieldDef } from '../../crud/resource.js';
import { KEY_PATTERN } from '../../validation.js';

const fields: readonly FieldDef[] = [
  { key: 'code', label: { zh: '字典编号', en: 'Code' }, kind: 'text', search: 'like', rules: { required: true, max: 255, pattern: KEY_PATTERN, patternMessage: 'keyChars' } },
  { key: 'dictKey', label: { zh: '字典键值', en: 'Key' }, kind: 'text', rules: { max: 255 } },
  { key: 'dictValue', label: { zh: '字典名称', en: 'Value' }, kind: 'text', search: 'like', rules: { required: true, max: 255 } },
  { key: 'parentId', label: { zh: '上级字典', en: 'Parent' }, kind: 'tree', table: false },
  { key: 'sort', label: { zh: '字典排序', en: 'Sort' }, kind: 'number', numeric: true, sortable: true, rules: { required: true } },
  { key: 'isSealed', label: { zh: '封存', en: 'Sealed' }, kind: 'switch', numeric: true, rules: { required: true }, omitted: { value: 0, doc: 'unsealed' } },
  {
    key: 'language',
    label: { zh: '语言', en: 'Language' },
    kind: 'dict',
    dict: 'language',
    search: 'equal',
    rules: { required: true, max: 10 },
    omitted: { from: 'requestLanguage', inherit: true, doc: "the request's language (Accept-Language)" },
  },
  { key: 'attribute1', label: { zh: '扩展属性1', en: 'Attribute 1' }, kind: 'text', table: false, rules: { max: 255 } },
  { key: 'attribute2', label: { zh: '扩展属性2', en: 'Attribute 2' }, kind: 'text', table: false, rules: { max: 255 } },
  { key: 'attribute3', label: { zh: '扩展属性3', en: 'Attribute 3' }, kind: 'text', table: false, rules: { max: 255 } },
  { key: 'remark', label: { zh: '字典备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
];

export const dictResource = defineResource({
  name: 'dict',
  page: 'dict',
  api: '/api/blade-system/dict',
  title: { zh: '系统字典', en: 'System dictionaries' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view'],
  tree: { parentKey: 'parentId', titleKey: 'dictValue' },
  defaultSort: { field: 'sort', order: 'asc' },
  fields,
});

export const dictBizResource = defineResource({
  name: 'dict-biz',
  page: 'dictbiz',
  api: '/api/blade-system/dict-biz',
  title: { zh: '业务字典', en: 'Business dictionaries' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view'],
  tree: { parentKey: 'parentId', titleKey: 'dictValue' },
  defaultSort: { field: 'sort', order: 'asc' },
  fields,
});

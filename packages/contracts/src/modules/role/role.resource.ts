/** Roles (spec §3 Role; §5: name, alias, type, sort required): a tree per tenant. Left out (Blade clients): business role. */
import { defineResource } from '../../crud/resource.js';
import { KEY_PATTERN } from '../../validation.js';

export const roleResource = defineResource({
  name: 'role',
  page: 'role',
  api: '/api/blade-system/role',
  title: { zh: '角色管理', en: 'Roles' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view'],
  tree: { parentKey: 'parentId', titleKey: 'roleName' },
  select: { labelKey: 'roleName' },
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    { key: 'roleName', label: { zh: '角色名称', en: 'Name' }, kind: 'text', search: 'like', rules: { required: true, max: 255 } },
    { key: 'roleNameEn', label: { zh: '英文名称', en: 'English name' }, kind: 'text', rules: { max: 255 } },
    { key: 'roleAlias', label: { zh: '角色别名', en: 'Alias' }, kind: 'text', search: 'like', unique: true, rules: { required: true, max: 255, pattern: KEY_PATTERN, patternMessage: 'keyChars' } },
    { key: 'roleType', label: { zh: '角色类型', en: 'Type' }, kind: 'dict', dict: 'role_type', rules: { required: true, max: 12 }, omitted: { value: '2', doc: 'business role' } },
    { key: 'parentId', label: { zh: '上级角色', en: 'Parent' }, kind: 'tree', table: false },
    { key: 'sort', label: { zh: '角色排序', en: 'Sort' }, kind: 'number', numeric: true, sortable: true, rules: { required: true } },
  ],
});

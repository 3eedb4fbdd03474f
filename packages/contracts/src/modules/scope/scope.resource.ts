/**
 * Data scopes and API scopes, defined per menu (resource). Data scope types: 1 all, 2 own, 3 own department,
 * 4 department and children, 5 custom (an explicit list of department ids — never an SQL fragment).
 */
import { defineResource } from '../../crud/resource.js';
import { KEY_PATTERN } from '../../validation.js';

const MENU_TREE = { url: '/api/blade-system/menu/tree' };
/** Columns a data scope may filter on (never free SQL). */
/**
 * The column of an "all visible" rule (type 1), which restricts nothing: SpringBlade's clients send '-' (Saber's
 * initScope). Only that type may have it (system-crud.routes.ts refuses it with another type).
 */
export const NO_SCOPE_COLUMN = '-';

const SCOPE_COLUMNS = [
  { value: 'create_user', label: { zh: '创建人', en: 'Created by' } },
  { value: 'create_dept', label: { zh: '创建部门', en: 'Creating department' } },
  { value: 'dept_id', label: { zh: '所属部门', en: 'Department' } },
] as const;

export const dataScopeResource = defineResource({
  name: 'data-scope',
  page: 'data_scope',
  api: '/api/blade-system/data-scope',
  title: { zh: '数据权限', en: 'Data scopes' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  defaultSort: { field: 'createTime', order: 'asc' },
  fields: [
    { key: 'menuId', label: { zh: '所属菜单', en: 'Menu' }, kind: 'tree', optionsFrom: MENU_TREE, search: 'equal', rules: { required: true, pattern: '^\\d+$' } },
    { key: 'resourceCode', label: { zh: '资源编号', en: 'Resource code' }, kind: 'text', search: 'like', rules: { required: true, max: 255, pattern: KEY_PATTERN, patternMessage: 'keyChars' } },
    { key: 'scopeName', label: { zh: '权限名称', en: 'Name' }, kind: 'text', search: 'like', rules: { required: true, max: 255 } },
    { key: 'scopeColumn', label: { zh: '权限字段', en: 'Column' }, kind: 'select', options: SCOPE_COLUMNS, rules: { required: true, max: 255, pattern: `^(create_user|create_dept|dept_id|${NO_SCOPE_COLUMN})$` } },
    { key: 'scopeType', label: { zh: '规则类型', en: 'Rule type' }, kind: 'dict', dict: 'data_scope_type', numeric: true, rules: { required: true } },
    { key: 'scopeValue', label: { zh: '规则值', en: 'Rule value' }, kind: 'text', table: false, rules: { max: 2000, pattern: '^(\\d+(,\\d+)*)?$' }, span: 24 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

export const apiScopeResource = defineResource({
  name: 'api-scope',
  page: 'api_scope',
  api: '/api/blade-system/api-scope',
  title: { zh: '接口权限', en: 'API scopes' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  defaultSort: { field: 'createTime', order: 'asc' },
  fields: [
    { key: 'menuId', label: { zh: '所属菜单', en: 'Menu' }, kind: 'tree', optionsFrom: MENU_TREE, search: 'equal', rules: { required: true, pattern: '^\\d+$' } },
    { key: 'resourceCode', label: { zh: '资源编号', en: 'Resource code' }, kind: 'text', search: 'like', rules: { required: true, max: 255, pattern: KEY_PATTERN, patternMessage: 'keyChars' } },
    { key: 'scopeName', label: { zh: '接口名称', en: 'Name' }, kind: 'text', search: 'like', rules: { required: true, max: 255 } },
    { key: 'scopePath', label: { zh: '接口路径', en: 'Path' }, kind: 'text', rules: { required: true, max: 255, pattern: '^/api/[A-Za-z0-9_./*-]+$' }, span: 24 },
    { key: 'scopeType', label: { zh: '接口类型', en: 'Type' }, kind: 'dict', dict: 'api_scope_type', numeric: true, rules: { required: true } },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

/** Menus and buttons (spec §3 Menu item): a platform-wide tree; category 1 menu, 2 button. */
import { defineResource } from '../../crud/resource.js';
import { KEY_PATTERN } from '../../validation.js';

export const menuResource = defineResource({
  name: 'menu',
  page: 'menu',
  api: '/api/blade-system/menu',
  title: { zh: '菜单管理', en: 'Menus' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view'],
  tree: { parentKey: 'parentId', titleKey: 'name' },
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    { key: 'name', label: { zh: '菜单名称', en: 'Name' }, kind: 'text', search: 'like', rules: { required: true, max: 255 } },
    { key: 'nameEn', label: { zh: '英文名称', en: 'English name' }, kind: 'text', rules: { max: 255 } },
    { key: 'code', label: { zh: '菜单编号', en: 'Code' }, kind: 'text', search: 'like', unique: true, rules: { required: true, max: 255, pattern: KEY_PATTERN, patternMessage: 'keyChars' } },
    { key: 'parentId', label: { zh: '上级菜单', en: 'Parent' }, kind: 'tree', table: false },
    { key: 'path', label: { zh: '路由地址', en: 'Path' }, kind: 'text', rules: { max: 255 } },
    { key: 'source', label: { zh: '菜单图标', en: 'Icon' }, kind: 'text', rules: { max: 255 } },
    { key: 'category', label: { zh: '菜单类型', en: 'Type' }, kind: 'dict', dict: 'menu_category', numeric: true, search: 'equal', rules: { required: true } },
    { key: 'alias', label: { zh: '菜单别名', en: 'Alias' }, kind: 'text', rules: { required: true, max: 255 } },
    { key: 'action', label: { zh: '按钮功能', en: 'Button position' }, kind: 'dict', dict: 'button_func', numeric: true, table: false },
    { key: 'isOpen', label: { zh: '新窗口', en: 'New window' }, kind: 'dict', dict: 'yes_no', numeric: true, table: false },
    { key: 'sort', label: { zh: '菜单排序', en: 'Sort' }, kind: 'number', numeric: true, sortable: true, rules: { required: true } },
    { key: 'remark', label: { zh: '菜单备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

export const topMenuResource = defineResource({
  name: 'topmenu',
  page: 'topmenu',
  api: '/api/blade-system/topmenu',
  title: { zh: '顶部菜单', en: 'Top menus' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    { key: 'name', label: { zh: '菜单名称', en: 'Name' }, kind: 'text', search: 'like', rules: { required: true, max: 255 } },
    { key: 'nameEn', label: { zh: '英文名称', en: 'English name' }, kind: 'text', rules: { max: 255 } },
    { key: 'code', label: { zh: '菜单编号', en: 'Code' }, kind: 'text', search: 'like', rules: { required: true, max: 255, pattern: KEY_PATTERN, patternMessage: 'keyChars' } },
    { key: 'source', label: { zh: '菜单图标', en: 'Icon' }, kind: 'text', rules: { max: 255 } },
    { key: 'path', label: { zh: '路由地址', en: 'Path' }, kind: 'text', rules: { max: 255 } },
    { key: 'sort', label: { zh: '菜单排序', en: 'Sort' }, kind: 'number', numeric: true, sortable: true, rules: { required: true } },
  ],
});

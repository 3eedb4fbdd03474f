/**
 * Departments (spec §3 Department; §5: name, full name, category, sort required). A tree per tenant. A category left
 * out (Blade clients) is company.
 */
import { defineResource } from '../../crud/resource.js';

export const deptResource = defineResource({
  name: 'dept',
  page: 'dept',
  api: '/api/blade-system/dept',
  title: { zh: '机构管理', en: 'Departments' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view'],
  tree: { parentKey: 'parentId', titleKey: 'deptName' },
  select: { labelKey: 'deptName' },
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    { key: 'deptName', label: { zh: '机构名称', en: 'Name' }, kind: 'text', search: 'like', rules: { required: true, max: 45 } },
    { key: 'fullName', label: { zh: '机构全称', en: 'Full name' }, kind: 'text', search: 'like', rules: { required: true, max: 45 } },
    { key: 'parentId', label: { zh: '上级机构', en: 'Parent' }, kind: 'tree', table: false },
    { key: 'deptCategory', label: { zh: '机构类型', en: 'Category' }, kind: 'dict', dict: 'org_category', numeric: true, rules: { required: true }, omitted: { value: 1, doc: 'company' } },
    { key: 'sort', label: { zh: '排序', en: 'Sort' }, kind: 'number', numeric: true, sortable: true, rules: { required: true } },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

/** Posts (spec §3 Post; §5: category, code, name, sort required). Tenant-owned. */
import { defineResource } from '../../crud/resource.js';

export const postResource = defineResource({
  name: 'post',
  page: 'post',
  api: '/api/blade-system/post',
  title: { zh: '岗位管理', en: 'Posts' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  // Blade clients fill the user form's post drop-down from `post/select?tenantId=`.
  select: { labelKey: 'postName' },
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    { key: 'category', label: { zh: '岗位类型', en: 'Category' }, kind: 'dict', dict: 'post_category', numeric: true, search: 'equal', rules: { required: true } },
    { key: 'postCode', label: { zh: '岗位编号', en: 'Code' }, kind: 'text', search: 'like', sortable: true, unique: true, rules: { required: true, max: 12 } },
    { key: 'postName', label: { zh: '岗位名称', en: 'Name' }, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 64 } },
    { key: 'sort', label: { zh: '岗位排序', en: 'Sort' }, kind: 'number', numeric: true, sortable: true, rules: { required: true } },
    { key: 'remark', label: { zh: '岗位描述', en: 'Description' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

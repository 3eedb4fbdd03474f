/** Parameter table (spec §2, §3 Parameter, §5: name, key and value required). */
import { defineResource } from '../../crud/resource.js';

export const paramResource = defineResource({
  name: 'param',
  page: 'param',
  api: '/api/blade-system/param',
  title: { zh: '参数管理', en: 'Parameters' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 600, maskClosable: false },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'paramName', label: { zh: '参数名称', en: 'Name' }, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 255 } },
    { key: 'paramKey', label: { zh: '参数键名', en: 'Key' }, kind: 'text', search: 'like', sortable: true, unique: true, rules: { required: true, max: 255 } },
    { key: 'paramValue', label: { zh: '参数键值', en: 'Value' }, kind: 'textarea', rules: { required: true, max: 4000 }, span: 24 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

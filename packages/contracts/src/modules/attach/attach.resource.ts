/** Attachments (BladeX blade_attach): rows are created by uploads only; names are the server's, originals are data. */
import { defineResource } from '../../crud/resource.js';

export const attachResource = defineResource({
  name: 'attach',
  page: 'attach',
  api: '/api/blade-resource/attach',
  title: { zh: '附件管理', en: 'Attachments' },
  tenantScoped: true,
  actions: ['view', 'delete', 'batchDelete'],
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'originalName', label: { zh: '附件原名', en: 'Original name' }, kind: 'text', search: 'like', sortable: true, form: false },
    { key: 'extension', label: { zh: '附件拓展名', en: 'Extension' }, kind: 'text', search: 'equal', form: false },
    { key: 'attachSize', label: { zh: '附件大小', en: 'Size (bytes)' }, kind: 'number', numeric: true, sortable: true, form: false },
    { key: 'usage', label: { zh: '用途', en: 'Use' }, kind: 'text', search: 'equal', form: false },
    { key: 'mime', label: { zh: '文件类型', en: 'Content type' }, kind: 'text', table: false, form: false },
    { key: 'link', label: { zh: '附件地址', en: 'Link' }, kind: 'text', table: false, form: false },
    { key: 'name', label: { zh: '附件名称', en: 'Stored name' }, kind: 'text', table: false, form: false },
  ],
});

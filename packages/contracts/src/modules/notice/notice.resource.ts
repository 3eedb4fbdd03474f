/** Notices (blade-desk): content is rich text, sanitised by the server before it is stored. */
import { defineResource } from '../../crud/resource.js';

export const noticeResource = defineResource({
  name: 'notice',
  page: 'notice',
  api: '/api/blade-desk/notice',
  title: { zh: '通知公告', en: 'Notices' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 900, maskClosable: false },
  defaultSort: { field: 'releaseTime', order: 'desc' },
  fields: [
    { key: 'title', label: { zh: '通知标题', en: 'Title' }, kind: 'text', search: 'like', rules: { required: true, max: 255 }, span: 24 },
    { key: 'category', label: { zh: '通知类型', en: 'Category' }, kind: 'dict', dict: 'notice', search: 'equal', numeric: true, rules: { required: true } },
    { key: 'releaseTime', label: { zh: '通知时间', en: 'Release time' }, kind: 'datetime', sortable: true, rules: { required: true } },
    { key: 'content', label: { zh: '通知内容', en: 'Content' }, kind: 'textarea', table: false, rules: { max: 100_000 }, span: 24 },
  ],
});

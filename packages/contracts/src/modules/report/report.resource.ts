/** Report records: files the server generated (fixed report types only); downloadable, never user templates. */
import { defineResource } from '../../crud/resource.js';

export const REPORT_TYPES = ['station-kpi', 'api-activity'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const reportResource = defineResource({
  name: 'report',
  page: 'report_list',
  api: '/api/blade-report/report/rest',
  title: { zh: '报表管理', en: 'Reports' },
  tenantScoped: true,
  actions: ['view', 'delete', 'batchDelete'],
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'name', label: { zh: '报表名称', en: 'Name' }, kind: 'text', search: 'like', sortable: true, form: false },
    { key: 'reportType', label: { zh: '报表类型', en: 'Type' }, kind: 'text', search: 'equal', form: false },
    { key: 'fileName', label: { zh: '文件名', en: 'File' }, kind: 'text', form: false },
    { key: 'fileSize', label: { zh: '文件大小', en: 'Size (bytes)' }, kind: 'number', numeric: true, form: false },
  ],
});

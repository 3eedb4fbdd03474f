/** Log lists (blade-log): read-only definitions for the list pages; rows are written by the server only. */
import { defineResource, type FieldDef } from '../../crud/resource.js';

const common: FieldDef[] = [
  { key: 'serviceId', label: { zh: '服务ID', en: 'Service' }, kind: 'text', search: 'equal', form: false },
  { key: 'serverHost', label: { zh: '服务器名', en: 'Server' }, kind: 'text', table: false, form: false },
  { key: 'serverIp', label: { zh: '服务器IP', en: 'Server IP' }, kind: 'text', table: false, form: false },
  { key: 'env', label: { zh: '系统环境', en: 'Environment' }, kind: 'text', table: false, form: false },
  { key: 'method', label: { zh: '请求方法', en: 'Method' }, kind: 'text', search: 'equal', form: false },
  { key: 'requestUri', label: { zh: '请求接口', en: 'Request URI' }, kind: 'text', search: 'like', form: false },
  { key: 'remoteIp', label: { zh: '操作IP', en: 'Client IP' }, kind: 'text', search: 'like', form: false },
  { key: 'createBy', label: { zh: '操作人', en: 'User' }, kind: 'text', search: 'like', form: false },
  { key: 'userAgent', label: { zh: '用户代理', en: 'User agent' }, kind: 'text', table: false, form: false },
  { key: 'methodClass', label: { zh: '模块', en: 'Module' }, kind: 'text', table: false, form: false },
  { key: 'methodName', label: { zh: '路由', en: 'Route' }, kind: 'text', table: false, form: false },
  { key: 'params', label: { zh: '请求参数', en: 'Parameters' }, kind: 'textarea', table: false, form: false },
];

export const logApiResource = defineResource({
  name: 'log-api',
  page: 'log_api',
  api: '/api/blade-log/api',
  title: { zh: '接口日志', en: 'API log' },
  tenantScoped: true,
  actions: ['view'],
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'title', label: { zh: '日志名', en: 'Title' }, kind: 'text', search: 'like', form: false },
    ...common,
    { key: 'resultCode', label: { zh: '结果码', en: 'Result code' }, kind: 'number', numeric: true, search: 'equal', form: false },
    { key: 'time', label: { zh: '耗时(毫秒)', en: 'Duration (ms)' }, kind: 'text', form: false },
  ],
});

export const logUsualResource = defineResource({
  name: 'log-usual',
  page: 'log_usual',
  api: '/api/blade-log/usual',
  title: { zh: '通用日志', en: 'Usual log' },
  tenantScoped: true,
  actions: ['view'],
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'logLevel', label: { zh: '日志级别', en: 'Level' }, kind: 'text', search: 'equal', form: false },
    { key: 'logId', label: { zh: '日志业务ID', en: 'Event' }, kind: 'text', search: 'like', form: false },
    { key: 'logData', label: { zh: '日志数据', en: 'Data' }, kind: 'textarea', search: 'like', form: false },
    ...common,
  ],
});

export const logErrorResource = defineResource({
  name: 'log-error',
  page: 'log_error',
  api: '/api/blade-log/error',
  title: { zh: '错误日志', en: 'Error log' },
  tenantScoped: true,
  actions: ['view'],
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'source', label: { zh: '来源', en: 'Source' }, kind: 'text', search: 'equal', form: false },
    { key: 'exceptionName', label: { zh: '异常名', en: 'Exception' }, kind: 'text', search: 'like', form: false },
    { key: 'message', label: { zh: '异常信息', en: 'Message' }, kind: 'textarea', search: 'like', form: false },
    ...common,
    { key: 'fileName', label: { zh: '文件名', en: 'File' }, kind: 'text', table: false, form: false },
    { key: 'lineNumber', label: { zh: '代码行号', en: 'Line' }, kind: 'number', numeric: true, table: false, form: false },
    { key: 'stackTrace', label: { zh: '堆栈信息', en: 'Stack trace' }, kind: 'textarea', table: false, form: false },
  ],
});

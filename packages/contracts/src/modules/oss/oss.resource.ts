/** Storage configurations (BladeX blade_oss): one enabled per tenant; the secret key is write-only. */
import { defineResource } from '../../crud/resource.js';
import { KEY_PATTERN } from '../../validation.js';

export const ossResource = defineResource({
  name: 'oss',
  page: 'oss',
  api: '/api/blade-resource/oss',
  title: { zh: '对象存储', en: 'Object storage' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 800, maskClosable: false },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'category', label: { zh: '分类', en: 'Category' }, kind: 'dict', dict: 'oss', search: 'equal', numeric: true, rules: { required: true } },
    {
      key: 'ossCode',
      label: { zh: '资源编号', en: 'Code' },
      kind: 'text',
      search: 'like',
      unique: true,
      sortable: true,
      rules: { required: true, max: 32, pattern: KEY_PATTERN, patternMessage: 'keyChars' },
    },
    { key: 'endpoint', label: { zh: '资源地址', en: 'Endpoint' }, kind: 'text', rules: { max: 255 }, span: 24 },
    { key: 'bucketName', label: { zh: '空间名', en: 'Bucket' }, kind: 'text', rules: { max: 255 } },
    { key: 'region', label: { zh: '地域', en: 'Region' }, kind: 'text', table: false, rules: { max: 64 } },
    { key: 'accessKey', label: { zh: '访问密钥 ID', en: 'Access key' }, kind: 'text', table: false, rules: { max: 255 } },
    { key: 'secretKey', label: { zh: '访问密钥', en: 'Secret key' }, kind: 'password', table: false, secret: true, rules: { max: 255 } },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

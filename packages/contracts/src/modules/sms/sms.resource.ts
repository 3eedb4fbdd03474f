/** SMS configurations (BladeX blade_sms): one enabled per tenant; the secret key is write-only. */
import { defineResource } from '../../crud/resource.js';
import { KEY_PATTERN } from '../../validation.js';

export const smsResource = defineResource({
  name: 'sms',
  page: 'sms',
  api: '/api/blade-resource/sms',
  title: { zh: '短信配置', en: 'SMS' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 800, maskClosable: false },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'category', label: { zh: '分类', en: 'Provider' }, kind: 'dict', dict: 'sms', search: 'equal', numeric: true, rules: { required: true } },
    {
      key: 'smsCode',
      label: { zh: '资源编号', en: 'Code' },
      kind: 'text',
      search: 'like',
      unique: true,
      sortable: true,
      rules: { required: true, max: 32, pattern: KEY_PATTERN, patternMessage: 'keyChars' },
    },
    { key: 'templateId', label: { zh: '模板编号', en: 'Template id' }, kind: 'text', search: 'like', rules: { max: 64 } },
    { key: 'signName', label: { zh: '短信签名', en: 'Sign name' }, kind: 'text', rules: { max: 64 } },
    { key: 'accessKey', label: { zh: '访问密钥 ID', en: 'Access key' }, kind: 'text', table: false, rules: { max: 255 } },
    { key: 'secretKey', label: { zh: '访问密钥', en: 'Secret key' }, kind: 'password', table: false, secret: true, rules: { max: 255 } },
    { key: 'regionId', label: { zh: '地域', en: 'Region' }, kind: 'text', table: false, rules: { max: 64 } },
    { key: 'endpoint', label: { zh: '服务地址', en: 'Endpoint' }, kind: 'text', table: false, rules: { max: 255 }, span: 24 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

/** The outbox: every message any provider was asked to send (read-only; verification codes masked). */
export const smsOutboxResource = defineResource({
  name: 'sms-outbox',
  page: 'sms',
  api: '/api/blade-resource/sms/outbox',
  title: { zh: '短信发送记录', en: 'SMS outbox' },
  tenantScoped: true,
  actions: ['view'],
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'phones', label: { zh: '手机号', en: 'Phones' }, kind: 'text', search: 'like', form: false },
    { key: 'provider', label: { zh: '服务类型', en: 'Provider' }, kind: 'text', search: 'equal', form: false },
    { key: 'templateId', label: { zh: '模板编号', en: 'Template id' }, kind: 'text', search: 'like', form: false },
    { key: 'scene', label: { zh: '场景', en: 'Scene' }, kind: 'text', search: 'equal', form: false },
    { key: 'params', label: { zh: '参数', en: 'Parameters' }, kind: 'text', form: false },
    { key: 'success', label: { zh: '是否成功', en: 'Sent' }, kind: 'number', numeric: true, search: 'equal', form: false },
    { key: 'result', label: { zh: '结果', en: 'Result' }, kind: 'text', form: false },
  ],
});

/**
 * Mail (SMTP) configurations: one enabled per tenant (`status` 2, `enable?id=`), the password write-only (sealed on
 * the server, read back masked); and the mail outbox, every message the mail module was asked to send.
 */
import { defineResource } from '../../crud/resource.js';
import { EMAIL_PATTERN } from '../../validation.js';

/** How the connection to the SMTP server is protected: none, STARTTLS after the greeting, or TLS from the start. */
export const MAIL_SECURITY = ['none', 'starttls', 'tls'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

export const mailResource = defineResource({
  name: 'mail',
  page: 'mail',
  api: '/api/blade-resource/mail',
  title: { zh: '邮件配置', en: 'Mail' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 800, maskClosable: false },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'name', label: { zh: '配置名称', en: 'Name' }, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 64 } },
    { key: 'host', label: { zh: 'SMTP 服务器', en: 'SMTP host' }, kind: 'text', search: 'like', rules: { required: true, max: 253 } },
    {
      key: 'port',
      label: { zh: '端口', en: 'Port' },
      kind: 'number',
      numeric: true,
      rules: { required: true, minValue: 1, maxValue: 65535, integer: true },
    },
    {
      key: 'security',
      label: { zh: '加密方式', en: 'Security' },
      kind: 'select',
      search: 'equal',
      options: [
        { value: 'none', label: { zh: '无', en: 'None' } },
        { value: 'starttls', label: { zh: 'STARTTLS', en: 'STARTTLS' } },
        { value: 'tls', label: { zh: 'SSL/TLS', en: 'SSL/TLS' } },
      ],
      rules: { required: true, max: 16 },
    },
    { key: 'username', label: { zh: '用户名', en: 'User name' }, kind: 'text', table: false, rules: { max: 255 } },
    { key: 'password', label: { zh: '密码', en: 'Password' }, kind: 'password', table: false, secret: true, rules: { max: 255 } },
    {
      key: 'fromAddress',
      label: { zh: '发件地址', en: 'From address' },
      kind: 'text',
      search: 'like',
      rules: { required: true, max: 254, pattern: EMAIL_PATTERN },
    },
    { key: 'fromName', label: { zh: '发件人名称', en: 'From name' }, kind: 'text', table: false, rules: { max: 64 } },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

/** The outbox: every message the mail module was asked to send, with its result (read-only). */
export const mailOutboxResource = defineResource({
  name: 'mail-outbox',
  page: 'mail',
  api: '/api/blade-resource/mail/outbox',
  title: { zh: '邮件发送记录', en: 'Mail outbox' },
  tenantScoped: true,
  actions: ['view'],
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'toAddress', label: { zh: '收件人', en: 'To' }, kind: 'text', search: 'like', form: false },
    { key: 'subject', label: { zh: '主题', en: 'Subject' }, kind: 'text', search: 'like', form: false },
    { key: 'scene', label: { zh: '场景', en: 'Scene' }, kind: 'text', search: 'equal', form: false },
    { key: 'success', label: { zh: '是否成功', en: 'Sent' }, kind: 'number', numeric: true, search: 'equal', form: false },
    { key: 'error', label: { zh: '错误', en: 'Error' }, kind: 'text', form: false },
  ],
});

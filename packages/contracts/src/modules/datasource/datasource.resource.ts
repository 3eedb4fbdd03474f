/**
 * Data sources of the code generator (blade-develop): PostgreSQL only, on hosts the deployment allow-lists
 * (HELIO_DATASOURCE_HOSTS); platform administrators only; the password is stored sealed and shown masked. Blade
 * clients post a driver class and no type: the type left out is the JDBC URL's (or the driver class's); the driver
 * class is read-only (the server's for the type).
 */
import { defineResource } from '../../crud/resource.js';

export const DATASOURCE_URL_PATTERN = '^jdbc:postgresql://[A-Za-z0-9.\\-]+(:\\d{1,5})?/[A-Za-z0-9_.\\-]{1,63}$';

export const datasourceResource = defineResource({
  name: 'datasource',
  page: 'datasource',
  api: '/api/blade-develop/datasource',
  title: { zh: '数据源管理', en: 'Data sources' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 700, maskClosable: false },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'name', label: { zh: '名称', en: 'Name' }, kind: 'text', search: 'like', unique: true, sortable: true, rules: { required: true, max: 100 } },
    {
      key: 'category',
      label: { zh: '数据源类型', en: 'Type' },
      kind: 'dict',
      dict: 'datasource_category',
      numeric: true,
      rules: { required: true },
      omitted: { from: 'jdbcType', doc: 'the type of the JDBC URL (jdbc:postgresql:… is 1), else of the driver class (`driverClass`)' },
    },
    { key: 'driverClass', label: { zh: '驱动类', en: 'Driver class' }, kind: 'text', table: false, form: false },
    {
      key: 'url',
      label: { zh: '连接地址', en: 'URL' },
      kind: 'text',
      span: 24,
      rules: { required: true, max: 500, pattern: DATASOURCE_URL_PATTERN },
    },
    { key: 'username', label: { zh: '用户名', en: 'User' }, kind: 'text', rules: { required: true, max: 100 } },
    { key: 'password', label: { zh: '密码', en: 'Password' }, kind: 'password', table: false, secret: true, rules: { max: 255 } },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});

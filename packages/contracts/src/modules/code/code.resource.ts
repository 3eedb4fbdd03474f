/**
 * Code generation records (blade-develop code): which model becomes which Helio module. SpringBlade's payload (Saber)
 * is accepted too: without a model it names a data source and a table (the model is found or created); its Java
 * package and file-system paths are stored as sent (its edit form shows them again) and the generator uses Helio's
 * defaults from the module key in their place; `baseMode` and `wrapMode` are stored for it (not in Helio's form);
 * `datasourceId` follows the model.
 */
import { defineResource } from '../../crud/resource.js';

/** SpringBlade's Java package (`packageName`), kept as sent. */
export const JAVA_PACKAGE = '[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)+';
/** SpringBlade's directories (`apiPath`, `webPath`: where its generator writes), kept as sent: a Windows or POSIX path. */
export const DIRECTORY = '([A-Za-z]:[\\\\/].{0,250}|/[^\\s]{0,254})';

export const codeResource = defineResource({
  name: 'code',
  page: 'code',
  api: '/api/blade-develop/code',
  title: { zh: '代码生成', en: 'Code generator' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 800, maskClosable: false },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    {
      key: 'modelId',
      label: { zh: '数据模型', en: 'Model' },
      kind: 'select',
      rules: { required: true, pattern: '^\\d{1,19}$' },
      omitted: { from: 'datasourceTable', doc: 'the model of `datasourceId` and `tableName` (SpringBlade), created when there is none' },
    },
    { key: 'codeName', label: { zh: '模块名', en: 'Module name' }, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 64 } },
    {
      key: 'serviceName',
      label: { zh: '模块编码', en: 'Module key' },
      kind: 'text',
      search: 'like',
      rules: { required: true, max: 40, pattern: '^[a-z][a-z0-9-]{1,39}$' },
    },
    { key: 'tableName', label: { zh: '表名', en: 'Table' }, kind: 'text', search: 'like', rules: { required: true, max: 63, pattern: '^[a-z_][a-z0-9_]{0,62}$' } },
    { key: 'tablePrefix', label: { zh: '表前缀', en: 'Table prefix' }, kind: 'text', table: false, rules: { max: 64, pattern: '^[a-z0-9_]*$' } },
    { key: 'pkName', label: { zh: '主键名', en: 'Primary key' }, kind: 'text', table: false, rules: { max: 32, pattern: '^[a-z_][a-z0-9_]*$' } },
    { key: 'packageName', label: { zh: '权限编码', en: 'Page code' }, kind: 'text', rules: { max: 64, pattern: `^([a-z][a-z0-9_]{1,63}|${JAVA_PACKAGE})$` } },
    { key: 'apiPath', label: { zh: '接口前缀', en: 'API base' }, kind: 'text', span: 24, rules: { max: 255, pattern: `^(/api(/[a-z0-9-]+){1,4}|${DIRECTORY})$` } },
    { key: 'webPath', label: { zh: '前端路由', en: 'Web path' }, kind: 'text', span: 24, rules: { max: 255, pattern: `^((/[a-z0-9-]+){1,4}|${DIRECTORY})$` } },
    { key: 'author', label: { zh: '作者', en: 'Author' }, kind: 'text', table: false, rules: { max: 64 } },
    { key: 'datasourceId', label: { zh: '数据源', en: 'Data source' }, kind: 'text', table: false, form: false },
    { key: 'baseMode', label: { zh: '基础业务', en: 'Base mode' }, kind: 'dict', dict: 'yes_no', numeric: true, table: false, form: 'api', rules: { integer: true, minValue: 1, maxValue: 2 } },
    { key: 'wrapMode', label: { zh: '包装器', en: 'Wrapper' }, kind: 'dict', dict: 'yes_no', numeric: true, table: false, form: 'api', rules: { integer: true, minValue: 1, maxValue: 2 } },
  ],
});

/** Data models of the code generator: a table of a data source, described column by column (its prototype). */
import { defineResource } from '../../crud/resource.js';
import { KEY_PATTERN } from '../../validation.js';

/** Lower-case SQL identifiers only: what the generator can turn into code without quoting tricks. */
export const IDENTIFIER_PATTERN = '^[a-z_][a-z0-9_]{0,62}$';

export const modelResource = defineResource({
  name: 'model',
  page: 'model',
  api: '/api/blade-develop/model',
  title: { zh: '数据模型', en: 'Data models' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 700, maskClosable: false },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
    { key: 'datasourceId', label: { zh: '数据源', en: 'Data source' }, kind: 'select', search: 'equal', rules: { required: true, pattern: '^\\d{1,19}$' } },
    { key: 'modelName', label: { zh: '模型名称', en: 'Name' }, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 64 } },
    {
      key: 'modelCode',
      label: { zh: '模型编号', en: 'Code' },
      kind: 'text',
      search: 'like',
      unique: true,
      rules: { required: true, max: 64, pattern: KEY_PATTERN, patternMessage: 'keyChars' },
    },
    { key: 'modelTable', label: { zh: '模型表名', en: 'Table' }, kind: 'text', search: 'like', rules: { required: true, max: 63, pattern: IDENTIFIER_PATTERN } },
    { key: 'modelClass', label: { zh: '模型类名', en: 'Class name' }, kind: 'text', table: false, rules: { max: 64, pattern: '^[A-Za-z][A-Za-z0-9]*$' } },
    { key: 'modelRemark', label: { zh: '模型备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 500 }, span: 24 },
  ],
});

/** One column of a model (blade_model_prototype): how the generator turns it into a field. */
export interface Prototype {
  jdbcName: string;
  jdbcType: string | null;
  jdbcComment: string | null;
  propertyName: string | null;
  isList: number;
  isForm: number;
  isRequired: number;
  isQuery: number;
  queryType: string | null;
  componentType: string;
  dictCode: string | null;
  sort: number;
}

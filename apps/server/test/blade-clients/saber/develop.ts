/**
 * Stock Saber: data sources (views/tool/datasource.vue) and the code generator (tool/code.vue). The data-source form
 * has name, driver class (a select of three JDBC drivers), user, password, URL and remark, all but the remark
 * required — on edit too, so the detail must carry the driver class and a password. The code form is SpringBlade's:
 * data source, module and service names, table, prefix, key, package, two yes/no radios and two output paths.
 * Not replayed: "代码生成" (gen-code?ids=&system=saber3) reads the table from the chosen data source, so it needs a
 * database holding that table; the code generator's own tests cover it.
 */
import type { Step } from '../fixture.js';

export const saberDevelop: Step[] = [
  {
    id: 'datasource.create', page: 'tool/datasource', does: 'adds a PostgreSQL data source (no category: Saber has none)',
    method: 'POST', url: '/api/blade-develop/datasource/submit',
    body: { name: 'Saber fixture source', driverClass: 'org.postgresql.Driver', username: 'postgres', password: 'sfx-db-secret', url: 'jdbc:postgresql://127.0.0.1:5432/postgres', remark: '' },
  },
  {
    id: 'datasource.list', page: 'tool/datasource', does: 'lists data sources', needs: ['datasource.create'],
    method: 'GET', url: '/api/blade-develop/datasource/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records[name=Saber fixture source].url', equals: 'jdbc:postgresql://127.0.0.1:5432/postgres' }],
    save: { dsId: 'data.records[name=Saber fixture source].id' },
  },
  {
    id: 'datasource.detail', page: 'tool/datasource', does: 'opens the edit dialog: driver class and password are required fields',
    method: 'GET', url: '/api/blade-develop/datasource/detail', query: { id: '{{dsId}}' },
    reads: [
      { path: 'data.name', equals: 'Saber fixture source' },
      { path: 'data.driverClass', equals: 'org.postgresql.Driver', why: 'the select shows it; empty blocks the save' },
      { path: 'data.password', is: 'text', why: 'required: empty blocks the save' },
      { path: 'data.username', equals: 'postgres' },
    ],
    save: { dsDetail: 'data' },
  },
  { id: 'datasource.edit', page: 'tool/datasource', does: 'saves the edit dialog (password as the detail gave it)', method: 'POST', url: '/api/blade-develop/datasource/submit', body: { '...': '{{dsDetail}}', remark: 'edited by Saber' } },
  {
    id: 'datasource.edited', page: 'tool/datasource', does: 'lists again', needs: ['datasource.edit'],
    method: 'GET', url: '/api/blade-develop/datasource/list', query: { current: 1, size: 10 }, reads: [{ path: 'data.records[id={{dsId}}].remark', equals: 'edited by Saber' }],
  },

  {
    id: 'code.datasources', page: 'tool/code', does: 'fills the data-source select (dicUrl datasource/select)', needs: ['datasource.create'],
    method: 'GET', url: '/api/blade-develop/datasource/select',
    reads: [{ path: 'data[].id', is: 'id', why: 'props.value' }, { path: 'data[].name', is: 'text', why: 'props.label' }, { path: 'data[id={{dsId}}].name', is: 'text' }],
  },
  {
    id: 'code.yes-no', page: 'tool/code', does: 'fills the two radios (dict yes_no)',
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'yes_no' }, reads: [{ path: 'data[dictKey=1].dictValue', is: 'text' }, { path: 'data[dictKey=2].dictValue', is: 'text' }],
  },
  {
    id: 'code.create', page: 'tool/code', does: 'adds a generator entry (SpringBlade\'s fields only; both radios "是" = 2)',
    method: 'POST', url: '/api/blade-develop/code/submit',
    body: {
      datasourceId: '{{dsId}}', codeName: 'Fixture', serviceName: 'blade-fixture', tableName: 'blade_notice', tablePrefix: 'blade_', pkName: 'id',
      packageName: 'org.springblade.fixture', baseMode: '2', wrapMode: '2', apiPath: '/tmp/sfx/api', webPath: '/tmp/sfx/web',
    },
  },
  {
    id: 'code.list', page: 'tool/code', does: 'lists entries', needs: ['code.create'],
    method: 'GET', url: '/api/blade-develop/code/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records[codeName=Fixture].serviceName', equals: 'blade-fixture' }, { path: 'data.records[codeName=Fixture].datasourceId', like: '{{dsId}}' }],
    save: { codeId: 'data.records[codeName=Fixture].id' },
  },
  {
    id: 'code.detail', page: 'tool/code', does: 'opens the edit dialog',
    method: 'GET', url: '/api/blade-develop/code/detail', query: { id: '{{codeId}}' },
    reads: [{ path: 'data.tableName', equals: 'blade_notice' }, { path: 'data.serviceName', equals: 'blade-fixture' }, { path: 'data.datasourceId', like: '{{dsId}}' }],
    save: { codeDetail: 'data' },
  },
  {
    id: 'code.detail-as-saved', page: 'tool/code', does: 'the edit dialog shows what was saved (package, paths, both radios "是")',
    method: 'GET', url: '/api/blade-develop/code/detail', query: { id: '{{codeId}}' },
    reads: [
      { path: 'data.packageName', equals: 'org.springblade.fixture' }, { path: 'data.apiPath', equals: '/tmp/sfx/api' },
      { path: 'data.baseMode', like: 2, why: 'radio value = yes_no dictKey; 2 is 是' }, { path: 'data.wrapMode', like: 2 },
    ],
  },
  { id: 'code.edit', page: 'tool/code', does: 'saves the edit dialog', method: 'POST', url: '/api/blade-develop/code/submit', body: { '...': '{{codeDetail}}', codeName: 'Fixture edited' } },
  { id: 'code.copy', page: 'tool/code', does: 'copies the entry', method: 'POST', url: '/api/blade-develop/code/copy', query: { id: '{{codeId}}' }, needs: ['code.edit'] },
  {
    id: 'code.copied', page: 'tool/code', does: 'lists: the edit and the copy', needs: ['code.copy'],
    method: 'GET', url: '/api/blade-develop/code/list', query: { current: 1, size: 10, codeName: 'Fixture' },
    reads: [{ path: 'data.total', equals: 2 }, { path: 'data.records[id={{codeId}}].codeName', equals: 'Fixture edited' }],
    save: { codeIds: 'data.records[].id' },
  },
  { id: 'code.remove', page: 'tool/code', does: 'deletes both', method: 'POST', url: '/api/blade-develop/code/remove', query: { ids: '{{join codeIds}}' } },
  {
    id: 'code.removed', page: 'tool/code', does: 'lists again', needs: ['code.remove'],
    method: 'GET', url: '/api/blade-develop/code/list', query: { current: 1, size: 10, codeName: 'Fixture' }, reads: [{ path: 'data.records[id={{codeId}}]', none: true }],
  },
  { id: 'datasource.remove', page: 'tool/datasource', does: 'deletes the data source', method: 'POST', url: '/api/blade-develop/datasource/remove', query: { ids: '{{dsId}}' } },
  {
    id: 'datasource.removed', page: 'tool/datasource', does: 'lists again', needs: ['datasource.remove'],
    method: 'GET', url: '/api/blade-develop/datasource/list', query: { current: 1, size: 10 }, reads: [{ path: 'data.records[id={{dsId}}]', none: true }],
  },
];

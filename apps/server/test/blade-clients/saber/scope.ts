/**
 * Stock Saber: data scopes (views/authority/datascope.vue) and API scopes (authority/apiscope.vue). Both pages are a
 * lazy menu tree (menu/lazy-menu-list) with a drawer listing one menu's scopes; a new scope is the drawer's form plus
 * the menu's id. For the data scope "全部可见" the form fills name, resource code and column itself (initScope).
 */
import type { Step } from '../fixture.js';

export const saberScope: Step[] = [
  {
    id: 'datascope.menus', page: 'authority/datascope', does: 'opens the page: top menus (lazy-menu-list?parentId=0)',
    method: 'GET', url: '/api/blade-system/menu/lazy-menu-list', query: { parentId: 0 },
    reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].name', is: 'text' }, { path: 'data[].hasChildren', is: 'boolean', why: 'the lazy tree table offers to expand' }],
    save: { scopeTopMenuId: 'data[0].id' },
  },
  {
    id: 'datascope.children', page: 'authority/datascope', does: 'expands a menu (treeLoad → lazy-menu-list?parentId=)',
    method: 'GET', url: '/api/blade-system/menu/lazy-menu-list', query: { parentId: '{{scopeTopMenuId}}' },
    reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].code', is: 'text' }, { path: 'data[].name', is: 'text' }],
    save: { scopeMenuId: 'data[0].id', scopeMenuCode: 'data[0].code', scopeMenuName: 'data[0].name' },
  },
  {
    id: 'datascope.types', page: 'authority/datascope', does: 'fills the rule type select (data_scope_type, dataType number)',
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'data_scope_type' },
    reads: [{ path: 'data[dictKey=1].dictValue', is: 'text' }, { path: 'data[dictKey=5].dictValue', is: 'text' }],
  },
  {
    id: 'datascope.list', page: 'authority/datascope', does: 'opens the drawer of a menu (data-scope/list with menuId)',
    method: 'GET', url: '/api/blade-system/data-scope/list', query: { menuId: '{{scopeMenuId}}', current: 1, size: 10 },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records', is: 'array' }],
  },
  {
    id: 'datascope.create', page: 'authority/datascope', does: 'adds a "全部可见" scope (initScope sets the column to "-")',
    method: 'POST', url: '/api/blade-system/data-scope/submit',
    body: {
      scopeName: '{{scopeMenuName}} [全部可见]', resourceCode: '{{scopeMenuCode}}', scopeColumn: '-', scopeType: 1, scopeField: '*',
      scopeClass: 'org.springblade.modules.system.entity.User', scopeValue: '', remark: 'sfx-data-scope', menuId: '{{scopeMenuId}}',
    },
  },
  {
    id: 'datascope.find', page: 'authority/datascope', does: 'the drawer lists it', needs: ['datascope.create'],
    method: 'GET', url: '/api/blade-system/data-scope/list', query: { menuId: '{{scopeMenuId}}', current: 1, size: 10 },
    reads: [{ path: 'data.records[remark=sfx-data-scope].scopeType', like: 1 }],
    save: { dataScopeId: 'data.records[remark=sfx-data-scope].id' },
  },
  {
    id: 'datascope.type-name', page: 'authority/datascope', does: 'draws the type cell',
    method: 'GET', url: '/api/blade-system/data-scope/list', query: { menuId: '{{scopeMenuId}}', current: 1, size: 10 },
    reads: [{ path: 'data.records[id={{dataScopeId}}].scopeTypeName', is: 'text', why: 'the type cell is a tag of row.scopeTypeName' }],
  },
  {
    id: 'datascope.detail', page: 'authority/datascope', does: 'opens it (getMenuDataScope)',
    method: 'GET', url: '/api/blade-system/data-scope/detail', query: { id: '{{dataScopeId}}' },
    reads: [{ path: 'data.resourceCode', equals: '{{scopeMenuCode}}' }, { path: 'data.scopeName', equals: '{{scopeMenuName}} [全部可见]' }, { path: 'data.scopeType', like: 1 }, { path: 'data.scopeColumn', equals: '-' }],
    save: { dataScopeDetail: 'data' },
  },
  {
    id: 'datascope.edit', page: 'authority/datascope', does: 'saves it (the menu id added again)',
    method: 'POST', url: '/api/blade-system/data-scope/submit', body: { '...': '{{dataScopeDetail}}', remark: 'edited by Saber', menuId: '{{scopeMenuId}}' },
  },
  {
    id: 'datascope.edited', page: 'authority/datascope', does: 'reopens it', needs: ['datascope.edit'],
    method: 'GET', url: '/api/blade-system/data-scope/detail', query: { id: '{{dataScopeId}}' }, reads: [{ path: 'data.remark', equals: 'edited by Saber' }],
  },
  {
    id: 'datascope.in-grant-tree', page: 'authority/role', does: 'the role grant dialog offers it', needs: ['datascope.create'],
    method: 'GET', url: '/api/blade-system/menu/grant-tree', reads: [{ path: 'data.dataScope[id={{dataScopeId}}].title', is: 'text' }],
  },
  { id: 'datascope.remove', page: 'authority/datascope', does: 'deletes it', method: 'POST', url: '/api/blade-system/data-scope/remove', query: { ids: '{{dataScopeId}}' } },
  {
    id: 'datascope.removed', page: 'authority/datascope', does: 'the drawer again', needs: ['datascope.remove'],
    method: 'GET', url: '/api/blade-system/data-scope/list', query: { menuId: '{{scopeMenuId}}', current: 1, size: 10 }, reads: [{ path: 'data.records[id={{dataScopeId}}]', none: true }],
  },

  {
    id: 'apiscope.types', page: 'authority/apiscope', does: 'fills the API type select (api_scope_type; a dicUrl without the /api prefix, added by axios)',
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'api_scope_type' }, reads: [{ path: 'data[dictKey=1].dictValue', is: 'text' }],
  },
  {
    id: 'apiscope.create', page: 'authority/apiscope', does: 'adds an API scope',
    method: 'POST', url: '/api/blade-system/api-scope/submit',
    body: { scopeName: 'Saber fixture API', resourceCode: 'sfx_api', scopePath: '/api/blade-system/user/list', scopeType: 1, remark: '', menuId: '{{scopeMenuId}}' },
  },
  {
    id: 'apiscope.find', page: 'authority/apiscope', does: 'the drawer lists it', needs: ['apiscope.create'],
    method: 'GET', url: '/api/blade-system/api-scope/list', query: { menuId: '{{scopeMenuId}}', current: 1, size: 10 },
    reads: [{ path: 'data.records[resourceCode=sfx_api].scopeType', like: 1 }, { path: 'data.total', is: 'number' }],
    save: { apiScopeId: 'data.records[resourceCode=sfx_api].id' },
  },
  {
    id: 'apiscope.type-name', page: 'authority/apiscope', does: 'draws the type cell',
    method: 'GET', url: '/api/blade-system/api-scope/list', query: { menuId: '{{scopeMenuId}}', current: 1, size: 10 },
    reads: [{ path: 'data.records[id={{apiScopeId}}].scopeTypeName', is: 'text', why: 'the type cell is a tag of row.scopeTypeName' }],
  },
  {
    id: 'apiscope.detail', page: 'authority/apiscope', does: 'opens it',
    method: 'GET', url: '/api/blade-system/api-scope/detail', query: { id: '{{apiScopeId}}' },
    reads: [{ path: 'data.scopePath', equals: '/api/blade-system/user/list' }, { path: 'data.scopeType', like: 1 }],
    save: { apiScopeDetail: 'data' },
  },
  {
    id: 'apiscope.edit', page: 'authority/apiscope', does: 'saves it',
    method: 'POST', url: '/api/blade-system/api-scope/submit', body: { '...': '{{apiScopeDetail}}', scopeName: 'Saber fixture API (edited)', menuId: '{{scopeMenuId}}' },
  },
  {
    id: 'apiscope.edited', page: 'authority/apiscope', does: 'reopens it', needs: ['apiscope.edit'],
    method: 'GET', url: '/api/blade-system/api-scope/detail', query: { id: '{{apiScopeId}}' }, reads: [{ path: 'data.scopeName', equals: 'Saber fixture API (edited)' }],
  },
  { id: 'apiscope.remove', page: 'authority/apiscope', does: 'deletes it', method: 'POST', url: '/api/blade-system/api-scope/remove', query: { ids: '{{apiScopeId}}' } },
  {
    id: 'apiscope.removed', page: 'authority/apiscope', does: 'the drawer again', needs: ['apiscope.remove'],
    method: 'GET', url: '/api/blade-system/api-scope/list', query: { menuId: '{{scopeMenuId}}', current: 1, size: 10 }, reads: [{ path: 'data.records[id={{apiScopeId}}]', none: true }],
  },
];

/**
 * Stock Saber: menus (views/system/menu.vue), dictionaries (system/dict.vue), parameters (system/param.vue), tenants
 * (system/tenant.vue), OAuth clients (system/client.vue) and top menus (system/topmenu.vue). Param, tenant and role
 * edits post the list row back (no detail call); the others post the detail. Untouched radios are sent as ''.
 */
import type { Step } from '../fixture.js';

export const saberSystem: Step[] = [
  // --- menus -------------------------------------------------------------------------------------------------------
  {
    id: 'menu.list', page: 'system/menu', does: 'opens the page: the whole tree',
    method: 'GET', url: '/api/blade-system/menu/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].name', is: 'text' }, { path: 'data[].code', is: 'text' }, { path: 'data[].path', is: 'string' }, { path: 'data[].category', like: 1 }],
    save: { menuParentId: 'data[0].id' },
  },
  {
    id: 'menu.tree', page: 'system/menu', does: 'fills the parent picker (dicUrl menu/tree)',
    method: 'GET', url: '/api/blade-system/menu/tree', reads: [{ path: 'data[].title', is: 'text' }, { path: 'data[].value', is: 'id' }],
  },
  {
    id: 'menu.create', page: 'system/menu', does: 'adds a child menu ("新增子项"; the open-in-new-window radio untouched)',
    method: 'POST', url: '/api/blade-system/menu/submit',
    body: { name: 'Saber fixture menu', path: '/sfx/menu', parentId: '{{menuParentId}}', source: 'iconfont iconicon_setting', code: 'sfx_menu', category: 1, alias: 'menu', action: 1, sort: 99, isOpen: '', remark: '' },
  },
  {
    id: 'menu.find', page: 'system/menu', does: 'searches by code', needs: ['menu.create'],
    method: 'GET', url: '/api/blade-system/menu/list', query: { current: 1, size: 10, code: 'sfx_menu' },
    reads: [{ path: 'data[code=sfx_menu].name', equals: 'Saber fixture menu' }],
    save: { menuId: 'data[code=sfx_menu].id' },
  },
  {
    id: 'menu.detail', page: 'system/menu', does: 'opens the edit dialog (getMenu)',
    method: 'GET', url: '/api/blade-system/menu/detail', query: { id: '{{menuId}}' },
    reads: [
      { path: 'data.parentId', like: '{{menuParentId}}' }, { path: 'data.path', equals: '/sfx/menu' }, { path: 'data.source', is: 'string' },
      { path: 'data.category', like: 1, why: 'radio value 1' }, { path: 'data.action', is: 'number' }, { path: 'data.sort', like: 99 },
    ],
    save: { menuDetail: 'data' },
  },
  { id: 'menu.edit', page: 'system/menu', does: 'saves the edit dialog', method: 'POST', url: '/api/blade-system/menu/submit', body: { '...': '{{menuDetail}}', name: 'Saber fixture menu (edited)' } },
  {
    id: 'menu.edited', page: 'system/menu', does: 'reopens it', needs: ['menu.edit'],
    method: 'GET', url: '/api/blade-system/menu/detail', query: { id: '{{menuId}}' }, reads: [{ path: 'data.name', equals: 'Saber fixture menu (edited)' }],
  },
  { id: 'menu.remove', page: 'system/menu', does: 'deletes it', method: 'POST', url: '/api/blade-system/menu/remove', query: { ids: '{{menuId}}' } },
  {
    id: 'menu.removed', page: 'system/menu', does: 'searches again', needs: ['menu.remove'],
    method: 'GET', url: '/api/blade-system/menu/list', query: { current: 1, size: 10, code: 'sfx_menu' }, reads: [{ path: 'data[id={{menuId}}]', none: true }],
  },

  // --- dictionaries ------------------------------------------------------------------------------------------------
  {
    id: 'dict.list', page: 'system/dict', does: 'opens the page: a tree table',
    method: 'GET', url: '/api/blade-system/dict/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].code', is: 'text' }, { path: 'data[].dictValue', is: 'text' }, { path: 'data[].dictKey', is: ['string', 'number'] }],
  },
  {
    id: 'dict.tree', page: 'system/dict', does: 'fills the parent picker (dict/tree?code=DICT)',
    method: 'GET', url: '/api/blade-system/dict/tree?code=DICT', reads: [{ path: 'data[].title', is: 'text' }, { path: 'data[].value', is: 'id' }],
  },
  {
    id: 'dict.create', page: 'system/dict', does: 'adds a dictionary (key -1 for a parent, as Blade does; no sealed flag or language)',
    method: 'POST', url: '/api/blade-system/dict/submit',
    body: { code: 'sfx_dict', dictValue: 'Saber fixture dictionary', parentId: '', dictKey: -1, sort: 1, remark: '' },
  },
  {
    id: 'dict.find', page: 'system/dict', does: 'searches by code', needs: ['dict.create'],
    method: 'GET', url: '/api/blade-system/dict/list', query: { current: 1, size: 10, code: 'sfx_dict' },
    reads: [{ path: 'data[code=sfx_dict].dictValue', equals: 'Saber fixture dictionary' }],
    save: { dictParentId: 'data[code=sfx_dict].id' },
  },
  {
    id: 'dict.create-item', page: 'system/dict', does: 'adds an item under it ("新增子项": code and parent prefilled)',
    method: 'POST', url: '/api/blade-system/dict/submit',
    body: { code: 'sfx_dict', dictValue: 'Saber fixture item', parentId: '{{dictParentId}}', dictKey: 1, sort: 1, remark: '' },
  },
  {
    id: 'dict.dictionary', page: 'system/dict', does: 'an Avue select reads the new dictionary (dict/dictionary?code=)', needs: ['dict.create-item'],
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'sfx_dict' },
    reads: [{ path: 'data[dictValue=Saber fixture item].dictKey', like: 1, why: 'props.value dictKey' }],
    save: { dictItemId: 'data[dictValue=Saber fixture item].id' },
  },
  {
    id: 'dict.detail', page: 'system/dict', does: 'opens the item (getDict)',
    method: 'GET', url: '/api/blade-system/dict/detail', query: { id: '{{dictItemId}}' },
    reads: [{ path: 'data.code', equals: 'sfx_dict' }, { path: 'data.parentId', like: '{{dictParentId}}' }, { path: 'data.dictKey', like: 1 }],
    save: { dictDetail: 'data' },
  },
  { id: 'dict.edit', page: 'system/dict', does: 'saves the edit dialog', method: 'POST', url: '/api/blade-system/dict/submit', body: { '...': '{{dictDetail}}', dictValue: 'Saber fixture item (edited)' } },
  {
    id: 'dict.edited', page: 'system/dict', does: 'reads the dictionary again', needs: ['dict.edit'],
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'sfx_dict' }, reads: [{ path: 'data[id={{dictItemId}}].dictValue', equals: 'Saber fixture item (edited)' }],
  },
  { id: 'dict.remove', page: 'system/dict', does: 'deletes item and dictionary', method: 'POST', url: '/api/blade-system/dict/remove', query: { ids: '{{dictItemId}},{{dictParentId}}' } },
  {
    id: 'dict.removed', page: 'system/dict', does: 'searches again', needs: ['dict.remove'],
    method: 'GET', url: '/api/blade-system/dict/list', query: { current: 1, size: 10, code: 'sfx_dict' }, reads: [{ path: 'data[id={{dictParentId}}]', none: true }],
  },

  // --- parameters --------------------------------------------------------------------------------------------------
  { id: 'param.create', page: 'system/param', does: 'adds a parameter', method: 'POST', url: '/api/blade-system/param/submit', body: { paramName: 'Saber fixture', paramKey: 'sfx.param', paramValue: '1' } },
  {
    id: 'param.find', page: 'system/param', does: 'searches by key', needs: ['param.create'],
    method: 'GET', url: '/api/blade-system/param/list', query: { current: 1, size: 10, paramKey: 'sfx.param' },
    reads: [{ path: 'data.total', equals: 1 }, { path: 'data.records[paramKey=sfx.param].paramValue', equals: '1' }, { path: 'data.records[].id', is: 'id' }],
    save: { paramId: 'data.records[paramKey=sfx.param].id', paramRow: 'data.records[paramKey=sfx.param]' },
  },
  { id: 'param.edit', page: 'system/param', does: 'saves the edit dialog (the list row)', method: 'POST', url: '/api/blade-system/param/submit', body: { '...': '{{paramRow}}', paramValue: '2' } },
  {
    id: 'param.edited', page: 'system/param', does: 'searches again', needs: ['param.edit'],
    method: 'GET', url: '/api/blade-system/param/list', query: { current: 1, size: 10, paramKey: 'sfx.param' }, reads: [{ path: 'data.records[paramKey=sfx.param].paramValue', equals: '2' }],
  },
  { id: 'param.remove', page: 'system/param', does: 'deletes it', method: 'POST', url: '/api/blade-system/param/remove', query: { ids: '{{paramId}}' } },
  {
    id: 'param.removed', page: 'system/param', does: 'searches again', needs: ['param.remove'],
    method: 'GET', url: '/api/blade-system/param/list', query: { current: 1, size: 10, paramKey: 'sfx.param' }, reads: [{ path: 'data.records[id={{paramId}}]', none: true }],
  },

  // --- tenants -----------------------------------------------------------------------------------------------------
  {
    id: 'tenant.create', page: 'system/tenant', does: 'adds a tenant (the tenant id column is hidden on add: "")',
    method: 'POST', url: '/api/blade-system/tenant/submit',
    body: { tenantId: '', tenantName: 'Saber fixture tenant', linkman: 'Fixture', contactNumber: '', address: '', domain: '' },
  },
  {
    id: 'tenant.find', page: 'system/tenant', does: 'searches by name', needs: ['tenant.create'],
    method: 'GET', url: '/api/blade-system/tenant/list', query: { current: 1, size: 10, tenantName: 'Saber fixture tenant' },
    reads: [{ path: 'data.total', equals: 1 }, { path: 'data.records[0].tenantId', is: 'text', why: 'shown in the list' }, { path: 'data.records[0].linkman', equals: 'Fixture' }],
    save: { tenantRowId: 'data.records[0].id', newTenantId: 'data.records[0].tenantId', tenantRow: 'data.records[0]' },
  },
  { id: 'tenant.edit', page: 'system/tenant', does: 'saves the edit dialog (the list row)', method: 'POST', url: '/api/blade-system/tenant/submit', body: { '...': '{{tenantRow}}', linkman: 'Fixture (edited)' } },
  {
    id: 'tenant.edited', page: 'system/tenant', does: 'searches again', needs: ['tenant.edit'],
    method: 'GET', url: '/api/blade-system/tenant/list', query: { current: 1, size: 10, tenantName: 'Saber fixture tenant' }, reads: [{ path: 'data.records[0].linkman', equals: 'Fixture (edited)' }],
  },
  {
    id: 'tenant.its-dept', page: 'system/dept', does: 'the department page, searched by tenant, shows the new tenant\'s department', needs: ['tenant.create'],
    method: 'GET', url: '/api/blade-system/dept/list', query: { current: 1, size: 10, tenantId: '{{newTenantId}}' }, reads: [{ path: 'data[tenantId={{newTenantId}}].deptName', is: 'text' }],
  },
  {
    id: 'tenant.its-admin', page: 'system/user', does: 'the user page (100 a page) shows the new tenant\'s administrator', needs: ['tenant.create'],
    method: 'GET', url: '/api/blade-system/user/list', query: { current: 1, size: 100 }, reads: [{ path: 'data.records[tenantId={{newTenantId}}].account', is: 'text' }],
  },
  { id: 'tenant.remove', page: 'system/tenant', does: 'deletes it', method: 'POST', url: '/api/blade-system/tenant/remove', query: { ids: '{{tenantRowId}}' } },
  {
    id: 'tenant.removed', page: 'system/tenant', does: 'searches again', needs: ['tenant.remove'],
    method: 'GET', url: '/api/blade-system/tenant/list', query: { current: 1, size: 10, tenantName: 'Saber fixture tenant' }, reads: [{ path: 'data.records[id={{tenantRowId}}]', none: true }],
  },
  {
    id: 'tenant.rows-gone', page: 'system/dept', does: 'its department, role and administrator leave the lists', needs: ['tenant.remove'],
    method: 'GET', url: '/api/blade-system/dept/list', query: { current: 1, size: 10, tenantId: '{{newTenantId}}' }, reads: [{ path: 'data[tenantId={{newTenantId}}]', none: true }],
  },
  {
    id: 'tenant.roles-gone', page: 'authority/role', does: '… role list searched by tenant', needs: ['tenant.remove'],
    method: 'GET', url: '/api/blade-system/role/list', query: { current: 1, size: 10, tenantId: '{{newTenantId}}' }, reads: [{ path: 'data[tenantId={{newTenantId}}]', none: true }],
  },
  {
    id: 'tenant.users-gone', page: 'system/user', does: '… user list', needs: ['tenant.remove'],
    method: 'GET', url: '/api/blade-system/user/list', query: { current: 1, size: 100 }, reads: [{ path: 'data.records[tenantId={{newTenantId}}]', none: true }],
  },

  // --- OAuth clients -----------------------------------------------------------------------------------------------
  {
    id: 'client.create', page: 'system/client', does: 'adds a client',
    method: 'POST', url: '/api/blade-system/client/submit',
    body: {
      clientId: 'sfx_client', clientSecret: 'sfx_client_secret_2026', authorizedGrantTypes: 'refresh_token,password,authorization_code', scope: 'all',
      accessTokenValidity: 3600, refreshTokenValidity: 604800, webServerRedirectUri: 'http://127.0.0.1:2889', resourceIds: '', authorities: '', autoapprove: '', additionalInformation: '',
    },
  },
  {
    id: 'client.find', page: 'system/client', does: 'searches by client id', needs: ['client.create'],
    method: 'GET', url: '/api/blade-system/client/list', query: { current: 1, size: 10, clientId: 'sfx_client' },
    reads: [{ path: 'data.total', equals: 1 }, { path: 'data.records[clientId=sfx_client].scope', equals: 'all' }],
    save: { clientRowId: 'data.records[clientId=sfx_client].id' },
  },
  {
    id: 'client.detail', page: 'system/client', does: 'opens the edit dialog: the secret field is required',
    method: 'GET', url: '/api/blade-system/client/detail', query: { id: '{{clientRowId}}' },
    reads: [{ path: 'data.clientId', equals: 'sfx_client' }, { path: 'data.clientSecret', is: 'text', why: 'a required column: an empty one blocks the save' }, { path: 'data.accessTokenValidity', like: 3600 }],
    save: { clientDetail: 'data' },
  },
  { id: 'client.edit', page: 'system/client', does: 'saves the edit dialog (the secret as the detail gave it)', method: 'POST', url: '/api/blade-system/client/submit', body: { '...': '{{clientDetail}}', accessTokenValidity: 7200 } },
  {
    id: 'client.edited', page: 'system/client', does: 'searches again', needs: ['client.edit'],
    method: 'GET', url: '/api/blade-system/client/list', query: { current: 1, size: 10, clientId: 'sfx_client' }, reads: [{ path: 'data.records[clientId=sfx_client].accessTokenValidity', like: 7200 }],
  },
  { id: 'client.remove', page: 'system/client', does: 'deletes it', method: 'POST', url: '/api/blade-system/client/remove', query: { ids: '{{clientRowId}}' } },
  {
    id: 'client.removed', page: 'system/client', does: 'searches again', needs: ['client.remove'],
    method: 'GET', url: '/api/blade-system/client/list', query: { current: 1, size: 10, clientId: 'sfx_client' }, reads: [{ path: 'data.records[id={{clientRowId}}]', none: true }],
  },

  // --- top menus ---------------------------------------------------------------------------------------------------
  {
    id: 'topmenu.create', page: 'system/topmenu', does: 'adds a top menu',
    method: 'POST', url: '/api/blade-system/topmenu/submit', body: { name: 'Saber fixture top', source: 'iconfont icon-zhuye', code: 'sfx_top', sort: 9, path: '' },
  },
  {
    id: 'topmenu.find', page: 'system/topmenu', does: 'searches by code', needs: ['topmenu.create'],
    method: 'GET', url: '/api/blade-system/topmenu/list', query: { current: 1, size: 10, code: 'sfx_top' },
    reads: [{ path: 'data.records[code=sfx_top].name', equals: 'Saber fixture top' }, { path: 'data.records[code=sfx_top].sort', like: 9 }],
    save: { topMenuId: 'data.records[code=sfx_top].id' },
  },
  {
    id: 'topmenu.detail', page: 'system/topmenu', does: 'opens the edit dialog',
    method: 'GET', url: '/api/blade-system/topmenu/detail', query: { id: '{{topMenuId}}' }, reads: [{ path: 'data.code', equals: 'sfx_top' }, { path: 'data.source', is: 'text' }],
    save: { topMenuDetail: 'data' },
  },
  { id: 'topmenu.edit', page: 'system/topmenu', does: 'saves the edit dialog', method: 'POST', url: '/api/blade-system/topmenu/submit', body: { '...': '{{topMenuDetail}}', name: 'Saber fixture top (edited)' } },
  {
    id: 'topmenu.grant-tree', page: 'system/topmenu', does: 'opens "菜单配置": the menu tree and what the top menu has',
    method: 'GET', url: '/api/blade-system/menu/grant-top-tree', reads: [{ path: 'data.menu[].id', is: 'id' }, { path: 'data.menu[].title', is: 'text' }],
    save: { topGrantMenuId: 'data.menu[0].id' },
  },
  {
    id: 'topmenu.tree-keys', page: 'system/topmenu', does: '… the keys it has (top-tree-keys)',
    method: 'GET', url: '/api/blade-system/menu/top-tree-keys', query: { topMenuIds: '{{topMenuId}}' }, reads: [{ path: 'data.menu', is: 'array' }],
  },
  {
    id: 'topmenu.grant', page: 'system/topmenu', does: 'saves the menu setting',
    method: 'POST', url: '/api/blade-system/topmenu/grant', body: { topMenuIds: ['{{topMenuId}}'], menuIds: ['{{topGrantMenuId}}'] },
  },
  {
    id: 'topmenu.in-bar', page: 'layout', does: 'the top bar lists it and clicking it loads its menus (routes?topMenuId=)', needs: ['topmenu.grant', 'topmenu.edit'],
    method: 'GET', url: '/api/blade-system/menu/top-menu', reads: [{ path: 'data[code=sfx_top].name', equals: 'Saber fixture top (edited)' }, { path: 'data[code=sfx_top].id', is: 'id' }],
  },
  {
    id: 'topmenu.routes', page: 'layout', does: 'clicking the top menu loads its side menu', needs: ['topmenu.grant'],
    method: 'GET', url: '/api/blade-system/menu/routes', query: { topMenuId: '{{topMenuId}}' }, reads: [{ path: 'data[id={{topGrantMenuId}}].name', is: 'text' }],
  },
  { id: 'topmenu.remove', page: 'system/topmenu', does: 'deletes it', method: 'POST', url: '/api/blade-system/topmenu/remove', query: { ids: '{{topMenuId}}' } },
  {
    id: 'topmenu.removed', page: 'system/topmenu', does: 'searches again', needs: ['topmenu.remove'],
    method: 'GET', url: '/api/blade-system/topmenu/list', query: { current: 1, size: 10, code: 'sfx_top' }, reads: [{ path: 'data.records[id={{topMenuId}}]', none: true }],
  },
];

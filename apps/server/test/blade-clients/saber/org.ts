/**
 * Stock Saber: departments (views/system/dept.vue), posts (system/post.vue) and roles (authority/role.vue). Add forms
 * are Avue forms: every column is posted, untouched text and tree columns as '' and untouched number columns left out
 * (Avue formInitVal); an edit posts the detail (dept, post) or the list row (role) back with the changes.
 * The records made here are removed after the user page (user.ts) has used them.
 */
import type { Step } from '../fixture.js';

export const saberOrg: Step[] = [
  // --- departments -------------------------------------------------------------------------------------------------
  {
    id: 'dept.list', page: 'system/dept', does: 'opens the page: a tree table (tree: true), current/size sent anyway',
    method: 'GET', url: '/api/blade-system/dept/list', query: { current: 1, size: 10 },
    reads: [
      { path: 'data', is: 'array', minItems: 1, why: 'this.data = res.data.data (no paging)' },
      { path: 'data[].id', is: 'id' },
      { path: 'data[].deptName', is: 'text' },
      { path: 'data[].tenantId', is: 'text', why: 'shown through the tenant dictionary' },
    ],
    save: { topDeptId: 'data[0].id' },
  },
  {
    id: 'dept.tenants', page: 'system/dept', does: 'fills the tenant column (dicUrl tenant/select)',
    method: 'GET', url: '/api/blade-system/tenant/select',
    reads: [{ path: 'data[].tenantId', is: 'text', why: 'props.value' }, { path: 'data[].tenantName', is: 'text', why: 'props.label' }],
  },
  {
    id: 'dept.tree', page: 'system/dept', does: 'fills the parent picker (getDeptTree)',
    method: 'GET', url: '/api/blade-system/dept/tree',
    reads: [{ path: 'data[].title', is: 'text', why: 'props.label' }, { path: 'data[].value', is: 'id', why: 'Avue tree value (default key)' }],
  },
  {
    id: 'dept.create', page: 'system/dept', does: 'adds a child department ("新增子项" on the top row; no category: Saber has none)',
    method: 'POST', url: '/api/blade-system/dept/submit',
    body: { deptName: 'Saber 部门', tenantId: '', fullName: 'Saber fixture department', parentId: '{{topDeptId}}', sort: 1, remark: '' },
  },
  {
    id: 'dept.find', page: 'system/dept', does: 'searches by name', needs: ['dept.create'],
    method: 'GET', url: '/api/blade-system/dept/list', query: { current: 1, size: 10, deptName: 'Saber 部门' },
    reads: [{ path: 'data[deptName=Saber 部门].parentId', like: '{{topDeptId}}' }],
    save: { deptId: 'data[deptName=Saber 部门].id' },
  },
  {
    id: 'dept.detail', page: 'system/dept', does: 'opens the edit dialog (getDept)',
    method: 'GET', url: '/api/blade-system/dept/detail', query: { id: '{{deptId}}' },
    reads: [
      { path: 'data.id', like: '{{deptId}}' },
      { path: 'data.deptName', equals: 'Saber 部门' },
      { path: 'data.fullName', equals: 'Saber fixture department' },
      { path: 'data.parentId', like: '{{topDeptId}}', why: 'selects the parent in the tree' },
      { path: 'data.sort', is: 'number' },
    ],
    save: { deptDetail: 'data' },
  },
  {
    id: 'dept.edit', page: 'system/dept', does: 'saves the edit dialog',
    method: 'POST', url: '/api/blade-system/dept/submit', body: { '...': '{{deptDetail}}', remark: 'edited by Saber' },
  },
  {
    id: 'dept.edited', page: 'system/dept', does: 'reopens the row', needs: ['dept.edit'],
    method: 'GET', url: '/api/blade-system/dept/detail', query: { id: '{{deptId}}' },
    reads: [{ path: 'data.remark', equals: 'edited by Saber' }],
  },

  // --- posts -------------------------------------------------------------------------------------------------------
  {
    id: 'post.category', page: 'system/post', does: 'fills the category column (dicUrl dict/dictionary?code=post_category, dataType number)',
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'post_category' },
    reads: [{ path: 'data[].dictKey', matches: '^\\d+$', why: 'Number(dictKey) is the value' }, { path: 'data[].dictValue', is: 'text' }, { path: 'data[dictKey=1].dictValue', is: 'text' }],
  },
  {
    id: 'post.create', page: 'system/post', does: 'adds a post',
    method: 'POST', url: '/api/blade-system/post/submit',
    body: { tenantId: '', category: 1, postCode: 'sfx-post', postName: 'Saber fixture post', sort: 1, remark: '' },
  },
  {
    id: 'post.list', page: 'system/post', does: 'lists posts (paged)', needs: ['post.create'],
    method: 'GET', url: '/api/blade-system/post/list', query: { current: 1, size: 10 },
    reads: [
      { path: 'data.total', is: 'number' },
      { path: 'data.records[].id', is: 'id' },
      { path: 'data.records[].postName', is: 'text' },
      { path: 'data.records[postCode=sfx-post].postName', equals: 'Saber fixture post' },
    ],
    save: { postId: 'data.records[postCode=sfx-post].id' },
  },
  {
    id: 'post.list-category', page: 'system/post', does: 'draws the category cell', needs: ['post.create'],
    method: 'GET', url: '/api/blade-system/post/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.records[].categoryName', is: 'text', why: 'the category cell is a tag of row.categoryName (PostVO)' }],
  },
  {
    id: 'post.select', page: 'system/post', does: 'the user form fills its post picker (post/select?tenantId=)',
    method: 'GET', url: '/api/blade-system/post/select', query: { tenantId: '000000' },
    reads: [{ path: 'data[].id', is: 'id', why: 'props.value' }, { path: 'data[].postName', is: 'text', why: 'props.label' }, { path: 'data[id={{postId}}].postCode', equals: 'sfx-post' }],
  },
  {
    id: 'post.detail', page: 'system/post', does: 'opens the edit dialog',
    method: 'GET', url: '/api/blade-system/post/detail', query: { id: '{{postId}}' },
    reads: [{ path: 'data.postCode', equals: 'sfx-post' }, { path: 'data.category', like: 1, why: 'the select shows Number(category)' }],
    save: { postDetail: 'data' },
  },
  {
    id: 'post.edit', page: 'system/post', does: 'saves the edit dialog',
    method: 'POST', url: '/api/blade-system/post/submit', body: { '...': '{{postDetail}}', postName: 'Saber fixture post (edited)' },
  },
  {
    id: 'post.edited', page: 'system/post', does: 'searches by code', needs: ['post.edit'],
    method: 'GET', url: '/api/blade-system/post/list', query: { current: 1, size: 10, postCode: 'sfx-post' },
    reads: [{ path: 'data.records[postCode=sfx-post].postName', equals: 'Saber fixture post (edited)' }],
  },

  // --- roles -------------------------------------------------------------------------------------------------------
  {
    id: 'role.list', page: 'authority/role', does: 'opens the page: a tree table',
    method: 'GET', url: '/api/blade-system/role/list', query: { current: 1, size: 10 },
    reads: [
      { path: 'data', is: 'array', minItems: 1 },
      { path: 'data[].id', is: 'id' },
      { path: 'data[].roleName', is: 'text' },
      { path: 'data[].roleAlias', is: 'text' },
      { path: 'data[roleAlias=administrator].id', is: 'id' },
    ],
  },
  {
    id: 'role.tree', page: 'authority/role', does: 'fills the parent picker (getRoleTree)',
    method: 'GET', url: '/api/blade-system/role/tree',
    reads: [{ path: 'data[].id', is: 'id', why: 'el-tree node-key' }, { path: 'data[].title', is: 'text' }, { path: 'data[].value', is: 'id' }],
  },
  {
    id: 'role.create', page: 'authority/role', does: 'adds a role (no role type: Saber has none)',
    method: 'POST', url: '/api/blade-system/role/submit',
    body: { roleName: 'Saber fixture role', tenantId: '', roleAlias: 'sfx_role', parentId: '', sort: 9 },
  },
  {
    id: 'role.find', page: 'authority/role', does: 'searches by name', needs: ['role.create'],
    method: 'GET', url: '/api/blade-system/role/list', query: { current: 1, size: 10, roleName: 'Saber fixture role' },
    reads: [{ path: 'data[roleAlias=sfx_role].roleName', equals: 'Saber fixture role' }],
    save: { roleId: 'data[roleAlias=sfx_role].id', roleRow: 'data[roleAlias=sfx_role]' },
  },
  {
    id: 'role.grant-tree', page: 'authority/role', does: 'opens the grant dialog: the three trees',
    method: 'GET', url: '/api/blade-system/menu/grant-tree',
    reads: [
      { path: 'data.menu[].id', is: 'id', why: 'node-key="id"' },
      { path: 'data.menu[].title', is: 'text', why: 'props.label' },
      { path: 'data.dataScope', is: 'array' },
      { path: 'data.apiScope', is: 'array' },
    ],
    save: { grantMenuId: 'data.menu[0].id' },
  },
  {
    id: 'role.tree-keys', page: 'authority/role', does: 'checks what the role has (menu/role-tree-keys)',
    method: 'GET', url: '/api/blade-system/menu/role-tree-keys', query: { roleIds: '{{roleId}}' },
    reads: [{ path: 'data.menu', is: 'array' }, { path: 'data.dataScope', is: 'array' }, { path: 'data.apiScope', is: 'array' }],
  },
  {
    id: 'role.grant', page: 'authority/role', does: 'grants a menu (ids as arrays in a JSON body)',
    method: 'POST', url: '/api/blade-system/role/grant',
    body: { roleIds: ['{{roleId}}'], menuIds: ['{{grantMenuId}}'], dataScopeIds: [], apiScopeIds: [] },
  },
  {
    id: 'role.granted', page: 'authority/role', does: 'reopens the grant dialog', needs: ['role.grant'],
    method: 'GET', url: '/api/blade-system/menu/role-tree-keys', query: { roleIds: '{{roleId}}' },
    reads: [{ path: 'data.menu', contains: '{{grantMenuId}}' }],
  },
  {
    id: 'role.edit', page: 'authority/role', does: 'saves the edit dialog (the list row, edited: no detail call)',
    method: 'POST', url: '/api/blade-system/role/submit', body: { '...': '{{roleRow}}', sort: 10 },
  },
  {
    id: 'role.edited', page: 'authority/role', does: 'searches again', needs: ['role.edit'],
    method: 'GET', url: '/api/blade-system/role/list', query: { current: 1, size: 10, roleName: 'Saber fixture role' },
    reads: [{ path: 'data[roleAlias=sfx_role].sort', like: 10 }],
  },
];

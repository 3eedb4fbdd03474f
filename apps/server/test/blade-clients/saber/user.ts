/**
 * Stock Saber: the user page (views/system/user.vue), then the removal of the department, post and role made on the
 * organisation pages (org.ts). The add form posts every column (untouched ones as ''); the multi-select trees are
 * arrays joined with commas (func.join); the edit posts the detail back through user/update.
 */
import type { Step } from '../fixture.js';

export const saberUser: Step[] = [
  {
    id: 'user.list', page: 'system/user', does: 'opens the page (getList current/size)',
    method: 'GET', url: '/api/blade-system/user/list', query: { current: 1, size: 10 },
    reads: [
      { path: 'data.total', is: 'number', why: 'page.total' },
      { path: 'data.records[].id', is: 'id' },
      { path: 'data.records[].account', is: 'text' },
      { path: 'data.records[].realName', is: 'string' },
      { path: 'data.records[].tenantId', is: 'text' },
      { path: 'data.records[].roleName', is: 'string', why: 'the role cell shows row.roleName' },
      { path: 'data.records[].deptName', is: 'string', why: 'the department cell shows row.deptName' },
      { path: 'data.records[].roleId', is: 'string', why: 'the grant dialog splits selectionList[0].roleId' },
    ],
  },
  {
    id: 'user.page-trees', page: 'system/user', does: 'onLoad also fills the department picker (getDeptTree with no tenant yet)',
    method: 'GET', url: '/api/blade-system/dept/tree',
    reads: [{ path: 'data[].title', is: 'text' }, { path: 'data[].value', is: 'id' }],
  },
  {
    id: 'user.page-roles', page: 'system/user', does: 'onLoad fills the role picker',
    method: 'GET', url: '/api/blade-system/role/tree',
    reads: [{ path: 'data[].title', is: 'text' }, { path: 'data[].value', is: 'id' }, { path: 'data[].id', is: 'id' }],
  },
  {
    id: 'user.page-posts', page: 'system/user', does: 'onLoad fills the post picker (post/select, no tenant yet)',
    method: 'GET', url: '/api/blade-system/post/select',
    reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].postName', is: 'text' }],
  },
  {
    id: 'user.form-tenants', page: 'system/user', does: 'the add form fills the tenant picker',
    method: 'GET', url: '/api/blade-system/tenant/select',
    reads: [{ path: 'data[tenantId=000000].tenantName', is: 'text' }],
  },
  {
    id: 'user.form-depts', page: 'system/user', does: 'choosing tenant 000000 reloads the department tree for it',
    method: 'GET', url: '/api/blade-system/dept/tree', query: { tenantId: '000000' },
    reads: [{ path: 'data[].value', is: 'id' }],
    save: { userDeptValue: 'data[0].value' },
  },
  {
    id: 'user.form-roles', page: 'system/user', does: '… and the role tree',
    method: 'GET', url: '/api/blade-system/role/tree', query: { tenantId: '000000' },
    reads: [{ path: 'data[].value', is: 'id' }],
    save: { userRoleValue: 'data[0].value' },
  },
  {
    id: 'user.form-posts', page: 'system/user', does: '… and the posts',
    method: 'GET', url: '/api/blade-system/post/select', query: { tenantId: '000000' },
    reads: [{ path: 'data[id={{postId}}].postName', is: 'text' }],
  },
  {
    id: 'user.create', page: 'system/user', does: 'adds a user (plain password twice; sex and birthday left empty)',
    method: 'POST', url: '/api/blade-system/user/submit',
    body: {
      account: 'sfx_user', tenantId: '000000', password: 'Sfx-Pass-2026', password2: 'Sfx-Pass-2026', name: 'Fixture', realName: 'Saber Fixture',
      roleId: '{{userRoleValue}}', deptId: '{{userDeptValue}}', code: '', postId: '{{postId}}', phone: '13800000001', email: '', sex: '', birthday: '', statusName: '',
    },
  },
  {
    // Kept on purpose: the spec (§5) requires a user's phone; Saber's form marks it optional, so Saber shows Helio's
    // message in its error toast and the user fills it in (README "Deliberate differences").
    id: 'user.create-no-phone', page: 'system/user', does: 'adds a user without a phone number (optional in Saber\'s form): refused, the phone is required',
    answer: { refused: { msgLike: /手机号码/, why: 'spec §5: a user\'s phone is required' } },
    method: 'POST', url: '/api/blade-system/user/submit',
    body: {
      account: 'sfx_user2', tenantId: '000000', password: 'Sfx-Pass-2026', password2: 'Sfx-Pass-2026', name: 'Fixture 2', realName: 'Saber Fixture 2',
      roleId: '{{userRoleValue}}', deptId: '{{userDeptValue}}', code: '', postId: '{{postId}}', phone: '', email: '', sex: '', birthday: '', statusName: '',
    },
  },
  {
    id: 'user.find-no-phone', page: 'system/user', does: 'searches for it: the refused save stored nothing', needs: ['user.create-no-phone'],
    method: 'GET', url: '/api/blade-system/user/list', query: { current: 1, size: 10, account: 'sfx_user2', realName: '' },
    reads: [{ path: 'data.total', equals: 0 }],
  },
  {
    id: 'user.find', page: 'system/user', does: 'searches by account', needs: ['user.create'],
    method: 'GET', url: '/api/blade-system/user/list', query: { current: 1, size: 10, account: 'sfx_user', realName: '' },
    reads: [{ path: 'data.records[account=sfx_user].realName', equals: 'Saber Fixture' }, { path: 'data.records[account=sfx_user].postName', is: 'text' }],
    save: { userId: 'data.records[account=sfx_user].id' },
  },
  {
    id: 'user.detail', page: 'system/user', does: 'opens the edit dialog (getUser; deptId/roleId/postId split on commas)',
    method: 'GET', url: '/api/blade-system/user/detail', query: { id: '{{userId}}' },
    reads: [
      { path: 'data.account', equals: 'sfx_user' },
      { path: 'data.tenantId', equals: '000000' },
      { path: 'data.deptId', is: 'string', like: '{{userDeptValue}}', why: 'this.form.deptId.split(",")' },
      { path: 'data.roleId', is: 'string', like: '{{userRoleValue}}', why: 'this.form.roleId.split(",")' },
      { path: 'data.postId', is: 'string', like: '{{postId}}', why: 'this.form.postId.split(",")' },
    ],
    save: { userDetail: 'data' },
  },
  {
    id: 'user.edit', page: 'system/user', does: 'saves the edit dialog (user/update; the hidden password columns come as "")',
    method: 'POST', url: '/api/blade-system/user/update',
    body: { password: '', password2: '', statusName: '', '...': '{{userDetail}}', realName: 'Saber Fixture Edited', phone: '13800000000' },
  },
  {
    id: 'user.edited', page: 'system/user', does: 'reopens the user', needs: ['user.edit'],
    method: 'GET', url: '/api/blade-system/user/detail', query: { id: '{{userId}}' },
    reads: [{ path: 'data.realName', equals: 'Saber Fixture Edited' }, { path: 'data.phone', equals: '13800000000' }],
  },
  {
    id: 'user.grant', page: 'system/user', does: 'role setting (grant userIds/roleIds in the query)',
    method: 'POST', url: '/api/blade-system/user/grant', query: { userIds: '{{userId}}', roleIds: '{{userRoleValue}}' },
  },
  {
    id: 'user.reset', page: 'system/user', does: 'resets the password',
    method: 'POST', url: '/api/blade-system/user/reset-password', query: { userIds: '{{userId}}' },
  },
  {
    id: 'user.unlock', page: 'system/user', does: 'unlocks the account',
    method: 'POST', url: '/api/blade-system/user/unlock', query: { userIds: '{{userId}}' },
  },
  {
    id: 'user.export', page: 'system/user', does: 'exports (window.open with the token in the query, the search fields after it)',
    method: 'GET', url: '/api/blade-system/user/export-user', auth: 'query', query: { account: '', realName: '' },
    answer: { file: 'spreadsheetml' },
  },
  {
    id: 'user.template', page: 'system/user', does: 'downloads the import template (token in the query)',
    method: 'GET', url: '/api/blade-system/user/export-template', auth: 'query',
    answer: { file: 'spreadsheetml' },
  },
  {
    id: 'user.remove', page: 'system/user', does: 'deletes the user (ids in the query)',
    method: 'POST', url: '/api/blade-system/user/remove', query: { ids: '{{userId}}' },
  },
  {
    id: 'user.removed', page: 'system/user', does: 'searches again', needs: ['user.remove'],
    method: 'GET', url: '/api/blade-system/user/list', query: { current: 1, size: 10, account: 'sfx_user' },
    reads: [{ path: 'data.records[id={{userId}}]', none: true }],
  },

  // --- the organisation records go ----------------------------------------------------------------------------------
  { id: 'post.remove', page: 'system/post', does: 'deletes the post', method: 'POST', url: '/api/blade-system/post/remove', query: { ids: '{{postId}}' } },
  {
    id: 'post.removed', page: 'system/post', does: 'searches again', needs: ['post.remove'],
    method: 'GET', url: '/api/blade-system/post/list', query: { current: 1, size: 10, postCode: 'sfx-post' }, reads: [{ path: 'data.records[id={{postId}}]', none: true }],
  },
  { id: 'role.remove', page: 'authority/role', does: 'deletes the role', method: 'POST', url: '/api/blade-system/role/remove', query: { ids: '{{roleId}}' } },
  {
    id: 'role.removed', page: 'authority/role', does: 'searches again', needs: ['role.remove'],
    method: 'GET', url: '/api/blade-system/role/list', query: { current: 1, size: 10, roleName: 'Saber fixture role' }, reads: [{ path: 'data[id={{roleId}}]', none: true }],
  },
  { id: 'dept.remove', page: 'system/dept', does: 'deletes the department', method: 'POST', url: '/api/blade-system/dept/remove', query: { ids: '{{deptId}}' } },
  {
    id: 'dept.removed', page: 'system/dept', does: 'searches again', needs: ['dept.remove'],
    method: 'GET', url: '/api/blade-system/dept/list', query: { current: 1, size: 10, deptName: 'Saber 部门' }, reads: [{ path: 'data[id={{deptId}}]', none: true }],
  },
];

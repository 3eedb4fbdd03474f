/**
 * BladeX request shapes named by the console spec §7 (User, System): the calls a BladeX Saber adds to the stock
 * Saber's — paged user list, platform data, the dictionaries the forms load, business dictionaries (dict-biz),
 * lazy department/menu trees, selects, tenant settings and product packages. Lists are read as data.records and
 * data.total, everything else as data; BladeX Saber sends deletes, enables and the tenant settings as query
 * parameters (axios `params`), saves as a JSON body.
 */
import type { Step } from '../fixture.js';

export const bladexSystem: Step[] = [
  // --- users -------------------------------------------------------------------------------------------------------
  {
    id: 'bx.role-tree', page: 'bladex/role', does: 'role tree of a tenant (role/tree?tenantId=)',
    method: 'GET', url: '/api/blade-system/role/tree', query: { tenantId: '000000' }, reads: [{ path: 'data[].value', is: 'id' }], save: { bxRoleId: 'data[0].id' },
  },
  {
    id: 'bx.role-tree-by-id', page: 'bladex/role', does: 'the parent picker of a role (role/tree-by-id?roleId=)',
    method: 'GET', url: '/api/blade-system/role/tree-by-id', query: { roleId: '{{bxRoleId}}' }, reads: [{ path: 'data', is: 'array' }],
  },
  {
    id: 'bx.dept-lazy-tree', page: 'bladex/user', does: 'the user page\'s department tree (dept/lazy-tree?parentId=0)',
    method: 'GET', url: '/api/blade-system/dept/lazy-tree', query: { parentId: 0 },
    reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].title', is: 'text' }, { path: 'data[].value', is: 'id' }, { path: 'data[].hasChildren', is: 'boolean' }],
    save: { bxDeptId: 'data[0].id' },
  },
  {
    id: 'bx.user-page', page: 'bladex/user', does: 'lists users of a department (user/page current/size/deptId)',
    method: 'GET', url: '/api/blade-system/user/page', query: { current: 1, size: 10, deptId: '{{bxDeptId}}' },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records[].id', is: 'id' }, { path: 'data.records[].account', is: 'text' }],
  },
  ...['org_category', 'role_type', 'user_type', 'post_category', 'language'].map(
    (code): Step => ({
      id: `bx.dict-${code}`, page: 'bladex/user', does: `loads the ${code} dictionary for a form`,
      method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code },
      reads: [{ path: 'data[].dictKey', is: ['string', 'number'] }, { path: 'data[].dictValue', is: 'text' }],
    }),
  ),
  {
    id: 'bx.tenant-select', page: 'bladex/user', does: 'the tenant picker of the user form (tenant/select)',
    method: 'GET', url: '/api/blade-system/tenant/select', reads: [{ path: 'data[].tenantId', is: 'text' }, { path: 'data[].tenantName', is: 'text' }],
  },
  {
    id: 'bx.role-select', page: 'bladex/user', does: 'the switch-role dialog (role/select?userId=)',
    method: 'GET', url: '/api/blade-system/role/select', query: { userId: '{{bxUserId}}' }, reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].roleName', is: 'text' }],
  },
  {
    id: 'bx.dept-select', page: 'bladex/user', does: 'the switch-department dialog (dept/select?userId=)',
    method: 'GET', url: '/api/blade-system/dept/select', query: { userId: '{{bxUserId}}' }, reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].deptName', is: 'text' }],
  },
  {
    id: 'bx.user-create', page: 'bladex/user', does: 'adds a user with the BladeX form (user type, dialling code)',
    method: 'POST', url: '/api/blade-system/user/submit',
    body: {
      tenantId: '000000', account: 'bx_user', password: 'Bx-Pass-2026', password2: 'Bx-Pass-2026', name: 'BladeX', realName: 'BladeX Fixture', userType: 1,
      phoneDiallingCode: '+86', phone: '13900000000', email: 'bx@example.com', sex: 1, roleId: '{{bxRoleId}}', deptId: '{{bxDeptId}}', postId: '', code: '',
    },
  },
  {
    id: 'bx.user-find', page: 'bladex/user', does: 'finds it in the department', needs: ['bx.user-create'],
    method: 'GET', url: '/api/blade-system/user/page', query: { current: 1, size: 10, deptId: '{{bxDeptId}}', account: 'bx_user' },
    reads: [{ path: 'data.records[account=bx_user].realName', equals: 'BladeX Fixture' }], save: { bxNewUserId: 'data.records[account=bx_user].id' },
  },
  {
    id: 'bx.user-platform', page: 'bladex/user', does: 'sets the platform data (update-platform userId/userType/userExt)',
    method: 'POST', url: '/api/blade-system/user/update-platform', query: { userId: '{{bxNewUserId}}', userType: 1, userExt: '{"level":"gold"}' },
  },
  {
    id: 'bx.user-platform-detail', page: 'bladex/user', does: 'opens the platform dialog (platform-detail)', needs: ['bx.user-platform'],
    method: 'GET', url: '/api/blade-system/user/platform-detail', query: { id: '{{bxNewUserId}}' },
    reads: [{ path: 'data.account', equals: 'bx_user' }, { path: 'data.userType', like: 1 }, { path: 'data.userExt', equals: '{"level":"gold"}' }],
  },
  { id: 'bx.user-remove', page: 'bladex/user', does: 'deletes it', method: 'POST', url: '/api/blade-system/user/remove', query: { ids: '{{bxNewUserId}}' } },

  // --- organisation trees and selects ------------------------------------------------------------------------------
  {
    id: 'bx.dept-lazy-list', page: 'bladex/dept', does: 'the lazy department table (dept/lazy-list?parentId=0)',
    method: 'GET', url: '/api/blade-system/dept/lazy-list', query: { parentId: 0 },
    reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].deptName', is: 'text' }, { path: 'data[].hasChildren', is: 'boolean' }],
  },
  {
    id: 'bx.dept-detail', page: 'bladex/dept', does: 'opens a department',
    method: 'GET', url: '/api/blade-system/dept/detail', query: { id: '{{bxDeptId}}' }, reads: [{ path: 'data.deptName', is: 'text' }, { path: 'data.deptCategory', is: ['number', 'string'] }],
  },
  {
    id: 'bx.menu-lazy-list', page: 'bladex/menu', does: 'the lazy menu table (menu/lazy-list?parentId=0)',
    method: 'GET', url: '/api/blade-system/menu/lazy-list', query: { parentId: 0 }, reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].name', is: 'text' }, { path: 'data[].hasChildren', is: 'boolean' }],
  },
  {
    id: 'bx.menu-list', page: 'bladex/menu', does: 'the menu list (menu/menu-list)',
    method: 'GET', url: '/api/blade-system/menu/menu-list', reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].name', is: 'text' }],
  },
  {
    id: 'bx.region-list', page: 'bladex/region', does: 'the region list (paged)',
    method: 'GET', url: '/api/blade-system/region/list', query: { current: 1, size: 10 }, reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records[].code', is: 'text' }],
  },

  // --- business dictionaries ---------------------------------------------------------------------------------------
  {
    id: 'bx.dictbiz-create', page: 'bladex/dictbiz', does: 'adds a business dictionary (parent: dictKey -1, unsealed)',
    method: 'POST', url: '/api/blade-system/dict-biz/submit', body: { code: 'bx_biz', dictValue: 'BladeX biz', sort: 1, isSealed: 0, remark: '', dictKey: -1 },
  },
  {
    id: 'bx.dictbiz-parents', page: 'bladex/dictbiz', does: 'lists the parents (dict-biz/parent-list)', needs: ['bx.dictbiz-create'],
    method: 'GET', url: '/api/blade-system/dict-biz/parent-list', query: { current: 1, size: 10, code: 'bx_biz' },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records[code=bx_biz].dictValue', equals: 'BladeX biz' }], save: { bxBizId: 'data.records[code=bx_biz].id' },
  },
  {
    id: 'bx.dictbiz-create-item', page: 'bladex/dictbiz', does: 'adds an item (child form: parent id and code prefilled)',
    method: 'POST', url: '/api/blade-system/dict-biz/submit', body: { code: 'bx_biz', dictValue: 'BladeX item', dictKey: 'k1', sort: 1, isSealed: 0, remark: '', parentId: '{{bxBizId}}' },
  },
  {
    id: 'bx.dictbiz-children', page: 'bladex/dictbiz', does: 'lists the items (child-list current/size/parentId)', needs: ['bx.dictbiz-create-item'],
    method: 'GET', url: '/api/blade-system/dict-biz/child-list', query: { current: 1, size: 10, parentId: '{{bxBizId}}' },
    reads: [{ path: 'data.records[dictKey=k1].dictValue', equals: 'BladeX item' }], save: { bxBizItemId: 'data.records[dictKey=k1].id' },
  },
  {
    id: 'bx.dictbiz-dictionary', page: 'bladex/dictbiz', does: 'a form select reads it (dict-biz/dictionary?code=)', needs: ['bx.dictbiz-create-item'],
    method: 'GET', url: '/api/blade-system/dict-biz/dictionary', query: { code: 'bx_biz' }, reads: [{ path: 'data[dictKey=k1].dictValue', equals: 'BladeX item' }],
  },
  {
    id: 'bx.dictbiz-by-lang', page: 'bladex/dictbiz', does: '… in a given language (dictionaryByLang?code=&language=)', needs: ['bx.dictbiz-create-item'],
    method: 'GET', url: '/api/blade-system/dict-biz/dictionaryByLang', query: { code: 'bx_biz', language: 'zh-CN' }, reads: [{ path: 'data[dictKey=k1].dictValue', equals: 'BladeX item' }],
  },
  {
    id: 'bx.dictbiz-map', page: 'bladex/dictbiz', does: 'every business dictionary at once (findAllDictMap)', needs: ['bx.dictbiz-create-item'],
    method: 'GET', url: '/api/blade-system/dict-biz/findAllDictMap', reads: [{ path: 'data.bx_biz[dictKey=k1].dictValue', equals: 'BladeX item' }],
  },
  {
    id: 'bx.dictbiz-list-code', page: 'bladex/dictbiz', does: 'the country list style call (dict-biz/list?code=)', needs: ['bx.dictbiz-create-item'],
    method: 'GET', url: '/api/blade-system/dict-biz/list', query: { code: 'bx_biz' }, reads: [{ path: 'data', is: ['array', 'object'] }],
  },
  {
    id: 'bx.dictbiz-detail', page: 'bladex/dictbiz', does: 'opens the item',
    method: 'GET', url: '/api/blade-system/dict-biz/detail', query: { id: '{{bxBizItemId}}' }, reads: [{ path: 'data.dictKey', equals: 'k1' }, { path: 'data.parentId', like: '{{bxBizId}}' }],
  },
  { id: 'bx.dictbiz-remove', page: 'bladex/dictbiz', does: 'deletes item and parent', method: 'POST', url: '/api/blade-system/dict-biz/remove', query: { ids: '{{bxBizItemId}},{{bxBizId}}' } },

  // --- tenants and packages ----------------------------------------------------------------------------------------
  {
    id: 'bx.package-menus', page: 'bladex/tenantpackage', does: 'the package form\'s menu tree (menu/tree)',
    method: 'GET', url: '/api/blade-system/menu/tree', reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].title', is: 'text' }], save: { bxPkgMenuA: 'data[0].id', bxPkgMenuB: 'data[1].id' },
  },
  {
    id: 'bx.package-create', page: 'bladex/tenantpackage', does: 'adds a package (menuId joined with commas)',
    method: 'POST', url: '/api/blade-system/tenant-package/submit', body: { packageName: 'BladeX package', menuId: '{{bxPkgMenuA}},{{bxPkgMenuB}}', remark: '' },
  },
  {
    id: 'bx.package-list', page: 'bladex/tenantpackage', does: 'lists packages', needs: ['bx.package-create'],
    method: 'GET', url: '/api/blade-system/tenant-package/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records[packageName=BladeX package].menuId', is: 'string' }], save: { bxPackageId: 'data.records[packageName=BladeX package].id' },
  },
  {
    id: 'bx.package-detail', page: 'bladex/tenantpackage', does: 'opens it (menuId split on commas)',
    method: 'GET', url: '/api/blade-system/tenant-package/detail', query: { id: '{{bxPackageId}}' }, reads: [{ path: 'data.menuId', contains: '{{bxPkgMenuA}}' }],
  },
  {
    id: 'bx.tenant-list', page: 'bladex/tenant', does: 'finds the platform tenant in the list',
    method: 'GET', url: '/api/blade-system/tenant/list', query: { current: 1, size: 10, tenantId: '000000' },
    reads: [{ path: 'data.records[tenantId=000000].id', is: 'id' }], save: { bxTenantRowId: 'data.records[tenantId=000000].id' },
  },
  {
    id: 'bx.tenant-detail-by-id', page: 'bladex/tenant', does: '… its detail',
    method: 'GET', url: '/api/blade-system/tenant/detail', query: { id: '{{bxTenantRowId}}' }, reads: [{ path: 'data.tenantId', equals: '000000' }, { path: 'data.tenantName', is: 'text' }],
  },
  {
    id: 'bx.tenant-package-setting', page: 'bladex/tenant', does: 'assigns the package (package-setting tenantId/packageId in the query)', needs: ['bx.package-create'],
    method: 'POST', url: '/api/blade-system/tenant/package-setting', query: { tenantId: '000000', packageId: '{{bxPackageId}}' },
  },
  {
    id: 'bx.tenant-package-detail', page: 'bladex/tenant', does: 'reads the tenant\'s package (package-detail?tenantId=)', needs: ['bx.tenant-package-setting'],
    method: 'GET', url: '/api/blade-system/tenant/package-detail', query: { tenantId: '000000' }, reads: [{ path: 'data.id', like: '{{bxPackageId}}' }],
  },
  {
    id: 'bx.tenant-package-unset', page: 'bladex/tenant', does: 'removes the package again (empty packageId)',
    method: 'POST', url: '/api/blade-system/tenant/package-setting', query: { tenantId: '000000', packageId: '' }, needs: ['bx.tenant-package-setting'],
  },
  {
    id: 'bx.tenant-setting', page: 'bladex/tenant', does: 'the authorisation setting: BladeX sends the form and ids as query parameters',
    method: 'POST', url: '/api/blade-system/tenant/setting', query: { accountNumber: 25, expireTime: '', ids: '{{bxTenantRowId}}' },
  },
  {
    id: 'bx.tenant-setting-shown', page: 'bladex/tenant', does: 'the tenant row shows the new account limit', needs: ['bx.tenant-setting'],
    method: 'GET', url: '/api/blade-system/tenant/detail', query: { id: '{{bxTenantRowId}}' }, reads: [{ path: 'data.accountNumber', like: 25 }],
  },
  {
    id: 'bx.tenant-setting-unlimited', page: 'bladex/tenant', does: 'sets it back to unlimited (-1)', needs: ['bx.tenant-setting'],
    method: 'POST', url: '/api/blade-system/tenant/setting', query: { accountNumber: -1, expireTime: '', ids: '{{bxTenantRowId}}' },
  },
  { id: 'bx.package-remove', page: 'bladex/tenantpackage', does: 'deletes the package', method: 'POST', url: '/api/blade-system/tenant-package/remove', query: { ids: '{{bxPackageId}}' }, needs: ['bx.tenant-package-unset'] },
];

/**
 * BladeX request shapes named by the console spec (§7 "The calls it makes"), as a BladeX Saber sends them: the OAuth
 * token contract (`/api/blade-auth/oauth/token`, parameters in the query, md5 password, `Tenant-Id` header, a bare
 * snake_case JSON answer — reference/blade-api.md §2.2) and the account calls around it. Client credentials are the
 * stock `saber:saber_secret`; the token travels in `Blade-Auth`.
 */
import type { Step } from '../fixture.js';

export const bladexAuth: Step[] = [
  {
    id: 'bx.captcha', page: 'bladex/login', does: 'loads the captcha (bare {key, image})', auth: 'none',
    method: 'GET', url: '/api/blade-auth/oauth/captcha', answer: 'any-r',
    reads: [{ path: 'key', is: 'text' }, { path: 'image', matches: '^data:image/' }],
    save: { bxCaptchaKey: 'key' },
  },
  {
    id: 'bx.token', page: 'bladex/login', does: 'signs in: password grant, md5 password, Tenant-Id header', auth: 'none',
    method: 'POST', url: '/api/blade-auth/oauth/token', answer: 'bare',
    headers: { 'Tenant-Id': '000000', 'Captcha-Key': '{{bxCaptchaKey}}', 'Captcha-Code': '' },
    query: { tenantId: '000000', username: 'admin', password: '{{md5 adminPassword}}', grant_type: 'password', scope: 'all', type: 'account' },
    reads: [
      { path: 'access_token', is: 'text', why: 'SET_TOKEN' },
      { path: 'refresh_token', is: 'text', why: 'SET_REFRESH_TOKEN' },
      { path: 'tenant_id', equals: '000000', why: 'SET_TENANT_ID' },
      { path: 'user_id', is: 'id' },
      { path: 'account', equals: 'admin' },
      { path: 'nick_name', is: 'text', why: 'the top bar name' },
      { path: 'role_name', is: 'text', why: 'role aliases' },
      { path: 'avatar', is: 'string' },
      { path: 'token_type', matches: '^bearer$' },
      { path: 'expires_in', is: 'number' },
    ],
    save: { bxAccess: 'access_token', bxRefresh: 'refresh_token', bxUserId: 'user_id' },
  },
  {
    id: 'bx.wrong-password', page: 'bladex/login', does: 'a wrong password: the client toasts error_description', auth: 'none',
    method: 'POST', url: '/api/blade-auth/oauth/token', answer: 'any-r', headers: { 'Tenant-Id': '000000' },
    query: { tenantId: '000000', username: 'admin', password: '{{md5 wrongPassword}}', grant_type: 'password', scope: 'all', type: 'account' },
    reads: [{ path: 'error_description', is: 'text' }, { path: 'access_token', is: 'absent' }],
  },
  {
    id: 'bx.user-info', page: 'bladex/layout', does: 'reads the signed-in user (oauth/user-info)',
    method: 'GET', url: '/api/blade-auth/oauth/user-info',
    reads: [{ path: 'data', is: 'object' }],
  },
  {
    id: 'bx.routes', page: 'bladex/layout', does: 'loads the menu and the buttons',
    method: 'GET', url: '/api/blade-system/menu/routes', reads: [{ path: 'data[].id', is: 'id' }, { path: 'data[].name', is: 'text' }, { path: 'data[].path', is: 'string' }],
  },
  {
    id: 'bx.buttons', page: 'bladex/layout', does: '… the button codes (leaf codes kept as a set)',
    method: 'GET', url: '/api/blade-system/menu/buttons', reads: [{ path: 'data[code=tenant_package_add].code', equals: 'tenant_package_add' }, { path: 'data[code=dictbiz_add].code', equals: 'dictbiz_add' }],
  },
  {
    id: 'bx.refresh', page: 'bladex/layout', does: 'refreshes: grant_type=refresh_token with Tenant-Id', answer: 'bare',
    method: 'POST', url: '/api/blade-auth/oauth/token', headers: { 'Tenant-Id': '000000' },
    query: { tenantId: '000000', grant_type: 'refresh_token', refresh_token: '{{bxRefresh}}', scope: 'all' },
    reads: [{ path: 'access_token', is: 'text' }, { path: 'refresh_token', is: 'text' }, { path: 'tenant_id', equals: '000000' }],
    save: { bxAccess: 'access_token', bxRefresh: 'refresh_token' },
  },
  {
    id: 'bx.clear-cache', page: 'bladex/layout', does: 'clears the caches (oauth/clear-cache)',
    method: 'GET', url: '/api/blade-auth/oauth/clear-cache',
  },
];

/** Run last: signs out and checks the token is refused. */
export const bladexLogout: Step[] = [
  { id: 'bx.logout', page: 'bladex/layout', does: 'signs out (oauth/logout)', method: 'GET', url: '/api/blade-auth/oauth/logout', answer: 'any-r' },
  {
    id: 'bx.logged-out', page: 'bladex/layout', does: 'the token is refused: code 401 sends the client to the login page', needs: ['bx.logout'],
    method: 'GET', url: '/api/blade-auth/oauth/user-info', answer: 'any-r', reads: [{ path: 'code', equals: 401 }],
  },
];

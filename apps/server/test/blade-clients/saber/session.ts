/**
 * Stock Saber: a session in two browser tabs, sign-out, and a password change — run last.
 *
 * Saber keeps the refresh token in each tab's store (read from localStorage when the tab opens) and refreshes when
 * the shared token timestamp is `tokenTime` old (mixins/index.js): both tabs hold the same refresh token, one tab
 * refreshes with it, and the other refreshes later with the same — now older — token. A Blade client must stay
 * signed in through that (SpringBlade honours any unexpired refresh token); sign-out still ends the session at once,
 * and a password change ends the user's other sessions.
 */
import type { Step } from '../fixture.js';

export const saberSession: Step[] = [
  {
    id: 'tabs.captcha', page: 'two tabs', does: 'the login page again (a new session)', auth: 'none',
    method: 'GET', url: '/api/blade-auth/captcha', reads: [{ path: 'data.key', is: 'text' }], save: { tabsCaptchaKey: 'data.key' },
  },
  {
    id: 'tabs.sign-in', page: 'two tabs', does: 'signs in; a second tab opens on the same stored tokens', auth: 'none',
    method: 'POST', url: '/api/blade-auth/token', headers: { 'Captcha-Key': '{{tabsCaptchaKey}}', 'Captcha-Code': '' },
    query: { grantType: 'password', tenantId: '000000', account: 'admin', password: '{{sm2 adminPassword}}', type: 'account' },
    reads: [{ path: 'data.accessToken', is: 'text' }, { path: 'data.refreshToken', is: 'text' }],
    save: { tabOneAccess: 'data.accessToken', tabOneRefresh: 'data.refreshToken', tabTwoAccess: 'data.accessToken', tabTwoRefresh: 'data.refreshToken' },
  },
  {
    id: 'tabs.one-refresh', page: 'two tabs', does: 'tab 1 refreshes first', tokenVar: 'tabOneAccess',
    method: 'POST', url: '/api/blade-auth/token', query: { refreshToken: '{{tabOneRefresh}}', grantType: 'refresh_token', scope: 'all' },
    reads: [{ path: 'data.accessToken', is: 'text' }, { path: 'data.refreshToken', is: 'text' }],
    save: { tabOneAccess: 'data.accessToken', tabOneRefresh: 'data.refreshToken' },
  },
  {
    id: 'tabs.two-refresh', page: 'two tabs', does: 'tab 2 refreshes with the token it still holds (the one tab 1 used)', tokenVar: 'tabTwoAccess',
    method: 'POST', url: '/api/blade-auth/token', query: { refreshToken: '{{tabTwoRefresh}}', grantType: 'refresh_token', scope: 'all' },
    needs: ['tabs.one-refresh'],
    reads: [{ path: 'data.accessToken', is: 'text' }, { path: 'data.refreshToken', is: 'text' }],
    save: { tabTwoNewAccess: 'data.accessToken', tabTwoNewRefresh: 'data.refreshToken' },
  },
  {
    id: 'tabs.one-still-in', page: 'two tabs', does: 'tab 1 keeps working', tokenVar: 'tabOneAccess', needs: ['tabs.two-refresh'],
    method: 'GET', url: '/api/blade-system/user/info', reads: [{ path: 'data.account', equals: 'admin' }],
  },
  {
    id: 'tabs.two-in', page: 'two tabs', does: 'tab 2 works with its new token', tokenVar: 'tabTwoNewAccess',
    method: 'GET', url: '/api/blade-system/user/info', reads: [{ path: 'data.account', equals: 'admin' }],
  },
  {
    id: 'tabs.one-refresh-again', page: 'two tabs', does: 'an hour later tab 1 refreshes again', tokenVar: 'tabOneAccess', needs: ['tabs.two-refresh'],
    method: 'POST', url: '/api/blade-auth/token', query: { refreshToken: '{{tabOneRefresh}}', grantType: 'refresh_token', scope: 'all' },
    reads: [{ path: 'data.accessToken', is: 'text' }],
    save: { tabOneAccess: 'data.accessToken', tabOneRefresh: 'data.refreshToken' },
  },
  {
    id: 'tabs.logout', page: 'two tabs', does: 'signs out in tab 1 (LogOut)', tokenVar: 'tabOneAccess',
    method: 'POST', url: '/api/blade-auth/logout',
  },
  {
    id: 'tabs.one-out', page: 'two tabs', does: 'tab 1\'s token is refused: code 401 sends Saber to the login page', tokenVar: 'tabOneAccess', needs: ['tabs.logout'],
    method: 'GET', url: '/api/blade-system/user/info', answer: 'any-r', reads: [{ path: 'code', equals: 401 }],
  },
  {
    id: 'tabs.two-out', page: 'two tabs', does: 'so is tab 2\'s', tokenVar: 'tabTwoNewAccess', needs: ['tabs.logout'],
    method: 'GET', url: '/api/blade-system/user/info', answer: 'any-r', reads: [{ path: 'code', equals: 401 }],
  },
  {
    id: 'tabs.no-refresh', page: 'two tabs', does: 'and the refresh token no longer refreshes', auth: 'none', needs: ['tabs.logout'],
    method: 'POST', url: '/api/blade-auth/token', query: { refreshToken: '{{tabTwoNewRefresh}}', grantType: 'refresh_token', scope: 'all' },
    answer: 'any-r', reads: [{ path: 'success', equals: false }],
  },

  {
    id: 'info.other-session', page: 'login', does: 'the same user signs in elsewhere', auth: 'none',
    method: 'POST', url: '/api/blade-auth/token',
    query: { grantType: 'password', tenantId: '000000', account: 'admin', password: '{{sm2 adminPassword}}', type: 'account' },
    reads: [{ path: 'data.accessToken', is: 'text' }], save: { otherAccess: 'data.accessToken' },
  },
  {
    id: 'info.password', page: 'user/info', does: 'changes the password (plain text in the query, as Saber sends it)',
    method: 'POST', url: '/api/blade-system/user/update-password', query: { oldPassword: '{{adminPassword}}', newPassword: '{{newPassword}}', newPassword1: '{{newPassword}}' },
    reads: [{ path: 'success', equals: true, why: '`if (res.data.success)` else toast msg' }],
  },
  {
    id: 'info.password-keeps-tab', page: 'user/info', does: 'the tab that changed it stays signed in', needs: ['info.password'],
    method: 'GET', url: '/api/blade-system/user/info', reads: [{ path: 'data.account', equals: 'admin' }],
  },
  {
    id: 'info.password-ends-others', page: 'user/info', does: 'the other session ends at once (code 401)', tokenVar: 'otherAccess', needs: ['info.password'],
    method: 'GET', url: '/api/blade-system/user/info', answer: 'any-r', reads: [{ path: 'code', equals: 401 }],
  },
  {
    id: 'login.new-password', page: 'login', does: 'signs in with the new password', auth: 'none', needs: ['info.password'],
    method: 'POST', url: '/api/blade-auth/token',
    query: { grantType: 'password', tenantId: '000000', account: 'admin', password: '{{sm2 newPassword}}', type: 'account' },
    reads: [{ path: 'success', equals: true }, { path: 'data.accessToken', is: 'text' }],
  },
];

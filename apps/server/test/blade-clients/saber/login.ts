/**
 * Stock Saber (chillzhuang/Saber 4.9.0, commit 8162b11): the login page, the shell it loads after sign-in and the
 * personal page. Saber sends `Authorization: Basic saber:saber_secret` on every request and `Blade-Auth: bearer …`
 * once signed in (src/axios.js); the sign-in carries everything in the query (src/api/user.js).
 */
import type { Step } from '../fixture.js';

export const saberLogin: Step[] = [
  {
    id: 'login.tenant-info', page: 'login', does: 'asks which tenant this domain belongs to (userlogin.vue created)', auth: 'none',
    method: 'GET', url: '/api/blade-system/tenant/info', query: { domain: '{{origin}}' },
    reads: [
      { path: 'success', is: 'boolean', why: '`if (data.success && data.data.tenantId)` hides the tenant field' },
      { path: 'data', is: 'object', why: 'read as data.data.tenantId' },
    ],
  },
  {
    id: 'login.captcha', page: 'login', does: 'loads the captcha image (also with captchaMode off: refreshCode runs on create)', auth: 'none',
    method: 'GET', url: '/api/blade-auth/captcha',
    reads: [
      { path: 'data.key', is: 'text', why: 'sent back as Captcha-Key' },
      { path: 'data.image', matches: '^data:image/', why: 'the <img src> of the captcha' },
    ],
    save: { captchaKey: 'data.key' },
  },
  {
    id: 'login.token', page: 'login', does: 'signs in: password grant, SM2-encrypted password', auth: 'none',
    method: 'POST', url: '/api/blade-auth/token',
    headers: { 'Captcha-Key': '{{captchaKey}}', 'Captcha-Code': '' },
    query: { grantType: 'password', tenantId: '000000', account: 'admin', password: '{{sm2 adminPassword}}', type: 'account' },
    reads: [
      { path: 'success', equals: true, why: 'LoginByUsername commits the tokens only `if (data.success)`' },
      { path: 'data.accessToken', is: 'text', why: 'SET_TOKEN' },
      { path: 'data.refreshToken', is: 'text', why: 'SET_REFRESH_TOKEN' },
      { path: 'data.userName', is: 'text', why: 'the top bar shows userInfo.userName' },
      { path: 'data.avatar', is: 'string', why: 'the top bar <img :src="userInfo.avatar">' },
      { path: 'data.authority', is: 'string', contains: 'admin', why: "tree pages call userInfo.authority.includes('admin')" },
      { path: 'data.userId', is: 'id' },
      { path: 'data.account', equals: 'admin' },
      { path: 'data.tenantId', equals: '000000' },
    ],
    save: { accessToken: 'data.accessToken', refreshToken: 'data.refreshToken', avatar: 'data.avatar', adminUserId: 'data.userId' },
  },
  {
    id: 'layout.avatar', page: 'layout', does: 'draws userInfo.avatar: the browser fetches it from the page origin, where only /api reaches the API', auth: 'none',
    method: 'GET', url: '{{avatar}}', answer: { file: 'image/' },
  },
  {
    id: 'layout.routes', page: 'layout', does: 'loads the menu (GetMenu → formatRoutes)',
    method: 'GET', url: '/api/blade-system/menu/routes',
    reads: [
      { path: 'data', is: 'array', minItems: 1 },
      { path: 'data[].id', is: 'id', why: 'route name "<name>,<id>"' },
      { path: 'data[].name', is: 'text', why: 'menu label' },
      { path: 'data[].path', is: 'text', why: 'route path; leaf component = views + path' },
      { path: 'data[].children', is: ['array', 'null', 'absent'], why: '`children && children.length`' },
      { path: 'data[].source', is: ['string', 'null', 'absent'], why: 'icon class' },
    ],
  },
  {
    id: 'layout.buttons', page: 'layout', does: 'loads the button permissions (SET_PERMISSION collects every leaf code)',
    method: 'GET', url: '/api/blade-system/menu/buttons',
    reads: [
      { path: 'data[].code', is: 'text' },
      ...['user', 'dept', 'post', 'role', 'menu', 'dict', 'param', 'tenant', 'client', 'topmenu', 'code', 'notice', 'datasource'].map((m) => ({
        path: `data[code=${m}_add].code`, equals: `${m}_add`, why: `permission.${m}_add shows the page's add button`,
      })),
      { path: 'data[code=user_view].code', equals: 'user_view' },
      { path: 'data[code=log_api_view].code', equals: 'log_api_view', why: 'the API log view button' },
    ],
  },
  {
    id: 'layout.top-menu', page: 'layout', does: 'loads the top menu bar',
    method: 'GET', url: '/api/blade-system/menu/top-menu',
    reads: [{ path: 'data', is: ['array', 'null'], why: '`res.data.data || []`' }],
  },
  {
    id: 'layout.refresh', page: 'layout', does: 'refreshes the token after tokenTime (mixins/index.js → RefreshToken)',
    method: 'POST', url: '/api/blade-auth/token', query: { refreshToken: '{{refreshToken}}', grantType: 'refresh_token', scope: 'all' },
    reads: [
      { path: 'data.accessToken', is: 'text' },
      { path: 'data.refreshToken', is: 'text' },
      { path: 'data.userName', is: 'text', why: 'the whole data becomes userInfo again' },
      { path: 'data.authority', is: 'string' },
    ],
    save: { accessToken: 'data.accessToken', refreshToken: 'data.refreshToken' },
  },
  {
    id: 'info.load', page: 'user/info', does: 'opens the personal page',
    method: 'GET', url: '/api/blade-system/user/info',
    reads: [
      { path: 'data.id', is: 'id' },
      { path: 'data.avatar', is: ['string', 'null'] },
      { path: 'data.name', is: 'string' },
      { path: 'data.realName', is: 'string' },
      { path: 'data.phone', is: ['string', 'null'] },
      { path: 'data.email', is: ['string', 'null'] },
    ],
    save: { infoId: 'data.id', infoName: 'data.name', infoPhone: 'data.phone', infoEmail: 'data.email' },
  },
  {
    id: 'info.avatar-upload', page: 'user/info', does: 'uploads a new avatar (el-upload to the OSS endpoint)',
    method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file',
    upload: { field: 'file', filename: 'avatar.png', type: 'image/png', content: 'png' },
    reads: [{ path: 'data.link', is: 'text', why: '`response.data.link || response.data` becomes infoForm.avatar' }],
    save: { newAvatar: 'data.link' },
  },
  {
    id: 'info.save', page: 'user/info', does: 'saves the personal details',
    method: 'POST', url: '/api/blade-system/user/update-info',
    body: { id: '{{infoId}}', avatar: '{{newAvatar}}', name: '{{infoName}}', realName: 'Saber Admin', phone: '{{infoPhone}}', email: '{{infoEmail}}' },
    reads: [{ path: 'success', equals: true, why: '`if (res.data.success)` else toast msg' }],
  },
  {
    id: 'info.reload', page: 'user/info', does: 'shows the saved details',
    method: 'GET', url: '/api/blade-system/user/info', needs: ['info.save'],
    reads: [{ path: 'data.realName', equals: 'Saber Admin' }, { path: 'data.avatar', equals: '{{newAvatar}}' }],
  },
];

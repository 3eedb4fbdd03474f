/**
 * System administration through the API as an administrator would run it: users (every rule, import/export),
 * roles with menu/data/API grants and their effect after sign-in, departments, dictionaries, tenants and packages,
 * OAuth clients, regions.
 */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, dict, menu, user } from '../src/db/schema.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  // Guest registration is off by default; this file walks it (with its captcha) too.
  t = await createTestApp({ HELIO_REGISTER_MODE: 'on', HELIO_REGISTER_IP_LIMIT: '100' });
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

const post = (url: string, payload?: object, headers = h) => t.req({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers = h) => t.req({ method: 'GET', url, headers });
const asUser = async (account: string, password: string, tenantId = '000000') => {
  const s = await t.login(account, password, tenantId);
  if (!s.access_token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(s)}`);
  return { 'blade-auth': `bearer ${s.access_token}` };
};
const ids = async (url: string) => ((await get(url)).json().data as { id: string }[]).map((r) => r.id);

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
function multipart(name: string, data: Buffer, type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
  const boundary = '----helio-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...h, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('users', () => {
  let roleId: string;
  let deptId: string;
  beforeAll(async () => {
    roleId = (await ids('/api/blade-system/role/select'))[0]!;
    const tree = (await get('/api/blade-system/dept/tree')).json().data;
    deptId = tree[0].id;
  });
  const valid = () => ({
    account: 'liwei',
    name: 'Li Wei',
    realName: '李伟',
    email: 'liwei@example.com',
    phoneDiallingCode: '+86',
    phone: '13800138000',
    sex: 1,
    roleId,
    deptId,
    userType: 1,
    password: 'Welcome123',
  });

  it('reports each rule of the form and saves once the input is fixed', async () => {
    const bad = await post('/api/blade-system/user/submit', {
      ...valid(),
      account: '',
      name: 'x'.repeat(21),
      realName: 'y'.repeat(51),
      phone: '1380013800a',
      email: 'not-an-email',
      code: 'C'.repeat(13),
      roleId: '',
    });
    expect(bad.statusCode).toBe(400);
    const m = bad.json().msg as string;
    for (const part of ['登录账号不能为空', '用户昵称长度不能超过20个字符', '用户姓名长度不能超过50个字符', '手机号码格式不正确', '电子邮箱格式不正确', '用户编号长度不能超过12个字符', '所属角色不能为空']) {
      expect(m).toContain(part);
    }
    const shortMobile = await t.req({ method: 'POST', url: '/api/blade-system/user/submit', headers: { ...h, 'accept-language': 'en-US' }, payload: { ...valid(), phone: '1380013' } });
    expect(shortMobile.json().msg).toBe('A mobile number must be 11 digits');
    // A number elsewhere is only digits ≤ 20.
    expect((await post('/api/blade-system/user/submit', { ...valid(), phoneDiallingCode: '+49', phone: '1512345678' })).json().success).toBe(true);
    expect((await post('/api/blade-system/user/submit', { ...valid(), account: 'liwei2' })).json().msg).toBe('邮箱已存在');
    expect((await post('/api/blade-system/user/submit', { ...valid(), email: 'other@example.com' })).json().msg).toBe('账号已存在');
    expect((await post('/api/blade-system/user/submit', { ...valid(), account: 'weak', email: 'w@example.com', password: 'short' })).json().msg).toMatch(/8-16/);
    // The new user signs in with the password given.
    expect((await t.login('liwei', 'Welcome123')).access_token).toBeTruthy();
  });

  it('updates, disables (ending sessions) and removes, but never the caller itself', async () => {
    const [row] = await t.database.db.select().from(user).where(eq(user.account, 'liwei'));
    const their = await asUser('liwei', 'Welcome123');
    expect((await post('/api/blade-system/user/update', { id: row!.id, realName: '李伟伟' })).json().success).toBe(true);
    expect((await get(`/api/blade-system/user/detail?id=${row!.id}`)).json().data.realName).toBe('李伟伟');
    expect((await post('/api/blade-system/user/update', { id: row!.id, status: 0 })).json().success).toBe(true);
    expect((await get('/api/blade-system/user/info', their)).statusCode).toBe(401);
    expect((await post('/api/blade-system/user/remove?ids=1123598821738675201')).json().msg).toBe('不能删除当前登录的账号');
    expect((await post(`/api/blade-system/user/remove?ids=${row!.id}`)).json().success).toBe(true);
    expect((await get(`/api/blade-system/user/detail?id=${row!.id}`)).statusCode).toBe(400);
  });

  it('resets a password to the configured initial password, shown for the prompt', async () => {
    await post('/api/blade-system/user/submit', { ...valid(), account: 'resetme', email: 'r@example.com' });
    const [row] = await t.database.db.select().from(user).where(eq(user.account, 'resetme'));
    // The new password is generated per user and comes back once, in the reset answer.
    const reset = (await post(`/api/blade-system/user/reset-password?userIds=${row!.id}`)).json();
    const init = reset.data[0].password as string;
    expect(init).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{10}$/);
    expect(reset.success).toBe(true);
    expect((await t.login('resetme', init)).access_token).toBeTruthy();
    expect((await t.login('resetme', 'Welcome123')).access_token).toBeUndefined();
  });

  it('keeps platform data per user type', async () => {
    const [row] = await t.database.db.select().from(user).where(eq(user.account, 'resetme'));
    expect((await post(`/api/blade-system/user/update-platform?userId=${row!.id}&userType=2&userExt=${encodeURIComponent('{"agent":"A-01"}')}`)).json().success).toBe(true);
    await post('/api/blade-system/user/update', { id: row!.id, userType: 2 });
    const d = (await get(`/api/blade-system/user/platform-detail?id=${row!.id}`)).json().data;
    expect(d).toMatchObject({ userType: 2, userExt: '{"agent":"A-01"}' });
  });

  it('imports from the template with row-level errors, the overwrite switch and an opt-in to skip bad rows', async () => {
    const tpl = await get('/api/blade-system/user/export-template');
    expect(tpl.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(header[0]).toBe('登录账号');
    const file = await xlsx([
      header,
      ['imp1', 'Imp One', '导入一', 'imp1@example.com', '+86', '13900000001', 1, '', 'administrator', 'Helio', 'ceo', 'I1', 1],
      ['imp2', 'Imp Two', '导入二', 'bad-email', '+86', '13900000002', 2, '', 'administrator', 'Helio', '', '', 1],
      ['imp3', 'Imp Three', '导入三', 'imp3@example.com', '+86', '13900000003', 1, '', 'no-such-role', '', '', '', 1],
    ]);
    const first = multipart('users.xlsx', file);
    const res = await t.req({ method: 'POST', url: '/api/blade-system/user/import-user?isCovered=0', ...first });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 400, success: false, data: { imported: 0 } });
    expect(body.data.errors).toEqual([
      expect.objectContaining({ row: 3, reason: '电子邮箱格式不正确' }),
      expect.objectContaining({ row: 4, column: 'roleAlias', reason: '未找到: no-such-role' }),
    ]);
    expect(await t.database.db.select().from(user).where(eq(user.account, 'imp1'))).toHaveLength(0);

    const skip = await t.req({ method: 'POST', url: '/api/blade-system/user/import-user?isCovered=0&skipErrors=1', ...multipart('users.xlsx', file) });
    expect(skip.json().data.imported).toBe(1);
    // Again with overwrite 0: the existing account is an error; with 1 it is updated.
    const again = await xlsx([header, ['imp1', 'Renamed', '改名', 'imp1@example.com', '+86', '13900000001', 1, '', 'administrator', 'Helio', '', '', 1]]);
    const no = await t.req({ method: 'POST', url: '/api/blade-system/user/import-user?isCovered=0', ...multipart('u.xlsx', again) });
    expect(no.json().data.errors[0]).toMatchObject({ row: 2, column: 'account', reason: '账号已存在' });
    const yes = await t.req({ method: 'POST', url: '/api/blade-system/user/import-user?isCovered=1', ...multipart('u.xlsx', again) });
    expect(yes.json()).toMatchObject({ success: true, data: { imported: 1 } });
    const [imp1] = await t.database.db.select().from(user).where(eq(user.account, 'imp1'));
    expect(imp1!.realName).toBe('改名');
  });

  it('refuses a file that is not a spreadsheet, whatever its name says', async () => {
    const res = await t.req({ method: 'POST', url: '/api/blade-system/user/import-user', ...multipart('users.xlsx', Buffer.from('<script>alert(1)</script>'), 'text/html') });
    expect(res.statusCode).toBe(400);
  });

  it('exports users without passwords', async () => {
    const res = await get('/api/blade-system/user/export-user?account=imp');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(2).getCell(1).value).toBe('imp1');
    expect(JSON.stringify(ws.getSheetValues())).not.toMatch(/argon2/);
  });

  it('registers a guest without a role (no sign-in until one is granted) and checks the form in order', async () => {
    const reg = async (q: Record<string, string>) => {
      // Each attempt answers a fresh captcha (read from the store, as a person would from the image).
      const { key } = (await t.req({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
      const code = (await t.services.captcha.answerFor(key))!;
      return t.req({ method: 'POST', url: `/api/blade-system/user/register-guest?${new URLSearchParams(q)}`, headers: { 'captcha-key': key, 'captcha-code': code } });
    };
    expect((await reg({ tenantId: '', account: 'g', password: 'a', password2: 'a' })).json().msg).toBe('租户ID不能为空');
    expect((await reg({ tenantId: '000000', account: '', password: 'a', password2: 'a' })).json().msg).toBe('账号不能为空');
    expect((await reg({ tenantId: '000000', account: 'guest1', password: '', password2: '' })).json().msg).toBe('密码不能为空');
    expect((await reg({ tenantId: '000000', account: 'guest1', password: 'Guest1234', password2: 'Guest12345' })).json().msg).toBe('两次输入的密码不一致');
    expect((await reg({ tenantId: '000000', name: 'Guest', account: 'guest1', password: 'Guest1234', password2: 'Guest1234' })).json().success).toBe(true);
    expect((await t.login('guest1', 'Guest1234')).error_description).toBe('未获得用户的角色信息');
  });

  it('finds users by role', async () => {
    const list = (await get('/api/blade-system/user/findUserInfoByRoleName?roleName=administrator')).json().data;
    expect(list.map((u: { account: string }) => u.account)).toContain('admin');
  });
});

describe('roles: grants take effect at the next sign-in', () => {
  it('menus, buttons and API access follow the grant', async () => {
    const created = (await post('/api/blade-system/role/submit', { roleName: '区域经理', roleAlias: 'area_manager', roleType: '2', sort: 5 })).json();
    const roleId = created.data.id as string;
    await post('/api/blade-system/user/submit', {
      account: 'area',
      name: 'Area',
      realName: 'Area Manager',
      phoneDiallingCode: '+86',
      phone: '13700000000',
      roleId,
      userType: 1,
      password: 'Area12345',
      email: 'area@example.com',
    });
    const menus = await t.database.db.select({ id: menu.id, code: menu.code }).from(menu);
    const idOf = (c: string) => menus.find((m) => m.code === c)!.id;
    await post('/api/blade-system/role/grant', { roleIds: [roleId], menuIds: [idOf('system'), idOf('user'), idOf('user_view')] });
    let hh = await asUser('area', 'Area12345');
    const codes = (x: { code: string; children?: unknown[] }[]): string[] => x.flatMap((n) => [n.code, ...codes((n.children as never) ?? [])]);
    expect(codes((await get('/api/blade-system/menu/routes', hh)).json().data)).toEqual(['system', 'user']);
    expect((await get('/api/blade-system/user/list', hh)).statusCode).toBe(200);
    expect((await post('/api/blade-system/user/submit', { account: 'x' }, hh)).statusCode).toBe(403);
    expect((await get(`/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`)).json().data.menu.sort()).toEqual([idOf('system'), idOf('user'), idOf('user_view')].sort());

    // Add the add button: after signing in again the role may create users.
    await post('/api/blade-system/role/grant', { roleIds: [roleId], menuIds: [idOf('system'), idOf('user'), idOf('user_view'), idOf('user_add')] });
    hh = await asUser('area', 'Area12345');
    const buttons = (await get('/api/blade-system/menu/buttons', hh)).json().data;
    expect(buttons[0].children.map((b: { code: string }) => b.code).sort()).toEqual(['user_add', 'user_view']);
  });

  it('data scope "own department" narrows the user list; API scope closes an endpoint until granted', async () => {
    const db = t.database.db;
    const [root] = await db.select().from(dept).where(eq(dept.deptName, 'Helio'));
    const east = (await post('/api/blade-system/dept/submit', { deptName: 'East', fullName: 'East region', parentId: root!.id, deptCategory: 2, sort: 1 })).json().data.id;
    const west = (await post('/api/blade-system/dept/submit', { deptName: 'West', fullName: 'West region', parentId: root!.id, deptCategory: 2, sort: 2 })).json().data.id;
    const roleId = (await post('/api/blade-system/role/submit', { roleName: 'East lead', roleAlias: 'east_lead', roleType: '2', sort: 6 })).json().data.id;
    const base = { phoneDiallingCode: '+86', userType: 1, password: 'Scope1234', roleId };
    await post('/api/blade-system/user/submit', { ...base, account: 'eastlead', name: 'E', phone: '13600000001', deptId: east, email: 'e1@example.com' });
    await post('/api/blade-system/user/submit', { ...base, account: 'eastmate', name: 'E2', phone: '13600000002', deptId: east, email: 'e2@example.com' });
    await post('/api/blade-system/user/submit', { ...base, account: 'westie', name: 'W', phone: '13600000003', deptId: west, email: 'w1@example.com' });
    const menus = await db.select({ id: menu.id, code: menu.code }).from(menu);
    const idOf = (c: string) => menus.find((m) => m.code === c)!.id;
    const scope = (await post('/api/blade-system/data-scope/submit', { menuId: idOf('user'), resourceCode: 'user', scopeName: 'Own department', scopeColumn: 'dept_id', scopeType: 3 })).json().data.id;
    const api = (await post('/api/blade-system/api-scope/submit', { menuId: idOf('user'), resourceCode: 'user', scopeName: 'Export users', scopePath: '/api/blade-system/user/export-user', scopeType: 2 })).json().data.id;
    await post('/api/blade-system/role/grant', { roleIds: [roleId], menuIds: [idOf('system'), idOf('user'), idOf('user_export')], dataScopeIds: [scope] });
    let hh = await asUser('eastlead', 'Scope1234');
    const accounts = (await get('/api/blade-system/user/list?size=100', hh)).json().data.records.map((r: { account: string }) => r.account).sort();
    expect(accounts).toEqual(['eastlead', 'eastmate']);
    expect((await get('/api/blade-system/user/export-user', hh)).statusCode).toBe(403);
    await post('/api/blade-system/role/grant', { roleIds: [roleId], menuIds: [idOf('system'), idOf('user'), idOf('user_export')], dataScopeIds: [scope], apiScopeIds: [api] });
    hh = await asUser('eastlead', 'Scope1234');
    expect((await get('/api/blade-system/user/export-user', hh)).statusCode).toBe(200);
    // The administrator is never narrowed.
    expect((await get('/api/blade-system/user/list?size=100')).json().data.records.length).toBeGreaterThan(3);
  });
});

describe('departments', () => {
  it('keep ancestors when moved and refuse removing a parent', async () => {
    const a = (await post('/api/blade-system/dept/submit', { deptName: 'A', fullName: 'A', deptCategory: 1, sort: 1 })).json().data.id;
    const b = (await post('/api/blade-system/dept/submit', { deptName: 'B', fullName: 'B', parentId: a, deptCategory: 2, sort: 1 })).json().data.id;
    const c = (await post('/api/blade-system/dept/submit', { deptName: 'C', fullName: 'C', parentId: b, deptCategory: 3, sort: 1 })).json().data.id;
    const z = (await post('/api/blade-system/dept/submit', { deptName: 'Z', fullName: 'Z', deptCategory: 1, sort: 2 })).json().data.id;
    expect((await t.database.db.select().from(dept).where(eq(dept.id, c)))[0]!.ancestors).toBe(`0,${a},${b}`);
    await post('/api/blade-system/dept/submit', { id: b, parentId: z });
    expect((await t.database.db.select().from(dept).where(eq(dept.id, c)))[0]!.ancestors).toBe(`0,${z},${b}`);
    expect((await post(`/api/blade-system/dept/remove?ids=${z}`)).json().msg).toBe('请先删除子节点!');
    const lazy = (await get(`/api/blade-system/dept/lazy-list?parentId=${z}`)).json().data;
    expect(lazy).toEqual([expect.objectContaining({ id: b, hasChildren: true })]);
    const missing = await post('/api/blade-system/dept/submit', { deptName: 'X', deptCategory: '' });
    expect(missing.json().msg).toBe('机构全称不能为空; 机构类型不能为空; 排序不能为空');
  });
});

describe('dictionaries', () => {
  it('children inherit the code and need a key; sealed items are frozen', async () => {
    const parent = (await post('/api/blade-system/dict-biz/submit', { code: 'site_kind', dictValue: '站点类型', sort: 1, isSealed: 0, language: 'zh-CN' })).json().data.id;
    expect((await post('/api/blade-system/dict-biz/submit', { parentId: parent, code: 'whatever', dictValue: '屋顶', sort: 1, isSealed: 0, language: 'zh-CN' })).json().msg).toBe('字典键值不能为空');
    const child = (await post('/api/blade-system/dict-biz/submit', { parentId: parent, code: 'whatever', dictKey: '1', dictValue: '屋顶', sort: 1, isSealed: 1, language: 'zh-CN' })).json().data.id;
    const items = (await get('/api/blade-system/dict-biz/dictionary?code=site_kind')).json().data;
    expect(items).toEqual([expect.objectContaining({ id: child, code: 'site_kind', dictKey: '1', dictValue: '屋顶' })]);
    expect((await post('/api/blade-system/dict-biz/submit', { id: child, dictValue: '改' })).json().msg).toBe('该数据已封存,不可修改或删除');
    expect((await post(`/api/blade-system/dict-biz/remove?ids=${child}`)).json().msg).toBe('该数据已封存,不可修改或删除');
    const children = (await get(`/api/blade-system/dict-biz/child-list?parentId=${parent}`)).json().data;
    expect(children.total).toBe(1);
  });

  it('lists parent codes of the system dictionary', async () => {
    const parents = (await get('/api/blade-system/dict/parent-list?code=sex')).json().data.records;
    expect(parents.map((p: { language: string }) => p.language).sort()).toEqual(['en-US', 'zh-CN']);
    const [sexParent] = await t.database.db.select().from(dict).where(eq(dict.code, 'sex'));
    expect(sexParent).toBeDefined();
  });
});

describe('tenants and packages', () => {
  it('a new tenant gets an administrator; its package limits its menus; expiry and the account limit apply', async () => {
    const menus = await t.database.db.select({ id: menu.id, code: menu.code }).from(menu);
    const idOf = (c: string) => menus.find((m) => m.code === c)!.id;
    const pkg = (await post('/api/blade-system/tenant-package/submit', { packageName: 'Monitoring', menuId: [idOf('power_station'), idOf('inverter')].join(',') })).json().data.id;
    expect((await post('/api/blade-system/tenant-package/submit', { menuId: idOf('inverter') })).json().msg).toBe('产品包名称不能为空');
    expect((await post('/api/blade-system/tenant-package/submit', { packageName: 'Empty' })).json().msg).toBe('菜单列表不能为空');

    const created = (await post('/api/blade-system/tenant/submit', { tenantName: 'Sunny Installers', linkman: 'Zhang' })).json().data;
    expect(created).toMatchObject({ tenantId: expect.stringMatching(/^\d{6}$/), adminAccount: 'admin', adminPassword: expect.any(String) });
    // The shown-once password must be replaced at the first sign-in (docs/security.md, initial passwords).
    const first = await t.login('admin', created.adminPassword, created.tenantId);
    expect(first).toMatchObject({ password_change_required: true });
    const chosen = 'Sunny2026x';
    const q = new URLSearchParams({ oldPassword: md5Hex(created.adminPassword), newPassword: md5Hex(chosen), newPassword1: md5Hex(chosen) });
    expect((await post(`/api/blade-system/user/update-password?${q}`, undefined, { 'blade-auth': `bearer ${first.access_token}` })).json().success).toBe(true);
    created.adminPassword = chosen;
    await post(`/api/blade-system/tenant/package-setting?tenantId=${created.tenantId}&packageId=${pkg}`);
    const th = await asUser('admin', created.adminPassword, created.tenantId);
    const tree = (await get('/api/blade-system/menu/routes', th)).json().data;
    expect(tree.map((n: { code: string }) => n.code)).toEqual(['station']);
    expect(tree[0].children.map((n: { code: string }) => n.code)).toEqual(['power_station', 'inverter']);
    // Outside the package the tenant's own administrator is refused.
    expect((await get('/api/blade-system/user/list', th)).statusCode).toBe(403);

    const [row] = (await get(`/api/blade-system/tenant/list?tenantId_equal=${created.tenantId}`)).json().data.records;
    await post('/api/blade-system/tenant/setting', { ids: row.id, accountNumber: 1 });
    await post(`/api/blade-system/tenant/package-setting?tenantId=${created.tenantId}&packageId=`);
    const th2 = await asUser('admin', created.adminPassword, created.tenantId);
    const full = await post('/api/blade-system/user/submit', { account: 'second', name: 'S', phoneDiallingCode: '+86', phone: '13500000000', roleId: (await get('/api/blade-system/role/select', th2)).json().data[0].id, userType: 1, password: 'Second123' }, th2);
    expect(full.json().msg).toBe('租户账号数量已达上限(1)');
    await post('/api/blade-system/tenant/setting', { ids: row.id, expireTime: '2020-01-01 00:00:00' });
    expect((await t.login('admin', created.adminPassword, created.tenantId)).error_description).toBe('租户授权已过期,请联系管理员');
  });
});

describe('OAuth clients', () => {
  it('store the secret hashed, never return it, and sign in with it', async () => {
    expect((await post('/api/blade-system/client/submit', { clientId: 'mobile', scope: 'all', authorizedGrantTypes: 'password,refresh_token', accessTokenValidity: 600, refreshTokenValidity: 86400 })).json().msg).toBe('应用密钥不能为空');
    expect((await post('/api/blade-system/client/submit', { clientId: 'mobile', clientSecret: 'mobile-secret-1', scope: 'all', authorizedGrantTypes: 'password,refresh_token', accessTokenValidity: 600, refreshTokenValidity: 86400 })).json().success).toBe(true);
    const list = (await get('/api/blade-system/client/list?clientId=mobile')).json();
    expect(JSON.stringify(list)).not.toContain('mobile-secret-1');
    expect(list.data.records[0]).not.toHaveProperty('clientSecret');
    const res = await t.req({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('Helio-Test-2026')}&grant_type=password`,
      headers: { authorization: `Basic ${Buffer.from('mobile:mobile-secret-1').toString('base64')}` },
    });
    expect(res.json()).toMatchObject({ expires_in: 600 });
  });
});

describe('regions', () => {
  it('browses the seeded tree lazily and as a cascade', async () => {
    const provinces = (await get('/api/blade-system/region/select')).json().data;
    expect(provinces.find((p: { code: string }) => p.code === '110000')).toMatchObject({ name: '北京市' });
    const lazy = (await get('/api/blade-system/region/lazy-tree?parentCode=440000')).json().data;
    expect(lazy.find((c: { code: string }) => c.code === '440300')).toMatchObject({ name: '深圳市', hasChildren: true });
    const en = (await t.req({ method: 'GET', url: '/api/blade-system/region/select?code=440300', headers: { ...h, 'accept-language': 'en-US' } })).json().data;
    expect(en.find((d: { code: string }) => d.code === '440305').title).toMatch(/Nanshan/);
  });

  it('validates the form and imports with overwrite 0 and 1', async () => {
    const bad = await post('/api/blade-system/region/submit', { code: '', name: '' });
    expect(bad.json().msg).toBe('区划编号不能为空; 区划名称不能为空; 区划层级不能为空; 排序不能为空');
    const file = await xlsx([
      ['区划编号', '上级编号', '区划名称', '英文名称', '层级(0国家 1省 2市 3区县 4乡镇 5村)', '排序', '备注'],
      ['440305001', '440305', '测试街道', 'Test Subdistrict', 4, 1, ''],
      ['440305', '440300', '南山区(改)', 'Nanshan', 3, 5, ''],
    ]);
    const no = await t.req({ method: 'POST', url: '/api/blade-system/region/import-region?isCovered=0', ...multipart('r.xlsx', file) });
    expect(no.json().data.errors).toEqual([expect.objectContaining({ row: 3, column: 'code' })]);
    expect((await get('/api/blade-system/region/detail?code=440305001')).statusCode).toBe(400);
    const yes = await t.req({ method: 'POST', url: '/api/blade-system/region/import-region?isCovered=1', ...multipart('r.xlsx', file) });
    expect(yes.json()).toMatchObject({ success: true, data: { imported: 2 } });
    expect((await get('/api/blade-system/region/detail?code=440305001')).json().data).toMatchObject({ parentCode: '440305', parentName: '南山区(改)', regionLevel: 4 });
    expect((await post('/api/blade-system/region/remove?id=440305')).json().msg).toBe('请先删除子节点!');
  });
});

/**
 * Saves of the stock Saber (SpringBlade's client, chillzhuang/Saber 4.9) against Helio: each body is what its form
 * posts — without the fields Saber does not know (dialling code, user type, role type, dept category, sealed,
 * language, data source type, data model) and with SpringBlade's code-generator formats. Each insert succeeds and
 * stores the documented default (docs/resources.md); each edit posts the detail back, as Saber does, secrets as the
 * mask, and keeps what it did not change. Helio's own forms send the required fields: sent empty, they are refused.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dept, dict, role, user } from '../src/db/schema.js';
import { code, datasource, model } from '../src/db/schema-resource.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { codeTargets } from '../src/modules/develop/blade-payloads.js';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './helper.js';

const MASK = '********';
let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

const post = (url: string, payload: object, headers: Record<string, string> = h) => t.req({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Record<string, string> = h) => t.req({ method: 'GET', url, headers });
const en = () => ({ ...h, 'accept-language': 'en-US' });
const saved = async (url: string, payload: object, headers: Record<string, string> = h): Promise<string> => {
  const res = (await post(url, payload, headers)).json();
  expect(res, JSON.stringify(res)).toMatchObject({ code: 200, success: true });
  return String(res.data.id);
};
const ok = async (url: string, payload: object) => {
  const res = (await post(url, payload)).json();
  expect(res, JSON.stringify(res)).toMatchObject({ code: 200, success: true });
};
const detail = async (api: string, id: string) => (await get(`${api}/detail?id=${id}`)).json().data as Record<string, unknown>;

describe('user/submit as Saber posts it', () => {
  let roleId: string;
  let deptId: string;
  let postId: string;
  beforeAll(async () => {
    roleId = (await get('/api/blade-system/role/select')).json().data[0].id;
    deptId = (await get('/api/blade-system/dept/tree')).json().data[0].id;
    postId = await saved('/api/blade-system/post/submit', { category: 1, postCode: 'saber_post', postName: 'Saber 岗位', sort: 1 });
  });
  // user.vue: the form's columns (no dialling code, no user type); unfilled inputs are empty strings.
  const saber = (account: string) => ({
    account,
    tenantId: '000000',
    password: 'Saber12345',
    password2: 'Saber12345',
    name: 'Saber',
    realName: '萨博',
    roleId,
    deptId,
    code: '',
    postId,
    phone: '13800138001',
    email: '',
    sex: 1,
    birthday: '',
  });

  it("creates an ordinary user with the tenant's default dialling code, and edits keep both", async () => {
    const id = await saved('/api/blade-system/user/submit', saber('saber_one'));
    const [row] = await t.database.db.select().from(user).where(eq(user.id, id));
    expect(row).toMatchObject({ userType: 1, phoneDiallingCode: '+86', roleId, deptId, postId });
    expect((await t.login('saber_one', 'Saber12345')).access_token).toBeTruthy();

    // The tenant's default (a parameter per tenant, then the platform's).
    await saved('/api/blade-system/param/submit', { paramName: '默认区号', paramKey: 'user.default.phoneDiallingCode', paramValue: '+852' });
    await saved('/api/blade-system/param/submit', { paramName: '租户默认区号', paramKey: 'user.default.phoneDiallingCode.000000', paramValue: '49' });
    const other = await saved('/api/blade-system/user/submit', saber('saber_two'));
    expect((await t.database.db.select().from(user).where(eq(user.id, other)))[0]!.phoneDiallingCode).toBe('+49');

    // Edit (user.vue beforeOpen → detail, rowUpdate → update): the detail back with one change.
    const d = await detail('/api/blade-system/user', id);
    await ok('/api/blade-system/user/update', { ...d, realName: '萨博二' });
    const [after] = await t.database.db.select().from(user).where(eq(user.id, id));
    expect(after).toMatchObject({ realName: '萨博二', userType: 1, phoneDiallingCode: '+86' });
  });

  it("refuses Helio's form when it sends the required fields empty", async () => {
    const res = (await post('/api/blade-system/user/submit', { ...saber('saber_empty'), phoneDiallingCode: '', userType: '' })).json();
    expect(res.code).toBe(400);
    expect(res.msg).toContain('国际区号不能为空');
    expect(res.msg).toContain('用户平台不能为空');
  });
});

describe('role, dept and dict submit as Saber posts them', () => {
  it('a role without a type is a business role; an edit keeps it', async () => {
    // role.vue: name, alias, parent, sort (the tenant is not shown when adding).
    const id = await saved('/api/blade-system/role/submit', { roleName: 'Saber 角色', roleAlias: 'saber_role', parentId: '', sort: 3 });
    expect((await t.database.db.select().from(role).where(eq(role.id, id)))[0]).toMatchObject({ roleType: '2', parentId: '0' });
    const d = await detail('/api/blade-system/role', id);
    await ok('/api/blade-system/role/submit', { ...d, sort: 4 });
    expect((await t.database.db.select().from(role).where(eq(role.id, id)))[0]).toMatchObject({ roleType: '2', sort: 4 });
    const empty = (await post('/api/blade-system/role/submit', { roleName: 'X', roleAlias: 'x_role', roleType: '', sort: 1 })).json();
    expect(empty.msg).toBe('角色类型不能为空');
  });

  it('a department without a category is a company; an edit keeps it', async () => {
    // dept.vue: name, tenant, full name, parent, sort, remark.
    const id = await saved('/api/blade-system/dept/submit', { deptName: 'Saber', tenantId: '000000', fullName: 'Saber 公司', parentId: '', sort: 5, remark: '' });
    expect((await t.database.db.select().from(dept).where(eq(dept.id, id)))[0]).toMatchObject({ deptCategory: 1, ancestors: '0' });
    const child = await saved('/api/blade-system/dept/submit', { deptName: 'Saber 研发', tenantId: '000000', fullName: 'Saber 研发部', parentId: id, sort: 1, remark: '' });
    expect((await t.database.db.select().from(dept).where(eq(dept.id, child)))[0]).toMatchObject({ deptCategory: 1, parentId: id });
    const d = await detail('/api/blade-system/dept', id);
    await ok('/api/blade-system/dept/submit', { ...d, remark: 'edited' });
    expect((await t.database.db.select().from(dept).where(eq(dept.id, id)))[0]).toMatchObject({ deptCategory: 1, remark: 'edited' });
    const empty = (await post('/api/blade-system/dept/submit', { deptName: 'X', fullName: 'X', deptCategory: '', sort: 1 })).json();
    expect(empty.msg).toBe('机构类型不能为空');
  });

  it("a dictionary is unsealed in the request's language, its items in the dictionary's", async () => {
    // dict.vue: code, value, parent, key (a number input), sort, remark.
    const root = await saved('/api/blade-system/dict/submit', { code: 'saber_kind', dictValue: 'Saber 类型', parentId: '', dictKey: -1, sort: 1, remark: '' });
    expect((await t.database.db.select().from(dict).where(eq(dict.id, root)))[0]).toMatchObject({ isSealed: 0, language: 'zh-CN', dictKey: '-1' });
    // An English browser adds an item to the Chinese dictionary: the item is the dictionary's (zh-CN).
    const item = await saved('/api/blade-system/dict/submit', { code: 'saber_kind', dictValue: '甲', parentId: root, dictKey: 1, sort: 1, remark: '' }, en());
    expect((await t.database.db.select().from(dict).where(eq(dict.id, item)))[0]).toMatchObject({ isSealed: 0, language: 'zh-CN', dictKey: '1', parentId: root });
    const items = (await get('/api/blade-system/dict/dictionary?code=saber_kind')).json().data;
    expect(items).toEqual([expect.objectContaining({ dictKey: '1', dictValue: '甲' })]);
    // A new dictionary from an English browser is English.
    const enRoot = await saved('/api/blade-system/dict/submit', { code: 'saber_kind', dictValue: 'Saber kind', parentId: '', dictKey: -1, sort: 1, remark: '' }, en());
    expect((await t.database.db.select().from(dict).where(eq(dict.id, enRoot)))[0]!.language).toBe('en-US');
    // Edit: the detail back (sealed and language as stored).
    const d = await detail('/api/blade-system/dict', item);
    await ok('/api/blade-system/dict/submit', { ...d, dictValue: '乙' });
    expect((await t.database.db.select().from(dict).where(eq(dict.id, item)))[0]).toMatchObject({ dictValue: '乙', isSealed: 0, language: 'zh-CN' });
    const empty = (await post('/api/blade-system/dict/submit', { code: 'y', dictValue: 'Y', sort: 1, isSealed: '', language: '' })).json();
    expect(empty.msg).toBe('封存不能为空; 语言不能为空');
  });
});

describe('client/submit with the secret masked', () => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const signIn = (id: string, secret: string) =>
    t.req({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex(TEST_ADMIN_PASSWORD)}&grant_type=password`,
      headers: { authorization: basic(id, secret), 'tenant-id': '000000' },
    });

  it('the detail shows the mask; sending it back keeps the secret, a new one replaces it', async () => {
    // client.vue: every column, with its defaults.
    const id = await saved('/api/blade-system/client/submit', {
      clientId: 'saber_app',
      clientSecret: 'saber_app_secret',
      authorizedGrantTypes: 'refresh_token,password,authorization_code',
      scope: 'all',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
      webServerRedirectUri: 'http://localhost:8080',
      resourceIds: '',
      authorities: '',
      autoapprove: '',
      additionalInformation: '',
    });
    const hashed = createHash('sha256').update('saber_app_secret').digest('hex');
    const stored = async () => (await t.database.db.select().from(client).where(eq(client.id, id)))[0]!;
    expect((await stored()).clientSecret).toBe(hashed);

    const d = await detail('/api/blade-system/client', id);
    expect(d.clientSecret).toBe(MASK);
    const list = (await get('/api/blade-system/client/list?clientId=saber_app')).json().data.records[0];
    expect(list).not.toHaveProperty('clientSecret');

    await ok('/api/blade-system/client/submit', { ...d, accessTokenValidity: 7200 });
    expect(await stored()).toMatchObject({ clientSecret: hashed, accessTokenValidity: 7200 });
    expect((await signIn('saber_app', 'saber_app_secret')).json()).toMatchObject({ expires_in: 7200 });

    await ok('/api/blade-system/client/submit', { ...(await detail('/api/blade-system/client', id)), clientSecret: 'saber_app_secret_2' });
    expect((await stored()).clientSecret).toBe(createHash('sha256').update('saber_app_secret_2').digest('hex'));
    expect((await signIn('saber_app', 'saber_app_secret_2')).json()).toHaveProperty('access_token');

    // A new client cannot be created with the mask as its secret.
    const masked = (await post('/api/blade-system/client/submit', { clientId: 'masked', clientSecret: MASK, authorizedGrantTypes: 'password', scope: 'all', accessTokenValidity: 60, refreshTokenValidity: 60 })).json();
    expect(masked.msg).toBe('应用密钥不能为空');
  });
});

describe('blade-develop as Saber posts it', () => {
  // datasource.vue: name, driver class (a select), user, password, URL, remark — no type.
  const source = (name: string, url = 'jdbc:postgresql://127.0.0.1:5432/saber_demo') => ({
    name,
    driverClass: 'org.postgresql.Driver',
    username: 'postgres',
    password: 'saber-db-pass',
    url,
    remark: '',
  });
  let dsId: string;

  it("a data source takes its type from the JDBC URL; the detail shows the driver class and the password's mask", async () => {
    dsId = await saved('/api/blade-develop/datasource/submit', source('saber-ds'));
    const [row] = await t.database.db.select().from(datasource).where(eq(datasource.id, dsId));
    expect(row).toMatchObject({ category: 1, driverClass: 'org.postgresql.Driver' });
    expect(row!.password).toMatch(/^gcm1:/);
    const d = await detail('/api/blade-develop/datasource', dsId);
    expect(d).toMatchObject({ category: 1, driverClass: 'org.postgresql.Driver', password: MASK });

    await ok('/api/blade-develop/datasource/submit', { ...d, remark: 'edited' });
    const [after] = await t.database.db.select().from(datasource).where(eq(datasource.id, dsId));
    expect(after).toMatchObject({ remark: 'edited', password: row!.password, category: 1 });

    // Without a URL the type is the driver class's (only the URL is missing then); a type Helio does not serve: none.
    const { url: _url, ...noUrl } = source('saber-ds-2');
    const byDriver = (await post('/api/blade-develop/datasource/submit', noUrl)).json();
    expect(byDriver.msg).toBe('连接地址不能为空');
    const mysql = (await post('/api/blade-develop/datasource/submit', { ...source('saber-mysql', 'jdbc:mysql://127.0.0.1:3306/x'), driverClass: 'com.mysql.cj.jdbc.Driver' })).json();
    expect(mysql.code).toBe(400);
    expect(mysql.msg).toContain('数据源类型不能为空');
    const empty = (await post('/api/blade-develop/datasource/submit', { ...source('saber-empty'), category: '' })).json();
    expect(empty.msg).toBe('数据源类型不能为空');
  });

  it("a code record names a data source and a table: the model is found or created; SpringBlade's package and paths are kept as sent and the generator uses Helio's", async () => {
    // code.vue: every column as SpringBlade's demo fills it in.
    const body = {
      datasourceId: dsId,
      codeName: '通知公告',
      serviceName: 'blade-desk',
      tableName: 'blade_notice',
      tablePrefix: 'blade_',
      pkName: 'id',
      packageName: 'org.springblade.desk',
      baseMode: 2,
      wrapMode: 2,
      apiPath: 'D:\\Develop\\WorkSpace\\Git\\SpringBlade\\blade-service\\blade-desk',
      webPath: 'D:\\Develop\\WorkSpace\\Git\\Saber',
    };
    const id = await saved('/api/blade-develop/code/submit', body);
    const [row] = await t.database.db.select().from(code).where(eq(code.id, id));
    expect(row).toMatchObject({ datasourceId: dsId, tableName: 'blade_notice', packageName: 'org.springblade.desk', apiPath: body.apiPath, webPath: body.webPath, baseMode: 2, wrapMode: 2 });
    expect(codeTargets(row!)).toEqual({ pageCode: 'blade_desk', api: '/api/helio/blade-desk', webPath: '/blade-desk' });
    const [m] = await t.database.db.select().from(model).where(eq(model.id, row!.modelId!));
    expect(m).toMatchObject({ datasourceId: dsId, modelTable: 'blade_notice', modelCode: 'blade_notice', modelName: '通知公告' });

    // The same table again: the same model. Unix paths are directories too.
    const again = await saved('/api/blade-develop/code/submit', { ...body, codeName: '通知二', apiPath: '/Users/chill/SpringBlade/blade-desk', webPath: '/Users/chill/Saber' });
    const [second] = await t.database.db.select().from(code).where(eq(code.id, again));
    expect(second).toMatchObject({ modelId: row!.modelId, apiPath: '/Users/chill/SpringBlade/blade-desk', webPath: '/Users/chill/Saber' });
    expect(codeTargets(second!)).toMatchObject({ api: '/api/helio/blade-desk', webPath: '/blade-desk' });
    expect(await t.database.db.select({ id: model.id }).from(model).where(and(eq(model.modelTable, 'blade_notice'), eq(model.isDeleted, 0)))).toHaveLength(1);

    // Edit: the detail shows what Saber saved (data source, modes, package, paths); posted back, nothing else moves.
    const d = await detail('/api/blade-develop/code', id);
    expect(d).toMatchObject({ datasourceId: dsId, baseMode: 2, wrapMode: 2, tablePrefix: 'blade_', pkName: 'id', packageName: 'org.springblade.desk', apiPath: body.apiPath });
    await ok('/api/blade-develop/code/submit', { ...d, codeName: '公告' });
    expect((await t.database.db.select().from(code).where(eq(code.id, id)))[0]).toMatchObject({ codeName: '公告', modelId: row!.modelId, apiPath: body.apiPath, baseMode: 2 });
    expect((await post('/api/blade-develop/code/submit', { ...d, version: undefined, baseMode: 7 })).json()).toMatchObject({ code: 400, msg: expect.stringContaining('基础业务') });

    // Helio's form: a model is required when sent empty, and its own formats are checked as before.
    expect((await post('/api/blade-develop/code/submit', { ...body, modelId: '' })).json().msg).toBe('数据模型不能为空');
    expect((await post('/api/blade-develop/code/submit', { ...body, modelId: row!.modelId, apiPath: 'api/x' })).json().msg).toBe('接口前缀格式不正确');
    // No usable table: no model is made, and the rules say why.
    const bad = (await post('/api/blade-develop/code/submit', { ...body, tableName: 'Bad Table' })).json();
    expect(bad.msg).toContain('数据模型不能为空');
    expect(bad.msg).toContain('表名格式不正确');
  });
});

/**
 * The Helio database schema (PostgreSQL dialect; the same migrations run on embedded PGlite and on PostgreSQL).
 * Table and column names follow the Blade family (`blade_*`, snake_case) so its data and tooling carry over;
 * Helio's own tables are `helio_*`. Every business row has the Blade audit columns and is deleted softly.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts, version } from './columns.js';

export { id };

export const tenant = pgTable(
  'blade_tenant',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    tenantName: varchar('tenant_name', { length: 50 }).notNull(),
    domainUrl: varchar('domain_url', { length: 255 }),
    backgroundUrl: varchar('background_url', { length: 1000 }),
    linkman: varchar('linkman', { length: 20 }),
    contactNumber: varchar('contact_number', { length: 20 }),
    address: varchar('address', { length: 255 }),
    accountNumber: integer('account_number').notNull().default(-1),
    expireTime: ts('expire_time'),
    packageId: id('package_id'),
    datasourceId: id('datasource_id'),
    licenseKey: varchar('license_key', { length: 1000 }),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_tenant_tenant_id_uq').on(t.tenantId).where(sql`${t.isDeleted} = 0`)],
);

export const tenantPackage = pgTable('blade_tenant_package', {
  id: id('id').primaryKey(),
  packageName: varchar('package_name', { length: 50 }).notNull(),
  menuId: text('menu_id').notNull().default(''),
  remark: varchar('remark', { length: 255 }),
  ...audit(),
});

export const client = pgTable(
  'blade_client',
  {
    id: id('id').primaryKey(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** sha256 hex of the secret; never returned. */
    clientSecret: varchar('client_secret', { length: 256 }).notNull(),
    resourceIds: varchar('resource_ids', { length: 256 }),
    scope: varchar('scope', { length: 256 }).notNull().default('all'),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 256 }).notNull(),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 256 }),
    authorities: varchar('authorities', { length: 256 }),
    accessTokenValidity: integer('access_token_validity').notNull().default(3600),
    refreshTokenValidity: integer('refresh_token_validity').notNull().default(604800),
    additionalInformation: varchar('additional_information', { length: 4096 }),
    autoapprove: varchar('autoapprove', { length: 256 }),
    /**
     * Refresh-token reuse policy (dictionary `refresh_token_reuse`): `strict` — a rotated token presented again
     * revokes the session (RFC 9700); `lenient` — any unexpired token of a live session is honoured, as SpringBlade
     * does (stock Blade clients keep one refresh token per browser tab). Null or anything else is strict.
     */
    refreshTokenReuse: varchar('refresh_token_reuse', { length: 16 }).default('strict'),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_client_client_id_uq').on(t.clientId).where(sql`${t.isDeleted} = 0`)],
);

export const user = pgTable(
  'blade_user',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    code: varchar('code', { length: 12 }),
    userType: integer('user_type').notNull().default(1),
    account: varchar('account', { length: 45 }).notNull(),
    /** argon2id PHC string, or a legacy Blade `sha1(md5)` hex re-hashed at the next sign-in. */
    password: varchar('password', { length: 255 }).notNull(),
    /** 1: the password was generated (create without one, reset); only user-info and password change until changed. */
    mustChangePassword: smallint('must_change_password').notNull().default(0),
    name: varchar('name', { length: 20 }),
    realName: varchar('real_name', { length: 50 }),
    avatar: varchar('avatar', { length: 2000 }),
    email: varchar('email', { length: 100 }),
    phone: varchar('phone', { length: 20 }),
    phoneDiallingCode: varchar('phone_dialling_code', { length: 10 }),
    birthday: ts('birthday'),
    sex: smallint('sex'),
    roleId: text('role_id').notNull().default(''),
    deptId: text('dept_id').notNull().default(''),
    postId: text('post_id').notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('blade_user_account_uq').on(t.tenantId, t.account).where(sql`${t.isDeleted} = 0`),
    uniqueIndex('blade_user_email_uq').on(t.tenantId, t.email).where(sql`${t.isDeleted} = 0 AND ${t.email} IS NOT NULL AND ${t.email} <> ''`),
    index('blade_user_tenant_idx').on(t.tenantId, t.isDeleted),
    // Lists walk users newest first and stop after a page (user/list's default order).
    index('blade_user_list_idx').on(t.tenantId, t.createTime.desc(), t.id.desc()).where(sql`${t.isDeleted} = 0`),
    // … and the same across tenants, for platform administrators.
    index('blade_user_time_idx').on(t.createTime.desc(), t.id.desc()).where(sql`${t.isDeleted} = 0`),
    index('blade_user_dept_id_idx').on(t.deptId),
  ],
);

export const userDept = pgTable(
  'blade_user_dept',
  { id: id('id').primaryKey(), userId: id('user_id').notNull(), deptId: id('dept_id').notNull() },
  (t) => [index('blade_user_dept_user_idx').on(t.userId), index('blade_user_dept_dept_idx').on(t.deptId, t.userId)],
);

/** Platform-specific extension data per user type (BladeX blade_user_web/app/other, as one table). */
export const userPlatform = pgTable(
  'blade_user_platform',
  {
    id: id('id').primaryKey(),
    userId: id('user_id').notNull(),
    userType: integer('user_type').notNull(),
    userExt: varchar('user_ext', { length: 255 }),
  },
  (t) => [uniqueIndex('blade_user_platform_uq').on(t.userId, t.userType)],
);

export const role = pgTable(
  'blade_role',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    parentId: id('parent_id').notNull().default('0'),
    roleName: varchar('role_name', { length: 255 }).notNull(),
    roleNameEn: varchar('role_name_en', { length: 255 }),
    roleAlias: varchar('role_alias', { length: 255 }).notNull(),
    roleType: varchar('role_type', { length: 12 }),
    roleCode: varchar('role_code', { length: 64 }),
    sort: integer('sort').notNull().default(1),
    ...audit(),
  },
  (t) => [
    index('blade_role_tenant_idx').on(t.tenantId),
    uniqueIndex('blade_role_alias_uq').on(t.tenantId, t.roleAlias).where(sql`${t.isDeleted} = 0`),
  ],
);

export const roleMenu = pgTable(
  'blade_role_menu',
  { id: id('id').primaryKey(), menuId: id('menu_id').notNull(), roleId: id('role_id').notNull() },
  (t) => [uniqueIndex('blade_role_menu_uq').on(t.roleId, t.menuId)],
);

export const roleScope = pgTable(
  'blade_role_scope',
  {
    id: id('id').primaryKey(),
    scopeCategory: integer('scope_category').notNull(),
    scopeId: id('scope_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [index('blade_role_scope_role_idx').on(t.roleId, t.scopeCategory)],
);

export const menu = pgTable(
  'blade_menu',
  {
    id: id('id').primaryKey(),
    parentId: id('parent_id').notNull().default('0'),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    nameEn: varchar('name_en', { length: 255 }),
    alias: varchar('alias', { length: 255 }),
    path: varchar('path', { length: 255 }),
    source: varchar('source', { length: 255 }),
    component: varchar('component', { length: 255 }),
    sort: integer('sort').notNull().default(1),
    category: integer('category').notNull().default(1),
    action: integer('action').notNull().default(0),
    isOpen: integer('is_open').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [
    index('blade_menu_parent_idx').on(t.parentId),
    index('blade_menu_code_idx').on(t.code),
    uniqueIndex('blade_menu_code_uq').on(t.code).where(sql`${t.isDeleted} = 0`),
  ],
);

export const topMenu = pgTable('blade_top_menu', {
  id: id('id').primaryKey(),
  tenantId: tenantId(),
  code: varchar('code', { length: 255 }),
  name: varchar('name', { length: 255 }).notNull(),
  nameEn: varchar('name_en', { length: 255 }),
  source: varchar('source', { length: 255 }),
  path: varchar('path', { length: 255 }),
  sort: integer('sort').notNull().default(1),
  ...audit(),
});

export const topMenuSetting = pgTable(
  'blade_top_menu_setting',
  { id: id('id').primaryKey(), topMenuId: id('top_menu_id').notNull(), menuId: id('menu_id').notNull() },
  (t) => [uniqueIndex('blade_top_menu_setting_uq').on(t.topMenuId, t.menuId)],
);

export const dept = pgTable(
  'blade_dept',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    parentId: id('parent_id').notNull().default('0'),
    ancestors: varchar('ancestors', { length: 2000 }).notNull().default('0'),
    deptCategory: integer('dept_category'),
    deptName: varchar('dept_name', { length: 45 }).notNull(),
    fullName: varchar('full_name', { length: 45 }),
    sort: integer('sort').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [index('blade_dept_tenant_idx').on(t.tenantId), index('blade_dept_parent_idx').on(t.parentId)],
);

export const post = pgTable(
  'blade_post',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    category: integer('category'),
    postCode: varchar('post_code', { length: 12 }),
    postName: varchar('post_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_post_code_uq').on(t.tenantId, t.postCode).where(sql`${t.isDeleted} = 0`)],
);

const dictColumns = () => ({
  id: id('id').primaryKey(),
  parentId: id('parent_id').notNull().default('0'),
  code: varchar('code', { length: 255 }).notNull(),
  dictKey: varchar('dict_key', { length: 255 }).notNull(),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  sort: integer('sort').notNull().default(1),
  remark: varchar('remark', { length: 255 }),
  isSealed: integer('is_sealed').notNull().default(0),
  language: varchar('language', { length: 10 }).notNull().default('zh-CN'),
  attribute1: varchar('attribute1', { length: 255 }),
  attribute2: varchar('attribute2', { length: 255 }),
  attribute3: varchar('attribute3', { length: 255 }),
  ...audit(),
});

// A dictionary (root row) once per code and language; an item's key once per code and language.
export const dict = pgTable('blade_dict', dictColumns(), (t) => [
  index('blade_dict_code_idx').on(t.code, t.parentId),
  uniqueIndex('blade_dict_code_uq').on(t.code, t.language).where(sql`${t.parentId} = 0 AND ${t.isDeleted} = 0`),
  uniqueIndex('blade_dict_key_uq').on(t.code, t.dictKey, t.language).where(sql`${t.parentId} <> 0 AND ${t.isDeleted} = 0`),
]);

export const dictBiz = pgTable('blade_dict_biz', { ...dictColumns(), tenantId: tenantId() }, (t) => [
  index('blade_dict_biz_code_idx').on(t.tenantId, t.code, t.parentId),
  uniqueIndex('blade_dict_biz_code_uq').on(t.tenantId, t.code, t.language).where(sql`${t.parentId} = 0 AND ${t.isDeleted} = 0`),
  uniqueIndex('blade_dict_biz_key_uq').on(t.tenantId, t.code, t.dictKey, t.language).where(sql`${t.parentId} <> 0 AND ${t.isDeleted} = 0`),
]);

export const param = pgTable(
  'blade_param',
  {
    id: id('id').primaryKey(),
    paramName: varchar('param_name', { length: 255 }).notNull(),
    paramKey: varchar('param_key', { length: 255 }).notNull(),
    paramValue: text('param_value').notNull(),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_param_key_uq').on(t.paramKey).where(sql`${t.isDeleted} = 0`)],
);

export const region = pgTable(
  'blade_region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 12 }).notNull().default('00'),
    ancestors: varchar('ancestors', { length: 255 }),
    subCode: varchar('sub_code', { length: 12 }),
    name: varchar('name', { length: 64 }).notNull(),
    nameEn: varchar('name_en', { length: 128 }),
    regionLevel: integer('region_level').notNull(),
    sort: integer('sort').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    version: version(),
  },
  (t) => [index('blade_region_parent_idx').on(t.parentCode)],
);

export const scopeData = pgTable('blade_scope_data', {
  id: id('id').primaryKey(),
  menuId: id('menu_id'),
  resourceCode: varchar('resource_code', { length: 255 }),
  scopeName: varchar('scope_name', { length: 255 }),
  scopeField: varchar('scope_field', { length: 255 }),
  scopeClass: varchar('scope_class', { length: 500 }),
  scopeColumn: varchar('scope_column', { length: 255 }),
  scopeType: integer('scope_type'),
  scopeValue: varchar('scope_value', { length: 2000 }),
  remark: varchar('remark', { length: 255 }),
  ...audit(),
});

export const scopeApi = pgTable('blade_scope_api', {
  id: id('id').primaryKey(),
  menuId: id('menu_id'),
  resourceCode: varchar('resource_code', { length: 255 }),
  scopeName: varchar('scope_name', { length: 255 }),
  scopePath: varchar('scope_path', { length: 255 }),
  scopeType: integer('scope_type'),
  remark: varchar('remark', { length: 255 }),
  ...audit(),
});

export const notice = pgTable(
  'blade_notice',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    title: varchar('title', { length: 255 }),
    category: integer('category'),
    releaseTime: ts('release_time'),
    content: text('content'),
    ...audit(),
  },
  (t) => [index('blade_notice_tenant_idx').on(t.tenantId, t.isDeleted, t.releaseTime)],
);

// The log tables and the sign-in session, key and seed bookkeeping tables live in schema-logs.ts (one file per area,
// under 400 lines); this file re-exports them so `db/schema.js` stays the one import for the shared tables.
export { logApi, logUsual, logError, session, refreshToken, secret, seedLog } from './schema-logs.js';

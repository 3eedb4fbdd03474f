/**
 * Storage, attachments, SMS, notices (read marks), developer-tool and report tables: their Drizzle declaration, which
 * drizzle-kit migrates like any other (docs/adr/0001-one-way-to-define-a-table.md). Their first DDL was hand-written
 * (drizzle/0002_resources.sql; row versions and unique codes: 0006); these declarations are exactly what it made.
 * Secrets (storage and SMS secret keys, data source passwords) are stored sealed with AES-256-GCM
 * (core/secret-box.ts), never in clear.
 */
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar, bigint } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts } from './columns.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
  toDriver: (v) => v,
});

/** Storage configurations; `status` 2 = the tenant's enabled one (at most one, enforced by a partial unique index). */
export const oss = pgTable(
  'blade_oss',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    category: integer('category').notNull().default(1),
    ossCode: varchar('oss_code', { length: 32 }).notNull(),
    endpoint: varchar('endpoint', { length: 255 }),
    transformEndpoint: varchar('transform_endpoint', { length: 255 }),
    accessKey: varchar('access_key', { length: 255 }),
    secretKey: varchar('secret_key', { length: 1000 }),
    bucketName: varchar('bucket_name', { length: 255 }),
    appId: varchar('app_id', { length: 255 }),
    region: varchar('region', { length: 255 }),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [
    index('blade_oss_tenant_idx').on(t.tenantId, t.isDeleted),
    uniqueIndex('blade_oss_enabled_uq').on(t.tenantId).where(sql`${t.status} = 2 AND ${t.isDeleted} = 0`),
    uniqueIndex('blade_oss_code_uq').on(t.tenantId, t.ossCode).where(sql`${t.isDeleted} = 0`),
  ],
);

/** Every stored upload: the object name is chosen by the server; the original name is kept as data only. */
export const attach = pgTable(
  'blade_attach',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    link: varchar('link', { length: 1000 }),
    domainUrl: varchar('domain_url', { length: 500 }),
    name: varchar('name', { length: 500 }),
    originalName: varchar('original_name', { length: 255 }),
    extension: varchar('extension', { length: 12 }),
    attachSize: bigint('attach_size', { mode: 'number' }),
    mime: varchar('mime', { length: 128 }),
    /** The storage configuration that holds it; null = the built-in local store. */
    ossId: id('oss_id'),
    usage: varchar('usage', { length: 16 }),
    ...audit(),
  },
  (t) => [index('blade_attach_tenant_idx').on(t.tenantId, t.isDeleted, t.createTime)],
);

/** SMS configurations; `status` 2 = enabled (one per tenant). */
export const sms = pgTable(
  'blade_sms',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    category: integer('category').notNull().default(1),
    smsCode: varchar('sms_code', { length: 32 }).notNull(),
    templateId: varchar('template_id', { length: 64 }),
    accessKey: varchar('access_key', { length: 255 }),
    secretKey: varchar('secret_key', { length: 1000 }),
    regionId: varchar('region_id', { length: 64 }),
    appId: varchar('app_id', { length: 64 }),
    signName: varchar('sign_name', { length: 64 }),
    endpoint: varchar('endpoint', { length: 255 }),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [
    index('blade_sms_tenant_idx').on(t.tenantId, t.isDeleted),
    uniqueIndex('blade_sms_enabled_uq').on(t.tenantId).where(sql`${t.status} = 2 AND ${t.isDeleted} = 0`),
    uniqueIndex('blade_sms_code_uq').on(t.tenantId, t.smsCode).where(sql`${t.isDeleted} = 0`),
  ],
);

/** Every message an SMS provider was asked to send (the log-only provider's whole output). */
export const smsOutbox = pgTable(
  'helio_sms_outbox',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    smsId: id('sms_id'),
    provider: varchar('provider', { length: 16 }).notNull(),
    phones: varchar('phones', { length: 2000 }).notNull(),
    templateId: varchar('template_id', { length: 64 }),
    signName: varchar('sign_name', { length: 64 }),
    /** JSON; verification codes are masked. */
    params: text('params'),
    scene: varchar('scene', { length: 16 }),
    success: smallint('success').notNull().default(1),
    result: varchar('result', { length: 500 }),
    createUser: id('create_user'),
    createTime: ts('create_time').defaultNow(),
  },
  (t) => [index('helio_sms_outbox_tenant_idx').on(t.tenantId, t.createTime)],
);

export const noticeRead = pgTable(
  'helio_notice_read',
  {
    userId: id('user_id').notNull(),
    noticeId: id('notice_id').notNull(),
    readTime: ts('read_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'helio_notice_read_pk', columns: [t.userId, t.noticeId] })],
);

/** Data sources for the code generator: PostgreSQL on allow-listed hosts; the password is sealed. */
export const datasource = pgTable(
  'blade_datasource',
  {
    id: id('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    category: integer('category').notNull().default(1),
    driverClass: varchar('driver_class', { length: 100 }).notNull().default('org.postgresql.Driver'),
    url: varchar('url', { length: 500 }).notNull(),
    username: varchar('username', { length: 100 }),
    password: varchar('password', { length: 1000 }),
    remark: varchar('remark', { length: 255 }),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_datasource_name_uq').on(t.name).where(sql`${t.isDeleted} = 0`)],
);

export const model = pgTable(
  'blade_model',
  {
    id: id('id').primaryKey(),
    datasourceId: id('datasource_id').notNull(),
    modelName: varchar('model_name', { length: 64 }).notNull(),
    modelCode: varchar('model_code', { length: 64 }).notNull(),
    modelTable: varchar('model_table', { length: 64 }).notNull(),
    modelClass: varchar('model_class', { length: 64 }),
    modelRemark: varchar('model_remark', { length: 500 }),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_model_code_uq').on(t.modelCode).where(sql`${t.isDeleted} = 0`)],
);

export const modelPrototype = pgTable(
  'blade_model_prototype',
  {
    id: id('id').primaryKey(),
    modelId: id('model_id').notNull(),
    jdbcName: varchar('jdbc_name', { length: 64 }).notNull(),
    jdbcType: varchar('jdbc_type', { length: 64 }),
    jdbcComment: varchar('jdbc_comment', { length: 255 }),
    propertyType: varchar('property_type', { length: 32 }),
    propertyName: varchar('property_name', { length: 64 }),
    isList: integer('is_list').notNull().default(1),
    isForm: integer('is_form').notNull().default(1),
    isRow: integer('is_row').notNull().default(0),
    componentType: varchar('component_type', { length: 16 }).notNull().default('text'),
    dictCode: varchar('dict_code', { length: 64 }),
    isRequired: integer('is_required').notNull().default(0),
    isQuery: integer('is_query').notNull().default(0),
    queryType: varchar('query_type', { length: 16 }),
    sort: integer('sort').notNull().default(1),
    ...audit(),
  },
  (t) => [index('blade_model_prototype_model_idx').on(t.modelId)],
);

export const code = pgTable('blade_code', {
  id: id('id').primaryKey(),
  modelId: id('model_id'),
  datasourceId: id('datasource_id'),
  serviceName: varchar('service_name', { length: 64 }),
  codeName: varchar('code_name', { length: 64 }).notNull(),
  tableName: varchar('table_name', { length: 64 }).notNull(),
  tablePrefix: varchar('table_prefix', { length: 64 }),
  pkName: varchar('pk_name', { length: 32 }),
  packageName: varchar('package_name', { length: 500 }),
  templateType: varchar('template_type', { length: 16 }),
  author: varchar('author', { length: 64 }),
  apiPath: varchar('api_path', { length: 255 }),
  webPath: varchar('web_path', { length: 255 }),
  baseMode: integer('base_mode').notNull().default(1),
  wrapMode: integer('wrap_mode').notNull().default(1),
  ...audit(),
});

/** Generated report files (workbooks); the content lives here so every process of a deployment can serve it. */
export const reportFile = pgTable(
  'blade_report_file',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    name: varchar('name', { length: 255 }).notNull(),
    reportType: varchar('report_type', { length: 32 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 128 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    content: bytea('content'),
    params: text('params'),
    ...audit(),
  },
  (t) => [index('blade_report_file_tenant_idx').on(t.tenantId, t.isDeleted, t.createTime)],
);

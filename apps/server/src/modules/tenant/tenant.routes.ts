/**
 * Tenants: lookup by domain before sign-in, platform administration on the CRUD engine (a new tenant gets its own
 * administrator role, root department and `admin` account with a generated password, returned once; a removed
 * tenant takes its users, roles, departments and posts with it and `restore` brings them back: tenant-removal.ts),
 * account limit and expiry (`setting`), product package (`package-setting`), data source binding.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { tenantResource } from '@helio/contracts/modules/tenant/tenant.resource';
import { tenantRestore } from '@helio/contracts/modules/tenant/tenant.api';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { ModuleContext } from '../../kernel/types.js';
import { parseDateTime } from '../../core/dates.js';
import { ok } from '../../core/envelope.js';
import { BizError, ForbiddenError } from '../../core/errors.js';
import { isId, nextId, parseIds } from '../../core/ids.js';
import { isPlatform } from '../../core/tenant.js';
import { buildTree } from '../../core/tree.js';
import { idsFrom, registerCrud, type AuditedTable } from '../../crud/register-crud.js';
import { route } from '../../kernel/http.js';
import { dept, menu, role, roleMenu, tenant, tenantPackage, user, userDept } from '../../db/schema.js';
import { hashPassword } from '../auth/index.js';
import { randomPassword } from '../../seed/seed.js';
import { paramValue } from '../../core/params.js';
import { removeTenantRows, restoreTenants } from './tenant-removal.js';

/** The fields of `tenant/setting` (body or query). */
const SETTING_FIELDS = Type.Object(
  {
    ids: Type.Optional(Type.Unknown()),
    accountNumber: Type.Optional(Type.Integer({ minimum: -1 })),
    expireTime: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: true },
);

export async function tenantRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;

  app.get(
    '/api/blade-system/tenant/info',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['tenant'],
        summary: 'The tenant bound to a domain: `{tenantId, domain}` or `{}`',
        querystring: Type.Object({ domain: Type.Optional(Type.String({ maxLength: 255 })) }, { additionalProperties: true }),
        security: [],
      },
    },
    async (req) => {
      const { domain } = req.query as { domain?: string };
      if (!domain) return ok(req, {});
      const [row] = await db
        .select({ tenantId: tenant.tenantId, domain: tenant.domainUrl, backgroundUrl: tenant.backgroundUrl })
        .from(tenant)
        .where(and(eq(tenant.domainUrl, domain), eq(tenant.isDeleted, 0), eq(tenant.status, 1)));
      return ok(req, row ? { tenantId: row.tenantId, domain: row.domain, backgroundUrl: row.backgroundUrl ?? '' } : {});
    },
  );

  const newTenantId = async (x: typeof db): Promise<string> => {
    for (;;) {
      const candidate = String(100000 + Math.floor(Math.random() * 900000));
      const [taken] = await x.select({ id: tenant.id }).from(tenant).where(eq(tenant.tenantId, candidate));
      if (!taken) return candidate;
    }
  };

  registerCrud(app, s, tenantResource, tenant as unknown as AuditedTable, {
    beforeWrite: async (call, existing, values) => {
      if (existing || Object.keys(values).length === 0) {
        if (existing?.tenantId === PLATFORM_TENANT_ID && Object.keys(values).length === 0) throw new ForbiddenError();
        return;
      }
      values.tenantId = await newTenantId(call.db);
      values.accountNumber = Number((await paramValue(call.db, 'tenant.default.accountNumber')) ?? -1) || -1;
    },
    writeWithin: async ({ db: tx, actor }, _id, values, inserted) => {
      if (!inserted) return;
      // Bootstrap, in the tenant's own transaction: administrator role (all menus the tenant may use), root
      // department, admin account.
      const tenantId = values.tenantId as string;
      const roleId = nextId();
      const deptId = nextId();
      const password = randomPassword(12);
      await tx.insert(role).values({ id: roleId, tenantId, roleName: '管理员', roleNameEn: 'Administrator', roleAlias: 'administrator', roleType: '1', sort: 1, createUser: actor.userId });
      const menus = await tx.select({ id: menu.id }).from(menu).where(eq(menu.isDeleted, 0));
      const rows = menus.map((m) => ({ id: nextId(), roleId, menuId: m.id }));
      for (let i = 0; i < rows.length; i += 500) await tx.insert(roleMenu).values(rows.slice(i, i + 500));
      await tx.insert(dept).values({ id: deptId, tenantId, parentId: '0', ancestors: '0', deptName: String(values.tenantName), fullName: String(values.tenantName), deptCategory: 1, sort: 1 });
      const userId = nextId();
      await tx.insert(user).values({
        id: userId,
        tenantId,
        account: 'admin',
        password: await hashPassword(password),
        name: 'admin',
        realName: String(values.linkman ?? 'admin'),
        roleId,
        deptId,
        // The password is shown once to the platform administrator: the tenant's administrator replaces it first.
        mustChangePassword: 1,
        createUser: actor.userId,
      });
      await tx.insert(userDept).values({ id: nextId(), userId, deptId });
      // Shown once in the response; only its hash is stored.
      return { tenantId, adminAccount: 'admin', adminPassword: password };
    },
    afterRemove: (call, ids) => removeTenantRows(call, ids),
  });

  const platformOnly = async (req: { user?: { tenantId: string } | undefined }) => {
    if (!req.user || !isPlatform(req.user)) throw new ForbiddenError();
  };

  route(app, tenantRestore, async (req) => {
    await platformOnly(req);
    const ids = idsFrom(req);
    if (ids.length === 0) throw new BizError('idsRequired');
    return restoreTenants(s, req.user!, ids);
  });

  app.post(
    '/api/blade-system/tenant/setting',
    {
      config: { access: { permission: 'tenant_setting' } },
      preHandler: platformOnly,
      // No body at all (the fields in the query) validates as an empty one.
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: {
        tags: ['tenant'],
        summary:
          'Account limit and expiry of tenants (ids, accountNumber -1 = unlimited, expireTime yyyy-MM-dd HH:mm:ss or empty), in the body or — as BladeX clients send them — in the query',
        querystring: SETTING_FIELDS,
        body: SETTING_FIELDS,
      },
    },
    async (req) => {
      // BladeX's tenant page posts the form as query parameters; a body wins where both carry a field.
      const b = { ...(req.query as object), ...((req.body as object | undefined) ?? {}) } as { ids?: unknown; accountNumber?: number; expireTime?: string | null };
      const ids = parseIds(b.ids);
      if (ids.length === 0) throw new BizError('idsRequired');
      const expire = b.expireTime ? parseDateTime(b.expireTime) : null;
      if (b.expireTime && !expire) throw new BizError('invalidFormat', { field: 'expireTime' });
      await db
        .update(tenant)
        .set({ ...(b.accountNumber !== undefined ? { accountNumber: b.accountNumber } : {}), ...(b.expireTime !== undefined ? { expireTime: expire } : {}), updateUser: req.user!.userId, updateTime: new Date() })
        .where(and(inArray(tenant.id, ids), eq(tenant.isDeleted, 0)));
      return ok(req, true);
    },
  );

  app.post(
    '/api/blade-system/tenant/package-setting',
    {
      config: { access: { permission: 'tenant_setting' } },
      preHandler: platformOnly,
      schema: { tags: ['tenant'], summary: 'Assign a product package to a tenant (empty packageId removes it)', querystring: Type.Object({ tenantId: Type.String(), packageId: Type.Optional(Type.String()) }, { additionalProperties: true }) },
    },
    async (req) => {
      const { tenantId, packageId } = req.query as { tenantId: string; packageId?: string };
      if (packageId && isId(packageId)) {
        const [p] = await db.select({ id: tenantPackage.id }).from(tenantPackage).where(and(eq(tenantPackage.id, packageId), eq(tenantPackage.isDeleted, 0)));
        if (!p) throw new BizError('recordNotFound');
      }
      const res = await db
        .update(tenant)
        .set({ packageId: packageId && isId(packageId) ? packageId : null, updateUser: req.user!.userId, updateTime: new Date() })
        .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
        .returning({ id: tenant.id });
      if (!res.length) throw new BizError('recordNotFound');
      s.use('auth').permissions.invalidate();
      return ok(req, true);
    },
  );

  app.get(
    '/api/blade-system/tenant/package-detail',
    {
      config: { access: { permission: ['tenant', 'tenant_setting'] } },
      preHandler: platformOnly,
      schema: { tags: ['tenant'], summary: "A tenant's package", querystring: Type.Object({ tenantId: Type.String() }, { additionalProperties: true }) },
    },
    async (req) => {
      const { tenantId } = req.query as { tenantId: string };
      const [t] = await db.select({ packageId: tenant.packageId }).from(tenant).where(eq(tenant.tenantId, tenantId));
      if (!t?.packageId) return ok(req, {});
      const [p] = await db.select().from(tenantPackage).where(eq(tenantPackage.id, t.packageId));
      return ok(req, p ? { id: p.id, packageName: p.packageName, menuId: p.menuId, remark: p.remark ?? '' } : {});
    },
  );

  app.post(
    '/api/blade-system/tenant/datasource',
    {
      config: { access: { permission: 'tenant_setting' } },
      preHandler: platformOnly,
      schema: { tags: ['tenant'], summary: 'Bind a data source to a tenant', querystring: Type.Object({ tenantId: Type.String(), datasourceId: Type.Optional(Type.String()) }, { additionalProperties: true }) },
    },
    async (req) => {
      const { tenantId, datasourceId } = req.query as { tenantId: string; datasourceId?: string };
      const res = await db
        .update(tenant)
        .set({ datasourceId: datasourceId && isId(datasourceId) ? datasourceId : null, updateUser: req.user!.userId, updateTime: new Date() })
        .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
        .returning({ id: tenant.id });
      if (!res.length) throw new BizError('recordNotFound');
      return ok(req, true);
    },
  );

  app.get(
    '/api/blade-system/tenant/tenant-select',
    { config: { access: { login: true } }, schema: { tags: ['tenant'], summary: 'Tenants the caller may pick (platform: all; others: their own)' } },
    async (req) => {
      const rows = await db
        .select({ tenantId: tenant.tenantId, tenantName: tenant.tenantName })
        .from(tenant)
        .where(and(eq(tenant.isDeleted, 0), isPlatform(req.user!) ? undefined : eq(tenant.tenantId, req.user!.tenantId)))
        .orderBy(asc(tenant.createTime));
      return ok(req, rows);
    },
  );

  app.get(
    '/api/blade-system/tenant-package/menu-tree',
    { config: { access: { permission: 'tenant_package' } }, preHandler: platformOnly, schema: { tags: ['tenant'], summary: 'Menu tree for the package form: {id, title, children}' } },
    async (req) => {
      const rows = await db.select().from(menu).where(eq(menu.isDeleted, 0)).orderBy(asc(menu.sort));
      const nodes = rows.map((m) => ({ id: m.id, parentId: m.parentId, title: req.lang === 'en-US' && m.nameEn ? m.nameEn : m.name, key: m.id, value: m.id }));
      return ok(req, buildTree(nodes));
    },
  );

}

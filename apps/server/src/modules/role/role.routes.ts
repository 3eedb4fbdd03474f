/**
 * Role extras beyond CRUD: `grant` (menus, data scopes and API scopes of roles — the settings dialog's three
 * tabs), `select` for a user, `tree-by-id`, and the grant trees and keys the dialog loads. Grants follow the
 * privilege rules (privilege.ts): only what the caller holds, only to roles below its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import type { ModuleContext } from '../../kernel/types.js';
import { ok } from '../../core/envelope.js';
import { BizError, ForbiddenError } from '../../core/errors.js';
import { isId, nextId, parseIds } from '../../core/ids.js';
import { tenantCondition } from '../../core/tenant.js';
import { buildTree } from '../../core/tree.js';
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, topMenu, topMenuSetting, user } from '../../db/schema.js';
import { API_SCOPE, DATA_SCOPE } from '../scope/index.js';
import { tenantMenuIds } from '../tenant/index.js';
import { mergeGrants, Privileges } from './privilege.js';

const list = (v: unknown): string[] => parseIds(Array.isArray(v) ? v : typeof v === 'string' ? v : undefined);

export async function roleRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;
  const privileges = new Privileges(db);

  // What a grant dialog offers: the caller's own menus (within its tenant's package).
  const menuNodes = async (req: FastifyRequest) => {
    const allowed = await privileges.menus(req.user!);
    const rows = await db.select().from(menu).where(eq(menu.isDeleted, 0)).orderBy(asc(menu.sort));
    return rows
      .filter((m) => !allowed || allowed.has(m.id))
      .map((m) => ({
        id: m.id,
        parentId: m.parentId,
        title: req.lang === 'en-US' && m.nameEn ? m.nameEn : m.name,
        key: m.id,
        value: m.id,
        category: m.category,
        code: m.code,
      }));
  };

  app.get(
    '/api/blade-system/menu/grant-tree',
    { config: { access: { permission: ['role_setting', 'tenant_package', 'topmenu_setting'] } }, schema: { tags: ['role'], summary: 'Trees for the role settings dialog: {menu, dataScope, apiScope}' } },
    async (req) => {
      const nodes = await menuNodes(req);
      const visible = new Set(nodes.map((n) => n.id));
      const scopeTree = async (category: 'data' | 'api') => {
        const held = await privileges.scopes(req.user!, category === 'data' ? DATA_SCOPE : API_SCOPE);
        const all =
          category === 'data'
            ? await db.select({ id: scopeData.id, menuId: scopeData.menuId, name: scopeData.scopeName }).from(scopeData).where(eq(scopeData.isDeleted, 0))
            : await db.select({ id: scopeApi.id, menuId: scopeApi.menuId, name: scopeApi.scopeName }).from(scopeApi).where(eq(scopeApi.isDeleted, 0));
        const rows = held ? all.filter((r) => held.has(r.id)) : all;
        const menuIds = new Set(rows.map((r) => r.menuId ?? ''));
        const menus = nodes.filter((n) => menuIds.has(n.id) && visible.has(n.id)).map((n) => ({ ...n, id: n.id, parentId: '0', disabled: true }));
        const leaves = rows
          .filter((r) => r.menuId && visible.has(r.menuId))
          .map((r) => ({ id: r.id, parentId: r.menuId!, title: r.name ?? '', key: r.id, value: r.id }));
        return buildTree([...menus, ...leaves] as { id: string; parentId: string }[]);
      };
      return ok(req, { menu: buildTree(nodes), dataScope: await scopeTree('data'), apiScope: await scopeTree('api') });
    },
  );

  app.get(
    '/api/blade-system/menu/role-tree-keys',
    {
      config: { access: { permission: ['role_setting', 'role'] } },
      schema: { tags: ['role'], summary: 'Granted ids of roles: {menu, dataScope, apiScope}', querystring: Type.Object({ roleIds: Type.String() }, { additionalProperties: true }) },
    },
    async (req) => {
      const ids = list((req.query as { roleIds: string }).roleIds);
      const roles = ids.length
        ? await db.select({ id: role.id }).from(role).where(and(inArray(role.id, ids), eq(role.isDeleted, 0), tenantCondition(role.tenantId, req.user!)))
        : [];
      const roleIds = roles.map((r) => r.id);
      if (roleIds.length === 0) return ok(req, { menu: [], dataScope: [], apiScope: [] });
      const [menus, scopes] = await Promise.all([
        db.selectDistinct({ id: roleMenu.menuId }).from(roleMenu).where(inArray(roleMenu.roleId, roleIds)),
        db.select({ id: roleScope.scopeId, c: roleScope.scopeCategory }).from(roleScope).where(inArray(roleScope.roleId, roleIds)),
      ]);
      return ok(req, {
        menu: menus.map((m) => m.id),
        dataScope: scopes.filter((x) => x.c === DATA_SCOPE).map((x) => x.id),
        apiScope: scopes.filter((x) => x.c === API_SCOPE).map((x) => x.id),
      });
    },
  );

  app.post(
    '/api/blade-system/role/grant',
    {
      config: { access: { permission: 'role_setting' } },
      schema: {
        tags: ['role'],
        summary: 'Grant menus, data scopes and API scopes to roles (replaces their grants)',
        body: Type.Object(
          {
            roleIds: Type.Union([Type.Array(Type.Union([Type.String(), Type.Number()])), Type.String()]),
            menuIds: Type.Optional(Type.Union([Type.Array(Type.Union([Type.String(), Type.Number()])), Type.String()])),
            dataScopeIds: Type.Optional(Type.Union([Type.Array(Type.Union([Type.String(), Type.Number()])), Type.String()])),
            apiScopeIds: Type.Optional(Type.Union([Type.Array(Type.Union([Type.String(), Type.Number()])), Type.String()])),
          },
          { additionalProperties: true },
        ),
      },
    },
    async (req) => {
      const b = req.body as Record<string, unknown>;
      const roleIds = list(b.roleIds);
      if (roleIds.length === 0) throw new BizError('idsRequired');
      const roles = await db.select({ id: role.id, tenantId: role.tenantId }).from(role).where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0), tenantCondition(role.tenantId, req.user!)));
      if (roles.length !== roleIds.length) throw new BizError('recordNotFound');
      // Never one's own roles, only roles below one's own (privilege.ts).
      await privileges.assertRoleTargets(req.user!, roles);
      // A tenant can only grant what its package allows; nobody grants what they do not know.
      let menuIds = list(b.menuIds);
      const tenants = new Set(roles.map((r) => r.tenantId));
      for (const t of tenants) {
        const allowed = await tenantMenuIds(s.database.db, t);
        if (allowed) menuIds = menuIds.filter((m) => allowed.has(m));
      }
      if (menuIds.length) {
        const known = await db.select({ id: menu.id }).from(menu).where(and(inArray(menu.id, menuIds), eq(menu.isDeleted, 0)));
        menuIds = known.map((m) => m.id);
      }
      const dataIds = list(b.dataScopeIds);
      const apiIds = list(b.apiScopeIds);
      // Nobody grants what it does not hold; what a role had beyond the caller's reach stays as it was.
      const [menuBound, dataBound, apiBound] = await Promise.all([
        privileges.menus(req.user!),
        privileges.scopes(req.user!, DATA_SCOPE),
        privileges.scopes(req.user!, API_SCOPE),
      ]);
      const [oldMenus, oldScopes] = await Promise.all([
        db.select({ roleId: roleMenu.roleId, id: roleMenu.menuId }).from(roleMenu).where(inArray(roleMenu.roleId, roleIds)),
        db.select({ roleId: roleScope.roleId, id: roleScope.scopeId, c: roleScope.scopeCategory }).from(roleScope).where(inArray(roleScope.roleId, roleIds)),
      ]);
      const had = (rows: { roleId: string; id: string }[], roleId: string) => new Set(rows.filter((r) => r.roleId === roleId).map((r) => r.id));
      const plan = roleIds.map((roleId) => ({
        roleId,
        menus: mergeGrants(menuIds, had(oldMenus, roleId), menuBound),
        data: mergeGrants(dataIds, had(oldScopes.filter((x) => x.c === DATA_SCOPE), roleId), dataBound),
        api: mergeGrants(apiIds, had(oldScopes.filter((x) => x.c === API_SCOPE), roleId), apiBound),
      }));
      await db.transaction(async (tx) => {
        await tx.delete(roleMenu).where(inArray(roleMenu.roleId, roleIds));
        await tx.delete(roleScope).where(inArray(roleScope.roleId, roleIds));
        const menuRows = plan.flatMap((p) => p.menus.map((menuId) => ({ id: nextId(), roleId: p.roleId, menuId })));
        for (let i = 0; i < menuRows.length; i += 500) await tx.insert(roleMenu).values(menuRows.slice(i, i + 500));
        const scopeRows = plan.flatMap((p) => [
          ...p.data.map((scopeId) => ({ id: nextId(), roleId: p.roleId, scopeId, scopeCategory: DATA_SCOPE })),
          ...p.api.map((scopeId) => ({ id: nextId(), roleId: p.roleId, scopeId, scopeCategory: API_SCOPE })),
        ]);
        if (scopeRows.length) await tx.insert(roleScope).values(scopeRows);
      });
      s.use('auth').permissions.invalidate();
      s.use('scope').scopes.invalidate();
      return ok(req, true);
    },
  );

  app.get(
    '/api/blade-system/role/select',
    {
      config: { access: { login: true } },
      schema: { tags: ['role'], summary: "Roles for drop-downs; with userId, that user's roles (switch dialog)", querystring: Type.Object({ userId: Type.Optional(Type.String()) }, { additionalProperties: true }) },
    },
    async (req) => {
      const { userId } = req.query as { userId?: string };
      let ids: string[] | undefined;
      if (userId) {
        if (!isId(userId)) return ok(req, []);
        const [u] = await db.select({ roleId: user.roleId }).from(user).where(and(eq(user.id, userId), tenantCondition(user.tenantId, req.user!)));
        ids = (u?.roleId ?? '').split(',').filter(Boolean);
        if (ids.length === 0) return ok(req, []);
      }
      const rows = await db
        .select({ id: role.id, roleName: role.roleName, roleNameEn: role.roleNameEn, roleAlias: role.roleAlias, tenantId: role.tenantId })
        .from(role)
        .where(and(eq(role.isDeleted, 0), tenantCondition(role.tenantId, req.user!), ids ? inArray(role.id, ids) : undefined))
        .orderBy(asc(role.sort));
      return ok(req, rows.map((r) => ({ ...r, roleName: req.lang === 'en-US' && r.roleNameEn ? r.roleNameEn : r.roleName })));
    },
  );

  app.get(
    '/api/blade-system/role/tree-by-id',
    {
      config: { access: { permission: 'role' } },
      schema: { tags: ['role'], summary: 'Role tree of the tenant of a role', querystring: Type.Object({ roleId: Type.String() }, { additionalProperties: true }) },
    },
    async (req) => {
      const { roleId } = req.query as { roleId: string };
      const [r] = isId(roleId) ? await db.select({ tenantId: role.tenantId }).from(role).where(and(eq(role.id, roleId), tenantCondition(role.tenantId, req.user!))) : [];
      if (!r) throw new BizError('recordNotFound');
      const rows = await db.select().from(role).where(and(eq(role.tenantId, r.tenantId), eq(role.isDeleted, 0))).orderBy(asc(role.sort));
      return ok(req, buildTree(rows.map((x) => ({ id: x.id, parentId: x.parentId, title: x.roleName, key: x.id, value: x.id }))));
    },
  );

  // Menus only (no buttons): for choosing a parent in the menu form.
  const menusOnly = async (req: FastifyRequest, parentId?: string) => {
    const rows = await db
      .select()
      .from(menu)
      .where(and(eq(menu.isDeleted, 0), eq(menu.category, 1), parentId === undefined ? undefined : eq(menu.parentId, parentId)))
      .orderBy(asc(menu.sort));
    return rows.map((m) => ({
      id: m.id,
      parentId: m.parentId,
      code: m.code,
      name: req.lang === 'en-US' && m.nameEn ? m.nameEn : m.name,
      path: m.path ?? '',
      source: m.source ?? '',
      sort: m.sort,
      category: m.category,
    }));
  };
  const platform = async (req: FastifyRequest) => {
    if (req.user!.tenantId !== '000000') throw new ForbiddenError();
  };
  app.get(
    '/api/blade-system/menu/menu-list',
    { config: { access: { permission: ['menu', 'menu_view'] } }, preHandler: platform, schema: { tags: ['menu'], summary: 'Menus without buttons, as a tree' } },
    async (req) => ok(req, buildTree(await menusOnly(req), (m) => m.sort)),
  );
  app.get(
    '/api/blade-system/menu/lazy-menu-list',
    {
      config: { access: { permission: ['menu', 'menu_view'] } },
      preHandler: platform,
      schema: { tags: ['menu'], summary: 'One level of menus (no buttons) with hasChildren', querystring: Type.Object({ parentId: Type.Optional(Type.String()) }, { additionalProperties: true }) },
    },
    async (req) => {
      const { parentId } = req.query as { parentId?: string };
      const rows = await menusOnly(req, parentId && isId(parentId) ? parentId : '0');
      const kids = rows.length
        ? new Set((await db.selectDistinct({ p: menu.parentId }).from(menu).where(and(eq(menu.isDeleted, 0), inArray(menu.parentId, rows.map((r) => r.id))))).map((r) => r.p))
        : new Set<string>();
      return ok(req, rows.map((r) => ({ ...r, hasChildren: kids.has(r.id) })));
    },
  );

  // Top menus: which menus each top menu shows.
  app.get(
    '/api/blade-system/menu/grant-top-tree',
    { config: { access: { permission: 'topmenu_setting' } }, schema: { tags: ['menu'], summary: 'Menu tree (menus only) for granting to top menus' } },
    async (req) => ok(req, { menu: buildTree((await menuNodes(req)).filter((n) => n.category === 1)) }),
  );
  app.get(
    '/api/blade-system/menu/top-tree-keys',
    {
      config: { access: { permission: 'topmenu_setting' } },
      schema: { tags: ['menu'], summary: 'Menu ids granted to top menus', querystring: Type.Object({ topMenuIds: Type.String() }, { additionalProperties: true }) },
    },
    async (req) => {
      const ids = list((req.query as { topMenuIds: string }).topMenuIds);
      const tops = ids.length ? await db.select({ id: topMenu.id }).from(topMenu).where(and(inArray(topMenu.id, ids), tenantCondition(topMenu.tenantId, req.user!))) : [];
      if (tops.length === 0) return ok(req, { menu: [] });
      const rows = await db.selectDistinct({ id: topMenuSetting.menuId }).from(topMenuSetting).where(inArray(topMenuSetting.topMenuId, tops.map((t) => t.id)));
      return ok(req, { menu: rows.map((r) => r.id) });
    },
  );
  app.post(
    '/api/blade-system/topmenu/grant',
    {
      config: { access: { permission: 'topmenu_setting' } },
      schema: { tags: ['menu'], summary: 'Set the menus of top menus', body: Type.Object({ topMenuIds: Type.Unknown(), menuIds: Type.Optional(Type.Unknown()) }, { additionalProperties: true }) },
    },
    async (req) => {
      const b = req.body as Record<string, unknown>;
      const topIds = list(b.topMenuIds);
      if (topIds.length === 0) throw new BizError('idsRequired');
      const tops = await db.select({ id: topMenu.id }).from(topMenu).where(and(inArray(topMenu.id, topIds), eq(topMenu.isDeleted, 0), tenantCondition(topMenu.tenantId, req.user!)));
      if (tops.length !== topIds.length) throw new BizError('recordNotFound');
      const menuIds = list(b.menuIds);
      const bound = await privileges.menus(req.user!);
      const old = await db.select({ topMenuId: topMenuSetting.topMenuId, id: topMenuSetting.menuId }).from(topMenuSetting).where(inArray(topMenuSetting.topMenuId, topIds));
      const plan = topIds.map((topMenuId) => ({ topMenuId, menus: mergeGrants(menuIds, new Set(old.filter((r) => r.topMenuId === topMenuId).map((r) => r.id)), bound) }));
      await db.transaction(async (tx) => {
        await tx.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, topIds));
        const rows = plan.flatMap((p) => p.menus.map((menuId) => ({ id: nextId(), topMenuId: p.topMenuId, menuId })));
        for (let i = 0; i < rows.length; i += 500) await tx.insert(topMenuSetting).values(rows.slice(i, i + 500));
      });
      return ok(req, true);
    },
  );

}

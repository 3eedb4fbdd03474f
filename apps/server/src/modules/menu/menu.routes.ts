/**
 * What the shell loads after sign-in: the role's menu tree (`routes`), its buttons, and the top menus.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ModuleContext } from '../../kernel/types.js';
import { ok } from '../../core/envelope.js';
import { isId } from '../../core/ids.js';
import { buildTree } from '../../core/tree.js';
import { tenantMenuIds } from '../tenant/index.js';
import { MenuRepository, type MenuRow } from './menu.repository.js';

export function menuVO(m: MenuRow, lang: FastifyRequest['lang']) {
  return {
    id: m.id,
    parentId: m.parentId,
    code: m.code,
    name: lang === 'en-US' && m.nameEn ? m.nameEn : m.name,
    alias: m.alias ?? 'menu',
    path: m.path ?? '',
    source: m.source ?? '',
    sort: m.sort,
    category: m.category,
    action: m.action,
    isOpen: m.isOpen,
    remark: m.remark ?? '',
    meta: { i18n: `menu.${m.code}` },
  };
}

export async function menuRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const repo = new MenuRepository(s.database.db);

  /** Menus visible to the caller: granted ones plus their ancestors (administrators: everything). */
  const visible = async (req: FastifyRequest): Promise<MenuRow[]> => {
    // A tenant with a product package only ever sees the package's menus, its administrator included.
    const allowed = await tenantMenuIds(s.database.db, req.user!.tenantId);
    const all = (await repo.all()).filter((m) => !allowed || allowed.has(m.id));
    if (req.user!.isAdministrator) return all;
    const granted = await repo.grantedIds(req.user!.roleIds);
    const byId = new Map(all.map((m) => [m.id, m]));
    const keep = new Set<string>();
    for (const id of granted) {
      let m = byId.get(id);
      while (m && !keep.has(m.id)) {
        keep.add(m.id);
        m = byId.get(m.parentId);
      }
    }
    return all.filter((m) => keep.has(m.id));
  };

  app.get(
    '/api/blade-system/menu/routes',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['menu'],
        summary: "The caller's menu tree (category 1), names in the request language",
        querystring: Type.Object({ topMenuId: Type.Optional(Type.String()) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      let menus = (await visible(req)).filter((m) => m.category === 1);
      const top = (req.query as { topMenuId?: string }).topMenuId;
      if (top && isId(top)) {
        const allowed = await repo.topMenuMenuIds(top, req.user!);
        if (allowed.size) menus = menus.filter((m) => allowed.has(m.id) || m.parentId === '0');
      }
      return ok(req, buildTree(menus.map((m) => menuVO(m, req.lang)), (m) => m.sort));
    },
  );

  app.get(
    '/api/blade-system/menu/buttons',
    {
      config: { access: { login: true } },
      schema: { tags: ['menu'], summary: "The caller's buttons under their parent menus" },
    },
    async (req) => {
      const menus = await visible(req);
      const buttons = menus.filter((m) => m.category === 2);
      const parentIds = new Set(buttons.map((b) => b.parentId));
      const parents = menus.filter((m) => parentIds.has(m.id));
      const tree = parents
        .sort((a, b) => a.sort - b.sort)
        .map((p) => ({
          ...menuVO(p, req.lang),
          hasChildren: true,
          children: buttons
            .filter((b) => b.parentId === p.id)
            .sort((a, b) => a.sort - b.sort)
            .map((b) => menuVO(b, req.lang)),
        }));
      return ok(req, tree);
    },
  );

  app.get(
    '/api/blade-system/menu/top-menu',
    { config: { access: { login: true } }, schema: { tags: ['menu'], summary: "Top menus of the caller's tenant" } },
    async (req) => {
      const rows = await repo.topMenus(req.user!.tenantId);
      return ok(
        req,
        rows.map((r) => ({
          id: r.id,
          tenantId: r.tenantId,
          code: r.code ?? '',
          name: req.lang === 'en-US' && r.nameEn ? r.nameEn : r.name,
          source: r.source ?? '',
          path: r.path ?? '',
          sort: r.sort,
        })),
      );
    },
  );
}

/**
 * The engine's routes for one resource: `list` (+ `page`; a whole tree for tree entities), `lazy-list`, `lazy-tree`,
 * `tree`, `select`, `detail`, `submit`, `save`/`update` (where declared) and `remove`, with their access rules and
 * request schemas. The handlers' work is in register-crud.ts (reads) and write.ts (writes).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { isVersioned, VERSION_KEY, type ResourceDef } from '@helio/contracts/crud/resource';
import type { ModuleContext } from '../kernel/types.js';
import { ok, status } from '../core/envelope.js';
import { BizError } from '../core/errors.js';
import { isId } from '../core/ids.js';
import { parseFilters, parseSort, type ListSpec } from '../core/list-query.js';
import { buildTree } from '../core/tree.js';
import { idsFrom } from './resource-shape.js';
import type { AuditedTable, CrudHandle, CrudHooks, Row } from './types.js';
import type { WriteMode } from './write.js';

export interface RouteContext {
  s: ModuleContext;
  def: ResourceDef;
  table: AuditedTable;
  hooks: CrudHooks;
  spec: ListSpec;
  baseWhere: CrudHandle['baseWhere'];
  vos: CrudHandle['vos'];
  list: (req: FastifyRequest) => Promise<unknown>;
  dataScope: (req: FastifyRequest) => Promise<SQL | undefined>;
  write: (req: FastifyRequest, mode: WriteMode) => Promise<unknown>;
}

export function registerCrudRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { s, def, table, hooks, spec, baseWhere, vos, list, dataScope, write } = ctx;
  const db = s.database.db;
  const code = (a: string) => `${def.page}_${a}`;
  const live = eq(table.isDeleted, 0);
  const tag = def.name;
  const skip = new Set(hooks.skip ?? []);
  const tree = def.tree;
  const parentCol = tree ? table[tree.parentKey]! : undefined;
  const readAccess = { permission: def.actions.includes('view') ? [def.page, code('view')] : [def.page] };
  const writePre = hooks.writePreHandler ? { preHandler: async (req: FastifyRequest) => hooks.writePreHandler!(req) } : {};

  const listQuery = Type.Object(
    {
      current: Type.Optional(Type.Integer({ minimum: 1 })),
      size: Type.Optional(Type.Integer({ minimum: 1 })),
      ascs: Type.Optional(Type.String()),
      descs: Type.Optional(Type.String()),
      ...Object.fromEntries(Object.keys(spec.filters).map((k) => [k, Type.Optional(Type.String())])),
    },
    { additionalProperties: true },
  );

  if (!skip.has('list')) {
    for (const verb of tree ? ['list'] : ['list', 'page']) {
      app.get(`${def.api}/${verb}`, { config: { access: readAccess }, schema: { tags: [tag], summary: tree ? `${def.title.en} as a tree` : `${def.title.en}, paged`, querystring: listQuery } }, list);
    }
  }

  if (tree && parentCol && !skip.has('lazy-list')) {
    app.get(
      `${def.api}/lazy-list`,
      {
        config: { access: readAccess },
        schema: { tags: [tag], summary: `One level of ${def.name} (parentId, default 0) with hasChildren`, querystring: listQuery },
      },
      async (req) => {
        const q = { ...(req.query as Record<string, unknown>) };
        const parentId = typeof q.parentId === 'string' && isId(q.parentId) ? q.parentId : '0';
        delete q.parentId;
        const where = and(baseWhere(req.user!, q), await hooks.listScope?.(req), eq(parentCol, parentId), ...parseFilters(q, spec));
        const rows = (await db.select().from(table).where(where).orderBy(...parseSort(q, spec)).limit(2000)) as Row[];
        const ids = rows.map((r) => String(r.id));
        const withKids = ids.length
          ? new Set(
              (await db.selectDistinct({ p: parentCol }).from(table).where(and(live, inArray(parentCol, ids)))).map((r) => String(r.p)),
            )
          : new Set<string>();
        const out = await vos(rows, req);
        return ok(req, out.map((v) => ({ ...v, hasChildren: withKids.has(String(v.id)) })));
      },
    );
  }

  if (tree && parentCol && !skip.has('lazy-tree')) {
    app.get(
      `${def.api}/lazy-tree`,
      {
        config: { access: { login: true } },
        schema: { tags: [tag], summary: `One level of ${def.name} tree nodes (parentId, default 0) with hasChildren`, querystring: Type.Object({ parentId: Type.Optional(Type.String()) }, { additionalProperties: true }) },
      },
      async (req) => {
        const q = req.query as Record<string, unknown>;
        const parentId = typeof q.parentId === 'string' && isId(q.parentId) ? q.parentId : '0';
        const rows = (await db
          .select()
          .from(table)
          .where(and(baseWhere(req.user!, q), await dataScope(req), await hooks.listScope?.(req), eq(parentCol, parentId)))
          .orderBy(...(spec.defaultSort ?? []))
          .limit(2000)) as Row[];
        const ids = rows.map((r) => String(r.id));
        const withKids = ids.length
          ? new Set((await db.selectDistinct({ p: parentCol }).from(table).where(and(live, inArray(parentCol, ids)))).map((r) => String(r.p)))
          : new Set<string>();
        return ok(
          req,
          rows.map((r) => {
            const id = String(r.id);
            return { id, parentId, title: String(r[tree.titleKey] ?? ''), key: id, value: id, hasChildren: withKids.has(id) };
          }),
        );
      },
    );
  }

  /** Every live row the caller may see (tenant, query's tenant filter, module scope), default order: trees, drop-downs. */
  const scopedRows = async (req: FastifyRequest, limit: number) =>
    (await db
      .select()
      .from(table)
      .where(and(baseWhere(req.user!, req.query as Record<string, unknown>), await hooks.listScope?.(req)))
      .orderBy(...(spec.defaultSort ?? []))
      .limit(limit)) as Row[];

  if (tree && parentCol && !skip.has('tree')) {
    app.get(
      `${def.api}/tree`,
      { config: { access: { login: true } }, schema: { tags: [tag], summary: `${def.name} tree nodes {id, parentId, title, key, value, children}` } },
      async (req) => {
        const rows = await scopedRows(req, 5000);
        const nodes = rows.map((r) => {
          const id = String(r.id);
          return { id, parentId: String(r[tree.parentKey] ?? '0'), title: String(r[tree.titleKey] ?? ''), key: id, value: id };
        });
        return ok(req, buildTree(nodes));
      },
    );
  }

  if (def.select && !skip.has('select')) {
    app.get(
      `${def.api}/select`,
      { config: { access: { login: true } }, schema: { tags: [tag], summary: `${def.name} for drop-downs`, querystring: listQuery } },
      async (req) => {
        const rows = await scopedRows(req, 1000);
        return ok(req, await vos(rows, req));
      },
    );
  }

  if (!skip.has('detail')) {
    app.get(
      `${def.api}/detail`,
      {
        config: { access: readAccess },
        schema: { tags: [tag], summary: `One ${def.name} by id`, querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) },
      },
      async (req) => {
        const { id } = req.query as { id: string };
        const [row] = isId(id) ? await db.select().from(table).where(and(eq(table.id, id), baseWhere(req.user!))) : [];
        if (!row) throw new BizError('recordNotFound');
        return ok(req, (await vos([row as Row], req))[0]);
      },
    );
  }

  /** Body of submit/save/update: the form fields, the id of an edit and the version it was made from. */
  const writeBody = Type.Object(
    {
      id: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
      ...(isVersioned(def)
        ? {
            [VERSION_KEY]: Type.Optional(
              Type.Unknown({
                description:
                  'Edits: the version the record was read at (detail/list `version`). A stale one is refused with 409; without it the edit is accepted (last writer wins).',
              }),
            ),
          }
        : {}),
      ...Object.fromEntries(def.fields.filter((f) => f.form !== false).map((f) => [f.key, Type.Optional(Type.Unknown())])),
    },
    { additionalProperties: true },
  );

  if (!skip.has('submit')) {
    app.post(
      `${def.api}/submit`,
      {
        config: { access: { permission: [code('add'), code('edit')] } },
        ...writePre,
        schema: {
          tags: [tag],
          summary: `Insert (no id) or update (with id) a ${def.name}`,
          body: writeBody,
        },
      },
      (req) => write(req, 'either'),
    );
  }

  if (hooks.saveAndUpdate) {
    const body = writeBody;
    app.post(
      `${def.api}/save`,
      { config: { access: { permission: code('add') } }, ...writePre, schema: { tags: [tag], summary: `Insert a ${def.name} (an id in the body is ignored)`, body } },
      (req) => write(req, 'insert'),
    );
    app.post(
      `${def.api}/update`,
      { config: { access: { permission: code('edit') } }, ...writePre, schema: { tags: [tag], summary: `Update a ${def.name} by id (only the given form fields)`, body } },
      (req) => write(req, 'update'),
    );
  }

  if (!skip.has('remove')) {
    app.post(
      `${def.api}/remove`,
      {
        config: { access: { permission: code('delete') } },
        ...writePre,
        schema: {
          tags: [tag],
          summary: `Soft-delete ${def.name} rows: ids=1,2 in the query, a form field or a JSON body`,
          querystring: Type.Object({ ids: Type.Optional(Type.String()) }, { additionalProperties: true }),
        },
      },
      async (req) => {
        const ids = idsFrom(req);
        if (ids.length === 0) throw new BizError('idsRequired');
        if (tree && parentCol) {
          // Children within the caller's tenant only: another tenant's parent must answer like a missing id.
          const [child] = await db
            .select({ id: table.id })
            .from(table)
            .where(and(baseWhere(req.user!), inArray(parentCol, ids), notInArray(table.id, ids)))
            .limit(1);
          if (child) throw new BizError('hasChildren');
        }
        if (hooks.beforeWrite || hooks.beforeRemove) {
          const rows = (await db.select().from(table).where(and(inArray(table.id, ids), baseWhere(req.user!)))) as Row[];
          await hooks.beforeRemove?.(rows, req);
          if (hooks.beforeWrite) for (const r of rows) await hooks.beforeWrite(r, {}, req);
        }
        const res = await db
          .update(table)
          .set({ isDeleted: 1, updateUser: req.user!.userId, updateTime: new Date() } as never)
          .where(and(inArray(table.id, ids), baseWhere(req.user!), hooks.removeGuard?.()))
          .returning({ id: table.id });
        if (res.length) await hooks.afterRemove?.(res.map((r) => String(r.id)), req);
        return status(req, res.length > 0);
      },
    );
  }
}

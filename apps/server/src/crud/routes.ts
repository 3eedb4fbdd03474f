/**
 * The CRUD engine's routes half: the Blade routes of one resource — `list` (+ `page`; a whole tree for tree
 * entities), `POST page/{size}/{current}` (where the definition asks for it), `lazy-list`, `lazy-tree`, `tree`,
 * `select`, `detail`, `submit`, `save`/`update` (where declared) and `remove` — with their access rules and request
 * schemas. They translate HTTP to the repository (repository.ts) and its answers to the Blade envelope, nothing more.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { isVersioned, omittedDoc, VERSION_KEY } from '@helio/contracts/crud/resource';
import type { ModuleContext } from '../kernel/types.js';
import { ok, status } from '../core/envelope.js';
import { ForbiddenError } from '../core/errors.js';
import { parseIds } from '../core/ids.js';
import { listQuerySchema } from './reads.js';
import { answers, crudShapes } from './response-shapes.js';
import type { CrudRepository } from './repository.js';
import type { CrudRouteOptions, Row, WriteMode } from './types.js';

type Query = Record<string, unknown>;

/** ids from `?ids=1,2`, a form field or a JSON body (`{ids: "1,2"}`, `{ids: [..]}` or `[..]`). */
export function idsFrom(req: FastifyRequest, name = 'ids'): string[] {
  const q = (req.query ?? {}) as Query;
  const b = req.body;
  const fromBody = Array.isArray(b) ? b : b && typeof b === 'object' ? (b as Query)[name] : undefined;
  return parseIds(q[name] ?? fromBody);
}

/** The caller's language for the repository's messages. */
const langOf = (req: FastifyRequest) => ({ lang: req.lang });

export function registerCrudRoutes(app: FastifyInstance, s: ModuleContext, repo: CrudRepository, opts: CrudRouteOptions): void {
  const { def, spec } = repo;
  const code = (a: string) => `${def.page}_${a}`;
  const tag = def.name;
  const skip = new Set(opts.skip ?? []);
  const tree = def.tree;
  const readAccess = { permission: def.actions.includes('view') ? [def.page, code('view')] : [def.page] };
  const writePre = opts.writePreHandler ? { preHandler: async (req: FastifyRequest) => opts.writePreHandler!(req) } : {};
  const listQuery = listQuerySchema(spec);
  const shapes = crudShapes(def);
  const query = (req: FastifyRequest) => (req.query ?? {}) as Query;

  if (!skip.has('list')) {
    const list = async (req: FastifyRequest) => ok(req, await repo.list(req.user!, query(req), langOf(req)));
    for (const verb of tree ? ['list'] : ['list', 'page']) {
      app.get(`${def.api}/${verb}`, { config: { access: readAccess }, schema: { tags: [tag], summary: tree ? `${def.title.en} as a tree` : `${def.title.en}, paged`, querystring: listQuery, response: answers(verb === 'page' ? shapes.page : shapes.list) } }, list);
    }
    if (def.postPage) {
      if (tree) throw new Error(`resource ${def.name}: postPage is not for tree entities`);
      const Filter = Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()]));
      app.post(
        `${def.api}/page/:size/:current`,
        {
          config: { access: readAccess },
          // No body at all: no filters (validation comes after this step).
          preValidation: async (req: FastifyRequest) => {
            req.body ??= {};
          },
          schema: {
            tags: [tag],
            summary: `${def.title.en}, paged: size and current in the path, the filters (and ascs/descs) as a JSON body`,
            params: Type.Object({ size: Type.Integer({ minimum: 1 }), current: Type.Integer({ minimum: 1 }) }),
            body: Type.Object(
              { ascs: Type.Optional(Type.String()), descs: Type.Optional(Type.String()), ...Object.fromEntries(Object.keys(spec.filters).map((k) => [k, Filter])) },
              { additionalProperties: true },
            ),
            response: answers(shapes.page),
          },
        },
        async (req) => {
          const { size, current } = req.params as { size: number; current: number };
          return ok(req, await repo.page(req.user!, { ...(req.body as Query), current, size }, langOf(req)));
        },
      );
    }
  }

  if (tree && !skip.has('lazy-list')) {
    app.get(
      `${def.api}/lazy-list`,
      {
        config: { access: readAccess },
        schema: { tags: [tag], summary: `One level of ${def.name} (parentId, default 0) with hasChildren`, querystring: listQuery, response: answers(shapes.lazyList) },
      },
      async (req) => ok(req, await repo.lazyList(req.user!, query(req), langOf(req))),
    );
  }

  if (tree && !skip.has('lazy-tree')) {
    app.get(
      `${def.api}/lazy-tree`,
      {
        config: { access: { login: true } },
        schema: { tags: [tag], summary: `One level of ${def.name} tree nodes (parentId, default 0) with hasChildren`, querystring: Type.Object({ parentId: Type.Optional(Type.String()) }, { additionalProperties: true }), response: answers(shapes.nodes) },
      },
      async (req) => ok(req, await repo.lazyTree(req.user!, query(req))),
    );
  }

  if (tree && !skip.has('tree')) {
    app.get(
      `${def.api}/tree`,
      { config: { access: { login: true } }, schema: { tags: [tag], summary: `${def.name} tree nodes {id, parentId, title, key, value, children}`, response: answers(shapes.nodes) } },
      async (req) => ok(req, await repo.tree(req.user!, query(req))),
    );
  }

  if (def.select && !skip.has('select')) {
    app.get(
      `${def.api}/select`,
      { config: { access: { login: true } }, schema: { tags: [tag], summary: `${def.name} for drop-downs`, querystring: listQuery, response: answers(shapes.rows) } },
      async (req) => ok(req, await repo.select(req.user!, query(req), langOf(req))),
    );
  }

  if (!skip.has('detail')) {
    app.get(
      `${def.api}/detail`,
      {
        config: { access: readAccess },
        schema: { tags: [tag], summary: `One ${def.name} by id`, querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }), response: answers(shapes.vo) },
      },
      async (req) => ok(req, await repo.detail(req.user!, (req.query as { id: string }).id, langOf(req))),
    );
  }

  /** `submit` (either: the add or edit button by the id), `save` (insert) and `update` (by id). */
  const write = async (req: FastifyRequest, mode: WriteMode) => {
    const body = (req.body ?? {}) as Row;
    if (mode === 'either') {
      const updating = body.id !== null && body.id !== undefined && body.id !== '';
      if (!(await s.access.has(req.user!, [code(updating ? 'edit' : 'add')]))) throw new ForbiddenError();
    }
    const done = await repo.save(req.user!, body, { mode, ...langOf(req) });
    if (!done?.inserted) return status(req, done !== undefined);
    return ok(req, { ...(done.extra ?? {}), id: done.id });
  };

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
      ...Object.fromEntries(
        def.fields
          .filter((f) => f.form !== false)
          .map((f) => [f.key, Type.Optional(Type.Unknown(f.omitted ? { description: omittedDoc(f.omitted) } : {}))]),
      ),
    },
    { additionalProperties: true },
  );

  if (!skip.has('submit')) {
    app.post(
      `${def.api}/submit`,
      {
        config: { access: { permission: [code('add'), code('edit')] } },
        ...writePre,
        schema: { tags: [tag], summary: `Insert (no id) or update (with id) a ${def.name}`, body: writeBody, response: answers(shapes.write) },
      },
      (req) => write(req, 'either'),
    );
  }

  if (opts.saveAndUpdate) {
    app.post(
      `${def.api}/save`,
      { config: { access: { permission: code('add') } }, ...writePre, schema: { tags: [tag], summary: `Insert a ${def.name} (an id in the body is ignored)`, body: writeBody, response: answers(shapes.write) } },
      (req) => write(req, 'insert'),
    );
    app.post(
      `${def.api}/update`,
      { config: { access: { permission: code('edit') } }, ...writePre, schema: { tags: [tag], summary: `Update a ${def.name} by id (only the given form fields)`, body: writeBody, response: answers(shapes.write) } },
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
          response: answers(shapes.done),
        },
      },
      async (req) => status(req, (await repo.remove(req.user!, idsFrom(req), langOf(req))).length > 0),
    );
  }
}

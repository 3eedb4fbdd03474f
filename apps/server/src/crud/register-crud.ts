/**
 * The generic CRUD engine: from a resource definition (contracts) and its Drizzle table it registers the Blade
 * routes — `list` (+ `page`; a whole tree for tree entities), `detail`, `submit` (insert without id, update with
 * id), `remove?ids=`, and where declared `select`, `tree` and `lazy-list` — with permissions, tenant scoping,
 * allow-listed filters and sorts, shared validation, unique checks, soft delete and audit columns set here, never
 * by the client. Module-specific rules plug in through hooks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, getTableColumns, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import { formRules, type ResourceDef } from '@helio/contracts/crud/resource';
import type { Services } from '../app.js';
import type { AuthUser } from '../core/access.js';
import { formatDateTime } from '../core/dates.js';
import { ok, page, status } from '../core/envelope.js';
import { BizError, ForbiddenError } from '../core/errors.js';
import { label } from '../core/i18n.js';
import { isId, nextId, parseIds } from '../core/ids.js';
import { num, pagedSelect, parseFilters, parsePaging, parseSort, text, time, type ListSpec } from '../core/list-query.js';
import { isPlatform, tenantCondition, tenantForInsert } from '../core/tenant.js';
import { buildTree } from '../core/tree.js';
import { assertRules } from '../core/validate.js';

export type Row = Record<string, unknown>;

/** A table with the Blade audit columns (and tenant_id when tenant-scoped). */
export type AuditedTable = PgTable &
  Record<string, PgColumn> & {
    id: PgColumn;
    isDeleted: PgColumn;
    createTime: PgColumn;
  };

const AUDIT_KEYS = ['tenantId', 'status', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime'] as const;

export function listSpecOf(def: ResourceDef, table: AuditedTable): ListSpec {
  const filters: ListSpec['filters'] = {};
  const sorts: ListSpec['sorts'] = { createTime: table.createTime };
  if (table.updateTime) sorts.updateTime = table.updateTime;
  for (const f of def.fields) {
    const col = table[f.key];
    if (!col) throw new Error(`resource ${def.name}: field ${f.key} has no column`);
    if (f.search) filters[f.key] = f.numeric ? num(col) : f.search === 'equal' ? { ...text(col), defaultOp: 'equal' } : text(col);
    if (f.sortable) sorts[f.key] = col;
  }
  if (table.status) filters.status = num(table.status);
  if (def.tree) filters[def.tree.parentKey] = { ...text(table[def.tree.parentKey]!), defaultOp: 'equal' };
  filters.createTime = time(table.createTime);
  const d = def.defaultSort;
  const defaultSort: SQL[] =
    d && table[d.field] ? [sql`${table[d.field]} ${sql.raw(d.order === 'desc' ? 'desc' : 'asc')}`, sql`${table.id} desc`] : [sql`${table.id} desc`];
  return { filters, sorts, defaultSort };
}

export function toVO(def: ResourceDef, r: Row): Row {
  const out: Row = { id: r.id };
  for (const f of def.fields) {
    if (f.secret) continue;
    const v = r[f.key];
    out[f.key] = v instanceof Date ? formatDateTime(v) : (v ?? '');
  }
  for (const k of AUDIT_KEYS) {
    if (!(k in r)) continue;
    const v = r[k];
    out[k] = v instanceof Date ? formatDateTime(v) : (v ?? '');
  }
  return out;
}

/** ids from `?ids=1,2`, a form field or a JSON body (`{ids: "1,2"}`, `{ids: [..]}` or `[..]`). */
export function idsFrom(req: FastifyRequest, name = 'ids'): string[] {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const b = req.body;
  const fromBody = Array.isArray(b) ? b : b && typeof b === 'object' ? (b as Record<string, unknown>)[name] : undefined;
  return parseIds(q[name] ?? fromBody);
}

export interface CrudHooks {
  /** Before insert/update (values may be changed, e.g. derived columns) and before remove (values = {}). */
  beforeWrite?: (existing: Row | undefined, values: Row, req: FastifyRequest) => Promise<void> | void;
  /** After insert/update; what it returns for an insert is added to the response data next to the new id. */
  afterWrite?: (id: string, values: Row, req: FastifyRequest, inserted: boolean) => Promise<Row | void> | Row | void;
  afterRemove?: (ids: string[], req: FastifyRequest) => Promise<void> | void;
  /** Extra list conditions (data scope, sub-lists). */
  listScope?: (req: FastifyRequest) => Promise<SQL | undefined> | SQL | undefined;
  /** Extend a row's VO (names of related rows …). */
  decorate?: (vos: Row[], req: FastifyRequest) => Promise<Row[]> | Row[];
  /** Routes to leave out because the module serves them itself. */
  skip?: readonly ('list' | 'detail' | 'submit' | 'remove' | 'select' | 'tree' | 'lazy-list' | 'lazy-tree')[];
}

export interface CrudHandle {
  def: ResourceDef;
  table: AuditedTable;
  spec: ListSpec;
  /** Conditions every read applies: live rows of the caller's tenant. */
  baseWhere(u: AuthUser, q?: Record<string, unknown>): SQL | undefined;
  vos(rows: Row[], req: FastifyRequest): Promise<Row[]>;
  /** The engine's list handler (also when the module serves `list` itself and delegates). */
  list(req: FastifyRequest): Promise<unknown>;
}

export function registerCrud(app: FastifyInstance, s: Services, def: ResourceDef, table: AuditedTable, hooks: CrudHooks = {}): CrudHandle {
  const db = s.database.db;
  const spec = listSpecOf(def, table);
  const rules = formRules(def);
  const code = (a: string) => `${def.page}_${a}`;
  const live = eq(table.isDeleted, 0);
  const tag = def.name;
  const skip = new Set(hooks.skip ?? []);
  const tree = def.tree;
  const parentCol = tree ? table[tree.parentKey]! : undefined;

  const baseWhere = (u: AuthUser, q?: Record<string, unknown>) =>
    and(live, def.tenantScoped ? tenantCondition(table.tenantId!, u, q) : undefined);
  const vos = async (rows: Row[], req: FastifyRequest) => {
    const out = rows.map((r) => toVO(def, r));
    return hooks.decorate ? hooks.decorate(out, req) : out;
  };
  /** Data scope of the caller on this resource (rules defined with resource_code = the page code). */
  const dataScope = (req: FastifyRequest) =>
    s.scopes.dataCondition(req.user!, def.page, (col, ids) => {
      const column = col === 'create_user' ? table.createUser : col === 'create_dept' ? table.createDept : table.deptId;
      return column ? inArray(column, ids) : undefined;
    });
  const readAccess = { permission: def.actions.includes('view') ? [def.page, code('view')] : [def.page] };

  const list = async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    const where = and(baseWhere(req.user!, q), await dataScope(req), await hooks.listScope?.(req), ...parseFilters(q, spec));
    if (tree) {
      // Tree entities: the whole (filtered) forest, unpaged (Blade).
      const rows = (await db.select().from(table).where(where).orderBy(...parseSort(q, spec)).limit(5000)) as Row[];
      const nodes = (await vos(rows, req)) as (Row & { id: string; parentId: string })[];
      for (const n of nodes) n.parentId = String(n[tree.parentKey] ?? '0');
      return ok(req, buildTree(nodes));
    }
    const paging = parsePaging(q, s.config.maxPageSize);
    const { rows, total } = await pagedSelect<Row>(
      (totalCol) =>
        db
          .select({ ...getTableColumns(table), __total: totalCol })
          .from(table)
          .where(where)
          .orderBy(...parseSort(q, spec))
          .limit(paging.size)
          .offset(paging.offset) as never,
      async () => Number((await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0),
      paging,
    );
    return ok(req, page(await vos(rows, req), total, paging.current, paging.size));
  };

  const registerRoutes = (app: FastifyInstance) => {
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

    if (tree && parentCol && !skip.has('tree')) {
      app.get(
        `${def.api}/tree`,
        { config: { access: { login: true } }, schema: { tags: [tag], summary: `${def.name} tree nodes {id, parentId, title, key, value, children}` } },
        async (req) => {
          const rows = (await db
            .select()
            .from(table)
            .where(and(baseWhere(req.user!, req.query as Record<string, unknown>), await hooks.listScope?.(req)))
            .orderBy(...(spec.defaultSort ?? []))
            .limit(5000)) as Row[];
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
          const rows = (await db
            .select()
            .from(table)
            .where(and(baseWhere(req.user!, req.query as Record<string, unknown>), await hooks.listScope?.(req)))
            .orderBy(...(spec.defaultSort ?? []))
            .limit(1000)) as Row[];
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

    if (!skip.has('submit')) {
      app.post(
        `${def.api}/submit`,
        {
          config: { access: { permission: [code('add'), code('edit')] } },
          schema: {
            tags: [tag],
            summary: `Insert (no id) or update (with id) a ${def.name}`,
            body: Type.Object(
              {
                id: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
                ...Object.fromEntries(def.fields.filter((f) => f.form !== false).map((f) => [f.key, Type.Optional(Type.Unknown())])),
              },
              { additionalProperties: true },
            ),
          },
        },
        async (req) => {
          const u = req.user!;
          const body = (req.body ?? {}) as Row;
          const rawId = body.id === null || body.id === undefined || body.id === '' ? undefined : String(body.id);
          const updating = rawId !== undefined;
          if (updating && !isId(rawId)) throw new BizError('recordNotFound');
          if (!(await s.permissions.has(u, [code(updating ? 'edit' : 'add')]))) throw new ForbiddenError();

          // Mass-assignment protection: only the definition's form fields are taken from the client.
          const values: Row = {};
          for (const f of def.fields) {
            if (f.form === false || (f.form === 'add' && updating) || (f.form === 'edit' && !updating)) continue;
            if (!(f.key in body)) continue;
            let v = body[f.key];
            if (Array.isArray(v)) v = v.join(',');
            if (typeof v === 'string') v = v.trim();
            if (f.numeric && v !== '' && v !== null && v !== undefined) v = Number(v);
            if (f.secret && (v === '' || v === undefined || v === null)) continue; // keep the stored secret
            values[f.key] = v === '' ? null : v;
          }
          const formValues = updating ? values : { ...Object.fromEntries(Object.keys(rules).map((k) => [k, undefined])), ...values };
          assertRules(req.lang, formValues, rules, updating);
          for (const f of def.fields) {
            if (f.numeric && typeof values[f.key] === 'number' && !Number.isFinite(values[f.key])) {
              throw new BizError('notANumber', { field: label(req.lang, f.label) });
            }
          }

          let existing: Row | undefined;
          if (updating) {
            [existing] = (await db.select().from(table).where(and(eq(table.id, rawId), baseWhere(u)))) as Row[];
            if (!existing) throw new BizError('recordNotFound');
          }
          const tenantId = def.tenantScoped ? ((existing?.tenantId as string | undefined) ?? tenantForInsert(u, body.tenantId)) : undefined;
          if (tree && parentCol) {
            const parent = values[tree.parentKey];
            if (parent === null || parent === undefined) {
              if (!updating) values[tree.parentKey] = '0';
            } else if (String(parent) !== '0') {
              if (!isId(String(parent)) || (updating && String(parent) === rawId)) throw new BizError('invalidFormat', { field: label(req.lang, def.fields.find((f) => f.key === tree.parentKey)!.label) });
              const [p] = await db.select({ id: table.id }).from(table).where(and(eq(table.id, String(parent)), baseWhere(u)));
              if (!p) throw new BizError('recordNotFound');
            }
          }
          for (const f of def.fields.filter((x) => x.unique && values[x.key] !== undefined && values[x.key] !== null)) {
            const [dup] = await db
              .select({ id: table.id })
              .from(table)
              .where(
                and(
                  live,
                  eq(table[f.key]!, values[f.key]),
                  def.tenantScoped ? eq(table.tenantId!, tenantId!) : undefined,
                  updating ? ne(table.id, rawId) : undefined,
                ),
              );
            if (dup) throw new BizError('duplicate', { field: label(req.lang, f.label) });
          }
          await hooks.beforeWrite?.(existing, values, req);

          const now = new Date();
          if (updating) {
            const res = await db
              .update(table)
              .set({ ...values, updateUser: u.userId, updateTime: now } as never)
              .where(and(eq(table.id, rawId), baseWhere(u)))
              .returning({ id: table.id });
            if (res.length === 1) await hooks.afterWrite?.(rawId, values, req, false);
            return status(req, res.length === 1);
          }
          const id = nextId();
          await db.insert(table).values({
            ...values,
            id,
            ...(def.tenantScoped ? { tenantId } : {}),
            createUser: u.userId,
            createDept: u.deptIds[0] ?? null,
            createTime: now,
            updateUser: u.userId,
            updateTime: now,
            status: 1,
            isDeleted: 0,
          } as never);
          const extra = await hooks.afterWrite?.(id, values, req, true);
          return ok(req, { ...(extra ?? {}), id });
        },
      );
    }

    if (!skip.has('remove')) {
      app.post(
        `${def.api}/remove`,
        {
          config: { access: { permission: code('delete') } },
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
            const [child] = await db
              .select({ id: table.id })
              .from(table)
              .where(and(live, inArray(parentCol, ids), notInArray(table.id, ids)))
              .limit(1);
            if (child) throw new BizError('hasChildren');
          }
          if (hooks.beforeWrite) {
            const rows = (await db.select().from(table).where(and(inArray(table.id, ids), baseWhere(req.user!)))) as Row[];
            for (const r of rows) await hooks.beforeWrite(r, {}, req);
          }
          const res = await db
            .update(table)
            .set({ isDeleted: 1, updateUser: req.user!.userId, updateTime: new Date() } as never)
            .where(and(inArray(table.id, ids), baseWhere(req.user!)))
            .returning({ id: table.id });
          if (res.length) await hooks.afterRemove?.(res.map((r) => String(r.id)), req);
          return status(req, res.length > 0);
        },
      );
    }
  };

  if (def.platformOnly) {
    app.register(async (scoped) => {
      scoped.addHook('preHandler', async (req) => {
        if (req.user && !isPlatform(req.user)) throw new ForbiddenError();
      });
      registerRoutes(scoped);
    });
  } else {
    registerRoutes(app);
  }
  const handle = { def, table, spec, baseWhere, vos, list };
  s.crud.set(def.name, handle);
  return handle;
}

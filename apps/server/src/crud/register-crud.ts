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
import { checkRules } from '@helio/contracts/validation';
import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import type { AuthUser } from '../core/access.js';
import { formatDateTime } from '../core/dates.js';
import { ok, page, status } from '../core/envelope.js';
import { BizError, ForbiddenError, ValidationError } from '../core/errors.js';
import { label, msg, type Lang } from '../core/i18n.js';
import { isId, nextId, parseIds } from '../core/ids.js';
import { num, pagedSelect, parseFilters, parsePaging, parseSort, text, time, type ListSpec } from '../core/list-query.js';
import { isPlatform, tenantCondition, tenantForInsert } from '../core/tenant.js';
import { buildTree } from '../core/tree.js';
import { violationMessages } from '../core/validate.js';

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
  /** Before a soft delete, with the live rows about to be removed (throw to refuse them all). */
  beforeRemove?: (rows: Row[], req: FastifyRequest) => Promise<void> | void;
  afterRemove?: (ids: string[], req: FastifyRequest) => Promise<void> | void;
  /** Extra list conditions (data scope, sub-lists). */
  listScope?: (req: FastifyRequest) => Promise<SQL | undefined> | SQL | undefined;
  /** Extend a row's VO (names of related rows …). */
  decorate?: (vos: Row[], req: FastifyRequest) => Promise<Row[]> | Row[];
  /** Routes to leave out because the module serves them itself. */
  skip?: readonly ('list' | 'detail' | 'submit' | 'remove' | 'select' | 'tree' | 'lazy-list' | 'lazy-tree')[];
  /** Also serve Blade's `save` (insert only, `<page>_add`) and `update` (by id only, `<page>_edit`) next to `submit`. */
  saveAndUpdate?: boolean;
  /**
   * Extra conditions of the UPDATE / soft-delete statements themselves, so a rule checked in `beforeWrite` still
   * holds when a concurrent request changed the row in between (the statement then touches nothing).
   */
  updateGuard?: (values: Row) => SQL | undefined;
  removeGuard?: () => SQL | undefined;
  /**
   * Before a batch of writes is prepared one by one (an import), with all their bodies: a chance to look up in bulk
   * what `beforeWrite` would otherwise query row by row (keep the result per request).
   */
  beforeBatch?: (bodies: Row[], req: FastifyRequest) => Promise<void> | void;
  /** Before the write routes' handlers (e.g. platform-only writes of platform reference data). */
  writePreHandler?: (req: FastifyRequest) => Promise<void> | void;
}

/** One broken rule of one field (the field key and the message in the caller's language). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Field rule violations, answered as one 400 like `ValidationError`, with the fields kept for row-level reports. */
export class FieldsError extends ValidationError {
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((p) => p.message));
  }
}

export interface PrepareOptions {
  /** Unique fields the caller has already checked against the stored rows (e.g. an import, in bulk). */
  uniqueChecked?: readonly string[];
}

/** A checked write, ready for `persist`. */
export interface PreparedWrite {
  /** Update target (absent: insert). */
  id?: string;
  existing?: Row;
  values: Row;
  tenantId?: string;
}

/** SQLSTATE of a database error (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(e: unknown): string | undefined {
  for (let x: unknown = e, i = 0; x && i < 4; x = (x as { cause?: unknown }).cause, i++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date `yyyy-MM-dd` (not 2024-02-30). */
export function isCalendarDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
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
  /** Every condition the list applies for this request (tenant, data scope, module scope, filters). */
  listWhere(req: FastifyRequest): Promise<SQL | undefined>;
  /**
   * Checks a write as `submit` does (form fields only, rules in the caller's language, unique fields, the module's
   * `beforeWrite`), without writing. `mode`: 'insert' ignores an id, 'update' needs one, 'either' decides by it.
   * Throws `FieldsError` (rules, unique fields) or `BizError`.
   */
  prepare(req: FastifyRequest, body: Row, mode: 'insert' | 'update' | 'either', opts?: PrepareOptions): Promise<PreparedWrite>;
  /** Writes a prepared row (audit columns, `afterWrite`); `exec` may be a transaction. Returns the id, or undefined when nothing was updated. */
  persist(req: FastifyRequest, w: PreparedWrite, exec?: Db): Promise<{ id: string; extra?: Row } | undefined>;
  /** Inserts prepared rows in chunks (audit columns, `afterWrite` per row); returns their ids. */
  insertMany(req: FastifyRequest, writes: readonly PreparedWrite[], exec?: Db): Promise<string[]>;
  /** The module's `beforeBatch` hook (bulk look-ups before a batch of `prepare` calls). */
  beforeBatch(req: FastifyRequest, bodies: Row[]): Promise<void>;
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

  const listWhere = async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    return and(baseWhere(req.user!, q), await dataScope(req), await hooks.listScope?.(req), ...parseFilters(q, spec));
  };

  const list = async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    const where = await listWhere(req);
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

  const writePre = hooks.writePreHandler ? { preHandler: async (req: FastifyRequest) => hooks.writePreHandler!(req) } : {};

  /** Form values of a body (mass-assignment protection: only the definition's form fields) and their rule problems. */
  const formValues = (lang: Lang, body: Row, updating: boolean): { values: Row; problems: FieldProblem[] } => {
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
    const checked = updating ? values : { ...Object.fromEntries(Object.keys(rules).map((k) => [k, undefined])), ...values };
    const violations = checkRules(checked, rules, updating);
    const messages = violationMessages(lang, violations, rules);
    const problems: FieldProblem[] = violations.map((v, i) => ({ field: v.field, message: messages[i]! }));
    const seen = new Set(problems.map((p) => p.field));
    for (const f of def.fields) {
      if (seen.has(f.key)) continue;
      const v = values[f.key];
      if (f.numeric && typeof v === 'number' && !Number.isFinite(v)) {
        problems.push({ field: f.key, message: msg(lang, 'notANumber', { field: label(lang, f.label) }) });
      } else if (f.kind === 'date' && typeof v === 'string' && !isCalendarDate(v)) {
        problems.push({ field: f.key, message: msg(lang, 'invalidFormat', { field: label(lang, f.label) }) });
      }
    }
    return { values, problems };
  };

  const prepare = async (req: FastifyRequest, body: Row, mode: 'insert' | 'update' | 'either', opts: PrepareOptions = {}): Promise<PreparedWrite> => {
    const u = req.user!;
    const rawId = mode === 'insert' || body.id === null || body.id === undefined || body.id === '' ? undefined : String(body.id);
    const updating = rawId !== undefined;
    if (mode === 'update' && !updating) throw new BizError('recordNotFound');
    if (updating && !isId(rawId)) throw new BizError('recordNotFound');

    const { values, problems } = formValues(req.lang, body, updating);
    if (problems.length) throw new FieldsError(problems);

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
    const dups: FieldProblem[] = [];
    for (const f of def.fields.filter((x) => x.unique && values[x.key] !== undefined && values[x.key] !== null && !opts.uniqueChecked?.includes(x.key))) {
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
      if (dup) dups.push({ field: f.key, message: msg(req.lang, 'duplicate', { field: label(req.lang, f.label) }) });
    }
    if (dups.length) throw new FieldsError(dups);
    await hooks.beforeWrite?.(existing, values, req);
    return { id: rawId, existing, values, tenantId };
  };

  /** A new row: the written values plus its id, tenant (tenant-owned resources) and the audit columns. */
  const newRow = (w: PreparedWrite, id: string, u: AuthUser, now: Date): Row & { id: string } => ({
    ...w.values,
    id,
    ...(def.tenantScoped ? { tenantId: w.tenantId } : {}),
    createUser: u.userId,
    createDept: u.deptIds[0] ?? null,
    createTime: now,
    updateUser: u.userId,
    updateTime: now,
    status: 1,
    isDeleted: 0,
  });

  const persist = async (req: FastifyRequest, w: PreparedWrite, exec: Db = db): Promise<{ id: string; extra?: Row } | undefined> => {
    const u = req.user!;
    const now = new Date();
    const uniqueViolation = (e: unknown) => {
      const f = def.fields.find((x) => x.unique);
      if (pgErrorCode(e) === '23505' && f) return new FieldsError([{ field: f.key, message: msg(req.lang, 'duplicate', { field: label(req.lang, f.label) }) }]);
      return e;
    };
    if (w.id !== undefined) {
      const res = await exec
        .update(table)
        .set({ ...w.values, updateUser: u.userId, updateTime: now } as never)
        .where(and(eq(table.id, w.id), baseWhere(u), hooks.updateGuard?.(w.values)))
        .returning({ id: table.id })
        .catch((e: unknown) => {
          throw uniqueViolation(e);
        });
      if (res.length !== 1) return undefined;
      await hooks.afterWrite?.(w.id, w.values, req, false);
      return { id: w.id };
    }
    const id = nextId();
    await exec
      .insert(table)
      .values(newRow(w, id, u, now) as never)
      .catch((e: unknown) => {
        throw uniqueViolation(e);
      });
    const extra = await hooks.afterWrite?.(id, w.values, req, true);
    return { id, extra: extra ?? undefined };
  };

  const insertMany = async (req: FastifyRequest, writes: readonly PreparedWrite[], exec: Db = db): Promise<string[]> => {
    const u = req.user!;
    const now = new Date();
    const rows = writes.map((w) => newRow(w, nextId(), u, now));
    const unique = def.fields.find((x) => x.unique);
    for (let i = 0; i < rows.length; i += 500) {
      await exec
        .insert(table)
        .values(rows.slice(i, i + 500) as never)
        .catch((e: unknown) => {
          if (pgErrorCode(e) === '23505' && unique) throw new FieldsError([{ field: unique.key, message: msg(req.lang, 'duplicate', { field: label(req.lang, unique.label) }) }]);
          throw e;
        });
    }
    if (hooks.afterWrite) for (const [i, r] of rows.entries()) await hooks.afterWrite(r.id, writes[i]!.values, req, true);
    return rows.map((r) => r.id);
  };

  const beforeBatch = async (req: FastifyRequest, bodies: Row[]) => {
    await hooks.beforeBatch?.(bodies, req);
  };

  /** `submit` (either), `save` (insert) and `update` (by id). */
  const write = async (req: FastifyRequest, mode: 'insert' | 'update' | 'either') => {
    const body = (req.body ?? {}) as Row;
    if (mode === 'either') {
      const updating = body.id !== null && body.id !== undefined && body.id !== '';
      if (!(await s.permissions.has(req.user!, [code(updating ? 'edit' : 'add')]))) throw new ForbiddenError();
    }
    const w = await prepare(req, body, mode);
    const done = await persist(req, w);
    if (w.id !== undefined) return status(req, done !== undefined);
    return ok(req, { ...(done?.extra ?? {}), id: done!.id });
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
          ...writePre,
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
        (req) => write(req, 'either'),
      );
    }

    if (hooks.saveAndUpdate) {
      const body = Type.Object(
        {
          id: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
          ...Object.fromEntries(def.fields.filter((f) => f.form !== false).map((f) => [f.key, Type.Optional(Type.Unknown())])),
        },
        { additionalProperties: true },
      );
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
            const [child] = await db
              .select({ id: table.id })
              .from(table)
              .where(and(live, inArray(parentCol, ids), notInArray(table.id, ids)))
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
  const handle = { def, table, spec, baseWhere, vos, list, listWhere, prepare, persist, insertMany, beforeBatch };
  s.crud.set(def.name, handle);
  return handle;
}

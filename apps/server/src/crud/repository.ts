/**
 * The CRUD engine's repository half: a resource's reads and checked writes, with no HTTP in it. Jobs, device
 * replies and stage transitions call it with an actor (`ctx.crud.get(name).repo`); the Blade routes (routes.ts)
 * translate HTTP to it and back.
 *
 * Reads: tenant scoping, the caller's data scope, the module's `listScope`, allow-listed filters and sorts, Blade
 * paging, VOs (`decorate`). Writes: one `ctx.tx` per save or remove holds the existence, unique and version checks,
 * the module's hooks and the statements together — a hook that throws leaves nothing written; what must follow the
 * commit (caches, events) goes through `call.afterCommit`. Permissions are the caller's business (the routes check
 * the page and button codes before they call in).
 */
import { and, eq, getTableColumns, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import type { Actor, ModuleContext } from '../kernel/types.js';
import { page as pageOf, type Page } from '../core/envelope.js';
import { BizError } from '../core/errors.js';
import { isId, parseIds } from '../core/ids.js';
import { parseFilters, parsePaging, parseSort, type ListSpec } from '../core/list-query.js';
import { tenantCondition } from '../core/tenant.js';
import { buildTree, type TreeNode } from '../core/tree.js';
import { selectPage } from './reads.js';
import { dictNamer } from './dict-names.js';
import { listSpecOf, toVO, withMaskedSecrets } from './resource-shape.js';
import type { AuditedTable, CrudOptions, CrudRepositoryHooks, PreparedWrite, PrepareOptions, ReadCall, Row, TxCall, WriteMode } from './types.js';
import { crudWriter, type Saved } from './write.js';

export type { Saved } from './write.js';

export interface SaveOptions extends CrudOptions {
  /** 'insert' ignores an id, 'update' needs one, 'either' (default) decides by it, as `submit` does. */
  mode?: WriteMode;
}

type Query = Record<string, unknown>;
/** A title node of a tree entity (`tree`, `lazy-tree`). */
export interface TitleNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
}

export interface CrudRepository {
  readonly def: ResourceDef;
  readonly table: AuditedTable;
  readonly spec: ListSpec;
  /** Conditions every read applies: live rows of the actor's tenant (a platform actor: `q.tenantId`, else all). */
  baseWhere(actor: Actor, q?: Query): SQL | undefined;
  /** Every condition of a list: tenant, data scope, the module's scope, the query's allow-listed filters. */
  listWhere(actor: Actor, q: Query, o?: CrudOptions): Promise<SQL | undefined>;
  /** What `GET list` answers: a page, or the whole (filtered) forest of a tree entity (at most 5,000 rows). */
  list(actor: Actor, q: Query, o?: CrudOptions): Promise<Page<Row> | TreeNode<Row>[]>;
  /** A page (`current`, `size`, `ascs`, `descs` and filters in `q`), also of a tree entity. */
  page(actor: Actor, q: Query, o?: CrudOptions): Promise<Page<Row>>;
  /** Tree entities: one level (`q.parentId`, default 0) with `hasChildren`, filtered and sorted like the list. */
  lazyList(actor: Actor, q: Query, o?: CrudOptions): Promise<Row[]>;
  /** Tree entities: one level of title nodes (data-scoped). */
  lazyTree(actor: Actor, q: Query): Promise<TitleNode[]>;
  /** Tree entities: every title node as a forest. */
  tree(actor: Actor, q: Query): Promise<TreeNode<TitleNode>[]>;
  /** Unpaged rows for drop-downs (at most 1,000). */
  select(actor: Actor, q: Query, o?: CrudOptions): Promise<Row[]>;
  /** One row by id (secrets masked); `recordNotFound` when it is not the actor's to see. */
  detail(actor: Actor, id: unknown, o?: CrudOptions): Promise<Row>;
  vos(actor: Actor, rows: Row[], o?: CrudOptions): Promise<Row[]>;
  /** Insert or update, checked and written in one transaction; undefined when an update touched nothing. */
  save(actor: Actor, body: Row, o?: SaveOptions): Promise<Saved | undefined>;
  /** Soft-deletes the actor's rows among `ids` in one transaction; answers the ids removed (`idsRequired` on none). */
  remove(actor: Actor, ids: readonly unknown[], o?: CrudOptions): Promise<string[]>;
  /** One transaction for several writes (an import): `beforeBatch`, `prepare`, `persist` and `insertMany` in it. */
  transaction<T>(actor: Actor, o: CrudOptions, fn: (call: TxCall) => Promise<T>): Promise<T>;
  beforeBatch(call: TxCall, bodies: Row[]): Promise<void>;
  prepare(call: TxCall, body: Row, mode: WriteMode, opts?: PrepareOptions): Promise<PreparedWrite>;
  persist(call: TxCall, w: PreparedWrite): Promise<Saved | undefined>;
  insertMany(call: TxCall, writes: readonly PreparedWrite[]): Promise<string[]>;
}

export function createCrudRepository(ctx: ModuleContext, def: ResourceDef, table: AuditedTable, hooks: CrudRepositoryHooks = {}): CrudRepository {
  const db = ctx.db;
  const spec = listSpecOf(def, table);
  const live = eq(table.isDeleted, 0);
  const tree = def.tree;
  const parentCol = tree ? table[tree.parentKey] : undefined;
  const readCall = (actor: Actor, o?: CrudOptions): ReadCall => ({ ctx, actor, lang: o?.lang ?? 'zh-CN', db });
  const treeOnly = (what: string) => {
    if (!tree || !parentCol) throw new Error(`resource ${def.name}: ${what} is for tree entities`);
    return { tree, parentCol };
  };

  const baseWhere = (u: Actor, q?: Query) => and(live, def.tenantScoped ? tenantCondition(table.tenantId!, u, q) : undefined);
  const names = dictNamer(db, def);
  const vos = async (call: ReadCall, rows: Row[]) => {
    const out = await names(rows.map((r) => toVO(def, r)), call.lang, call.actor.tenantId);
    return hooks.decorate ? hooks.decorate(call, out) : out;
  };
  /** Data scope of the actor on this resource (rules defined with resource_code = the page code). */
  const dataScope = (u: Actor) =>
    ctx.access.dataCondition(u, def.page, (col, ids) => {
      const column = col === 'create_user' ? table.createUser : col === 'create_dept' ? table.createDept : table.deptId;
      return column ? inArray(column, ids) : undefined;
    });
  const listWhere = async (call: ReadCall, q: Query) =>
    and(baseWhere(call.actor, q), await dataScope(call.actor), await hooks.listScope?.(call), ...parseFilters(q, spec));
  const page = async (call: ReadCall, where: SQL | undefined, q: Query) => {
    const paging = parsePaging(q, ctx.config.maxPageSize);
    const { rows, total } = await selectPage(db, table, getTableColumns(table), where, q, spec, paging);
    return pageOf(await vos(call, rows), total, paging.current, paging.size);
  };
  /** Rows with at least one live child, among `ids`. */
  const withChildren = async (col: NonNullable<typeof parentCol>, ids: string[]) =>
    ids.length ? new Set((await db.selectDistinct({ p: col }).from(table).where(and(live, inArray(col, ids)))).map((r) => String(r.p))) : new Set<string>();
  /** Every live row the actor may see (tenant, query's tenant filter, module scope), default order: trees, drop-downs. */
  const scopedRows = async (call: ReadCall, q: Query, limit: number) =>
    (await db
      .select()
      .from(table)
      .where(and(baseWhere(call.actor, q), await hooks.listScope?.(call)))
      .orderBy(...(spec.defaultSort ?? []))
      .limit(limit)) as Row[];
  const parentOf = (q: Query) => (typeof q.parentId === 'string' && isId(q.parentId) ? q.parentId : '0');

  const writer = crudWriter({ def, table, hooks, baseWhere });
  const transaction = <T>(actor: Actor, o: CrudOptions, fn: (call: TxCall) => Promise<T>) =>
    ctx.tx((tx, h) => fn({ ctx, actor, lang: o.lang ?? 'zh-CN', db: tx, afterCommit: h.afterCommit, batch: new Map() }));

  return {
    def,
    table,
    spec,
    baseWhere,
    listWhere: (actor, q, o) => listWhere(readCall(actor, o), q),

    async list(actor, q, o) {
      const call = readCall(actor, o);
      const where = await listWhere(call, q);
      if (!tree) return page(call, where, q);
      // Tree entities: the whole (filtered) forest, unpaged (Blade).
      const rows = (await db.select().from(table).where(where).orderBy(...parseSort(q, spec)).limit(5000)) as Row[];
      const nodes = (await vos(call, rows)) as (Row & { id: string; parentId: string })[];
      for (const n of nodes) n.parentId = String(n[tree.parentKey] ?? '0');
      return buildTree(nodes);
    },

    async page(actor, q, o) {
      const call = readCall(actor, o);
      return page(call, await listWhere(call, q), q);
    },

    async lazyList(actor, query, o) {
      const { parentCol: col } = treeOnly('lazyList');
      const call = readCall(actor, o);
      const q = { ...query };
      const parentId = parentOf(q);
      delete q.parentId;
      const where = and(baseWhere(actor, q), await hooks.listScope?.(call), eq(col, parentId), ...parseFilters(q, spec));
      const rows = (await db.select().from(table).where(where).orderBy(...parseSort(q, spec)).limit(2000)) as Row[];
      const kids = await withChildren(col, rows.map((r) => String(r.id)));
      const out = await vos(call, rows);
      return out.map((v) => ({ ...v, hasChildren: kids.has(String(v.id)) }));
    },

    async lazyTree(actor, q) {
      const { tree: t, parentCol: col } = treeOnly('lazyTree');
      const call = readCall(actor);
      const parentId = parentOf(q);
      const rows = (await db
        .select()
        .from(table)
        .where(and(baseWhere(actor, q), await dataScope(actor), await hooks.listScope?.(call), eq(col, parentId)))
        .orderBy(...(spec.defaultSort ?? []))
        .limit(2000)) as Row[];
      const kids = await withChildren(col, rows.map((r) => String(r.id)));
      return rows.map((r) => {
        const id = String(r.id);
        return { id, parentId, title: String(r[t.titleKey] ?? ''), key: id, value: id, hasChildren: kids.has(id) };
      });
    },

    async tree(actor, q) {
      const { tree: t } = treeOnly('tree');
      const rows = await scopedRows(readCall(actor), q, 5000);
      const nodes = rows.map((r) => {
        const id = String(r.id);
        return { id, parentId: String(r[t.parentKey] ?? '0'), title: String(r[t.titleKey] ?? ''), key: id, value: id };
      });
      return buildTree(nodes);
    },

    async select(actor, q, o) {
      const call = readCall(actor, o);
      return vos(call, await scopedRows(call, q, 1000));
    },

    async detail(actor, id, o) {
      const [row] = isId(id) ? await db.select().from(table).where(and(eq(table.id, id), baseWhere(actor))) : [];
      if (!row) throw new BizError('recordNotFound');
      return withMaskedSecrets(def, row as Row, (await vos(readCall(actor, o), [row as Row]))[0]!);
    },

    vos: (actor, rows, o) => vos(readCall(actor, o), rows),

    save: (actor, body, o = {}) =>
      transaction(actor, o, async (call) => writer.persist(call, await writer.prepare(call, body, o.mode ?? 'either'))),

    remove(actor, rawIds, o = {}) {
      const ids = parseIds([...rawIds]);
      if (ids.length === 0) return Promise.reject(new BizError('idsRequired'));
      return transaction(actor, o, async (txCall) => {
        const call = writer.as(txCall, 'remove');
        const x = call.db;
        if (tree && parentCol) {
          // Children within the actor's tenant only: another tenant's parent must answer like a missing id.
          const [child] = await x
            .select({ id: table.id })
            .from(table)
            .where(and(baseWhere(actor), inArray(parentCol, ids), notInArray(table.id, ids)))
            .limit(1);
          if (child) throw new BizError('hasChildren');
        }
        if (hooks.beforeWrite || hooks.beforeRemove) {
          const rows = (await x.select().from(table).where(and(inArray(table.id, ids), baseWhere(actor)))) as Row[];
          await hooks.beforeRemove?.(call, rows);
          if (hooks.beforeWrite) for (const r of rows) await hooks.beforeWrite(call, r, {});
        }
        const res = await x
          .update(table)
          .set({ isDeleted: 1, updateUser: actor.userId, updateTime: new Date() } as never)
          .where(and(inArray(table.id, ids), baseWhere(actor), hooks.removeGuard?.()))
          .returning({ id: table.id });
        const removed = res.map((r) => String(r.id));
        if (removed.length) await hooks.afterRemove?.(call, removed);
        return removed;
      });
    },

    transaction,
    beforeBatch: async (call, bodies) => {
      await hooks.beforeBatch?.(call, bodies);
    },
    prepare: writer.prepare,
    persist: writer.persist,
    insertMany: writer.insertMany,
  };
}

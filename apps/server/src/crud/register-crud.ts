/**
 * The generic CRUD engine: from a resource definition (contracts) and its Drizzle table it registers the Blade
 * routes — `list` (+ `page`; a whole tree for tree entities), `detail`, `submit` (insert without id, update with
 * id), `remove?ids=`, and where declared `select`, `tree` and `lazy-list` — with permissions, tenant scoping,
 * allow-listed filters and sorts, shared validation, unique checks backed by unique indexes, optimistic locking
 * (`version`), soft delete and audit columns set here, never by the client. Module-specific rules plug in through
 * hooks. This file wires the reads; writes are in write.ts, routes in routes.ts, types in types.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import type { ModuleContext } from '../kernel/types.js';
import type { AuthUser } from '../core/access.js';
import { ok, page } from '../core/envelope.js';
import { ForbiddenError } from '../core/errors.js';
import { pagedSelect, parseFilters, parsePaging, parseSort } from '../core/list-query.js';
import { isPlatform, tenantCondition } from '../core/tenant.js';
import { buildTree } from '../core/tree.js';
import { listSpecOf, toVO } from './resource-shape.js';
import { registerCrudRoutes } from './routes.js';
import type { AuditedTable, CrudHandle, CrudHooks, Row } from './types.js';
import { crudWriter } from './write.js';

export { idsFrom, listSpecOf, toVO } from './resource-shape.js';
export {
  FieldsError,
  isCalendarDate,
  pgErrorCode,
  type AuditedTable,
  type CrudHandle,
  type CrudHooks,
  type FieldProblem,
  type PreparedWrite,
  type PrepareOptions,
  type Row,
} from './types.js';

export function registerCrud(app: FastifyInstance, s: ModuleContext, def: ResourceDef, table: AuditedTable, hooks: CrudHooks = {}): CrudHandle {
  const db = s.database.db;
  const spec = listSpecOf(def, table);
  const live = eq(table.isDeleted, 0);
  const tree = def.tree;

  const baseWhere = (u: AuthUser, q?: Record<string, unknown>) =>
    and(live, def.tenantScoped ? tenantCondition(table.tenantId!, u, q) : undefined);
  const vos = async (rows: Row[], req: FastifyRequest) => {
    const out = rows.map((r) => toVO(def, r));
    return hooks.decorate ? hooks.decorate(out, req) : out;
  };
  /** Data scope of the caller on this resource (rules defined with resource_code = the page code). */
  const dataScope = (req: FastifyRequest) =>
    s.access.dataCondition(req.user!, def.page, (col, ids) => {
      const column = col === 'create_user' ? table.createUser : col === 'create_dept' ? table.createDept : table.deptId;
      return column ? inArray(column, ids) : undefined;
    });

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

  const { prepare, persist, insertMany, write } = crudWriter({ s, def, table, hooks, baseWhere });
  const beforeBatch = async (req: FastifyRequest, bodies: Row[]) => {
    await hooks.beforeBatch?.(bodies, req);
  };
  const registerRoutes = (app: FastifyInstance) =>
    registerCrudRoutes(app, { s, def, table, hooks, spec, baseWhere, vos, list, dataScope, write });

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
  const handle: CrudHandle = { def, table, spec, baseWhere, vos, list, listWhere, prepare, persist, insertMany, beforeBatch };
  s.crud.set(def.name, handle);
  return handle;
}

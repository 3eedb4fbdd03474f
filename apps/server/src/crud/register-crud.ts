/**
 * The generic CRUD engine: from a resource definition (contracts) and its Drizzle table, a repository (reads and
 * checked writes without HTTP: repository.ts, write.ts) and the Blade routes over it (routes.ts) — permissions,
 * tenant scoping, allow-listed filters and sorts, shared validation, unique checks backed by unique indexes,
 * optimistic locking (`version`), soft delete and audit columns set here, never by the client. Module rules plug in
 * through hooks (types.ts), which run inside the write's transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import type { Actor, ModuleContext } from '../kernel/types.js';
import { ok } from '../core/envelope.js';
import { ForbiddenError } from '../core/errors.js';
import { isPlatform } from '../core/tenant.js';
import { createCrudRepository } from './repository.js';
import { registerCrudRoutes } from './routes.js';
import type { SQL } from 'drizzle-orm';
import type { ListSpec } from '../core/list-query.js';
import type { CrudRepository } from './repository.js';
import type { AuditedTable, CrudHooks, Row } from './types.js';

export { listSpecOf, toVO } from './resource-shape.js';
export { idsFrom } from './routes.js';
export { createCrudRepository, type CrudRepository, type SaveOptions, type Saved } from './repository.js';
export {
  FieldsError,
  isCalendarDate,
  pgErrorCode,
  type AuditedTable,
  type CrudHooks,
  type CrudOptions,
  type CrudRepositoryHooks,
  type CrudRouteOptions,
  type FieldProblem,
  type PreparedWrite,
  type PrepareOptions,
  type ReadCall,
  type Row,
  type TxCall,
  type WriteCall,
  type WriteMode,
} from './types.js';

export function registerCrud(app: FastifyInstance, s: ModuleContext, def: ResourceDef, table: AuditedTable, hooks: CrudHooks = {}): CrudHandle {
  const { skip, saveAndUpdate, writePreHandler, ...repoHooks } = hooks;
  const repo = createCrudRepository(s, def, table, repoHooks);
  const routes = { skip, saveAndUpdate, writePreHandler };

  if (def.platformOnly) {
    app.register(async (scoped) => {
      scoped.addHook('preHandler', async (req) => {
        if (req.user && !isPlatform(req.user)) throw new ForbiddenError();
      });
      registerCrudRoutes(scoped, s, repo, routes);
    });
  } else {
    registerCrudRoutes(app, s, repo, routes);
  }
  const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
  const handle: CrudHandle = {
    def,
    table,
    spec: repo.spec,
    repo,
    baseWhere: repo.baseWhere,
    vos: (rows, req) => repo.vos(req.user!, rows, { lang: req.lang }),
    list: async (req) => ok(req, await repo.list(req.user!, query(req), { lang: req.lang })),
    listWhere: (req) => repo.listWhere(req.user!, query(req), { lang: req.lang }),
  };
  s.crud.set(def.name, handle);
  return handle;
}

/** What `registerCrud` gives back: the repository, and request-shaped helpers for modules that serve a route themselves. */
declare module '../kernel/types.js' {
  interface EngineHandles {
    crud: CrudHandle;
  }
}

export interface CrudHandle {
  def: ResourceDef;
  table: AuditedTable;
  spec: ListSpec;
  /** The reads and writes without HTTP (jobs, device replies, stage transitions). */
  repo: CrudRepository;
  /** Conditions every read applies: live rows of the caller's tenant. */
  baseWhere(u: Actor, q?: Record<string, unknown>): SQL | undefined;
  vos(rows: Row[], req: FastifyRequest): Promise<Row[]>;
  /** The engine's list answer (also when the module serves `list` itself and delegates). */
  list(req: FastifyRequest): Promise<unknown>;
  /** Every condition the list applies for this request (tenant, data scope, module scope, filters). */
  listWhere(req: FastifyRequest): Promise<SQL | undefined>;
}

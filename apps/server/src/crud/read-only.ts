/**
 * The engine's read-only form: `list` (+ `page`) and `detail` for read-mostly resources whose writes are the
 * module's own (attachments, reports, logs, the SMS outbox) — the same definition-driven allow-listed filters and
 * sorts, paging, list query and VO shape as the CRUD engine (reads.ts, resource-shape.ts), under a scope the module
 * supplies instead of the engine's tenant/data-scope rules, and with columns it may hide.
 *
 * Two halves, like the CRUD engine: `readOnlyRepository` (reads for an actor, no HTTP: jobs and services use it
 * too) and `registerReadRoutes` (the Blade routes, translating HTTP ↔ the repository).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import type { Actor, ModuleContext } from '../kernel/types.js';
import type { Access } from '../core/access.js';
import { ok, page, type Page } from '../core/envelope.js';
import { BizError } from '../core/errors.js';
import { isId } from '../core/ids.js';
import { parseFilters, parsePaging } from '../core/list-query.js';
import { listQuerySchema, selectPage } from './reads.js';
import { listSpecOf, toVO } from './resource-shape.js';
import type { Row } from './types.js';

export type ReadTable = PgTable & Record<string, PgColumn> & { id: PgColumn; createTime: PgColumn };

export interface ReadOnlyOptions {
  def: ResourceDef;
  table: ReadTable;
  /** Conditions every query gets for this actor (tenant, soft delete, …); `q` is the list query. */
  scope(actor: Actor, q?: Record<string, unknown>): (SQL | undefined)[];
  /** Columns left out of list rows (the detail keeps them). */
  omitInList?: readonly string[];
  /** Columns never returned at all (nor read: large or secret ones). */
  hidden?: readonly string[];
}

export interface ReadRoutesOptions extends ReadOnlyOptions {
  access: Access;
  tag: string;
}

export interface ReadOnlyRepository {
  /** One page of VOs under the actor's scope, filtered and sorted by the definition's allow-lists. */
  page(actor: Actor, q: Record<string, unknown>): Promise<Page<Row>>;
  /** One VO by id under the actor's scope; `recordNotFound` when absent or out of scope. */
  detail(actor: Actor, id: string): Promise<Row>;
}

export function readOnlyRepository(ctx: ModuleContext, o: ReadOnlyOptions): ReadOnlyRepository {
  const db = ctx.database.db;
  const { def, table } = o;
  const spec = listSpecOf(def, table as never);
  const columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([k]) => !o.hidden?.includes(k)));
  const vo = (r: Row, omit: readonly string[] = []) => {
    const out = toVO(def, r);
    for (const k of [...omit, ...(o.hidden ?? [])]) delete out[k];
    return out;
  };
  return {
    async page(actor, q) {
      const paging = parsePaging(q, ctx.config.maxPageSize);
      const where = and(...o.scope(actor, q), ...parseFilters(q, spec));
      const { rows, total } = await selectPage(db, table, columns, where, q, spec, paging);
      return page(rows.map((r) => vo(r, o.omitInList)), total, paging.current, paging.size);
    },
    async detail(actor, id) {
      const [row] = isId(id) ? await db.select(columns).from(table).where(and(eq(table.id, id), ...o.scope(actor))) : [];
      if (!row) throw new BizError('recordNotFound');
      return vo(row as Row);
    },
  };
}

export function registerReadRoutes(app: FastifyInstance, ctx: ModuleContext, o: ReadRoutesOptions): ReadOnlyRepository {
  const repo = readOnlyRepository(ctx, o);
  const { def } = o;
  const querystring = listQuerySchema(listSpecOf(def, o.table as never));
  for (const verb of ['list', 'page']) {
    app.get(
      `${def.api}/${verb}`,
      { config: { access: o.access }, schema: { tags: [o.tag], summary: `${def.title.en}, paged`, querystring } },
      async (req) => ok(req, await repo.page(req.user!, req.query as Record<string, unknown>)),
    );
  }
  app.get(
    `${def.api}/detail`,
    {
      config: { access: o.access },
      schema: { tags: [o.tag], summary: `One ${def.name} by id`, querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) },
    },
    async (req) => ok(req, await repo.detail(req.user!, (req.query as { id: string }).id)),
  );
  return repo;
}

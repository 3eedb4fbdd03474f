/**
 * The engine's read-only form: `list` (+ `page`) and `detail` for read-mostly resources whose writes are the
 * module's own (attachments, reports, logs, the SMS outbox) — the same definition-driven allow-listed filters and
 * sorts, paging, list query and VO shape as the CRUD engine (reads.ts, resource-shape.ts), under a scope the module
 * supplies instead of the engine's tenant/data-scope rules, and with columns it may hide.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import type { ModuleContext } from '../kernel/types.js';
import type { Access } from '../core/access.js';
import { ok, page } from '../core/envelope.js';
import { BizError } from '../core/errors.js';
import { isId } from '../core/ids.js';
import { parseFilters, parsePaging } from '../core/list-query.js';
import { listQuerySchema, selectPage } from './reads.js';
import { listSpecOf, toVO } from './resource-shape.js';
import type { Row } from './types.js';

export type ReadTable = PgTable & Record<string, PgColumn> & { id: PgColumn; createTime: PgColumn };

export interface ReadRoutesOptions {
  def: ResourceDef;
  table: ReadTable;
  access: Access;
  /** Conditions every query gets (tenant, soft delete, …); `q` is the list query. */
  scope(req: FastifyRequest, q?: Record<string, unknown>): (SQL | undefined)[];
  /** Columns left out of list rows (the detail keeps them). */
  omitInList?: readonly string[];
  /** Columns never returned at all (nor read: large or secret ones). */
  hidden?: readonly string[];
  tag: string;
}

export function registerReadRoutes(app: FastifyInstance, s: ModuleContext, o: ReadRoutesOptions): void {
  const db = s.database.db;
  const { def, table } = o;
  const spec = listSpecOf(def, table as never);
  const columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([k]) => !o.hidden?.includes(k)));
  const vo = (r: Row, omit: readonly string[] = []) => {
    const out = toVO(def, r);
    for (const k of [...omit, ...(o.hidden ?? [])]) delete out[k];
    return out;
  };
  const list = async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    const paging = parsePaging(q, s.config.maxPageSize);
    const where = and(...o.scope(req, q), ...parseFilters(q, spec));
    const { rows, total } = await selectPage(db, table, columns, where, q, spec, paging);
    return ok(req, page(rows.map((r) => vo(r, o.omitInList)), total, paging.current, paging.size));
  };
  const querystring = listQuerySchema(spec);
  for (const verb of ['list', 'page']) {
    app.get(`${def.api}/${verb}`, { config: { access: o.access }, schema: { tags: [o.tag], summary: `${def.title.en}, paged`, querystring } }, list);
  }
  app.get(
    `${def.api}/detail`,
    {
      config: { access: o.access },
      schema: { tags: [o.tag], summary: `One ${def.name} by id`, querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) },
    },
    async (req) => {
      const { id } = req.query as { id: string };
      const [row] = isId(id) ? await db.select(columns).from(table).where(and(eq(table.id, id), ...o.scope(req))) : [];
      if (!row) throw new BizError('recordNotFound');
      return ok(req, vo(row as Row));
    },
  );
}

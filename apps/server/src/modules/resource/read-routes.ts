/**
 * `list` (+ `page`) and `detail` for read-mostly resources served by hand (attachments, reports, logs): the same
 * allow-listed filters, sorts, paging and VO shape as the CRUD engine, with a caller-supplied scope.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import type { ModuleContext } from '../../kernel/types.js';
import type { Access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import { pagedSelect, parseFilters, parsePaging, parseSort } from '../../core/list-query.js';
import { listSpecOf, toVO } from '../../crud/register-crud.js';

type Row = Record<string, unknown>;
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
    const { rows, total } = await pagedSelect<Row>(
      (totalCol) =>
        db
          .select({ ...columns, __total: totalCol })
          .from(table)
          .where(where)
          .orderBy(...parseSort(q, spec))
          .limit(paging.size)
          .offset(paging.offset) as never,
      async () => Number((await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0),
      paging,
    );
    return ok(req, page(rows.map((r) => vo(r, o.omitInList)), total, paging.current, paging.size));
  };
  const querystring = Type.Object(
    {
      current: Type.Optional(Type.Integer({ minimum: 1 })),
      size: Type.Optional(Type.Integer({ minimum: 1 })),
      ascs: Type.Optional(Type.String()),
      descs: Type.Optional(Type.String()),
      ...Object.fromEntries(Object.keys(spec.filters).map((k) => [k, Type.Optional(Type.String())])),
    },
    { additionalProperties: true },
  );
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

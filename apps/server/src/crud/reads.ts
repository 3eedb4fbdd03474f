/**
 * The list query every engine read shares (the CRUD engine and the read-only one): a page of rows with its total
 * under allow-listed sorts and Blade paging, and the querystring schema of a list.
 */
import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import { pagedSelect, parseSort, type ListSpec, type Paging } from '../core/list-query.js';
import type { Db } from '../db/client.js';
import type { Row } from './types.js';

/**
 * One page of `table` under `where` (already built: scope and filters), in the query's allow-listed order. The
 * caller parses the paging (`parsePaging`) where its list always has: the first bad parameter is the one reported.
 */
export async function selectPage(
  db: Db,
  table: PgTable,
  columns: Record<string, PgColumn>,
  where: SQL | undefined,
  q: Record<string, unknown>,
  spec: ListSpec,
  paging: Paging,
): Promise<{ rows: Row[]; total: number }> {
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
  return { rows, total };
}

/** Querystring of a list: paging, sorts and the allow-listed filters (others still reach the allow-list: a 400). */
export function listQuerySchema(spec: ListSpec) {
  return Type.Object(
    {
      current: Type.Optional(Type.Integer({ minimum: 1 })),
      size: Type.Optional(Type.Integer({ minimum: 1 })),
      ascs: Type.Optional(Type.String()),
      descs: Type.Optional(Type.String()),
      ...Object.fromEntries(Object.keys(spec.filters).map((k) => [k, Type.Optional(Type.String())])),
    },
    { additionalProperties: true },
  );
}

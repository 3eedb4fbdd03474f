/**
 * Many rows of one table in one INSERT, below Drizzle's query builder: the rows travel as a single JSON parameter
 * that `json_populate_recordset` turns back into rows of the table's own type (each value through its column's input
 * function, as a bound parameter would be). Drizzle builds a multi-row VALUES list value by value, which costs
 * seconds for the demo fleet's few thousand rows on a loaded machine; this costs a JSON.stringify.
 *
 * Rows use the table's property names (camelCase, as Drizzle's `$inferInsert`). Every row must carry the same keys
 * (null where there is no value): the columns inserted are those of the first row, and the others take their SQL
 * defaults (as with Drizzle, which sends DEFAULT for a missing key). Values: strings, numbers, booleans, null, Dates (sent as ISO instants) and
 * arrays or objects (JSON columns, arrays).
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';

export async function bulkInsert<T extends PgTable>(db: Pick<Db, 'execute'>, table: T, rows: readonly T['$inferInsert'][], tail: SQL = sql``): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0]!).filter((k) => rows[0]![k as keyof (typeof rows)[0]] !== undefined);
  for (const k of keys) if (!columns[k]) throw new Error(`bulkInsert: ${getTableName(table)} has no column ${k}`);
  const names = sql.raw(keys.map((k) => `"${columns[k]!.name}"`).join(', '));
  const json = JSON.stringify(
    rows.map((r) => {
      const o: Record<string, unknown> = {};
      for (const k of keys) {
        const v = (r as Record<string, unknown>)[k];
        if (v === undefined) throw new Error(`bulkInsert: a row of ${getTableName(table)} has no ${k}`);
        o[columns[k]!.name] = v instanceof Date ? v.toISOString() : v;
      }
      return o;
    }),
  );
  const type = sql.raw(`"${getTableName(table)}"`);
  await db.execute(sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${type}, ${json}::json) ${tail}`);
}

/**
 * What SpringBlade's clients (the stock Saber) post to blade-develop, made Helio's:
 * - a data source comes with a driver class and no type: the type is the JDBC URL's (or the driver class's);
 * - a code record names a data source and a table instead of a model: the live model of that data source and table
 *   is used, or one is created (its prototype then defaults from the live table, as for any model without saved
 *   rows); its Java package (`packageName`) and the directories SpringBlade writes the code to (`apiPath`,
 *   `webPath`) are stored as sent, and the generator uses Helio's defaults from the module key in their place
 *   (`codeTargets`).
 */
import { and, eq } from 'drizzle-orm';
import { IDENTIFIER_PATTERN } from '@helio/contracts/modules/model/model.resource';
import { isId, nextId } from '../../core/ids.js';
import type { Row, WriteCall } from '../../crud/register-crud.js';
import { datasource, model } from '../../db/schema-resource.js';

/** Data source types Helio serves (dictionary `datasource_category`): JDBC URL scheme and driver class. */
export const DATASOURCE_TYPES = [{ category: 1, scheme: 'postgresql', driverClass: 'org.postgresql.Driver' }] as const;

/** The type of a data source body: its JDBC URL's scheme, else its driver class; undefined when neither is known. */
export function datasourceTypeOf(body: Row): number | undefined {
  const scheme = typeof body.url === 'string' ? /^\s*jdbc:([a-z0-9]+):/i.exec(body.url)?.[1]?.toLowerCase() : undefined;
  const byUrl = scheme ? DATASOURCE_TYPES.find((t) => t.scheme === scheme) : undefined;
  if (scheme) return byUrl?.category;
  const driver = typeof body.driverClass === 'string' ? body.driverClass.trim() : '';
  return DATASOURCE_TYPES.find((t) => t.driverClass === driver)?.category;
}

/** The driver class of a type (what a detail shows). */
export function driverClassOf(category: unknown): string {
  return (DATASOURCE_TYPES.find((t) => t.category === Number(category)) ?? DATASOURCE_TYPES[0]).driverClass;
}

const PAGE_CODE = /^[a-z][a-z0-9_]{1,63}$/;
const API_PATH = /^\/api(\/[a-z0-9-]+){1,4}$/;
const WEB_PATH = /^(\/[a-z0-9-]+){1,4}$/;

/** Helio's defaults of a module key (as the web form proposes them): page code, API base, web path. */
export function codeDefaults(moduleKey: string): { packageName: string; apiPath: string; webPath: string } {
  return { packageName: moduleKey.replace(/-/g, '_'), apiPath: `/api/helio/${moduleKey}`, webPath: `/${moduleKey}` };
}

/**
 * What the generator makes of a code record: its own page code, API base and web path where the record has Helio's
 * shapes, else Helio's defaults from the module key (a SpringBlade record keeps its Java package and directories as
 * sent, for its client's edit form, but they mean nothing to Helio, which answers a zip).
 */
export function codeTargets(r: { serviceName: string | null; packageName: string | null; apiPath: string | null; webPath: string | null }) {
  const key = (r.serviceName ?? '').trim();
  const d = codeDefaults(key);
  const helio = (v: string | null, shape: RegExp, def: string) => (v && shape.test(v) ? v : def);
  return {
    pageCode: helio(r.packageName, PAGE_CODE, d.packageName),
    api: helio(r.apiPath, API_PATH, d.apiPath),
    webPath: helio(r.webPath, WEB_PATH, d.webPath),
  };
}

/**
 * The model of a SpringBlade code record: the live model of its data source and table, else a new one (named after
 * the record, coded after the table). Undefined when the data source or the table name is not usable (the record's
 * rules then report it). Runs in the write's transaction.
 */
export async function modelForTable(call: WriteCall, body: Row): Promise<string | undefined> {
  const dsId = body.datasourceId === undefined || body.datasourceId === null ? '' : String(body.datasourceId);
  const table = typeof body.tableName === 'string' ? body.tableName.trim() : '';
  if (!isId(dsId) || !new RegExp(IDENTIFIER_PATTERN).test(table)) return undefined;
  const db = call.db;
  const [ds] = await db.select({ id: datasource.id }).from(datasource).where(and(eq(datasource.id, dsId), eq(datasource.isDeleted, 0)));
  if (!ds) return undefined;
  const [found] = await db
    .select({ id: model.id })
    .from(model)
    .where(and(eq(model.datasourceId, dsId), eq(model.modelTable, table), eq(model.isDeleted, 0)))
    .limit(1);
  if (found) return found.id;
  const id = nextId();
  const [taken] = await db.select({ id: model.id }).from(model).where(and(eq(model.modelCode, table), eq(model.isDeleted, 0)));
  const name = typeof body.codeName === 'string' && body.codeName.trim() ? body.codeName.trim().slice(0, 64) : table;
  const now = new Date();
  await db.insert(model).values({
    id,
    datasourceId: dsId,
    modelName: name,
    modelCode: taken ? `${table.slice(0, 44)}_${id}` : table,
    modelTable: table,
    createUser: call.actor.userId,
    createDept: call.actor.deptIds[0] ?? null,
    createTime: now,
    updateUser: call.actor.userId,
    updateTime: now,
  });
  return id;
}

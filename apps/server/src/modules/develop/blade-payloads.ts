/**
 * What SpringBlade's clients (the stock Saber) post to blade-develop, made Helio's:
 * - a data source comes with a driver class and no type: the type is the JDBC URL's (or the driver class's);
 * - a code record names a data source and a table instead of a model: the live model of that data source and table
 *   is used, or one is created (its prototype then defaults from the live table, as for any model without saved
 *   rows); its Java package (`packageName`) and the file-system directories SpringBlade writes the code to
 *   (`apiPath`, `webPath`) mean nothing to Helio, which answers a zip: they become Helio's defaults from the module
 *   key — what Helio's own form proposes. Helio's own values (a page code, `/api/…`, a route) are kept as sent.
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

const JAVA_PACKAGE = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/;
/** A directory of a file system (SpringBlade writes generated code there): a drive, a backslash, or an absolute path. */
const isDirectory = (v: string, helio: RegExp) => /\\/.test(v) || /^[A-Za-z]:/.test(v) || (v.startsWith('/') && !helio.test(v));
const API_PATH = /^\/api(\/[a-z0-9-]+){1,4}$/;
const WEB_PATH = /^(\/[a-z0-9-]+){1,4}$/;

/** Helio's defaults of a module key (as the web form proposes them): page code, API base, web path. */
export function codeDefaults(moduleKey: string): { packageName: string; apiPath: string; webPath: string } {
  return { packageName: moduleKey.replace(/-/g, '_'), apiPath: `/api/helio/${moduleKey}`, webPath: `/${moduleKey}` };
}

/** A code record body with SpringBlade's Java package and directories replaced by Helio's defaults. */
export function acceptSpringBladeCode(body: Row): Row {
  const key = typeof body.serviceName === 'string' ? body.serviceName.trim() : '';
  const defaults = codeDefaults(key);
  const out = { ...body };
  const blade = (k: 'packageName' | 'apiPath' | 'webPath', test: (v: string) => boolean) => {
    const v = out[k];
    if (typeof v !== 'string' || !test(v.trim())) return;
    // Without a module key there is no default: the field keeps its stored value (an edit) or stays empty.
    if (key) out[k] = defaults[k];
    else delete out[k];
  };
  blade('packageName', (v) => JAVA_PACKAGE.test(v));
  blade('apiPath', (v) => isDirectory(v, API_PATH));
  blade('webPath', (v) => isDirectory(v, WEB_PATH));
  return out;
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

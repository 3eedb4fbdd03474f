/**
 * Every table of the database, classified for the sweep, and a fingerprint of one tenant's rows in all of them:
 * the sweep compares fingerprints before and after each foreign request ("nothing changed, nothing added").
 *
 * - tenant-owned: a `tenant_id` column (found in the catalogue, not listed here);
 * - CHILD_TABLES: no tenant column, but every row belongs to a row of a tenant-owned table;
 * - GLOBAL_TABLES: platform-wide data, with the reason; `watched` ones must not change at all while a tenant that is
 *   not the platform sweeps.
 * A new table that is none of these makes the classification test fail.
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helper.js';

/** table → [column, tenant-owned parent table]. */
export const CHILD_TABLES: Record<string, [string, string]> = {
  blade_role_menu: ['role_id', 'blade_role'],
  blade_role_scope: ['role_id', 'blade_role'],
  blade_top_menu_setting: ['top_menu_id', 'blade_top_menu'],
  blade_user_dept: ['user_id', 'blade_user'],
  blade_user_platform: ['user_id', 'blade_user'],
  helio_notice_read: ['notice_id', 'blade_notice'],
  helio_refresh_token: ['session_id', 'helio_session'],
  helio_device_latest: ['device_id', 'helio_device'],
  helio_energy_device_5m: ['device_id', 'helio_device'],
  helio_energy_device_hour: ['device_id', 'helio_device'],
  helio_energy_device_day: ['device_id', 'helio_device'],
  helio_energy_device_month: ['device_id', 'helio_device'],
  helio_energy_plant_5m: ['plant_id', 'helio_plant'],
  helio_energy_plant_hour: ['plant_id', 'helio_plant'],
  helio_telemetry_inverter: ['device_id', 'helio_device'],
  helio_telemetry_battery: ['device_id', 'helio_device'],
  helio_telemetry_guardian: ['device_id', 'helio_device'],
  helio_telemetry_charger: ['device_id', 'helio_device'],
  helio_ota_file_chunk: ['file_id', 'helio_ota_file'],
};

export const GLOBAL_TABLES: Record<string, { reason: string; watched: boolean }> = {
  blade_menu: { reason: 'menus and buttons: platform-wide', watched: true },
  blade_dict: { reason: 'system dictionaries: platform-wide', watched: true },
  blade_param: { reason: 'parameters: platform-wide', watched: true },
  blade_region: { reason: 'regions: platform reference data', watched: true },
  blade_client: { reason: 'OAuth clients: platform-wide', watched: true },
  blade_tenant_package: { reason: 'product packages: platform-wide', watched: true },
  blade_scope_data: { reason: 'data-scope rules: platform-wide (grants are per role: blade_role_scope)', watched: true },
  blade_scope_api: { reason: 'API-scope rules: platform-wide', watched: true },
  blade_datasource: { reason: 'code generator: platform only', watched: true },
  blade_model: { reason: 'code generator: platform only', watched: true },
  blade_model_prototype: { reason: 'code generator: platform only', watched: true },
  blade_code: { reason: 'code generator: platform only', watched: true },
  helio_inverter_factory: { reason: 'factory lists: reference data; a tenant registering its own device marks the SN used', watched: false },
  helio_battery_factory: { reason: 'factory lists (as above)', watched: false },
  helio_guardian_factory: { reason: 'factory lists (as above)', watched: false },
  helio_charger_factory: { reason: 'factory lists (as above)', watched: false },
  helio_ingest_counter: { reason: 'device-path counters (MQTT, not HTTP)', watched: false },
  helio_secret: { reason: 'deployment keys (never served)', watched: true },
  helio_seed_log: { reason: 'first-start seed steps', watched: true },
  helio_job: { reason: 'durable jobs of the kernel (not per tenant; a job names what it works on)', watched: false },
  helio_alarm_definition: { reason: 'alarm catalogue: platform reference data', watched: true },
  helio_reference_version: { reason: 'reference-data versions applied at start', watched: true },
  helio_setting_item: { reason: 'setting items: platform configuration (reference data)', watched: true },
  helio_address_map: { reason: 'protocol address map: platform configuration (reference data)', watched: true },
  helio_version_matching: { reason: 'version matching list: platform configuration', watched: true },
  helio_factory_version: { reason: 'factory versions: platform configuration', watched: true },
};

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));

export interface TableInfo {
  name: string;
  columns: Set<string>;
}

/** Every ordinary or partitioned table (partitions themselves are read through their parent). */
export async function tables(t: TestApp): Promise<TableInfo[]> {
  const r = await t.database.db.execute(sql`
    SELECT c.relname AS name, string_agg(a.attname, ',') AS cols
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname NOT LIKE '\\_\\_%'
     GROUP BY c.relname ORDER BY c.relname`);
  return rowsOf<{ name: string; cols: string }>(r).map((x) => ({ name: x.name, columns: new Set(x.cols.split(',')) }));
}

export const isTenantOwned = (t: TableInfo) => t.columns.has('tenant_id');

export interface FingerprintOptions {
  /** Leave out the rows a user may legitimately change itself: its own user row, what it created, its links. */
  except?: string;
  /** Accounts of the tenant: log rows their own requests add are left out (they are written in the background). */
  accounts?: readonly string[];
  /** Also the watched platform-wide tables (whole). */
  globals?: boolean;
}

/**
 * A fingerprint (the rows' count and an md5 of their text) of one tenant's rows in every tenant-owned and child
 * table (and, on request, of every watched platform-wide table).
 */
export async function fingerprint(t: TestApp, all: TableInfo[], tenantId: string, o: FingerprintOptions = {}): Promise<Record<string, string>> {
  const byName = new Map(all.map((x) => [x.name, x]));
  const parts: string[] = [];
  const esc = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const own = (info: TableInfo, alias: string) =>
    (o.except
      ? ['id', 'create_user', 'user_id']
          .filter((c) => info.columns.has(c))
          .map((c) => ` AND ${alias}.${c} IS DISTINCT FROM ${esc(o.except!)}`)
          .join('')
      : '') + (o.accounts?.length && info.columns.has('create_by') ? ` AND ${alias}.create_by NOT IN (${o.accounts.map(esc).join(', ')})` : '');
  for (const info of all) {
    let where: string | undefined;
    if (isTenantOwned(info)) where = `x.tenant_id = ${esc(tenantId)}${own(info, 'x')}`;
    else if (CHILD_TABLES[info.name]) {
      const [col, parent] = CHILD_TABLES[info.name]!;
      const p = byName.get(parent)!;
      where = `x.${col} IN (SELECT p.id FROM ${parent} p WHERE p.tenant_id = ${esc(tenantId)}${own(p, 'p')})${own(info, 'x')}`;
    } else if (o.globals && GLOBAL_TABLES[info.name]?.watched) where = 'true';
    if (!where) continue;
    parts.push(
      `SELECT ${esc(info.name)} AS t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS h FROM ${info.name} x WHERE ${where}`,
    );
  }
  const r = await t.database.db.execute(sql.raw(parts.join(' UNION ALL ')));
  return Object.fromEntries(rowsOf<{ t: string; h: string }>(r).map((x) => [x.t, x.h]));
}

/** The tables whose fingerprint differs. */
export function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]).sort();
}

/** Every `id` (and device SN) of a tenant's rows: what must never appear in another tenant's answers. */
export async function tenantStrings(t: TestApp, all: TableInfo[], tenantId: string): Promise<string[]> {
  const parts = all
    .filter((x) => isTenantOwned(x) && (x.columns.has('id') || x.columns.has('device_sn')))
    .flatMap((x) => [
      ...(x.columns.has('id') ? [`SELECT id::text AS v FROM ${x.name} WHERE tenant_id = '${tenantId}'`] : []),
      ...(x.columns.has('device_sn') ? [`SELECT device_sn::text AS v FROM ${x.name} WHERE tenant_id = '${tenantId}'`] : []),
    ]);
  const r = await t.database.db.execute(sql.raw(parts.join(' UNION ')));
  return rowsOf<{ v: string | null }>(r)
    .map((x) => x.v)
    .filter((v): v is string => !!v);
}

/** Tenant-owned tables in which the tenant has no row (the world must fill every one). */
export async function emptyFor(t: TestApp, all: TableInfo[], tenantId: string): Promise<string[]> {
  const parts = all.filter(isTenantOwned).map((x) => `SELECT '${x.name}' AS t, count(*) AS n FROM ${x.name} WHERE tenant_id = '${tenantId}'`);
  const r = await t.database.db.execute(sql.raw(parts.join(' UNION ALL ')));
  return rowsOf<{ t: string; n: string | number }>(r)
    .filter((x) => Number(x.n) === 0)
    .map((x) => x.t)
    .sort();
}

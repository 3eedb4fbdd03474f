/**
 * Shared look-ups of the settings module: which devices a user sees, a device's setting items (model-specific ones
 * win over the device type's), its current values (the latest settings version) and the command VO.
 */
import { sql, type SQL } from 'drizzle-orm';
import { settingsMessage, type SETTINGS_MESSAGES } from '@helio/contracts/modules/settings/settings-values';
import { formatDateTime } from '../../core/dates.js';
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isPlatform } from '../../core/tenant.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../kernel/types.js';
import { stationScope } from '../station/index.js';

export type Row = Record<string, unknown>;

export async function rowsOf<T = Row>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** A 400 in the caller's language (the settings module's own messages). */
export function fail(lang: Lang, key: keyof typeof SETTINGS_MESSAGES, params: Record<string, string | number> = {}): never {
  throw new ValidationError([settingsMessage(lang, key, params)]);
}

/** Conditions on `helio_device d` for the devices the actor may see (tenant, then station scope); none = the system. */
export function deviceVisible(actor: Actor | undefined): SQL {
  const parts: SQL[] = [sql`d.is_deleted = 0`];
  if (actor && !isPlatform(actor)) parts.push(sql`d.tenant_id = ${actor.tenantId}`);
  const station = actor ? stationScope(actor) : undefined;
  if (station) parts.push(sql`d.plant_id IN (SELECT helio_plant.id FROM helio_plant WHERE ${station})`);
  return sql.join(parts, sql` AND `);
}

/** Conditions on a tenant-owned settings table aliased `alias` for what the actor sees (its devices). */
export function rowVisible(actor: Actor, alias: string): SQL {
  const a = sql.raw(alias);
  // The row's own tenant too: a device re-registered to another tenant does not bring its old tenant's history.
  const tenant = isPlatform(actor) ? sql`` : sql`${a}.tenant_id = ${actor.tenantId} AND `;
  return sql`${tenant}${a}.device_sn IN (SELECT d.device_sn FROM helio_device d WHERE ${deviceVisible(actor)})`;
}

export interface DeviceRow {
  id: string;
  tenantId: string;
  deviceSn: string;
  deviceType: number;
  model: string | null;
  online: boolean;
}

const DEVICE_COLUMNS = sql`d.id::text AS id, d.tenant_id AS "tenantId", d.device_sn AS "deviceSn", d.device_type AS "deviceType", d.model,
  (d.online OR d.network_status IN (0, 2)) AS online`;

export async function visibleDevice(db: Db, actor: Actor | undefined, sn: string): Promise<DeviceRow | undefined> {
  const [d] = await rowsOf<DeviceRow>(db, sql`SELECT ${DEVICE_COLUMNS} FROM helio_device d WHERE ${deviceVisible(actor)} AND upper(d.device_sn) = upper(${sn}::text) LIMIT 1`);
  return d ? { ...d, deviceType: Number(d.deviceType) } : undefined;
}

export interface DeviceFilter {
  deviceType: number;
  model?: string | undefined;
  firmware?: string | undefined;
  plantId?: string | undefined;
}

export async function matchingDevices(db: Db, actor: Actor, f: DeviceFilter, limit: number): Promise<DeviceRow[]> {
  const parts: SQL[] = [deviceVisible(actor), sql`d.device_type = ${f.deviceType}`];
  if (f.model) parts.push(sql`d.model = ${f.model}`);
  if (f.plantId) parts.push(sql`d.plant_id = ${f.plantId}`);
  if (f.firmware) parts.push(sql`${f.firmware} IN (d.fw_master, d.fw_slave, d.fw_ems, d.fw_dcdc, d.fw_protocol)`);
  const rows = await rowsOf<DeviceRow>(db, sql`SELECT ${DEVICE_COLUMNS} FROM helio_device d WHERE ${sql.join(parts, sql` AND `)} ORDER BY d.device_sn LIMIT ${limit}`);
  return rows.map((d) => ({ ...d, deviceType: Number(d.deviceType) }));
}

export interface ItemRow {
  id: string;
  deviceType: number;
  deviceModel: string;
  settingType: string;
  itemCategory: string;
  itemType: string;
  nameZh: string;
  nameEn: string;
  itemKey: string;
  key: string;
  valueType: string;
  unit: string | null;
  minValue: number | null;
  maxValue: number | null;
  decimals: number | null;
  defaultValue: string | null;
  valueOptions: string | null;
  gridCode: number;
  sort: number;
}

/** The enabled items of a device type and model; a model's own item replaces the type's item of the same key. */
export async function itemsFor(db: Db, deviceType: number, model: string | null, settingType?: string): Promise<ItemRow[]> {
  const rows = await rowsOf<ItemRow>(db, sql`
    SELECT id::text AS id, device_type AS "deviceType", device_model AS "deviceModel", setting_type AS "settingType",
           item_category AS "itemCategory", item_type AS "itemType", name_zh AS "nameZh", name_en AS "nameEn", item_key AS "itemKey",
           item_key AS key, value_type AS "valueType", unit, min_value AS "minValue", max_value AS "maxValue", decimals,
           default_value AS "defaultValue", value_options AS "valueOptions", grid_code AS "gridCode", sort
      FROM helio_setting_item
     WHERE is_deleted = 0 AND status = 1 AND device_type = ${deviceType} AND (device_model = '' OR device_model = ${model ?? ''})
       ${settingType ? sql`AND setting_type = ${settingType}` : sql``}
     ORDER BY sort, id`);
  const byKey = new Map<string, ItemRow>();
  for (const r of rows) {
    const item = { ...r, minValue: r.minValue === null ? null : Number(r.minValue), maxValue: r.maxValue === null ? null : Number(r.maxValue), decimals: r.decimals === null ? null : Number(r.decimals), gridCode: Number(r.gridCode), sort: Number(r.sort) };
    const prev = byKey.get(r.itemKey);
    if (!prev || (prev.deviceModel === '' && r.deviceModel !== '')) byKey.set(r.itemKey, item);
  }
  return [...byKey.values()];
}

export const itemName = (lang: Lang, i: { nameZh: string; nameEn: string }) => (lang === 'zh-CN' ? i.nameZh : i.nameEn);

/** The device's latest settings version: number and values (none yet: 0, {}). */
export async function currentSettings(db: Db, sn: string, tenantId: string): Promise<{ versionNo: number; values: Record<string, unknown> }> {
  const [v] = await rowsOf<{ versionNo: number; values: Record<string, unknown> }>(db, sql`
    SELECT version_no AS "versionNo", setting_values AS values FROM helio_setting_version WHERE device_sn = ${sn} AND tenant_id = ${tenantId} ORDER BY version_no DESC LIMIT 1`);
  return v ? { versionNo: Number(v.versionNo), values: v.values ?? {} } : { versionNo: 0, values: {} };
}

export const COMMAND_COLUMNS = sql`c.id::text AS id, c.batch_id::text AS "batchId", c.device_sn AS "deviceSn", c.device_type AS "deviceType",
  c.items, c.old_values AS "oldValues", c.state, c.verified, c.reason, c.grid_code AS "gridCode", c.expires_at AS "expiresAt",
  c.sent_at AS "sentAt", c.finished_at AS "finishedAt", c.create_user::text AS "createUser", c.approve_user::text AS "approveUser",
  c.approve_time AS "approveTime", c.restore_of::text AS "restoreOf", c.create_time AS "createTime", c.tenant_id AS "tenantId",
  c.timeout_ms AS "timeoutMs", (SELECT dm.model FROM helio_device dm WHERE dm.id = c.device_id) AS "deviceModel"`;

/** What an item name is looked up by: the device's type and model and the keys it names. */
export interface NamesWanted {
  deviceType: number;
  model: string | null;
  keys: readonly string[];
}

/**
 * The names of each want's items in the caller's language: the device model's own item first, then the device
 * type's, then any model's; a key without an item keeps itself as its name. One query for all wants.
 */
export async function itemNamesOf(db: Db, lang: Lang, wants: readonly NamesWanted[]): Promise<Record<string, string>[]> {
  const types = [...new Set(wants.map((w) => w.deviceType))];
  const keys = [...new Set(wants.flatMap((w) => w.keys))];
  if (keys.length === 0) return wants.map(() => ({}));
  const rows = await rowsOf<{ deviceType: number; deviceModel: string; itemKey: string; nameZh: string; nameEn: string }>(db, sql`
    SELECT device_type AS "deviceType", device_model AS "deviceModel", item_key AS "itemKey", name_zh AS "nameZh", name_en AS "nameEn"
      FROM helio_setting_item
     WHERE is_deleted = 0 AND device_type IN (${sql.join(types.map((x) => sql`${x}`), sql`, `)})
       AND item_key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
  const rank = (r: { deviceModel: string }, model: string | null) => (r.deviceModel === (model ?? '') ? 0 : r.deviceModel === '' ? 1 : 2);
  return wants.map((w) => {
    const best = new Map<string, { rank: number; name: string }>();
    for (const r of rows) {
      if (Number(r.deviceType) !== w.deviceType || !w.keys.includes(r.itemKey)) continue;
      const k = rank(r, w.model);
      const prev = best.get(r.itemKey);
      if (!prev || k < prev.rank) best.set(r.itemKey, { rank: k, name: itemName(lang, r) });
    }
    return Object.fromEntries(w.keys.map((key) => [key, best.get(key)?.name ?? key]));
  });
}

/** Command VOs with the names of their items in the caller's language. */
export async function namedCommands(db: Db, lang: Lang, rows: readonly Row[]): Promise<CommandVO[]> {
  const names = await itemNamesOf(
    db,
    lang,
    rows.map((r) => ({ deviceType: Number(r.deviceType), model: (r.deviceModel as string | null) ?? null, keys: Object.keys((r.items ?? {}) as object) })),
  );
  return rows.map((r, i) => commandVO(r, names[i]));
}

export function commandVO(r: Row, itemNames: Record<string, string> = {}) {
  return {
    id: String(r.id),
    batchId: String(r.batchId),
    deviceSn: String(r.deviceSn),
    deviceType: Number(r.deviceType),
    items: (r.items ?? {}) as Record<string, unknown>,
    oldValues: (r.oldValues ?? {}) as Record<string, unknown>,
    state: String(r.state),
    verified: r.verified === null || r.verified === undefined ? null : Number(r.verified),
    reason: (r.reason as string | null) ?? null,
    gridCode: Number(r.gridCode ?? 0),
    expiresAt: formatDateTime(r.expiresAt as Date),
    sentAt: formatDateTime(r.sentAt as Date | null),
    finishedAt: formatDateTime(r.finishedAt as Date | null),
    createUser: (r.createUser as string | null) ?? null,
    approveUser: (r.approveUser as string | null) ?? null,
    approveTime: formatDateTime(r.approveTime as Date | null),
    restoreOf: (r.restoreOf as string | null) ?? null,
    createTime: formatDateTime(r.createTime as Date | null),
    /** The items' names in the caller's language, by key. */
    itemNames,
  };
}
export type CommandVO = ReturnType<typeof commandVO>;

/**
 * The read side: a device's setting form (its model's items with current values, names in the caller's language),
 * the commands, the operation log, the versions, and the platform's item detail and register look-up.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ITEM_CATEGORIES, parseOptions, type ItemCategory } from '@helio/contracts/modules/settings/settings-catalogue';
import { formatDateTime } from '../../core/dates.js';
import { page, type Page } from '../../core/envelope.js';
import { BizError, ForbiddenError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isPlatform } from '../../core/tenant.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { COMMAND_COLUMNS, type CommandVO, currentSettings, itemName, itemNamesOf, itemsFor, namedCommands, rowsOf, rowVisible, visibleDevice, type Row } from './settings.data.js';

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

interface Paging {
  current?: number | undefined;
  size?: number | undefined;
}
const paging = (q: Paging, max: number) => {
  const size = Math.min(q.size ?? 10, max);
  const current = q.current ?? 1;
  return { size, current, offset: (current - 1) * size };
};

const ITEM_COLUMNS = sql`id::text AS id, device_type AS "deviceType", device_model AS "deviceModel", setting_type AS "settingType",
  item_category AS "itemCategory", item_type AS "itemType", name_zh AS "nameZh", name_en AS "nameEn", item_key AS "itemKey",
  value_type AS "valueType", unit, min_value AS "minValue", max_value AS "maxValue", decimals, default_value AS "defaultValue",
  value_options AS "valueOptions", grid_code AS "gridCode", sort, protocol_version AS "protocolVersion", address_mapping AS "addressMapping",
  db_field AS "dbField", db_table AS "dbTable", reserved_field AS "reservedField"`;
const MAP_COLUMNS = sql`id::text AS id, manufacturer, protocol_version AS "protocolVersion", physical_address AS "physicalAddress",
  attribute_name AS "attributeName", data_type AS "dataType", unit, data_length AS "dataLength", system_default AS "systemDefault",
  address_mapping AS "addressMapping"`;

function itemVO(r: Row) {
  return {
    id: String(r.id), deviceType: Number(r.deviceType), deviceModel: String(r.deviceModel ?? ''), settingType: String(r.settingType),
    itemCategory: String(r.itemCategory), itemType: String(r.itemType), nameZh: String(r.nameZh), nameEn: String(r.nameEn), itemKey: String(r.itemKey),
    valueType: String(r.valueType), unit: str(r.unit), minValue: numOrNull(r.minValue), maxValue: numOrNull(r.maxValue), decimals: numOrNull(r.decimals),
    defaultValue: str(r.defaultValue), valueOptions: str(r.valueOptions), gridCode: Number(r.gridCode ?? 0), sort: Number(r.sort ?? 0),
    protocolVersion: str(r.protocolVersion), addressMapping: str(r.addressMapping), dbField: str(r.dbField), dbTable: str(r.dbTable), reservedField: str(r.reservedField),
  };
}
function mapVO(r: Row) {
  return {
    id: String(r.id), manufacturer: String(r.manufacturer), protocolVersion: String(r.protocolVersion), physicalAddress: Number(r.physicalAddress),
    attributeName: String(r.attributeName), dataType: String(r.dataType), unit: str(r.unit), dataLength: Number(r.dataLength), systemDefault: str(r.systemDefault),
    addressMapping: str(r.addressMapping),
  };
}

export class SettingsQueries {
  constructor(private readonly ctx: ModuleContext) {}

  /** The form of device `sn` (its items of `settingTypes`, or all), grouped by category in the catalogue's order. */
  async form(actor: Actor, lang: Lang, sn: string, settingTypes?: readonly string[], deviceType?: number) {
    const d = await visibleDevice(this.ctx.db, actor, sn);
    if (!d || (deviceType !== undefined && d.deviceType !== deviceType)) throw new BizError('deviceUnknown', {}, 404);
    const all = await itemsFor(this.ctx.db, d.deviceType, d.model);
    const items = settingTypes ? all.filter((i) => settingTypes.includes(i.settingType)) : all;
    const cur = await currentSettings(this.ctx.db, d.deviceSn, d.tenantId);
    const groups = new Map<string, { category: string; name: string; items: ReturnType<typeof formItem>[] }>();
    function formItem(i: (typeof all)[number]) {
      return {
        id: i.id, key: i.itemKey, name: itemName(lang, i), category: i.itemCategory, itemType: i.itemType, valueType: i.valueType, unit: i.unit,
        min: i.minValue, max: i.maxValue, decimals: i.decimals,
        options: parseOptions(i.valueOptions).map((o) => ({ value: o.value, label: lang === 'zh-CN' ? o.label.zh : o.label.en })),
        defaultValue: i.defaultValue, value: cur.values[i.itemKey] ?? null, gridCode: i.gridCode,
      };
    }
    for (const i of items) {
      const label = ITEM_CATEGORIES[i.itemCategory as ItemCategory];
      const g = groups.get(i.itemCategory) ?? { category: i.itemCategory, name: label ? (lang === 'zh-CN' ? label.zh : label.en) : i.itemCategory, items: [] };
      g.items.push(formItem(i));
      groups.set(i.itemCategory, g);
    }
    return { deviceSn: d.deviceSn, deviceType: d.deviceType, model: d.model, online: Boolean(d.online), settingsVersion: cur.versionNo, groups: [...groups.values()] };
  }

  async commands(actor: Actor, lang: Lang, q: Paging & { deviceSn?: string | undefined; batchId?: string | undefined; state?: string | undefined }): Promise<Page<CommandVO>> {
    const p = paging(q, this.ctx.config.maxPageSize);
    const parts: SQL[] = [rowVisible(actor, 'c')];
    if (q.deviceSn) parts.push(sql`upper(c.device_sn) = upper(${q.deviceSn}::text)`);
    if (q.batchId) parts.push(sql`c.batch_id = ${q.batchId}`);
    if (q.state) parts.push(sql`c.state = ${q.state}`);
    const where = sql.join(parts, sql` AND `);
    const rows = await rowsOf(this.ctx.db, sql`SELECT ${COMMAND_COLUMNS}, count(*) over () AS __total FROM helio_setting_command c WHERE ${where} ORDER BY c.create_time DESC, c.id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return page(await namedCommands(this.ctx.db, lang, rows), Number(rows[0]?.__total ?? 0), p.current, p.size);
  }

  async log(actor: Actor, lang: Lang, q: Paging & { deviceSn?: string | undefined; itemKey?: string | undefined; result?: string | undefined }) {
    const p = paging(q, this.ctx.config.maxPageSize);
    const parts: SQL[] = [rowVisible(actor, 'l')];
    if (q.deviceSn) parts.push(sql`upper(l.device_sn) = upper(${q.deviceSn}::text)`);
    if (q.itemKey) parts.push(sql`l.item_key = ${q.itemKey}`);
    if (q.result) parts.push(sql`l.result = ${q.result}`);
    const rows = await rowsOf(this.ctx.db, sql`
      SELECT l.id::text AS id, l.command_id::text AS "commandId", l.device_sn AS "deviceSn", l.device_type AS "deviceType", l.item_key AS "itemKey",
             l.old_value AS "oldValue", l.new_value AS "newValue", l.result, l.verified, l.reason, l.operator::text AS operator,
             u.real_name AS "operatorName", l.approve_user::text AS "approveUser", l.create_time AS "createTime",
             (SELECT CASE WHEN ${lang} = 'zh-CN' THEN i.name_zh ELSE i.name_en END FROM helio_setting_item i
               WHERE i.device_type = l.device_type AND i.item_key = l.item_key AND i.is_deleted = 0 ORDER BY (i.device_model = '') LIMIT 1) AS "itemName",
             count(*) over () AS __total
        FROM helio_setting_log l LEFT JOIN blade_user u ON u.id = l.operator
       WHERE ${sql.join(parts, sql` AND `)} ORDER BY l.create_time DESC, l.id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return page(
      rows.map((r) => ({
        id: String(r.id), commandId: String(r.commandId), deviceSn: String(r.deviceSn), deviceType: Number(r.deviceType), itemKey: String(r.itemKey),
        itemName: String(r.itemName ?? r.itemKey), oldValue: str(r.oldValue), newValue: str(r.newValue), result: String(r.result), verified: numOrNull(r.verified),
        reason: str(r.reason), operator: str(r.operator), operatorName: str(r.operatorName), approveUser: str(r.approveUser), createTime: formatDateTime(r.createTime as Date),
      })),
      Number(rows[0]?.__total ?? 0), p.current, p.size,
    );
  }

  async versions(actor: Actor, lang: Lang, q: Paging & { deviceSn: string }) {
    const p = paging(q, this.ctx.config.maxPageSize);
    const rows = await rowsOf(this.ctx.db, sql`
      SELECT v.id::text AS id, v.device_sn AS "deviceSn", v.version_no AS "versionNo", v.setting_values AS "settingValues", v.changed,
             v.command_id::text AS "commandId", v.create_user::text AS "createUser", u.real_name AS "createUserName", v.create_time AS "createTime",
             d.device_type AS "deviceType", d.model AS "deviceModel", max(v.version_no) over () AS __max, count(*) over () AS __total
        FROM helio_setting_version v LEFT JOIN blade_user u ON u.id = v.create_user
        LEFT JOIN LATERAL (SELECT dv.device_type, dv.model FROM helio_device dv
                            WHERE dv.device_sn = v.device_sn AND dv.tenant_id = v.tenant_id AND dv.is_deleted = 0 LIMIT 1) d ON true
       WHERE ${rowVisible(actor, 'v')} AND upper(v.device_sn) = upper(${q.deviceSn}::text)
       ORDER BY v.version_no DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    const names = await itemNamesOf(
      this.ctx.db,
      lang,
      rows.map((r) => ({
        deviceType: Number(r.deviceType),
        model: (r.deviceModel as string | null) ?? null,
        keys: [...new Set([...Object.keys((r.settingValues ?? {}) as object), ...Object.keys((r.changed ?? {}) as object)])],
      })),
    );
    return page(
      rows.map((r, i) => ({
        id: String(r.id), deviceSn: String(r.deviceSn), versionNo: Number(r.versionNo), settingValues: (r.settingValues ?? {}) as Record<string, unknown>,
        changed: (r.changed ?? {}) as Record<string, unknown>, commandId: String(r.commandId), createUser: str(r.createUser), createUserName: str(r.createUserName),
        createTime: formatDateTime(r.createTime as Date), current: Number(r.versionNo) === Number(r.__max), itemNames: names[i]!,
      })),
      Number(rows[0]?.__total ?? 0), p.current, p.size,
    );
  }

  /** `getSetItemDetail`: the item and the registers it maps to (platform configuration). */
  async itemDetail(actor: Actor, id: string) {
    if (!isPlatform(actor)) throw new ForbiddenError();
    const [r] = await rowsOf(this.ctx.db, sql`SELECT ${ITEM_COLUMNS} FROM helio_setting_item WHERE id = ${id} AND is_deleted = 0`);
    if (!r) throw new BizError('recordNotFound', {}, 404);
    const item = itemVO(r);
    return { item, mapping: await this.mappingOf(item.itemKey, item.protocolVersion, item.addressMapping) };
  }

  /** `getMappingBySetItem`: by the item's id, or by key (and protocol version). */
  async mappingBySetItem(actor: Actor, body: { setItemId?: string | undefined; itemKey?: string | undefined; protocolVersion?: string | undefined }) {
    if (!isPlatform(actor)) throw new ForbiddenError();
    if (body.setItemId) {
      const [r] = await rowsOf(this.ctx.db, sql`SELECT ${ITEM_COLUMNS} FROM helio_setting_item WHERE id = ${body.setItemId} AND is_deleted = 0`);
      if (!r) throw new BizError('recordNotFound', {}, 404);
      const item = itemVO(r);
      return this.mappingOf(item.itemKey, item.protocolVersion, item.addressMapping);
    }
    if (!body.itemKey) throw new BizError('invalidParam', { param: 'itemKey' });
    return this.mappingOf(body.itemKey, body.protocolVersion ?? null, null);
  }

  /** Registers named after the key (and of the version, when given), or at the item's mapped address. */
  private async mappingOf(key: string, version: string | null, address: string | null) {
    const byAddress = address && /^\d{1,5}$/.test(address) ? sql` OR physical_address = ${Number(address)}` : sql``;
    const rows = await rowsOf(this.ctx.db, sql`
      SELECT ${MAP_COLUMNS} FROM helio_address_map
       WHERE is_deleted = 0 AND (attribute_name = ${key}${byAddress}) ${version ? sql`AND protocol_version = ${version}` : sql``}
       ORDER BY protocol_version DESC, physical_address LIMIT 50`);
    return rows.map(mapVO);
  }
}

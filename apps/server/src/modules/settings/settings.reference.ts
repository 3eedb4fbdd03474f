/**
 * The default setting items and their registers (contracts `SETTING_CATALOGUE`) as reference data: applied at start
 * when the catalogue changed (its hash is the version), adding what a database lacks and bringing rows nobody edited
 * up to date — a row an administrator changed (`update_user` set by the CRUD engine) is kept as it is.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_PROTOCOL, SETTING_CATALOGUE, type CatalogueItem } from '@helio/contracts/modules/settings/settings-catalogue';
import type { Db } from '../../db/client.js';

export const SETTINGS_CATALOGUE_VERSION = Number.parseInt(createHash('sha256').update(JSON.stringify(SETTING_CATALOGUE)).digest('hex').slice(0, 8), 16);

const hash32 = (s: string) => Number.parseInt(createHash('sha256').update(s).digest('hex').slice(0, 8), 16);

/** Ids follow from the content's key, so every installation holds the same rows under the same ids. */
const itemId = (i: CatalogueItem) => (1123598820000000000n + BigInt(i.deviceType) * 100_000_000n + BigInt(hash32(i.key) % 100_000_000)).toString();
const mapId = (register: number) => (1123598821000000000n + BigInt(register)).toString();

function itemType(i: CatalogueItem): string {
  if (i.settingType === 'protection') return 'button';
  return i.valueType === 'enum' ? 'select' : i.valueType === 'bool' ? 'switch' : i.valueType === 'time' ? 'time' : 'input';
}

export async function applySettingsCatalogue(tx: Db): Promise<void> {
  let sort = 0;
  for (const i of SETTING_CATALOGUE) {
    sort += 10;
    const v = {
      min: i.min ?? null, max: i.max ?? null, decimals: i.decimals ?? null, unit: i.unit ?? null, options: i.options ?? null, grid: i.gridCode ? 1 : 0,
    };
    await tx.execute(sql`
      INSERT INTO helio_setting_item (id, device_type, device_model, setting_type, item_category, item_type, name_zh, name_en, item_key, value_type,
        unit, min_value, max_value, decimals, default_value, value_options, grid_code, sort, protocol_version, address_mapping)
      VALUES (${itemId(i)}, ${i.deviceType}, '', ${i.settingType}, ${i.category}, ${itemType(i)}, ${i.name.zh}, ${i.name.en}, ${i.key}, ${i.valueType},
        ${v.unit}, ${v.min}, ${v.max}, ${v.decimals}, ${i.defaultValue}, ${v.options}, ${v.grid}, ${sort}, ${DEFAULT_PROTOCOL.version}, ${String(i.register)})
      ON CONFLICT (device_type, device_model, item_key) WHERE is_deleted = 0 DO UPDATE SET
        setting_type = excluded.setting_type, item_category = excluded.item_category, item_type = excluded.item_type, name_zh = excluded.name_zh,
        name_en = excluded.name_en, value_type = excluded.value_type, unit = excluded.unit, min_value = excluded.min_value, max_value = excluded.max_value,
        decimals = excluded.decimals, default_value = excluded.default_value, value_options = excluded.value_options, grid_code = excluded.grid_code,
        sort = excluded.sort, protocol_version = excluded.protocol_version, address_mapping = excluded.address_mapping,
        version = helio_setting_item.version + 1, update_time = now()
      WHERE helio_setting_item.update_user IS NULL`);
    await tx.execute(sql`
      INSERT INTO helio_address_map (id, manufacturer, protocol_version, physical_address, attribute_name, data_type, unit, data_length, system_default, address_mapping)
      VALUES (${mapId(i.register)}, ${DEFAULT_PROTOCOL.manufacturer}, ${DEFAULT_PROTOCOL.version}, ${i.register}, ${i.key}, ${i.dataType}, ${v.unit},
        ${i.dataType.endsWith('32') ? 2 : 1}, ${i.defaultValue}, ${String(i.register)})
      ON CONFLICT (manufacturer, protocol_version, physical_address) WHERE is_deleted = 0 DO UPDATE SET
        attribute_name = excluded.attribute_name, data_type = excluded.data_type, unit = excluded.unit, data_length = excluded.data_length,
        system_default = excluded.system_default, address_mapping = excluded.address_mapping, version = helio_address_map.version + 1, update_time = now()
      WHERE helio_address_map.update_user IS NULL`);
  }
}

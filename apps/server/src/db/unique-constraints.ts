/**
 * The unique indexes behind the uniqueness rules, by constraint name, and what a violation means to a user. The
 * rules are checked before writing (the CRUD engine's unique fields, the user module's account and email) so a form
 * gets every problem at once; the index is what holds under concurrency. A violation (SQLSTATE 23505) maps here,
 * from the constraint name to the field, to the same translated 400 the check gives — never a 500.
 * `test/concurrency.test.ts` checks that every unique field of every resource has its index here and that every
 * unique index of the database is either here or listed as internal.
 */
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { clientResource } from '@helio/contracts/modules/client/client.resource';
import { datasourceResource } from '@helio/contracts/modules/datasource/datasource.resource';
import { dictResource } from '@helio/contracts/modules/dict/dict.resource';
import { FACTORY_SN_FIELD } from '@helio/contracts/modules/factory/factory.resource';
import { menuResource } from '@helio/contracts/modules/menu/menu.resource';
import { modelResource } from '@helio/contracts/modules/model/model.resource';
import { otaPackageResource } from '@helio/contracts/modules/ota/ota.resource';
import { ossResource } from '@helio/contracts/modules/oss/oss.resource';
import { paramResource } from '@helio/contracts/modules/param/param.resource';
import { postResource } from '@helio/contracts/modules/post/post.resource';
import { roleResource } from '@helio/contracts/modules/role/role.resource';
import { factoryVersionResource, matchingListResource } from '@helio/contracts/modules/settings/config-versions.resource';
import { addressMapResource, setItemResource } from '@helio/contracts/modules/settings/settings.resource';
import { smsResource } from '@helio/contracts/modules/sms/sms.resource';
import { materialResource, skuResource, warehouseResource } from '@helio/contracts/modules/stock/sku.resource';
import { agentCompanyResource } from '@helio/contracts/modules/agent/agent.resource';
import { epcPackageResource } from '@helio/contracts/modules/epc/package.resource';
import { SERIAL_LABEL } from '@helio/contracts/modules/stock/stock.api';
import { tenantResource } from '@helio/contracts/modules/tenant/tenant.resource';
import { label, msg, type Label, type Lang, type MessageKey } from '../core/i18n.js';

export interface UniqueRule {
  /** The table the index is on. */
  table: string;
  /** The API field it makes unique (where a form shows the problem). */
  field: string;
  /** `{field} already exists` with this label … */
  label?: Label;
  /** … or this message (the one the module's own check gives). */
  message?: MessageKey;
}

const fieldOf = (def: ResourceDef, key: string): FieldDef => {
  const f = def.fields.find((x) => x.key === key);
  if (!f) throw new Error(`resource ${def.name} has no field ${key}`);
  return f;
};
const rule = (table: string, def: ResourceDef | FieldDef, key?: string): UniqueRule => {
  const f = 'fields' in def ? fieldOf(def, key!) : def;
  return { table, field: f.key, label: f.label };
};

export const UNIQUE_RULES: Readonly<Record<string, UniqueRule>> = {
  blade_user_account_uq: { table: 'blade_user', field: 'account', message: 'accountExists' },
  blade_user_email_uq: { table: 'blade_user', field: 'email', message: 'emailExists' },
  helio_flow_model_key_uq: { table: 'helio_flow_model', field: 'modelKey', label: { zh: '模型标识', en: 'Model key' } },
  blade_tenant_tenant_id_uq: rule('blade_tenant', tenantResource, 'tenantId'),
  blade_client_client_id_uq: rule('blade_client', clientResource, 'clientId'),
  blade_param_key_uq: rule('blade_param', paramResource, 'paramKey'),
  blade_post_code_uq: rule('blade_post', postResource, 'postCode'),
  blade_role_alias_uq: rule('blade_role', roleResource, 'roleAlias'),
  blade_menu_code_uq: rule('blade_menu', menuResource, 'code'),
  blade_dict_code_uq: rule('blade_dict', dictResource, 'code'),
  blade_dict_key_uq: rule('blade_dict', dictResource, 'dictKey'),
  blade_dict_biz_code_uq: rule('blade_dict_biz', dictResource, 'code'),
  blade_dict_biz_key_uq: rule('blade_dict_biz', dictResource, 'dictKey'),
  blade_oss_code_uq: rule('blade_oss', ossResource, 'ossCode'),
  blade_sms_code_uq: rule('blade_sms', smsResource, 'smsCode'),
  blade_datasource_name_uq: rule('blade_datasource', datasourceResource, 'name'),
  blade_model_code_uq: rule('blade_model', modelResource, 'modelCode'),
  blade_region_pkey: { table: 'blade_region', field: 'code', label: { zh: '区划编号', en: 'Code' } },
  helio_inverter_factory_sn_uq: rule('helio_inverter_factory', FACTORY_SN_FIELD),
  helio_battery_factory_sn_uq: rule('helio_battery_factory', FACTORY_SN_FIELD),
  helio_guardian_factory_sn_uq: rule('helio_guardian_factory', FACTORY_SN_FIELD),
  helio_charger_factory_sn_uq: rule('helio_charger_factory', FACTORY_SN_FIELD),
  helio_device_sn_uq: rule('helio_device', FACTORY_SN_FIELD),
  helio_ota_package_version_uq: rule('helio_ota_package', otaPackageResource, 'firmwareVersion'),
  helio_setting_item_uq: rule('helio_setting_item', setItemResource, 'itemKey'),
  helio_address_map_uq: rule('helio_address_map', addressMapResource, 'physicalAddress'),
  helio_version_matching_uq: rule('helio_version_matching', matchingListResource, 'firmwareVersion'),
  helio_factory_version_uq: rule('helio_factory_version', factoryVersionResource, 'firmwareVersion'),
  helio_sku_code_uq: rule('helio_sku', skuResource, 'sku'),
  helio_warehouse_name_uq: rule('helio_warehouse', warehouseResource, 'warehouseName'),
  helio_material_name_uq: rule('helio_material', materialResource, 'materialName'),
  helio_agent_number_uq: rule('helio_agent_company', agentCompanyResource, 'agentNumber'),
  helio_epc_package_code_uq: rule('helio_epc_package', epcPackageResource, 'code'),
  helio_stock_serial_uq: { table: 'helio_stock_serial', field: 'serials', label: SERIAL_LABEL }, // modules/stock: a serial received twice at once
};

/**
 * Unique indexes no form field stands behind: link tables written as whole sets, one enabled configuration per
 * tenant, ingest idempotency. A violation of one of these (or of any index not listed) is the generic
 * "This record already exists" 400.
 */
export const INTERNAL_UNIQUE_INDEXES: readonly string[] = [
  'blade_role_menu_uq',
  'blade_top_menu_setting_uq',
  'blade_user_platform_uq',
  'blade_oss_enabled_uq',
  'blade_sms_enabled_uq',
  'helio_mail_enabled_uq', // modules/mail: one enabled mail configuration per tenant
  'helio_epc_order_number_uq', // modules/epc-order: the order number is generated (date + id digits), never typed
  'helio_epc_order_submission_uq', // modules/epc-order: a client's submission id, once per order (the replay answers the first result)
  'helio_epc_order_shipment_uq', // modules/epc-order: a shipment's sequence number per order, assigned under the order's lock
  'helio_epc_order_form_uq', // modules/epc-order: one stored form per order and stage (written with ON CONFLICT)
  'helio_device_event_uq',
  'helio_alarm_active_uq',
  'helio_flow_task_execution_uq', // modules/workflow: one inbox task per execution of an instance (written under the instance's lock)
  'helio_flow_definition_version_uq', // modules/workflow: a key's next version per tenant (two deploys racing: one waits for a retry)
  'helio_job_key_uq', // kernel/jobs.ts: a job's deduplication key (ON CONFLICT DO NOTHING)
  'helio_alarm_definition_uq', // modules/alarm: the catalogue, one definition per device type and code (reference data, ON CONFLICT DO NOTHING)
  'helio_alarm_threshold_uq', // modules/alarm: one threshold override per device and rule code (saved with ON CONFLICT DO UPDATE)
  'helio_alarm_notification_uq', // modules/notify: one notification per alarm, person, channel and kind (ON CONFLICT DO NOTHING)
  'helio_setting_version_uq', // modules/settings: a device's settings version number, assigned in the command's transaction
  'helio_warehouse_default_uq', // modules/stock: one default warehouse per tenant (created lazily, ON CONFLICT DO NOTHING)
  'helio_stock_balance_uq', // modules/stock: one balance row per tenant, warehouse and SKU (ON CONFLICT DO NOTHING)
  'helio_stock_movement_reversal_uq', // modules/stock: a movement is reversed at most once (the cancel also checks it)
  'helio_agent_unauthorized_uq', // modules/agent: a user is excluded from a company once (ON CONFLICT DO NOTHING)
];

/** The name of the violated constraint of a 23505 error (drizzle keeps the driver's error as `cause`). */
export function uniqueConstraintOf(e: unknown): string | undefined {
  let sawUnique = false;
  for (let x: unknown = e, i = 0; x && typeof x === 'object' && i < 5; x = (x as { cause?: unknown }).cause, i++) {
    const { code, constraint, message } = x as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') sawUnique = true;
    if (sawUnique && typeof constraint === 'string' && constraint) return constraint;
    if (sawUnique && typeof message === 'string') {
      const m = /unique constraint "([^"]+)"/.exec(message);
      if (m) return m[1];
    }
  }
  return sawUnique ? '' : undefined;
}

/** A unique violation as the field it concerns and the translated message; undefined when `e` is something else. */
export function uniqueViolation(e: unknown, lang: Lang): { field: string; message: string } | undefined {
  const name = uniqueConstraintOf(e);
  if (name === undefined) return undefined;
  const r = UNIQUE_RULES[name];
  if (!r) return { field: '', message: msg(lang, 'duplicateRecord') };
  return { field: r.field, message: r.message ? msg(lang, r.message) : msg(lang, 'duplicate', { field: label(lang, r.label!) }) };
}

/** The dictionary codes (system and business), the contract the seed (dicts.ts, dicts-business.ts) fills. */

export const SYSTEM_DICT_CODES = [
  'sex',
  'yes_no',
  'user_type',
  'org_category',
  'role_type',
  'post_category',
  'language',
  'notice',
  'menu_category',
  'button_func',
  'data_scope_type',
  'api_scope_type',
  'region',
  'oss',
  'sms',
  'datasource_category',
  'scope_category',
  'flow',
  'network_status',
  'device_usage',
  'alarm_status',
  'alarm_handle_status',
  'refresh_token_reuse',
  'alarm_severity',
  'alarm_category',
  'alarm_ack_status',
  'alarm_type',
] as const;
export type SystemDictCode = (typeof SYSTEM_DICT_CODES)[number];

/** Spec §3 "business dictionary groups kept locally": every one must be seeded. */
export const SPEC_BUSINESS_DICT_CODES = [
  'agent_project_type',
  'permit',
  'building_material_type',
  'house_type',
  'roof_type',
  'roof_material',
  'roof_occlusion',
  'solar_panels_mounting_position',
  'panel_type',
  'panel_orientation',
  'relevant_doc',
  'infrastructure',
  'infrastructure_connection_type',
  'apply_type',
  'agent_member_safety_checklist',
  'agent_ehs_tools_machinery_type',
  'inverter_type',
  'number_of_batteries',
  'delivery_type',
  'roof_physical_loose_damages',
  'agent_maint_fee_type',
] as const;

export const BUSINESS_DICT_CODES = [
  ...SPEC_BUSINESS_DICT_CODES,
  // Devices, firmware, orders
  'inverter_phase',
  'inverter_grid_type',
  'device_type',
  'firmware_type',
  'ota_version_status',
  'shipment_status',
  'stock_confirm_status',
  // Stock (issue 17)
  'sku_type',
  // Agents (issue 17)
  'agent_type',
  'agent_id_type',
] as const;
export type BusinessDictCode = (typeof BUSINESS_DICT_CODES)[number];

/**
 * The installer order's base-package catalogue (issue 18 "a bill of materials from a base package plus customised
 * materials"; spec §7 "base package SKU info"): a tenant's named, coded systems (code unique per tenant, status
 * enabled/disabled, the system summary kWp / inverter kW / battery kWh) and their lines (SKU code, quantity,
 * equipment type). Plain CRUD; the design form picks an enabled package and fills its BOM from `skuInfo`.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';
import { defineResource, type FieldDef } from '../../crud/resource.js';
import { DECIMAL_PATTERN } from '../../validation.js';
import { SKU_PATTERN, STOCK_API } from '../stock/sku.resource.js';

/** Blade-style base: `/api/skyworth-agent/order/basePackage`. */
export const PACKAGE_API = `${STOCK_API}/order/basePackage`;
export const PACKAGE_CODE_PATTERN = '^[A-Za-z0-9._-]{1,64}$';
export const PACKAGE_STATUS = [
  { value: 1, label: { zh: '启用', en: 'Enabled' } },
  { value: 0, label: { zh: '停用', en: 'Disabled' } },
] as const;

const amount = (key: string, zh: string, en: string): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'text',
  rules: { required: true, max: 14, pattern: DECIMAL_PATTERN, patternMessage: 'decimal' },
});

export const epcPackageResource = defineResource({
  name: 'epcPackage',
  page: 'epc_package',
  api: PACKAGE_API,
  title: { zh: '基础套餐', en: 'Base packages' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view'],
  ui: { dialogWidth: 700, maskClosable: false },
  defaultSort: { field: 'code', order: 'asc' },
  select: { labelKey: 'name' },
  fields: [
    {
      key: 'code',
      label: { zh: '套餐编码', en: 'Code' },
      kind: 'text',
      search: 'like',
      sortable: true,
      unique: true,
      rules: { required: true, max: 64, pattern: PACKAGE_CODE_PATTERN },
    },
    { key: 'name', label: { zh: '套餐名称', en: 'Name' }, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 100 } },
    {
      /** 1 enabled, 0 disabled (not the audit `status`, which the CRUD engine owns). */
      key: 'enabled',
      label: { zh: '状态', en: 'Status' },
      kind: 'select',
      numeric: true,
      search: 'equal',
      options: PACKAGE_STATUS,
      rules: { required: true, integer: true, minValue: 0, maxValue: 1 },
    },
    amount('kwp', '组件容量(kWp)', 'PV (kWp)'),
    amount('inverterKw', '逆变器(kW)', 'Inverter (kW)'),
    amount('batteryKwh', '电池(kWh)', 'Battery (kWh)'),
    { key: 'description', label: { zh: '描述', en: 'Description' }, kind: 'textarea', table: false, span: 24, rules: { max: 500 } },
  ],
});

export const epcPackageLineResource = defineResource({
  name: 'epcPackageLine',
  page: 'epc_package',
  api: `${PACKAGE_API}/line`,
  title: { zh: '套餐物料', en: 'Package lines' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view'],
  ui: { dialogWidth: 600 },
  defaultSort: { field: 'sku', order: 'asc' },
  fields: [
    {
      key: 'packageId',
      label: { zh: '基础套餐', en: 'Base package' },
      kind: 'select',
      search: 'equal',
      optionsFrom: { url: `${PACKAGE_API}/select`, labelKey: 'name', valueKey: 'id' },
      rules: { required: true, pattern: '^\\d{1,19}$' },
    },
    { key: 'sku', label: { zh: 'SKU编码', en: 'SKU' }, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 64, pattern: SKU_PATTERN } },
    { key: 'quantity', label: { zh: '数量', en: 'Quantity' }, kind: 'number', numeric: true, rules: { required: true, integer: true, minValue: 1, maxValue: 1_000_000 } },
    { key: 'equipmentType', label: { zh: '设备类型', en: 'Equipment type' }, kind: 'text', search: 'equal', rules: { max: 64 } },
  ],
});

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const READ = { permission: ['epc_package', 'epc_order'] } as const;

export const PackageOptionVO = Type.Object({ code: Str, name: Str, kwp: Str, inverterKw: Str, batteryKwh: Str });
/** The tenant's enabled packages, for the design form's select (designers hold `epc_order`, not `epc_package`). */
export const packageOptions = defineEndpoint({
  method: 'GET',
  url: `${PACKAGE_API}/enabled`,
  access: READ,
  tags: ['epcPackage'],
  summary: 'Enabled base packages of the tenant (code, name, system summary)',
  querystring: Type.Object({}, { additionalProperties: true }),
  data: Type.Array(PackageOptionVO),
});

export const PackageSkuLineVO = Type.Object({
  sku: Str,
  quantity: Type.Integer(),
  equipmentType: NStr,
  /** null when the SKU is not (or no longer) in the tenant's SKU base info. */
  skuName: NStr,
  spec: NStr,
  model: NStr,
  unitPrice: NStr,
  /** balance − reserved over every warehouse; 0 for an unknown SKU. */
  available: Type.Integer(),
});
export const PackageSkuInfoVO = Type.Object({
  code: Str,
  name: Str,
  enabled: Type.Integer(),
  summary: Type.Object({ kwp: Str, inverterKw: Str, batteryKwh: Str }),
  lines: Type.Array(PackageSkuLineVO),
});
/** Spec §7 "base package SKU info": the package's lines with each SKU's name, spec/model, unit price and stock available. */
export const packageSkuInfo = defineEndpoint({
  method: 'GET',
  url: `${PACKAGE_API}/skuInfo`,
  access: READ,
  tags: ['epcPackage'],
  summary: 'A base package (by code) with its lines: SKU name, spec, model, unit price and stock available',
  querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: true }),
  data: PackageSkuInfoVO,
});

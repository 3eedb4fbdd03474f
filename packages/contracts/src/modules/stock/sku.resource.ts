/**
 * Stock and materials (issue 17; spec §1 "Stock and materials", §2 `/epc/stock` and `/epc/material`, §3 "Stock",
 * "Material", "Bill of materials", "sku base info", §5 decimals, §7 "Stock" and "Sku"): the plain entities on the
 * CRUD engine — SKU base info (`skuBaseInfo`, the spec's `POST page/{size}/{current}` with a filter body, `save`,
 * `update`), warehouses and materials (Excel import and export); base packages live in the epc-package catalogue
 * (`epc/package.resource.ts`). The ledger (movements, balances, serials) is bespoke: stock.api.ts.
 */
import { defineResource, type FieldDef } from '../../crud/resource.js';
import { DECIMAL_PATTERN } from '../../validation.js';

export const STOCK_API = '/api/skyworth-agent';
/** SKU codes: letters, digits, `.`, `_`, `-` (1–64). */
export const SKU_PATTERN = '^[A-Za-z0-9._-]{1,64}$';

const text = (key: string, zh: string, en: string, max: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'text',
  rules: { max },
  ...extra,
});
const remark: FieldDef = { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 };
/** A price: non-negative, at most 3 decimals (spec §5 / §9), kept as an exact decimal (numeric(14,3)) and sent as text. */
export const price = (key: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef =>
  text(key, zh, en, 14, { rules: { max: 14, pattern: DECIMAL_PATTERN, patternMessage: 'decimal' }, ...extra });
/** The SKU type, business dictionary `sku_type` (1 inverter … 8 other). */
export const skuTypeField = (key: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label: { zh: '类型', en: 'Type' },
  kind: 'dictbiz',
  dict: 'sku_type',
  numeric: true,
  search: 'equal',
  rules: { integer: true, minValue: 1, maxValue: 8 },
  ...extra,
});

export const skuResource = defineResource({
  name: 'skuBaseInfo',
  page: 'epc_stock',
  api: `${STOCK_API}/skuBaseInfo`,
  title: { zh: 'SKU基础信息', en: 'SKU base info' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view'],
  ui: { dialogWidth: 900, maskClosable: false },
  defaultSort: { field: 'sku', order: 'asc' },
  select: { labelKey: 'skuName' },
  postPage: true,
  fields: [
    text('sku', 'SKU编码', 'SKU', 64, { search: 'like', sortable: true, unique: true, rules: { required: true, max: 64, pattern: SKU_PATTERN } }),
    text('skuName', '物料名称', 'Name', 100, { search: 'like', sortable: true, rules: { required: true, max: 100 } }),
    text('manufacturer', '制造商', 'Manufacturer', 100, { search: 'like' }),
    text('spec', '规格', 'Specification', 100),
    text('model', '型号', 'Model', 64, { search: 'like' }),
    skuTypeField('skuType', { rules: { required: true, integer: true, minValue: 1, maxValue: 8 } }),
    text('unit', '单位', 'Unit', 16),
    price('unitPrice', '单价', 'Unit price', { sortable: true }),
    {
      key: 'serialTracked',
      label: { zh: '序列号管理', en: 'Serial-tracked' },
      kind: 'switch',
      numeric: true,
      search: 'equal',
      rules: { integer: true, minValue: 0, maxValue: 1 },
    },
    {
      key: 'lowStockThreshold',
      label: { zh: '低库存阈值', en: 'Low-stock threshold' },
      kind: 'number',
      numeric: true,
      rules: { integer: true, minValue: 0, maxValue: 1_000_000_000 },
    },
    remark,
  ],
});

export const warehouseResource = defineResource({
  name: 'warehouse',
  page: 'epc_stock',
  api: `${STOCK_API}/warehouse`,
  title: { zh: '仓库', en: 'Warehouse' },
  tenantScoped: true,
  actions: ['add', 'edit', 'view'],
  ui: { dialogWidth: 600 },
  defaultSort: { field: 'warehouseName', order: 'asc' },
  select: { labelKey: 'warehouseName' },
  fields: [
    text('warehouseName', '仓库名称', 'Warehouse name', 100, { search: 'like', sortable: true, unique: true, rules: { required: true, max: 100 } }),
    text('address', '地址', 'Address', 255),
    { key: 'isDefault', label: { zh: '默认仓库', en: 'Default' }, kind: 'switch', numeric: true, form: false },
    remark,
  ],
});

export const materialResource = defineResource({
  name: 'material',
  page: 'epc_material',
  api: `${STOCK_API}/material`,
  title: { zh: '物料', en: 'Material' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 900, maskClosable: false },
  defaultSort: { field: 'materialName', order: 'asc' },
  fields: [
    text('materialName', '物料名称', 'Material name', 100, { search: 'like', sortable: true, unique: true, rules: { required: true, max: 100 } }),
    text('manufacturer', '制造商', 'Manufacturer', 100, { search: 'like' }),
    text('spec', '规格', 'Specification', 100),
    text('model', '型号', 'Model', 64, { search: 'like' }),
    text('sku', 'SKU编码', 'SKU', 64, { search: 'like', rules: { max: 64, pattern: SKU_PATTERN } }),
    skuTypeField('materialType'),
    price('unitPrice', '单价', 'Unit price', { sortable: true }),
    { key: 'quantity', label: { zh: '数量', en: 'Quantity' }, kind: 'number', numeric: true, sortable: true, rules: { integer: true, minValue: 0, maxValue: 1_000_000_000 } },
    /** unit price × quantity, worked out by the server (never stored from a body). */
    text('totalValue', '总价', 'Total value', 24, { form: false }),
    remark,
  ],
});

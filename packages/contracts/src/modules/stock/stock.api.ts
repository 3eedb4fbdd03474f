/**
 * The stock ledger (issue 17; spec §7 "Stock: skuHistory page, save, surplus quantity, cancel; skuStockLog page" and
 * "Sku: … GET pull-down"): balances per SKU and warehouse (opening, in, out, adjusted, reserved, balance,
 * available = balance − reserved), movements (receive, issue, adjust, reserve, release, opening; a cancel is a
 * reversing entry linked to the movement it cancels), the change log (before → after per movement), serial numbers
 * of serial-tracked SKUs and the stock valuation. Field rules of a movement are shared with the web's dialogs.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';
import type { Rules } from '../../validation.js';
import { SN_PATTERN } from '../../validation.js';
import { STOCK_API } from './sku.resource.js';

export const MOVEMENT_TYPES = ['opening', 'receive', 'issue', 'adjust', 'reserve', 'release', 'cancel'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
/** What a client may post to `skuHistory/save` (a cancel goes through `skuHistory/cancel`). */
export const POSTED_MOVEMENT_TYPES = ['opening', 'receive', 'issue', 'adjust', 'reserve', 'release'] as const;
export const SERIAL_STATUSES = ['in_stock', 'reserved', 'shipped', 'installed', 'returned'] as const;
export type SerialStatus = (typeof SERIAL_STATUSES)[number];
/** At most this many serials in one movement. */
export const MAX_SERIALS = 1000;
export const MAX_QUANTITY = 1_000_000;

/** The rules of a movement's fields (quantity: whole units; an adjustment may be negative, never 0). */
export const MOVEMENT_RULES: Rules = {
  skuId: { label: { zh: 'SKU编码', en: 'SKU' }, required: true, pattern: '^\\d{1,19}$' },
  warehouseId: { label: { zh: '仓库', en: 'Warehouse' }, pattern: '^\\d{1,19}$' },
  quantity: { label: { zh: '数量', en: 'Quantity' }, required: true, numeric: true, integer: true, minValue: 1, maxValue: MAX_QUANTITY },
  reason: { label: { zh: '原因', en: 'Reason' }, max: 255 },
  reference: { label: { zh: '关联单号', en: 'Reference' }, max: 64 },
};
export const ADJUST_QUANTITY_RULE = { ...MOVEMENT_RULES.quantity!, minValue: -MAX_QUANTITY };
export const SERIAL_LABEL = { zh: '序列号', en: 'Serial number' } as const;
export const SERIAL_RULE = { label: SERIAL_LABEL, pattern: SN_PATTERN } as const;

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Int = Type.Integer();
const Id = Type.String({ minLength: 1, maxLength: 20, pattern: '^\\d{1,20}$' });
const TAGS = ['stock'];
const READ = { permission: ['epc_stock', 'epc_material', 'epc_order'] } as const;
const WRITE = { permission: 'epc_stock_edit' } as const;
const page = <T extends ReturnType<typeof Type.Object>>(item: T) => Type.Object({ records: Type.Array(item), total: Int, size: Int, current: Int, pages: Int });
const listQuery = (filters: readonly string[]) =>
  Type.Object(
    { current: Type.Optional(Str), size: Type.Optional(Str), ...Object.fromEntries(filters.map((k) => [k, Type.Optional(Str)])) },
    { additionalProperties: true, description: `paging and the filters ${filters.join(', ')}` },
  );

export const SkuOptionVO = Type.Object({ id: Str, sku: Str, skuName: Str, skuType: Type.Union([Int, Type.Null()]), unit: NStr, unitPrice: Str, serialTracked: Int });
export const skuPullDown = defineEndpoint({
  method: 'GET',
  url: `${STOCK_API}/skuBaseInfo/pull-down`,
  access: READ,
  tags: TAGS,
  summary: 'SKUs for pickers (id, code, name, type, unit, price, serial-tracked), optionally filtered by type or a name/code fragment',
  querystring: Type.Object({ skuType: Type.Optional(Str), keyword: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Array(SkuOptionVO),
});

export const BalanceVO = Type.Object({
  skuId: Str,
  sku: Str,
  skuName: Str,
  skuType: Type.Union([Int, Type.Null()]),
  unit: NStr,
  unitPrice: Str,
  serialTracked: Int,
  lowStockThreshold: Int,
  /** null when the row sums every warehouse. */
  warehouseId: NStr,
  warehouseName: NStr,
  opening: Int,
  qtyIn: Int,
  qtyOut: Int,
  adjusted: Int,
  reserved: Int,
  balance: Int,
  available: Int,
  /** balance × unit price */
  value: Str,
  lowStock: Type.Boolean(),
});
export const STOCK_FILTERS = ['sku', 'skuName', 'skuType', 'warehouseId', 'lowStock'] as const;
export const stockList = defineEndpoint({
  method: 'GET',
  url: `${STOCK_API}/stock/list`,
  access: READ,
  tags: TAGS,
  summary: 'Balances per SKU (every warehouse summed, or one warehouse with warehouseId): opening, in, out, adjusted, reserved, balance, available, value, low-stock flag',
  querystring: listQuery(STOCK_FILTERS),
  data: page(BalanceVO),
});

export const stockSummary = defineEndpoint({
  method: 'GET',
  url: `${STOCK_API}/stock/summary`,
  access: READ,
  tags: TAGS,
  summary: 'The stock valuation (Σ balance × unit price) and the SKUs whose available quantity is below their low-stock threshold',
  querystring: Type.Object({ warehouseId: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Object({
    valuation: Str,
    skuCount: Int,
    lowStockCount: Int,
    lowStock: Type.Array(Type.Object({ skuId: Str, sku: Str, skuName: Str, available: Int, threshold: Int })),
  }),
});

export const MovementVO = Type.Object({
  id: Str,
  movementType: Str,
  skuId: Str,
  sku: NStr,
  skuName: NStr,
  warehouseId: Str,
  warehouseName: NStr,
  /** Units moved (an adjustment carries its sign). */
  quantity: Int,
  reason: NStr,
  reference: NStr,
  serials: Type.Array(Str),
  /** The movement a cancel reverses, and the cancel that reversed this one. */
  reversalOf: NStr,
  reversedBy: NStr,
  cancelled: Type.Boolean(),
  createUser: NStr,
  createUserName: NStr,
  createTime: NStr,
});
export const MOVEMENT_FILTERS = ['skuId', 'warehouseId', 'movementType', 'reference', 'serial', 'startTime', 'endTime'] as const;
export const movementPage = defineEndpoint({
  method: 'GET',
  url: `${STOCK_API}/skuHistory/page`,
  access: READ,
  tags: TAGS,
  summary: 'Stock movements, newest first',
  querystring: listQuery(MOVEMENT_FILTERS),
  data: page(MovementVO),
});

export const MovementBody = Type.Object(
  {
    movementType: Type.Union([Type.Literal('opening'), Type.Literal('receive'), Type.Literal('issue'), Type.Literal('adjust'), Type.Literal('reserve'), Type.Literal('release')]),
    skuId: Type.Union([Str, Type.Number()]),
    warehouseId: Type.Optional(Type.Union([Str, Type.Number(), Type.Null()])),
    quantity: Type.Union([Type.Number(), Str]),
    reason: Type.Optional(Type.Union([Str, Type.Null()])),
    reference: Type.Optional(Type.Union([Str, Type.Null()])),
    serials: Type.Optional(Type.Array(Str, { maxItems: MAX_SERIALS })),
    /** issue: take the units out of what is reserved (for `reference`) instead of what is available. */
    fromReserved: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const movementSave = defineEndpoint({
  method: 'POST',
  url: `${STOCK_API}/skuHistory/save`,
  access: WRITE,
  tags: TAGS,
  summary:
    'Record a movement (receive, issue, adjust, reserve, release, opening): the balance changes in the same transaction; refused when a balance or the available quantity would go below zero. A serial-tracked SKU names its serials (count = quantity; received ones must be in the factory lists)',
  body: MovementBody,
  data: MovementVO,
});

export const movementCancel = defineEndpoint({
  method: 'POST',
  url: `${STOCK_API}/skuHistory/cancel`,
  access: WRITE,
  tags: TAGS,
  summary: 'Cancel a movement by a reversing entry (history is never edited): answers the reversal; the movement is marked cancelled and linked to it',
  body: Type.Object({ id: Type.Union([Str, Type.Number()]), reason: Type.Optional(Type.Union([Str, Type.Null()])) }, { additionalProperties: false }),
  data: MovementVO,
});

export const surplusQuantity = defineEndpoint({
  method: 'GET',
  url: `${STOCK_API}/skuHistory/surplusQuantity`,
  access: READ,
  tags: TAGS,
  summary: "A SKU's surplus: balance, reserved and available (every warehouse, or one)",
  querystring: Type.Object({ skuId: Id, warehouseId: Type.Optional(Id) }, { additionalProperties: true }),
  data: Type.Object({ skuId: Str, warehouseId: NStr, balance: Int, reserved: Int, available: Int }),
});

export const StockLogVO = Type.Object({
  id: Str,
  movementId: Str,
  movementType: Str,
  skuId: Str,
  sku: NStr,
  skuName: NStr,
  warehouseId: Str,
  warehouseName: NStr,
  balanceBefore: Int,
  balanceAfter: Int,
  reservedBefore: Int,
  reservedAfter: Int,
  createUser: NStr,
  createUserName: NStr,
  createTime: NStr,
});
export const STOCK_LOG_FILTERS = ['skuId', 'warehouseId', 'movementId'] as const;
export const stockLogPage = defineEndpoint({
  method: 'GET',
  url: `${STOCK_API}/skuStockLog/page`,
  access: READ,
  tags: TAGS,
  summary: 'The change log: balance and reserved before and after each movement, newest first',
  querystring: listQuery(STOCK_LOG_FILTERS),
  data: page(StockLogVO),
});

export const SerialVO = Type.Object({
  id: Str,
  serial: Str,
  skuId: Str,
  sku: NStr,
  skuName: NStr,
  warehouseId: Str,
  status: Str,
  orderRef: NStr,
  plantId: NStr,
  updateTime: NStr,
});
export const SERIAL_FILTERS = ['serial', 'skuId', 'status', 'orderRef'] as const;
export const serialPage = defineEndpoint({
  method: 'GET',
  url: `${STOCK_API}/skuSerial/page`,
  access: READ,
  tags: TAGS,
  summary: 'Serial numbers of serial-tracked SKUs and their status (in stock, reserved, shipped, installed, returned)',
  querystring: listQuery(SERIAL_FILTERS),
  data: page(SerialVO),
});

export const serialStatus = defineEndpoint({
  method: 'POST',
  url: `${STOCK_API}/skuSerial/status`,
  access: WRITE,
  tags: TAGS,
  summary: 'A shipped serial installed at a station, or a shipped or installed one returned (RMA)',
  body: Type.Object(
    { serial: Str, status: Type.Union([Type.Literal('installed'), Type.Literal('returned')]), plantId: Type.Optional(Type.Union([Str, Type.Null()])) },
    { additionalProperties: false },
  ),
  data: SerialVO,
});

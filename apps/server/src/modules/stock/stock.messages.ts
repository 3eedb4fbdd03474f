/** The stock module's own messages in zh-CN and en-US, answered as a translated 400 that names the field. */
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';

export const STOCK_MESSAGES = {
  skuNotFound: ['SKU不存在', 'SKU: no such SKU'],
  warehouseNotFound: ['仓库不存在', 'Warehouse: no such warehouse'],
  movementNotFound: ['出入库记录不存在', 'No such stock movement'],
  insufficientAvailable: ['数量超过可用库存(可用 {available})', 'Quantity exceeds the available stock ({available} available)'],
  insufficientReserved: ['数量超过已预留数量(已预留 {reserved})', 'Quantity exceeds the reserved stock ({reserved} reserved)'],
  negativeBalance: ['数量会使库存结存低于已预留数量(结存 {balance},已预留 {reserved})', 'Quantity would take the balance below what is reserved (balance {balance}, reserved {reserved})'],
  cancelWouldGoNegative: ['撤销后库存将为负数,不能撤销(可用 {available},已预留 {reserved})', 'Cancelling would take the stock below zero (available {available}, reserved {reserved})'],
  openingNotFirst: ['期初数量只能在该仓库的首笔记录前录入', 'Quantity: an opening balance can only be the first entry of this SKU in this warehouse'],
  adjustZero: ['调整数量不能为 0', 'Quantity: an adjustment cannot be 0'],
  reasonRequired: ['原因不能为空', 'Reason is required'],
  adjustSerialTracked: ['序列号管理的SKU不能调整库存,请使用入库或出库', 'Quantity: a serial-tracked SKU is not adjusted; receive or issue it by serial number'],
  serialsCount: ['序列号数量({count})必须等于数量({quantity})', 'Serial number: give exactly {quantity} serial numbers ({count} given)'],
  serialsNotTracked: ['该SKU未启用序列号管理,不能填写序列号', 'Serial number: this SKU is not serial-tracked'],
  serialInvalid: ['序列号格式不正确: {sn}', 'Serial number has an invalid format: {sn}'],
  serialTwice: ['同一序列号只能选择一次: {sn}', 'Serial number: the same serial number can be chosen only once: {sn}'],
  serialUnknown: ['序列号不存在: {sn}', 'Serial number does not exist in the factory lists: {sn}'],
  serialExists: ['序列号已存在: {sn}', 'Serial number already exists: {sn}'],
  serialNotAvailable: ['序列号不在此仓库或状态不是{status}: {sn}', 'Serial number is not {status} in this warehouse: {sn}'],
  serialNotFound: ['序列号不存在: {sn}', 'Serial number not found in stock: {sn}'],
  serialTransition: ['序列号状态不能从{from}变为{to}: {sn}', 'Serial number {sn} cannot go from {from} to {to}'],
  alreadyCancelled: ['该记录已撤销', 'This movement has already been cancelled'],
  cancelOfCancel: ['撤销记录不能再撤销', 'A cancelling entry cannot itself be cancelled'],
  skuInUse: ['SKU已有库存记录,不能删除: {sku}', 'The SKU has stock movements and cannot be removed: {sku}'],
  lowStockTitle: ['库存不足: {sku} {name}', 'Low stock: {sku} {name}'],
  lowStockContent: [
    'SKU {sku}({name})可用库存 {available},低于阈值 {threshold}。',
    'SKU {sku} ({name}) has {available} available, below its threshold of {threshold}.',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export const SERIAL_STATUS_NAMES: Record<string, readonly [string, string]> = {
  in_stock: ['在库', 'in stock'],
  reserved: ['已预留', 'reserved'],
  shipped: ['已发货', 'shipped'],
  installed: ['已安装', 'installed'],
  returned: ['已退回', 'returned'],
};

export type StockMessageKey = keyof typeof STOCK_MESSAGES;

export function stockText(lang: Lang, key: StockMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = STOCK_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export function stockError(lang: Lang, key: StockMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([stockText(lang, key, params)]);
}

export function serialStatusName(lang: Lang, status: string): string {
  return SERIAL_STATUS_NAMES[status]?.[lang === 'en-US' ? 1 : 0] ?? status;
}

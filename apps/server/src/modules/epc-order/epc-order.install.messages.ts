/**
 * The install stages' messages in zh-CN and en-US (issue 19; spec §8 "provide signature first", "tick the
 * statement"): refusals of the installation date, the material collection (shipment) and the signing, answered as a
 * translated 400.
 */
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';

export const INSTALL_MESSAGES = {
  dateRequired: ['请选择安装日期', 'Choose the installation date'],
  signatureRequired: ['请先签名', 'Please provide your signature first'],
  signedAtRequired: ['请填写签收时间', 'Give the time of signing'],
  statementRequired: ['请勾选确认声明', 'Please tick the statement'],
  lossReasonRequired: ['请填写丢失或损坏的原因', 'Give the reason for the loss or damage'],
  tooManyPhotos: ['照片最多 {max} 张', 'At most {max} photos'],
  noShipment: ['没有待签收的发货单', 'There is no shipment awaiting signature'],
  nothingReserved: ['订单没有待发货的物料', 'The order has no material to ship'],
  lineNotOrdered: ['该物料不属于此订单: {sku}', 'This item is not part of the order: {sku}'],
  lineTooMany: ['发货数量超过未发货数量: {sku}(未发货 {left})', 'More than is left to ship: {sku} ({left} left)'],
  lineMissing: ['物料尚未全部发货: {sku}(未发货 {left})', 'Not everything is shipped: {sku} ({left} left)'],
  lineTwice: ['同一物料只能填写一行: {sku}', 'Each item can be on one line only: {sku}'],
} as const satisfies Record<string, readonly [string, string]>;

export type InstallMessageKey = keyof typeof INSTALL_MESSAGES;

export function installText(lang: Lang, key: InstallMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = INSTALL_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A translated 400 with this message. */
export function installError(lang: Lang, key: InstallMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([installText(lang, key, params)]);
}

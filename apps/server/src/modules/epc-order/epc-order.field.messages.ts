/**
 * The field stages' messages in zh-CN and en-US (issue 19; spec §8 "only submit within 2 km of the site", "inverter
 * serial not exist", "battery serial not exist", "same SN selected once"): refusals of the EHS submission (risks,
 * PPE, declaration, location and distance), of the QC serials (existence for the device type, the order's own
 * shipment, installed elsewhere, chosen twice) and of the sub-node statuses, answered as a translated 400.
 */
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';

export const FIELD_MESSAGES = {
  risksTooFew: ['请至少填写 {min} 项风险及其解决方案(已填写 {count} 项)', 'Give at least {min} risks, each with its solution ({count} given)'],
  riskWithoutSolution: ['请填写风险的解决方案: {risk}', 'Give the solution for the risk: {risk}'],
  ppeRequired: ['请至少选择一项个人防护装备(PPE)', 'Choose at least one personal protective equipment (PPE) item'],
  declarationRequired: ['请勾选声明', 'Please tick the declaration'],
  locationRequired: ['无法获取当前位置,请允许定位后重试', 'Your location is needed to submit; allow location access and try again'],
  siteUnknown: ['订单没有现场位置,无法核验提交位置', "The order has no site location, so where you submit from cannot be checked"],
  outsideRadius: ['仅可在现场 {radius} 公里范围内提交(当前距离 {distance} 公里)', 'Only submit within {radius} km of the site (you are {distance} km away)'],
  inverterNotExist: ['逆变器序列号不存在: {sn}', 'Inverter serial does not exist: {sn}'],
  batteryNotExist: ['电池序列号不存在: {sn}', 'Battery serial does not exist: {sn}'],
  deviceNotExist: ['序列号不存在({type}): {sn}', 'Serial does not exist ({type}): {sn}'],
  snRepeated: ['同一序列号只能选择一次: {sn}', 'The same SN can be selected only once: {sn}'],
  snNotOrders: ['该序列号不是本订单发货的设备: {sn}', 'This serial was not shipped for this order: {sn}'],
  snInstalledElsewhere: ['该序列号已安装在其他电站: {sn}', 'This serial is already installed in another station: {sn}'],
  serialsRequired: ['请至少选择一个序列号', 'Choose at least one serial number'],
  nodesWrongStage: ['订单当前不在「{stage}」环节,不能保存子节点状态', 'The order is not at "{stage}"; sub-node statuses cannot be saved'],
  customerMissing: ['订单缺少客户信息,无法创建电站', 'The order has no customer details to create the station from'],
} as const satisfies Record<string, readonly [string, string]>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function fieldText(lang: Lang, key: FieldMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = FIELD_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A translated 400 with this message. */
export function fieldError(lang: Lang, key: FieldMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([fieldText(lang, key, params)]);
}

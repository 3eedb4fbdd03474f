/** Maintenance orders' refusals in zh-CN and en-US (a translated 400, or 404 wording for what the caller cannot see). */
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';

export const MAINT_MESSAGES = {
  freeWarrantyExpired: [
    '费用类型为保内免费,但质保已于 {date} 到期:请选择收费类型或更正质保日期',
    'The fee type is free (under warranty) but the warranty ended on {date}: choose a chargeable fee type or correct the warranty date',
  ],
  freeWarrantyInvalid: ['费用类型为保内免费,但质保核验结果不是"在保"', 'The fee type is free (under warranty) but the warranty verification did not find a valid warranty'],
  stationNotFound: ['电站不存在或无权访问', 'The station does not exist or is not visible to you'],
  deviceNotAtStation: ['设备 {sn} 不在该电站', 'Device {sn} is not at this station'],
  alarmNotFound: ['告警不存在或不属于该设备', 'The alarm does not exist or does not belong to this device'],
  alarmHasOrder: ['该告警已开运维订单 {orderNumber}', 'This alarm already has maintenance order {orderNumber}'],
  installOrderNotFound: ['原安装订单不存在或无权访问', 'The original installation order does not exist or is not visible to you'],
  agentRequired: ['请选择负责的代理商(电站没有运维公司)', 'Choose the agent in charge (the station has no operation company)'],
  lookupEmpty: ['请至少填写客户姓名、电话、地址或序列号之一', 'Enter at least a customer name, phone, address or serial number'],
  historyEmpty: ['请指定电站、序列号或安装订单', 'Name a station, a serial number or an installation order'],
  replaceWrongStage: ['只能在维修质检阶段更换设备', 'A device can only be replaced at the repair QC stage'],
  replaceNoStation: ['订单没有关联电站,无法更换设备', 'The order has no station, so no device can be replaced'],
  replaceSameSn: ['新序列号与旧序列号相同', 'The new serial number is the same as the old one'],
  replaceOldNotHere: ['旧序列号 {sn} 不是该电站的在用设备', 'The old serial number {sn} is not a device in use at this station'],
  replaceNewNotInStock: ['新序列号 {sn} 不在库存中(状态: {status})', 'The new serial number {sn} is not in stock (status: {status})'],
  replaceNewUnknown: ['新序列号 {sn} 不在库存中', 'The new serial number {sn} is not in stock'],
  replaceNewInstalled: ['新序列号 {sn} 已安装在电站 {station}', 'The new serial number {sn} is already installed at station {station}'],
  replaceTypeMismatch: ['新设备类型({newType})与旧设备类型({oldType})不同', 'The new device type ({newType}) differs from the old one ({oldType})'],
  replaceNotFactory: ['新序列号 {sn} 不在出厂清单中', 'The new serial number {sn} is not in the factory lists'],
} as const satisfies Record<string, readonly [string, string]>;

export type MaintMessageKey = keyof typeof MAINT_MESSAGES;

export function maintText(lang: Lang, key: MaintMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = MAINT_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export function maintError(lang: Lang, key: MaintMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([maintText(lang, key, params)]);
}

/** The OTA module's own messages in zh-CN and en-US, answered as a translated 400 in the caller's language. */
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';

export const OTA_MESSAGES = {
  packageNotFound: ['升级包不存在', 'The OTA package does not exist'],
  fileRequired: ['请上传一个升级包文件', 'Please upload one package file'],
  fileNotFound: ['升级包文件不存在,请重新上传', 'The package file does not exist; upload it again'],
  versionExists: ['该设备类型和固件类型的版本 {version} 已存在', 'Version {version} of this device and firmware type already exists'],
  packageInUse: ['升级包正在升级任务中使用,不能删除', 'The package is used by a running upgrade campaign and cannot be removed'],
  deviceNotFound: ['设备不存在: {sn}', 'No such device: {sn}'],
  deviceTypeMismatch: ['设备类型与升级包不符: {sn}', 'The device type does not match the package: {sn}'],
  upgradeBusy: ['设备正在升级中: {sn}', 'The device is already being upgraded: {sn}'],
  retryNotFailed: ['只能重试失败的升级', 'Only a failed upgrade can be retried'],
  noTargets: ['没有符合条件的设备', 'No device matches the filter'],
  campaignNotFound: ['升级任务不存在', 'The upgrade campaign does not exist'],
  campaignState: ['升级任务当前状态不允许此操作', 'The campaign is not in a state that allows this'],
  haltFailureRate: ['第 {wave} 批: {total} 台中 {failed} 台失败(超过 {threshold}%)', 'wave {wave}: {failed} of {total} failed (more than {threshold}%)'],
  noRollbackPackage: ['找不到回滚用的上一版本升级包', 'No package of the previous version was found to roll back to'],
} as const satisfies Record<string, readonly [string, string]>;

export type OtaMessageKey = keyof typeof OTA_MESSAGES;

export function otaText(lang: Lang, key: OtaMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = OTA_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export function otaError(lang: Lang, key: OtaMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([otaText(lang, key, params)]);
}

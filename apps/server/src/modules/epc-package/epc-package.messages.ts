/** The base-package catalogue's refusals in zh-CN and en-US (a translated 400). */
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';

export const PACKAGE_MESSAGES = {
  packageUnknown: ['基础套餐不存在: {code}', 'Unknown base package: {code}'],
  packageDisabled: ['基础套餐已停用: {code}', 'The base package is disabled: {code}'],
  packageMissing: ['所属基础套餐不存在', 'The line’s base package does not exist'],
} as const satisfies Record<string, readonly [string, string]>;

export type PackageMessageKey = keyof typeof PACKAGE_MESSAGES;

export function packageText(lang: Lang, key: PackageMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = PACKAGE_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export function packageError(lang: Lang, key: PackageMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([packageText(lang, key, params)]);
}

/**
 * The handover stages' messages in zh-CN and en-US (issue 19; spec §8 "provide signature first", "tick the
 * statement"): refusals of the FAC sign audit (the four signatures, the statement), of the COC (the customer's
 * confirmation), and the FAC template's texts, answered as a translated 400.
 */
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';

export const HANDOVER_MESSAGES = {
  signatureRequired: ['请先签名:{who}', 'Please provide the signature first: {who}'],
  signatureNotFound: ['签名文件不存在:{who}', 'The signature was not found: {who}'],
  signatureNotImage: ['签名必须是图片:{who}', 'The signature must be an image: {who}'],
  statementRequired: ['请勾选确认声明', 'Please tick the statement'],
  cocConfirmRequired: ['请勾选客户确认', 'Please tick the customer confirmation'],
  landlord: ['房东', 'landlord'],
  installer: ['安装人员', 'installer'],
  electrician: ['电工', 'electrician'],
  owner: ['业主', 'owner'],
  pdfName: ['FAC模板-{orderNumber}.pdf', 'FAC-{orderNumber}.pdf'],
} as const satisfies Record<string, readonly [string, string]>;

export type HandoverMessageKey = keyof typeof HANDOVER_MESSAGES;

export function handoverText(lang: Lang, key: HandoverMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = HANDOVER_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A translated 400 with this message. */
export function handoverError(lang: Lang, key: HandoverMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([handoverText(lang, key, params)]);
}

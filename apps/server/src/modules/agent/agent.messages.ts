/** The agent module's own messages in zh-CN and en-US, answered as a translated 400 that names the field. */
import type { Lang } from '../../core/i18n.js';
import { FieldsError } from '../../crud/types.js';

export const AGENT_MESSAGES = {
  mobileLength: ['{field}长度须为11位', '{field} must be 11 digits'],
  regionUnknown: ['{field}不存在或不属于所选上级地区', '{field}: no such region under the one chosen above it'],
  dateTimeInvalid: ['{field}格式不正确(yyyy-MM-dd HH:mm:ss)', '{field} has an invalid format (yyyy-MM-dd HH:mm:ss)'],
  deptTaken: ['该机构已属于代理商: {name}', 'This department already belongs to an agent company: {name}'],
  documentNotFound: ['文件不存在或不属于本租户: {id}', 'Documents: no such file in your tenant: {id}'],
  documentType: ['资料只能是图片或PDF文件: {name}', 'Documents must be images or PDF files: {name}'],
  documentTooLarge: ['文件大小不能超过10M: {name}', 'A file must not be larger than 10 MB: {name}'],
  documentsTooMany: ['最多只能上传{max}个文件', 'At most {max} files can be uploaded'],
  roleNotAgent: ['{field}只能是代理商员工角色', '{field} must be one of the agent staff roles'],
  notStaff: ['该用户不是此代理商的员工: {id}', 'This user is not one of the company\'s staff: {id}'],
  stationNotFound: ['电站不存在或无权访问: {id}', 'Associated stations: no such station you may see: {id}'],
  noDepartment: ['该代理商没有所属机构', 'This agent company has no department'],
} as const satisfies Record<string, readonly [string, string]>;

export type AgentMessageKey = keyof typeof AGENT_MESSAGES;

export function agentText(lang: Lang, key: AgentMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = AGENT_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A translated 400 naming `field` (the form shows it at the field). */
export function agentError(lang: Lang, field: string, key: AgentMessageKey, params: Record<string, string | number> = {}): FieldsError {
  return new FieldsError([{ field, message: agentText(lang, key, params) }]);
}

/** The workflow module's own messages in zh-CN and en-US: 400s in the caller's language; 409s are core keys. */
import { BizError, ValidationError } from '../../core/errors.js';
import type { Lang, MessageKey } from '../../core/i18n.js';

export const FLOW_MESSAGES = {
  modelNotFound: ['流程模型不存在', 'The process model does not exist'],
  modelKeyInvalid: ['模型标识只能包含字母、数字、_ 和 -,且以字母开头(最多64位)', 'The model key may hold letters, digits, _ and - and must start with a letter (at most 64)'],
  modelXmlRequired: ['请先设计流程再部署', 'Design the process before deploying it'],
  invalidModel: ['流程定义不符合要求: {errors}', 'The process definition is not accepted: {errors}'],
  definitionNotFound: ['流程定义不存在', 'The process definition does not exist'],
  definitionSuspended: ['流程定义已挂起,不能发起', 'The process definition is suspended and cannot be started'],
  notStarter: ['您不能发起此流程', 'You may not start this process'],
  instanceNotFound: ['流程实例不存在', 'The process instance does not exist'],
  taskNotFound: ['任务不存在', 'The task does not exist'],
  notCandidate: ['您不是此任务的候选人', 'You are not a candidate for this task'],
  deploymentNotFound: ['部署不存在', 'The deployment does not exist'],
  deploymentInUse: ['流程定义有运行中的实例,不能删除部署: {name}', 'The deployment has running instances and cannot be deleted: {name}'],
  tenantNotFound: ['租户不存在: {tenantId}', 'No such tenant: {tenantId}'],
  tenantNotAllowed: ['只能部署到本租户', 'You may deploy only to your own tenant'],
  fileRequired: ['请上传流程文件(.bpmn、.bpmn20.xml 或 .zip)', 'Upload a process file (.bpmn, .bpmn20.xml or .zip)'],
  fileType: ['只能上传 .bpmn、.bpmn20.xml 或 .zip 文件: {name}', 'Only .bpmn, .bpmn20.xml or .zip files can be uploaded: {name}'],
  fileTooLarge: ['文件过大(最多 {max})', 'The file is too large (at most {max})'],
  zipInvalid: ['压缩包无法读取: {name}', 'The archive cannot be read: {name}'],
  zipTooManyEntries: ['压缩包内文件过多(最多 {max} 个)', 'The archive holds too many files (at most {max})'],
  zipTooLarge: ['压缩包解压后过大(最多 {max})', 'The archive is too large once unpacked (at most {max})'],
  zipBadName: ['压缩包内的文件名不允许: {name}', 'A file name inside the archive is not allowed: {name}'],
  zipNoProcess: ['压缩包内没有流程文件', 'The archive holds no process file'],
  variablesInvalid: ['流程变量不正确: {reason}', 'The process variables are not accepted: {reason}'],
  flowFailed: ['流程无法继续: {reason}', 'The process cannot continue: {reason}'],
  leaveDates: ['结束时间必须晚于开始时间', 'The end time must be after the start time'],
  leaveNotFound: ['请假单不存在', 'The leave request does not exist'],
  paramRequired: ['缺少参数: {param}', 'Missing parameter: {param}'],
  attachmentsTooMany: ['附件最多 {max} 个', 'At most {max} attachments'],
  attachmentNotFound: ['附件不存在: {id}', 'No such attachment: {id}'],
  attachmentTooLarge: ['附件过大(最多 10 MB): {name}', 'The attachment is too large (at most 10 MB): {name}'],
} as const satisfies Record<string, readonly [string, string]>;

export type FlowMessageKey = keyof typeof FLOW_MESSAGES;

export function flowText(lang: Lang, key: FlowMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = FLOW_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A translated 400. */
export function flowError(lang: Lang, key: FlowMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([flowText(lang, key, params)]);
}

/** A 409 (core message keys: the task or instance is no longer in the state the request needs). */
export function flowConflict(key: Extract<MessageKey, `flow${string}`>): BizError {
  return new BizError(key, {}, 409, 409);
}

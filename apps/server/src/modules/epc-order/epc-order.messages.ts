/**
 * The order module's messages in zh-CN and en-US: the stage engine's refusals (each code of `Refusal`) and the
 * module's own checks, answered as a translated 400 (403 for "not your stage's role", 409 for a stale version).
 */
import type { Refusal } from '@helio/contracts/process/types';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import type { Lang } from '../../core/i18n.js';
import { ForbiddenError, ValidationError } from '../../core/errors.js';
import { ConflictError } from '../../core/optimistic.js';

export const ORDER_MESSAGES = {
  'unknown-action': ['未知操作: {action}', 'Unknown action: {action}'],
  'unknown-stage': ['未知环节: {stage}', 'Unknown stage: {stage}'],
  'wrong-process': ['订单流程不匹配', 'The order belongs to another process'],
  'stale-version': ['订单已被他人修改,请刷新后重试', 'The order was changed by someone else; reload it and try again'],
  terminal: ['订单已结束({stage})', 'The order has ended ({stage})'],
  'stage-skipped': ['不能跳过环节: 当前环节为「{current}」', 'A stage cannot be skipped: the order is at "{current}"'],
  'not-current-stage': ['订单当前环节为「{current}」,不在「{stage}」', 'The order is at "{current}", not at "{stage}"'],
  'pending-examination': ['订单有待审批的{request}申请', 'The order has a {request} request awaiting examination'],
  'nothing-to-examine': ['没有待审批的申请', 'There is no request to examine'],
  'self-examination': ['不能审批自己提交的申请', 'You cannot examine your own request'],
  'action-not-allowed': ['「{stage}」环节不允许此操作: {action}', 'The stage "{stage}" does not allow: {action}'],
  'not-actor': ['您的角色不能在「{stage}」环节执行此操作', 'Your roles cannot take this action at "{stage}"'],
  'awaiting-review': ['「{stage}」已提交,等待审核', '"{stage}" has been submitted and awaits review'],
  'not-submitted': ['「{stage}」尚未提交审核', '"{stage}" has not been submitted for review'],
  'reason-required': ['请填写原因', 'Please give a reason'],
  'reject-target-missing': ['请选择驳回到的环节', 'Choose the stage to send the order back to'],
  'reject-target-not-earlier': ['只能驳回到之前的环节: {target}', 'An order can only be sent back to an earlier stage: {target}'],
  'reject-target-not-allowed': ['不能驳回到该环节: {target}', 'The order cannot be sent back to: {target}'],
  'reject-target-not-visited': ['订单未经过该环节: {target}', 'The order has not been through: {target}'],
  'missing-requirement': ['信息不完整: {field}', 'Information incomplete: {field}'],
  'predicate-unavailable': ['该检查尚不可用: {predicate}', 'This check is not available yet: {predicate}'],
  'invalid-form': ['{field}: {message}', '{field}: {message}'],
  'form-required': ['请填写表单', 'Please fill in the form'],
  'assignee-missing': ['请指定人员: {role}', 'Designate a person for: {role}'],
  'unknown-sub-status': ['未知子状态: {subStatus}', 'Unknown sub-status: {subStatus}'],
  'decision-required': ['请选择通过或驳回', 'Choose approve or refuse'],
  'no-next-stage': ['「{stage}」没有下一环节', '"{stage}" has no next stage'],
  orderNotFound: ['订单不存在', 'No such order'],
  agentRequired: ['请选择代理商', 'Choose the agent company'],
  notOwnCompany: ['只能为本公司创建订单', 'You can only create orders for your own company'],
  notStaff: ['该人员不是订单所属代理商的员工: {id}', "This person is not one of the order's company staff: {id}"],
  excludedStaff: ['该人员已被排除,不能指派: {id}', 'This person is excluded from the company\'s orders: {id}'],
  wrongStaffRole: ['该人员没有所需角色({role}): {id}', 'This person does not have the role ({role}): {id}'],
  notAssigned: ['该任务已指派给其他人员', 'This task is assigned to other people'],
  duplicateEquipmentType: ['同一设备类型不能重复添加: {type}', 'The same equipment type cannot be added twice: {type}'],
  duplicateAppliance: ['电器类型已存在: {type}', 'Appliance type already exists: {type}'],
  tooManyAppliances: ['电器数量超过上限({max})', 'Too many appliances (at most {max})'],
  stockInsufficient: ['库存不足: {lines}', 'Insufficient stock: {lines}'],
  stockLineMissing: ['物料清单中的物料未确认: {sku}', 'A BOM line is not confirmed: {sku}'],
  dateRequired: ['请选择日期', 'Choose a date'],
  decisionRequired: ['请选择通过或驳回', 'Choose approve or refuse'],
} as const satisfies Record<string, readonly [string, string]>;

export type OrderMessageKey = keyof typeof ORDER_MESSAGES;

export function orderText(lang: Lang, key: OrderMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = ORDER_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A translated 400 with these messages. */
export function orderError(lang: Lang, key: OrderMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([orderText(lang, key, params)]);
}

const stageName = (lang: Lang, id: string) => {
  const st = EPC_ORDER_PROCESS.stage(id);
  return st ? st.name[lang === 'en-US' ? 'en' : 'zh'] : id;
};

/** The stage engine's refusals as one error: 409 for a stale version (translated), 403 for a wrong role, else 400 listing each. */
export function refusalError(lang: Lang, errors: readonly Refusal[]): Error {
  if (errors.some((e) => e.code === 'stale-version')) return new ConflictError();
  const texts = errors.map((e) => {
    const p: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(e)) if (k !== 'code') p[k] = Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v ? JSON.stringify(v) : String(v);
    for (const k of ['stage', 'current', 'target']) if (typeof p[k] === 'string') p[k] = stageName(lang, p[k] as string);
    if (e.code === 'missing-requirement' && e.message) p.field = e.message[lang === 'en-US' ? 'en' : 'zh'];
    else if (e.code === 'missing-requirement' && !e.field && e.predicate) p.field = e.predicate;
    return orderText(lang, e.code, p);
  });
  if (errors.length && errors.every((e) => e.code === 'not-actor')) return new ForbiddenError();
  return new ValidationError(texts);
}

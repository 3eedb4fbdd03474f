/**
 * Which endpoint of contracts `order.api` serves which stage and action (the server's epc-order.routes.ts names the
 * same pairs): one step endpoint per stage, each posting the order's id, the version it was loaded at, and the
 * action's own fields. Part 2's stages (installation onwards) are in stage-calls-install/-field/-handover.ts. Stage
 * ids are shared by the order definitions (contracts processes.ts): a maintenance order's step is the same call,
 * sent to the endpoint's maintenance twin (the input's `process`, stage-call.ts).
 */
import * as api from '@helio/contracts/modules/epc/order.api';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import type { FormDef, ProcessAction, ProcessDefinition } from '@helio/contracts/process/types';
import { base, callEndpoint, form, reject, type ActionInput, type Call } from './stage-call';
import { FIELD_CALLS } from './stage-calls-field';
import { HANDOVER_CALLS } from './stage-calls-handover';
import { INSTALL_CALLS } from './stage-calls-install';

export type { ActionInput } from './stage-call';

/** Stage → action → call. `examine`, `cancel` and `edit` are process-wide (`processCall`). */
export const STAGE_CALLS: Record<string, Partial<Record<ProcessAction, Call>>> = {
  create: {
    save: (i) => callEndpoint(api.submitCreate, i, { ...base(i), customer: form(i), save: true }),
    submit: (i) => callEndpoint(api.submitCreate, i, { ...base(i), customer: form(i) }),
  },
  warranty_verification: {
    approve: (i) => callEndpoint(api.warrantyAudit, i, { ...base(i), approved: true, form: form(i) }),
    reject: (i) => callEndpoint(api.warrantyAudit, i, reject(i)),
  },
  callout_quote: {
    save: (i) => callEndpoint(api.calloutQuoteSubmit, i, { ...base(i), form: form(i), save: true }),
    submit: (i) => callEndpoint(api.calloutQuoteSubmit, i, { ...base(i), form: form(i) }),
    approve: (i) => callEndpoint(api.calloutQuoteAudit, i, { ...base(i), approved: true }),
    reject: (i) => callEndpoint(api.calloutQuoteAudit, i, reject(i)),
  },
  survey_date: {
    submit: (i) => {
      const f = form(i);
      return callEndpoint(api.explorationDate, i, { ...base(i), date: String(f.date ?? ''), ...(f.remark ? { remark: String(f.remark) } : {}) });
    },
  },
  designated_person: {
    assign: (i) => callEndpoint(api.designatedPersonAssign, i, { ...base(i), technicianIds: i.technicianIds ?? [], electricianIds: i.electricianIds ?? [] }),
  },
  survey: {
    save: (i) => callEndpoint(api.surveySave, i, { ...base(i), form: form(i) }),
    submit: (i) => callEndpoint(api.surveySubmit, i, { ...base(i), form: form(i) }),
  },
  survey_review: {
    approve: (i) => callEndpoint(api.surveyAudit, i, { ...base(i), approved: true }),
    reject: (i) => callEndpoint(api.surveyAudit, i, reject(i)),
  },
  design: {
    save: (i) => callEndpoint(api.designSave, i, { ...base(i), form: form(i) }),
    submit: (i) => callEndpoint(api.designSubmit, i, { ...base(i), form: form(i) }),
    approve: (i) => callEndpoint(api.designAudit, i, { ...base(i), approved: true }),
    reject: (i) => callEndpoint(api.designAudit, i, reject(i)),
  },
  stock_audit: {
    // The stage offers `save` but the API has no stock-audit draft: the lines travel with the approval.
    approve: (i) => callEndpoint(api.stockAudit, i, { ...base(i), approved: true, form: form(i) }),
    reject: (i) => callEndpoint(api.stockAudit, i, reject(i)),
  },
  ess_quotation: {
    save: (i) => callEndpoint(api.quoteSubmit, i, { ...base(i), form: form(i), save: true }),
    submit: (i) => callEndpoint(api.quoteSubmit, i, { ...base(i), form: form(i) }),
    approve: (i) => callEndpoint(api.quoteAudit, i, { ...base(i), approved: true }),
    reject: (i) => callEndpoint(api.quoteAudit, i, reject(i)),
  },
  ess_payment: {
    submit: (i) => callEndpoint(api.installPayConfirm, i, { ...base(i), form: form(i) }),
    reject: (i) => callEndpoint(api.installPayCancel, i, { ...base(i), reason: i.reason ?? '' }),
  },
  // Part 2 (issue 19): installation and shipment, EHS and QC, FAC, COC and balance payment.
  ...INSTALL_CALLS,
  ...FIELD_CALLS,
  ...HANDOVER_CALLS,
};

/** Cancel and edit requests, and their examination (`approved` set). */
export const processCall = {
  cancel: (i: ActionInput) => callEndpoint(api.examineCancelOrder, i, { ...base(i), reason: i.reason ?? '' }),
  edit: (i: ActionInput) => callEndpoint(api.examineEditOrder, i, { ...base(i), customer: form(i), ...(i.reason ? { reason: i.reason } : {}) }),
  examine: (kind: string, i: ActionInput) =>
    callEndpoint(kind === 'cancel' ? api.examineCancelOrder : api.examineEditOrder, i, {
      ...base(i),
      approved: Boolean(i.approved),
      ...(i.reason ? { reason: i.reason } : {}),
    }),
};

/** The stage's actions that have a call (in the definition's order). */
export function stageActions(stage: string, actions: readonly string[]): ProcessAction[] {
  const calls = STAGE_CALLS[stage] ?? {};
  return (['save', 'submit', 'assign', 'approve', 'reject'] as const).filter((a) => actions.includes(a) && calls[a]);
}

/**
 * Where a reject may send the order: the definition's `rejectTo` (the stage itself means "back to its actors"); the
 * installer order's definition unless another is given.
 */
export function rejectTargets(stage: string, def: ProcessDefinition = EPC_ORDER_PROCESS): readonly string[] {
  if (stage === 'ess_payment') return ['ess_quotation'];
  return def.stage(stage)?.rejectTo ?? [];
}

/** The form a stage shows: its own, or for a review-only stage the nearest earlier stage's (read-only). */
export function shownForm(stage: string, def: ProcessDefinition = EPC_ORDER_PROCESS): { form: FormDef | undefined; own: boolean } {
  const own = def.formOf(stage);
  if (own) return { form: own, own: true };
  const st = def.stage(stage);
  if (!st || st.terminal || st.actions?.includes('assign')) return { form: undefined, own: false };
  for (let i = def.indexOf(stage) - 1; i >= 0; i--) {
    const f = def.formOf(def.stageIds[i]!);
    if (f) return { form: f, own: false };
  }
  return { form: undefined, own: false };
}

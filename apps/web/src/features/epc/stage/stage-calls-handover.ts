/**
 * Stage → action → call for the handover stages of part 2 (issue 19; contracts order.handover.api.ts): the FAC sign
 * audit (save a draft, submit for review, the administrator's review), the temporary and final COC (the final one
 * reviewed) and finance's balance payment, which completes the order.
 */
import * as api from '@helio/contracts/modules/epc/order.handover.api';
import type { ProcessAction } from '@helio/contracts/process/types';
import { base, callEndpoint, form, reject, type Call } from './stage-call';

export const HANDOVER_CALLS: Record<string, Partial<Record<ProcessAction, Call>>> = {
  fac_sign_audit: {
    save: (i) => callEndpoint(api.facSubmit, i, { ...base(i), form: form(i), save: true }),
    submit: (i) => callEndpoint(api.facSubmit, i, { ...base(i), form: form(i) }),
    approve: (i) => callEndpoint(api.facAudit, i, { ...base(i), approved: true }),
    reject: (i) => callEndpoint(api.facAudit, i, reject(i)),
  },
  temporary_coc: {
    submit: (i) => callEndpoint(api.temporaryCocSubmit, i, { ...base(i), form: form(i) }),
  },
  final_coc: {
    submit: (i) => callEndpoint(api.finalCocSubmit, i, { ...base(i), form: form(i) }),
    approve: (i) => callEndpoint(api.finalCocAudit, i, { ...base(i), approved: true }),
    reject: (i) => callEndpoint(api.finalCocAudit, i, reject(i)),
  },
  balance_payment: {
    submit: (i) => callEndpoint(api.balancePayConfirm, i, { ...base(i), form: form(i) }),
  },
};

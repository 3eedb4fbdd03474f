/**
 * Stage → action → call for the install stages of part 2 (issue 19; contracts order.install.api.ts): the installation
 * date, the work-order assignment (the designated-person form's technicians and electricians), the material
 * collection (save a draft or ship) and the signing (sign, or report loss or damage with the reject dialog's reason).
 */
import * as api from '@helio/contracts/modules/epc/order.install.api';
import type { ProcessAction } from '@helio/contracts/process/types';
import { base, callEndpoint, form, type Call } from './stage-call';

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

export const INSTALL_CALLS: Record<string, Partial<Record<ProcessAction, Call>>> = {
  installation_date: {
    submit: (i) => {
      const f = form(i);
      return callEndpoint(api.installDateExamine, i, { ...base(i), date: String(f.date ?? ''), ...(str(f.remark) ? { remark: String(f.remark) } : {}) });
    },
  },
  install_assignment: {
    assign: (i) => callEndpoint(api.woAssignmentExamine, i, { ...base(i), technicianIds: i.technicianIds ?? [], electricianIds: i.electricianIds ?? [] }),
  },
  material_collection: {
    save: (i) => callEndpoint(api.materialCollectionExamine, i, { ...base(i), form: form(i), save: true }),
    submit: (i) => callEndpoint(api.materialCollectionExamine, i, { ...base(i), form: form(i) }),
  },
  material_signing: {
    submit: (i) => {
      const f = form(i);
      return callEndpoint(api.signSubmit, i, {
        ...base(i),
        ...(str(f.signature) ? { signature: String(f.signature) } : {}),
        ...(str(f.signedAt) ? { signedAt: String(f.signedAt) } : {}),
        ...(typeof f.confirmed === 'boolean' ? { confirmed: f.confirmed } : {}),
      });
    },
    // Loss or damage: the reject dialog's reason; the order goes back to material collection for a reshipment.
    reject: (i) => callEndpoint(api.signLoss, i, { ...base(i), reason: i.reason ?? '' }),
  },
};

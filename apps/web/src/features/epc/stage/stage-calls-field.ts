/**
 * Stage → action → call for the field stages of part 2 (issue 19; contracts order.field.api.ts): the EHS submission
 * (a draft, or the submit with the phone's location that `beforeCall` read — field/ehs-before.ts), its verification
 * (approve, or reject with a reason), the QC submission (draft or submit) and its verification (approve commissions
 * the system). Every call carries the offline submission's id (`base`), so a kept step is acted on once.
 */
import * as api from '@helio/contracts/modules/epc/order.field.api';
import type { ProcessAction } from '@helio/contracts/process/types';
import type { FieldInput } from '../field/ehs-before';
import { base, callEndpoint, form, reject, type ActionInput, type Call, type Rec } from './stage-call';

/** The EHS form without what the server records itself (the location the step sends, its accuracy and distance). */
const ehsForm = (i: ActionInput): Rec => {
  const { location: _l, accuracy: _a, distanceKm: _d, ...rest } = form(i);
  return rest;
};
const locationOf = (i: ActionInput) => {
  const l = (i as FieldInput).location;
  return l ? { location: { lat: l.lat, lng: l.lng, ...(l.accuracy !== undefined ? { accuracy: l.accuracy } : {}) } } : {};
};

export const FIELD_CALLS: Record<string, Partial<Record<ProcessAction, Call>>> = {
  ehs_submission: {
    save: (i) => callEndpoint(api.ehsInsert, i, { ...base(i), form: ehsForm(i), ...locationOf(i) }),
    submit: (i) => callEndpoint(api.ehsSubmit, i, { ...base(i), form: ehsForm(i), ...locationOf(i) }),
  },
  ehs_verification: {
    approve: (i) => callEndpoint(api.ehsFinalExamine, i, { ...base(i), approved: true }),
    reject: (i) => callEndpoint(api.ehsFinalExamine, i, reject(i)),
  },
  qc_submission: {
    save: (i) => callEndpoint(api.qcSave, i, { ...base(i), form: form(i) }),
    submit: (i) => callEndpoint(api.qcSubmit, i, { ...base(i), form: form(i) }),
  },
  qc_verification: {
    approve: (i) => callEndpoint(api.qcVerify, i, { ...base(i), approved: true }),
    reject: (i) => callEndpoint(api.qcVerify, i, reject(i)),
  },
};

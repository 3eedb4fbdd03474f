/**
 * The executor's rules one by one: reject back with a reason, cancel and edit with approval, optimistic locking, no
 * skipping, requirements and forms, review steps; each refusal typed. Then what the maintenance order (issue 20)
 * refuses on the same rules: the warranty rule of a free call-in, its own forms' requirements, its own reject targets.
 */
import { describe, expect, it } from 'vitest';
import { MAINT_FEE } from '@helio/contracts/modules/epc/maint.forms';
import type { ProcessState } from '@helio/contracts/process/types';
import { transition, type TransitionInput, type TransitionResult } from '../../src/stage/index.js';
import { COMPANY, DEF, ENV, FORMS, MAINT, MAINT_ENV, MAINT_FORMS, PREDICATES, T0, actor, stateAt, userOf } from './fixtures.js';

const NOW = '2026-05-01T02:00:00.000Z';
function act(state: ProcessState, role: string, action: TransitionInput['action'], more: Partial<TransitionInput> = {}): TransitionResult {
  return transition(DEF, state, { action, actor: actor(role), stage: state.stage, version: state.version, data: FORMS, now: NOW, ...more }, ENV);
}
const errors = (r: TransitionResult) => (r.ok ? [] : r.errors);
function ok(r: TransitionResult) {
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
}

describe('reject back', () => {
  it('goes back to the named earlier stage with the reason in the history and the task back with its actors', () => {
    const r = ok(act(stateAt('survey_review'), 'rollout_manager', 'reject', { targetStage: 'survey', reason: ' roof photos missing ' }));
    expect(r.nextState).toMatchObject({ stage: 'survey', subStatus: 'pending', inReview: false });
    expect(r.history).toMatchObject({ stage: 'survey_review', toStage: 'survey', action: 'reject', role: 'rollout_manager', comment: 'roof photos missing' });
    expect(r.nextState.visits.at(-2)).toMatchObject({ stage: 'survey_review', leftBy: 'reject' });
    expect(r.inbox.open?.candidates.map((c) => [c.role, c.users])).toEqual([
      ['site_technician', [userOf('site_technician')]],
      ['electrician', [userOf('electrician')]],
    ]);
  });

  it('a review stage rejects to itself: the work goes back to its actors in the same stay', () => {
    const state = stateAt('design', { inReview: true });
    const r = ok(act(state, 'rollout_manager', 'reject', { targetStage: 'design', reason: 'battery too small' }));
    expect(r.nextState).toMatchObject({ stage: 'design', inReview: false, subStatus: 'pending' });
    expect(r.nextState.visits).toEqual(state.visits);
    expect(r.inbox.open).toMatchObject({ step: 'work', candidates: [{ role: 'designer' }] });
  });

  it('stock audit with insufficient stock goes back to design', () => {
    const r = ok(act(stateAt('stock_audit'), 'warehouse_manager', 'reject', { targetStage: 'design', reason: 'INV-5K: 0 of 1 available' }));
    expect(r.nextState.stage).toBe('design');
  });

  it('refuses without a reason, without a target, to a later, undeclared or unvisited stage, and before a submit', () => {
    const s = stateAt('survey_review');
    const rm = (more: Partial<TransitionInput>) => errors(act(s, 'rollout_manager', 'reject', { reason: 'x', targetStage: 'survey', ...more }));
    expect(rm({ reason: '  ' })).toEqual([{ code: 'reason-required' }]);
    expect(rm({ targetStage: undefined })).toEqual([{ code: 'reject-target-missing' }]);
    expect(rm({ targetStage: 'design' })).toEqual([{ code: 'reject-target-not-earlier', target: 'design' }]);
    expect(rm({ targetStage: 'survey_review' })).toEqual([{ code: 'reject-target-not-earlier', target: 'survey_review' }]);
    expect(rm({ targetStage: 'create' })).toEqual([{ code: 'reject-target-not-allowed', target: 'create', allowed: ['survey', 'designated_person', 'survey_date'] }]);
    expect(rm({ targetStage: 'nowhere' })).toEqual([{ code: 'unknown-stage', stage: 'nowhere' }]);
    const skipped = { ...stateAt('warranty_verification'), visits: [{ stage: 'warranty_verification', enteredAt: T0 }] };
    expect(errors(act(skipped, 'administrator', 'reject', { targetStage: 'create', reason: 'x' }))).toEqual([{ code: 'reject-target-not-visited', target: 'create' }]);
    expect(errors(act(stateAt('design'), 'rollout_manager', 'reject', { targetStage: 'design', reason: 'x' }))).toEqual([{ code: 'not-submitted', stage: 'design' }]);
  });
});

describe('cancel and edit need approval where the definition says so', () => {
  const requested = () => ok(act(stateAt('survey'), 'agent', 'cancel', { reason: 'customer moved' })).nextState;

  it('a cancel request blocks the stage until an examiner decides; approval ends the order', () => {
    const s = requested();
    expect(s.pending).toEqual({ kind: 'cancel', by: 'u-agent', role: 'agent', at: NOW, reason: 'customer moved' });
    expect(errors(act(s, 'site_technician', 'submit'))).toEqual([{ code: 'pending-examination', request: 'cancel' }]);
    expect(errors(act(s, 'agent', 'examine', { approved: true }))).toEqual([{ code: 'not-actor', action: 'examine', stage: 'survey', roles: ['rollout_manager', 'administrator'] }]);
    const r = ok(act(s, 'rollout_manager', 'examine', { approved: true, reason: 'agreed' }));
    expect(r.nextState).toMatchObject({ stage: 'cancelled', pending: null, endedAt: NOW });
    expect(r.history).toMatchObject({ action: 'examine', request: 'cancel', approved: true, toStage: 'cancelled', comment: 'agreed' });
    expect(r.inbox).toEqual({ close: true, open: null });
  });

  it('a refused cancel needs a reason, keeps the stage and gives the work back', () => {
    const s = requested();
    expect(errors(act(s, 'administrator', 'examine', { approved: false }))).toEqual([{ code: 'reason-required' }]);
    expect(errors(act(s, 'administrator', 'examine', {}))).toEqual([{ code: 'decision-required' }]);
    const r = ok(act(s, 'administrator', 'examine', { approved: false, reason: 'survey is booked' }));
    expect(r.nextState).toMatchObject({ stage: 'survey', pending: null, endedAt: null });
    expect(r.inbox.open).toMatchObject({ stage: 'survey', step: 'work' });
    expect(ok(act(r.nextState, 'site_technician', 'submit')).nextState.stage).toBe('survey_review');
  });

  it('the requester never examines the own request; there must be one', () => {
    const s = ok(act(stateAt('survey'), 'rollout_manager', 'cancel', { reason: 'duplicate order' })).nextState;
    expect(errors(act(s, 'rollout_manager', 'examine', { approved: true }))).toEqual([{ code: 'self-examination' }]);
    expect(errors(act(stateAt('survey'), 'administrator', 'examine', { approved: true }))).toEqual([{ code: 'nothing-to-examine' }]);
  });

  it('before anyone goes to the site a cancel is immediate, and always needs a reason', () => {
    expect(ok(act(stateAt('create'), 'agent', 'cancel', { reason: 'wrong customer' })).nextState).toMatchObject({ stage: 'cancelled', pending: null });
    expect(errors(act(stateAt('create'), 'agent', 'cancel', { reason: '' }))).toEqual([{ code: 'reason-required' }]);
    expect(ok(act(stateAt('callout_quote'), 'agent', 'cancel', { reason: 'no budget' })).nextState.stage).toBe('cancelled');
  });

  it('an edit of a running order is a request with its changes; approved, the changes are applied', () => {
    const changes = { ...FORMS.customer, phone: '13900000009' };
    const s = ok(act(stateAt('design'), 'agent', 'edit', { formData: changes, reason: 'new phone' })).nextState;
    expect(s.pending).toMatchObject({ kind: 'edit', changes, reason: 'new phone' });
    const r = ok(act(s, 'administrator', 'examine', { approved: true }));
    expect(r.applied).toEqual({ form: 'customer', data: changes });
    expect(r.nextState).toMatchObject({ stage: 'design', pending: null });
    expect(r.history).toMatchObject({ request: 'edit', approved: true });
    expect(errors(act(stateAt('design'), 'agent', 'edit', { formData: { ...changes, phone: 'abc' } }))).toEqual([
      { code: 'invalid-form', field: 'customer.phone', message: expect.any(String) },
    ]);
    expect(errors(act(stateAt('design'), 'agent', 'edit'))).toEqual([{ code: 'form-required' }]);
  });

  it('in create an edit is applied at once', () => {
    const r = ok(act(stateAt('create'), 'agent', 'edit', { formData: FORMS.customer }));
    expect(r.applied).toEqual({ form: 'customer', data: FORMS.customer });
    expect(r.nextState.pending).toBeNull();
    expect(r.inbox).toEqual({ close: false, open: null });
  });
});

describe('order, locking and requirements', () => {
  it('a stale version is a conflict: of two reviewers acting on the same version, the second loses', () => {
    const s = stateAt('survey_review');
    const first = ok(act(s, 'rollout_manager', 'approve'));
    const second = transition(DEF, first.nextState, { action: 'reject', actor: { userId: 'u-other', roles: ['rollout_manager'] }, stage: 'survey_review', version: s.version, reason: 'x', targetStage: 'survey', now: NOW }, ENV);
    expect(errors(second)).toEqual([{ code: 'stale-version', expected: s.version + 1, got: s.version }]);
  });

  it('an order cannot skip a stage, nor act on one it has left', () => {
    const s = stateAt('survey');
    expect(errors(act(s, 'designer', 'submit', { stage: 'design' }))).toEqual([{ code: 'stage-skipped', stage: 'design', current: 'survey' }]);
    expect(errors(act(s, 'rollout_manager', 'submit', { stage: 'survey_date' }))).toEqual([{ code: 'not-current-stage', stage: 'survey_date', current: 'survey' }]);
    expect(errors(act(s, 'rollout_manager', 'submit', { stage: 'nowhere' }))).toEqual([{ code: 'unknown-stage', stage: 'nowhere' }]);
    expect(errors(act(s, 'site_technician', 'fly'))).toEqual([{ code: 'unknown-action', action: 'fly' }]);
  });

  it('names every missing requirement with its field, and failed predicates with theirs', () => {
    const data = { ...FORMS, survey: { ...(FORMS.survey as object), photos: [], signatures: { landlord: 's1', installer: '', electrician: 's3', owner: 's4' } } };
    const r = transition(DEF, stateAt('survey'), { action: 'submit', actor: actor('site_technician'), stage: 'survey', version: 7, data, now: NOW }, { ...ENV, predicates: { ...PREDICATES, appliancesValid: () => false } });
    expect(errors(r)).toEqual([
      { code: 'missing-requirement', field: 'survey.photos' },
      { code: 'missing-requirement', field: 'survey.signatures.installer' },
      { code: 'missing-requirement', predicate: 'appliancesValid', field: 'survey.electrical.appliances' },
    ]);
    const noPred = transition(DEF, stateAt('survey'), { action: 'submit', actor: actor('site_technician'), stage: 'survey', version: 7, data: FORMS, now: NOW }, { timeZone: 'UTC' });
    expect(errors(noPred)).toEqual([{ code: 'predicate-unavailable', predicate: 'appliancesValid' }]);
  });

  it('checks posted form data against the stage form; a save accepts an incomplete draft', () => {
    const partial = { installType: 'roof', roof: { type: 'flat' } };
    expect(errors(act(stateAt('survey'), 'electrician', 'submit', { formData: partial, data: {} })).map((e) => ('field' in e ? e.field : e.code))).toEqual(
      expect.arrayContaining(['survey.buildingMaterial', 'survey.photos', 'survey.roof.material']),
    );
    const saved = ok(act(stateAt('survey'), 'electrician', 'save', { formData: partial }));
    expect(saved.applied).toEqual({ form: 'survey', data: partial });
    expect(saved.nextState).toMatchObject({ stage: 'survey', subStatus: 'draft' });
    expect(errors(act(stateAt('survey'), 'electrician', 'save', { formData: { installType: 7 } }))).toEqual([{ code: 'invalid-form', field: 'survey.installType', message: expect.any(String) }]);
    expect(errors(act(stateAt('survey'), 'electrician', 'save', { subStatus: 'in_review' }))).toEqual([{ code: 'unknown-sub-status', subStatus: 'in_review' }]);
  });

  it('a review stage: submitted work waits for its reviewers; the actors cannot submit again or approve', () => {
    const s = ok(act(stateAt('ess_quotation'), 'delivery_manager', 'submit', { formData: FORMS.quote })).nextState;
    expect(s).toMatchObject({ stage: 'ess_quotation', inReview: true, subStatus: 'in_review' });
    expect(errors(act(s, 'delivery_manager', 'submit'))).toEqual([{ code: 'awaiting-review', stage: 'ess_quotation' }]);
    expect(errors(act(s, 'delivery_manager', 'save'))).toEqual([{ code: 'awaiting-review', stage: 'ess_quotation' }]);
    expect(errors(act(s, 'delivery_manager', 'approve'))).toEqual([{ code: 'not-actor', action: 'approve', stage: 'ess_quotation', roles: ['finance'] }]);
    expect(errors(act(stateAt('ess_quotation'), 'finance', 'approve'))).toEqual([{ code: 'not-submitted', stage: 'ess_quotation' }]);
    expect(ok(act(s, 'finance', 'approve')).nextState.stage).toBe('ess_payment');
  });

  it('assign names a person for every role it assigns', () => {
    const s = stateAt('designated_person');
    s.assignees = {};
    expect(errors(act(s, 'rollout_manager', 'assign', { assignees: { site_technician: ['u-7'], electrician: [' '] } }))).toEqual([{ code: 'assignee-missing', role: 'electrician' }]);
    const r = ok(act(s, 'rollout_manager', 'assign', { assignees: { site_technician: ['u-7', 'u-7'], electrician: ['u-8'], finance: ['u-9'] } }));
    expect(r.nextState.assignees).toEqual({ site_technician: ['u-7'], electrician: ['u-8'] });
    expect(r.inbox.open?.candidates).toEqual([
      { role: 'site_technician', companyId: COMPANY, users: ['u-7'] },
      { role: 'electrician', companyId: COMPANY, users: ['u-8'] },
    ]);
  });

  it('a state of another process is refused', () => {
    expect(errors(act({ ...stateAt('survey'), process: 'maintenance_order' }, 'site_technician', 'submit'))).toEqual([{ code: 'wrong-process', process: 'maintenance_order' }]);
  });
});

describe('a maintenance order refuses on the same rules', () => {
  const at = (stage: string, opts: Parameters<typeof stateAt>[1] = {}) => stateAt(stage, opts, MAINT);
  function mact(state: ProcessState, role: string, action: TransitionInput['action'], more: Partial<TransitionInput> = {}): TransitionResult {
    return transition(MAINT, state, { action, actor: actor(role), stage: state.stage, version: state.version, data: MAINT_FORMS, now: NOW, ...more }, MAINT_ENV);
  }
  const free = (more: Record<string, unknown>) => ({ ...MAINT_FORMS.customer, feeType: MAINT_FEE.free, ...more });

  it('a free call-in needs a warranty date that has not passed, named on the call-in and then on the verification', () => {
    const expired = free({ warrantyDate: '2026-01-31' });
    expect(errors(mact(at('create'), 'agent', 'submit', { formData: expired }))).toEqual([{ code: 'missing-requirement', predicate: 'freeWithinWarranty', field: 'customer.warrantyDate' }]);
    expect(ok(mact(at('create'), 'agent', 'submit', { formData: free({ warrantyDate: '2030-01-01' }) })).nextState.stage).toBe('warranty_verification');
    const data = { ...MAINT_FORMS, customer: free({ warrantyDate: '2030-01-01' }) };
    const verify = (warranty: Record<string, unknown>) => errors(mact(at('warranty_verification'), 'administrator', 'approve', { data, formData: warranty }));
    expect(verify({ result: 'valid', warrantyEndDate: '2026-02-28' })).toEqual([{ code: 'missing-requirement', predicate: 'freeWithinWarranty', field: 'warranty.warrantyEndDate' }]);
    expect(verify({ result: 'expired' })).toEqual([{ code: 'missing-requirement', predicate: 'freeWithinWarranty', field: 'warranty.warrantyEndDate' }]);
    expect(verify({ result: 'valid', warrantyEndDate: '2031-01-01' })).toEqual([]);
    // A chargeable call-in is not bound by the warranty.
    expect(ok(mact(at('create'), 'agent', 'submit', { formData: { ...MAINT_FORMS.customer, warrantyDate: '2020-01-01' } })).nextState.stage).toBe('warranty_verification');
  });

  it('the call-in names its missing fields; the installer order customer form is not enough', () => {
    const { callInTime: _c, problem: _p, feeType: _f, cocRequired: _r, ...installerCustomer } = MAINT_FORMS.customer!;
    const r = mact(at('create'), 'agent', 'submit', { formData: installerCustomer, data: {} });
    expect(errors(r).map((e) => ('field' in e ? `${e.code} ${e.field}` : e.code))).toEqual([
      ...['callInTime', 'problem', 'feeType', 'cocRequired'].map((f) => `invalid-form customer.${f}`),
      ...['callInTime', 'problem', 'feeType'].map((f) => `missing-requirement customer.${f}`),
    ]);
    expect(errors(mact(at('create'), 'agent', 'submit', { formData: { ...MAINT_FORMS.customer, feeType: '' } }))).toEqual([
      { code: 'invalid-form', field: 'customer.feeType', message: expect.any(String) },
      { code: 'missing-requirement', field: 'customer.feeType' },
    ]);
  });

  it('the on-site diagnosis and the repair QC require their own fields, not the installer survey and QC', () => {
    const diagnosis = { ...MAINT_FORMS.maintSurvey, photos: [], signatures: { technician: 's1', owner: ' ' } };
    expect(errors(mact(at('survey'), 'site_technician', 'submit', { data: { ...MAINT_FORMS, maintSurvey: diagnosis } }))).toEqual([
      { code: 'missing-requirement', field: 'maintSurvey.photos' },
      { code: 'missing-requirement', field: 'maintSurvey.signatures.owner' },
    ]);
    // Without the installer's survey or QC data at all, both submit.
    const { survey: _s, qc: _q, ...noInstaller } = { ...FORMS, ...MAINT_FORMS };
    expect(ok(mact(at('survey'), 'electrician', 'submit', { data: noInstaller })).nextState.stage).toBe('survey_review');
    expect(ok(mact(at('qc_submission'), 'electrician', 'submit', { data: noInstaller })).nextState.stage).toBe('qc_verification');
    expect(errors(mact(at('qc_submission'), 'electrician', 'submit', { formData: { photos: ['q1'], result: '', working: false } }))).toEqual([
      { code: 'invalid-form', field: 'maintQc.result', message: expect.any(String) },
      { code: 'missing-requirement', field: 'maintQc.result' },
    ]);
  });

  it('rejects only to its own earlier stages: QC back to the repair, the COC back to the FAC, never to an installer-only stage', () => {
    const qc = ok(mact(at('qc_verification'), 'rollout_manager', 'reject', { targetStage: 'qc_submission', reason: 'inverter still faulty' }));
    expect(qc.nextState).toMatchObject({ stage: 'qc_submission', subStatus: 'pending' });
    expect(qc.inbox.open?.candidates.map((c) => c.role)).toEqual(['site_technician', 'electrician']);
    const coc = at('final_coc', { inReview: true });
    expect(errors(mact(coc, 'administrator', 'reject', { targetStage: 'temporary_coc', reason: 'x' }))).toEqual([{ code: 'unknown-stage', stage: 'temporary_coc' }]);
    expect(ok(mact(coc, 'administrator', 'reject', { targetStage: 'fac_sign_audit', reason: 'unsigned' })).nextState.stage).toBe('fac_sign_audit');
    expect(errors(mact(at('survey_review'), 'rollout_manager', 'reject', { targetStage: 'create', reason: 'x' }))).toEqual([
      { code: 'reject-target-not-allowed', target: 'create', allowed: ['survey', 'designated_person', 'survey_date'] },
    ]);
  });

  it('cancel is immediate before anyone goes to the site, a request afterwards', () => {
    expect(ok(mact(at('warranty_verification'), 'agent', 'cancel', { reason: 'fixed itself' })).nextState).toMatchObject({ stage: 'cancelled', pending: null });
    expect(ok(mact(at('survey'), 'agent', 'cancel', { reason: 'fixed itself' })).nextState).toMatchObject({ stage: 'survey', pending: { kind: 'cancel' } });
  });

  it('a state of one order definition is refused by the other', () => {
    expect(errors(mact({ ...stateAt('survey'), version: 7 }, 'site_technician', 'submit'))).toEqual([{ code: 'wrong-process', process: 'epc_order' }]);
    expect(errors(act(at('survey'), 'site_technician', 'submit'))).toEqual([{ code: 'wrong-process', process: 'maint_order' }]);
  });
});

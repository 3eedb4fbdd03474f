/**
 * One installer order from create to balance payment and completion, each step by its own role with the stage's real
 * form data; the history, the inbox hand-offs (role, company scope, assigned persons), the versions and the dwell
 * days along the way.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, ProcessState } from '@helio/contracts/process/types';
import { currentTask, dwellDays, initialState, transition, type TransitionInput } from '../../src/stage/index.js';
import { COMPANY, DEF, ENV, FORMS, T0, TENANT, actor, userOf } from './fixtures.js';

interface Step {
  action: TransitionInput['action'];
  role: string;
  form?: string;
  extra?: Partial<TransitionInput>;
}

const ASSIGN = { assignees: { site_technician: [userOf('site_technician')], electrician: [userOf('electrician')] } };
/** The walk: stage → the steps taken there (a review stage: submit, then approve). */
const WALK: [string, Step[]][] = [
  ['create', [{ action: 'save', role: 'agent', form: 'customer' }, { action: 'submit', role: 'agent', form: 'customer' }]],
  ['callout_quote', [{ action: 'submit', role: 'delivery_manager', form: 'calloutQuote' }, { action: 'approve', role: 'finance' }]],
  ['survey_date', [{ action: 'submit', role: 'rollout_manager', form: 'surveyDate' }]],
  ['designated_person', [{ action: 'assign', role: 'rollout_manager', extra: ASSIGN }]],
  ['survey', [{ action: 'save', role: 'electrician', form: 'survey' }, { action: 'submit', role: 'site_technician', form: 'survey' }]],
  ['survey_review', [{ action: 'approve', role: 'rollout_manager' }]],
  ['design', [{ action: 'submit', role: 'designer', form: 'design' }, { action: 'approve', role: 'rollout_manager' }]],
  ['stock_audit', [{ action: 'approve', role: 'warehouse_manager', form: 'stockAudit' }]],
  ['ess_quotation', [{ action: 'submit', role: 'delivery_manager', form: 'quote' }, { action: 'approve', role: 'finance' }]],
  ['ess_payment', [{ action: 'submit', role: 'finance', form: 'essPayment' }]],
  ['installation_date', [{ action: 'submit', role: 'rollout_manager', form: 'installationDate' }]],
  ['install_assignment', [{ action: 'assign', role: 'rollout_manager', extra: ASSIGN }]],
  ['material_collection', [{ action: 'submit', role: 'warehouse_manager', form: 'shipment' }]],
  ['material_signing', [{ action: 'submit', role: 'site_technician', form: 'signing' }]],
  ['ehs_submission', [{ action: 'submit', role: 'site_technician', form: 'ehs' }]],
  ['ehs_verification', [{ action: 'approve', role: 'rollout_manager' }]],
  ['qc_submission', [{ action: 'submit', role: 'electrician', form: 'qc' }]],
  ['qc_verification', [{ action: 'approve', role: 'rollout_manager' }]],
  ['fac_sign_audit', [{ action: 'submit', role: 'delivery_manager', form: 'fac' }, { action: 'approve', role: 'administrator' }]],
  ['temporary_coc', [{ action: 'submit', role: 'delivery_manager', form: 'temporaryCoc' }]],
  ['final_coc', [{ action: 'submit', role: 'delivery_manager', form: 'finalCoc' }, { action: 'approve', role: 'administrator' }]],
  ['balance_payment', [{ action: 'submit', role: 'finance', form: 'balancePayment' }]],
];

describe('an installer order from create to balance payment', () => {
  it('walks every stage in order, each step by its own role, and ends completed', () => {
    let state: ProcessState = initialState(DEF, { tenantId: TENANT, companyId: COMPANY, now: T0 });
    expect(currentTask(DEF, state)).toEqual({
      kind: 'epc',
      process: 'epc_order',
      stage: 'create',
      name: DEF.stage('create')!.name,
      step: 'work',
      tenantId: TENANT,
      candidates: [{ role: 'agent', companyId: COMPANY, users: [] }],
    });
    const data: Record<string, unknown> = {};
    const history: HistoryEntry[] = [];
    let day = 0;
    for (const [stage, steps] of WALK) {
      for (const step of steps) {
        expect(state.stage).toBe(stage);
        day += 1;
        const now = new Date(Date.parse(T0) + day * 86_400_000).toISOString();
        const r = transition(
          DEF,
          state,
          { action: step.action, actor: actor(step.role), stage, version: state.version, data, formData: step.form ? FORMS[step.form] : undefined, now, ...step.extra },
          ENV,
        );
        if (!r.ok) throw new Error(`${stage} ${step.action}: ${JSON.stringify(r.errors)}`);
        expect(r.nextState.version).toBe(state.version + 1);
        if (r.applied) data[r.applied.form] = r.applied.data;
        history.push(r.history);
        state = r.nextState;
      }
    }
    expect(state.stage).toBe('completed');
    expect(state.endedAt).not.toBeNull();
    expect(currentTask(DEF, state)).toBeNull();
    // Every running stage but warranty verification (no system in place) was visited once, in process order.
    const visited = state.visits.map((v) => v.stage);
    expect(visited).toEqual(DEF.stageIds.filter((s) => s !== 'warranty_verification' && s !== 'cancelled'));
    expect(history.map((h) => `${h.stage}:${h.action}:${h.role}`)).toEqual(WALK.flatMap(([s, steps]) => steps.map((st) => `${s}:${st.action}:${st.role}`)));
    expect(history.every((h) => h.by === userOf(h.role))).toBe(true);
    expect(Object.keys(data).sort()).toEqual(WALK.flatMap(([, steps]) => steps.map((s) => s.form).filter(Boolean)).filter((f, i, a) => a.indexOf(f) === i).sort());
    // Each stage left after a day (the review stages after two: submit, then approve).
    const d = dwellDays(DEF, state, '2027-01-01T00:00:00Z', 'Asia/Shanghai');
    expect(d.stages).toMatchObject({ create: 2, callout_quote: 2, survey_date: 1, design: 2, balance_payment: 1 });
    expect(d.current).toBeNull();
    expect(d.total).toBe(day);
  });

  it('hands each stage to its role, scoped to the agent company or the tenant, and to the assigned persons', () => {
    const seen: { stage: string; step: string; candidates: unknown }[] = [];
    let state = initialState(DEF, { tenantId: TENANT, companyId: COMPANY, now: T0 });
    for (const [stage, steps] of WALK) {
      for (const step of steps) {
        const r = transition(DEF, state, { action: step.action, actor: actor(step.role), stage, version: state.version, data: FORMS, formData: step.form ? FORMS[step.form] : undefined, now: T0, ...step.extra }, ENV);
        if (!r.ok) throw new Error(JSON.stringify(r.errors));
        if (step.action === 'save') expect(r.inbox).toEqual({ close: false, open: null });
        else expect(r.inbox.close).toBe(true);
        if (r.inbox.open) seen.push({ stage: r.inbox.open.stage, step: r.inbox.open.step, candidates: r.inbox.open.candidates });
        state = r.nextState;
      }
    }
    const find = (stage: string, step = 'work') => seen.find((s) => s.stage === stage && s.step === step)?.candidates;
    expect(find('callout_quote', 'review')).toEqual([{ role: 'finance', companyId: null, users: [] }]);
    expect(find('survey')).toEqual([
      { role: 'site_technician', companyId: COMPANY, users: [userOf('site_technician')] },
      { role: 'electrician', companyId: COMPANY, users: [userOf('electrician')] },
    ]);
    expect(find('design')).toEqual([{ role: 'designer', companyId: null, users: [] }]);
    expect(find('stock_audit')).toEqual([{ role: 'warehouse_manager', companyId: COMPANY, users: [] }]);
    expect(find('ess_payment')).toEqual([{ role: 'finance', companyId: null, users: [] }]);
    expect(seen.at(-1)).toMatchObject({ stage: 'balance_payment', step: 'work' });
  });

  it('goes through warranty verification when the homeowner already has a system', () => {
    const state = initialState(DEF, { tenantId: TENANT, companyId: COMPANY, now: T0 });
    const customer = { ...FORMS.customer, hasExistingSystem: true, existingSystemSn: 'SN-OLD-1' };
    const r = transition(DEF, state, { action: 'submit', actor: actor('agent'), stage: 'create', version: 0, formData: customer, now: T0 }, ENV);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.nextState.stage).toBe('warranty_verification');
    expect(r.inbox.open?.candidates).toEqual([{ role: 'administrator', companyId: null, users: [] }]);
    const v = transition(DEF, r.nextState, { action: 'approve', actor: actor('administrator'), stage: 'warranty_verification', version: 1, formData: FORMS.warranty, data: { customer }, now: T0 }, ENV);
    expect(v.ok && v.nextState.stage).toBe('callout_quote');
  });
});

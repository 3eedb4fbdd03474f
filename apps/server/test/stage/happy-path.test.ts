/**
 * Orders walked from create to completion, each step by its own role with the stage's real form data: one installer
 * order to balance payment and one maintenance order (issue 20) through every stage, with the history, the inbox
 * hand-offs (role, company scope, assigned persons), the versions and the dwell days along the way; the maintenance
 * order's short walks (free, no parts, no COC; and between); and every definition walked by the same generator.
 */
import { describe, expect, it } from 'vitest';
import { MAINT_FEE } from '@helio/contracts/modules/epc/maint.forms';
import type { HistoryEntry, InboxTaskSpec, ProcessAction, ProcessDefinition, ProcessState } from '@helio/contracts/process/types';
import { currentTask, dwellDays, initialState, transition, type Predicate, type TransitionEnv, type TransitionInput } from '../../src/stage/index.js';
import { COMPANY, DEF, DEFINITIONS, ENV, FORMS, MAINT, MAINT_ENV, MAINT_FORMS, T0, TENANT, TZ, actor, expectedRoles, formsOf, truePredicates, userOf } from './fixtures.js';

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

/**
 * The generator's walk: at each stage the first role the stage declares takes the advancing action (a review stage:
 * submit, then its reviewer approves), posting the stage's form from `forms`; only what was entered on the way is the
 * order's data. Each task the executor opens must name the role that acts next. Returns the stages in order.
 */
function generatedWalk(def: ProcessDefinition, env: TransitionEnv, forms = formsOf(def)): string[] {
  const ADVANCE: readonly ProcessAction[] = ['submit', 'approve', 'assign'];
  let state = initialState(def, { tenantId: TENANT, companyId: COMPANY, now: T0 });
  let open: InboxTaskSpec | null = currentTask(def, state);
  const data: Record<string, unknown> = {};
  const path = [state.stage];
  for (let n = 0; n < 80 && !def.stage(state.stage)!.terminal; n++) {
    const st = def.stage(state.stage)!;
    const reviewing = Boolean(st.review && state.inReview);
    const action = reviewing ? 'approve' : (ADVANCE.find((a) => ((st.actions ?? []) as readonly string[]).includes(a) && !(a === 'approve' && st.review)) ?? 'submit');
    const role = expectedRoles(st.id, action, def)[0]!;
    expect(open && { stage: open.stage, roles: open.candidates.map((c) => c.role) }, `${st.id} ${action}`).toEqual({ stage: st.id, roles: expect.arrayContaining([role]) });
    const form = def.formOf(st.id);
    const r = transition(
      def,
      state,
      {
        action,
        actor: actor(role),
        stage: st.id,
        version: state.version,
        data,
        ...(form && !reviewing ? { formData: forms[form.key] } : {}),
        assignees: Object.fromEntries((st.assigns ?? []).map((x) => [x, [userOf(x)]])),
        now: new Date(Date.parse(T0) + n * 86_400_000).toISOString(),
      },
      env,
    );
    if (!r.ok) throw new Error(`${st.id} ${action} by ${role}: ${JSON.stringify(r.errors)}`);
    if (r.applied) data[r.applied.form] = r.applied.data;
    expect(r.inbox.close).toBe(true);
    open = r.inbox.open;
    state = r.nextState;
    if (path.at(-1) !== state.stage) path.push(state.stage);
  }
  expect(state.endedAt).not.toBeNull();
  expect(open).toBeNull();
  return path;
}

/** The path when every predicate that chooses between edges is false (the others true): default edges only. */
const SHORT_PATHS: Record<string, string[]> = {
  epc_order: DEF.stageIds.filter((s) => s !== 'warranty_verification' && s !== 'cancelled'),
  maint_order: [
    'create', 'warranty_verification', 'survey_date', 'designated_person', 'survey', 'survey_review', 'installation_date',
    'install_assignment', 'ehs_submission', 'ehs_verification', 'qc_submission', 'qc_verification', 'completed',
  ],
};

describe.each(DEFINITIONS.map((d) => [d.id, d] as const))('%s walked by the generator', (id, def) => {
  const choosing = new Set(def.transitions.flatMap((t) => (t.when ? [t.when] : [])));

  it('passes every running stage in process order when every predicate holds, and ends completed', () => {
    expect(generatedWalk(def, { predicates: truePredicates(def), timeZone: TZ })).toEqual(def.stageIds.filter((s) => s !== 'cancelled'));
  });

  it('takes the default edges when every choosing predicate is false', () => {
    const predicates: Record<string, Predicate> = { ...truePredicates(def), ...Object.fromEntries([...choosing].map((p) => [p, () => false])) };
    expect(choosing.size).toBeGreaterThan(0);
    expect(generatedWalk(def, { predicates, timeZone: TZ })).toEqual(SHORT_PATHS[id]);
  });
});

/** A call-in with these fee type, COC rule and diagnosis (parts needed or not). */
function maintForms(feeType: string, cocRequired: boolean, partsNeeded: boolean) {
  return { ...MAINT_FORMS, customer: { ...MAINT_FORMS.customer, feeType, cocRequired }, maintSurvey: { ...MAINT_FORMS.maintSurvey, partsNeeded } };
}
const PARTS = ['design', 'stock_audit'];
const ESS = ['ess_quotation', 'ess_payment'];
const MATERIAL = ['material_collection', 'material_signing'];
const COC = ['fac_sign_audit', 'final_coc'];

describe('a maintenance order decides its stages from its data', () => {
  it.each<[string, string, boolean, boolean, string[]]>([
    ['chargeable, parts, COC: every stage', MAINT_FEE.chargeable, true, true, []],
    ['free, no parts, no COC', MAINT_FEE.free, false, false, ['callout_quote', ...PARTS, ...ESS, ...MATERIAL, ...COC]],
    ['call-out only, parts, no COC: parts not charged', MAINT_FEE.calloutOnly, false, true, [...ESS, ...COC]],
    ['maintenance contract, parts, COC: nothing charged', MAINT_FEE.contract, true, true, ['callout_quote', ...ESS]],
    ['chargeable, no parts, COC', MAINT_FEE.chargeable, true, false, [...PARTS, ...ESS, ...MATERIAL]],
  ])('%s', (_what, fee, coc, parts, skipped) => {
    expect(generatedWalk(MAINT, MAINT_ENV, maintForms(fee, coc, parts))).toEqual(MAINT.stageIds.filter((s) => s !== 'cancelled' && !skipped.includes(s)));
  });
});

const MAINT_ASSIGN = { assignees: { site_technician: [userOf('site_technician')], electrician: [userOf('electrician')] } };
/** A charged repair with parts and a COC: stage → the steps taken there. */
const MAINT_WALK: [string, Step[]][] = [
  ['create', [{ action: 'save', role: 'administrator', form: 'customer' }, { action: 'submit', role: 'agent', form: 'customer' }]],
  ['warranty_verification', [{ action: 'approve', role: 'administrator', form: 'warranty' }]],
  ['callout_quote', [{ action: 'submit', role: 'delivery_manager', form: 'calloutQuote' }, { action: 'approve', role: 'finance' }]],
  ['survey_date', [{ action: 'submit', role: 'rollout_manager', form: 'surveyDate' }]],
  ['designated_person', [{ action: 'assign', role: 'rollout_manager', extra: MAINT_ASSIGN }]],
  ['survey', [{ action: 'save', role: 'electrician', form: 'maintSurvey' }, { action: 'submit', role: 'site_technician', form: 'maintSurvey' }]],
  ['survey_review', [{ action: 'approve', role: 'rollout_manager' }]],
  ['design', [{ action: 'submit', role: 'designer', form: 'design' }, { action: 'approve', role: 'rollout_manager' }]],
  ['stock_audit', [{ action: 'approve', role: 'warehouse_manager', form: 'stockAudit' }]],
  ['ess_quotation', [{ action: 'submit', role: 'delivery_manager', form: 'quote' }, { action: 'approve', role: 'finance' }]],
  ['ess_payment', [{ action: 'submit', role: 'finance', form: 'essPayment' }]],
  ['installation_date', [{ action: 'submit', role: 'rollout_manager', form: 'installationDate' }]],
  ['install_assignment', [{ action: 'assign', role: 'rollout_manager', extra: MAINT_ASSIGN }]],
  ['material_collection', [{ action: 'submit', role: 'warehouse_manager', form: 'shipment' }]],
  ['material_signing', [{ action: 'submit', role: 'site_technician', form: 'signing' }]],
  ['ehs_submission', [{ action: 'submit', role: 'site_technician', form: 'ehs' }]],
  ['ehs_verification', [{ action: 'approve', role: 'rollout_manager' }]],
  ['qc_submission', [{ action: 'save', role: 'site_technician', form: 'maintQc' }, { action: 'submit', role: 'electrician', form: 'maintQc' }]],
  ['qc_verification', [{ action: 'approve', role: 'rollout_manager' }]],
  ['fac_sign_audit', [{ action: 'submit', role: 'delivery_manager', form: 'fac' }, { action: 'approve', role: 'administrator' }]],
  ['final_coc', [{ action: 'submit', role: 'delivery_manager', form: 'finalCoc' }, { action: 'approve', role: 'administrator' }]],
];
/** A free repair under warranty, no parts, no COC: only the stages it needs. */
const MAINT_SHORT = MAINT_WALK.filter(([s]) => ![...PARTS, ...ESS, ...MATERIAL, ...COC, 'callout_quote'].includes(s));

/** Plays `walk` on a new maintenance order with `forms`, one day per step; returns what it saw. */
function playMaint(walk: [string, Step[]][], forms: Record<string, Record<string, unknown>>) {
  let state: ProcessState = initialState(MAINT, { tenantId: TENANT, companyId: COMPANY, now: T0 });
  const data: Record<string, unknown> = {};
  const history: HistoryEntry[] = [];
  const opened: InboxTaskSpec[] = [];
  let day = 0;
  for (const [stage, steps] of walk) {
    for (const step of steps) {
      expect(state.stage).toBe(stage);
      day += 1;
      const now = new Date(Date.parse(T0) + day * 86_400_000).toISOString();
      const input = { action: step.action, actor: actor(step.role), stage, version: state.version, data, formData: step.form ? forms[step.form] : undefined, now, ...step.extra };
      const r = transition(MAINT, state, input, MAINT_ENV);
      if (!r.ok) throw new Error(`${stage} ${step.action}: ${JSON.stringify(r.errors)}`);
      expect(r.nextState.version).toBe(state.version + 1);
      expect(r.inbox).toEqual(step.action === 'save' ? { close: false, open: null } : { close: true, open: r.inbox.open });
      if (r.applied) data[r.applied.form] = r.applied.data;
      if (r.inbox.open) opened.push(r.inbox.open);
      history.push(r.history);
      state = r.nextState;
    }
  }
  return { state, data, history, opened, day };
}
const formsUsed = (walk: [string, Step[]][]) => [...new Set(walk.flatMap(([, steps]) => steps.flatMap((s) => (s.form ? [s.form] : []))))].sort();

describe('a maintenance order from the call-in to completion', () => {
  it('a charged repair with parts and a COC walks every stage in order, each step by its own role', () => {
    expect(currentTask(MAINT, initialState(MAINT, { tenantId: TENANT, companyId: COMPANY, now: T0 }))).toEqual({
      kind: 'maint',
      process: 'maint_order',
      stage: 'create',
      name: MAINT.stage('create')!.name,
      step: 'work',
      tenantId: TENANT,
      candidates: [
        { role: 'agent', companyId: COMPANY, users: [] },
        { role: 'administrator', companyId: null, users: [] },
      ],
    });
    const { state, data, history, day } = playMaint(MAINT_WALK, MAINT_FORMS);
    expect(state.stage).toBe('completed');
    expect(state.endedAt).not.toBeNull();
    expect(currentTask(MAINT, state)).toBeNull();
    expect(state.visits.map((v) => v.stage)).toEqual(MAINT.stageIds.filter((s) => s !== 'cancelled'));
    expect(history.map((h) => `${h.stage}:${h.action}:${h.role}`)).toEqual(MAINT_WALK.flatMap(([s, steps]) => steps.map((st) => `${s}:${st.action}:${st.role}`)));
    expect(history.every((h) => h.by === userOf(h.role))).toBe(true);
    expect(Object.keys(data).sort()).toEqual(formsUsed(MAINT_WALK));
    const d = dwellDays(MAINT, state, '2027-01-01T00:00:00Z', 'Asia/Shanghai');
    expect(d.stages).toMatchObject({ create: 2, warranty_verification: 1, callout_quote: 2, survey: 2, qc_submission: 2, final_coc: 2 });
    expect(d.current).toBeNull();
    expect(d.total).toBe(day);
  });

  it('hands each stage to its role, scoped to the agent company or the tenant, and to the assigned persons', () => {
    const { opened } = playMaint(MAINT_WALK, MAINT_FORMS);
    const find = (stage: string, step = 'work') => opened.find((s) => s.stage === stage && s.step === step)?.candidates;
    expect(find('warranty_verification')).toEqual([{ role: 'administrator', companyId: null, users: [] }]);
    expect(find('callout_quote', 'review')).toEqual([{ role: 'finance', companyId: null, users: [] }]);
    const crew = [
      { role: 'site_technician', companyId: COMPANY, users: [userOf('site_technician')] },
      { role: 'electrician', companyId: COMPANY, users: [userOf('electrician')] },
    ];
    expect(find('survey')).toEqual(crew);
    expect(find('qc_submission')).toEqual(crew);
    expect(find('material_signing')).toEqual([crew[0]]);
    expect(find('design')).toEqual([{ role: 'designer', companyId: null, users: [] }]);
    expect(find('final_coc', 'review')).toEqual([{ role: 'administrator', companyId: null, users: [] }]);
    expect(opened.every((t) => t.kind === 'maint' && t.process === 'maint_order')).toBe(true);
    expect(opened.at(-1)).toMatchObject({ stage: 'final_coc', step: 'review' });
  });

  it('a free repair under warranty without parts or COC skips what it does not need', () => {
    const forms = maintForms(MAINT_FEE.free, false, false);
    const { state, data } = playMaint(MAINT_SHORT, forms);
    expect(state.stage).toBe('completed');
    expect(state.visits.map((v) => v.stage)).toEqual(SHORT_PATHS.maint_order);
    expect(Object.keys(data).sort()).toEqual(formsUsed(MAINT_SHORT));
    expect(data.customer).toEqual(forms.customer);
  });
});

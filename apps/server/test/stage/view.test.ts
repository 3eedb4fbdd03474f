/**
 * The web's view of an order (contracts `process/view.ts`) agrees with the executor: every button shown for a role
 * is an action the executor takes from it, every action left out is one it refuses — for every stage, in each of
 * its states (at work, in review, with a cancel request pending), for every role, of every order definition. And the
 * diagram's marks and edges.
 */
import { describe, expect, it } from 'vitest';
import { MAINT_FEE } from '@helio/contracts/modules/epc/maint.forms';
import { availableActions, stageMarks, takenEdges } from '@helio/contracts/process/view';
import { PROCESS_ACTIONS, type ProcessDefinition, type ProcessState, type RefusalCode } from '@helio/contracts/process/types';
import { initialState, transition } from '../../src/stage/index.js';
import { DEF, DEFINITIONS, ENV, FORMS, MAINT, MAINT_ENV, MAINT_FORMS, T0, actor, envOf, inputFor, stateAt, truePredicates } from './fixtures.js';

/** Refusals about who acts and when (the rest are about the data sent). */
const GATE: RefusalCode[] = ['action-not-allowed', 'not-actor', 'awaiting-review', 'not-submitted', 'pending-examination', 'nothing-to-examine', 'self-examination', 'terminal'];

function statesOf(def: ProcessDefinition, stage: string): [string, ProcessState][] {
  const st = def.stage(stage)!;
  const out: [string, ProcessState][] = [['at work', stateAt(stage, {}, def)]];
  if (st.review) out.push(['in review', stateAt(stage, { inReview: true }, def)]);
  if (!st.terminal) out.push(['cancel pending', stateAt(stage, { pending: { kind: 'cancel', by: 'u-agent', role: 'agent', at: T0, reason: 'r' } }, def)]);
  return out;
}

describe.each(DEFINITIONS.map((d) => [d.id, d] as const))('%s', (_id, def) => {
  describe.each(def.stageIds.map((s) => [s]))('stage %s', (stage) => {
    it('shows a role exactly the actions the executor accepts from it', () => {
      for (const [label, state] of statesOf(def, stage)) {
        for (const role of def.roleCodes) {
          const shown = availableActions(def, state, [role], `u-${role}`);
          for (const action of PROCESS_ACTIONS) {
            const r = transition(def, state, inputFor(stage, action, role, state, def), { ...envOf(def), predicates: truePredicates(def) });
            const gated = !r.ok && r.errors.some((e) => GATE.includes(e.code));
            expect({ label, role, action, shown: shown.includes(action) }).toEqual({ label, role, action, shown: !gated });
          }
        }
      }
    });
  });
});

describe('progress for the diagram', () => {
  it('marks done, current and rejected-back stages and lists the edges taken', () => {
    let s = initialState(DEF, { tenantId: '1', companyId: '2', now: T0 });
    const step = (role: string, action: string, more = {}) => {
      const r = transition(DEF, s, { action, actor: actor(role), stage: s.stage, version: s.version, data: FORMS, now: T0, ...more }, ENV);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      s = r.nextState;
    };
    step('agent', 'submit');
    step('delivery_manager', 'submit');
    step('finance', 'approve');
    step('rollout_manager', 'submit');
    step('rollout_manager', 'assign', { assignees: { site_technician: ['a'], electrician: ['b'] } });
    step('site_technician', 'submit');
    step('rollout_manager', 'reject', { targetStage: 'designated_person', reason: 'wrong electrician' });
    expect(stageMarks(s)).toEqual({ create: 'done', callout_quote: 'done', survey_date: 'done', designated_person: 'current', survey: 'done', survey_review: 'rejected' });
    expect(takenEdges(s)).toEqual([
      { from: 'create', to: 'callout_quote', action: 'submit' },
      { from: 'callout_quote', to: 'survey_date', action: 'approve' },
      { from: 'survey_date', to: 'designated_person', action: 'submit' },
      { from: 'designated_person', to: 'survey', action: 'assign' },
      { from: 'survey', to: 'survey_review', action: 'submit' },
      { from: 'survey_review', to: 'designated_person', action: 'reject' },
    ]);
    // Every edge taken is an edge of the definition.
    for (const e of takenEdges(s)) expect(DEF.transitions.some((t) => t.from === e.from && t.to === e.to && t.action === e.action), JSON.stringify(e)).toBe(true);
    step('agent', 'cancel', { reason: 'x' });
    step('administrator', 'examine', { approved: true });
    expect(stageMarks(s)).toMatchObject({ designated_person: 'done', cancelled: 'done' });
    expect(takenEdges(s).at(-1)).toEqual({ from: 'designated_person', to: 'cancelled', action: 'examine' });
  });

  it('a maintenance order: a free repair without parts takes the default edges, each one of the definition', () => {
    let s = initialState(MAINT, { tenantId: '1', companyId: '2', now: T0 });
    const data = { ...MAINT_FORMS, customer: { ...MAINT_FORMS.customer, feeType: MAINT_FEE.free }, maintSurvey: { ...MAINT_FORMS.maintSurvey, partsNeeded: false } };
    const step = (role: string, action: string, more = {}) => {
      const r = transition(MAINT, s, { action, actor: actor(role), stage: s.stage, version: s.version, data, now: T0, ...more }, MAINT_ENV);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      s = r.nextState;
    };
    step('agent', 'submit');
    step('administrator', 'approve');
    step('rollout_manager', 'submit');
    step('rollout_manager', 'assign', { assignees: { site_technician: ['a'], electrician: ['b'] } });
    step('electrician', 'submit');
    step('rollout_manager', 'approve');
    expect(stageMarks(s)).toEqual({ create: 'done', warranty_verification: 'done', survey_date: 'done', designated_person: 'done', survey: 'done', survey_review: 'done', installation_date: 'current' });
    expect(takenEdges(s).map((e) => `${e.from}→${e.to}`)).toEqual([
      'create→warranty_verification', 'warranty_verification→survey_date', 'survey_date→designated_person', 'designated_person→survey', 'survey→survey_review', 'survey_review→installation_date',
    ]);
    for (const e of takenEdges(s)) expect(MAINT.transitions.some((t) => t.from === e.from && t.to === e.to && t.action === e.action), JSON.stringify(e)).toBe(true);
  });
});

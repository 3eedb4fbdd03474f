/**
 * The web's view of an order (contracts `process/view.ts`) agrees with the executor: every button shown for a role
 * is an action the executor takes from it, every action left out is one it refuses — for every stage, in each of
 * its states (at work, in review, with a cancel request pending), for every role. And the diagram's marks and edges.
 */
import { describe, expect, it } from 'vitest';
import { availableActions, stageMarks, takenEdges } from '@helio/contracts/process/view';
import { PROCESS_ACTIONS, type ProcessState, type RefusalCode } from '@helio/contracts/process/types';
import { initialState, transition } from '../../src/stage/index.js';
import { DEF, ENV, FORMS, T0, TRUE_PREDICATES, actor, inputFor, stateAt } from './fixtures.js';

/** Refusals about who acts and when (the rest are about the data sent). */
const GATE: RefusalCode[] = ['action-not-allowed', 'not-actor', 'awaiting-review', 'not-submitted', 'pending-examination', 'nothing-to-examine', 'self-examination', 'terminal'];

function statesOf(stage: string): [string, ProcessState][] {
  const st = DEF.stage(stage)!;
  const out: [string, ProcessState][] = [['at work', stateAt(stage)]];
  if (st.review) out.push(['in review', stateAt(stage, { inReview: true })]);
  if (!st.terminal) out.push(['cancel pending', stateAt(stage, { pending: { kind: 'cancel', by: 'u-agent', role: 'agent', at: T0, reason: 'r' } })]);
  return out;
}

describe.each(DEF.stageIds.map((s) => [s]))('stage %s', (stage) => {
  it('shows a role exactly the actions the executor accepts from it', () => {
    for (const [label, state] of statesOf(stage)) {
      for (const role of DEF.roleCodes) {
        const shown = availableActions(DEF, state, [role], `u-${role}`);
        for (const action of PROCESS_ACTIONS) {
          const r = transition(DEF, state, inputFor(stage, action, role, state), { ...ENV, predicates: TRUE_PREDICATES });
          const gated = !r.ok && r.errors.some((e) => GATE.includes(e.code));
          expect({ label, role, action, shown: shown.includes(action) }).toEqual({ label, role, action, shown: !gated });
        }
      }
    }
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
});

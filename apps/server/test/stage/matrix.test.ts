/**
 * Generated from each order definition (the installer order's and, issue 20, the maintenance order's): every stage ×
 * every action × every role. A role the stage declares for the action succeeds (with complete data); any other role
 * is refused as not the stage's actor, and an action the stage does not offer is refused for everyone. Terminal
 * stages refuse everything. The fixtures' data is checked first: valid and complete for every form of the definition.
 */
import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { PROCESS_ACTIONS, type ProcessAction, type ProcessDefinition, type ProcessState } from '@helio/contracts/process/types';
import { requirementErrors, transition } from '../../src/stage/index.js';
import { DEFINITIONS, envOf, expectedRoles as rolesOf, formsOf, inputFor as inputOf, stateAt as at, stateFor as stateOf, truePredicates } from './fixtures.js';

describe.each(DEFINITIONS.map((d) => [d.id, d] as const))('%s', (_id, DEF: ProcessDefinition) => {
  const running = DEF.stages.filter((s) => !s.terminal);
  const terminal = DEF.stages.filter((s) => s.terminal);
  const ENV = envOf(DEF);
  const TRUE = { ...ENV, predicates: truePredicates(DEF) };
  const expectedRoles = (stage: string, action: ProcessAction) => rolesOf(stage, action, DEF);
  const inputFor = (stage: string, action: ProcessAction, role: string, state: ProcessState) => inputOf(stage, action, role, state, DEF);
  const stateAt = (stage: string) => at(stage, {}, DEF);
  const stateFor = (stage: string, action: ProcessAction) => stateOf(stage, action, DEF);

  describe('the fixtures', () => {
    it('give schema-valid data for exactly the forms of the definition', () => {
      const forms = formsOf(DEF);
      expect(Object.keys(forms).sort()).toEqual(Object.keys(DEF.forms ?? {}).sort());
      for (const [key, form] of Object.entries(DEF.forms ?? {})) {
        expect([...Value.Errors(form.schema, forms[key])].map((e) => `${e.instancePath} ${e.message}`), key).toEqual([]);
      }
    });

    it('fill every field requirement of every stage, and every predicate holds on them as the module reads them', () => {
      for (const s of running) {
        const call = { data: formsOf(DEF), state: stateAt(s.id), stage: s.id };
        expect(requirementErrors(s.requires, call, ENV.predicates ?? {}), s.id).toEqual([]);
      }
    });
  });

  describe.each(running.map((s) => [s.id]))('stage %s', (stage) => {
    it.each(PROCESS_ACTIONS.map((a) => [a]))('%s: the declared roles may, every other role is refused', (action) => {
      const allowed = expectedRoles(stage, action);
      expect([...DEF.rolesFor(stage, action)].sort()).toEqual([...allowed].sort());
      for (const role of DEF.roleCodes) {
        const state = stateFor(stage, action);
        const r = transition(DEF, state, inputFor(stage, action, role, state), TRUE);
        const label = `${stage} × ${action} × ${role}`;
        if (allowed.includes(role)) {
          expect(r.ok ? [] : r.errors, label).toEqual([]);
          if (!r.ok) continue;
          expect(r.nextState.version, label).toBe(state.version + 1);
          expect(r.history, label).toMatchObject({ stage, action, by: `u-${role}`, role });
        } else if (!allowed.length) {
          expect(r.ok ? null : r.errors, label).toEqual([{ code: 'action-not-allowed', action, stage }]);
        } else {
          expect(r.ok ? null : r.errors, label).toEqual([{ code: 'not-actor', action, stage, roles: allowed }]);
        }
      }
    });
  });

  describe('what each allowed action does', () => {
    it.each(running.map((s) => [s.id]))('%s: the forward actions go to the declared next stage, reject to the declared target', (stage) => {
      const st = DEF.stage(stage)!;
      for (const action of st.actions ?? []) {
        const state = stateFor(stage, action);
        const role = expectedRoles(stage, action)[0]!;
        const r = transition(DEF, state, inputFor(stage, action, role, state), TRUE);
        if (!r.ok) throw new Error(`${stage} ${action}: ${JSON.stringify(r.errors)}`);
        const expected = DEF.transitions.filter((t) => t.from === stage && t.action === action).map((t) => t.to);
        if (action === 'save') expect(r.nextState.stage).toBe(stage);
        else if (action === 'submit' && st.review) expect(r.nextState).toMatchObject({ stage, inReview: true, subStatus: st.review.subStatus });
        else if (action === 'reject') expect(r.nextState.stage).toBe(st.rejectTo![0]);
        else expect(expected).toContain(r.nextState.stage);
      }
    });

    it('cancel is an examined request exactly where the definition says so, immediate elsewhere', () => {
      for (const s of running) {
        const state = stateAt(s.id);
        const r = transition(DEF, state, inputFor(s.id, 'cancel', 'agent', state), ENV);
        if (!r.ok) throw new Error(`${s.id}: ${JSON.stringify(r.errors)}`);
        if (DEF.cancel.examine.includes(s.id)) {
          expect(r.nextState).toMatchObject({ stage: s.id, pending: { kind: 'cancel', by: 'u-agent', role: 'agent', reason: 'a reason' } });
          expect(r.inbox.open).toMatchObject({ step: 'examine-cancel', stage: s.id });
          expect(r.inbox.open!.candidates.map((c) => c.role)).toEqual([...DEF.examiners]);
        } else {
          expect(r.nextState).toMatchObject({ stage: 'cancelled', pending: null });
          expect(r.nextState.endedAt).not.toBeNull();
          expect(r.inbox).toEqual({ close: true, open: null });
        }
      }
    });
  });

  describe.each(terminal.map((s) => [s.id]))('terminal stage %s', (stage) => {
    it('refuses every action of every role', () => {
      for (const action of PROCESS_ACTIONS) {
        for (const role of DEF.roleCodes) {
          const state = stateAt(stage);
          const r = transition(DEF, state, inputFor(stage, action, role, state), ENV);
          expect(r.ok ? null : r.errors, `${action} × ${role}`).toEqual([{ code: 'terminal', stage }]);
        }
      }
    });
  });
});

/**
 * What a screen shows of an order's state, from its definition: the buttons a user's roles may press now, and the
 * progress marks for the diagram (stage ids = element ids). The server's executor refuses exactly what
 * `availableActions` leaves out (apps/server/test/stage/view.test.ts checks the two against each other).
 */
import type { ProcessAction, ProcessDefinition, ProcessState } from './types.js';
import { PROCESS_ACTIONS } from './types.js';

/** The actions `roles` may take on `state` now (for `userId`: never the examination of the own request). */
export function availableActions(definition: ProcessDefinition, state: ProcessState, roles: readonly string[], userId?: string): ProcessAction[] {
  const st = definition.stage(state.stage);
  if (!st || st.terminal || state.endedAt) return [];
  const may = (a: ProcessAction) => definition.rolesFor(st.id, a).some((r) => roles.includes(r));
  if (state.pending) return may('examine') && state.pending.by !== userId ? ['examine'] : [];
  return PROCESS_ACTIONS.filter((a) => {
    if (a === 'examine' || !may(a)) return false;
    if (a === 'save' || a === 'submit') return !state.inReview;
    if (a === 'approve' || a === 'reject') return st.review ? state.inReview : true;
    return true;
  });
}

export type StageMark = 'done' | 'current' | 'rejected';

/**
 * Progress marks: `current` (the stage the order is in), `rejected` (its last stay ended by sending the order back),
 * `done` (left forward). Stages never visited have no mark.
 */
export function stageMarks(state: ProcessState): Record<string, StageMark> {
  const marks: Record<string, StageMark> = {};
  for (const v of state.visits) {
    if (!v.leftAt) continue;
    marks[v.stage] = v.leftBy === 'reject' ? 'rejected' : 'done';
  }
  if (!state.endedAt) marks[state.stage] = 'current';
  else marks[state.stage] = 'done';
  return marks;
}

/** The edges an order has taken, in order (`from → to` by the action that left `from`). */
export function takenEdges(state: ProcessState): { from: string; to: string; action: ProcessAction }[] {
  const out: { from: string; to: string; action: ProcessAction }[] = [];
  for (let i = 1; i < state.visits.length; i++) {
    const a = state.visits[i - 1]!;
    out.push({ from: a.stage, to: state.visits[i]!.stage, action: a.leftBy ?? 'submit' });
  }
  return out;
}

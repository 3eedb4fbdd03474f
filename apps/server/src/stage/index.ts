// Helio's stage-process engine (docs/adr/0003-stage-engine.md): runs the typed stage definitions of
// packages/contracts (`defineProcess`). An engine like src/crud and src/flow: it knows no module, does no I/O, no
// database and no clock of its own; the module stores the state, the history row and the inbox change it answers
// in one transaction, with `version` as the optimistic lock.
export { currentTask, initialState, transition } from './transition.js';
export type { InboxChange, TransitionEnv, TransitionInput, TransitionResult } from './transition.js';
export { calendarDays, dwellDays, localDay, visitDays } from './dwell.js';
export type { DwellDays } from './dwell.js';
export { formErrors, isMissing, requirementErrors, valueAt } from './requirements.js';
export type { Predicate, PredicateCall, ProcessData } from './requirements.js';

// Stage processes: typed definitions both apps run (docs/adr/0003-stage-engine.md).
export * from './types.js';
export { defineForm, defineProcess, nextRules, requirementField, ProcessDefinitionError } from './define.js';
export { availableActions, stageMarks, takenEdges } from './view.js';
export type { StageMark } from './view.js';

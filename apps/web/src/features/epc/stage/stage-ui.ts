/**
 * What a stage adds to the generic stage panel (stage-panel.tsx) without editing it: a component shown above the
 * stage's form (the shipment's lines, the EHS location, the QC serial check…), a step before an action's call that
 * may add to its input or stop it (e.g. the browser's location on an EHS submit), and whether the stage's `assign`
 * picks persons with the designated-person form. Part 2's groups each export theirs (stage-ui-install/-field/-handover).
 */
import type { ProcessDefinition } from '@helio/contracts/process/types';
import { FIELD_UI } from './stage-ui-field';
import { HANDOVER_UI } from './stage-ui-handover';
import { INSTALL_UI } from './stage-ui-install';
import type { StageUi } from './stage-ui-types';

export type { OrderDetail, StageUi } from './stage-ui-types';

export const STAGE_UI: Record<string, StageUi> = { designated_person: { assigns: true }, ...INSTALL_UI, ...FIELD_UI, ...HANDOVER_UI };

/**
 * What the stage adds for an order of `def`: an order kind's own additions (`extra`, by stage id) first, else the
 * installer order's, each only where the stage's form is the one it was made for (`StageUi.form`).
 */
export function stageUiOf(def: ProcessDefinition, stage: string, extra?: Readonly<Record<string, StageUi>>): StageUi | undefined {
  const ui = extra?.[stage] ?? STAGE_UI[stage];
  if (!ui || (ui.form !== undefined && def.formOf(stage)?.key !== ui.form)) return undefined;
  return ui;
}

/**
 * The types of what a stage adds to the generic stage panel (stage-ui.ts registers the groups' additions): the order
 * detail a stage's additions read, and the additions themselves.
 */
import type { ComponentType } from 'react';
import type { DataOf } from '@helio/contracts/api/endpoint';
import type { baseOrderInfo } from '@helio/contracts/modules/epc/order.api';
import type { ProcessAction } from '@helio/contracts/process/types';
import type { ActionInput } from './stage-call';

export type OrderDetail = DataOf<typeof baseOrderInfo>;
export interface StageUi {
  /** Shown above the stage's form. */
  Extra?: ComponentType<{ detail: OrderDetail; onChanged: () => void }>;
  /** Runs before the action's call: the input to send, or null to stop (it has told the user why). */
  beforeCall?: (action: ProcessAction, input: ActionInput, detail: OrderDetail) => Promise<ActionInput | null>;
  /** The stage's `assign` names a site technician and an electrician (the designated-person form). */
  assigns?: boolean;
  /**
   * Only where the stage's form (in the order's definition) has this key: a part made for one form (the installer
   * order's QC serials) stays off the same stage of another definition (the maintenance order's repair QC).
   */
  form?: string;
}

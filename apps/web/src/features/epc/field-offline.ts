/**
 * The installer's steps through the offline queue (core/offline): the `epc-step` sender replays a kept step with
 * the same call the panel makes (`STAGE_CALLS[stage][action]`) and the same `submissionId`, so the server acts on it
 * once. Imported by the order pages: the queue starts syncing when they load (and on every `online` event).
 */
import type { ProcessAction } from '@helio/contracts/process/types';
import { offlineQueue } from '@/core/offline/queue';
import { STAGE_CALLS, type ActionInput } from './stage/stage-actions';

export const EPC_STEP = 'epc-step';

export interface StepPayload {
  stage: string;
  action: ProcessAction;
  input: ActionInput;
}

/** The queue scope of an order's steps. */
export const orderScope = (orderId: string | number) => `epc-order:${orderId}`;

offlineQueue.register<StepPayload>(EPC_STEP, (p, id) => {
  const call = STAGE_CALLS[p.stage]?.[p.action];
  if (!call) return Promise.reject(new Error(`${p.stage}.${p.action}`));
  return call({ ...p.input, submissionId: id });
});
offlineQueue.start();

/**
 * The life of a settings command (docs/device-protocol.md, "Settings"):
 *
 *   pending_approval ─approve→ queued ─device online→ sent ─write ok→ delivered ─read back→ succeeded (verified 1|0)
 *          │ reject/TTL             │ TTL                 ├─refused→ failed (the device's reason)
 *          ↓                        ↓                     └─no answer→ timed_out
 *   rejected / expired          expired            sent ─device path down→ queued (tried again)
 *
 * Every move is one guarded UPDATE (`WHERE state = <from>`), so two processes never move a command twice; the final
 * states are never left.
 */
import type { CommandState } from '@helio/contracts/modules/settings/settings.api';

export const TRANSITIONS: Readonly<Record<CommandState, readonly CommandState[]>> = {
  pending_approval: ['queued', 'rejected', 'expired'],
  queued: ['sent', 'expired'],
  sent: ['delivered', 'failed', 'timed_out', 'queued'],
  delivered: ['succeeded', 'timed_out'],
  succeeded: [],
  failed: [],
  timed_out: [],
  expired: [],
  rejected: [],
};

export const FINAL_STATES: readonly CommandState[] = ['succeeded', 'failed', 'timed_out', 'expired', 'rejected'];

export function canMove(from: CommandState, to: CommandState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFinal(state: CommandState): boolean {
  return FINAL_STATES.includes(state);
}

/** Where a command starts: grid-code items wait for a second person when approval is on. */
export function initialState(gridCode: boolean, approvalOn: boolean): CommandState {
  return gridCode && approvalOn ? 'pending_approval' : 'queued';
}

/** What the device's answer to the write means. */
export function afterWrite(reply: { ok: true } | { ok: false; error: string } | 'no_answer' | 'path_down' | 'unknown_device'): { state: CommandState; reason: string | null } {
  if (reply === 'no_answer') return { state: 'timed_out', reason: 'no answer from the device' };
  if (reply === 'path_down') return { state: 'queued', reason: null };
  if (reply === 'unknown_device') return { state: 'failed', reason: 'device unknown' };
  return reply.ok ? { state: 'delivered', reason: null } : { state: 'failed', reason: reply.error };
}

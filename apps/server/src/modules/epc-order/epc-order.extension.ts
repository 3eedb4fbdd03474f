/**
 * What a group of stages adds to the generic step (epc-order.steps.ts) without editing it: look-ups made before the
 * transaction (PGlite has one connection: neighbours' reads happen outside it), the named predicates of the process
 * definition those stages use (pure, over the look-ups), a precise message for their refusals, and effects inside the
 * step's transaction once the state is written (stock issued on shipment, devices commissioned on QC approval). The
 * installation, field (EHS, QC) and handover (FAC, COC, balance) files each export one; module.ts lists them.
 */
import type { ProcessAction, Refusal } from '@helio/contracts/process/types';
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import type { Actor, TxHooks } from '../../kernel/types.js';
import type { Predicate } from '../../stage/index.js';
import type { OrderReads, OrderRow } from './epc-order.service.js';

type Rec = Record<string, unknown>;

export interface StepContext {
  actor: Actor;
  lang: Lang;
  /** The order as read before the transaction. */
  row: OrderRow;
  stage: string;
  action: ProcessAction;
  /** The order's stored form data with the step's own form applied (what the predicates judge). */
  data: Rec;
  reads: OrderReads;
}

export interface StepEffect extends Omit<StepContext, 'row'> {
  tx: Db;
  hooks: TxHooks;
  /** The order before (`row`) and after (`next`) the step, both read in the transaction. */
  before: OrderRow;
  next: OrderRow;
  /** What `prepare` looked up. */
  prepared: unknown;
}

export interface StepExtension {
  /** Which stages it concerns (prepare and effect run only for steps on these). */
  stages: readonly string[];
  /** Look-ups before the transaction; the result reaches `predicates`, `explain` and `effect`. */
  prepare?(c: StepContext): Promise<unknown>;
  /** Implementations of the definition's named predicates (keys not named by the definition are ignored). */
  predicates?(prepared: unknown, c: StepContext): Record<string, Predicate>;
  /** A precise, translated error for a refusal of one of its predicates; undefined to leave it to the generic one. */
  explain?(errors: Refusal[], prepared: unknown, c: StepContext): Error | undefined;
  /** Inside the step's transaction, after the order row, history and form are written. Throwing rolls it all back. */
  effect?(e: StepEffect): Promise<void>;
}

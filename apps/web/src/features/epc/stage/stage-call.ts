/**
 * The shapes every stage-call file shares (stage-actions.ts and the part-2 files): a step call to a contracts
 * endpoint without the client's toast, the action's input, and the body parts every step sends (order, version and,
 * from an offline form, the submission's client id). The calls name the installer order's endpoints; the input's
 * `process` makes a maintenance order's call its twin (`maintTwin`, process.ts).
 */
import type { BodyOf, DataOf, Endpoint } from '@helio/contracts/api/endpoint';
import { http } from '@/core/http/http';
import { endpointOf } from '../process';

/**
 * A step call without the client's toast (the panel shows conflicts, field errors and messages itself), to the
 * endpoint of the order's kind: `on` names the order's definition (`ActionInput.process`; the installer order's when
 * absent).
 */
export function callEndpoint<E extends Endpoint>(endpoint: E, on: { process?: string | null } | undefined, body: BodyOf<E>): Promise<DataOf<E>> {
  const e = endpointOf(on?.process, endpoint);
  return http.request<{ data: DataOf<E> }>(e.url, { method: e.method, data: body, silent: true }).then((r) => r.data);
}

export type Rec = Record<string, unknown>;

export interface ActionInput {
  orderId: string;
  /** The order's definition (`OrderVO.process`): which kind's endpoint the step calls. */
  process?: string | null;
  version: number;
  /** The stage form's wire data (save, submit; approve where the stage's reviewer fills the form). */
  form?: Rec;
  reason?: string;
  targetStage?: string;
  /** Examination of a pending request. */
  approved?: boolean;
  technicianIds?: string[];
  electricianIds?: string[];
  /** The client's id of this submission (an offline form keeps it until the server has it: acted on once). */
  submissionId?: string;
}

export type Call = (i: ActionInput) => Promise<unknown>;
export const base = (i: ActionInput) => ({ orderId: i.orderId, version: i.version, ...(i.submissionId ? { submissionId: i.submissionId } : {}) });
export const form = (i: ActionInput) => i.form ?? {};
export const reject = (i: ActionInput) => ({ ...base(i), approved: false, reason: i.reason ?? '', ...(i.targetStage ? { targetStage: i.targetStage } : {}) });


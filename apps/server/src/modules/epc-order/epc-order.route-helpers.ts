/**
 * The step shapes every installer-order route file shares: a step answered with the order's view, a decision
 * (approve with an optional form, or reject with a reason and target) and a submit (or save as a draft). Each passes
 * the client's `submissionId` on, so a repeated offline submission acts once (epc-order.steps.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import type { Endpoint } from '@helio/contracts/api/endpoint';
import { route, type EndpointHandler } from '../../kernel/http.js';
import type { EndpointAccess } from '@helio/contracts/api/endpoint';
import { sendFile } from '../../core/download.js';
import type { Lang } from '../../core/i18n.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import type { OrderReads, OrderRow } from './epc-order.service.js';
import type { OrderKind } from './epc-order.kind.js';
import type { StepInput } from './epc-order.steps.js';

type Rec = Record<string, unknown>;
export interface Decision {
  orderId: string | number;
  version: number;
  approved: boolean;
  reason?: string | undefined;
  targetStage?: string | undefined;
  form?: Rec | undefined;
  submissionId?: string | undefined;
}
export interface Submit {
  orderId: string | number;
  version: number;
  form?: Rec | undefined;
  save?: boolean | undefined;
  submissionId?: string | undefined;
}

export function stepHelpers({ reads, steps }: OrderKind) {
  const vo = async (actor: Actor, lang: Lang, orderId: unknown, input: StepInput, before?: Parameters<typeof steps.act>[4]) =>
    reads.voOf(await steps.act(actor, orderId, input, lang, before), lang);
  /** approve (with an optional form) or reject (reason, target; `fallback` when none is named). */
  const decide = (actor: Actor, lang: Lang, b: Decision, stage: string, fallback: string) =>
    vo(actor, lang, b.orderId, {
      stage,
      version: b.version,
      action: b.approved ? 'approve' : 'reject',
      ...(b.approved && b.form ? { formData: b.form } : {}),
      reason: b.reason,
      ...(b.approved ? {} : { targetStage: b.targetStage ?? fallback }),
      submissionId: b.submissionId,
    });
  /** submit, or save as a draft. */
  const submit = (actor: Actor, lang: Lang, b: Submit, stage: string) =>
    vo(actor, lang, b.orderId, { stage, version: b.version, action: b.save ? 'save' : 'submit', ...(b.form ? { formData: b.form } : {}), submissionId: b.submissionId });
  return { vo, decide, submit };
}

/** A GET route answering one order's document as a PDF download (the quote, the FAC template). */
export interface OrderPdfEndpoint {
  method: 'GET';
  url: string;
  access: EndpointAccess;
  tags: readonly string[];
  summary: string;
  querystring: TSchema;
  mime: string;
}

export function orderPdfRoute(
  app: FastifyInstance,
  ctx: ModuleContext,
  reads: OrderReads,
  e: OrderPdfEndpoint,
  description: string,
  render: (actor: Actor, row: OrderRow, data: Record<string, Record<string, unknown>>, lang: Lang) => Promise<{ name: string; content: Buffer }>,
): void {
  app.route({
    method: e.method,
    url: e.url,
    config: { access: e.access, download: true },
    schema: { tags: [...e.tags], summary: e.summary, querystring: e.querystring, response: { 200: { description, content: { [e.mime]: { schema: { type: 'string', format: 'binary' } } } } } },
    handler: async (req, reply) => {
      const q = req.query as { orderId: string; language?: Lang };
      const row = await reads.load(req.user!, q.orderId, req.lang);
      const pdf = await render(req.user!, row, await reads.data(ctx.db, row.id), q.language ?? req.lang);
      return sendFile(reply, pdf.content, { name: pdf.name, mime: e.mime, size: pdf.content.length });
    },
  });
}

/**
 * Which endpoint serves a step for one kind of order: the installer order's own (`same`), or for maintenance orders
 * its twin under the spec's `maint` URL (contracts `maint.api.ts`), undefined where that kind has no such step.
 */
export type EndpointPick = <E extends { method: string; url: string }>(e: E) => E | undefined;
export const same: EndpointPick = (e) => e;

/** `route` on the endpoint `pick` chooses (nothing when it chooses none): one handler for both kinds of order. */
export function routeOn(app: FastifyInstance, pick: EndpointPick) {
  return <Q extends TSchema, B extends TSchema, D extends TSchema>(e: Endpoint<Q, B, D>, handler: EndpointHandler<Q, B, D>): void => {
    const chosen = pick(e);
    if (chosen) route(app, chosen, handler);
  };
}

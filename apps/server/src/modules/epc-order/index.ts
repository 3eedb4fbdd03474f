/**
 * The installer order module's public entry (issue 18): its reads and steps, for neighbours that take part in an
 * order later (shipment) — they reach the order only through this. Maintenance orders (issue 20) are a second kind
 * of order on the same tables and stage engine: `orderKind` gives a definition its own reads and steps, and
 * `stageRoutes` registers the installer order's step handlers for it on the endpoints its `pick` names.
 */
import type { FastifyInstance } from 'fastify';
import type { ProcessDefinition } from '@helio/contracts/process/types';
import type { ModuleContext } from '../../kernel/types.js';
import type { StepExtension } from './epc-order.extension.js';
import type { EndpointPick } from './epc-order.route-helpers.js';
import type { OrderKind } from './epc-order.kind.js';

export type { StepContext, StepEffect, StepExtension } from './epc-order.extension.js';
export type { EndpointPick } from './epc-order.route-helpers.js';
export type { OrderKind } from './epc-order.kind.js';
export type { OrderReads, OrderRow, OrderVo } from './epc-order.service.js';
export type { OrderSteps, StepInput } from './epc-order.steps.js';
export { orderError, refusalError } from './epc-order.messages.js';
export { pointOf } from './epc-order.field.js';
export { epcOrder, epcOrderForm, epcOrderHistory } from './epc-order.tables.js';


export interface EpcOrderApi extends OrderKind {
  /** Reads and steps for another definition on the order tables, its numbers prefixed `prefix`, with these extensions. */
  orderKind(def: ProcessDefinition, prefix: string, extensions: readonly StepExtension[]): OrderKind;
  /** The stage groups' extensions the installer order runs, for a kind that has the same steps. */
  extensions: {
    install: StepExtension;
    /** EHS and QC rules without the installer order's commissioning on QC approval. */
    field: StepExtension;
    handover: StepExtension;
    package: StepExtension;
  };
  /** Registers the installer order's step handlers for `kind` on the endpoints `pick` gives (none where it gives none). */
  stageRoutes(app: FastifyInstance, ctx: ModuleContext, kind: OrderKind, pick: EndpointPick): void;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    'epc-order': EpcOrderApi;
  }
}

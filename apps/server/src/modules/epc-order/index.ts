/**
 * The installer order module's public entry (issue 18): its reads and steps, for neighbours that take part in an
 * order later (maintenance, shipment) — they reach the order only through this.
 */
import type { OrderReads } from './epc-order.service.js';
import type { OrderSteps } from './epc-order.steps.js';

export interface EpcOrderApi {
  reads: OrderReads;
  steps: OrderSteps;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    'epc-order': EpcOrderApi;
  }
}

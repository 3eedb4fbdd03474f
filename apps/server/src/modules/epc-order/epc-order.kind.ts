/** One kind of order on the order tables (the installer order; maintenance orders): its reads and steps. */
import type { OrderReads } from './epc-order.service.js';
import type { OrderSteps } from './epc-order.steps.js';

export interface OrderKind {
  reads: OrderReads;
  steps: OrderSteps;
}

/**
 * Installer (EPC) orders, sales half (issue 18): the order as a stage process (contracts `order.process.ts`, run by
 * `src/stage`), create through ESS payment, with cancel and edit of a running order, review history, dwell days and
 * the shared inbox (`helio_flow_task`, kind `epc`). Uses the agent module (companies, staff, exclusions), the stock
 * module (stock on hand), the workflow module's inbox, the mail module (the quote and payment mails) and the station
 * module (SN existence) through their public entries.
 */
import type { FastifyInstance } from 'fastify';
import { defineModule, type ModuleContext } from '../../kernel/types.js';
import type { EpcOrderApi } from './index.js';
import { orderRoutes } from './epc-order.routes.js';
import { quoteRoutes } from './epc-order.quote.routes.js';
import { OrderReads } from './epc-order.service.js';
import { OrderSteps } from './epc-order.steps.js';
import { fieldExtension } from './epc-order.field.js';
import { fieldRoutes } from './epc-order.field.routes.js';
import { handoverExtension } from './epc-order.handover.js';
import { handoverRoutes } from './epc-order.handover.routes.js';
import { installExtension } from './epc-order.install.js';
import { installRoutes } from './epc-order.install.routes.js';
import { packageExtension } from './epc-order.package.js';
import { same, type EndpointPick } from './epc-order.route-helpers.js';
import type { OrderKind } from './epc-order.kind.js';

/** Every step route of a kind of order (the installer order's own on `same`; another kind's on its `pick`). */
function stageRoutes(app: FastifyInstance, ctx: ModuleContext, kind: OrderKind, pick: EndpointPick): void {
  orderRoutes(app, ctx, kind, pick);
  // The quote PDF, the quote and payment mails (the mail module's SMTP), the SN existence check.
  quoteRoutes(app, ctx, kind, pick);
  // Part 2 (issue 19): installation and shipment; EHS and QC in the field; FAC, COC and balance payment.
  installRoutes(app, ctx, kind, pick);
  fieldRoutes(app, ctx, kind, pick);
  handoverRoutes(app, ctx, kind, pick);
}

export default defineModule<EpcOrderApi>({
  name: 'epc-order',
  dependsOn: ['agent', 'stock', 'workflow', 'mail', 'epc-package'],
  services: (ctx) => {
    const deps = { agent: () => ctx.use('agent'), stock: () => ctx.use('stock'), workflow: () => ctx.use('workflow') };
    const reads = new OrderReads(ctx, deps);
    const { effect: _commissioning, ...fieldRules } = fieldExtension;
    return {
      reads,
      steps: new OrderSteps(reads, [installExtension, fieldExtension, handoverExtension, packageExtension]),
      orderKind: (def, prefix, extensions) => {
        const kindReads = new OrderReads(ctx, deps, def, prefix);
        return { reads: kindReads, steps: new OrderSteps(kindReads, extensions) };
      },
      extensions: { install: installExtension, field: fieldRules, handover: handoverExtension, package: packageExtension },
      stageRoutes,
    };
  },
  routes: (app, ctx, api) => stageRoutes(app, ctx, api, same),
});

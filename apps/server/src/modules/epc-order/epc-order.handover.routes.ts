/**
 * Installer order, part 2 (issue 19): the handover stages' HTTP routes (contracts order.handover.api.ts) — FAC sign
 * audit (save, submit, review) and its template PDF, temporary and final COC, balance payment. Each route translates
 * HTTP ↔ reads and steps (epc-order.route-helpers.ts); the stage engine and the handover extension decide.
 */
import type { FastifyInstance } from 'fastify';
import * as api from '@helio/contracts/modules/epc/order.handover.api';
import type { ModuleContext } from '../../kernel/types.js';
import type { OrderKind } from './epc-order.kind.js';
import { renderFacTemplate } from './epc-order.fac-template.js';
import { handoverText } from './epc-order.handover.messages.js';
import { orderPdfRoute, stepHelpers, routeOn, same, type EndpointPick } from './epc-order.route-helpers.js';


export function handoverRoutes(app: FastifyInstance, ctx: ModuleContext, m: OrderKind, pick: EndpointPick = same): void {
  const on = routeOn(app, pick);
  const { reads } = m;
  const { decide, submit } = stepHelpers(m);
  on(api.facDetail, (req) => reads.stageForm(req.user!, req.query.orderId, 'fac_sign_audit', req.lang));
  on(api.facSubmit, (req) => submit(req.user!, req.lang, req.body, 'fac_sign_audit'));
  on(api.facAudit, (req) => decide(req.user!, req.lang, req.body, 'fac_sign_audit', 'fac_sign_audit'));

  const facTemplateExport = pick(api.facTemplateExport);
  if (facTemplateExport) orderPdfRoute(app, ctx, reads, facTemplateExport, 'The FAC template (PDF)', async (_actor, row, data, lang) => ({
    name: handoverText(lang, 'pdfName', { orderNumber: row.orderNumber }),
    content: await renderFacTemplate(row, data, lang),
  }));

  on(api.temporaryCocDetail, (req) => reads.stageForm(req.user!, req.query.orderId, 'temporary_coc', req.lang));
  on(api.temporaryCocSubmit, (req) => submit(req.user!, req.lang, req.body, 'temporary_coc'));
  on(api.finalCocDetail, (req) => reads.stageForm(req.user!, req.query.orderId, 'final_coc', req.lang));
  on(api.finalCocSubmit, (req) => submit(req.user!, req.lang, req.body, 'final_coc'));
  on(api.finalCocAudit, (req) => decide(req.user!, req.lang, req.body, 'final_coc', 'final_coc'));

  on(api.balancePayInfo, (req) => reads.stageForm(req.user!, req.query.orderId, 'balance_payment', req.lang));
  on(api.balancePayConfirm, (req) => submit(req.user!, req.lang, req.body, 'balance_payment'));
}

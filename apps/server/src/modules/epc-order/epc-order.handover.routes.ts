/**
 * Installer order, part 2 (issue 19): the handover stages' HTTP routes (contracts order.handover.api.ts) — FAC sign
 * audit (save, submit, review) and its template PDF, temporary and final COC, balance payment. Each route translates
 * HTTP ↔ reads and steps (epc-order.route-helpers.ts); the stage engine and the handover extension decide.
 */
import type { FastifyInstance } from 'fastify';
import * as api from '@helio/contracts/modules/epc/order.handover.api';
import { route } from '../../kernel/http.js';
import type { ModuleContext } from '../../kernel/types.js';
import type { EpcOrderApi } from './index.js';
import { renderFacTemplate } from './epc-order.fac-template.js';
import { handoverText } from './epc-order.handover.messages.js';
import { orderPdfRoute, stepHelpers } from './epc-order.route-helpers.js';


export function handoverRoutes(app: FastifyInstance, ctx: ModuleContext, m: EpcOrderApi): void {
  const { reads } = m;
  const { decide, submit } = stepHelpers(m);
  route(app, api.facDetail, (req) => reads.form(req.user!, req.query.orderId, 'fac', req.lang));
  route(app, api.facSubmit, (req) => submit(req.user!, req.lang, req.body, 'fac_sign_audit'));
  route(app, api.facAudit, (req) => decide(req.user!, req.lang, req.body, 'fac_sign_audit', 'fac_sign_audit'));

  orderPdfRoute(app, ctx, reads, api.facTemplateExport, 'The FAC template (PDF)', async (_actor, row, data, lang) => ({
    name: handoverText(lang, 'pdfName', { orderNumber: row.orderNumber }),
    content: await renderFacTemplate(row, data, lang),
  }));

  route(app, api.temporaryCocDetail, (req) => reads.form(req.user!, req.query.orderId, 'temporaryCoc', req.lang));
  route(app, api.temporaryCocSubmit, (req) => submit(req.user!, req.lang, req.body, 'temporary_coc'));
  route(app, api.finalCocDetail, (req) => reads.form(req.user!, req.query.orderId, 'finalCoc', req.lang));
  route(app, api.finalCocSubmit, (req) => submit(req.user!, req.lang, req.body, 'final_coc'));
  route(app, api.finalCocAudit, (req) => decide(req.user!, req.lang, req.body, 'final_coc', 'final_coc'));

  route(app, api.balancePayInfo, (req) => reads.form(req.user!, req.query.orderId, 'balancePayment', req.lang));
  route(app, api.balancePayConfirm, (req) => submit(req.user!, req.lang, req.body, 'balance_payment'));
}

/**
 * The order's quote documents and mails, and the serial-number existence check (contracts `order.quote.api.ts`):
 * HTTP ↔ QuoteDocs / OrderMails and the station module's SN look-up.
 */
import type { FastifyInstance } from 'fastify';
import * as api from '@helio/contracts/modules/epc/order.quote.api';
import type { ModuleContext } from '../../kernel/types.js';
import { plantsOwnedBy, snExistence } from '../station/index.js';
import type { OrderKind } from './epc-order.kind.js';
import { OrderMails } from './epc-order.mail.js';
import { QuoteDocs } from './epc-order.quote.js';
import { orderPdfRoute, routeOn, same, type EndpointPick } from './epc-order.route-helpers.js';


export function quoteRoutes(app: FastifyInstance, ctx: ModuleContext, m: OrderKind, pick: EndpointPick = same): void {
  const on = routeOn(app, pick);
  const { reads } = m;
  const docs = new QuoteDocs(reads);
  const mails = new OrderMails(reads, docs, () => ctx.use('mail'));

  const generateQuotePdf = pick(api.generateQuotePdf);
  if (generateQuotePdf) orderPdfRoute(app, ctx, reads, generateQuotePdf, 'The quote (PDF)', (actor, row, data, lang) => docs.pdf(actor, row, data, lang));

  on(api.calloutSendMail, (req) => mails.send(req.user!, req.body.orderId, 'callout', req.lang, req.body.language ?? req.lang));
  on(api.quoteSendMail, (req) => mails.send(req.user!, req.body.orderId, 'quote', req.lang, req.body.language ?? req.lang));
  on(api.quoteEmailDetail, (req) => mails.detail(req.user!, req.query.orderId, req.lang));
  on(api.paymentEmailDetail, (req) => mails.paymentDetail(req.user!, req.query.orderId, req.lang));
  on(api.paymentConfirmSendMail, (req) => mails.send(req.user!, req.body.orderId, 'payment', req.lang, req.body.language ?? req.lang));
  on(api.finalPaymentConfirmSendMail, (req) => mails.send(req.user!, req.body.orderId, 'finalPayment', req.lang, req.body.language ?? req.lang));

  on(api.serialNumberCheck, async (req) => {
    const results = await snExistence(ctx.db, req.body.sns ?? [], req.query.deviceType);
    return { results, missing: results.filter((r) => !r.exists).map((r) => r.sn), repeated: results.filter((r) => r.repeated).map((r) => r.sn) };
  });

  on(api.plantByUserInfo, async (req) => {
    const row = await reads.load(req.user!, req.query.orderId, req.lang);
    const customer = ((await reads.data(ctx.db, row.id)).customer ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return plantsOwnedBy(ctx.db, row.tenantId, { phone: text(customer.phone), diallingCode: text(customer.phoneDiallingCode), email: text(customer.email) });
  });
}

/**
 * Installer orders, part 2: the handover (issue 19; spec §7 "COC maintenance … temporaryCoc, fac, balancePay,
 * finalCoc, detail and audit; fac template export (blob)"; §8 "provide signature first", "tick the statement").
 *
 * - FAC sign audit (`fac/…`): the delivery manager saves (save=true) or submits the FAC form — the signed template
 *   (`signedFile`), signed at, the four signatures drawn on the screen (landlord, installer, electrician, owner: image
 *   attachments of the tenant) and the statement ticked; an administrator approves, or rejects back (FAC or QC
 *   submission) with a reason. `fac/exportTemplate` answers the FAC template as a PDF (order number, customer, site,
 *   the installed system: design summary and QC serials, four signature boxes), in Chinese or English.
 * - Temporary COC (`temporaryCoc/…`) and final COC (`finalCoc/…`, reviewed by an administrator): creation date,
 *   permanent validity, the customer's confirmation (ticked), delivery type (dict `delivery_type`) and an optional
 *   delivery number.
 * - Balance payment (`balancePay/…`): finance confirms the amount and paid at; the order is completed. The balance
 *   mail is `quote/finalPaymentConfirmSendMail` (order.quote.api.ts), available from then on.
 */
import { Type } from 'typebox';
import { DocLanguage } from './order.quote.api.js';
import { Decision, detailEndpoint, Form, Id, ORDER_API, READ, step, stepEndpoint, TAGS } from './order.api.js';

const submitBody = () => step({ form: Type.Optional(Form), save: Type.Optional(Type.Boolean()) });

export const facDetail = detailEndpoint('fac/detail', "The order's FAC form (signed template, signatures, statement)");
export const facSubmit = stepEndpoint(
  'fac/submit',
  'FAC sign audit (delivery manager): save as a draft (save=true), or submit for review — the signed template, signed at, the four signatures (image attachments) and the statement ticked',
  submitBody(),
);
export const facAudit = stepEndpoint('fac/audit', 'FAC review (administrator): approve, or reject back (FAC sign audit or QC submission) with a reason', step(Decision));
export const facTemplateExport = {
  method: 'GET',
  url: `${ORDER_API}/fac/exportTemplate`,
  access: READ,
  tags: TAGS,
  summary: "The order's FAC template as a PDF (blob; Chinese or English: `language`, else the caller's): order number, customer, site, installed system, four signature boxes",
  querystring: Type.Object({ orderId: Id, language: Type.Optional(DocLanguage) }, { additionalProperties: false }),
  mime: 'application/pdf',
} as const;

export const temporaryCocDetail = detailEndpoint('temporaryCoc/detail', "The order's temporary COC");
export const temporaryCocSubmit = stepEndpoint(
  'temporaryCoc/submit',
  'Temporary COC (delivery manager): creation date, permanent validity, the customer confirmation ticked, delivery type and an optional delivery number',
  step({ form: Type.Optional(Form) }),
);

export const finalCocDetail = detailEndpoint('finalCoc/detail', "The order's final COC");
export const finalCocSubmit = stepEndpoint('finalCoc/submit', 'Final COC (delivery manager): submit for review (the same fields as the temporary COC)', step({ form: Type.Optional(Form) }));
export const finalCocAudit = stepEndpoint('finalCoc/audit', 'Final COC review (administrator): approve, or reject back (final or temporary COC) with a reason', step(Decision));

export const balancePayInfo = detailEndpoint('balancePay/info', "The order's balance payment");
export const balancePayConfirm = stepEndpoint('balancePay/confirm', 'Finance confirms the balance payment (amount, paid at): the order is completed', step({ form: Form }));

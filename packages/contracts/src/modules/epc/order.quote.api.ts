/**
 * Installer orders: the quote's documents and mails (issue 18; spec §7 "quote: sendMail, emailDetail,
 * paymentEmailDetail, paymentConfirmSendMail, finalPaymentConfirmSendMail, generateQuotePdf"; "serial number existence
 * check (POST, deviceType query)").
 *
 * - The quote PDF (`generateQuotePdf`): a file download (GET; a Blade client may open it with `?blade-auth=bearer …`),
 *   rendered from the order's stored quote form, its customer and its agent company, in the caller's language (or
 *   `language`). Available once a quote with lines is stored.
 * - Mails (the tenant's enabled SMTP configuration): the quote with its PDF attached, once finance approved it (the
 *   order is past `ess_quotation`); the ESS payment confirmation once the payment is confirmed (past `ess_payment`);
 *   the final (balance) payment confirmation once the balance is confirmed (past `balance_payment`). Sending never
 *   moves the order (no version needed): a mail server that is down or refuses leaves the order as it was, the failed
 *   attempt is recorded (here and in the mail outbox) and the same call may be made again. The detail routes answer the
 *   last attempt of each mail (to, subject, body, attachment names, status, time).
 */
import { Type } from 'typebox';
import { defineEndpoint, NullableObject } from '../../api/endpoint.js';
import { ORDER_API, OrderVO } from './order.api.js';

const TAGS = ['epc-order'];
const READ = { permission: ['epc_order', 'epc_order_view'] } as const;
const HANDLE = { permission: 'epc_order_handle' } as const;

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Id = Type.String({ minLength: 1, maxLength: 20, pattern: '^\\d{1,20}$' });
const IdIn = Type.Union([Id, Type.Integer({ minimum: 1 })]);
/** The language of a document or mail (default: the caller's, from Accept-Language). */
export const DocLanguage = Type.Union([Type.Literal('zh-CN'), Type.Literal('en-US')]);

/** The mails of an order (the call-out quote's, the ESS quote's and the two payment confirmations). */
export const ORDER_MAIL_KINDS = ['quote', 'payment', 'finalPayment', 'callout'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** One mail attempt of an order. */
export const OrderMailVO = Type.Object({
  id: Str,
  kind: Type.Union([Type.Literal('quote'), Type.Literal('payment'), Type.Literal('finalPayment'), Type.Literal('callout')]),
  to: Str,
  subject: Str,
  body: Str,
  language: Str,
  attachments: Type.Array(Type.Object({ name: Str, size: Type.Integer(), contentType: Str })),
  /** sent: the SMTP server accepted it; failed: see `error` (in the language of the attempt). */
  status: Type.Union([Type.Literal('sent'), Type.Literal('failed')]),
  error: NStr,
  /** How many attempts this mail has had so far. */
  attempts: Type.Integer(),
  userId: NStr,
  createTime: Str,
});

/** The quote PDF as a file (not the JSON envelope). */
export const generateQuotePdf = {
  method: 'GET',
  url: `${ORDER_API}/quote/generateQuotePdf`,
  access: READ,
  tags: TAGS,
  summary: "The order's ESS quote as a PDF (A4, Chinese or English: `language`, else the caller's), from its stored quote form, customer and agent company",
  querystring: Type.Object({ orderId: Id, language: Type.Optional(DocLanguage) }, { additionalProperties: false }),
  mime: 'application/pdf',
} as const;

const sendBody = () => Type.Object({ orderId: IdIn, language: Type.Optional(DocLanguage) }, { additionalProperties: false });
const mailQuery = () => Type.Object({ orderId: Id }, { additionalProperties: false });

export const quoteSendMail = defineEndpoint({
  method: 'POST',
  url: `${ORDER_API}/quote/sendMail`,
  access: HANDLE,
  tags: TAGS,
  summary:
    "E-mail the approved quote with its PDF to the quote recipient (the customer's e-mail when the recipient has none); only once finance approved it. A failed send leaves the order unchanged and may be retried",
  body: sendBody(),
  data: OrderMailVO,
});

export const calloutSendMail = defineEndpoint({
  method: 'POST',
  url: `${ORDER_API}/calloutQuote/sendMail`,
  access: HANDLE,
  tags: TAGS,
  summary:
    "E-mail the approved call-out quote with its PDF (one line: the call-out) to its recipient (the customer's e-mail when the recipient has none); only once finance approved it. A failed send leaves the order unchanged and may be retried",
  body: sendBody(),
  data: OrderMailVO,
});

export const quoteEmailDetail = defineEndpoint({
  method: 'GET',
  url: `${ORDER_API}/quote/emailDetail`,
  access: READ,
  tags: TAGS,
  summary: "The order's last quote e-mail attempt (to, subject, body, attachment names, status, time), null before any; `calloutMail` the same of the call-out quote",
  querystring: mailQuery(),
  data: Type.Object({ order: OrderVO, mail: NullableObject(OrderMailVO), calloutMail: Type.Optional(NullableObject(OrderMailVO)) }),
});

export const paymentEmailDetail = defineEndpoint({
  method: 'GET',
  url: `${ORDER_API}/quote/paymentEmailDetail`,
  access: READ,
  tags: TAGS,
  summary: "The order's last ESS payment confirmation e-mail attempt (`mail`) and last final (balance) payment one (`finalMail`)",
  querystring: mailQuery(),
  data: Type.Object({ order: OrderVO, mail: NullableObject(OrderMailVO), finalMail: NullableObject(OrderMailVO) }),
});

export const paymentConfirmSendMail = defineEndpoint({
  method: 'POST',
  url: `${ORDER_API}/quote/paymentConfirmSendMail`,
  access: HANDLE,
  tags: TAGS,
  summary: 'E-mail the ESS payment confirmation (amount, date, reference) to the quote recipient; only once finance confirmed the payment',
  body: sendBody(),
  data: OrderMailVO,
});

export const finalPaymentConfirmSendMail = defineEndpoint({
  method: 'POST',
  url: `${ORDER_API}/quote/finalPaymentConfirmSendMail`,
  access: HANDLE,
  tags: TAGS,
  summary: 'E-mail the final (balance) payment confirmation to the quote recipient; only once the balance payment is confirmed',
  body: sendBody(),
  data: OrderMailVO,
});

/** Device types of the SN check (the factory lists). */
export const SN_DEVICE_TYPES = ['inverter', 'battery', 'guardian', 'charger'] as const;

export const serialNumberCheck = defineEndpoint({
  method: 'POST',
  url: `${ORDER_API}/serialNumber/existenceCheck`,
  access: READ,
  tags: TAGS,
  summary:
    'Which serial numbers are in the factory lists (of `deviceType`, else of any type), whether a station uses them, and which are repeated in the list',
  querystring: Type.Object({ deviceType: Type.Optional(Type.Union([Type.Literal('inverter'), Type.Literal('battery'), Type.Literal('guardian'), Type.Literal('charger')])) }, { additionalProperties: false }),
  body: Type.Object({ sns: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 })) }, { additionalProperties: false }),
  data: Type.Object({
    results: Type.Array(Type.Object({ sn: Str, exists: Type.Boolean(), deviceType: NStr, used: Type.Boolean(), repeated: Type.Boolean() })),
    /** SNs not in the factory lists. */
    missing: Type.Array(Str),
    /** SNs given more than once. */
    repeated: Type.Array(Str),
  }),
});

/** A station the order's customer already owns (warranty verification). */
export const OwnedPlantVO = Type.Object({
  id: Str,
  plantName: Str,
  address: NStr,
  ownerName: NStr,
  ownerPhone: NStr,
  installDate: NStr,
  createTime: NStr,
  devices: Type.Array(Type.Object({ sn: Str, deviceType: Str, model: NStr })),
});

export const plantByUserInfo = defineEndpoint({
  method: 'GET',
  url: `${ORDER_API}/plantByUserInfo`,
  access: READ,
  tags: TAGS,
  summary:
    "Plant by user info: the stations of the order's tenant the customer already owns, matched by the customer form's phone (digits, with or without the dialling code) or e-mail against station owners — what warranty verification checks",
  querystring: Type.Object({ orderId: Id }, { additionalProperties: false }),
  data: Type.Array(OwnedPlantVO),
});

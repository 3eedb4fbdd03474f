/**
 * Installer (EPC) orders, sales half (issue 18; spec §7 "Agents and orders (skyworth-agent)"): create
 * (`createOrder/insertOrder`), the order page, details (`selectBaseOrderInfo`: state, data, history, dwell;
 * `selectBasicOrderInfo`: the customer form), cancel and edit of a running order (`examineCancelOrder`,
 * `examineEditOrder`: a request, or its examination with `approved`), and one route per sales-half step: warranty,
 * call-out quote, survey date (exploration date), designated person, survey, design, stock, ESS quote and install
 * payment. Every step posts the order's `version` (a stale one is a 409) and the stage form's data; the stage machine
 * is `order.process.ts`. Stage forms (the customer form too) travel as
 * plain objects here and are checked against the TypeBox objects of `order.forms.ts` by the server's stage engine (their
 * `dict` annotations are no JSON-schema keyword the route validator knows).
 */
import { Type, type TSchema } from 'typebox';
import { defineEndpoint, NullableObject } from '../../api/endpoint.js';
import { AGENT_API } from '../agent/agent.resource.js';

export const ORDER_API = `${AGENT_API}/order`;
export const TAGS = ['epc-order'];
export const READ = { permission: ['epc_order', 'epc_order_view'] } as const;
const ADD = { permission: 'epc_order_add' } as const;
export const HANDLE = { permission: 'epc_order_handle' } as const;
export const EDIT = { permission: ['epc_order_edit', 'epc_order_handle'] } as const;

export const Str = Type.String();
export const NStr = Type.Union([Type.String(), Type.Null()]);
export const Int = Type.Integer();
export const Id = Type.String({ minLength: 1, maxLength: 20, pattern: '^\\d{1,20}$' });
export const IdIn = Type.Union([Id, Type.Integer({ minimum: 1 })]);
export const Version = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
export const Reason = Type.String({ maxLength: 500 });
export const Form = Type.Record(Type.String(), Type.Unknown());
export const Stage = Type.String({ minLength: 1, maxLength: 64 });
export const orderQuery = () => Type.Object({ orderId: Id }, { additionalProperties: false });

/** The list row and the head of the detail. */
export const OrderVO = Type.Object({
  id: Str,
  /** The definition it runs on: `epc_order` (installer order) or `maint_order` (maintenance order, issue 20). */
  process: Str,
  orderNumber: Str,
  agentId: NStr,
  agentName: NStr,
  customerName: Str,
  customerPhone: NStr,
  projectType: NStr,
  stage: Str,
  stageName: Str,
  subStatus: NStr,
  inReview: Type.Boolean(),
  pending: NStr,
  version: Int,
  dwellDays: Type.Union([Int, Type.Null()]),
  totalDays: Int,
  createTime: Str,
  updateTime: Str,
  /** The list only: the install site (detailed address, district, city) and the persons named for the current step. */
  siteAddress: Type.Optional(NStr),
  processors: Type.Optional(Type.Array(Str)),
});

export const HistoryVO = Type.Object({
  id: Str,
  stage: Str,
  toStage: Str,
  action: Str,
  approved: Type.Union([Type.Boolean(), Type.Null()]),
  request: NStr,
  userId: Str,
  userName: NStr,
  role: Str,
  comment: NStr,
  attachments: Type.Array(Str),
  subStatus: NStr,
  dwellDays: Type.Union([Int, Type.Null()]),
  version: Int,
  createTime: Str,
});

export const OrderDetailVO = Type.Object({
  order: OrderVO,
  data: Form,
  /** The attachments the stage data names (file fields, drawn signatures), by id: name, signed link, whether an image. */
  files: Type.Record(Type.String(), Type.Object({ name: Str, link: Str, image: Type.Boolean() })),
  assignees: Type.Record(Type.String(), Type.Array(Str)),
  pendingRequest: NullableObject(Type.Object({ kind: Str, by: Str, role: Str, at: Str, reason: Type.Optional(Str), changes: Type.Optional(Form) })),
  dwell: Type.Object({ stages: Type.Record(Type.String(), Int), current: Type.Union([Int, Type.Null()]), total: Int }),
  history: Type.Array(HistoryVO),
  /** The actions the caller may take now at the current stage. */
  actions: Type.Array(Str),
});

export const orderPage = defineEndpoint({
  method: 'GET',
  url: `${ORDER_API}/page`,
  access: READ,
  tags: TAGS,
  summary: "Installer orders (Blade paging): filters orderNumber, customerName, stage, agentId, mine=1 (the caller's open tasks); an agent's staff see their company's orders only",
  querystring: Type.Object(
    {
      current: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 10 })])),
      size: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 10 })])),
      orderNumber: Type.Optional(Type.String({ maxLength: 64 })),
      customerName: Type.Optional(Type.String({ maxLength: 100 })),
      stage: Type.Optional(Type.String({ maxLength: 64 })),
      agentId: Type.Optional(Type.String({ maxLength: 20 })),
      mine: Type.Optional(Type.String({ maxLength: 5 })),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ records: Type.Array(OrderVO), total: Int, size: Int, current: Int, pages: Int }),
});

export const insertOrder = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/createOrder/insertOrder`,
  access: ADD,
  tags: TAGS,
  summary: "Create an order from the customer form (agent staff: their own company; platform users name agentId); submit=true also submits the create stage",
  body: Type.Object({ agentId: Type.Optional(IdIn), customer: Form, submit: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  data: OrderVO,
});

export const baseOrderInfo = defineEndpoint({
  method: 'GET',
  url: `${ORDER_API}/selectBaseOrderInfo`,
  access: READ,
  tags: TAGS,
  summary: "An order's state, stored stage data, assignees, pending request, dwell days, review history and the caller's possible actions",
  querystring: orderQuery(),
  data: OrderDetailVO,
});

export const basicOrderInfo = defineEndpoint({
  method: 'GET',
  url: `${ORDER_API}/selectBasicOrderInfo`,
  access: READ,
  tags: TAGS,
  summary: "An order's customer form",
  querystring: orderQuery(),
  data: Type.Object({ id: Str, orderNumber: Str, version: Int, customer: Form }),
});

export const subStatusList = defineEndpoint({
  method: 'GET',
  url: `${ORDER_API}/subStatus/list`,
  access: READ,
  tags: TAGS,
  summary: "A stage's sub-statuses (every stage's when none is named), in the caller's language",
  querystring: Type.Object({ stage: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: false }),
  data: Type.Array(Type.Object({ stage: Str, id: Str, name: Str })),
});

/**
 * A client's id for one submission (a UUID made when the form was filled): the server acts on it once per order, and
 * answers a repeat with the order as it is (a phone that lost its connection mid-submit sends it again).
 */
export const SubmissionId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' });
/** One step on an order: the order, the version seen, and the action's own fields. */
export const step = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object({ orderId: IdIn, version: Version, submissionId: Type.Optional(SubmissionId), ...props }, { additionalProperties: false });
export const Decision = { approved: Type.Boolean(), reason: Type.Optional(Reason), targetStage: Type.Optional(Stage) };

/** A step's answer: the order after it. */
export const stepEndpoint = <B extends TSchema>(url: string, summary: string, body: B, access: { permission: string | readonly string[] } = HANDLE) =>
  defineEndpoint({ method: 'POST', url: `${ORDER_API}/${url}`, access, tags: TAGS, summary, body, data: OrderVO });
export const detailEndpoint = (url: string, summary: string) =>
  defineEndpoint({ method: 'GET', url: `${ORDER_API}/${url}`, access: READ, tags: TAGS, summary, querystring: orderQuery(), data: Type.Object({ order: OrderVO, form: Form }) });

export const submitCreate = stepEndpoint('create/submit', 'Submit (save=true: keep as a draft) the create stage with the customer form', step({ customer: Type.Optional(Form), save: Type.Optional(Type.Boolean()) }), EDIT);
export const examineCancelOrder = stepEndpoint(
  'examineCancelOrder',
  'Cancel a running order (reason): immediate before staff are involved, else a request; with `approved` an examiner decides a pending request',
  step({ reason: Type.Optional(Reason), approved: Type.Optional(Type.Boolean()) }),
  EDIT,
);
export const examineEditOrder = stepEndpoint(
  'examineEditOrder',
  "Edit a running order's customer form (a request where the stage needs an examiner); with `approved` an examiner decides a pending request",
  step({ customer: Type.Optional(Form), reason: Type.Optional(Reason), approved: Type.Optional(Type.Boolean()) }),
  EDIT,
);
export const warrantyAudit = stepEndpoint('warrantyVerification/audit', 'Warranty verification: approve with the result, or reject back to create', step({ ...Decision, form: Type.Optional(Form) }));
export const calloutQuoteDetail = detailEndpoint('calloutQuote/detail', "The order's call-out quote");
export const calloutQuoteSubmit = stepEndpoint('calloutQuote/submit', 'Call-out quote: save (save=true) or submit for finance review', step({ form: Form, save: Type.Optional(Type.Boolean()) }));
export const calloutQuoteAudit = stepEndpoint('calloutQuote/audit', 'Call-out quote review (finance): approve, or reject with a reason and target', step(Decision));
export const explorationDate = stepEndpoint('explorationDate/submit', 'Survey (exploration) date', step({ date: Type.String({ maxLength: 19 }), remark: Type.Optional(Reason) }));
export const explorationDateDetail = detailEndpoint('explorationDate/detail', "The order's survey (exploration) date and its remark");
export const designatedPersonSelect = defineEndpoint({
  method: 'GET',
  url: `${ORDER_API}/designatedPerson/select`,
  access: READ,
  tags: TAGS,
  summary: "The order's company staff who may be designated (site technicians and electricians), excluded staff marked",
  querystring: orderQuery(),
  data: Type.Array(Type.Object({ id: Str, account: Str, realName: NStr, roles: Type.Array(Str), excluded: Type.Boolean() })),
});
export const designatedPersonAssign = stepEndpoint(
  'designatedPerson/assign',
  "Designate the survey's site technician(s) and electrician(s), staff of the order's company who are not excluded",
  step({ technicianIds: Type.Array(IdIn, { minItems: 1, maxItems: 10 }), electricianIds: Type.Array(IdIn, { minItems: 1, maxItems: 10 }) }),
);
export const surveyDetail = detailEndpoint('survey/detail', "The order's survey and electrical survey");
export const surveySave = stepEndpoint('survey/save', 'Save the survey as a draft', step({ form: Form }));
export const surveySubmit = stepEndpoint('survey/submit', 'Submit the survey (every required field, signatures and a valid appliance list)', step({ form: Type.Optional(Form) }));
export const surveyAudit = stepEndpoint('survey/audit', 'Survey review: approve, or reject back (survey, designated person or survey date) with a reason', step(Decision));
export const surveyReject = stepEndpoint('survey/reject', 'Survey review: reject back with a reason (default target: survey)', step({ reason: Reason, targetStage: Type.Optional(Stage) }));
export const designDetail = detailEndpoint('design/detail', "The order's design (base package, BOM lines, summary)");
export const designSave = stepEndpoint('design/save', 'Save the design as a draft', step({ form: Form }));
export const designSubmit = stepEndpoint('design/submit', 'Submit the design for review (an equipment type at most once)', step({ form: Type.Optional(Form) }));
export const designAudit = stepEndpoint('design/audit', 'Design review: approve, or reject (design or survey) with a reason', step(Decision));
export const StockLineVO = Type.Object({ sku: Str, name: NStr, quantity: Int, available: Int, sufficient: Type.Boolean() });
export const stockDetail = defineEndpoint({
  method: 'GET',
  url: `${ORDER_API}/stock/detail`,
  access: READ,
  tags: TAGS,
  summary: "The design's BOM lines against the stock on hand (available = balance − reserved, every warehouse) and the stored stock audit",
  querystring: orderQuery(),
  data: Type.Object({ order: OrderVO, lines: Type.Array(StockLineVO), form: Form }),
});
export const stockAudit = stepEndpoint(
  'stock/audit',
  'Stock audit: each BOM line confirmed or insufficient; approve needs every line confirmed and in stock (insufficient lines are listed), reject goes back to design',
  step({ ...Decision, form: Type.Optional(Form) }),
);
export const quoteDetail = detailEndpoint('quote/quoteDetail', "The order's ESS quote (the data a quote PDF is made from)");
export const quoteSubmit = stepEndpoint('quote/submit', 'ESS quote: save (save=true) or submit for finance review', step({ form: Form, save: Type.Optional(Type.Boolean()) }));
export const quoteAudit = stepEndpoint('quote/quoteAudit', 'ESS quote review (finance): approve, or reject (quote or design) with a reason', step(Decision));
export const installPayInfo = detailEndpoint('installPay/info', "The order's ESS payment");
export const installPayConfirm = stepEndpoint('installPay/confirm', 'Finance confirms the ESS payment (amount, paid at)', step({ form: Form }));
export const installPayCancel = stepEndpoint('installPay/cancel', 'Finance sends the order back to the ESS quote (reason)', step({ reason: Reason }));

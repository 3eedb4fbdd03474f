/**
 * Maintenance orders over HTTP (issue 20; spec §7 "Maintenance orders"). The steps are the installer order's steps
 * under the spec's `maint` URLs: `MAINT_ALIASES` maps each installer-order endpoint to its maintenance twin (same
 * request and answer, the maintenance menu's permissions), and the server registers the installer order's handlers
 * once more on them for maintenance orders; the web swaps the endpoint by the order's process. Its own routes: the
 * page (`maintenanceOrder/page/{size}/{current}`, and a GET list for the console), the call-in (`createOrder/maint/
 * insertOrder`), the look-ups of the original installation and the site's history (`blade-order/order/maint/…`),
 * the warranty data of the site's serials, a device replacement and the service KPIs.
 */
import { Type, type TSchema } from 'typebox';
import { defineEndpoint, NullableObject, type Endpoint } from '../../api/endpoint.js';
import { AGENT_API } from '../agent/agent.resource.js';
import * as f from './order.field.api.js';
import * as h from './order.handover.api.js';
import * as i from './order.install.api.js';
import * as o from './order.api.js';
import * as q from './order.quote.api.js';

const { Form, Id, IdIn, Int, NStr, OrderVO, Str, step } = o;
export const MAINT_TAGS = ['maintenance'];
export const MAINT_READ = { permission: ['epc_maintenance', 'epc_maintenance_view'] } as const;
export const MAINT_ADD = { permission: 'epc_maintenance_add' } as const;
export const MAINT_HANDLE = { permission: 'epc_maintenance_handle' } as const;
const MAINT_EDIT = { permission: ['epc_maintenance_edit', 'epc_maintenance_handle'] } as const;
const BLADE_ORDER = '/api/blade-order/order/maint';

/** The maintenance twin of an installer-order endpoint: the same shapes under `url`, with the maintenance menu's access. */
function twin<Q extends TSchema, B extends TSchema, D extends TSchema>(e: Endpoint<Q, B, D>, url: string): Endpoint<Q, B, D> {
  const access = e.access === o.READ ? MAINT_READ : e.access === o.EDIT ? MAINT_EDIT : MAINT_HANDLE;
  return { ...e, url: `${AGENT_API}/${url}`, access, tags: MAINT_TAGS, summary: `Maintenance order: ${e.summary}` };
}

const pairs: [Endpoint, string][] = [
  [o.baseOrderInfo, 'maintenanceOrder/detail'],
  [o.basicOrderInfo, 'maintenanceOrder/basic'],
  [o.subStatusList, 'maintenanceOrder/subStatus/list'],
  [o.submitCreate, 'createOrder/maint/submit'],
  [o.examineCancelOrder, 'createOrder/maint/save-cancel-order'],
  [o.examineEditOrder, 'createOrder/maint/examineEditOrder'],
  [o.warrantyAudit, 'warranty-verification/audit'],
  [o.calloutQuoteDetail, 'maintCallOutQuote/detail'],
  [o.calloutQuoteSubmit, 'maintCallOutQuote/submit'],
  [o.calloutQuoteAudit, 'maintCallOutQuote/audit'],
  [q.calloutSendMail, 'maintCallOutQuote/sendMail'],
  [o.explorationDate, 'maintSurveyDate/audit'],
  [o.explorationDateDetail, 'maintSurveyDate/detail'],
  [o.designatedPersonSelect, 'selectDesignatedPerson'],
  [o.designatedPersonAssign, 'maint/designatedPerson'],
  [o.surveyDetail, 'survey/maint/detail'],
  [o.surveySave, 'survey/maint/save'],
  [o.surveySubmit, 'survey/maint/submit'],
  [o.surveyAudit, 'maintain/surveyReview/submit'],
  [o.surveyReject, 'maintain/surveyReview/reject'],
  [f.surveyNodes, 'maintain/surveyReview/saveSubNodeApprovalStatus'],
  [o.designDetail, 'maintain/design/detail'],
  [o.designSave, 'maintain/design/save'],
  [o.designSubmit, 'maintain/design/submit'],
  [o.designAudit, 'maintain/design/audit'],
  [o.stockDetail, 'maintain/stock/detail'],
  [o.stockAudit, 'maintain/stock/audit'],
  [o.quoteDetail, 'essQuotation/detail'],
  [o.quoteSubmit, 'essQuotation/submit'],
  [o.quoteAudit, 'essQuotation/audit'],
  [q.quoteSendMail, 'essQuotation/sendMail'],
  [q.quoteEmailDetail, 'essQuotation/emailDetail'],
  [o.installPayInfo, 'essPop/detail'],
  [o.installPayConfirm, 'essPop/submit'],
  [o.installPayCancel, 'essPop/cancel'],
  [q.paymentEmailDetail, 'essPop/emailDetail'],
  [q.paymentConfirmSendMail, 'essPop/sendMail'],
  [i.installDateInfo, 'installationDate/selectInstallDateInfo'],
  [i.installDateExamine, 'installationDate/examineInstallationDate'],
  [i.assignedConstructInfo, 'installWoAssignment/selectAssignedConstructInfo'],
  [i.woAssignmentExamine, 'installWoAssignment/examineWoAssignment'],
  [i.materialCollectionSelect, 'maintenanceMaterialCollection/select'],
  [i.materialSignInfo, 'maintenanceMaterialCollection/selectMaterialSignInfo'],
  [i.materialCollectionExamine, 'maintenanceMaterialCollection/examine'],
  [i.signDetail, 'maintenanceMaterialCollection/signDetail'],
  [i.signSubmit, 'maintenanceMaterialCollection/sign'],
  [i.signLoss, 'maintenanceMaterialCollection/loss'],
  [i.signAudit, 'maintenanceMaterialCollection/signAudit'],
  [f.ehsInfo, 'maintenanceEhsSubmission/selectEhsInfo'],
  [f.ehsHistory, 'maintenanceEhsSubmission/history'],
  [f.ehsInsert, 'maintenanceEhsSubmission/insert'],
  [f.ehsSubmit, 'maintenanceEhsSubmission/submitEhsInfoExamine'],
  [f.ehsExamine, 'maintenanceEhsVerification/ehsExamineNodeStatusCommit'],
  [f.ehsFinalExamine, 'maintenanceEhsVerification/submitEhsFinalExamine'],
  [f.qcBasic, 'maintenanceQc/submission/getBasicQcInfo'],
  [f.qcDetail, 'maintenanceQc/submission/getQcInfoDetail'],
  [f.qcSave, 'maintenanceQc/submission/saveOrUpdateQcInfo'],
  [f.qcSubmit, 'maintenanceQc/submission/submitQcInfo'],
  [f.qcSubNodeStatus, 'maintenanceQc/submission/saveSubNodeApprovalStatus'],
  [f.qcVerify, 'maintenanceQc/verification/qcVerify/audit'],
  [h.facDetail, 'maintenanceFac/detail'],
  [h.facSubmit, 'maintenanceFac/submit'],
  [h.facAudit, 'maintenanceFac/audit'],
  [h.finalCocDetail, 'maintenanceCocCreation/detail'],
  [h.finalCocSubmit, 'maintenanceCocCreation/submit'],
  [h.finalCocAudit, 'maintenanceCocCreation/audit'],
];

/** Installer-order endpoint → its maintenance twin (the steps a maintenance order has). */
export const MAINT_ALIASES: ReadonlyMap<Endpoint, Endpoint> = new Map(pairs.map(([e, url]) => [e, twin(e, url)]));

/** The order's PDF downloads (blob routes, not JSON endpoints) and their maintenance twins. */
type Download = typeof q.generateQuotePdf | typeof h.facTemplateExport;
const download = <D extends Download>(d: D, url: string): D => ({ ...d, url: `${AGENT_API}/${url}`, access: MAINT_READ, tags: MAINT_TAGS, summary: `Maintenance order: ${d.summary}` }) as D;
export const MAINT_DOWNLOADS: ReadonlyMap<Download, Download> = new Map<Download, Download>([
  [q.generateQuotePdf, download(q.generateQuotePdf, 'essQuotation/generateQuotePdf')],
  [h.facTemplateExport, download(h.facTemplateExport, 'maintenanceFac/exportTemplate')],
]);

/** The twin of `e` (typed like it), if maintenance orders have that step or download. */
export function maintTwin<E extends { method: string; url: string }>(e: E): E | undefined {
  return ((MAINT_ALIASES as ReadonlyMap<object, object>).get(e) ?? (MAINT_DOWNLOADS as ReadonlyMap<object, object>).get(e)) as E | undefined;
}

const Paging = {
  current: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 10 })])),
  size: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 10 })])),
};
const Filters = {
  orderNumber: Type.Optional(Type.String({ maxLength: 64 })),
  customerName: Type.Optional(Type.String({ maxLength: 100 })),
  stage: Type.Optional(Type.String({ maxLength: 64 })),
  agentId: Type.Optional(Type.String({ maxLength: 20 })),
  feeType: Type.Optional(Type.String({ maxLength: 64 })),
  deviceSn: Type.Optional(Type.String({ maxLength: 64 })),
  mine: Type.Optional(Type.String({ maxLength: 5 })),
};

/** A maintenance order's list row: the order's head and the call-in's essentials. */
export const MaintOrderVO = Type.Object({
  ...OrderVO.properties,
  callInTime: NStr,
  feeType: NStr,
  stationId: NStr,
  stationName: NStr,
  deviceSn: NStr,
  alarmId: NStr,
  installOrderId: NStr,
  workOrderNumber: NStr,
  firstVisitAt: NStr,
  closedAt: NStr,
});
const PageVO = Type.Object({ records: Type.Array(MaintOrderVO), total: Int, size: Int, current: Int, pages: Int });

export const maintPage = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/maintenanceOrder/page/:size/:current`,
  access: MAINT_READ,
  tags: MAINT_TAGS,
  summary: 'Maintenance orders (Blade paging in the path; filters in the body: orderNumber, customerName, stage, agentId, feeType, deviceSn, mine=1)',
  body: Type.Object(Filters, { additionalProperties: false }),
  data: PageVO,
});
export const maintList = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/maintenanceOrder/list`,
  access: MAINT_READ,
  tags: MAINT_TAGS,
  summary: 'Maintenance orders (Blade paging in the query), newest first, with the same filters as the page',
  querystring: Type.Object({ ...Paging, ...Filters }, { additionalProperties: false }),
  data: PageVO,
});

export const maintInsert = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/createOrder/maint/insertOrder`,
  access: MAINT_ADD,
  tags: MAINT_TAGS,
  summary:
    "Register a call-in as a maintenance order: the customer's contact data and the fault (call-in time, problem, fee type, warranty date, COC required; station, device SN, alarm and original order when known); submit=true also submits it",
  body: Type.Object({ agentId: Type.Optional(IdIn), customer: Form, submit: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  data: MaintOrderVO,
});

export const SiteDeviceVO = Type.Object({
  sn: Str,
  deviceType: Str,
  model: NStr,
  warrantyStart: NStr,
  warrantyEnd: NStr,
  warrantyYears: Type.Union([Int, Type.Null()]),
  /** Still under warranty on the day asked. */
  inWarranty: Type.Boolean(),
});
/** An installed site a call-in may be about: its station, its installation order when it had one, its devices. */
export const SiteVO = Type.Object({
  stationId: NStr,
  stationName: NStr,
  ownerName: NStr,
  ownerPhone: NStr,
  address: NStr,
  /** The site's region as the customer form's install address holds it (country, province, city, district codes). */
  installAddress: Type.Union([
    Type.Object({ country: Str, province: Str, city: Str, district: Type.Optional(Str) }),
    Type.Null(),
  ]),
  /** The site's map point (the station's, or the installation order's): the EHS at the site is checked against it. */
  location: Type.Union([Type.Object({ latitude: Type.Number(), longitude: Type.Number() }), Type.Null()]),
  installDate: NStr,
  installOrderId: NStr,
  installOrderNumber: NStr,
  agentId: NStr,
  agentName: NStr,
  devices: Type.Array(SiteDeviceVO),
  /** The latest warranty end of the site's devices (null: none known). */
  warrantyEnd: NStr,
});

export const queryInstallOrder = defineEndpoint({
  method: 'POST',
  url: `${BLADE_ORDER}/query-install-order`,
  access: MAINT_READ,
  tags: MAINT_TAGS,
  summary: "Find the installed site of a call-in by customer name, phone, address or a device's serial: its installation order (when it had one), station and devices with their warranty",
  body: Type.Object(
    {
      customerName: Type.Optional(Type.String({ maxLength: 100 })),
      phone: Type.Optional(Type.String({ maxLength: 32 })),
      address: Type.Optional(Type.String({ maxLength: 200 })),
      sn: Type.Optional(Type.String({ maxLength: 64 })),
    },
    { additionalProperties: false },
  ),
  data: Type.Array(SiteVO),
});

export const queryMaintHistory = defineEndpoint({
  method: 'GET',
  url: `${BLADE_ORDER}/query-maint-order-history`,
  access: MAINT_READ,
  tags: MAINT_TAGS,
  summary: "A site's maintenance orders, newest first: by station, device serial or installation order",
  querystring: Type.Object(
    { stationId: Type.Optional(Id), sn: Type.Optional(Type.String({ maxLength: 64 })), installOrderId: Type.Optional(Id) },
    { additionalProperties: false },
  ),
  data: Type.Array(MaintOrderVO),
});

export const maintWarrantyDetail = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/warranty-verification/detail`,
  access: MAINT_READ,
  tags: MAINT_TAGS,
  summary: "The warranty of a maintenance order's devices (factory data: start, end, years), the call-in's free-service plan, the result they suggest, and the stored verification",
  querystring: o.orderQuery(),
  data: Type.Object({
    order: MaintOrderVO,
    devices: Type.Array(SiteDeviceVO),
    /**
     * The later of the factory warranty end and the call-in's free-service plan (months from the station's
     * installation date) decides; `basis` says which (factory | service), null when neither is known.
     */
    suggested: Type.Object({ result: Str, warrantyEndDate: NStr, basis: NStr, factoryEndDate: NStr, serviceEndDate: NStr, installDate: NStr }),
    form: Form,
  }),
});

export const ReplacementVO = Type.Object({ deviceType: Str, oldSn: Str, newSn: Str, reason: Str, at: Str, by: Str, plantId: Str });
export const replaceDevice = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/maintenanceOrder/replaceDevice`,
  access: MAINT_HANDLE,
  tags: MAINT_TAGS,
  summary:
    "Replace a device of the order's station during the repair (QC submission): the old serial leaves the station (returned/RMA, its history kept), the new one — in stock, not installed — takes its place; answers the new device's MQTT secret once",
  body: step({ oldSn: Type.String({ minLength: 1, maxLength: 64 }), newSn: Type.String({ minLength: 1, maxLength: 64 }), reason: Type.String({ minLength: 1, maxLength: 500 }) }),
  data: Type.Object({ order: MaintOrderVO, replacement: ReplacementVO, secret: Str }),
});

export const maintByAlarm = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/maintenanceOrder/byAlarm`,
  access: { login: true },
  tags: MAINT_TAGS,
  summary: 'The maintenance order opened from an alarm (null when none, or not visible to the caller)',
  querystring: Type.Object({ alarmId: Id }, { additionalProperties: false }),
  data: NullableObject(Type.Object({ id: Str, orderNumber: Str, stage: Str, stageName: Str })),
});

const Num = Type.Number();
const NNum = Type.Union([Num, Type.Null()]);
export const maintKpi = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/maintenanceOrder/kpi`,
  access: MAINT_READ,
  tags: MAINT_TAGS,
  summary:
    'Service KPIs over call-ins from `from` to `to` (yyyy-MM-dd; default the last 12 months): call-ins per month, hours to first visit and to close, first-time fix rate, cost by fee type, per agent and installer',
  querystring: Type.Object(
    { from: Type.Optional(Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' })), to: Type.Optional(Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' })), agentId: Type.Optional(Type.String({ maxLength: 20 })) },
    { additionalProperties: false },
  ),
  data: Type.Object({
    months: Type.Array(Type.Object({ month: Str, callIns: Int, closed: Int })),
    callIns: Int,
    closed: Int,
    avgFirstVisitHours: NNum,
    avgCloseHours: NNum,
    /** Closed orders whose repair passed QC at the first visit (no reject back to the diagnosis or QC) ÷ closed orders. */
    firstTimeFixRate: NNum,
    costByFeeType: Type.Array(Type.Object({ feeType: Str, orders: Int, cost: Num })),
    byAgent: Type.Array(Type.Object({ agentId: Str, agentName: NStr, callIns: Int, closed: Int, avgCloseHours: NNum, firstTimeFixRate: NNum })),
    byInstaller: Type.Array(Type.Object({ userId: Str, name: NStr, orders: Int, closed: Int, firstTimeFixRate: NNum })),
  }),
});

/**
 * Installer orders, part 2: the field stages EHS and QC, and commissioning (issue 19; spec §3 EHS, QC; §5 "EHS: at
 * least 3 risks with solutions, at least one PPE item, declaration ticked, submission only within 2 km of the site;
 * same SN not chosen twice, SN must exist for inverter and battery"; §7 "EHS history, info, insert, examine, final
 * examine, status commit; QC submission basic, detail, save, submit, sub-node save status; qcVerify; serial number
 * existence check"; §8 messages; §9 radius 2 km, R = 6378.137 km, 4 decimals — `geo.ts`, used on both sides).
 *
 * - EHS submission (`ehsSubmission/…`): the site technician fills the EHS form and submits it with the phone's location
 *   (`location`: lat, lng, accuracy in metres); the server measures the distance to the order's site point and refuses
 *   beyond `radiusKm`, recording the coordinates and the distance in the stored form. `insert` keeps a draft.
 * - EHS verification (`ehsVerification/…`): the rollout manager marks sub-nodes (item key → pass/fail with a note;
 *   stored, the stage does not move) and decides: approve (to QC submission) or reject with a reason (to EHS submission).
 * - QC submission (`qcSubmission/…`): the order's shipped serials by device type for the picker; the QC form (inverter
 *   type, photos, serials, panel photos, earthing, battery count) saved as a draft or submitted — every serial must exist
 *   in the factory lists of its type, be one of the order's shipped serials, be chosen once and not be installed in
 *   another station. `saveSubNodeApprovalStatus` stores sub-node statuses as for EHS.
 * - QC verification (`qcVerification/qcVerify`): approve commissions the system — the homeowner's station (created when
 *   missing) gets the QC serials as its devices and the stock serials become installed — or reject back (QC or EHS).
 * - `serialNumber/exist`: the check the QC form calls per serial before submitting.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';
import { Decision, Form, HistoryVO, Id, IdIn, Int, NStr, ORDER_API, OrderVO, READ, Reason, Str, step, stepEndpoint, TAGS } from './order.api.js';

const get = <Q extends ReturnType<typeof Type.Object>, D extends ReturnType<typeof Type.Object> | ReturnType<typeof Type.Array>>(url: string, summary: string, querystring: Q, data: D) =>
  defineEndpoint({ method: 'GET', url: `${ORDER_API}/${url}`, access: READ, tags: TAGS, summary, querystring, data });
const byOrder = () => Type.Object({ orderId: Id }, { additionalProperties: false });

/** Device types the QC form and the serial check know (the factory lists). */
export const QC_DEVICE_TYPES = ['inverter', 'battery', 'guardian', 'charger'] as const;
export type QcDeviceType = (typeof QC_DEVICE_TYPES)[number];
const DeviceType = Type.Union([Type.Literal('inverter'), Type.Literal('battery'), Type.Literal('guardian'), Type.Literal('charger')]);

/** A map point in the field API (the stored forms use latitude/longitude, geo.ts `GeoPoint`). */
export const LatLng = Type.Object({ lat: Type.Number({ minimum: -90, maximum: 90 }), lng: Type.Number({ minimum: -180, maximum: 180 }) });
/** The phone's location at submission; accuracy in metres as the browser gives it. */
export const FieldLocation = Type.Object(
  { lat: Type.Number({ minimum: -90, maximum: 90 }), lng: Type.Number({ minimum: -180, maximum: 180 }), accuracy: Type.Optional(Type.Number({ minimum: 0, maximum: 1e7 })) },
  { additionalProperties: false },
);

/** One reviewed item of a stage (sub-node): pass or fail, with an optional note. */
export const SubNodeStatus = Type.Object({ status: Type.Union([Type.Literal('pass'), Type.Literal('fail')]), note: Type.Optional(Reason) }, { additionalProperties: false });
/** Item key → status (at most 100 items). */
export const SubNodes = Type.Record(Type.String({ minLength: 1, maxLength: 64 }), SubNodeStatus, { maxProperties: 100 });

// ── EHS ──────────────────────────────────────────────────────────────────────────────────────────────────────────────

export const ehsInfo = get(
  'ehsSubmission/selectEhsInfo',
  "The order, its stored EHS form (with the recorded location and distance once submitted), the site's map point (null: none) and the radius in km",
  byOrder(),
  Type.Object({ order: OrderVO, form: Form, site: Type.Union([LatLng, Type.Null()]), radiusKm: Type.Number(), nodes: SubNodes }),
);

/** One EHS submission or review of the order (the review history of the EHS stages). */
export const EhsHistoryVO = HistoryVO;
export const ehsHistory = get('ehsSubmission/history', "The order's EHS submissions and reviews (drafts, submits, approvals, rejections), newest first", byOrder(), Type.Array(EhsHistoryVO));

const ehsBody = (formRequired: boolean) =>
  step({ form: formRequired ? Form : Type.Optional(Form), location: Type.Optional(FieldLocation) });
export const ehsSubmit = stepEndpoint(
  'ehsSubmission/submitEhsInfoExamine',
  'EHS submission (site technician): the EHS form (≥ 3 risks each with a solution, ≥ 1 PPE item, declaration ticked) and the location it is sent from — refused beyond 2 km of the site (the distance is given)',
  ehsBody(false),
);
export const ehsInsert = stepEndpoint('ehsSubmission/insert', 'EHS submission: save the form as a draft (no checks; the location is kept when given)', ehsBody(true));

export const ehsExamine = stepEndpoint(
  'ehsVerification/ehsExamineNodeStatusCommit',
  "EHS verification (rollout manager): store the sub-node statuses (item key → pass/fail, note); the stage does not move",
  step({ nodes: SubNodes }),
);
export const ehsFinalExamine = stepEndpoint('ehsVerification/submitEhsFinalExamine', 'EHS verification: approve (to QC submission), or reject back to EHS submission with a reason', step(Decision));

// ── QC ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A serial the order shipped (stock serial issued under the order number). */
export const ShippedSerialVO = Type.Object({ sn: Str, sku: Str, deviceType: Type.Union([DeviceType, Type.Null()]), state: Str });
export const qcBasic = get(
  'qcSubmission/getBasicQcInfo',
  "The order's shipped serials, all and by device type (the factory list each is in), for the QC serial picker, and the inverter type options (dict inverter_type)",
  byOrder(),
  Type.Object({
    order: OrderVO,
    serials: Type.Array(ShippedSerialVO),
    byType: Type.Record(Type.String(), Type.Array(Str)),
    inverterTypes: Type.Array(Type.Object({ value: Str, label: Str })),
  }),
);
/** What QC approval commissioned: the homeowner's station and the serials registered to it. */
export const CommissionVO = Type.Object({ plantId: Str, plantName: Str, created: Type.Boolean(), serials: Type.Array(Type.Object({ sn: Str, deviceType: Str })), at: Str });
export const qcDetail = get(
  'qcSubmission/getQcInfoDetail',
  "The order's stored QC form, the sub-node statuses and, once QC is approved, the commissioning (station and serials)",
  byOrder(),
  Type.Object({ order: OrderVO, form: Form, nodes: SubNodes, commission: Type.Union([CommissionVO, Type.Null()]) }),
);

export const qcSave = stepEndpoint('qcSubmission/saveOrUpdateQcInfo', 'QC submission: save the QC form as a draft', step({ form: Form }));
export const qcSubmit = stepEndpoint(
  'qcSubmission/submitQcInfo',
  "QC submission (site technician, electrician): inverter type, photos, serials (each existing for its type, one of the order's shipped serials, chosen once, not installed elsewhere), panel photos, earthing, battery count",
  step({ form: Type.Optional(Form) }),
);
export const surveyNodes = stepEndpoint(
  'survey/saveSubNodeApprovalStatus',
  'Survey review: store the sub-node statuses of the submitted survey (item key → pass/fail, note); the stage does not move',
  step({ nodes: SubNodes }),
);
export const qcSubNodeStatus = stepEndpoint(
  'qcSubmission/saveSubNodeApprovalStatus',
  'QC: store the sub-node statuses (item key → pass/fail, note); the stage does not move',
  step({ nodes: SubNodes }),
);
export const qcVerify = stepEndpoint(
  'qcVerification/qcVerify',
  "QC verification (rollout manager): approve commissions the system (the homeowner's station, created when missing, gets the QC serials as devices; the serials become installed), or reject back (QC or EHS submission) with a reason",
  step(Decision),
);

// ── Serial check ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const SerialCheckVO = Type.Object({
  sn: Str,
  /** In the factory list of the device type asked about. */
  exists: Type.Boolean(),
  /** One of the order's shipped serials. */
  ofOrder: Type.Boolean(),
  /** Already a device of another station (its name, else null). */
  installedElsewhere: Type.Boolean(),
  station: NStr,
  /** Given more than once in the list. */
  repeated: Type.Boolean(),
  /** All four fine. */
  ok: Type.Boolean(),
});
export const serialCheck = defineEndpoint({
  method: 'POST',
  url: `${ORDER_API}/serialNumber/exist`,
  access: READ,
  tags: TAGS,
  summary: "Per serial of the order's QC: in the factory list of `deviceType`, one of the order's shipped serials, installed in another station, repeated in the list",
  querystring: Type.Object({ deviceType: DeviceType }, { additionalProperties: false }),
  body: Type.Object({ orderId: IdIn, serials: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 200 }) }, { additionalProperties: false }),
  data: Type.Object({ results: Type.Array(SerialCheckVO), failed: Int }),
});

/**
 * Installer orders, part 2 (issue 19; spec §7 "installation date and work-order assignment examine and select;
 * material collection select, sign info, examine; device shipment deliver detail and audit; sign detail, submit,
 * audit, loss, history"; §4 shipment states).
 *
 * - Installation date (`installationDate/…`): the rollout manager submits the date; `selectInstallDateInfo` answers
 *   the stored date and the team's other installations on or near a date (clashes), for the screen to show.
 * - Work-order assignment (`installWoAssignment/…`): the site technician(s) and electrician(s) from the order
 *   company's staff (excluded staff refused).
 * - Material collection (`materialCollection/…`, `deviceShipment/…`): the lines the stock audit reserved under the
 *   order's number, shipped and unshipped, with the serials the warehouse may pick; `examine` ships (the stock ledger
 *   issues the reserved quantities and serials in the step's transaction), `save=true` keeps a draft.
 * - Signing (`sign/…`): the site technician signs the shipment (signature attachment, time, statement ticked), or
 *   reports loss or damage (reason, at most 3 photos): the order goes back to material collection for a reshipment.
 *   A shipment is `unshipped`, `shipped`, `signed`, `cancelled` or `loss_damage`; a reshipment is a new shipment.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';
import { MAX_FILES } from './order.forms.js';
import { Decision, Form, Id, IdIn, Int, NStr, ORDER_API, OrderVO, READ, Reason, Str, step, stepEndpoint, TAGS } from './order.api.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$' });
const Attachment = Type.String({ minLength: 1, maxLength: 64 });
const get = <Q extends ReturnType<typeof Type.Object>, D extends ReturnType<typeof Type.Object> | ReturnType<typeof Type.Array>>(url: string, summary: string, querystring: Q, data: D) =>
  defineEndpoint({ method: 'GET', url: `${ORDER_API}/${url}`, access: READ, tags: TAGS, summary, querystring, data });
const byOrder = () => Type.Object({ orderId: Id }, { additionalProperties: false });

export const SHIPMENT_STATES = ['unshipped', 'shipped', 'signed', 'cancelled', 'loss_damage'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/** Another installation of the same people on or near the date. */
export const ClashVO = Type.Object({ orderId: Str, orderNumber: Str, customerName: Str, date: Str, stage: Str, stageName: Str, people: Type.Array(Str) });

export const installDateInfo = get(
  'installationDate/selectInstallDateInfo',
  "The order's installation date and the team's other installations within `days` (default 1) of `date` (default: the stored date)",
  Type.Object({ orderId: Id, date: Type.Optional(Day), days: Type.Optional(Type.String({ pattern: '^\\d{1,2}$' })) }, { additionalProperties: false }),
  Type.Object({ order: OrderVO, form: Form, date: NStr, team: Type.Array(Str), clashes: Type.Array(ClashVO) }),
);
export const installDateExamine = stepEndpoint(
  'installationDate/examineInstallationDate',
  'Installation date (rollout manager): the date and an optional remark',
  step({ date: Day, remark: Type.Optional(Reason) }),
);

export const assignedConstructInfo = get(
  'installWoAssignment/selectAssignedConstructInfo',
  "The order company's site technicians and electricians (excluded staff marked) and who is assigned now",
  byOrder(),
  Type.Object({
    staff: Type.Array(Type.Object({ id: Str, account: Str, realName: NStr, roles: Type.Array(Str), excluded: Type.Boolean() })),
    assignees: Type.Record(Type.String(), Type.Array(Str)),
  }),
);
export const woAssignmentExamine = stepEndpoint(
  'installWoAssignment/examineWoAssignment',
  "Work-order assignment: the installation's site technician(s) and electrician(s), staff of the order's company who are not excluded",
  step({ technicianIds: Type.Array(IdIn, { minItems: 1, maxItems: 10 }), electricianIds: Type.Array(IdIn, { minItems: 1, maxItems: 10 }) }),
);

/** One line of the order's material: what the stock audit confirmed, what is still reserved, shipped, and to ship. */
export const MaterialLineVO = Type.Object({
  sku: Str,
  name: NStr,
  serialTracked: Type.Boolean(),
  ordered: Int,
  reserved: Int,
  shipped: Int,
  unshipped: Int,
  /** Serials the warehouse may pick (in stock, or reserved for this order), serial-tracked SKUs only. */
  serialChoices: Type.Array(Str),
});
export const ShipmentLineVO = Type.Object({ sku: Str, quantity: Int, serials: Type.Array(Str) });
export const ShipmentVO = Type.Object({
  id: Str,
  seq: Int,
  state: Type.Union([Type.Literal('unshipped'), Type.Literal('shipped'), Type.Literal('signed'), Type.Literal('cancelled'), Type.Literal('loss_damage')]),
  lines: Type.Array(ShipmentLineVO),
  deliveryNumber: NStr,
  shippedBy: NStr,
  shippedAt: NStr,
  signedBy: NStr,
  signature: NStr,
  signedAt: NStr,
  lossReason: NStr,
  lossPhotos: Type.Array(Str),
  closedBy: NStr,
  closedAt: NStr,
  createTime: Str,
  version: Int,
});
const MaterialData = Type.Object({ order: OrderVO, form: Form, lines: Type.Array(MaterialLineVO), current: Type.Union([ShipmentVO, Type.Null()]), shipments: Type.Array(ShipmentVO) });

export const materialCollectionSelect = get('materialCollection/select', "The order's reserved lines (shipped, unshipped, serial choices), the open shipment and every shipment", byOrder(), MaterialData);
export const materialSignInfo = get('materialCollection/selectMaterialSignInfo', 'The shipment awaiting signature (or the last one) and the signing form', byOrder(), MaterialData);
const shipBody = step({ form: Form, save: Type.Optional(Type.Boolean()) });
export const materialCollectionExamine = stepEndpoint(
  'materialCollection/examine',
  'Material collection (warehouse manager): save the shipment as a draft (save=true), or ship it: the reserved stock and the picked serials are issued under the order number',
  shipBody,
);
export const deliverDetail = get('deviceShipment/deliverDetail', "The order's shipments with their lines and serials", byOrder(), MaterialData);
export const deliverAudit = stepEndpoint('deviceShipment/audit', 'Device shipment: ship the material collection (as materialCollection/examine)', shipBody);

export const signDetail = get('sign/detail', 'The shipment to sign and the stored signing form', byOrder(), MaterialData);
/** Optional here so that a missing signature or an unticked statement is refused with its own message (spec §8). */
const signFields = { signature: Type.Optional(Type.String({ maxLength: 64 })), signedAt: Type.Optional(Day), confirmed: Type.Optional(Type.Boolean()) };
export const signSubmit = stepEndpoint(
  'sign/submit',
  'The site technician signs the shipment: signature (attachment id), signed at, and the statement ticked',
  step(signFields),
);
export const signLoss = stepEndpoint(
  'sign/loss',
  'Loss or damage of the shipment: a reason and up to 3 photos; the order goes back to material collection for a reshipment',
  step({ reason: Reason, photos: Type.Optional(Type.Array(Attachment, { maxItems: MAX_FILES })) }),
);
export const signAudit = stepEndpoint(
  'sign/audit',
  'Signing as a decision: approved=true signs (signature, signedAt, confirmed), approved=false reports loss or damage (reason, photos)',
  step({ ...Decision, ...signFields, photos: Type.Optional(Type.Array(Attachment, { maxItems: MAX_FILES })) }),
);
export const signHistory = get('sign/history', "Every shipment of the order, newest first (signed, lost or damaged, reshipped)", byOrder(), Type.Array(ShipmentVO));

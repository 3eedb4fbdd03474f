/**
 * Stage-engine test fixtures for every order definition (the installer order and, issue 20, the maintenance order):
 * valid data for every form of each, predicates (all true; the modules' rules read from the data), states placed at
 * any stage and the independent reading of "who may do what" the generated tests compare the executor against.
 */
import { CALLOUT_CHARGED, MAINT_FEE, PARTS_CHARGED } from '@helio/contracts/modules/epc/maint.forms';
import { MAINT_ORDER_PROCESS } from '@helio/contracts/modules/epc/maint.process';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import type { ProcessAction, ProcessDefinition, ProcessState } from '@helio/contracts/process/types';
import { initialState, type Predicate, type TransitionEnv, type TransitionInput } from '../../src/stage/index.js';

/** The installer order (the tests written for its stages use it). */
export const DEF: ProcessDefinition = EPC_ORDER_PROCESS;
/** The maintenance order (issue 20). */
export const MAINT: ProcessDefinition = MAINT_ORDER_PROCESS;
/** Every order definition the generated tests run over. */
export const DEFINITIONS: readonly ProcessDefinition[] = [EPC_ORDER_PROCESS, MAINT_ORDER_PROCESS];
export const TZ = 'Asia/Shanghai';
export const T0 = '2026-03-02T01:00:00.000Z'; // Monday 09:00 in Shanghai
export const TENANT = '100001';
export const COMPANY = '7001';

const recipient = { name: 'Thabo Nkosi', contact: '+27 82 555 0101', address: '12 Long Street, Cape Town' };

/** Valid data of every installer-order form (schema-valid, every requirement filled). */
export const FORMS: Record<string, Record<string, unknown>> = {
  customer: {
    name: '张三',
    phoneDiallingCode: '+86',
    phone: '13800000001',
    email: 'owner@example.com',
    installAddress: { country: 'CN', province: '440000', city: '440300', district: '440305' },
    address: '南山区科技园 1 号',
    projectType: 'residential',
    location: { latitude: 22.54, longitude: 113.95 },
  },
  warranty: { result: 'valid', warrantyEndDate: '2030-01-01' },
  calloutQuote: { amount: 500, currency: 'CNY', recipient },
  surveyDate: { date: '2026-03-10 09:00' },
  survey: {
    installType: 'roof',
    permits: ['1'],
    buildingMaterial: 'brick',
    houseType: 'detached',
    roof: { type: 'pitched', material: 'tile', angle: 30 },
    panel: { position: 'roof', type: 'mono', orientation: 'north' },
    photos: ['f1'],
    signatures: { landlord: 's1', installer: 's2', electrician: 's3', owner: 's4' },
    confirmed: true,
    electrical: { infrastructure: 'grid', appliances: [{ type: 'fridge', quantity: 1, power: 150 }] },
  },
  design: {
    basePackage: 'PKG-5K',
    materials: [{ sku: 'INV-5K', name: '逆变器 5kW', quantity: 1, equipmentType: 'inverter' }],
    summary: { kwp: 6.2, inverterKw: 5, batteryKwh: 10 },
  },
  stockAudit: { lines: [{ sku: 'INV-5K', quantity: 1, status: 'confirmed', serials: ['SN0001'] }] },
  quote: { lines: [{ sku: 'INV-5K', name: '逆变器 5kW', quantity: 1, unitPrice: 12000, discount: 5, taxRate: 13 }], recipient },
  essPayment: { amount: 12000, paidAt: '2026-03-20' },
  installationDate: { date: '2026-04-01' },
  shipment: { lines: [{ sku: 'INV-5K', quantity: 1, serials: ['SN0001'] }] },
  signing: { signature: 'sig', signedAt: '2026-04-01 08:00', confirmed: true },
  ehs: {
    workDate: '2026-04-01',
    emergencyNumbers: ['120'],
    risks: [
      { risk: 'fall', solution: 'harness' },
      { risk: 'shock', solution: 'isolate' },
      { risk: 'heat', solution: 'water' },
    ],
    ppe: ['helmet'],
    declaration: true,
    location: { latitude: 22.54, longitude: 113.95 },
  },
  qc: {
    inverterType: 'hybrid',
    photos: ['p1'],
    serials: [{ deviceType: 'inverter', sn: 'SN0001' }],
    panelPhotos: ['p2'],
    earthing: { value: 1.2, unit: 'ohm' },
    batteryCount: '1',
  },
  fac: { signedFile: ['fac1'], signedAt: '2026-04-05' },
  temporaryCoc: { createdAt: '2026-04-06', permanent: false, customerConfirmed: true, deliveryType: 'email' },
  finalCoc: { createdAt: '2026-04-20', permanent: true, customerConfirmed: true, deliveryType: 'email' },
  balancePayment: { amount: 3000, paidAt: '2026-04-25' },
};

const { hasExistingSystem: _h, existingSystemSn: _s, ...contact } = FORMS.customer!;
/**
 * Valid data of every maintenance-order form: its own call-in (chargeable: call-out and parts charged; a COC
 * required), on-site diagnosis (parts needed) and repair QC, and the installer order's data for the forms it reuses.
 */
export const MAINT_FORMS: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(Object.keys(MAINT_ORDER_PROCESS.forms ?? {}).flatMap((k) => (FORMS[k] ? [[k, FORMS[k]]] : []))),
  customer: {
    ...contact,
    callInTime: '2026-03-01 09:30',
    problem: 'Inverter fault 23 at noon',
    feeType: MAINT_FEE.chargeable,
    freeServiceMonths: 12,
    warrantyDate: '2030-01-01',
    cocRequired: true,
    workOrderNumber: 'WO-2026-0001',
    stationId: '1001',
    deviceSn: 'SN0001',
  },
  maintSurvey: {
    findings: 'DC isolator burnt',
    solution: 'Replace it',
    partsNeeded: true,
    photos: ['p1'],
    signatures: { technician: 's1', owner: 's2' },
    confirmed: true,
  },
  maintQc: { photos: ['q1'], result: 'Full power again', working: true },
};

const FORMS_OF: Record<string, Record<string, Record<string, unknown>>> = { [EPC_ORDER_PROCESS.id]: FORMS, [MAINT_ORDER_PROCESS.id]: MAINT_FORMS };
/** Valid data of every form of `def`. */
export const formsOf = (def: ProcessDefinition): Record<string, Record<string, unknown>> => FORMS_OF[def.id]!;

/** Every predicate `def` declares, true. */
export const truePredicates = (def: ProcessDefinition): Record<string, Predicate> => Object.fromEntries(Object.keys(def.predicates ?? {}).map((p) => [p, () => true]));
/** Every predicate of every definition, true. */
export const TRUE_PREDICATES: Record<string, Predicate> = Object.assign({}, ...DEFINITIONS.map(truePredicates)) as Record<string, Predicate>;
/** The installer order's: all true but `hasExistingSystem`, read from the customer form (no system: no warranty verification). */
export const PREDICATES: Record<string, Predicate> = { ...truePredicates(EPC_ORDER_PROCESS), hasExistingSystem: ({ data }) => Boolean((data.customer as { hasExistingSystem?: boolean } | undefined)?.hasExistingSystem) };
export const ENV: TransitionEnv = { predicates: PREDICATES, timeZone: TZ };

/** The date the maintenance rules take as today (the walks' `now` is on or before it). */
export const MAINT_TODAY = '2026-05-01';
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const feeOf = (data: Record<string, unknown>) => String(rec(data.customer).feeType ?? '');
/**
 * The maintenance order's rules read from its data, as its module states them (`maintenance.extension.ts`): a free fee
 * type needs a warranty date not passed (at warranty verification: a valid result and its end date), the fee type
 * decides the call-out and parts charges, the diagnosis whether parts are needed, the call-in whether a COC is.
 */
export const MAINT_PREDICATES: Record<string, Predicate> = {
  ...truePredicates(MAINT_ORDER_PROCESS),
  freeWithinWarranty: ({ data, stage }) => {
    if (feeOf(data) !== MAINT_FEE.free) return true;
    const verified = stage === 'warranty_verification' ? rec(data.warranty) : undefined;
    if (verified && verified.result !== undefined && verified.result !== 'valid') return false;
    const date = String(verified?.warrantyEndDate ?? '') || String(rec(data.customer).warrantyDate ?? '');
    return !date || date.slice(0, 10) >= MAINT_TODAY;
  },
  calloutCharged: ({ data }) => CALLOUT_CHARGED.includes(feeOf(data)),
  partsNeeded: ({ data }) => rec(data.maintSurvey).partsNeeded === true,
  partsCharged: ({ data }) => PARTS_CHARGED.includes(feeOf(data)),
  cocRequired: ({ data }) => rec(data.customer).cocRequired === true,
};
export const MAINT_ENV: TransitionEnv = { predicates: MAINT_PREDICATES, timeZone: TZ };
/** The environment the module gives `def`: its predicates read from the data. */
export const envOf = (def: ProcessDefinition): TransitionEnv => (def.id === MAINT_ORDER_PROCESS.id ? MAINT_ENV : ENV);

/** One user per role: `u-<role>`. */
export const userOf = (role: string) => `u-${role}`;
export const actor = (role: string) => ({ userId: userOf(role), roles: [role] });

/**
 * A state placed at `stage`, as if every earlier stage in process order had been visited (one day each), with the
 * designated persons assigned. `inReview`/`pending` as asked.
 */
export function stateAt(stage: string, opts: { inReview?: boolean; pending?: ProcessState['pending'] } = {}, def: ProcessDefinition = DEF): ProcessState {
  const s = initialState(def, { tenantId: TENANT, companyId: COMPANY, now: T0 });
  const ids = def.stageIds.slice(0, def.indexOf(stage) + 1);
  const day = (i: number) => new Date(Date.parse(T0) + i * 86_400_000).toISOString();
  s.visits = ids.map((id, i) => ({ stage: id, enteredAt: day(i), ...(i < ids.length - 1 ? { leftAt: day(i + 1), leftBy: 'submit' as const } : {}) }));
  s.stage = stage;
  const st = def.stage(stage)!;
  s.subStatus = opts.inReview && st.review ? st.review.subStatus : (st.subStatuses?.[0]?.id ?? null);
  s.inReview = Boolean(opts.inReview && st.review);
  s.pending = opts.pending ?? null;
  s.assignees = { site_technician: [userOf('site_technician')], electrician: [userOf('electrician')] };
  s.version = 7;
  if (st.terminal) s.endedAt = s.visits[s.visits.length - 1]!.enteredAt;
  return s;
}

/** Who may take `action` at `stage`, read straight from the stage's declaration (not through `rolesFor`). */
export function expectedRoles(stage: string, action: ProcessAction, def: ProcessDefinition = DEF): readonly string[] {
  const st = def.stage(stage)!;
  if (st.terminal) return [];
  const offers = (st.actions ?? []) as readonly string[];
  switch (action) {
    case 'cancel':
      return def.cancel.roles;
    case 'edit':
      return def.edit?.roles ?? [];
    case 'examine':
      return def.examiners;
    case 'approve':
    case 'reject':
      return offers.includes(action) ? (st.review?.roles ?? st.actors ?? []) : [];
    default:
      return offers.includes(action) ? (st.actors ?? []) : [];
  }
}

/** A complete input for `action` at `stage` by `role` (only the role decides whether it is allowed). */
export function inputFor(stage: string, action: ProcessAction, role: string, state: ProcessState, def: ProcessDefinition = DEF): TransitionInput {
  const st = def.stage(stage)!;
  return {
    action,
    actor: actor(role),
    stage,
    version: state.version,
    reason: 'a reason',
    targetStage: st.rejectTo?.[0],
    data: formsOf(def),
    formData: action === 'edit' ? formsOf(def).customer : undefined,
    assignees: Object.fromEntries((st.assigns ?? []).map((r) => [r, [userOf(r)]])),
    approved: true,
    now: '2026-05-01T02:00:00.000Z',
  };
}

/** The state an action needs to be possible at all (a review submitted, a request pending). */
export function stateFor(stage: string, action: ProcessAction, def: ProcessDefinition = DEF): ProcessState {
  const st = def.stage(stage)!;
  if (action === 'examine') return stateAt(stage, { pending: { kind: 'cancel', by: 'u-someone-else', role: 'agent', at: T0, reason: 'moving' } }, def);
  return stateAt(stage, { inReview: Boolean(st.review) && (action === 'approve' || action === 'reject') }, def);
}

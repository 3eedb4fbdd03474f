/**
 * Stage-engine test fixtures: valid data for every installer-order form, predicates, states placed at any stage and
 * the independent reading of "who may do what" the generated tests compare the executor against.
 */
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import { MAINT_ORDER_PROCESS } from '@helio/contracts/modules/epc/maint.process';
import type { ProcessAction, ProcessDefinition, ProcessState } from '@helio/contracts/process/types';
import { initialState, type Predicate, type TransitionEnv, type TransitionInput } from '../../src/stage/index.js';

export const DEF: ProcessDefinition = EPC_ORDER_PROCESS;
/** Every order definition the generated tests run over (maintenance orders, issue 20, beside the installer order). */
export const DEFINITIONS: readonly ProcessDefinition[] = [EPC_ORDER_PROCESS, MAINT_ORDER_PROCESS];
export const TZ = 'Asia/Shanghai';
export const T0 = '2026-03-02T01:00:00.000Z'; // Monday 09:00 in Shanghai
export const TENANT = '100001';
export const COMPANY = '7001';

const recipient = { name: 'Thabo Nkosi', contact: '+27 82 555 0101', address: '12 Long Street, Cape Town' };

/** Valid data of every form (schema-valid, every requirement filled). */
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
    // The maintenance call-in's own fields (the installer order's customer form lets them pass).
    callInTime: '2026-03-01 09:30',
    problem: 'Inverter fault 23 at noon',
    feeType: '2',
    cocRequired: true,
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
  maintSurvey: { findings: 'DC isolator burnt', solution: 'Replace it', partsNeeded: true, photos: ['p1'], signatures: { technician: 's1', owner: 's2' }, confirmed: true },
  maintQc: { photos: ['q1'], result: 'Full power again', working: true },
};

/** Every predicate of the definition, true. */
export const TRUE_PREDICATES: Record<string, Predicate> = Object.fromEntries(DEFINITIONS.flatMap((d) => Object.keys(d.predicates ?? {})).map((p) => [p, () => true]));
/** The same, without a system in place (no warranty verification). */
export const PREDICATES: Record<string, Predicate> = { ...TRUE_PREDICATES, hasExistingSystem: ({ data }) => Boolean((data.customer as { hasExistingSystem?: boolean } | undefined)?.hasExistingSystem) };
export const ENV: TransitionEnv = { predicates: PREDICATES, timeZone: TZ };

/** One user per role: `u-<role>`. */
export const userOf = (role: string) => `u-${role}`;
export const actor = (role: string) => ({ userId: userOf(role), roles: [role] });

/**
 * A state placed at `stage`, as if every earlier stage in process order had been visited (one day each), with the
 * designated persons assigned. `inReview`/`pending` as asked.
 */
export function stateAt(stage: string, opts: { inReview?: boolean; pending?: ProcessState['pending'] } = {}, DEF: ProcessDefinition = DEFINITIONS[0]!): ProcessState {
  const s = initialState(DEF, { tenantId: TENANT, companyId: COMPANY, now: T0 });
  const ids = DEF.stageIds.slice(0, DEF.indexOf(stage) + 1);
  const day = (i: number) => new Date(Date.parse(T0) + i * 86_400_000).toISOString();
  s.visits = ids.map((id, i) => ({ stage: id, enteredAt: day(i), ...(i < ids.length - 1 ? { leftAt: day(i + 1), leftBy: 'submit' as const } : {}) }));
  s.stage = stage;
  const st = DEF.stage(stage)!;
  s.subStatus = opts.inReview && st.review ? st.review.subStatus : (st.subStatuses?.[0]?.id ?? null);
  s.inReview = Boolean(opts.inReview && st.review);
  s.pending = opts.pending ?? null;
  s.assignees = { site_technician: [userOf('site_technician')], electrician: [userOf('electrician')] };
  s.version = 7;
  if (st.terminal) s.endedAt = s.visits[s.visits.length - 1]!.enteredAt;
  return s;
}

/** Who may take `action` at `stage`, read straight from the stage's declaration (not through `rolesFor`). */
export function expectedRoles(stage: string, action: ProcessAction, DEF: ProcessDefinition = DEFINITIONS[0]!): readonly string[] {
  const st = DEF.stage(stage)!;
  if (st.terminal) return [];
  const offers = (st.actions ?? []) as readonly string[];
  switch (action) {
    case 'cancel':
      return DEF.cancel.roles;
    case 'edit':
      return DEF.edit?.roles ?? [];
    case 'examine':
      return DEF.examiners;
    case 'approve':
    case 'reject':
      return offers.includes(action) ? (st.review?.roles ?? st.actors ?? []) : [];
    default:
      return offers.includes(action) ? (st.actors ?? []) : [];
  }
}

/** A complete input for `action` at `stage` by `role` (only the role decides whether it is allowed). */
export function inputFor(stage: string, action: ProcessAction, role: string, state: ProcessState, DEF: ProcessDefinition = DEFINITIONS[0]!): TransitionInput {
  const st = DEF.stage(stage)!;
  return {
    action,
    actor: actor(role),
    stage,
    version: state.version,
    reason: 'a reason',
    targetStage: st.rejectTo?.[0],
    data: FORMS,
    formData: action === 'edit' ? FORMS.customer : undefined,
    assignees: Object.fromEntries((st.assigns ?? []).map((r) => [r, [userOf(r)]])),
    approved: true,
    now: '2026-05-01T02:00:00.000Z',
  };
}

/** The state an action needs to be possible at all (a review submitted, a request pending). */
export function stateFor(stage: string, action: ProcessAction, DEF: ProcessDefinition = DEFINITIONS[0]!): ProcessState {
  const st = DEF.stage(stage)!;
  if (action === 'examine') return stateAt(stage, { pending: { kind: 'cancel', by: 'u-someone-else', role: 'agent', at: T0, reason: 'moving' } }, DEF);
  return stateAt(stage, { inReview: Boolean(st.review) && (action === 'approve' || action === 'reject') }, DEF);
}

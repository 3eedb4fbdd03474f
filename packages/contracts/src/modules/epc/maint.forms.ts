/**
 * The forms only maintenance orders have (issue 20; spec §3 "Maintenance": call-in times, problem description,
 * solution, fee type, free-service month, warranty date, COC required, work-order number, survey date, customer
 * contact data; dictionary `agent_maint_fee_type`). Every other maintenance stage uses the installer order's form of
 * the same step (`order.forms.ts`), imported, not copied.
 */
import { Type } from 'typebox';
import { defineForm } from '../../process/define.js';
import { customerForm, MAX_FILES } from './order.forms.js';

const Text = (max = 255) => Type.String({ minLength: 1, maxLength: max });
const OptText = (max = 255) => Type.Optional(Type.String({ maxLength: max }));
const DateText = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$' });
const Photos = () => Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 30 });
const IdText = () => Type.Optional(Type.String({ maxLength: 20, pattern: '^\\d{0,20}$' }));

/** `agent_maint_fee_type` keys. */
export const MAINT_FEE = { free: '1', chargeable: '2', calloutOnly: '3', contract: '4' } as const;
/** Fee types whose call-out is charged (the call-out quote stage runs). */
export const CALLOUT_CHARGED: readonly string[] = [MAINT_FEE.chargeable, MAINT_FEE.calloutOnly];
/** Fee types whose parts are charged (the ESS quotation and its proof of payment run when parts are needed). */
export const PARTS_CHARGED: readonly string[] = [MAINT_FEE.chargeable];

const { hasExistingSystem: _h, existingSystemSn: _s, tentativeInstallDate: _t, budget: _b, installReason: _r, ...contact } = customerForm.schema.properties;

/** The call-in: the customer's contact data (the installer order's customer fields) and the fault as reported. */
export const maintCustomerForm = defineForm(
  'customer',
  { zh: '报修信息', en: 'Call-in' },
  Type.Object({
    ...contact,
    // A call-in may not know the installation's project type or the customer's e-mail.
    email: Type.Optional(Type.String({ maxLength: 255 })),
    projectType: Type.Optional(Type.String({ maxLength: 64, dict: 'agent_project_type' })),
    callInTime: DateText(),
    problem: Text(1000),
    feeType: Type.String({ minLength: 1, maxLength: 64, dict: 'agent_maint_fee_type' }),
    /** Months of free service from the installation date (a homeowner's service plan). */
    freeServiceMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 240 })),
    /** The system's warranty end (from its serials' factory data when known). */
    warrantyDate: Type.Optional(DateText()),
    cocRequired: Type.Boolean(),
    workOrderNumber: OptText(64),
    /** Where the fault is: the station, the device's serial, the alarm it came from, the original installation order. */
    stationId: IdText(),
    deviceSn: OptText(64),
    alarmId: IdText(),
    installOrderId: IdText(),
  }),
);

/** The on-site diagnosis (survey/maint/submit): findings, the solution, whether parts are needed, the signatures. */
export const maintSurveyForm = defineForm(
  'maintSurvey',
  { zh: '现场诊断', en: 'On-site diagnosis' },
  Type.Object({
    findings: Text(1000),
    solution: Text(1000),
    partsNeeded: Type.Boolean(),
    photos: Photos(),
    files: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: MAX_FILES })),
    signatures: Type.Object({ technician: Text(64), owner: Text(64) }),
    confirmed: Type.Boolean(),
  }),
);

/** The repair's quality check: photos of the repaired system, the test result, whether it works again. */
export const maintQcForm = defineForm(
  'maintQc',
  { zh: '维修质检', en: 'Repair QC' },
  Type.Object({ photos: Photos(), result: Text(1000), working: Type.Boolean(), remark: OptText(500) }),
);

/** A device replaced on the order (recorded by `replaceDevice`, not a stage form): old serial → new serial. */
export interface ReplacementLine {
  deviceType: string;
  oldSn: string;
  newSn: string;
  reason: string;
  at: string;
  /** Who replaced it: the user id, and their name as it was then. */
  by: string;
  byName?: string;
  plantId: string;
}

/**
 * The maintenance order's definition (issue 20) is well-formed (it loads: `defineProcess` checked it), covers the
 * spec's maintenance steps (§7 "Maintenance orders"), names everything in both languages, reuses the installer
 * order's stage (same form object, same actors) wherever its step is the `maint` variant of the same step, and codes
 * its values with seeded business dictionaries (the fee type: `agent_maint_fee_type`, whose keys its rules use).
 */
import { describe, expect, it } from 'vitest';
import { BUSINESS_DICT_CODES } from '../../dict-codes.js';
import { BUSINESS_DICTS } from '../../dicts-business.js';
import { nextRules } from '../../process/define.js';
import { ROLE_SEEDS } from '../../seed/roles.js';
import { MAINT_ORDER_PROCESS as M } from './maint.process.js';
import { CALLOUT_CHARGED, MAINT_FEE, PARTS_CHARGED, maintCustomerForm, maintQcForm, maintSurveyForm } from './maint.forms.js';
import { customerForm } from './order.forms.js';
import { EPC_ORDER_PROCESS as E } from './order.process.js';
import { ORDER_PROCESSES, processOf } from './processes.js';

/** Spec §7's maintenance steps → the stages that implement them. */
const SPEC_STEPS: Record<string, string[]> = {
  'createOrder/maint/insertOrder': ['create'],
  'warranty-verification': ['warranty_verification'],
  maintCallOutQuote: ['callout_quote'],
  maintSurveyDate: ['survey_date'],
  designatedPerson: ['designated_person'],
  'survey/maint and surveyReview': ['survey', 'survey_review'],
  'maintain/design': ['design'],
  'maintain/stock': ['stock_audit'],
  'essQuotation and essPop': ['ess_quotation', 'ess_payment'],
  installationDate: ['installation_date'],
  installWoAssignment: ['install_assignment'],
  maintenanceMaterialCollection: ['material_collection', 'material_signing'],
  'maintenanceEhsSubmission and Verification': ['ehs_submission', 'ehs_verification'],
  'maintenanceQc submission and verification': ['qc_submission', 'qc_verification'],
  maintenanceFac: ['fac_sign_audit'],
  maintenanceCocCreation: ['final_coc'],
  'save-cancel-order': ['cancelled'],
};
/** Its own steps (own form or none of the installer order's): the call-in, the on-site diagnosis, the repair QC. */
const OWN = new Set(['create', 'survey', 'qc_submission', 'completed', 'cancelled']);
const running = M.stages.filter((s) => !s.terminal);

/** Every `dict` a schema names. */
function dictsOf(schemas: unknown[]): Set<string> {
  const dicts = new Set<string>();
  const walk = (schema: unknown) => {
    if (!schema || typeof schema !== 'object') return;
    const o = schema as Record<string, unknown>;
    if (typeof o.dict === 'string') dicts.add(o.dict);
    for (const v of Object.values(o)) walk(v);
  };
  schemas.forEach(walk);
  return dicts;
}

describe('the maintenance order process', () => {
  it('has every maintenance step of the spec, in the spec order, and two ends', () => {
    expect([...M.stageIds].sort()).toEqual([...Object.values(SPEC_STEPS).flat(), 'completed'].sort());
    const steps = Object.entries(SPEC_STEPS).filter(([k]) => k !== 'save-cancel-order').flatMap(([, v]) => v);
    expect(steps.map((s) => M.indexOf(s))).toEqual([...steps.map((s) => M.indexOf(s))].sort((a, b) => a - b));
    expect(M.stages.filter((s) => s.terminal).map((s) => s.id)).toEqual(['completed', 'cancelled']);
    expect(M.id).toBe('maint_order');
    expect(M.kind).toBe('maint');
    expect(M.kind).not.toBe(E.kind);
  });

  it('is listed beside the installer order', () => {
    expect(ORDER_PROCESSES).toEqual({ epc_order: E, maint_order: M });
    expect(processOf('maint_order')).toBe(M);
    expect(processOf(null)).toBe(E);
  });

  it('names every stage, sub-status, role and predicate in both languages', () => {
    const labels = [
      M.name,
      ...M.stages.flatMap((s) => [s.name, ...(s.subStatuses ?? []).map((x) => x.name)]),
      ...Object.values(M.roles).map((r) => r.name),
      ...Object.values(M.predicates ?? {}),
      ...Object.values(M.forms ?? {}).map((f) => f.name),
    ];
    for (const l of labels) expect(l.zh.trim() && l.en.trim(), JSON.stringify(l)).toBeTruthy();
    expect(new Set(M.stages.map((s) => s.name.en)).size).toBe(M.stages.length);
    expect(new Set(M.stages.map((s) => s.name.zh)).size).toBe(M.stages.length);
  });

  it('acts through the installer order roles: seeded agent roles, platform roles, each one somewhere', () => {
    expect(M.roles).toBe(E.roles);
    const seeded = new Set(ROLE_SEEDS.map((r) => r.alias));
    for (const [code, r] of Object.entries(M.roles)) if (r.scope === 'company') expect(seeded.has(code), code).toBe(true);
    const acting = new Set(M.stages.flatMap((s) => [...(s.actors ?? []), ...(s.review?.roles ?? [])]).concat(M.cancel.roles, M.examiners, M.edit?.roles ?? []));
    expect([...acting].sort()).toEqual([...M.roleCodes].sort());
  });

  it('reuses the installer order stage of the same step: the same form object, actors, review and requirements', () => {
    for (const id of M.stageIds.filter((s) => !OWN.has(s))) {
      const [m, e] = [M.stage(id)!, E.stage(id)!];
      expect(M.formOf(id), id).toBe(E.formOf(id));
      expect(m.actors, id).toEqual(e.actors);
      expect(m.actions, id).toEqual(e.actions);
      expect(m.review, id).toEqual(e.review);
      expect(m.assigns, id).toEqual(e.assigns);
      expect(m.subStatuses, id).toEqual(e.subStatuses);
      // The same checks; warranty verification adds the free fee type's warranty rule.
      if (id === 'warranty_verification') expect(m.requires).toEqual([...e.requires!, { predicate: 'freeWithinWarranty', field: 'warranty.warrantyEndDate' }]);
      else expect(m.requires, id).toEqual(e.requires);
    }
    // Every form it has under an installer-order key is the installer order's object, but the call-in.
    for (const [key, form] of Object.entries(M.forms ?? {})) if (key !== 'customer' && E.forms?.[key]) expect(form, key).toBe(E.forms[key]);
    // Its own steps: the call-in, the on-site diagnosis and the repair QC, by the same roles as the installer's.
    expect(M.formOf('create')).toBe(maintCustomerForm);
    expect(M.formOf('survey')).toBe(maintSurveyForm);
    expect(M.formOf('qc_submission')).toBe(maintQcForm);
    expect(M.editForm()).toBe(maintCustomerForm);
    for (const id of ['survey', 'qc_submission']) expect(M.stage(id)!.actors, id).toEqual(E.stage(id)!.actors);
  });

  it('the call-in is the installer customer form without the sales fields, with the fault as reported', () => {
    const own = maintCustomerForm.schema.properties as Record<string, unknown>;
    const installer = customerForm.schema.properties as Record<string, unknown>;
    for (const f of ['name', 'phoneDiallingCode', 'phone', 'installAddress', 'address', 'location']) expect(own[f], f).toBe(installer[f]);
    for (const f of ['hasExistingSystem', 'existingSystemSn', 'tentativeInstallDate', 'budget', 'installReason']) expect(own, f).not.toHaveProperty(f);
    expect(maintCustomerForm.schema.required).toEqual(expect.arrayContaining(['name', 'phone', 'callInTime', 'problem', 'feeType', 'cocRequired']));
    expect(M.stage('create')!.requires).toEqual(expect.arrayContaining(['customer.callInTime', 'customer.problem', 'customer.feeType', { predicate: 'freeWithinWarranty', field: 'customer.warrantyDate' }]));
  });

  it('decides the optional stages by the fee type, the diagnosis and the COC rule', () => {
    const whenOf = (from: string) => M.transitions.filter((t) => t.from === from && t.when).map((t) => [t.to, t.when]);
    expect(M.transitions.filter((t) => t.when).map((t) => t.from)).toEqual(['warranty_verification', 'survey_review', 'stock_audit', 'install_assignment', 'qc_verification']);
    expect(whenOf('warranty_verification')).toEqual([['callout_quote', 'calloutCharged']]);
    expect(whenOf('survey_review')).toEqual([['design', 'partsNeeded']]);
    expect(whenOf('stock_audit')).toEqual([['ess_quotation', 'partsCharged']]);
    expect(whenOf('install_assignment')).toEqual([['material_collection', 'partsNeeded']]);
    expect(whenOf('qc_verification')).toEqual([['fac_sign_audit', 'cocRequired']]);
    // The default edges alone: the free repair without parts or COC.
    let at = 'create';
    const path = [at];
    while (!M.stage(at)!.terminal) {
      at = nextRules(M.stage(at)!).at(-1)!.to;
      path.push(at);
    }
    expect(path).toEqual([
      'create', 'warranty_verification', 'survey_date', 'designated_person', 'survey', 'survey_review', 'installation_date',
      'install_assignment', 'ehs_submission', 'ehs_verification', 'qc_submission', 'qc_verification', 'completed',
    ]);
  });

  it('every running stage has sub-statuses, a form when it is submitted, a way on, and rejects go back to its own earlier stages', () => {
    for (const s of running) {
      expect(s.subStatuses?.length, s.id).toBeGreaterThan(0);
      expect(nextRules(s).length, s.id).toBeGreaterThan(0);
      if ((s.actions ?? []).includes('submit')) expect(M.formOf(s.id), s.id).toBeDefined();
      for (const t of s.rejectTo ?? []) expect(M.indexOf(t), `${s.id} → ${t}`).toBeGreaterThanOrEqual(0);
      for (const t of s.rejectTo ?? []) expect(M.indexOf(t), `${s.id} → ${t}`).toBeLessThanOrEqual(M.indexOf(s.id));
    }
    expect(M.stage('final_coc')!.rejectTo).toEqual(['final_coc', 'fac_sign_audit']);
  });

  it('cancel and edit of a running order need approval once staff are involved', () => {
    for (const s of ['create', 'warranty_verification', 'callout_quote']) expect(M.cancel.examine, s).not.toContain(s);
    expect([...M.cancel.examine].sort()).toEqual(running.map((s) => s.id).filter((s) => !['create', 'warranty_verification', 'callout_quote'].includes(s)).sort());
    expect([...(M.edit?.examine ?? [])].sort()).toEqual(running.map((s) => s.id).filter((s) => s !== 'create').sort());
    expect(M.transitions.filter((t) => t.to === 'cancelled').length).toBe(running.length);
    expect(M.examiners).toEqual(E.examiners);
  });

  it('codes its forms with seeded business dictionaries, the fee type among them', () => {
    const dicts = dictsOf(Object.values(M.forms ?? {}).map((f) => f.schema));
    expect(dictsOf([maintCustomerForm.schema]).has('agent_maint_fee_type')).toBe(true);
    expect(dicts.size).toBeGreaterThan(10);
    for (const d of dicts) {
      expect((BUSINESS_DICT_CODES as readonly string[]).includes(d), d).toBe(true);
      expect(BUSINESS_DICTS.find((x) => x.code === d)?.items.length, d).toBeGreaterThan(0);
    }
  });

  it("decides its charges by the fee type dictionary's keys", () => {
    const keys = BUSINESS_DICTS.find((d) => d.code === 'agent_maint_fee_type')!.items.map((i) => i.key);
    expect([...Object.values(MAINT_FEE)].sort()).toEqual([...keys].sort());
    for (const k of [...CALLOUT_CHARGED, ...PARTS_CHARGED]) expect(keys).toContain(k);
    expect(CALLOUT_CHARGED).not.toContain(MAINT_FEE.free);
    expect(PARTS_CHARGED).not.toContain(MAINT_FEE.free);
    expect(CALLOUT_CHARGED).toEqual(expect.arrayContaining([...PARTS_CHARGED]));
  });
});

/**
 * The maintenance order's definition (issue 20) is well-formed (it loads: `defineProcess` checked it), covers the
 * spec's maintenance steps (§7 "Maintenance orders"), names everything in both languages, reuses the installer
 * order's stage (same form object, same actors) wherever its step is the `maint` variant of the same step, and codes
 * its values with seeded business dictionaries (the fee type: `agent_maint_fee_type`).
 */
import { describe, expect, it } from 'vitest';
import { BUSINESS_DICT_CODES } from '../../dict-codes.js';
import { MAINT_ORDER_PROCESS as M } from './maint.process.js';
import { maintCustomerForm } from './maint.forms.js';
import { EPC_ORDER_PROCESS as E } from './order.process.js';

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

describe('the maintenance order process', () => {
  it('has every maintenance step of the spec, in the spec order, and two ends', () => {
    expect([...M.stageIds].sort()).toEqual([...Object.values(SPEC_STEPS).flat(), 'completed'].sort());
    const running = Object.entries(SPEC_STEPS).filter(([k]) => k !== 'save-cancel-order').flatMap(([, v]) => v);
    expect(running.map((s) => M.indexOf(s))).toEqual([...running.map((s) => M.indexOf(s))].sort((a, b) => a - b));
    expect(M.id).not.toBe(E.id);
    expect(M.kind).not.toBe(E.kind);
  });

  it('names every stage, sub-status and role in both languages', () => {
    const labels = [M.name, ...M.stages.flatMap((s) => [s.name, ...(s.subStatuses ?? []).map((x) => x.name)]), ...Object.values(M.roles).map((r) => r.name)];
    for (const l of labels) expect(l.zh.trim() && l.en.trim(), JSON.stringify(l)).toBeTruthy();
    expect(new Set(M.stages.map((s) => s.name.en)).size).toBe(M.stages.length);
  });

  it('reuses the installer order stage of the same step: the same form object and the same actors', () => {
    const own = new Set(['create', 'survey', 'qc_submission', 'completed', 'cancelled']);
    for (const id of M.stageIds.filter((s) => !own.has(s))) {
      expect(M.formOf(id), id).toBe(E.formOf(id));
      expect(M.stage(id)!.actors, id).toEqual(E.stage(id)!.actors);
      expect(M.stage(id)!.actions, id).toEqual(E.stage(id)!.actions);
    }
    // Its own steps: the call-in, the on-site diagnosis and the repair QC.
    expect(M.formOf('create')).toBe(maintCustomerForm);
    expect(M.formOf('survey')!.key).toBe('maintSurvey');
    expect(M.formOf('qc_submission')!.key).toBe('maintQc');
  });

  it('decides the optional stages by the fee type, the diagnosis and the COC rule', () => {
    const whenOf = (from: string) => M.transitions.filter((t) => t.from === from && t.action !== 'reject' && t.action !== 'cancel' && t.action !== 'examine' && t.when).map((t) => [t.to, t.when]);
    expect(whenOf('warranty_verification')).toEqual([['callout_quote', 'calloutCharged']]);
    expect(whenOf('survey_review')).toEqual([['design', 'partsNeeded']]);
    expect(whenOf('stock_audit')).toEqual([['ess_quotation', 'partsCharged']]);
    expect(whenOf('install_assignment')).toEqual([['material_collection', 'partsNeeded']]);
    expect(whenOf('qc_verification')).toEqual([['fac_sign_audit', 'cocRequired']]);
  });

  it('codes the call-in with seeded business dictionaries, the fee type among them', () => {
    const dicts = new Set<string>();
    const walk = (schema: unknown) => {
      if (!schema || typeof schema !== 'object') return;
      const o = schema as Record<string, unknown>;
      if (typeof o.dict === 'string') dicts.add(o.dict);
      for (const v of Object.values(o)) walk(v);
    };
    walk(maintCustomerForm.schema);
    expect(dicts.has('agent_maint_fee_type')).toBe(true);
    for (const d of dicts) expect((BUSINESS_DICT_CODES as readonly string[]).includes(d), d).toBe(true);
  });
});

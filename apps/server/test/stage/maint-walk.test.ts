/**
 * The maintenance order (issue 20) walked through the stage engine by the same generator as the installer order: at
 * each stage its own role takes the advancing action with complete data (a review stage: submit, then its reviewer
 * approves) until the order ends. With every predicate holding (call-out charged, parts needed and charged, COC
 * required) it passes every stage; with none (free, no parts, no COC) it skips the call-out quote, design to proof of
 * payment, material collection and signing, and FAC and COC.
 */
import { describe, expect, it } from 'vitest';
import { MAINT_ORDER_PROCESS as M } from '@helio/contracts/modules/epc/maint.process';
import type { ProcessAction } from '@helio/contracts/process/types';
import { initialState, transition, type Predicate } from '../../src/stage/index.js';
import { COMPANY, FORMS, T0, TENANT, TZ, actor, expectedRoles, userOf } from './fixtures.js';

const ADVANCE: readonly ProcessAction[] = ['submit', 'approve', 'assign'];

function walk(predicates: Record<string, Predicate>): string[] {
  let state = initialState(M, { tenantId: TENANT, companyId: COMPANY, now: T0 });
  const path = [state.stage];
  for (let n = 0; n < 60 && !M.stage(state.stage)!.terminal; n++) {
    const st = M.stage(state.stage)!;
    const action = st.review && state.inReview ? 'approve' : (ADVANCE.find((a) => ((st.actions ?? []) as readonly string[]).includes(a) && !(a === 'approve' && st.review)) ?? 'submit');
    const role = expectedRoles(st.id, action, M)[0]!;
    const form = M.formOf(st.id);
    const r = transition(
      M,
      state,
      {
        action,
        actor: actor(role),
        stage: st.id,
        version: state.version,
        reason: null,
        data: FORMS,
        ...(form && action !== 'approve' ? { formData: FORMS[form.key] } : {}),
        assignees: Object.fromEntries((st.assigns ?? []).map((x) => [x, [userOf(x)]])),
        now: '2026-05-01T02:00:00.000Z',
      },
      { predicates, timeZone: TZ },
    );
    if (!r.ok) throw new Error(`${st.id} ${action} by ${role}: ${JSON.stringify(r.errors)}`);
    state = r.nextState;
    if (path.at(-1) !== state.stage) path.push(state.stage);
  }
  return path;
}

const all = (value: boolean): Record<string, Predicate> => Object.fromEntries(Object.keys(M.predicates ?? {}).map((p) => [p, () => value]));

describe('a maintenance order walked by its roles', () => {
  it('passes every stage when the call-out is charged, parts are needed and charged, and a COC is required', () => {
    expect(walk(all(true))).toEqual(M.stageIds.filter((s) => s !== 'cancelled'));
  });

  it('skips what a free repair without parts or COC does not need', () => {
    const rules = { ...all(false), freeWithinWarranty: () => true, stockConfirmed: () => true, equipmentTypesUnique: () => true, ehsRisksComplete: () => true, withinSiteRadius: () => true };
    expect(walk(rules)).toEqual([
      'create', 'warranty_verification', 'survey_date', 'designated_person', 'survey', 'survey_review', 'installation_date', 'install_assignment',
      'ehs_submission', 'ehs_verification', 'qc_submission', 'qc_verification', 'completed',
    ]);
  });

  it('refuses the call-in while a free fee type has a passed warranty date, naming the field', () => {
    const state = initialState(M, { tenantId: TENANT, companyId: COMPANY, now: T0 });
    const r = transition(
      M,
      state,
      { action: 'submit', actor: actor('agent'), stage: 'create', version: state.version, reason: null, data: FORMS, formData: FORMS.customer, now: '2026-05-01T02:00:00.000Z' },
      { predicates: { ...all(true), freeWithinWarranty: () => false }, timeZone: TZ },
    );
    expect(r.ok ? null : r.errors).toEqual([{ code: 'missing-requirement', predicate: 'freeWithinWarranty', field: 'customer.warrantyDate' }]);
  });
});

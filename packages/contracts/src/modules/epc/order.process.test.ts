/**
 * The installer order's definition is well-formed (it loads: `defineProcess` checked it) and says what issue 18 and
 * spec §3/§4 ask: every stage of the implied list, acting roles that exist, dictionaries that are seeded.
 */
import { describe, expect, it } from 'vitest';
import { BUSINESS_DICT_CODES } from '../../dict-codes.js';
import { defineProcess, nextRules } from '../../process/define.js';
import { ROLE_SEEDS } from '../../seed/roles.js';
import { ORDER_FORMS } from './order.forms.js';
import { EPC_ORDER_PROCESS as P, EPC_SALES_STAGES } from './order.process.js';

/** Spec §4 "order stages implied" (maintenance is its own process, issue 20) → the stages that implement each. */
const SPEC_STAGES: Record<string, string[]> = {
  create: ['create'],
  cancel: ['cancelled'],
  'warranty verification': ['warranty_verification'],
  'callout quote': ['callout_quote'],
  'survey date': ['survey_date'],
  'designated person': ['designated_person'],
  'survey submit and review': ['survey', 'survey_review'],
  design: ['design'],
  'stock audit': ['stock_audit'],
  'ESS quotation': ['ess_quotation'],
  'ESS payment': ['ess_payment'],
  'installation date': ['installation_date'],
  'install assignment': ['install_assignment'],
  'material collection and signing': ['material_collection', 'material_signing'],
  'EHS submission and verification': ['ehs_submission', 'ehs_verification'],
  'QC submission and verification': ['qc_submission', 'qc_verification'],
  'FAC sign audit': ['fac_sign_audit'],
  'temporary and final COC': ['temporary_coc', 'final_coc'],
  'balance payment': ['balance_payment'],
};

describe('the installer order process', () => {
  it('has every stage of the spec, in the spec order, and two ends', () => {
    const declared = Object.values(SPEC_STAGES).flat();
    expect([...P.stageIds].sort()).toEqual([...declared, 'completed'].sort());
    const running = Object.entries(SPEC_STAGES).filter(([k]) => k !== 'cancel').flatMap(([, v]) => v);
    expect(running.map((s) => P.indexOf(s))).toEqual([...running.map((s) => P.indexOf(s))].sort((a, b) => a - b));
    expect(P.stages.filter((s) => s.terminal).map((s) => s.id)).toEqual(['completed', 'cancelled']);
    expect(EPC_SALES_STAGES).toEqual(P.stageIds.slice(0, P.indexOf('ess_payment') + 1));
  });

  it('names every stage, sub-status and role in both languages', () => {
    const labels = [P.name, ...P.stages.flatMap((s) => [s.name, ...(s.subStatuses ?? []).map((x) => x.name)]), ...Object.values(P.roles).map((r) => r.name)];
    for (const l of labels) expect(l.zh.trim() && l.en.trim(), JSON.stringify(l)).toBeTruthy();
    expect(new Set(P.stages.map((s) => s.name.en)).size).toBe(P.stages.length);
    expect(new Set(P.stages.map((s) => s.name.zh)).size).toBe(P.stages.length);
  });

  it('acts through the seeded agent roles (company scope) and platform roles (tenant scope), each one somewhere', () => {
    const seeded = new Set(ROLE_SEEDS.map((r) => r.alias));
    for (const [code, r] of Object.entries(P.roles)) {
      if (r.scope === 'company') expect(seeded.has(code), code).toBe(true);
    }
    expect(Object.keys(P.roles).filter((c) => P.roles[c as keyof typeof P.roles].scope === 'tenant').sort()).toEqual(['administrator', 'designer', 'finance']);
    const acting = new Set(P.stages.flatMap((s) => [...(s.actors ?? []), ...(s.review?.roles ?? [])]).concat(P.cancel.roles, P.examiners, P.edit?.roles ?? []));
    expect([...acting].sort()).toEqual([...P.roleCodes].sort());
  });

  it('every running stage has a form or is a pure decision, sub-statuses, and a way on; rejects go back', () => {
    for (const s of P.stages.filter((x) => !x.terminal)) {
      expect(s.subStatuses?.length, s.id).toBeGreaterThan(0);
      expect(nextRules(s).length, s.id).toBeGreaterThan(0);
      for (const t of s.rejectTo ?? []) expect(P.indexOf(t), `${s.id} → ${t}`).toBeLessThanOrEqual(P.indexOf(s.id));
      if ((s.actions ?? []).includes('submit')) expect(P.formOf(s.id), s.id).toBeDefined();
    }
    // From create, the forward edges alone reach completion.
    let at = 'create';
    const path = [at];
    while (!P.stage(at)!.terminal) {
      const rules = nextRules(P.stage(at)!);
      at = rules[rules.length - 1]!.to;
      path.push(at);
    }
    expect(path.at(-2)).toBe('balance_payment');
    expect(path.at(-1)).toBe('completed');
  });

  it('cancel and edit of a running order need approval once staff are involved', () => {
    expect(P.cancel.examine).not.toContain('create');
    expect(P.cancel.examine).toContain('survey_date');
    expect(P.cancel.examine).toContain('balance_payment');
    expect(P.edit?.examine).not.toContain('create');
    expect(P.examiners.length).toBeGreaterThan(0);
    expect(P.transitions.filter((t) => t.to === 'cancelled').length).toBe(P.stages.filter((s) => !s.terminal).length);
  });

  it('codes its form values with seeded business dictionaries', () => {
    const dicts = new Set<string>();
    const walk = (s: unknown) => {
      if (!s || typeof s !== 'object') return;
      const o = s as Record<string, unknown>;
      if (typeof o.dict === 'string') dicts.add(o.dict);
      for (const v of Object.values(o)) walk(v);
    };
    for (const f of Object.values(ORDER_FORMS)) walk(f.schema);
    expect(dicts.size).toBeGreaterThan(10);
    for (const d of dicts) expect((BUSINESS_DICT_CODES as readonly string[]).includes(d), d).toBe(true);
  });

  it('catches a misspelt stage at compile time as well as at define time', () => {
    const spec = {
      id: 'x',
      kind: 'x',
      version: 1,
      name: { zh: 'x', en: 'x' },
      roles: { r: { name: { zh: 'r', en: 'r' }, scope: 'tenant' as const } },
      start: 'a',
      cancel: { roles: ['r'], to: 'z', examine: [] },
      examiners: [],
    } as const;
    expect(() =>
      defineProcess({
        ...spec,
        stages: [
          // @ts-expect-error 'b' is not a stage of this process
          { id: 'a', name: { zh: 'a', en: 'a' }, actors: ['r'], actions: ['submit'], next: 'b' },
          { id: 'z', name: { zh: 'z', en: 'z' }, terminal: true },
        ],
      }),
    ).toThrow("stage 'a' next: unknown stage 'b'");
  });
});

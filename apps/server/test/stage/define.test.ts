/**
 * Definition checks at define time (`defineProcess` throws with every problem), and a second definition that reuses
 * the installer order's stage forms, run by the same executor.
 */
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { customerForm, surveyForm } from '@helio/contracts/modules/epc/order.forms';
import { defineForm, defineProcess, ProcessDefinitionError } from '@helio/contracts/process/define';
import type { ProcessDefinition, ProcessSpec } from '@helio/contracts/process/types';
import { initialState, transition } from '../../src/stage/index.js';
import { FORMS } from './fixtures.js';

type Spec = ProcessSpec<string, string>;
const n = (en: string) => ({ zh: en, en });

/** A small valid process: open (with a review) → check → done, cancelled. */
function base(): Spec {
  return {
    id: 'mini',
    kind: 'mini',
    version: 1,
    name: n('Mini'),
    roles: { clerk: { name: n('Clerk'), scope: 'company' }, boss: { name: n('Boss'), scope: 'tenant' } },
    forms: { note: defineForm('note', n('Note'), Type.Object({ text: Type.String(), items: Type.Array(Type.Object({ sku: Type.String() })) })) },
    predicates: { ok: n('OK') },
    start: 'open',
    stages: [
      { id: 'open', name: n('Open'), actors: ['clerk'], actions: ['save', 'submit', 'approve', 'reject'], form: 'note', review: { roles: ['boss'], subStatus: 'review' }, subStatuses: [{ id: 'new', name: n('New') }, { id: 'review', name: n('Review') }], requires: ['note.text', 'note.items.sku', { predicate: 'ok' }], rejectTo: ['open'], next: 'check' },
      { id: 'check', name: n('Check'), actors: ['boss'], actions: ['approve', 'reject'], rejectTo: ['open'], next: 'done' },
      { id: 'done', name: n('Done'), terminal: true },
      { id: 'cancelled', name: n('Cancelled'), terminal: true },
    ],
    cancel: { roles: ['clerk'], to: 'cancelled', examine: ['check'] },
    examiners: ['boss'],
  };
}

function problemsOf(edit: (s: Spec) => void): readonly string[] {
  const s = base();
  edit(s);
  try {
    defineProcess(s);
  } catch (e) {
    if (e instanceof ProcessDefinitionError) return e.problems;
    throw e;
  }
  return [];
}
const stages = (s: Spec) => s.stages as unknown as Record<string, unknown>[];
const stage = (s: Spec, id: string) => stages(s).find((x) => x.id === id)!;

describe('defineProcess refuses a bad definition at define time', () => {
  it('accepts the valid one and lists its edges', () => {
    const d = defineProcess(base());
    expect(d.transitions).toEqual([
      { from: 'open', to: 'check', action: 'approve' },
      { from: 'open', to: 'open', action: 'reject' },
      { from: 'open', to: 'cancelled', action: 'cancel' },
      { from: 'check', to: 'done', action: 'approve' },
      { from: 'check', to: 'open', action: 'reject' },
      { from: 'check', to: 'cancelled', action: 'examine' },
    ]);
    expect(d.rolesFor('open', 'approve')).toEqual(['boss']);
    expect(d.rolesFor('open', 'submit')).toEqual(['clerk']);
    expect(d.rolesFor('done', 'cancel')).toEqual([]);
  });

  it.each<[string, (s: Spec) => void, string]>([
    ['an unknown stage in a transition', (s) => (stage(s, 'check').next = 'shipped'), "stage 'check' next: unknown stage 'shipped'"],
    ['an unknown reject target', (s) => (stage(s, 'check').rejectTo = ['draft']), "stage 'check' rejectTo: unknown stage 'draft'"],
    ['a reject target that is not earlier', (s) => (stage(s, 'check').rejectTo = ['check']), "stage 'check': reject target 'check' is not earlier"],
    ['a reject target later than the stage', (s) => (stage(s, 'open').rejectTo = ['check']), "stage 'open': reject target 'check' is not earlier"],
    ['a forward edge backwards', (s) => (stage(s, 'check').next = 'open'), "stage 'check': next stage 'open' is not later"],
    [
      'an unreachable stage',
      (s) => stages(s).splice(2, 0, { id: 'limbo', name: n('Limbo'), actors: ['boss'], actions: ['approve'], next: 'done' }),
      "stage 'limbo' is unreachable from 'open'",
    ],
    ['an unknown start', (s) => (s.start = 'begin'), "start: unknown stage 'begin'"],
    ['a stage declared twice', (s) => stages(s).push({ id: 'done', name: n('Done'), terminal: true }), "stage 'done' is declared twice"],
    ['an unknown role', (s) => (stage(s, 'check').actors = ['ceo']), "stage 'check': unknown role 'ceo'"],
    ['an unknown examiner', (s) => (s.examiners = ['ceo']), "examiners: unknown role 'ceo'"],
    ['an unknown predicate', (s) => (stage(s, 'open').requires = [{ predicate: 'nope' }]), "stage 'open' requires: unknown predicate 'nope'"],
    ['a requirement outside the form', (s) => (stage(s, 'open').requires = ['note.title']), "stage 'open' requires 'note.title': not a field of form 'note'"],
    ['a requirement of no form', (s) => (stage(s, 'open').requires = ['memo.text']), "stage 'open' requires 'memo.text': no form 'memo'"],
    ['an unknown form', (s) => (stage(s, 'open').form = 'memo'), "stage 'open': unknown form 'memo'"],
    ['a stage nobody acts on', (s) => (stage(s, 'check').actors = []), "stage 'check': no acting role"],
    ['a stage nothing leaves', (s) => (stage(s, 'check').actions = ['reject']), "stage 'check': no action leaves it (submit, approve or assign)"],
    ['a stage without a next', (s) => delete stage(s, 'check').next, "stage 'check': no next stage"],
    ['reject without targets', (s) => (stage(s, 'check').rejectTo = []), "stage 'check': 'reject' needs reject targets and reject targets need 'reject'"],
    ['a terminal stage with actions', (s) => (stage(s, 'done').actions = ['approve']), "stage 'done': a terminal stage has no actions or transitions"],
    ['a review sub-status not declared', (s) => (stage(s, 'open').subStatuses = [{ id: 'new', name: n('New') }]), "stage 'open': review sub-status 'review' is not in its sub-statuses"],
    ['a conditional last next rule', (s) => (stage(s, 'check').next = [{ to: 'done', when: 'ok' }]), "stage 'check': the last next rule needs no condition (a default)"],
    ['cancel into a running stage', (s) => (s.cancel = { ...s.cancel, to: 'check' }), "cancel.to 'check' is not terminal"],
    ['assign without assigned roles', (s) => (stage(s, 'check').actions = ['assign', 'reject']), "stage 'check': 'assign' needs assigned roles and assigned roles need 'assign'"],
  ])('%s', (_what, edit, problem) => {
    expect(problemsOf(edit)).toContain(problem);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf((s) => {
      stage(s, 'check').next = 'shipped';
      stage(s, 'check').actors = ['ceo'];
    });
    expect(problems).toEqual(expect.arrayContaining(["stage 'check' next: unknown stage 'shipped'", "stage 'check': unknown role 'ceo'", "stage 'done' is unreachable from 'open'"]));
  });
});

describe('a second process reuses the installer order stage forms', () => {
  const MAINT = defineProcess({
    id: 'maintenance_order',
    kind: 'maintenance',
    version: 1,
    name: { zh: '维保订单', en: 'Maintenance order' },
    roles: { agent: { name: n('Agent'), scope: 'company' }, site_technician: { name: n('Site technician'), scope: 'company' } },
    forms: { customer: customerForm, survey: surveyForm },
    start: 'create',
    stages: [
      { id: 'create', name: n('Create'), actors: ['agent'], actions: ['submit'], form: 'customer', requires: ['customer.name'], next: 'survey' },
      { id: 'survey', name: n('Survey'), actors: ['site_technician'], actions: ['submit'], form: surveyForm, requires: ['survey.roof.type'], next: 'closed' },
      { id: 'closed', name: n('Closed'), terminal: true },
      { id: 'cancelled', name: n('Cancelled'), terminal: true },
    ],
    cancel: { roles: ['agent'], to: 'cancelled', examine: [] },
    examiners: [],
  });

  it('shares the very form objects and runs on the same executor', () => {
    expect(MAINT.formOf('survey')).toBe(surveyForm);
    const def: ProcessDefinition = MAINT;
    const s0 = initialState(def, { tenantId: '1', now: '2026-01-01T00:00:00Z' });
    const env = { timeZone: 'UTC' };
    const a = transition(def, s0, { action: 'submit', actor: { userId: 'a', roles: ['agent'] }, stage: 'create', version: 0, formData: FORMS.customer, now: '2026-01-01T00:00:00Z' }, env);
    if (!a.ok) throw new Error(JSON.stringify(a.errors));
    expect(a.inbox.open).toMatchObject({ kind: 'maintenance', stage: 'survey', candidates: [{ role: 'site_technician', companyId: null, users: [] }] });
    const b = transition(def, a.nextState, { action: 'submit', actor: { userId: 't', roles: ['site_technician'] }, stage: 'survey', version: 1, formData: { roof: {} }, now: '2026-01-02T00:00:00Z' }, env);
    expect(b.ok ? [] : b.errors.map((e) => ('field' in e ? e.field : e.code))).toContain('survey.roof.type');
  });
});

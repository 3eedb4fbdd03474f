/**
 * The stage executor: one action on one order's state → the next state, its review-history row and the inbox change,
 * or typed refusals. Pure (no I/O, no clock: `now` is an input); the module stores `nextState` with
 * `UPDATE … WHERE version = input.version`, the history row and the inbox change in one transaction.
 */
import { nextRules } from '@helio/contracts/process/define';
import {
  PROCESS_ACTIONS,
  type HistoryEntry,
  type InboxTaskSpec,
  type ProcessAction,
  type ProcessDefinition,
  type ProcessState,
  type Refusal,
  type StageSpec,
} from '@helio/contracts/process/types';
import { visitDays } from './dwell.js';
import { formErrors, requirementErrors, type Predicate, type ProcessData } from './requirements.js';

export interface TransitionInput {
  action: string;
  actor: { userId: string; roles: readonly string[] };
  /** The stage the caller acts on (what the caller saw). */
  stage: string;
  /** The state version the caller saw (optimistic lock). */
  version: number;
  /** Comment; required for reject, cancel and a refused examination. */
  reason?: string | null;
  /** Reject: the earlier stage to go back to. */
  targetStage?: string;
  /** The stage form's data posted with the action (the edit form's for `edit`). */
  formData?: Record<string, unknown>;
  /** The order's stored data, forms by key (what requirements read, with `formData` over its form). */
  data?: ProcessData;
  /** Assign: user ids by role. */
  assignees?: Readonly<Record<string, readonly string[]>>;
  /** Examine: approve (true) or refuse (false) the pending request. */
  approved?: boolean;
  /** Save: the sub-status to record (default `draft` when the stage has one). */
  subStatus?: string;
  attachments?: readonly string[];
  now: Date | string;
}

export interface TransitionEnv {
  /** The definition's predicates, implemented by the module. */
  predicates?: Readonly<Record<string, Predicate>>;
  /** IANA zone for dwell days (the deployment's HELIO_TIMEZONE). */
  timeZone: string;
}

export interface InboxChange {
  /** Close the order's open task(s). */
  close: boolean;
  /** The task to open after closing (null: none). */
  open: InboxTaskSpec | null;
}

export type TransitionResult =
  | {
      ok: true;
      nextState: ProcessState;
      history: HistoryEntry;
      inbox: InboxChange;
      /** Form data to store under `form` (a save, a submitted form, an applied edit). */
      applied: { form: string; data: Record<string, unknown> } | null;
      errors: [];
    }
  | { ok: false; errors: Refusal[] };

const refuse = (...errors: Refusal[]): TransitionResult => ({ ok: false, errors });
const blank = (s: string | null | undefined) => !s || !s.trim();

function iso(at: Date | string): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not an instant: ${String(at)}`);
  return d.toISOString();
}

/** A new order's state, in the definition's start stage. */
export function initialState(definition: ProcessDefinition, opts: { tenantId: string; companyId?: string | null; now: Date | string }): ProcessState {
  const start = definition.stage(definition.start)!;
  return {
    process: definition.id,
    processVersion: definition.version,
    stage: start.id,
    subStatus: start.subStatuses?.[0]?.id ?? null,
    inReview: false,
    version: 0,
    visits: [{ stage: start.id, enteredAt: iso(opts.now) }],
    pending: null,
    assignees: {},
    scope: { tenantId: opts.tenantId, companyId: opts.companyId ?? null },
    endedAt: null,
  };
}

/** The inbox task a state calls for (null once the order has ended). */
export function currentTask(definition: ProcessDefinition, state: ProcessState): InboxTaskSpec | null {
  const st = definition.stage(state.stage);
  if (!st || st.terminal || state.endedAt) return null;
  let step: InboxTaskSpec['step'] = 'work';
  let roles: readonly string[] = st.actors ?? [];
  if (state.pending) {
    step = state.pending.kind === 'cancel' ? 'examine-cancel' : 'examine-edit';
    roles = definition.examiners;
  } else if (state.inReview && st.review) {
    step = 'review';
    roles = st.review.roles;
  }
  const roleSpecs = definition.roles as Record<string, { scope: string }>;
  return {
    kind: definition.kind,
    process: definition.id,
    stage: st.id,
    name: st.name,
    step,
    tenantId: state.scope.tenantId,
    candidates: roles.map((role) => ({
      role,
      companyId: roleSpecs[role]?.scope === 'company' ? state.scope.companyId : null,
      users: step === 'work' ? [...(state.assignees[role] ?? [])] : [],
    })),
  };
}

/** Move to `to`: the current visit is closed, a new one opened. Returns the state and the days of the visit left. */
function enter(definition: ProcessDefinition, state: ProcessState, to: string, action: ProcessAction, now: string, timeZone: string) {
  const target = definition.stage(to)!;
  const visits = state.visits.map((v) => ({ ...v }));
  const last = visits[visits.length - 1];
  let days: number | null = null;
  if (last && !last.leftAt) {
    last.leftAt = now;
    last.leftBy = action;
    days = visitDays(last, now, timeZone);
  }
  visits.push({ stage: to, enteredAt: now });
  const next: ProcessState = {
    ...state,
    stage: to,
    subStatus: target.subStatuses?.[0]?.id ?? null,
    inReview: false,
    pending: null,
    visits,
    endedAt: target.terminal ? now : null,
  };
  return { state: next, days };
}

function pickNext(definition: ProcessDefinition, st: StageSpec<string, string>, call: { data: ProcessData; state: ProcessState }, env: TransitionEnv): string | Refusal {
  for (const rule of nextRules(st)) {
    if (!rule.when) return rule.to;
    const fn = env.predicates && Object.prototype.hasOwnProperty.call(env.predicates, rule.when) ? env.predicates[rule.when] : undefined;
    if (!fn) return { code: 'predicate-unavailable', predicate: rule.when };
    if (fn({ ...call, stage: st.id })) return rule.to;
  }
  return { code: 'no-next-stage', stage: st.id };
}

export function transition(definition: ProcessDefinition, state: ProcessState, input: TransitionInput, env: TransitionEnv): TransitionResult {
  if (!(PROCESS_ACTIONS as readonly string[]).includes(input.action)) return refuse({ code: 'unknown-action', action: String(input.action) });
  const action = input.action as ProcessAction;
  if (state.process !== definition.id) return refuse({ code: 'wrong-process', process: state.process });
  if (input.version !== state.version) return refuse({ code: 'stale-version', expected: state.version, got: input.version });
  const st = definition.stage(state.stage);
  if (!st) return refuse({ code: 'unknown-stage', stage: state.stage });
  if (!definition.stage(input.stage)) return refuse({ code: 'unknown-stage', stage: input.stage });
  if (st.terminal || state.endedAt) return refuse({ code: 'terminal', stage: st.id });
  if (input.stage !== st.id) {
    const ahead = definition.indexOf(input.stage) > definition.indexOf(st.id);
    return refuse({ code: ahead ? 'stage-skipped' : 'not-current-stage', stage: input.stage, current: st.id });
  }
  if (state.pending && action !== 'examine') return refuse({ code: 'pending-examination', request: state.pending.kind });
  const allowed = definition.rolesFor(st.id, action);
  if (!allowed.length) return refuse({ code: 'action-not-allowed', action, stage: st.id });
  const role = allowed.find((r) => input.actor.roles.includes(r));
  if (!role) return refuse({ code: 'not-actor', action, stage: st.id, roles: allowed });

  const now = iso(input.now);
  const form = definition.formOf(st.id);
  const data: ProcessData = { ...(input.data ?? {}) };
  if (form && input.formData && action !== 'edit') data[form.key] = input.formData;
  const predicates = env.predicates ?? {};
  const call = { data, state, stage: st.id };
  const reason = blank(input.reason) ? null : input.reason!.trim();

  let next: ProcessState = state;
  let days: number | null = null;
  let applied: { form: string; data: Record<string, unknown> } | null = null;
  let inbox: InboxChange = { close: true, open: null };
  let approved: boolean | undefined;
  let request: 'cancel' | 'edit' | undefined;

  const checkLeave = (): Refusal[] => [
    ...(form && input.formData ? formErrors(form, input.formData) : []),
    ...requirementErrors(st.requires, call, predicates),
  ];
  const moveTo = (to: string) => {
    ({ state: next, days } = enter(definition, state, to, action, now, env.timeZone));
  };
  const advance = (): Refusal | null => {
    const to = pickNext(definition, st, call, env);
    if (typeof to !== 'string') return to;
    moveTo(to);
    return null;
  };
  if (form && input.formData && action !== 'edit') applied = { form: form.key, data: input.formData };

  switch (action) {
    case 'save': {
      if (state.inReview) return refuse({ code: 'awaiting-review', stage: st.id });
      if (form && input.formData) {
        const errors = formErrors(form, input.formData).filter((e) => !(e.code === 'invalid-form' && e.message === 'required'));
        if (errors.length) return refuse(...errors);
      }
      const subs = (st.subStatuses ?? []).map((s) => s.id).filter((s) => s !== st.review?.subStatus);
      const sub = input.subStatus ?? (subs.includes('draft') ? 'draft' : state.subStatus);
      if (sub !== null && !subs.includes(sub)) return refuse({ code: 'unknown-sub-status', subStatus: sub });
      next = { ...state, subStatus: sub };
      inbox = { close: false, open: null };
      break;
    }
    case 'submit': {
      if (state.inReview) return refuse({ code: 'awaiting-review', stage: st.id });
      const errors = checkLeave();
      if (errors.length) return refuse(...errors);
      if (st.review) next = { ...state, inReview: true, subStatus: st.review.subStatus };
      else {
        const err = advance();
        if (err) return refuse(err);
      }
      break;
    }
    case 'approve': {
      if (st.review && !state.inReview) return refuse({ code: 'not-submitted', stage: st.id });
      if (!st.review) {
        const errors = checkLeave();
        if (errors.length) return refuse(...errors);
      }
      const err = advance();
      if (err) return refuse(err);
      break;
    }
    case 'reject': {
      if (st.review && !state.inReview) return refuse({ code: 'not-submitted', stage: st.id });
      if (!reason) return refuse({ code: 'reason-required' });
      const target = input.targetStage;
      if (!target) return refuse({ code: 'reject-target-missing' });
      if (!definition.stage(target)) return refuse({ code: 'unknown-stage', stage: target });
      const [ti, si] = [definition.indexOf(target), definition.indexOf(st.id)];
      if (ti > si || (ti === si && !st.review)) return refuse({ code: 'reject-target-not-earlier', target });
      if (!(st.rejectTo ?? []).includes(target)) return refuse({ code: 'reject-target-not-allowed', target, allowed: st.rejectTo ?? [] });
      if (!state.visits.some((v) => v.stage === target)) return refuse({ code: 'reject-target-not-visited', target });
      applied = null;
      if (target === st.id) next = { ...state, inReview: false, subStatus: st.subStatuses?.[0]?.id ?? null };
      else moveTo(target);
      break;
    }
    case 'assign': {
      const picked: Record<string, string[]> = {};
      const missing: Refusal[] = [];
      for (const r of st.assigns ?? []) {
        const users = [...new Set((input.assignees?.[r] ?? []).filter((u) => !blank(u)))];
        if (!users.length) missing.push({ code: 'assignee-missing', role: r });
        picked[r] = users;
      }
      const errors = [...missing, ...requirementErrors(st.requires, call, predicates)];
      if (errors.length) return refuse(...errors);
      const err = advance();
      if (err) return refuse(err);
      next = { ...next, assignees: { ...state.assignees, ...picked } };
      break;
    }
    case 'cancel': {
      if (!reason) return refuse({ code: 'reason-required' });
      if (definition.cancel.examine.includes(st.id)) {
        next = { ...state, pending: { kind: 'cancel', by: input.actor.userId, role, at: now, reason } };
        request = 'cancel';
      } else moveTo(definition.cancel.to);
      applied = null;
      break;
    }
    case 'edit': {
      const editForm = definition.editForm();
      if (!editForm || !input.formData) return refuse({ code: 'form-required' });
      const errors = formErrors(editForm, input.formData);
      if (errors.length) return refuse(...errors);
      request = 'edit';
      if (definition.edit!.examine.includes(st.id)) {
        next = { ...state, pending: { kind: 'edit', by: input.actor.userId, role, at: now, ...(reason ? { reason } : {}), changes: input.formData } };
      } else {
        applied = { form: editForm.key, data: input.formData };
        inbox = { close: false, open: null };
      }
      break;
    }
    case 'examine': {
      const pending = state.pending;
      if (!pending) return refuse({ code: 'nothing-to-examine' });
      if (pending.by === input.actor.userId) return refuse({ code: 'self-examination' });
      if (input.approved === undefined) return refuse({ code: 'decision-required' });
      if (!input.approved && !reason) return refuse({ code: 'reason-required' });
      approved = input.approved;
      request = pending.kind;
      applied = null;
      if (approved && pending.kind === 'cancel') moveTo(definition.cancel.to);
      else {
        if (approved && pending.changes) applied = { form: definition.editForm()!.key, data: pending.changes };
        next = { ...state, pending: null };
      }
      break;
    }
  }

  next = { ...next, version: state.version + 1 };
  if (inbox.close) inbox = { close: true, open: currentTask(definition, next) };
  const history: HistoryEntry = {
    stage: st.id,
    toStage: next.stage,
    action,
    ...(approved !== undefined ? { approved } : {}),
    ...(request ? { request } : {}),
    by: input.actor.userId,
    role,
    comment: reason,
    attachments: [...(input.attachments ?? [])],
    at: now,
    subStatus: next.subStatus,
    dwellDays: days,
    version: next.version,
  };
  return { ok: true, nextState: next, history, inbox, applied, errors: [] };
}

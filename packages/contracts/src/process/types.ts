/**
 * Stage processes (docs/adr/0003-stage-engine.md): a typed, mostly linear machine of stages with reject-back edges,
 * declared once here and used by both apps — the server's executor (`apps/server/src/stage`) enforces it, the web
 * renders its forms, buttons and progress from it. The installer order (`modules/epc/order.process.ts`) is the first
 * definition; maintenance orders reuse its stage forms (`FormDef`s are plain values, shared by import).
 */
import type { TObject } from 'typebox';
import type { Label } from '../validation.js';

/** What a stage itself offers; `cancel`, `edit` and `examine` are process-wide (see `CancelRule`, `EditRule`). */
export const STAGE_ACTIONS = ['save', 'submit', 'approve', 'reject', 'assign'] as const;
export type StageAction = (typeof STAGE_ACTIONS)[number];
export const PROCESS_ACTIONS = [...STAGE_ACTIONS, 'cancel', 'edit', 'examine'] as const;
export type ProcessAction = (typeof PROCESS_ACTIONS)[number];
/** Actions that leave the stage forward (at least one per non-terminal stage). */
export const ADVANCING_ACTIONS: readonly StageAction[] = ['submit', 'approve', 'assign'];

/** A named form: the data a stage collects, stored under `key` in the order's data. Shared between processes. */
export interface FormDef<K extends string = string> {
  key: K;
  name: Label;
  schema: TObject;
}

/**
 * What must hold before a stage's submit (or approve / assign where it has no submit): a field path into the
 * order's data (`survey.roof.type`: first segment a form key; non-empty = not undefined, null, '' or []), or a named
 * predicate (declared in the definition's `predicates`, implemented by the module) reported against `field`.
 */
export type Requirement = string | { predicate: string; field?: string; message?: Label };

export interface SubStatus {
  id: string;
  name: Label;
}

/** A forward edge: the first rule whose predicate holds (or that has none) is taken. */
export interface NextRule<S extends string> {
  to: S;
  when?: string;
}

/** Where an acting role's tasks are scoped: the order's agent company, or the whole tenant (platform staff). */
export type RoleScope = 'company' | 'tenant';

export interface RoleSpec {
  name: Label;
  scope: RoleScope;
}

export interface StageSpec<S extends string, R extends string> {
  id: S;
  name: Label;
  /** Who does the stage's work: save, submit, assign; approve and reject too unless the stage has a `review`. */
  actors?: readonly R[];
  actions?: readonly StageAction[];
  /** The stage's form: a `FormDef` or the key of one in the definition's `forms`. */
  form?: FormDef | string;
  requires?: readonly Requirement[];
  /** The sub-status list (first = the one a stage starts in). */
  subStatuses?: readonly SubStatus[];
  /** Two steps in one stage: the actors submit, these roles approve or reject; `subStatus` marks "awaiting review". */
  review?: { roles: readonly R[]; subStatus: string };
  /** `assign` names persons for these roles (their later tasks go to them). */
  assigns?: readonly R[];
  next?: NoInfer<S> | readonly NextRule<NoInfer<S>>[];
  /** Allowed reject targets: earlier stages (or the stage itself when it has a review: back to its actors). */
  rejectTo?: readonly NoInfer<S>[];
  terminal?: boolean;
  /** Counted in dwell days (default true; terminal stages never). */
  dwell?: boolean;
}

/** Cancelling a running order: who may ask, from which stages, where it ends and where it first needs approval. */
export interface CancelRule<S extends string, R extends string> {
  roles: readonly R[];
  to: S;
  /** Stages where a cancel is only a request an examiner approves (`examineCancelOrder`); elsewhere it is immediate. */
  examine: readonly S[];
  /** Stages a cancel is possible from (default: every non-terminal stage). */
  from?: readonly S[];
}

/** Editing a running order's base data (`form`): immediate, or a request an examiner approves (`examineEditOrder`). */
export interface EditRule<S extends string, R extends string> {
  roles: readonly R[];
  form: FormDef | string;
  examine: readonly S[];
  from?: readonly S[];
}

export interface ProcessSpec<S extends string, R extends string> {
  /** The definition's id (= the web's stage page and the diagram's process id). */
  id: string;
  /** The shared inbox's `kind` for this process's tasks. */
  kind: string;
  version: number;
  name: Label;
  roles: Record<R, RoleSpec>;
  forms?: Record<string, FormDef>;
  /** Named conditions the module implements (requirements and `next` rules use them). */
  predicates?: Record<string, Label>;
  start: NoInfer<S>;
  /** In process order: forward edges go to later stages only, reject edges to earlier ones. */
  stages: readonly StageSpec<S, NoInfer<R>>[];
  cancel: CancelRule<NoInfer<S>, NoInfer<R>>;
  edit?: EditRule<NoInfer<S>, NoInfer<R>>;
  /** Who approves cancel and edit requests (never the requester). */
  examiners: readonly NoInfer<R>[];
}

/** One edge of the machine, as the diagram and the tests see it. */
export interface Transition<S extends string = string> {
  from: S;
  to: S;
  action: ProcessAction;
  when?: string;
}

/** A definition after `defineProcess`: the spec, checked, with its forms resolved and its edges listed. */
export interface ProcessDefinition<S extends string = string, R extends string = string> extends ProcessSpec<S, R> {
  readonly stageIds: readonly S[];
  readonly roleCodes: readonly R[];
  readonly transitions: readonly Transition<S>[];
  stage(id: string): StageSpec<S, R> | undefined;
  /** Position in process order (-1 for an unknown id). */
  indexOf(id: string): number;
  formOf(stage: string): FormDef | undefined;
  editForm(): FormDef | undefined;
  /** The roles that may take `action` at `stage` (empty when the stage does not offer it). */
  rolesFor(stage: string, action: ProcessAction): readonly R[];
}

// ------------------------------------------------------------------------------------------------------------------
// Runtime state (stored by the module, one row per order; plain JSON)

export interface StageVisit {
  stage: string;
  /** ISO 8601 instants. */
  enteredAt: string;
  leftAt?: string;
  /** How it was left (the action). */
  leftBy?: ProcessAction;
}

export interface PendingRequest {
  kind: 'cancel' | 'edit';
  by: string;
  role: string;
  at: string;
  reason?: string;
  /** An edit's proposed data (the edit form's). */
  changes?: Record<string, unknown>;
}

export interface ProcessState {
  process: string;
  processVersion: number;
  stage: string;
  subStatus: string | null;
  /** A review stage's work has been submitted and waits for its reviewers. */
  inReview: boolean;
  /** Optimistic lock: every transition expects it and increments it. */
  version: number;
  visits: StageVisit[];
  pending: PendingRequest | null;
  /** Persons named by `assign`, by role code. */
  assignees: Record<string, string[]>;
  scope: { tenantId: string; companyId: string | null };
  endedAt: string | null;
}

/** A row of the review history: who, in which role, did what, with which comment and attachments, when. */
export interface HistoryEntry {
  stage: string;
  toStage: string;
  action: ProcessAction;
  /** For `examine`: whether the request was approved. */
  approved?: boolean;
  request?: 'cancel' | 'edit';
  by: string;
  role: string;
  comment: string | null;
  attachments: string[];
  at: string;
  subStatus: string | null;
  /** Calendar days spent in the stage when it was left (null when it was not left). */
  dwellDays: number | null;
  version: number;
}

/** The task to open in the shared inbox (`helio_flow_task`, kind = the definition's `kind`). */
export interface InboxTaskSpec {
  kind: string;
  process: string;
  stage: string;
  name: Label;
  step: 'work' | 'review' | 'examine-cancel' | 'examine-edit';
  tenantId: string;
  candidates: { role: string; companyId: string | null; users: string[] }[];
}

/** Why a transition was refused (the module maps these to 400 / 403 / 409 and messages). */
export type Refusal =
  | { code: 'unknown-action'; action: string }
  | { code: 'unknown-stage'; stage: string }
  | { code: 'wrong-process'; process: string }
  | { code: 'stale-version'; expected: number; got: number }
  | { code: 'terminal'; stage: string }
  | { code: 'stage-skipped'; stage: string; current: string }
  | { code: 'not-current-stage'; stage: string; current: string }
  | { code: 'pending-examination'; request: 'cancel' | 'edit' }
  | { code: 'nothing-to-examine' }
  | { code: 'self-examination' }
  | { code: 'action-not-allowed'; action: ProcessAction; stage: string }
  | { code: 'not-actor'; action: ProcessAction; stage: string; roles: readonly string[] }
  | { code: 'awaiting-review'; stage: string }
  | { code: 'not-submitted'; stage: string }
  | { code: 'reason-required' }
  | { code: 'reject-target-missing' }
  | { code: 'reject-target-not-earlier'; target: string }
  | { code: 'reject-target-not-allowed'; target: string; allowed: readonly string[] }
  | { code: 'reject-target-not-visited'; target: string }
  | { code: 'missing-requirement'; field?: string; predicate?: string; message?: Label }
  | { code: 'predicate-unavailable'; predicate: string }
  | { code: 'invalid-form'; field: string; message: string }
  | { code: 'form-required' }
  | { code: 'assignee-missing'; role: string }
  | { code: 'unknown-sub-status'; subStatus: string }
  | { code: 'decision-required' }
  | { code: 'no-next-stage'; stage: string };

export type RefusalCode = Refusal['code'];

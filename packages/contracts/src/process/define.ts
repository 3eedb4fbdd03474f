/**
 * `defineProcess` checks a stage-process spec at definition time (a bad definition never loads: it throws with every
 * problem listed) and adds the look-ups both apps use. `defineForm` makes a stage form that several processes share.
 */
import type { TObject, TSchema } from 'typebox';
import type { Label } from '../validation.js';
import {
  ADVANCING_ACTIONS,
  STAGE_ACTIONS,
  type FormDef,
  type NextRule,
  type ProcessAction,
  type ProcessDefinition,
  type ProcessSpec,
  type Requirement,
  type StageSpec,
  type Transition,
} from './types.js';

export class ProcessDefinitionError extends Error {
  constructor(
    readonly process: string,
    readonly problems: readonly string[],
  ) {
    super(`process '${process}' is not well-formed:\n- ${problems.join('\n- ')}`);
    this.name = 'ProcessDefinitionError';
  }
}

export function defineForm<const K extends string>(key: K, name: Label, schema: TObject): FormDef<K> {
  return { key, name, schema };
}

/** The forward rules of a stage as a list. */
export function nextRules<S extends string>(stage: Pick<StageSpec<S, string>, 'next'>): readonly NextRule<S>[] {
  if (stage.next === undefined) return [];
  return typeof stage.next === 'string' ? [{ to: stage.next }] : stage.next;
}

export function requirementField(r: Requirement): string | undefined {
  return typeof r === 'string' ? r : r.field;
}

/** Does `path` (dot-separated) name a property of the schema? Arrays are entered through their items. */
function schemaHasPath(schema: TSchema, path: readonly string[]): boolean {
  let s = schema as { type?: unknown; properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };
  for (const seg of path) {
    while (s.type === 'array' && s.items) s = s.items as typeof s;
    if (s.anyOf) {
      const branch = s.anyOf.find((b) => (b as typeof s).properties?.[seg]);
      if (branch) s = branch as typeof s;
    }
    const next = s.properties?.[seg];
    if (!next) return false;
    s = next as typeof s;
  }
  return true;
}

function resolveForm(spec: ProcessSpec<string, string>, ref: FormDef | string | undefined, where: string, problems: string[]): FormDef | undefined {
  if (ref === undefined) return undefined;
  if (typeof ref !== 'string') return ref;
  const f = spec.forms?.[ref];
  if (!f) problems.push(`${where}: unknown form '${ref}'`);
  return f;
}

function check(spec: ProcessSpec<string, string>, forms: Map<string, FormDef | undefined>): string[] {
  const problems: string[] = [];
  const ids = spec.stages.map((s) => s.id);
  const index = new Map<string, number>();
  ids.forEach((id, i) => {
    if (index.has(id)) problems.push(`stage '${id}' is declared twice`);
    else index.set(id, i);
  });
  const roles = new Set(Object.keys(spec.roles));
  const predicates = new Set(Object.keys(spec.predicates ?? {}));
  const formKeys = new Map<string, FormDef>();
  for (const f of [...Object.values(spec.forms ?? {}), ...forms.values()]) if (f) formKeys.set(f.key, f);
  const stageRef = (where: string, id: string) => {
    if (!index.has(id)) problems.push(`${where}: unknown stage '${id}'`);
  };
  const roleRefs = (where: string, list: readonly string[] | undefined) => {
    for (const r of list ?? []) if (!roles.has(r)) problems.push(`${where}: unknown role '${r}'`);
  };
  const predicateRef = (where: string, name: string) => {
    if (!predicates.has(name)) problems.push(`${where}: unknown predicate '${name}'`);
  };

  stageRef('start', spec.start);
  for (const [i, st] of spec.stages.entries()) {
    const at = `stage '${st.id}'`;
    const actions = st.actions ?? [];
    for (const a of actions) if (!(STAGE_ACTIONS as readonly string[]).includes(a)) problems.push(`${at}: unknown action '${a}'`);
    roleRefs(at, st.actors);
    roleRefs(`${at} review`, st.review?.roles);
    roleRefs(`${at} assigns`, st.assigns);
    const next = nextRules(st);
    if (st.terminal) {
      if (actions.length || next.length || st.rejectTo?.length) problems.push(`${at}: a terminal stage has no actions or transitions`);
      continue;
    }
    if (!st.actors?.length) problems.push(`${at}: no acting role`);
    if (!actions.some((a) => ADVANCING_ACTIONS.includes(a))) problems.push(`${at}: no action leaves it (submit, approve or assign)`);
    if (!next.length) problems.push(`${at}: no next stage`);
    for (const [k, rule] of next.entries()) {
      stageRef(`${at} next`, rule.to);
      const j = index.get(rule.to);
      if (j !== undefined && j <= i) problems.push(`${at}: next stage '${rule.to}' is not later`);
      if (rule.when) predicateRef(`${at} next`, rule.when);
      else if (k < next.length - 1) problems.push(`${at}: next rule to '${rule.to}' has no condition but is not the last`);
    }
    if (next.length && next[next.length - 1]!.when) problems.push(`${at}: the last next rule needs no condition (a default)`);
    const rejects = st.rejectTo ?? [];
    if (actions.includes('reject') !== rejects.length > 0) problems.push(`${at}: 'reject' needs reject targets and reject targets need 'reject'`);
    for (const t of rejects) {
      stageRef(`${at} rejectTo`, t);
      const j = index.get(t);
      if (j === undefined) continue;
      if (j > i || (j === i && !st.review)) problems.push(`${at}: reject target '${t}' is not earlier`);
    }
    if (st.review) {
      if (!actions.includes('submit') || !actions.includes('approve')) problems.push(`${at}: a review stage needs submit and approve`);
      if (!st.subStatuses?.some((s) => s.id === st.review!.subStatus)) problems.push(`${at}: review sub-status '${st.review.subStatus}' is not in its sub-statuses`);
    }
    if (actions.includes('assign') !== Boolean(st.assigns?.length)) problems.push(`${at}: 'assign' needs assigned roles and assigned roles need 'assign'`);
    const subIds = (st.subStatuses ?? []).map((s) => s.id);
    if (new Set(subIds).size !== subIds.length) problems.push(`${at}: a sub-status is declared twice`);
    if (actions.includes('save') && !forms.get(st.id)) problems.push(`${at}: 'save' needs a form`);
    for (const r of st.requires ?? []) {
      if (typeof r !== 'string') predicateRef(`${at} requires`, r.predicate);
      const field = requirementField(r);
      if (!field) continue;
      const [key, ...rest] = field.split('.');
      const f = formKeys.get(key!);
      if (!f) problems.push(`${at} requires '${field}': no form '${key}'`);
      else if (!schemaHasPath(f.schema, rest)) problems.push(`${at} requires '${field}': not a field of form '${key}'`);
    }
  }

  const c = spec.cancel;
  stageRef('cancel.to', c.to);
  if (index.has(c.to) && !spec.stages[index.get(c.to)!]!.terminal) problems.push(`cancel.to '${c.to}' is not terminal`);
  roleRefs('cancel', c.roles);
  for (const s of [...c.examine, ...(c.from ?? [])]) stageRef('cancel', s);
  if (spec.edit) {
    roleRefs('edit', spec.edit.roles);
    for (const s of [...spec.edit.examine, ...(spec.edit.from ?? [])]) stageRef('edit', s);
  }
  roleRefs('examiners', spec.examiners);
  if ((c.examine.length || spec.edit?.examine.length) && !spec.examiners.length) problems.push('examined requests need examiners');

  // Every stage reachable from the start (forward edges and the cancel edge).
  if (index.has(spec.start)) {
    const seen = new Set([spec.start]);
    const queue = [spec.start];
    while (queue.length) {
      const st = spec.stages[index.get(queue.shift()!)!]!;
      const outs = [...nextRules(st).map((r) => r.to), ...(st.terminal ? [] : [c.to])];
      for (const to of outs) {
        if (!index.has(to) || seen.has(to)) continue;
        seen.add(to);
        queue.push(to);
      }
    }
    for (const id of ids) if (!seen.has(id)) problems.push(`stage '${id}' is unreachable from '${spec.start}'`);
  }
  return problems;
}

/** Check a spec and return its definition; throws `ProcessDefinitionError` with every problem found. */
export function defineProcess<const S extends string, const R extends string>(spec: ProcessSpec<S, R>): ProcessDefinition<S, R> {
  const problems: string[] = [];
  const generic = spec as unknown as ProcessSpec<string, string>;
  const forms = new Map<string, FormDef | undefined>();
  for (const st of spec.stages) forms.set(st.id, resolveForm(generic, st.form, `stage '${st.id}'`, problems));
  const editForm = spec.edit ? resolveForm(generic, spec.edit.form, 'edit', problems) : undefined;
  problems.push(...check(generic, forms));
  if (problems.length) throw new ProcessDefinitionError(spec.id, problems);

  const byId = new Map<string, StageSpec<S, R>>(spec.stages.map((s) => [s.id, s]));
  const order = new Map<string, number>(spec.stages.map((s, i) => [s.id, i]));
  const terminal = (id: string) => Boolean(byId.get(id)?.terminal);
  const transitions: Transition<S>[] = [];
  for (const st of spec.stages) {
    if (st.terminal) continue;
    const actions = st.actions ?? [];
    const forward = actions.filter((a) => ADVANCING_ACTIONS.includes(a)).filter((a) => !(st.review && a === 'submit'));
    for (const rule of nextRules<S>(st)) for (const action of forward) transitions.push({ from: st.id, to: rule.to, action, ...(rule.when ? { when: rule.when } : {}) });
    for (const to of st.rejectTo ?? []) transitions.push({ from: st.id, to, action: 'reject' });
    const cancelFrom = spec.cancel.from ?? spec.stages.filter((s) => !s.terminal).map((s) => s.id);
    if (cancelFrom.includes(st.id)) transitions.push({ from: st.id, to: spec.cancel.to, action: spec.cancel.examine.includes(st.id) ? 'examine' : 'cancel' });
  }

  const rolesFor = (stage: string, action: ProcessAction): readonly R[] => {
    const st = byId.get(stage);
    if (!st || st.terminal) return [];
    const nonTerminal = (from: readonly S[] | undefined) => (from ?? spec.stages.map((s) => s.id)).includes(stage as S) && !terminal(stage);
    switch (action) {
      case 'cancel':
        return nonTerminal(spec.cancel.from) ? spec.cancel.roles : [];
      case 'edit':
        return spec.edit && nonTerminal(spec.edit.from) ? spec.edit.roles : [];
      case 'examine':
        return spec.examiners;
      case 'approve':
      case 'reject':
        if (!(st.actions ?? []).includes(action)) return [];
        return st.review ? st.review.roles : (st.actors ?? []);
      default:
        return (st.actions ?? []).includes(action) ? (st.actors ?? []) : [];
    }
  };

  return {
    ...spec,
    stageIds: spec.stages.map((s) => s.id),
    roleCodes: Object.keys(spec.roles) as R[],
    transitions,
    stage: (id) => byId.get(id),
    indexOf: (id) => order.get(id) ?? -1,
    formOf: (stage) => forms.get(stage),
    editForm: () => editForm,
    rolesFor,
  };
}

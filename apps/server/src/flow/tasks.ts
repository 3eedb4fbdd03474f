// Resolving a user task's assignment (assignee, candidate users/groups, form key, due date, priority) and timer due
// times from the model's templates over the instance variables.
import { evaluateNode, interpolate, splitTemplate } from './expression.js';
import { parseExpression } from './expression-parse.js';
import { resolveDue } from './timers.js';
import { type ElementModel, FlowError, type TaskSpec, type TimerModel, type Vars } from './types.js';

/** Run fn; an expression error without an element gets this element's id and name in its message. */
export function atElement<T>(el: { id: string }, what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof FlowError && e.elementId === undefined) throw new FlowError(e.code, `${el.id} (${what}): ${e.message}`, el.id);
    throw e;
  }
}

function splitCommas(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** Each part is text or one `${...}`; an expression may yield an array, a comma list or a single name. */
export function resolveList(parts: readonly string[] | undefined, vars: Readonly<Vars>): string[] {
  const out: string[] = [];
  for (const part of parts ?? []) {
    const segs = splitTemplate(part);
    if (segs.length === 1 && segs[0]!.expr !== undefined) {
      const v = evaluateNode(parseExpression(segs[0]!.expr), vars);
      if (Array.isArray(v)) {
        for (const x of v) if (x !== null && typeof x !== 'object' && String(x).trim()) out.push(String(x).trim());
      } else if (v !== null && v !== undefined) {
        if (typeof v === 'object') throw new FlowError('expression', 'a candidate list must be a string or an array');
        out.push(...splitCommas(String(v)));
      }
    } else out.push(...splitCommas(interpolate(part, vars)));
  }
  return [...new Set(out)];
}

function dueFrom(text: string, kind: 'duration' | 'date' | 'either', vars: Readonly<Vars>, now: Date): string {
  const value = interpolate(text, vars).trim();
  const due = resolveDue(kind, value, now);
  if (!due) throw new FlowError('expression', `'${value.slice(0, 80)}' is not a valid ISO 8601 ${kind === 'either' ? 'date-time or duration' : kind === 'date' ? 'date-time' : 'duration'}`);
  return due.toISOString();
}

export function timerDue(el: ElementModel, timer: TimerModel, vars: Readonly<Vars>, now: Date): string {
  return atElement(el, 'timer', () => dueFrom(timer.value, timer.kind, vars, now));
}

export function taskSpec(el: ElementModel, executionId: string, vars: Readonly<Vars>, now: Date): TaskSpec {
  const spec: TaskSpec = {
    executionId,
    elementId: el.id,
    name: el.name ?? el.id,
    candidateUsers: atElement(el, 'candidateUsers', () => resolveList(el.candidateUsers, vars)),
    candidateGroups: atElement(el, 'candidateGroups', () => resolveList(el.candidateGroups, vars)),
  };
  if (el.assignee) {
    const a = atElement(el, 'assignee', () => interpolate(el.assignee!, vars).trim());
    if (a) spec.assignee = a;
  }
  if (el.formKey) {
    const f = atElement(el, 'formKey', () => interpolate(el.formKey!, vars).trim());
    if (f) spec.formKey = f;
  }
  if (el.dueDate) spec.dueAt = atElement(el, 'dueDate', () => dueFrom(el.dueDate!, 'either', vars, now));
  if (el.priority) {
    const p = atElement(el, 'priority', () => interpolate(el.priority!, vars).trim());
    if (!/^-?\d{1,9}$/.test(p)) throw new FlowError('expression', `${el.id} (priority): '${p.slice(0, 40)}' is not an integer`, el.id);
    spec.priority = Number(p);
  }
  if (el.documentation) spec.documentation = el.documentation;
  return spec;
}

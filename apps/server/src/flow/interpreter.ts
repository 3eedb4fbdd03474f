// The token interpreter: advance(model, state, input, env) → output. Pure over plain JSON: the state is deep-copied,
// moved by one input until every token waits (user task, timer, join, sub-process) or the instance ends, and returned
// with the tasks, timers and history entries that this input produced. Deterministic: the same inputs replay the same.
import { evaluateCondition } from './expression.js';
import { canReach } from './reach.js';
import { atElement, taskSpec, timerDue } from './tasks.js';
import {
  type ElementModel,
  type FlowEnv,
  FlowError,
  type FlowInput,
  type FlowModel,
  type FlowOutput,
  type HistoryEntry,
  type InstanceState,
  type ProcessModel,
  type TaskSpec,
  type TimerSpec,
} from './types.js';
import { checkVars, mergeVars } from './vars.js';

const ENGINE = 'helio-flow/1';
const ROOT = '';
const MAX_STEPS = 10_000;

/** A token: an execution waiting at an element. Its id is the executionId of that activity instance. */
interface Token {
  id: string;
  el: string;
  /** '' = process level, else the executionId of the enclosing sub-process token. */
  scope: string;
  wait: 'task' | 'timer' | 'join' | 'sub';
  /** For joins: the incoming flow the token arrived by. */
  via?: string;
}
interface OpenTimer {
  id: string;
  el: string;
  /** The token the timer belongs to (the waiting catch event, or the activity a boundary event is attached to). */
  exec: string;
  dueAt: string;
}
interface EngineState extends InstanceState {
  engine: typeof ENGINE;
  seq: number;
  tokens: Token[];
  timers: OpenTimer[];
  startedAt: string;
  endedAt?: string;
  endReason?: string;
}
interface Arrival {
  el: string;
  scope: string;
  via?: string;
}

/** Where an instance currently waits (the diagram's "current" nodes): user tasks, timers, joins, sub-processes. */
export function activeElements(state: InstanceState): { executionId: string; elementId: string; wait: Token['wait'] }[] {
  const tokens = (state as Partial<EngineState>).tokens;
  return Array.isArray(tokens) ? tokens.map((t) => ({ executionId: t.id, elementId: t.el, wait: t.wait })) : [];
}

/** The timers an instance has open (for a scheduler to re-check against its job table). */
export function openTimers(state: InstanceState): TimerSpec[] {
  const timers = (state as Partial<EngineState>).timers;
  return Array.isArray(timers) ? timers.map((t) => ({ timerId: t.id, elementId: t.el, dueAt: t.dueAt })) : [];
}

export async function advance(model: ProcessModel, state: InstanceState | null, input: FlowInput, env: FlowEnv): Promise<FlowOutput> {
  const run = new Run(model, env);
  if (input.type === 'start') {
    if (state !== null) throw new FlowError('instance-not-active', 'this instance has already been started');
    run.start(input.variables, input.initiator);
  } else {
    if (state === null) throw new FlowError('instance-not-active', 'no instance state: start the instance first');
    run.load(state);
    if (input.type === 'complete') run.complete(input.executionId, input.variables, input.by);
    else if (input.type === 'timer') run.timer(input.timerId);
    else if (input.type === 'terminate') run.terminate(String(input.reason ?? ''));
    else throw new FlowError('instance-not-active', 'unknown input');
  }
  await run.drain();
  return run.output();
}

class Run {
  private s!: EngineState;
  private readonly at: string;
  private readonly queue: Arrival[] = [];
  private steps = 0;
  private initiator?: string;
  private readonly tasksCreated: TaskSpec[] = [];
  private readonly tasksCancelled: string[] = [];
  private readonly timersScheduled: TimerSpec[] = [];
  private readonly timersCancelled: string[] = [];
  private readonly history: HistoryEntry[] = [];

  constructor(
    private readonly model: ProcessModel,
    private readonly env: FlowEnv,
  ) {
    this.at = env.now.toISOString();
  }

  start(variables: unknown, initiator: string): void {
    const vars = checkVars(variables ?? {}, 'start variables');
    if (this.model.initiatorVariable) vars[this.model.initiatorVariable] = initiator;
    this.initiator = initiator;
    this.s = { engine: ENGINE, status: 'active', variables: vars, seq: 0, tokens: [], timers: [], startedAt: this.at };
    this.queue.push({ el: this.model.start, scope: ROOT });
  }

  load(state: InstanceState): void {
    const s = JSON.parse(JSON.stringify(state)) as EngineState;
    if (s.engine !== ENGINE || !Array.isArray(s.tokens) || !Array.isArray(s.timers) || typeof s.seq !== 'number') {
      throw new Error('not an instance state of this engine version');
    }
    this.s = s;
    if (s.status !== 'active') throw new FlowError('instance-not-active', `the instance is ${s.status}`);
  }

  complete(executionId: string, variables: unknown, by: string): void {
    const tok = this.s.tokens.find((t) => t.id === executionId && t.wait === 'task');
    if (!tok) throw new FlowError('task-not-open', `no open task with execution id '${String(executionId)}'`);
    if (variables !== undefined) mergeVars(this.s.variables, checkVars(variables, 'task variables'));
    const el = this.el(tok.el);
    this.removeToken(tok);
    this.cancelTimersOf(tok.id);
    this.hist('activityEnd', el, tok.id, by);
    this.leave(el, tok.id, tok.scope);
  }

  timer(timerId: string): void {
    const t = this.s.timers.find((x) => x.id === timerId);
    if (!t) throw new FlowError('timer-not-open', `no open timer '${String(timerId)}'`);
    this.s.timers = this.s.timers.filter((x) => x !== t);
    const el = this.el(t.el);
    const tok = this.s.tokens.find((x) => x.id === t.exec);
    if (!tok) return; // cannot happen: timers are cancelled with their token
    if (el.type === 'intermediateCatchEvent') {
      this.removeToken(tok);
      this.hist('activityEnd', el, tok.id);
      this.leave(el, tok.id, tok.scope);
      return;
    }
    if (el.cancelActivity) this.cancelToken(tok);
    const exec = this.newId('e');
    this.hist('activityStart', el, exec);
    this.hist('activityEnd', el, exec);
    this.leave(el, exec, tok.scope);
  }

  terminate(reason: string): void {
    for (const tok of this.s.tokens.filter((t) => t.scope === ROOT)) this.cancelToken(tok);
    this.finish('terminated', reason.slice(0, 1000));
  }

  async drain(): Promise<void> {
    while (this.s.status === 'active') {
      const next = this.queue.shift();
      if (next) {
        if (++this.steps > MAX_STEPS) throw new FlowError('loop', `more than ${MAX_STEPS} steps without a wait state: the model loops`, next.el);
        await this.enter(next);
        continue;
      }
      if (this.completeSubProcess() || this.fireInclusiveJoin()) continue;
      if (this.s.tokens.length === 0) this.finish('completed');
      break;
    }
    this.queue.length = 0;
  }

  output(): FlowOutput {
    return {
      state: this.s,
      tasksCreated: this.tasksCreated,
      tasksCancelled: this.tasksCancelled,
      timersScheduled: this.timersScheduled,
      timersCancelled: this.timersCancelled,
      history: this.history,
      ended: this.s.status !== 'active',
    };
  }

  // ---- moving tokens ----

  private async enter(a: Arrival): Promise<void> {
    const el = this.el(a.el);
    const exec = this.newId('e');
    const by = el.type === 'startEvent' && a.scope === ROOT ? this.initiator : undefined;
    this.hist('activityStart', el, exec, by);
    switch (el.type) {
      case 'userTask':
        this.tasksCreated.push(taskSpec(el, exec, this.s.variables, this.env.now));
        this.s.tokens.push({ id: exec, el: el.id, scope: a.scope, wait: 'task' });
        this.scheduleBoundaries(el, exec);
        return;
      case 'intermediateCatchEvent':
        this.s.tokens.push({ id: exec, el: el.id, scope: a.scope, wait: 'timer' });
        this.schedule(el, exec);
        return;
      case 'subProcess':
        this.s.tokens.push({ id: exec, el: el.id, scope: a.scope, wait: 'sub' });
        this.scheduleBoundaries(el, exec);
        this.queue.push({ el: el.start!, scope: exec });
        return;
      case 'parallelGateway':
      case 'inclusiveGateway':
        if (el.incoming.length > 1) {
          this.s.tokens.push({ id: exec, el: el.id, scope: a.scope, wait: 'join', via: a.via });
          if (el.type === 'parallelGateway') this.tryParallelJoin(el, a.scope);
          return;
        }
        break;
      case 'serviceTask':
        await this.service(el);
        break;
      case 'endEvent':
        this.hist('activityEnd', el, exec);
        if (el.terminate) this.terminateScope(a.scope);
        return;
      default:
        break;
    }
    this.hist('activityEnd', el, exec, by);
    this.leave(el, exec, a.scope);
  }

  /** Take the outgoing flows an element selects (gateway semantics or conditional flows of an activity). */
  private leave(el: ElementModel, exec: string, scope: string): void {
    for (const f of this.select(el)) {
      this.history.push({ kind: 'flowTaken', elementId: f.id, elementType: 'sequenceFlow', ...(f.name ? { name: f.name } : {}), executionId: exec, at: this.at });
      this.queue.push({ el: f.target, scope, via: f.id });
    }
  }

  private select(el: ElementModel): FlowModel[] {
    const flows = el.outgoing.map((id) => this.model.flows[id]!);
    if (el.type === 'parallelGateway') return flows;
    const dflt = flows.find((f) => f.id === el.default);
    const others = flows.filter((f) => f !== dflt);
    const holds = (f: FlowModel): boolean => !f.condition || atElement(f, 'condition', () => evaluateCondition(f.condition!, this.s.variables));
    let chosen: FlowModel[];
    if (el.type === 'exclusiveGateway') {
      const first = others.find(holds);
      chosen = first ? [first] : [];
    } else chosen = others.filter(holds);
    if (chosen.length === 0 && dflt) chosen = [dflt];
    if (chosen.length === 0 && flows.length > 0) {
      throw new FlowError('no-flow', `${el.id}: no outgoing condition is true and there is no default flow`, el.id);
    }
    return chosen;
  }

  private tryParallelJoin(el: ElementModel, scope: string): void {
    const waiting = this.s.tokens.filter((t) => t.el === el.id && t.scope === scope && t.wait === 'join');
    const taken: Token[] = [];
    for (const f of el.incoming) {
      const t = waiting.find((w) => w.via === f);
      if (!t) return;
      taken.push(t);
    }
    this.fireJoin(el, taken, scope);
  }

  /** Inclusive joins are checked whenever nothing else can move: fire the first whose tokens no other token can reach. */
  private fireInclusiveJoin(): boolean {
    for (const tok of this.s.tokens) {
      if (tok.wait !== 'join') continue;
      const el = this.el(tok.el);
      if (el.type !== 'inclusiveGateway') continue;
      const others = this.s.tokens.filter((t) => t.scope === tok.scope && t.el !== el.id);
      if (others.some((t) => canReach(this.model, t.el, el.id))) continue;
      this.fireJoin(el, this.s.tokens.filter((t) => t.el === el.id && t.scope === tok.scope && t.wait === 'join'), tok.scope);
      return true;
    }
    return false;
  }

  private fireJoin(el: ElementModel, taken: Token[], scope: string): void {
    for (const t of taken) {
      this.removeToken(t);
      this.hist('activityEnd', el, t.id);
    }
    this.leave(el, taken[taken.length - 1]!.id, scope);
  }

  /** A sub-process whose scope holds no token any more has completed: it leaves by its own outgoing flows. */
  private completeSubProcess(): boolean {
    for (const tok of this.s.tokens) {
      if (tok.wait !== 'sub' || this.s.tokens.some((t) => t.scope === tok.id)) continue;
      const el = this.el(tok.el);
      this.removeToken(tok);
      this.cancelTimersOf(tok.id);
      this.hist('activityEnd', el, tok.id);
      this.leave(el, tok.id, tok.scope);
      return true;
    }
    return false;
  }

  /** Terminate end event: every token of this scope ends; at process level the instance ends. */
  private terminateScope(scope: string): void {
    for (const tok of this.s.tokens.filter((t) => t.scope === scope)) this.cancelToken(tok);
    const live = new Set(this.s.tokens.map((t) => t.id));
    const keep = this.queue.filter((a) => a.scope !== scope && (a.scope === ROOT || live.has(a.scope)));
    this.queue.splice(0, this.queue.length, ...keep);
    if (scope === ROOT) this.finish('completed');
  }

  private async service(el: ElementModel): Promise<void> {
    const name = el.handler!;
    const fn = Object.hasOwn(this.env.services, name) ? this.env.services[name] : undefined;
    if (typeof fn !== 'function') throw new FlowError('service', `${el.id}: service handler '${name}' is not available`, el.id);
    let result: unknown;
    try {
      result = await fn(structuredClone(this.s.variables), { id: el.id, name: el.name ?? el.id });
    } catch (e) {
      throw new FlowError('service', `${el.id}: service handler '${name}' failed: ${(e as Error)?.message ?? String(e)}`, el.id);
    }
    if (result !== undefined && result !== null) mergeVars(this.s.variables, checkVars(result, `result of service handler '${name}'`));
  }

  // ---- tokens, timers, history ----

  private cancelToken(tok: Token): void {
    if (!this.s.tokens.includes(tok)) return;
    this.removeToken(tok);
    if (tok.wait === 'sub') for (const inner of this.s.tokens.filter((t) => t.scope === tok.id)) this.cancelToken(inner);
    this.cancelTimersOf(tok.id);
    if (tok.wait === 'task') this.tasksCancelled.push(tok.id);
    this.hist('activityEnd', this.el(tok.el), tok.id);
  }

  private removeToken(tok: Token): void {
    this.s.tokens = this.s.tokens.filter((t) => t !== tok);
  }

  private cancelTimersOf(exec: string): void {
    for (const t of this.s.timers) if (t.exec === exec) this.timersCancelled.push(t.id);
    this.s.timers = this.s.timers.filter((t) => t.exec !== exec);
  }

  private scheduleBoundaries(el: ElementModel, exec: string): void {
    for (const b of el.boundaries ?? []) this.schedule(this.el(b), exec);
  }

  private schedule(el: ElementModel, exec: string): void {
    const dueAt = timerDue(el, el.timer!, this.s.variables, this.env.now);
    const id = this.newId('t');
    this.s.timers.push({ id, el: el.id, exec, dueAt });
    this.timersScheduled.push({ timerId: id, elementId: el.id, dueAt });
  }

  private finish(status: 'completed' | 'terminated', reason?: string): void {
    for (const t of this.s.timers) this.timersCancelled.push(t.id);
    this.s.timers = [];
    this.s.status = status;
    this.s.endedAt = this.at;
    if (reason !== undefined) this.s.endReason = reason;
  }

  private hist(kind: 'activityStart' | 'activityEnd', el: ElementModel, exec: string, by?: string): void {
    const h: HistoryEntry = { kind, elementId: el.id, elementType: el.type, executionId: exec, at: this.at };
    if (el.name) h.name = el.name;
    if (by !== undefined) h.by = by;
    this.history.push(h);
  }

  private newId(prefix: 'e' | 't'): string {
    this.s.seq += 1;
    return `${prefix}${this.s.seq}`;
  }

  private el(id: string): ElementModel {
    if (!Object.hasOwn(this.model.elements, id)) throw new Error(`element '${id}' is not in the model (state from another definition?)`);
    return this.model.elements[id]!;
  }
}

// Test driver for the workflow engine: compiles a fixture, feeds inputs, keeps the open tasks/timers the way the
// module would (from tasksCreated/tasksCancelled/timersScheduled/timersCancelled), and round-trips the state through
// JSON on every step as the database row would.
import fs from 'node:fs';
import { expect } from 'vitest';
import {
  FlowError,
  type FlowOutput,
  type HistoryEntry,
  type InstanceState,
  type ProcessModel,
  type ServiceHandler,
  type TaskSpec,
  type Vars,
  advance,
  compileBpmn,
} from '../../src/flow/index.js';

export const NOW = new Date('2026-03-02T08:00:00.000Z');
const FIXTURES = new URL('../fixtures/bpmn/', import.meta.url);

export function fixtureXml(name: string): string {
  return fs.readFileSync(new URL(`${name}.bpmn20.xml`, FIXTURES), 'utf8');
}

export async function fixture(name: string, serviceHandlers: readonly string[] = []): Promise<ProcessModel> {
  const r = await compileBpmn(fixtureXml(name), { serviceHandlers });
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
  expect(r.processes).toHaveLength(1);
  // The model is stored as JSON and read back.
  return JSON.parse(JSON.stringify(r.processes[0])) as ProcessModel;
}

/** History as compact lines: '+id' activity start, '-id' activity end, '>id' flow taken, '@user' when by is set. */
export function trace(history: readonly HistoryEntry[]): string[] {
  return history.map((h) => `${h.kind === 'activityStart' ? '+' : h.kind === 'activityEnd' ? '-' : '>'}${h.elementId}${h.by ? `@${h.by}` : ''}`);
}

export class Driver {
  state: InstanceState | null = null;
  last!: FlowOutput;
  now = NOW;
  readonly tasks = new Map<string, TaskSpec>();
  readonly timers = new Map<string, { elementId: string; dueAt: string }>();
  readonly fullHistory: HistoryEntry[] = [];

  constructor(
    readonly model: ProcessModel,
    readonly services: Record<string, ServiceHandler> = {},
  ) {}

  private async step(input: Parameters<typeof advance>[2]): Promise<FlowOutput> {
    const out = await advance(this.model, this.state, input, { now: this.now, services: this.services });
    const stored = JSON.stringify(out.state);
    this.state = JSON.parse(stored) as InstanceState;
    for (const t of out.tasksCreated) this.tasks.set(t.executionId, t);
    for (const id of out.tasksCancelled) {
      expect(this.tasks.has(id), `cancelled task ${id} was open`).toBe(true);
      this.tasks.delete(id);
    }
    for (const t of out.timersScheduled) this.timers.set(t.timerId, { elementId: t.elementId, dueAt: t.dueAt });
    for (const id of out.timersCancelled) {
      expect(this.timers.has(id), `cancelled timer ${id} was open`).toBe(true);
      this.timers.delete(id);
    }
    this.fullHistory.push(...out.history);
    this.last = out;
    return out;
  }

  start(variables: Vars = {}, initiator = 'alice'): Promise<FlowOutput> {
    return this.step({ type: 'start', variables, initiator });
  }

  /** The one open task of an element. */
  task(elementId: string): TaskSpec {
    const open = [...this.tasks.values()].filter((t) => t.elementId === elementId);
    expect(open, `open tasks at ${elementId}`).toHaveLength(1);
    return open[0]!;
  }

  openTasks(): string[] {
    return [...this.tasks.values()].map((t) => t.elementId).sort();
  }

  openTimers(): string[] {
    return [...this.timers.values()].map((t) => t.elementId).sort();
  }

  complete(elementId: string, variables?: Vars, by = 'bob'): Promise<FlowOutput> {
    const t = this.task(elementId);
    this.tasks.delete(t.executionId);
    return this.step({ type: 'complete', executionId: t.executionId, variables, by });
  }

  fire(elementId: string): Promise<FlowOutput> {
    const open = [...this.timers.entries()].filter(([, t]) => t.elementId === elementId);
    expect(open, `open timers at ${elementId}`).toHaveLength(1);
    this.timers.delete(open[0]![0]);
    return this.step({ type: 'timer', timerId: open[0]![0] });
  }

  terminate(reason: string): Promise<FlowOutput> {
    return this.step({ type: 'terminate', reason });
  }

  /** Element ids of flows taken over the whole instance (what the diagram highlights). */
  flowsTaken(): string[] {
    return this.fullHistory.filter((h) => h.kind === 'flowTaken').map((h) => h.elementId);
  }
}

/** The FlowError a promise rejects with (fails the test if it resolves or rejects with something else). */
export async function failure(p: Promise<unknown>): Promise<FlowError> {
  const r = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(r).toBeInstanceOf(FlowError);
  return r as FlowError;
}

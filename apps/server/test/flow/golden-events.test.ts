// Golden tests of the workflow engine, one per construct (diagrams in test/fixtures/bpmn): boundary timers
// (interrupting and non-interrupting), intermediate timers, embedded sub-process, terminate end (process level and in
// a sub-process), service tasks, and the terminate input. Each asserts the history and the tasks/timers produced.
import { describe, expect, it } from 'vitest';
import { advance, compileBpmn } from '../../src/flow/index.js';
import { failure, Driver, NOW, fixture, fixtureXml, trace } from './flow-driver.js';

const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const HOUR = 3600_000;

describe('boundary timers on a user task', () => {
  const begin = async () => {
    const d = new Driver(await fixture('boundary-timer'));
    const out = await d.start({ remindAfter: 'PT10M' });
    expect(trace(out.history)).toEqual(['+start@alice', '-start@alice', '>f0', '+approve']);
    expect(out.tasksCreated.map((t) => [t.elementId, t.candidateGroups])).toEqual([['approve', ['approvers']]]);
    expect(out.timersScheduled).toEqual([
      { timerId: 't3', elementId: 'escalateTimer', dueAt: at(HOUR) },
      { timerId: 't4', elementId: 'remindTimer', dueAt: at(10 * 60_000) },
    ]);
    return d;
  };

  it('non-interrupting: the task stays open and the timer path runs beside it', async () => {
    const d = await begin();
    const out = await d.fire('remindTimer');
    expect(trace(out.history)).toEqual(['+remindTimer', '-remindTimer', '>fRem', '+remind', '-remind', '>fRemEnd', '+reminded', '-reminded']);
    expect(out.tasksCancelled).toEqual([]);
    expect(out.ended).toBe(false);
    expect(d.openTasks()).toEqual(['approve']);
    expect(d.openTimers()).toEqual(['escalateTimer']);
    // Completing the task then cancels the remaining boundary timer.
    const done = await d.complete('approve');
    expect(done.timersCancelled).toEqual(['t3']);
    expect(trace(done.history)).toEqual(['-approve@bob', '>f1', '+end', '-end']);
    expect(done.ended).toBe(true);
  });

  it('interrupting: cancels the task and its other timers, takes the boundary flow', async () => {
    const d = await begin();
    const approve = d.task('approve').executionId;
    const out = await d.fire('escalateTimer');
    expect(out.tasksCancelled).toEqual([approve]);
    expect(out.timersCancelled).toEqual(['t4']);
    expect(trace(out.history)).toEqual(['-approve', '+escalateTimer', '-escalateTimer', '>fEsc', '+escalate']);
    expect(d.openTasks()).toEqual(['escalate']);
    expect(d.openTimers()).toEqual([]);
    await d.complete('escalate');
    expect(d.last.ended).toBe(true);
    // The fired timer is not open any more, even on a state that would still be active.
    const err = await failure(advance(d.model, { ...d.state!, status: 'active' }, { type: 'timer', timerId: 't3' }, { now: NOW, services: {} }));
    expect(err.code).toBe('timer-not-open');
  });

  it('completing the task first cancels both timers', async () => {
    const d = await begin();
    const out = await d.complete('approve', undefined, 'ann');
    expect(out.timersCancelled).toEqual(['t3', 't4']);
    expect(trace(out.history)).toEqual(['-approve@ann', '>f1', '+end', '-end']);
  });

  it('a timer expression that is not a duration is an expression error at the boundary event', async () => {
    const d = new Driver(await fixture('boundary-timer'));
    const err = await failure(d.start({ remindAfter: 'soon' }));
    expect(err.code).toBe('expression');
    expect(err.elementId).toBe('remindTimer');
  });
});

describe('intermediate timer events', () => {
  it('waits for a duration, then for a date from a variable', async () => {
    const d = new Driver(await fixture('intermediate-timer'));
    const out = await d.start({ followUpAt: '2026-04-01T09:00:00Z' });
    expect(trace(out.history)).toEqual(['+start@alice', '-start@alice', '>f0', '+wait5m']);
    expect(out.timersScheduled).toEqual([{ timerId: 't3', elementId: 'wait5m', dueAt: at(5 * 60_000) }]);
    expect(out.tasksCreated).toEqual([]);
    const second = await d.fire('wait5m');
    expect(trace(second.history)).toEqual(['-wait5m', '>f1', '+waitDate']);
    expect(second.timersScheduled).toEqual([{ timerId: 't5', elementId: 'waitDate', dueAt: '2026-04-01T09:00:00.000Z' }]);
    const third = await d.fire('waitDate');
    expect(trace(third.history)).toEqual(['-waitDate', '>f2', '+followUp']);
    expect((await d.complete('followUp')).ended).toBe(true);
  });

  it('terminating a waiting instance cancels its timer', async () => {
    const d = new Driver(await fixture('intermediate-timer'));
    await d.start({ followUpAt: '2026-04-01T09:00:00Z' });
    const out = await d.terminate('withdrawn');
    expect(out.timersCancelled).toEqual(['t3']);
    expect(trace(out.history)).toEqual(['-wait5m']);
    expect(out.state).toMatchObject({ status: 'terminated', endReason: 'withdrawn' });
    expect(out.ended).toBe(true);
  });
});

describe('embedded sub-process', () => {
  it('runs its own start/end in a nested scope, then leaves by its outgoing flow', async () => {
    const d = new Driver(await fixture('subprocess'));
    const out = await d.start();
    expect(trace(out.history)).toEqual(['+start@alice', '-start@alice', '>f0', '+review', '+subStart', '-subStart', '>s1', '+check']);
    expect(out.timersScheduled).toEqual([{ timerId: 't3', elementId: 'reviewTimeout', dueAt: at(48 * HOUR) }]);
    expect(trace((await d.complete('check')).history)).toEqual(['-check@bob', '>s2', '+sign']);
    const left = await d.complete('sign');
    expect(trace(left.history)).toEqual(['-sign@bob', '>s3', '+subEnd', '-subEnd', '-review', '>f1', '+archive']);
    expect(left.timersCancelled).toEqual(['t3']);
    expect((await d.complete('archive')).ended).toBe(true);
  });

  it('an interrupting boundary timer on the sub-process cancels everything inside it', async () => {
    const d = new Driver(await fixture('subprocess'));
    await d.start();
    await d.complete('check');
    const sign = d.task('sign').executionId;
    const out = await d.fire('reviewTimeout');
    expect(out.tasksCancelled).toEqual([sign]);
    expect(trace(out.history)).toEqual(['-sign', '-review', '+reviewTimeout', '-reviewTimeout', '>fTimeout', '+timedOut', '-timedOut']);
    expect(out.ended).toBe(true);
    expect(out.state.status).toBe('completed');
  });
});

describe('terminate end event', () => {
  it('at process level ends every token of the instance', async () => {
    const d = new Driver(await fixture('terminate'));
    await d.start();
    expect(d.openTasks()).toEqual(['a', 'b']);
    const a = d.task('a').executionId;
    const out = await d.complete('b');
    expect(trace(out.history)).toEqual(['-b@bob', '>fbKill', '+kill', '-kill', '-a']);
    expect(out.tasksCancelled).toEqual([a]);
    expect(out.ended).toBe(true);
    expect(out.state.status).toBe('completed');
  });

  it('inside a sub-process ends only that scope; the sub-process then completes normally', async () => {
    const d = new Driver(await fixture('terminate-subprocess'));
    const out = await d.start();
    expect(trace(out.history)).toEqual([
      '+start@alice', '-start@alice', '>f0', '+outerFork', '-outerFork', '>toSub', '>toOutside',
      '+sub', '+outside', '+subStart', '-subStart', '>s0', '+fork', '-fork', '>sa', '>sb', '+a', '+b',
    ]);
    const a = d.task('a').executionId;
    const killed = await d.complete('b');
    expect(trace(killed.history)).toEqual(['-b@bob', '>sbKill', '+kill', '-kill', '-a', '-sub', '>subDone', '+after']);
    expect(killed.tasksCancelled).toEqual([a]);
    expect(killed.ended).toBe(false);
    expect(d.openTasks()).toEqual(['after', 'outside']);
    expect(trace((await d.complete('after')).history)).toEqual(['-after@bob', '>afterDone', '+outerJoin']);
    const end = await d.complete('outside');
    expect(trace(end.history)).toEqual(['-outside@bob', '>outsideDone', '+outerJoin', '-outerJoin', '-outerJoin', '>fEnd', '+end', '-end']);
    expect(end.ended).toBe(true);
  });
});

describe('service tasks', () => {
  const handlers = ['computeDays', 'notifyApplicant'];
  const calls: string[] = [];
  const services = {
    computeDays: async (vars: Readonly<Record<string, unknown>>) => {
      const days = (Date.parse(String(vars.to)) - Date.parse(String(vars.from))) / 86_400_000 + 1;
      return { days };
    },
    notifyApplicant: async (vars: Readonly<Record<string, unknown>>, el: { id: string; name: string }) => {
      calls.push(`${el.id}:${el.name}:${String(vars.days)}`);
      (vars as Record<string, unknown>).days = 999; // a handler gets a copy: this does not reach the instance
    },
  };

  it('runs allow-listed handlers, merges their variables and routes on them', async () => {
    calls.length = 0;
    const d = new Driver(await fixture('service', handlers), services);
    const out = await d.start({ from: '2026-03-02', to: '2026-03-06' });
    expect(trace(out.history)).toEqual([
      '+start@alice', '-start@alice', '>f0', '+compute', '-compute', '>f1', '+notify', '-notify', '>f2', '+xor', '-xor', '>toLong', '+long',
    ]);
    expect(out.state.variables).toEqual({ from: '2026-03-02', to: '2026-03-06', days: 5 });
    expect(calls).toEqual(['notify:Notify:5']);
    const short = await new Driver(d.model, services).start({ from: '2026-03-02', to: '2026-03-03' });
    expect(trace(short.history).slice(-3)).toEqual(['>toEnd', '+end', '-end']);
    expect(short.ended).toBe(true);
  });

  it('a failing handler or a non-JSON result refuses the input', async () => {
    const model = await fixture('service', handlers);
    const boom = await failure(new Driver(model, { ...services, computeDays: async () => Promise.reject(new Error('db down')) })
      .start({ from: 'x', to: 'y' })
      );
    expect([boom.code, boom.elementId]).toEqual(['service', 'compute']);
    expect(boom.message).toMatch(/db down/);
    const bad = await failure(new Driver(model, { ...services, computeDays: async () => JSON.parse('{"__proto__": {"x": 1}}') as never })
      .start({})
      );
    expect(bad.code).toBe('variables');
    const missing = await failure(new Driver(model, { notifyApplicant: services.notifyApplicant }).start({}));
    expect([missing.code, missing.elementId]).toEqual(['service', 'compute']);
  });

  it('an unknown handler is refused at compile time with the element', async () => {
    const r = await compileBpmn(fixtureXml('service'), { serviceHandlers: ['computeDays'] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ elementId: 'notify', element: 'bpmn:serviceTask' });
    expect(r.errors[0]!.reason).toMatch(/notifyApplicant/);
  });
});

describe('terminate input', () => {
  it('cancels every open task and ends the instance as terminated', async () => {
    const d = new Driver(await fixture('terminate-subprocess'));
    await d.start();
    const open = [d.task('a'), d.task('b'), d.task('outside')].map((t) => t.executionId).sort();
    const out = await d.terminate('deleted by admin');
    expect([...out.tasksCancelled].sort()).toEqual(open);
    expect(trace(out.history)).toEqual(['-a', '-b', '-sub', '-outside']);
    expect(out.state).toMatchObject({ status: 'terminated', endReason: 'deleted by admin' });
    expect(d.tasks.size).toBe(0);
  });
});

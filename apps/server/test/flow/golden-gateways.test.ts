// Golden tests of the workflow engine, one per construct (diagrams in test/fixtures/bpmn): linear flow, exclusive
// gateway with default, parallel split/join, inclusive split/join (full and partial), gateways nested in parallel
// branches (bpmn-engine #200). Each asserts the history sequence and the tasks/timers produced.
import { describe, expect, it } from 'vitest';
import { type FlowInput, FlowError, activeElements, advance } from '../../src/flow/index.js';
import { failure, Driver, NOW, fixture, trace } from './flow-driver.js';

describe('linear', () => {
  it('start → user task with resolved assignment → pass-through task → end', async () => {
    const d = new Driver(await fixture('linear'));
    const out = await d.start({ reviewer: 'rita', backup: 'carol' });
    expect(trace(out.history)).toEqual(['+start@alice', '-start@alice', '>f1', '+review']);
    expect(out.tasksCreated).toEqual([
      {
        executionId: 'e2',
        elementId: 'review',
        name: 'Review',
        assignee: 'rita',
        candidateUsers: ['bob', 'carol'],
        candidateGroups: ['ops'],
        formKey: 'review-form',
        dueAt: new Date(NOW.getTime() + 2 * 3600_000).toISOString(),
        priority: 60,
        documentation: 'Check the request',
      },
    ]);
    expect(out.timersScheduled).toEqual([]);
    expect(out.ended).toBe(false);
    expect(d.model.candidateStarterGroups).toEqual(['staff', 'admin']);

    const done = await d.complete('review', { note: 'fine' }, 'rita');
    expect(trace(done.history)).toEqual(['-review@rita', '>f2', '+record', '-record', '>f3', '+end', '-end']);
    expect(done.history.every((h) => h.at === NOW.toISOString())).toBe(true);
    expect(done.ended).toBe(true);
    expect(done.state.status).toBe('completed');
    expect(done.state.variables).toEqual({ reviewer: 'rita', backup: 'carol', note: 'fine' });
  });

  it('refuses inputs that do not apply', async () => {
    const d = new Driver(await fixture('linear'));
    await d.start({ reviewer: 'rita', backup: 'carol' });
    const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof FlowError ? e.code : String(e)));
    const adv = (input: FlowInput) => advance(d.model, d.state, input, { now: NOW, services: {} });
    expect(await code(adv({ type: 'complete', executionId: 'nope', by: 'x' }))).toBe('task-not-open');
    expect(await code(adv({ type: 'complete', executionId: 'e1', by: 'x' }))).toBe('task-not-open');
    expect(await code(adv({ type: 'timer', timerId: 't1' }))).toBe('timer-not-open');
    expect(await code(adv({ type: 'complete', executionId: 'e2', by: 'x', variables: JSON.parse('{"__proto__":{"admin":true}}') }))).toBe('variables');
    expect(await code(adv({ type: 'complete', executionId: 'e2', by: 'x', variables: { f: () => 1 } }))).toBe('variables');
    expect(await code(adv({ type: 'complete', executionId: 'e2', by: 'x', variables: { d: new Date() } }))).toBe('variables');
    expect(await code(adv({ type: 'complete', executionId: 'e2', by: 'x', variables: { n: Number.NaN } }))).toBe('variables');
    // A refused input leaves the stored state untouched: the task is still open.
    await d.complete('review', {}, 'rita');
    expect(d.last.ended).toBe(true);
    expect(await code(adv({ type: 'terminate', reason: 'late' }))).toBe('instance-not-active');
  });
});

describe('exclusive gateway', () => {
  const run = async (amount: number) => {
    const d = new Driver(await fixture('exclusive'));
    const out = await d.start({ amount });
    return { d, lines: trace(out.history) };
  };

  it('takes the first true condition in document order', async () => {
    const { d, lines } = await run(500);
    expect(lines).toEqual(['+start@alice', '-start@alice', '>f0', '+xor', '-xor', '>toLarge', '+large']);
    expect(d.openTasks()).toEqual(['large']);
  });

  it('takes a later condition when the first is false (word operators gt/and/le)', async () => {
    const { d, lines } = await run(50);
    expect(lines.slice(-2)).toEqual(['>toMedium', '+medium']);
    const end = await d.complete('medium');
    expect(trace(end.history)).toEqual(['-medium@bob', '>f5', '+end', '-end']);
  });

  it('takes the default flow when no condition holds', async () => {
    const { lines } = await run(1);
    expect(lines.slice(-2)).toEqual(['>toSmall', '+small']);
  });

  it('an unknown variable in a condition is an expression error naming the flow', async () => {
    const d = new Driver(await fixture('exclusive'));
    const err = await failure(d.start({}));
    expect([err.code, err.elementId]).toEqual(['expression', 'toLarge']);
    expect(err.message).toMatch(/unknown variable 'amount'/);
  });
});

describe('parallel gateway', () => {
  it('splits into all branches and joins only when every branch arrived', async () => {
    const d = new Driver(await fixture('parallel'));
    const out = await d.start();
    expect(trace(out.history)).toEqual([
      '+start@alice', '-start@alice', '>f0', '+fork', '-fork', '>fa', '>fb', '>fc', '+a', '+b', '+c',
    ]);
    expect(d.openTasks()).toEqual(['a', 'b', 'c']);
    expect(new Set(out.tasksCreated.map((t) => t.executionId)).size).toBe(3);

    expect(trace((await d.complete('b')).history)).toEqual(['-b@bob', '>jb', '+join']);
    expect(trace((await d.complete('a')).history)).toEqual(['-a@bob', '>ja', '+join']);
    expect(d.last.ended).toBe(false);
    const last = await d.complete('c', undefined, 'carol');
    expect(trace(last.history)).toEqual(['-c@carol', '>jc', '+join', '-join', '-join', '-join', '>fEnd', '+end', '-end']);
    expect(last.ended).toBe(true);
    expect(d.flowsTaken()).toEqual(['f0', 'fa', 'fb', 'fc', 'jb', 'ja', 'jc', 'fEnd']);
  });
});

describe('inclusive gateway', () => {
  it('activates every branch whose condition holds and joins when all of them arrived', async () => {
    const d = new Driver(await fixture('inclusive'));
    const out = await d.start({ parts: ['a', 'b'] });
    expect(trace(out.history)).toEqual(['+start@alice', '-start@alice', '>f0', '+split', '-split', '>toA', '>toB', '+a', '+b']);
    expect(d.openTasks()).toEqual(['a', 'b']);
    // A arrives: B can still reach the join, so it waits.
    expect(trace((await d.complete('a')).history)).toEqual(['-a@bob', '>ja', '+join']);
    expect(d.last.ended).toBe(false);
    expect(trace((await d.complete('b')).history)).toEqual(['-b@bob', '>jb', '+join', '-join', '-join', '>fEnd', '+end', '-end']);
    expect(d.last.ended).toBe(true);
  });

  it('partial: one active branch joins alone (the untaken branch holds no token)', async () => {
    const d = new Driver(await fixture('inclusive'));
    await d.start({ parts: ['b'] });
    expect(d.openTasks()).toEqual(['b']);
    const out = await d.complete('b');
    expect(trace(out.history)).toEqual(['-b@bob', '>jb', '+join', '-join', '>fEnd', '+end', '-end']);
    expect(out.ended).toBe(true);
  });

  it('takes the default flow when no condition holds', async () => {
    const d = new Driver(await fixture('inclusive'));
    const out = await d.start({ parts: [] });
    expect(trace(out.history).slice(-2)).toEqual(['>toC', '+c']);
    expect(trace((await d.complete('c')).history)).toEqual(['-c@bob', '>jc', '+join', '-join', '>fEnd', '+end', '-end']);
  });
});

describe('inclusive join: the upstream-token rule', () => {
  it('waits while another token can still reach it, fires when that token goes elsewhere', async () => {
    const d = new Driver(await fixture('inclusive-upstream'));
    await d.start();
    expect(trace((await d.complete('a')).history)).toEqual(['-a@bob', '>ja', '+join']);
    expect(activeElements(d.state!)).toEqual([
      { executionId: 'e4', elementId: 'b', wait: 'task' },
      { executionId: 'e5', elementId: 'join', wait: 'join' },
    ]);
    const out = await d.complete('b', { joinB: false });
    expect(trace(out.history)).toEqual(['-b@bob', '>bDone', '+route', '-route', '>toSide', '+side', '-side', '-join', '>fAfter', '+after']);
  });

  it('joins both tokens when the other branch arrives', async () => {
    const d = new Driver(await fixture('inclusive-upstream'));
    await d.start();
    await d.complete('a');
    const out = await d.complete('b', { joinB: true });
    expect(trace(out.history)).toEqual(['-b@bob', '>bDone', '+route', '-route', '>toJoin', '+join', '-join', '-join', '>fAfter', '+after']);
    expect(d.openTasks()).toEqual(['after']);
  });
});

describe('gateways nested in parallel branches (bpmn-engine #200)', () => {
  it('the parallel join waits for the branch with an XOR split/join, whichever order the tasks finish', async () => {
    for (const order of [['other', 'high'], ['high', 'other']] as const) {
      const d = new Driver(await fixture('nested-gateways'));
      const out = await d.start({ level: 7 });
      expect(trace(out.history)).toEqual([
        '+start@alice', '-start@alice', '>f0', '+fork', '-fork', '>toXor', '>toQuick', '>toOther',
        '+xorSplit', '-xorSplit', '>toHigh',
        '+quickSplit', '-quickSplit', '>toQuickB',
        '+other', '+high',
        '+quickB', '-quickB', '>qbDone', '+quickJoin', '-quickJoin', '>quickOut', '+join',
      ]);
      expect(d.openTasks()).toEqual(['high', 'other']);
      await d.complete(order[0]);
      expect(d.last.ended).toBe(false);
      expect(trace(d.last.history).at(-1)).toBe('+join');
      const end = await d.complete(order[1]);
      expect(trace(end.history).slice(-7)).toEqual(['+join', '-join', '-join', '-join', '>fEnd', '+end', '-end']);
      expect(end.ended).toBe(true);
    }
  });

  it('the XOR default path inside the branch joins the same way', async () => {
    const d = new Driver(await fixture('nested-gateways'));
    await d.start({ level: 1 });
    expect(d.openTasks()).toEqual(['low', 'other']);
    await d.complete('low');
    expect(trace(d.last.history)).toEqual(['-low@bob', '>lowDone', '+xorJoin', '-xorJoin', '>xorOut', '+join']);
    expect((await d.complete('other')).ended).toBe(true);
  });
});

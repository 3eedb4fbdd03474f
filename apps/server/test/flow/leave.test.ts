// The standard Flowable/BladeX leave process (test/fixtures/bpmn/LeaveProcess.bpmn20.xml) driven through every path:
// ≤ 3 days → manager, > 3 days → boss, approved → end, rejected → the applicant adjusts → HR again.
import { describe, expect, it } from 'vitest';
import { FlowError } from '../../src/flow/index.js';
import { failure, Driver, fixture, trace } from './flow-driver.js';

const START = ['+start@alice', '-start@alice', '>flowStart', '+hrTask'];

async function begin(days: number | string) {
  const d = new Driver(await fixture('LeaveProcess'));
  const out = await d.start({ taskUser: 'hr1', days, reason: 'family' }, 'alice');
  expect(trace(out.history)).toEqual(START);
  expect(out.state.variables).toMatchObject({ applyUser: 'alice', taskUser: 'hr1' });
  expect(out.tasksCreated).toEqual([
    { executionId: 'e2', elementId: 'hrTask', name: '人事审批', assignee: 'hr1', candidateUsers: [], candidateGroups: [], formKey: 'leave-handle' },
  ]);
  return d;
}

describe('leave process', () => {
  it('more than 3 days goes to the boss; approved ends', async () => {
    const d = await begin(5);
    const hr = await d.complete('hrTask', { comment: 'ok' }, 'hr1');
    expect(trace(hr.history)).toEqual(['-hrTask@hr1', '>flowHr', '+judgeDays', '-judgeDays', '>flowBoss', '+bossTask']);
    expect(hr.tasksCreated).toEqual([
      { executionId: 'e4', elementId: 'bossTask', name: '老板审批', candidateUsers: [], candidateGroups: ['boss'] },
    ]);
    const boss = await d.complete('bossTask', { pass: true }, 'bigboss');
    expect(trace(boss.history)).toEqual(['-bossTask@bigboss', '>flowBossDone', '+judgePass', '-judgePass', '>flowPass', '+end', '-end']);
    expect(boss.ended).toBe(true);
    expect(boss.state.status).toBe('completed');
    expect(d.flowsTaken()).toEqual(['flowStart', 'flowHr', 'flowBoss', 'flowBossDone', 'flowPass']);
  });

  it('3 days or fewer goes to a manager; approved ends', async () => {
    const d = await begin(3);
    const hr = await d.complete('hrTask', undefined, 'hr1');
    expect(trace(hr.history).slice(-2)).toEqual(['>flowManager', '+managerTask']);
    expect(d.task('managerTask').candidateGroups).toEqual(['manager']);
    const mgr = await d.complete('managerTask', { pass: true }, 'mia');
    expect(trace(mgr.history)).toEqual(['-managerTask@mia', '>flowManagerDone', '+judgePass', '-judgePass', '>flowPass', '+end', '-end']);
    expect(mgr.ended).toBe(true);
  });

  it('days posted as a string route the same way (JUEL coercion)', async () => {
    const d = await begin('4');
    await d.complete('hrTask', undefined, 'hr1');
    expect(d.openTasks()).toEqual(['bossTask']);
  });

  it('rejected: the applicant adjusts the request, HR sees it again, then the new route is taken', async () => {
    const d = await begin(5);
    const firstHr = d.task('hrTask').executionId;
    await d.complete('hrTask', undefined, 'hr1');
    const rejected = await d.complete('bossTask', { pass: false, comment: 'too long' }, 'bigboss');
    expect(trace(rejected.history)).toEqual(['-bossTask@bigboss', '>flowBossDone', '+judgePass', '-judgePass', '>flowReject', '+adjustTask']);
    expect(d.task('adjustTask').assignee).toBe('alice');
    const adjusted = await d.complete('adjustTask', { days: 2 }, 'alice');
    expect(trace(adjusted.history)).toEqual(['-adjustTask@alice', '>flowAdjust', '+hrTask']);
    const secondHr = d.task('hrTask');
    expect(secondHr.executionId).not.toBe(firstHr); // a loop creates a new task row, never reuses an id
    expect(secondHr.assignee).toBe('hr1');
    await d.complete('hrTask', undefined, 'hr1');
    expect(d.openTasks()).toEqual(['managerTask']);
    // pass is still false from the boss's rejection until the manager decides.
    const end = await d.complete('managerTask', { pass: true }, 'mia');
    expect(end.ended).toBe(true);
    expect(d.flowsTaken()).toEqual([
      'flowStart', 'flowHr', 'flowBoss', 'flowBossDone', 'flowReject', 'flowAdjust', 'flowHr', 'flowManager', 'flowManagerDone', 'flowPass',
    ]);
    const users = d.fullHistory.filter((h) => h.kind === 'activityEnd' && h.elementType === 'userTask').map((h) => `${h.elementId}@${h.by}`);
    expect(users).toEqual(['hrTask@hr1', 'bossTask@bigboss', 'adjustTask@alice', 'hrTask@hr1', 'managerTask@mia']);
  });

  it('a decision without pass is an expression error and leaves the task open', async () => {
    const d = await begin(1);
    await d.complete('hrTask', undefined, 'hr1');
    const before = JSON.stringify(d.state);
    const mgr = d.task('managerTask');
    const err = await failure(d.complete('managerTask', { comment: 'forgot' }, 'mia'));
    expect(err).toBeInstanceOf(FlowError);
    expect([err.code, err.elementId]).toEqual(['expression', 'flowPass']);
    expect(JSON.stringify(d.state)).toBe(before); // the module keeps the stored state: nothing moved
    d.tasks.set(mgr.executionId, mgr);
    expect((await d.complete('managerTask', { pass: true }, 'mia')).ended).toBe(true);
  });

  it('without taskUser the HR task has no assignee; an unknown variable in a template is refused', async () => {
    const d = new Driver(await fixture('LeaveProcess'));
    const err = await failure(d.start({ days: 2 }));
    expect([err.code, err.elementId]).toEqual(['expression', 'hrTask']);
    const out = await new Driver(d.model).start({ days: 2, taskUser: null });
    expect(out.tasksCreated[0]!.assignee).toBeUndefined();
  });

  it('replays deterministically: the same inputs give the same history, ids and state', async () => {
    const walk = async () => {
      const d = await begin(5);
      await d.complete('hrTask', undefined, 'hr1');
      await d.complete('bossTask', { pass: false }, 'bigboss');
      await d.complete('adjustTask', { days: 1 }, 'alice');
      await d.complete('hrTask', undefined, 'hr1');
      await d.complete('managerTask', { pass: true }, 'mia');
      return JSON.stringify({ h: d.fullHistory, s: d.state });
    };
    expect(await walk()).toBe(await walk());
  });
});

/** The campaign pacer's budget arithmetic (pure): how many devices a step notifies, given the pace and the run so far. */
import { describe, expect, it } from 'vitest';
import { pacing, runGapMs, stepBudget } from './ota.state.js';

const T0 = Date.UTC(2026, 10, 27, 22, 0, 0);

describe('the pacing budget of a wave', () => {
  it('starts a run with one plain batch', () => {
    expect(stepBudget(1000, { nowMs: T0, notified: 0 })).toBe(17);
    expect(stepBudget(60, { nowMs: T0, notified: 0 })).toBe(1);
    expect(stepBudget(1, { nowMs: T0, notified: 0 })).toBe(1);
    expect(stepBudget(100_000, { nowMs: T0, notified: 0 })).toBe(pacing(100_000).batch);
    // Whatever the previous step's time (a wave's first step after a resume comes long after the last one).
    expect(stepBudget(1000, { nowMs: T0, notified: 0, previousStepMs: T0 - 3_600_000 })).toBe(17);
  });

  it('notifies what is due from the run start until the next step, less what was notified', () => {
    // Steps on time (1,020 ms apart at 1,000/min): one batch each.
    expect(stepBudget(1000, { nowMs: T0 + 1020, runStartMs: T0, notified: 17, previousStepMs: T0 })).toBe(17);
    expect(stepBudget(1000, { nowMs: T0 + 2040, runStartMs: T0, notified: 34, previousStepMs: T0 + 1020 })).toBe(17);
    // 60/min: one device a second.
    expect(stepBudget(60, { nowMs: T0 + 1000, runStartMs: T0, notified: 1, previousStepMs: T0 })).toBe(1);
    expect(stepBudget(60, { nowMs: T0 + 10_000, runStartMs: T0, notified: 10, previousStepMs: T0 + 9000 })).toBe(1);
  });

  it('makes up a late step and a short first batch', () => {
    // Steps 2 s apart (the job poll): the first batch covered 1,020 ms, so the second covers the rest of the first
    // interval and its own: floor(1000 × (2 s + 2 s) / 60 s) − 17 = 49; from then on 2 s' worth each.
    expect(stepBudget(1000, { nowMs: T0 + 2000, runStartMs: T0, notified: 17, previousStepMs: T0 })).toBe(49);
    expect(stepBudget(1000, { nowMs: T0 + 4000, runStartMs: T0, notified: 66, previousStepMs: T0 + 2000 })).toBe(34);
    expect(stepBudget(1000, { nowMs: T0 + 6000, runStartMs: T0, notified: 100, previousStepMs: T0 + 4000 })).toBe(33);
  });

  it('never goes below zero, and a step that comes early waits', () => {
    expect(stepBudget(1000, { nowMs: T0 + 10, runStartMs: T0, notified: 17, previousStepMs: T0 })).toBe(0);
    expect(stepBudget(1000, { nowMs: T0 + 2000, runStartMs: T0, notified: 500, previousStepMs: T0 + 1000 })).toBe(0);
    // A clock that went back (run start after now) counts as no time elapsed.
    expect(stepBudget(1000, { nowMs: T0, runStartMs: T0 + 5000, notified: 0, previousStepMs: T0 - 1000 })).toBe(17);
  });

  it('a run ends at a pause of five intervals, at least 15 s; a step looks ahead at most that far', () => {
    expect(runGapMs(1000)).toBe(15_000);
    expect(runGapMs(60)).toBe(15_000);
    expect(runGapMs(10)).toBe(30_000);
    // The previous step 6 s ago (a loaded machine): 6 s ahead; 30 s ago: 15 s, not 30 s.
    expect(stepBudget(1000, { nowMs: T0 + 12_000, runStartMs: T0, notified: 100, previousStepMs: T0 + 6000 })).toBe(300 - 100);
    expect(stepBudget(1000, { nowMs: T0 + 30_000, runStartMs: T0, notified: 500, previousStepMs: T0 })).toBe(Math.floor((1000 * (30_000 + 15_000)) / 60_000) - 500);
  });

  it('holds the pace over a wave whatever the step intervals', () => {
    // Steps at irregular intervals (1.0–3.5 s): after each, the run is the last interval ahead of the pace (or where
    // it was, when a short interval follows a long one).
    const gaps = [1300, 2100, 1000, 3500, 2000, 2000, 1700, 2900];
    let now = T0;
    let notified = stepBudget(1000, { nowMs: now, notified: 0 });
    let previous = now;
    for (const g of gaps) {
      now += g;
      const before = notified;
      notified += stepBudget(1000, { nowMs: now, runStartMs: T0, notified, previousStepMs: previous });
      previous = now;
      expect(notified).toBe(Math.max(before, Math.floor((1000 * (now - T0 + Math.max(1020, g))) / 60_000)));
    }
    // Over the wave: devices ÷ time = the pace, give or take the interval ahead.
    expect(notified).toBe(Math.floor((1000 * (now - T0 + gaps.at(-1)!)) / 60_000));
  });
});

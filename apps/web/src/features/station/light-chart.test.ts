import { describe, expect, it } from 'vitest';
import { linePath, niceTicks } from './light-chart';

describe('the dashboard chart', () => {
  it('labels its axis with round steps that cover the largest value', () => {
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(7.3)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.42)).toEqual([0, 0.2, 0.4, 0.6]);
    for (const max of [0.003, 1, 9.99, 61, 999, 123456]) {
      const ticks = niceTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
    // Nothing to draw (all zero): still an axis.
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('breaks a line where a value is missing', () => {
    const d = linePath([1, 2, null, 4, 5], (i) => i * 10, (v) => 100 - v);
    expect(d).toBe('M0.0 99.0L10.0 98.0M30.0 96.0L40.0 95.0');
    expect(linePath([null, null], (i) => i, (v) => v)).toBe('');
  });
});

/** The badge colour follows the highest severity with an active alarm. */
import { describe, expect, it } from 'vitest';
import { SEVERITY_COLOURS, highestSeverity } from './alarm-badges';

describe('highestSeverity', () => {
  it('picks critical over major over minor over warning; none without active alarms', () => {
    const c = (critical: number, major: number, minor: number, warning: number) => ({ critical, major, minor, warning });
    expect(highestSeverity(undefined)).toBeNull();
    expect(highestSeverity(c(0, 0, 0, 0))).toBeNull();
    expect(highestSeverity(c(0, 0, 0, 3))).toBe('warning');
    expect(highestSeverity(c(0, 1, 5, 3))).toBe('major');
    expect(highestSeverity(c(1, 1, 0, 0))).toBe('critical');
    expect(Object.keys(SEVERITY_COLOURS)).toEqual(['critical', 'major', 'minor', 'warning']);
  });
});

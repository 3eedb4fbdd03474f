import { describe, expect, it } from 'vitest';
import { servicePlanEnd } from './maintenance.sites.js';

describe('free-service plan end', () => {
  it('runs whole months from the installation date, clamped to the end of a shorter month', () => {
    expect(servicePlanEnd('2025-03-15', 12)).toBe('2026-03-15');
    expect(servicePlanEnd('2026-01-31', 1)).toBe('2026-02-28');
    expect(servicePlanEnd('2027-12-31', 2)).toBe('2028-02-29');
    expect(servicePlanEnd('2025-11-30', 3)).toBe('2026-02-28');
  });

  it('is none without an installation date or a positive whole number of months', () => {
    expect(servicePlanEnd(null, 12)).toBeNull();
    expect(servicePlanEnd('2025-03-15', 0)).toBeNull();
    expect(servicePlanEnd('2025-03-15', undefined)).toBeNull();
    expect(servicePlanEnd('2025-03-15', 1.5)).toBeNull();
    expect(servicePlanEnd('not a date', 6)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { shouldRefresh } from './token-storage';

describe('token refresh timing (spec §4)', () => {
  const issued = 1_000_000;
  it('refreshes once the token age reaches the configured seconds', () => {
    expect(shouldRefresh(issued + 2_999_000, issued, 3000, false)).toBe(false);
    expect(shouldRefresh(issued + 3_000_000, issued, 3000, false)).toBe(true);
  });

  it('runs one refresh at a time', () => {
    expect(shouldRefresh(issued + 4_000_000, issued, 3000, true)).toBe(false);
  });

  it('does nothing without a stored token time', () => {
    expect(shouldRefresh(issued, 0, 3000, false)).toBe(false);
  });
});

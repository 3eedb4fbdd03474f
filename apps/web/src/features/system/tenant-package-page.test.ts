import { describe, expect, it } from 'vitest';
import { leafIdsOnly } from './tenant-package-page';

describe('tenant package', () => {
  it('pre-selects only the leaf ids of the saved menus', () => {
    expect(leafIdsOnly('1,2,3,4', new Set(['2', '4']))).toBe('2,4');
    expect(leafIdsOnly('', new Set(['2']))).toBe('');
  });
});

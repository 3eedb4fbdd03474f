import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ciReporters('server'),
  },
});

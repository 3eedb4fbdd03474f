import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    // Set-up builds an app on a database copy; CI runs suites side by side on 2 cores, so allow it time.
    hookTimeout: 240_000,
    pool: 'forks',
    // One module graph per worker, reused by the files it runs: each file still gets its own database copy and app,
    // but not a fresh import of the server (measured: ~3 s of the ~4.5 s a file spent building its first app). Tests
    // therefore pass settings to createTestApp instead of writing process.env.
    isolate: false,
    // Test files wait on databases, child servers and brokers much of the time: at least two at once even on a 2-core
    // machine (vitest's own default there is one). VITEST_MAX_WORKERS overrides (.ci/run: 1 for the shared Mosquitto).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: ciReporters('server'),
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by content and config): CI runs
    // the server suite three times (PGlite, Mosquitto, PostgreSQL), and each pass used to transform the same ~400
    // files again (the Mosquitto pass: 41 of its 130 s, 2026-11-29).
    experimental: { fsModuleCache: true },
  },
});

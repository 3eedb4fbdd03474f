import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { ciReporters } from '../../scripts/vitest-reporters.mjs';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'happy-dom',
    // DOM tests render whole pages; on a loaded 2-core machine (CI runs suites side by side) 5 s is too tight.
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // One module graph per worker, not per file: antd, React and the app's modules load once (CI: 191 s → 72 s).
    // Each test renders its own tree; setup.ts resets what tests share (storage, i18n language, query caches).
    isolate: false,
    reporters: ciReporters('web'),
  },
});

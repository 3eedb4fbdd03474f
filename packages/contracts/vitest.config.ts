import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../scripts/vitest-reporters.mjs';

export default defineConfig({ test: { include: ['src/**/*.test.ts'], reporters: ciReporters('contracts') } });

// One lint setup for the whole workspace: typescript-eslint recommended + React hooks rules for the web, and the
// import zones of the architecture (apps/server/test/architecture.test.ts checks the same zones on the resolved
// import graph, plus what a linter cannot see: cycles between modules and the module manifests).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import zones. `no-restricted-imports` keeps one option list per file (a later block replaces an earlier one), so
// each block lists every pattern that applies to its files.
const NO_MODULES_IN_ENGINES = {
  regex: '^(\\.\\./)+modules(/|$)',
  message: 'core, kernel, crud, db and settings never import modules: move what they need into core/, or let the module provide it (kernel/types.ts Capabilities).',
};
const NEIGHBOUR_INTERNALS = (up) => ({
  regex: `^${'\\.\\./'.repeat(up)}[^./][^/]*/(?!index\\.js$).+`,
  message: "A module imports a neighbour only through its public entry: '../<neighbour>/index.js' (export what is needed there).",
});
const MODULES_BY_LONG_PATH = {
  regex: '^(\\.\\./)+modules/',
  message: "A module imports a neighbour as '../<neighbour>/index.js', never through src/modules.",
};
const NO_SERVER_IN_WEB = [
  { regex: '^(\\.\\./)+(apps/)?server(/|$)', message: 'The web app never imports the server: share through packages/contracts.' },
  { regex: '^@helio/server(/|$)', message: 'The web app never imports the server: share through packages/contracts.' },
];
const NO_APP_SHELL_IN_FEATURES = [
  { regex: '^(\\.\\./)+app(/|$)', message: 'A feature never imports the app shell (src/app): the shell finds features (features/<f>/feature.ts), not the other way round.' },
  { regex: '^@/app(/|$)', message: 'A feature never imports the app shell (src/app): the shell finds features (features/<f>/feature.ts), not the other way round.' },
];
const zone = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**', // side-by-side server builds of bench/list-builds.bench.mjs (ignored by git too)
      'data/**',
      '**/coverage/**',
      'apps/server/drizzle/**',
      'apps/web/test-results/**',
      'apps/web/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  zone(['apps/server/src/{core,kernel,crud,flow,stage,db,settings}/**/*.ts'], [NO_MODULES_IN_ENGINES]),
  zone(['apps/server/src/modules/*/*.ts'], [NEIGHBOUR_INTERNALS(1), MODULES_BY_LONG_PATH]),
  zone(['apps/server/src/modules/*/*/**/*.ts'], [NEIGHBOUR_INTERNALS(2), MODULES_BY_LONG_PATH]),
  zone(['apps/web/**/*.{ts,tsx,js,mjs}'], NO_SERVER_IN_WEB),
  zone(['apps/web/src/features/**/*.{ts,tsx}'], [...NO_SERVER_IN_WEB, ...NO_APP_SHELL_IN_FEATURES]),
);

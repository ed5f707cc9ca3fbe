// @ts-check
/**
 * Mutation testing (issue 22): `npm run mutation` (scripts/mutation.ts). StrykerJS changes the
 * code one small way at a time (a bound, a condition, an operator) and runs the tests that cover
 * it; a mutant no test kills is a bug the suite would let through. The script runs one module at a
 * time, passing its files (`--mutate`) and its incremental file
 * (`mutation/incremental/<module>.json`): a run re-tests only mutants whose code or tests changed
 * since, so a second run takes minutes. `mutate` below is the union of the modules, for a plain
 * `npx stryker run` (whose incremental file is not committed).
 * Not part of `npm test`; run it before resolving an issue that touches these modules.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'packages/domain/src/**/*.ts',
    'apps/server/src/modules/{pricing,people,address,confirm,notifications}/**/*.{ts,tsx}',
    'apps/server/src/modules/order-list/admin-orders.*.ts',
    '!**/*.test.ts',
    // Route declarations: URLs and schemas the API tests exercise; their OpenAPI summaries are prose.
    '!apps/server/src/**/*.routes.ts',
    '!**/*-test-support.ts',
    '!**/*.fixtures.ts',
    '!**/test-fixtures.ts',
    '!**/*-fixtures.ts',
    // Local servers standing in for a mail server or a provider, in tests only.
    '!apps/server/src/modules/**/test-*.ts',
  ],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  timeoutMS: 30_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against each mutant (stryker.config.mjs): the domain's unit tests and
 * the server's tests of the modules it mutates. No projects (Stryker's runner takes one), and
 * PostgreSQL left out: each mutant runs on the embedded database copied from the migrated
 * template, as `npm test` does.
 */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    // A module's run may name its own tests (scripts/mutation.ts): its mutants are then judged by
    // those alone, and each runs in seconds rather than behind other modules' slow tests.
    include: process.env.MUTATION_TESTS
      ? process.env.MUTATION_TESTS.split(',')
      : ['packages/domain/src/**/*.test.ts', 'apps/server/src/modules/{pricing,people,address,confirm,notifications,admin}/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'apps/server/src/modules/notifications/crash-restart.test.ts'],
    globalSetup: ['apps/server/src/test-support/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

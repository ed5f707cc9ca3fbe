import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/longest-first-sequencer.ts';

/**
 * Tests that measure real time against a server process (a drain's grace period, a stalled
 * database's time-outs, a restart): they run after everything else, so that the other files'
 * load on two cores is not in their figures.
 */
const TIMED_FILES = [
  'apps/server/src/shutdown.test.ts',
  'apps/server/src/db/database-outage.test.ts',
  'apps/server/src/db/stalled-postgres.test.ts',
  'apps/server/src/modules/notifications/crash-restart.test.ts',
];

/** Migrates one PGlite and one PostgreSQL template per run; each test database is a copy. */
const DATABASE_TEMPLATES = 'apps/server/src/test-support/database-templates.ts';

/**
 * Each worker's young generation made larger (V8's default semi-space is 16 MB): the tests allocate
 * fast (React's development build, happy-dom, PGlite) and spent a sixth of their time in the
 * scavenger. The console's project took 124 core-seconds instead of 162 with 256 MB (64 MB: 145,
 * 128 MB: 131), its workers at most 1.1 GB each.
 */
const WORKER_FLAGS = ['--max-semi-space-size=256'];

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker, which ran every file one after another. Most
    // of a file's time is waiting (on Chromium, PostgreSQL, timers), so a few files side by side
    // keep both cores busy: with 3 the whole run used 1.34 of the 2 cores, idle while files
    // waited; 4 fills more of it. VITEST_MAX_WORKERS overrides it (e.g. 1 to read a failure in order).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 4),
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          execArgv: WORKER_FLAGS,
          include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...TIMED_FILES, '**/node_modules/**'],
          // Files share their worker's modules rather than each importing the server anew: the
          // project ran in 143 s instead of 267 s (277 core-seconds instead of 524), the imports
          // having been half of it. No test here mocks a module or leaves global state behind;
          // each opens its own database and app.
          isolate: false,
          globalSetup: [DATABASE_TEMPLATES],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'timed',
          execArgv: WORKER_FLAGS,
          include: TIMED_FILES,
          globalSetup: [DATABASE_TEMPLATES],
          // Two at a time: they mostly wait (a grace period, a stalled connection's time-out, a
          // restart), so two side by side keep the run's tail short without loading the machine
          // as the other projects' files do.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The wizard's components, rendered in happy-dom with Testing Library.
        test: {
          name: 'web',
          execArgv: WORKER_FLAGS,
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          // As for the unit project: files share their worker's modules (MUI, React) instead of
          // importing them anew; each test renders into a clean document (setup.ts). 54 s of CPU
          // became 35.
          isolate: false,
          setupFiles: ['apps/web/src/test-support/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The console's pages, rendered in happy-dom with Testing Library, the API stubbed per test.
        test: {
          name: 'console',
          execArgv: WORKER_FLAGS,
          include: ['apps/console/src/**/*.test.tsx'],
          environment: 'happy-dom',
          // Shared modules as for the web project; every stub is undone after each test (setup.ts).
          // 194 s of CPU became 155.
          isolate: false,
          // Better Auth's client takes the page's origin as its base: the console's own address.
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/console/' } },
          setupFiles: ['apps/console/src/test-support/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Each browser-test file runs its own server (free port, in-memory database) and its own
        // Chromium, so files may run beside each other.
        test: {
          name: 'e2e',
          execArgv: WORKER_FLAGS,
          include: ['e2e/**/*.test.ts'],
          // As for the unit project: a file's product and Chromium are its own, the modules shared.
          isolate: false,
          globalSetup: [DATABASE_TEMPLATES],
          // A walk of the whole wizard takes 20 to 40 s alone, and past 60 s under the full suite's load on two cores.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

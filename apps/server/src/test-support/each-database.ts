import { beforeEach, describe, it, type TestFunction } from 'vitest';
import { testDatabaseFactories, type TestDatabaseFactory } from '../db/test-databases.ts';

/** Why a database's half of a suite did not run, as the test report shows it. */
export const POSTGRES_SKIP_REASON = 'skipped: TEST_DATABASE_URL is not set';

/** Why PGlite's half of a suite did not run in a run on PostgreSQL (decision 0069). */
export const PGLITE_SKIP_REASON = 'on PostgreSQL in this run (decision 0069)';

/**
 * TEST_EVERY_DATABASE=1 runs every database suite whole on both databases, as runs did before
 * decision 0069 (a change to the database layer, a driver's upgrade).
 */
const EVERY_TEST_ON_EVERY_DATABASE = process.env.TEST_EVERY_DATABASE === '1';

const DATABASES: ReadonlyArray<TestDatabaseFactory['name']> = ['pglite', 'postgres'];

function unreachable(name: TestDatabaseFactory['name']): TestDatabaseFactory {
  return { name, open: () => Promise.reject(new Error(`${name} is not reachable in this run`)) };
}

/** What a suite's body is given besides its database. */
export interface DatabaseSuite {
  /**
   * `it` for a test whose subject is the database engine itself: two requests racing for one row
   * or one time (locks, constraints, the isolation of transactions), which PGlite, one connection
   * in the process, serialises where PostgreSQL runs them side by side. It runs on both databases
   * in every run; a plain `it` runs on PostgreSQL alone when a run has one.
   */
  itOnEveryDatabase: (name: string, test: TestFunction, timeout?: number) => void;
}

export interface DatabaseSuiteOptions {
  /**
   * What of the suite runs on PGlite in a run on PostgreSQL: every test (the suite is about the
   * engine: a repository's SQL, a constraint, the change feed), or its engine tests, those written
   * with `itOnEveryDatabase`. Without it, none.
   */
  onPgliteToo?: 'every test' | 'engine tests';
}

type DatabaseSuiteBody = (factory: TestDatabaseFactory, suite: DatabaseSuite) => void;

/**
 * Registers a database suite on the run's databases (decision 0069):
 * - without TEST_DATABASE_URL, on PGlite, every test (the PostgreSQL half is registered as skipped,
 *   saying why, so that a plain `npm test` reports what it did not run);
 * - with it (CI), every test on PostgreSQL, and on PGlite what `onPgliteToo` names. What PGlite
 *   alone could get wrong is its engine (one connection in the process, its WebAssembly build, its
 *   driver); the rest of a suite is the same SQL through the same Drizzle on both, and running it
 *   twice had cost CI 185 core-seconds of its two cores.
 * A skipped suite runs none of its hooks, so nothing opens a database.
 */
export function describeOnEachDatabase(title: string, body: DatabaseSuiteBody): void;
export function describeOnEachDatabase(title: string, options: DatabaseSuiteOptions, body: DatabaseSuiteBody): void;
export function describeOnEachDatabase(
  title: string,
  ...[first, second]: [DatabaseSuiteBody] | [DatabaseSuiteOptions, DatabaseSuiteBody]
): void {
  const [options, body] = second ? [first as DatabaseSuiteOptions, second] : [{}, first as DatabaseSuiteBody];
  const reachable = new Map(testDatabaseFactories().map((factory) => [factory.name, factory]));
  const onPostgres = reachable.has('postgres');
  const pgliteRuns = !onPostgres || EVERY_TEST_ON_EVERY_DATABASE ? 'every test' : (options.onPgliteToo ?? 'nothing');
  for (const name of DATABASES) {
    const factory = reachable.get(name);
    if (factory && name === 'pglite' && pgliteRuns === 'engine tests') {
      describeEngineTestsOnly(`${title} on ${name}, its engine tests`, factory, body);
      continue;
    }
    const skipReason = !factory
      ? POSTGRES_SKIP_REASON
      : name === 'pglite' && pgliteRuns === 'nothing'
        ? PGLITE_SKIP_REASON
        : null;
    describe.skipIf(skipReason !== null)(
      skipReason ? `${title} on ${name} (${skipReason})` : `${title} on ${name}`,
      () =>
        body(factory ?? unreachable(name), {
          itOnEveryDatabase:
            skipReason === PGLITE_SKIP_REASON
              ? () => {
                  // An engine test in a suite that runs none would not run on PGlite: say so at once.
                  throw new Error(`"${title}" has engine tests: give it { onPgliteToo: 'engine tests' }`);
                }
              : it,
        }),
    );
  }
}

/** The suite with its hooks, each test but its engine tests skipped before it starts. */
function describeEngineTestsOnly(title: string, factory: TestDatabaseFactory, body: DatabaseSuiteBody): void {
  const engineTests = new Set<string>();
  describe(title, () => {
    // Registered before the body's hooks, so it runs before them: a skipped test sets nothing up.
    beforeEach((context) => {
      if (!engineTests.has(context.task.name)) context.skip(PGLITE_SKIP_REASON);
    });
    body(factory, {
      itOnEveryDatabase: (name, test, timeout) => {
        engineTests.add(name);
        it(name, test, timeout);
      },
    });
  });
}

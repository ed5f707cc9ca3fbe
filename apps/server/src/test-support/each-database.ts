import { describe } from 'vitest';
import { testDatabaseFactories, type TestDatabaseFactory } from '../db/test-databases.ts';

/** Why a database's half of a suite did not run, as the test report shows it. */
export const POSTGRES_SKIP_REASON = 'skipped: TEST_DATABASE_URL is not set';

const DATABASES: ReadonlyArray<TestDatabaseFactory['name']> = ['pglite', 'postgres'];

function unreachable(name: TestDatabaseFactory['name']): TestDatabaseFactory {
  return { name, open: () => Promise.reject(new Error(`${name} is not reachable in this run`)) };
}

/**
 * Registers a database suite once per database: on PGlite always, and on PostgreSQL when
 * TEST_DATABASE_URL names a server. Without one the PostgreSQL suite is still registered, as
 * skipped and saying why, so that a plain `npm test` reports what it did not run instead of
 * leaving it out silently. A skipped suite runs none of its hooks, so nothing opens a database.
 */
export function describeOnEachDatabase(title: string, body: (factory: TestDatabaseFactory) => void): void {
  const reachable = new Map(testDatabaseFactories().map((factory) => [factory.name, factory]));
  for (const name of DATABASES) {
    const factory = reachable.get(name);
    describe.skipIf(!factory)(factory ? `${title} on ${name}` : `${title} on ${name} (${POSTGRES_SKIP_REASON})`, () =>
      body(factory ?? unreachable(name)),
    );
  }
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { dumpMigratedPglite, openDatabase, type DatabaseHandle } from './connection.ts';

/**
 * The databases the database tests run against: an in-memory PGlite always, and a fresh database
 * on the real PostgreSQL server named by TEST_DATABASE_URL when it is set.
 */
export interface TestDatabaseFactory {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle>;
  /** A database holding what `seed` writes, by the quickest way this kind has (openSeededTestPglite). */
  openSeeded?(name: string, seed: (db: DatabaseHandle['db']) => Promise<void>): Promise<DatabaseHandle>;
}

/**
 * Migrated templates the test run's global setup (test-support/database-templates.ts) prepares
 * once, so that each test file copies a schema instead of building it: the file holding a
 * dumped PGlite data directory, and the name of a template database on TEST_DATABASE_URL's
 * server. Without them (a benchmark, a script) every database is migrated from scratch.
 */
export const PGLITE_TEMPLATE_FILE_ENV = 'SCHEDULER_TEST_PGLITE_TEMPLATE_FILE';
export const POSTGRES_TEMPLATE_ENV = 'SCHEDULER_TEST_POSTGRES_TEMPLATE';

let pgliteTemplate: Blob | undefined;

function pgliteTemplateFromSetup(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_FILE_ENV];
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/** A fresh in-memory PGlite, started from the run's migrated template when there is one. */
export function openTestPglite(): Promise<DatabaseHandle> {
  return openDatabase({ kind: 'pglite', dataDir: null, template: pgliteTemplateFromSetup() });
}

/**
 * What `make` answers for `name`, made once per test process: the first caller starts it, later
 * callers wait for the same promise. A failure is forgotten, so the next caller tries again
 * rather than every later file failing with the first.
 */
function oncePerName<T>(made: Map<string, Promise<T>>, name: string, make: () => Promise<T>): Promise<T> {
  let result = made.get(name);
  if (!result) {
    result = make();
    made.set(name, result);
    result.catch(() => made.delete(name));
  }
  return result;
}

/** Per test process: the data directories of `openSeededTestPglite`'s seeds, by name. */
const seededTemplates = new Map<string, Promise<Blob>>();

/**
 * A fresh in-memory PGlite holding what `seed` writes (the demo company, a browser test's fixture
 * companies). The seed runs once per test process under `name` and is dumped; every later database
 * of that name loads the dump, as a copy of the migrated template does, instead of importing again
 * (eight companies' imports cost a browser-test file about 3 s of a core). A test process runs
 * several files one after another, so a seed must not depend on the file that asks for it.
 */
export async function openSeededTestPglite(
  name: string,
  seed: (db: DatabaseHandle['db']) => Promise<void>,
): Promise<DatabaseHandle> {
  const template = oncePerName(seededTemplates, name, () =>
    dumpMigratedPglite({ from: pgliteTemplateFromSetup(), seed }),
  );
  return openDatabase({ kind: 'pglite', dataDir: null, template: await template });
}

/** Per test process: the PostgreSQL template databases of `openSeededTestPostgres`'s seeds, by name. */
const seededPostgresTemplates = new Map<string, Promise<string>>();

/**
 * A fresh database on the PostgreSQL server of `serverUrl` holding what `seed` writes: as
 * `openSeededTestPglite`, the seed runs once per test process into a template database (a copy of
 * the run's migrated template), and every database of that name is a copy of it. The run's global
 * setup drops the seeded templates with its own (their names start with its name).
 */
export async function openSeededTestPostgres(
  serverUrl: string,
  name: string,
  seed: (db: DatabaseHandle['db']) => Promise<void>,
): Promise<DatabaseHandle> {
  const template = oncePerName(seededPostgresTemplates, name, () => seededPostgresTemplate(serverUrl, seed));
  return openScratchPostgres(serverUrl, await template);
}

async function seededPostgresTemplate(
  serverUrl: string,
  seed: (db: DatabaseHandle['db']) => Promise<void>,
): Promise<string> {
  const runTemplate = process.env[POSTGRES_TEMPLATE_ENV];
  const seeded = await createScratchDatabase(serverUrl, 'scheduler_test', runTemplate);
  const handle = await openDatabase({ kind: 'postgres', url: seeded.url });
  try {
    await seed(handle.db);
  } finally {
    await handle.close();
  }
  await closeToConnections(serverUrl, seeded.name);
  return seeded.name;
}

/**
 * Makes a database usable as a template: a copy needs it without sessions, and closed connections
 * leave the server a moment after they close.
 */
export async function closeToConnections(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `alter database ${name} with allow_connections false`);
  await onServer(
    serverUrl,
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
  );
}

export function testDatabaseFactories(): TestDatabaseFactory[] {
  const factories: TestDatabaseFactory[] = [{ name: 'pglite', open: openTestPglite, openSeeded: openSeededTestPglite }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl)
    factories.push({
      name: 'postgres',
      open: () => openScratchPostgres(serverUrl),
      openSeeded: (name, seed) => openSeededTestPostgres(serverUrl, name, seed),
    });
  return factories;
}

/**
 * The run's database (decision 0069): PostgreSQL when TEST_DATABASE_URL names one (CI), the
 * embedded PGlite otherwise. For suites whose subject is the HTTP layer, not the engine.
 */
export function runsDatabaseFactory(): TestDatabaseFactory {
  return testDatabaseFactories().at(-1)!;
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE and DROP DATABASE need one outside the database). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on the PostgreSQL server, and how to drop it again: empty, or a copy of
 * `template` (CREATE DATABASE ... TEMPLATE copies its files, far quicker than migrating).
 *
 * Inside a test run (its global setup named the run's template), the database is named after the
 * run's template and `drop()` leaves it for the run's end, where the setup's teardown drops every
 * database of the run at once. PostgreSQL 15 makes each DROP DATABASE wait for a checkpoint of the
 * whole server (every dirty page of every test database written and synced): dropped one by one as
 * each file ended, about 250 a run, each held its file for 1 to 7 s of writes that slowed every other
 * file's queries, 358 s of checkpoints in one morning's runs. Dropped together at the end, the
 * checkpoints their drops wait for are shared and find little left to write.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'scheduler_test',
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const runTemplate = process.env[POSTGRES_TEMPLATE_ENV];
  const name = `${runTemplate ?? prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: runTemplate
      ? () => Promise.resolve()
      : () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Creates a scratch database for one test file (a copy of `template`, by default the run's when there is one) and drops it when the handle closes. */
async function openScratchPostgres(
  serverUrl: string,
  template = process.env[POSTGRES_TEMPLATE_ENV],
): Promise<DatabaseHandle> {
  const scratch = await createScratchDatabase(serverUrl, 'scheduler_test', template);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dumpMigratedPglite, openDatabase } from '../db/connection.ts';
import {
  closeToConnections,
  databaseUrl,
  onServer,
  PGLITE_TEMPLATE_FILE_ENV,
  POSTGRES_TEMPLATE_ENV,
} from '../db/test-databases.ts';

/**
 * Vitest's global setup: migrates one PGlite and, with TEST_DATABASE_URL, one PostgreSQL database
 * before any test file runs, and names them to the workers through the environment. Every test
 * database is then a copy of these (test-databases.ts) instead of a migration of its own: a fresh
 * PGlite runs initdb and eight migrations (about 2 to 4 s on two busy cores), a copy loads in
 * half a second. Several projects list this setup; the first prepares the templates, the others
 * find them named and leave them to it.
 */
export default async function prepareDatabaseTemplates(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[PGLITE_TEMPLATE_FILE_ENV]) return undefined;
  const folder = await mkdtemp(join(tmpdir(), 'scheduler-test-template-'));
  const file = join(folder, 'pglite-data.tar');
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Unique per run: other runs on the same machine may share the PostgreSQL server.
  const postgresTemplate = serverUrl ? `scheduler_template_${randomBytes(6).toString('hex')}` : undefined;
  // One after the other: PGlite starts inside this process and holds its event loop for seconds
  // at a time, long enough for a PostgreSQL connection being opened meanwhile to time out.
  if (serverUrl && postgresTemplate) await migratePostgresTemplate(serverUrl, postgresTemplate);
  const pgliteData = await dumpMigratedPglite();
  await writeFile(file, new Uint8Array(await pgliteData.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_FILE_ENV] = file;
  if (postgresTemplate) process.env[POSTGRES_TEMPLATE_ENV] = postgresTemplate;
  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (serverUrl && postgresTemplate) await dropTemplates(serverUrl, postgresTemplate);
  };
}

/** Creates and migrates the template; nothing may stay connected to it, or copying it fails. */
async function migratePostgresTemplate(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `create database ${name}`);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
  await handle.close();
  await closeToConnections(serverUrl, name);
}

/**
 * How many databases the teardown drops at once: each DROP DATABASE waits for a checkpoint, and
 * drops waiting together share one (test-databases.ts's createScratchDatabase says why they wait
 * for the end).
 */
const DROPS_AT_ONCE = 8;

/**
 * The run's template and every database the test processes made from it or beside it (the seeded
 * templates and each file's scratch database: test-databases.ts names them after it).
 */
async function dropTemplates(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let made: string[];
  try {
    const rows = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `${name}\\_%`,
    ]);
    made = rows.rows.map((row) => row.datname);
  } finally {
    await admin.end();
  }
  const queue = [...made];
  const dropNext = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift())
      await onServer(serverUrl, `drop database if exists ${next} with (force)`);
  };
  await Promise.all(Array.from({ length: DROPS_AT_ONCE }, dropNext));
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
}

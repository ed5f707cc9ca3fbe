import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './connection.ts';

/**
 * The databases the database tests run against: an in-memory PGlite always, and a fresh database
 * on the real PostgreSQL server named by TEST_DATABASE_URL when it is set.
 */
export interface TestDatabaseFactory {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle>;
}

export function testDatabaseFactories(): TestDatabaseFactory[] {
  const factories: TestDatabaseFactory[] = [{ name: 'pglite', open: () => openDatabase({ kind: 'pglite', dataDir: null }) }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) factories.push({ name: 'postgres', open: () => openScratchPostgres(serverUrl) });
  return factories;
}

/** A new, empty database on the PostgreSQL server, and how to drop it again. */
export async function createScratchDatabase(serverUrl: string, prefix = 'scheduler_test'): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Creates a scratch database for one test file and drops it when the handle closes. */
async function openScratchPostgres(serverUrl: string): Promise<DatabaseHandle> {
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

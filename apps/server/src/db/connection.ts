import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { listenEmbedded, listenPostgres, type ChangeFeed } from './change-feed.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything a repository can run queries on: the database or a transaction in progress. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The connection string of a PostgreSQL database (another process may open it too). */
  url?: string;
  /** What changed in the database, for the read caches. */
  changes: ChangeFeed;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: the advisory lock that serialises migrations across starting instances. */
const MIGRATION_LOCK = 727_001;

/**
 * Several instances may start at once against one PostgreSQL: each migrates while holding an
 * advisory lock, so the first applies the migrations and the others find them applied.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

export type DatabaseLocation = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

/** Opens the database and brings its schema up to date. A null dataDir keeps PGlite in memory. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // A connection the server ends (restart, failover, administrator) emits 'error' on its
    // client, idle or already let go by the pool. Unhandled, that would end the process; the
    // pool opens a fresh connection for the next query, and queries in flight fail on their own.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    await migrateUnderLock(pool);
    const changes = await listenPostgres(location.url, pool);
    return {
      db,
      kind: 'postgres',
      url: location.url,
      changes: changes.feed,
      ping: async () => void (await pool.query('select 1')),
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  const client = new PGlite(location.dataDir ?? 'memory://', { extensions: { btree_gist } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const changes = await listenEmbedded(client);
  return {
    db,
    kind: 'pglite',
    changes: changes.feed,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

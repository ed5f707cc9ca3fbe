import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { listenEmbedded, listenPostgres, type ChangeFeed } from './change-feed.ts';
import { serverPath } from '../server-root.ts';

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

const PGLITE_EXTENSIONS = { btree_gin, btree_gist, pg_trgm, unaccent };

const migrationsFolder = serverPath('src', 'db', 'migrations');

/** Any fixed number: the advisory lock that serialises migrations across starting instances. */
const MIGRATION_LOCK = 727_001;

/**
 * Several instances may start at once against one PostgreSQL: each migrates while holding an
 * advisory lock, so the first applies the migrations and the others find them applied. It runs on
 * its own connection without the statement timeout, because waiting for another instance's
 * migrations, or a migration itself, may rightly take longer than any request's query.
 */
async function migrateUnderLock(url: string, timeouts: DatabaseTimeouts): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    keepAlive: true,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    // Ending the session releases its advisory lock too.
    await client.end().catch(() => undefined);
  }
}

export interface DatabaseTimeouts {
  /** Opening a PostgreSQL connection, or waiting for a free one in the pool. */
  connectTimeoutMs: number;
  /** One query, from sending it to its answer. */
  statementTimeoutMs: number;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectTimeoutMs: 2_000, statementTimeoutMs: 2_000 };

/**
 * PostgreSQL cancels a query that runs too long itself (statement_timeout); one whose answer
 * never arrives (a stalled network) is given up by the client this much later, so that the
 * server's own cancellation, with its clearer error, normally comes first.
 */
const ANSWER_GRACE_MS = 250;

function postgresClientConfig(url: string, timeouts: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.statementTimeoutMs + ANSWER_GRACE_MS,
    keepAlive: true,
  };
}

/** What node-postgres rejects a query with when its answer did not arrive within query_timeout. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/** The text of a query: node-postgres takes the text itself or a config holding it. */
function queryText(args: unknown[]): string {
  const [first] = args;
  if (typeof first === 'string') return first;
  return typeof first === 'object' && first !== null && 'text' in first && typeof first.text === 'string'
    ? first.text
    : '';
}

/**
 * Watches the queries on a pooled connection for two failures that an outage brings:
 * - A query given up for want of an answer leaves its connection waiting for that answer, and
 *   what is queued behind it (a transaction's rollback) would wait a whole timeout more. The
 *   connection is cut instead: what is queued fails at once and the pool replaces it.
 * - The ORM gives a transaction's connection back to the pool only once its BEGIN has succeeded;
 *   a failed BEGIN would keep the connection checked out for good, and a few of them would use
 *   up the pool, so that the server stayed unavailable after the database came back. It is given
 *   back here, as failed, which also closes it.
 */
function watchPooledClient(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const onFailure = (args: unknown[]) => (error: unknown) => {
    if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) client.connection.stream.destroy();
    if (error instanceof Error && queryText(args).trim().toLowerCase() === 'begin') client.release(error);
  };
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const failed = onFailure(args);
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
          if (error) failed(error);
          return (callback as (...callbackArgs: unknown[]) => unknown)(error, ...rest);
        };
        return query(...args);
      }
      const result = query(...args);
      // The caller handles the rejection; this only watches it.
      if (result instanceof Promise) result.catch(failed);
      return result;
    },
  });
}

/**
 * Where the database is. An in-memory PGlite may start from `template`, a data directory dumped
 * by `dumpMigratedPglite`: that skips initdb and the migrations, which the tests would otherwise
 * pay for every database they open.
 */
export type DatabaseLocation =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null; template?: Blob };

/**
 * Opens the database and brings its schema up to date. A null dataDir keeps PGlite in memory.
 * The timeouts bound how long PostgreSQL may keep a request waiting (PGlite runs in-process and
 * cannot go away).
 */
export async function openDatabase(
  location: DatabaseLocation,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
): Promise<DatabaseHandle> {
  if (location.kind === 'postgres') {
    const clientConfig = postgresClientConfig(location.url, timeouts);
    const pool = new pg.Pool({ ...clientConfig, max: 10 });
    // A connection the server ends (restart, failover, administrator) emits 'error' on its
    // client, idle or already let go by the pool. Unhandled, that would end the process; the
    // pool opens a fresh connection for the next query, and queries in flight fail on their own.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      watchPooledClient(client);
    });
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    await migrateUnderLock(location.url, timeouts);
    const changes = await listenPostgres(clientConfig, pool);
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
  const options = await pgliteOptions();
  const client = location.template
    ? new PGlite({ loadDataDir: location.template, ...options })
    : new PGlite(location.dataDir ?? 'memory://', options);
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

type PgliteAssets = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>;
/** Node's WebAssembly, which the server's types (no DOM library) do not declare. */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteAssets['pgliteWasmModule']> } }
).WebAssembly;

let pgliteAssetsLoaded: Promise<PgliteAssets> | undefined;

/**
 * Every PGlite's options: our extensions, and PostgreSQL's WebAssembly, compiled, and its file
 * bundle, read once per process, so that every PGlite opened after the first starts from them (a
 * test process opens dozens; this saves about 0.6 s each).
 */
/**
 * An in-memory PGlite with the app's extensions and no migration applied: the data-migration tests
 * apply the migrations one by one, with rows seeded between them.
 */
export async function openUnmigratedPglite(): Promise<PGlite> {
  const client = new PGlite('memory://', await pgliteOptions());
  await client.waitReady;
  return client;
}

async function pgliteOptions(): Promise<PGliteOptions> {
  pgliteAssetsLoaded ??= (async () => {
    const resolve = createRequire(import.meta.url).resolve;
    const [code, data] = await Promise.all([
      readFile(resolve('@electric-sql/pglite/pglite.wasm')),
      readFile(resolve('@electric-sql/pglite/pglite.data')),
    ]);
    return { pgliteWasmModule: await wasm.compile(code), fsBundle: new Blob([data]) };
  })();
  return { extensions: PGLITE_EXTENSIONS, ...(await pgliteAssetsLoaded) };
}

/**
 * How a dumped data directory is kept small: every test database loads one, and loading costs in
 * proportion to its size (PGlite unpacks the tar in JavaScript, file by file), about 1 s of a core
 * for the 43 MB a plain initdb and the migrations leave. WAL segments of 1 MB instead of 16, and
 * no more of them kept than two; the dump then drops template0 and template1, which only CREATE
 * DATABASE reads. What remains is about 12 MB and loads in about half the time.
 */
const SMALL_DUMP_INITDB = ['--wal-segsize=1'];
const SMALL_DUMP_START = [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=2MB'];

/**
 * A migrated in-memory PGlite's data directory, uncompressed (it loads fastest so): empty, or
 * holding what `seed` writes. `from` starts it from another such directory instead of initdb. For
 * test databases: the dump has no template databases.
 */
export async function dumpMigratedPglite(
  options: { from?: Blob; seed?: (db: Database) => Promise<void> } = {},
): Promise<Blob> {
  const assets = { ...(await pgliteOptions()), startParams: SMALL_DUMP_START };
  const client = options.from
    ? new PGlite({ loadDataDir: options.from, ...assets })
    : new PGlite('memory://', { ...assets, initDbStartParams: SMALL_DUMP_INITDB });
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    if (options.seed) await options.seed(drizzlePglite(client, { schema }) as unknown as Database);
    // One statement per call: DROP DATABASE refuses to run in the implicit transaction of several.
    await client.query(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
    await client.query('drop database if exists template0');
    await client.query('drop database if exists template1');
    await client.query('vacuum full');
    await client.query('checkpoint');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Independent reads: at once on the pool (each takes a connection of its own), one after another
 * on a transaction, whose single connection runs one query at a time (node-postgres queues
 * overlapping queries today, with a deprecation warning, and refuses them from pg 9).
 */
export async function readTogether<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: Executor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as never;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as never;
}

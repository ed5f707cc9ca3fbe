/**
 * The scale databases on the machine's PostgreSQL: built once per size (a marker table says by
 * which generator version), and copied for each run, so that every run measures the same rows
 * whatever the previous runs booked. The server's own code opens them (openDatabase: its pool, its
 * timeouts and its migrations, as DATABASE_URL makes the product do).
 */
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/connection.ts';

/** postgres://postgres@127.0.0.1:5432 unless SCALE_POSTGRES_URL names another server (no database in it). */
export const SERVER_URL = process.env.SCALE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export const urlOf = (database: string) => `${SERVER_URL}/${database}`;

/** What a built database holds: the generator's version and size, and how long building took. */
export interface BuildMarker {
  version: number;
  size: string;
  builtAt: string;
  buildSeconds: number;
  /** The big company's facts the reads need (an inspector, a client's last name, an order). */
  facts: Record<string, unknown>;
}

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function databaseExists(database: string): Promise<boolean> {
  return withServer(async (client) => {
    const result = await client.query('select 1 from pg_database where datname = $1', [database]);
    return result.rowCount === 1;
  });
}

export async function dropDatabase(database: string): Promise<void> {
  await withServer((client) => client.query(`drop database if exists ${quoted(database)} with (force)`));
}

/** A new empty database (dropping one of that name first). */
export async function createEmptyDatabase(database: string): Promise<void> {
  await dropDatabase(database);
  await withServer((client) => client.query(`create database ${quoted(database)}`));
}

/** A file-level copy of a built database (CREATE DATABASE ... TEMPLATE: no row is rewritten). */
export async function copyDatabase(from: string, to: string): Promise<void> {
  await dropDatabase(to);
  // The template may still show the connections just closed for a moment ("being accessed by other users").
  for (let attempt = 1; ; attempt++) {
    try {
      await withServer((client) => client.query(`create database ${quoted(to)} template ${quoted(from)}`));
      return;
    } catch (error) {
      if (attempt === 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The marker of a built database, or null when it is missing, unfinished or of another size. */
export async function readMarker(database: string): Promise<BuildMarker | null> {
  if (!(await databaseExists(database))) return null;
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    const result = await client.query<{ marker: BuildMarker }>(`select marker from bench_scale_meta where id = 1`);
    return result.rows[0]?.marker ?? null;
  } catch {
    // No marker table: the build never finished.
    return null;
  } finally {
    await client.end();
  }
}

export async function writeMarker(database: DatabaseHandle, marker: BuildMarker): Promise<void> {
  const pool = poolOf(database);
  await pool.query(`create table if not exists bench_scale_meta (id int primary key, marker jsonb not null)`);
  await pool.query(
    `insert into bench_scale_meta (id, marker) values (1, $1) on conflict (id) do update set marker = excluded.marker`,
    [JSON.stringify(marker)],
  );
}

/** Opens a database as the server does (migrating it), with a statement timeout long enough for the generator's bulk inserts. */
export function openForBuilding(database: string): Promise<DatabaseHandle> {
  return openDatabase(
    { kind: 'postgres', url: urlOf(database) },
    { connectTimeoutMs: 10_000, statementTimeoutMs: 3_600_000 },
  );
}

/** Opens a database exactly as the product does with DATABASE_URL (its default timeouts). */
export function openAsServer(database: string): Promise<DatabaseHandle> {
  return openDatabase({ kind: 'postgres', url: urlOf(database) });
}

/** The node-postgres pool under the handle's Drizzle database: the generator's bulk statements go straight to it. */
export function poolOf(database: DatabaseHandle): pg.Pool {
  return (database.db as unknown as { $client: pg.Pool }).$client;
}

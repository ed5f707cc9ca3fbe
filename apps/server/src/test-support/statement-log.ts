import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../db/connection.ts';
import * as schema from '../db/schema.ts';

/**
 * The handle's database, seen through a second ORM instance over the same connection (PGlite) or
 * pool (PostgreSQL) that records the text of every statement it sends: what a test counts to
 * prove that a write is one statement for many rows, not one a row.
 */
export function loggedDatabase(handle: DatabaseHandle): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const logger: Logger = { logQuery: (query) => void statements.push(query) };
  // Both drivers keep the client they were given as `$client`.
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db =
    handle.kind === 'pglite'
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePostgres(client as pg.Pool, { schema, logger });
  return { db: db as unknown as Database, statements };
}

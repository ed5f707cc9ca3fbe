import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { testDatabaseFactories } from './test-databases.ts';
import type { DatabaseHandle } from './connection.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** The error a promise rejects with. */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe.each(testDatabaseFactories())('errors in what was asked are not an outage, on $name', (factory) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await factory.open();
  });
  afterAll(async () => database.close());

  it('does not take a unique violation, a syntax error or a bad value for the database being away', async () => {
    await database.db.execute(sql`create temporary table unique_things (id int primary key)`);
    await database.db.execute(sql`insert into unique_things values (1)`);
    for (const statement of [
      sql`insert into unique_things values (1)`,
      sql`selec 1`,
      sql`select 'not a number'::int`,
    ]) {
      const error = await failureOf(database.db.execute(statement));
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe('a database that is away', () => {
  it('is recognised from a refused connection, also when wrapped', async () => {
    // A port that was free a moment ago and has no listener now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const pool = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
      connectionTimeoutMillis: 1_000,
    });
    const refused = await failureOf(pool.query('select 1'));
    await pool.end();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase } from './connection.ts';
import { createScratchDatabase } from './test-databases.ts';
import { POSTGRES_SKIP_REASON } from '../test-support/each-database.ts';
import * as t from './schema.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('migrations and connections', () => {
  it('PGlite: reopening a migrated data folder keeps its data and migrates nothing twice', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scheduler-pglite-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await first.db.insert(t.companies).values({ key: 'kept', name: 'Kept Inspections' });
      await first.close();
      const second = await openDatabase({ kind: 'pglite', dataDir });
      expect(
        await second.db.select({ name: t.companies.name }).from(t.companies).where(eq(t.companies.key, 'kept')),
      ).toEqual([{ name: 'Kept Inspections' }]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // Two embedded databases started on disk, one after the other: on a busy two-core machine
    // this alone took 30 to 50 seconds.
  }, 120_000);

  it.skipIf(!serverUrl)(
    `PostgreSQL: several instances start at once against one empty database${serverUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
    async () => {
      const scratch = await createScratchDatabase(serverUrl!, 'scheduler_migrate');
      try {
        const handles = await Promise.all(
          Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: scratch.url })),
        );
        for (const handle of handles) expect(await handle.db.select().from(t.companies)).toEqual([]);
        await Promise.all(handles.map((handle) => handle.close()));
      } finally {
        await scratch.drop();
      }
    },
  );

  it.skipIf(!serverUrl)(
    `PostgreSQL: a connection the server terminates does not end the process${serverUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
    async () => {
      const scratch = await createScratchDatabase(serverUrl!, 'scheduler_terminate');
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
        await handle.ping();
        // The server ends every connection to the database, as a restart would.
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [scratch.name]);
        // Gone once the server lists none of them (rather than after a guessed wait).
        await expect
          .poll(
            async () =>
              (await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [scratch.name]))
                .rows[0].n,
            { timeout: 5_000 },
          )
          .toBe(0);
        // The pool hears of each closed socket on its own time: a query may meet one that is not yet
        // dropped (and fail, answered 503), but the process lives on and the pool recovers by itself.
        await expect
          .poll(
            () =>
              handle.ping().then(
                () => 'answered',
                () => 'refused',
              ),
            { timeout: 5_000 },
          )
          .toBe('answered');
        await handle.close();
      } finally {
        await admin.end();
        await scratch.drop();
      }
    },
  );
});

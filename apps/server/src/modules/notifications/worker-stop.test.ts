import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { NotificationWorker } from './notification-worker.ts';
import { testWorker } from './worker-test-support.ts';

/**
 * A worker being stopped finishes the job in hand and claims no other: a shutdown waits for one
 * job, not for the queue to empty, and a long job (the pruning job) is told to stop at its next
 * safe point.
 */
describeOnEachDatabase('a notification worker being stopped', (factory) => {
  let database: DatabaseHandle;
  let outbox: string;
  beforeAll(async () => {
    database = await factory.open();
    outbox = mkdtempSync(join(tmpdir(), 'worker-stop-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('tells the job in hand that it is stopping, lets it finish, and leaves the next due job queued', async () => {
    const now = new Date('2027-03-01T14:00:00.000Z');
    await database.db.insert(t.jobs).values(
      ['first', 'second'].map((key, i) => ({
        companyId: null,
        kind: 'long_system_job',
        dedupeKey: key,
        payload: { key },
        runAt: new Date(now.getTime() - 60_000 + i),
      })),
    );
    const seen: Array<{ key: unknown; stoppingBefore: boolean; stoppingAfter: boolean }> = [];
    let stopped: Promise<void> | null = null;
    const worker: NotificationWorker = testWorker(database.db, outbox, {
      now: () => now.getTime(),
      systemJobHandlers: {
        long_system_job: async (job) => {
          const stoppingBefore = job.stopping();
          stopped ??= worker.stop();
          seen.push({ key: job.payload.key, stoppingBefore, stoppingAfter: job.stopping() });
          return 'done';
        },
      },
    });
    worker.start();
    await expect.poll(() => stopped).not.toBeNull();
    await stopped;
    expect(seen).toEqual([{ key: 'first', stoppingBefore: false, stoppingAfter: true }]);
    const left = await database.db
      .select({ key: t.jobs.dedupeKey, done: t.jobs.doneAt })
      .from(t.jobs)
      .where(eq(t.jobs.kind, 'long_system_job'));
    expect(left.map((row) => [row.key, row.done !== null]).sort()).toEqual([
      ['first', true],
      ['second', false],
    ]);
    // Stopped, it drains again when asked to directly.
    await worker.runDue();
    expect(seen.map((entry) => entry.key)).toEqual(['first', 'second']);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { retentionStatusSchema } from '@scheduler/contracts/retention';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { RETENTION_JOB } from './retention-runs.repository.ts';
import { retentionJobHandlers, scheduleRetention } from './retention.service.ts';

/**
 * The pruning job through the message worker, as the server runs it (a job of no company on the
 * queue), and what the operator reads of it: GET /api/admin/retention behind the admin token.
 */
describeOnEachDatabase('the pruning job on the queue, and its status for the operator', (factory) => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { RETENTION_DAYS: '7' } });
  });
  afterAll(async () => harness.close());

  const status = () =>
    harness.app.inject({
      method: 'GET',
      url: '/api/admin/retention',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });

  it('refuses a caller without the admin token (401)', async () => {
    const refused = await harness.app.inject({ method: 'GET', url: '/api/admin/retention' });
    expect(refused.statusCode).toBe(401);
    const wrong = await harness.app.inject({
      method: 'GET',
      url: '/api/admin/retention',
      headers: { authorization: 'Bearer not-the-admin-token-000' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('runs the queued job on the worker, records the run, queues the next, and shows them to the operator', async () => {
    const db = harness.database.db;
    const clock = harness.clock.now;
    const before = await status();
    expect(before.statusCode).toBe(200);
    expect(retentionStatusSchema.parse(before.json())).toMatchObject({ retention_days: 7, runs: [] });

    const deps = { db, policy: { days: 7 }, everyMinutes: 90, clock };
    await scheduleRetention(deps);
    const worker = testWorker(db, mkdtempSync(join(tmpdir(), 'retention-')), {
      now: clock,
      systemJobHandlers: retentionJobHandlers(deps),
    });
    await worker.runDue();
    const jobs = await db.select().from(t.jobs).where(eq(t.jobs.kind, RETENTION_JOB));
    const done = jobs.filter((job) => job.doneAt !== null);
    expect(done.map((job) => job.lastError)).toEqual(['pruned']);
    const waiting = jobs.filter((job) => job.doneAt === null);
    expect(waiting.map((job) => job.runAt.getTime())).toEqual([clock() + 90 * 60_000]);

    const after = retentionStatusSchema.parse((await status()).json());
    expect(after.runs).toHaveLength(1);
    expect(after.runs[0]).toMatchObject({ error: null, finished_at: new Date(clock()).toISOString() });
    expect(Object.keys(after.runs[0]!.deleted)).toContain('finished_jobs');
    expect(after.next_run_at).toBe(new Date(clock() + 90 * 60_000).toISOString());
  });
});

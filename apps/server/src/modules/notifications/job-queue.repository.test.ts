import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocument } from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import {
  claimDueJob,
  completeJob,
  dropPendingJobs,
  enqueueJobs,
  pendingJobCount,
  retryJob,
  type JobSelector,
} from './job-queue.repository.ts';

/**
 * The queue's claim, at its bounds (a job due exactly now, a lease ending exactly now) and under
 * concurrency: on PostgreSQL the claims below really run side by side on the pool's connections.
 */
const NOW = new Date('2026-11-24T15:00:00.000Z');
const LEASE_MS = 60_000;
/** Two orders' ids (jobs.order_id is a uuid, copied from the payload when a job is queued). */
const O1 = '00000000-0000-4000-8000-000000000001';
const O2 = '00000000-0000-4000-8000-000000000002';
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

describeOnEachDatabase('the job queue', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  let companyId: string;
  let serial = 0;

  /** A job of the demo company due at `runAt`; its id. */
  async function enqueue(runAt: Date, extra: Partial<typeof t.jobs.$inferInsert> = {}): Promise<number> {
    serial += 1;
    const [row] = await database.db
      .insert(t.jobs)
      .values({
        companyId,
        kind: 'confirmation_email',
        dedupeKey: `job-${serial}`,
        payload: { n: serial },
        runAt,
        ...extra,
      })
      .returning({ id: t.jobs.id });
    return row!.id;
  }

  beforeAll(async () => {
    database = await factory.open();
    await importCompanyDocument(database.db, demoDocument());
    const [company] = await database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    companyId = company!.id;
  });
  beforeEach(async () => {
    await database.db.delete(t.jobs);
  });
  afterAll(async () => database?.close());

  it('claims a job due exactly now, and not one due a millisecond later', async () => {
    const later = await enqueue(at(1));
    const due = await enqueue(NOW);
    const claimed = await claimDueJob(database.db, NOW, LEASE_MS);
    expect(claimed).toMatchObject({ id: due, companyId, kind: 'confirmation_email', attempts: 1 });
    expect(await claimDueJob(database.db, NOW, LEASE_MS)).toBeNull();
    expect((await claimDueJob(database.db, at(1), LEASE_MS))?.id).toBe(later);
  });

  it('takes over a job whose lease ends exactly now, not one whose lease has a millisecond left, counting each try', async () => {
    const id = await enqueue(at(-LEASE_MS));
    expect((await claimDueJob(database.db, at(-LEASE_MS), LEASE_MS))?.attempts).toBe(1);
    // The first worker died holding it: its lease runs to NOW.
    expect(await claimDueJob(database.db, at(-1), LEASE_MS)).toBeNull();
    expect(await claimDueJob(database.db, NOW, LEASE_MS)).toMatchObject({ id, attempts: 2 });
  });

  it('claims the oldest due job first, then by id; never a done job', async () => {
    const done = await enqueue(at(-3000));
    await completeJob(database.db, done, at(-2500));
    const second = await enqueue(at(-1000));
    const first = await enqueue(at(-2000));
    const third = await enqueue(at(-1000));
    const order = [];
    for (let i = 0; i < 4; i++) order.push((await claimDueJob(database.db, NOW, LEASE_MS))?.id ?? null);
    expect(order).toEqual([first, second, third, null]);
    expect(await pendingJobCount(database.db)).toBe(3);
    // Due by a moment: the job of exactly that moment counts, one a millisecond later does not.
    await enqueue(at(1));
    expect(await pendingJobCount(database.db, at(0))).toBe(3);
    expect(await pendingJobCount(database.db, at(1))).toBe(4);
  });

  it('puts a failed job back for later, free of its lease, and claims it again only then', async () => {
    const id = await enqueue(NOW);
    await claimDueJob(database.db, NOW, LEASE_MS);
    await retryJob(database.db, id, at(30_000), 'smtp_refused');
    expect(await claimDueJob(database.db, at(29_999), LEASE_MS)).toBeNull();
    expect(await claimDueJob(database.db, at(30_000), LEASE_MS)).toMatchObject({ id, attempts: 2 });
    const [row] = await database.db.select().from(t.jobs).where(eq(t.jobs.id, id));
    expect(row!.lastError).toBe('smtp_refused');
  });

  it("drops a manage link's token from a job's payload when it is done, keeping the rest; a retried job keeps it", async () => {
    const token = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const payload = {
      order_id: 'o-1',
      to: 'dana@example.com',
      manage_link_for: { role: 'client', recipient: 'dana@example.com' },
      manage_token: token,
    };
    const sent = await enqueue(NOW, { payload });
    const retried = await enqueue(NOW, { payload });
    await retryJob(database.db, retried, at(1000), 'ECONNREFUSED');
    await completeJob(database.db, sent, NOW);
    const rows = new Map((await database.db.select().from(t.jobs)).map((row) => [row.id, row]));
    expect(rows.get(sent)!.payload).toEqual({
      order_id: 'o-1',
      to: 'dana@example.com',
      manage_link_for: { role: 'client', recipient: 'dana@example.com' },
    });
    expect(rows.get(sent)!.doneAt).toEqual(NOW);
    expect(rows.get(retried)!.payload.manage_token).toBe(token);
    // Refused for good (an outcome code): the token goes too.
    await completeJob(database.db, retried, NOW, 'SMS_REFUSED 21211');
    const [refused] = await database.db.select().from(t.jobs).where(eq(t.jobs.id, retried));
    expect(refused!.payload).not.toHaveProperty('manage_token');
    expect(refused!.lastError).toBe('SMS_REFUSED 21211');
  });

  it("drops in one statement an order's pending jobs that any selector names, by kind and payload, and nothing else", async () => {
    const reminders: JobSelector[] = [{ kind: 'reminder_email' }, { kind: 'sms', payload: { message: 'reminder' } }];
    const job = (
      orderId: string,
      kind: string,
      payload: Record<string, unknown>,
      extra: Partial<typeof t.jobs.$inferInsert> = {},
    ) => enqueue(NOW, { kind, orderId, payload: { order_id: orderId, ...payload }, ...extra });
    const dropped = [
      await job(O1, 'reminder_email', { hours_before: 24 }),
      await job(O1, 'sms', { message: 'reminder' }),
    ];
    const kept = [
      await job(O1, 'sms', { message: 'confirmation' }),
      await job(O1, 'confirmation_email', { message: 'reminder' }),
      await job(O1, 'reminder_email', {}, { doneAt: NOW }),
      await job(O2, 'reminder_email', {}),
      await job(O2, 'sms', { message: 'reminder' }),
    ];
    expect(await dropPendingJobs(database.db, companyId, O1, reminders)).toBe(2);
    const left = (await database.db.select({ id: t.jobs.id }).from(t.jobs)).map((row) => row.id);
    expect(left.sort((a, b) => a - b)).toEqual(kept);
    expect(left.some((id) => dropped.includes(id))).toBe(false);
    expect(await dropPendingJobs(database.db, companyId, O1, [])).toBe(0);
    // Another company's jobs of the same order id are not touched.
    expect(await dropPendingJobs(database.db, '00000000-0000-4000-8000-0000000000ff', O2, reminders)).toBe(0);
  });

  it('gives each of twelve due jobs to exactly one of twenty-four workers claiming at the same moment', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await enqueue(at(-i)));
    const claims = await Promise.all(Array.from({ length: 24 }, () => claimDueJob(database.db, NOW, LEASE_MS)));
    const claimed = claims.filter((c) => c !== null).map((c) => c.id);
    expect(claimed.sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    expect(claims.filter((c) => c === null)).toHaveLength(12);
  });

  it('queues nothing for an empty list, and a dedupe key the company already has once', async () => {
    await enqueueJobs(database.db, []);
    expect(await pendingJobCount(database.db)).toBe(0);
    const job = {
      companyId,
      kind: 'confirmation_email',
      dedupeKey: 'confirmation:x:client:dana@example.com',
      payload: { n: 1 },
      runAt: NOW,
    };
    await enqueueJobs(database.db, [job]);
    await enqueueJobs(database.db, [
      { ...job, payload: { n: 2 } },
      { ...job, dedupeKey: 'confirmation:x:office:' },
    ]);
    const rows = await database.db.select({ key: t.jobs.dedupeKey, payload: t.jobs.payload }).from(t.jobs);
    expect(rows.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'confirmation:x:client:dana@example.com', payload: { n: 1 } },
      { key: 'confirmation:x:office:', payload: { n: 1 } },
    ]);
    expect(await pendingJobCount(database.db, at(-1))).toBe(0);
    expect(await pendingJobCount(database.db, NOW)).toBe(2);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  ORDER_HOLD_ATTEMPTS,
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
/** A company with no row: jobs.company_id has no foreign key, and the claim must keep its jobs apart. */
const OTHER_COMPANY = '00000000-0000-4000-8000-0000000000ff';

describeOnEachDatabase('the job queue', { onPgliteToo: 'every test' }, (factory, { itOnEveryDatabase }) => {
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
  /** A job of order `orderId` (of the demo company unless `extra` says otherwise) due at `runAt`. */
  const enqueueOf = (orderId: string, runAt: Date, extra: Partial<typeof t.jobs.$inferInsert> = {}) =>
    enqueue(runAt, { orderId, payload: { order_id: orderId }, ...extra });
  const claimId = async (when: Date) => (await claimDueJob(database.db, when, LEASE_MS))?.id ?? null;

  describe("an order's jobs, one at a time and in line (decision 0102)", () => {
    it('holds the second job of an order while the first runs, not a job of another order, nor one of no order', async () => {
      const first = await enqueueOf(O1, at(-2000));
      const second = await enqueueOf(O1, at(-2000));
      const otherOrder = await enqueueOf(O2, at(-1000));
      const noOrder = await enqueue(at(-500));
      expect(await claimId(NOW)).toBe(first);
      expect(await claimId(NOW)).toBe(otherOrder);
      expect(await claimId(NOW)).toBe(noOrder);
      expect(await claimId(NOW)).toBeNull();
      await completeJob(database.db, first, NOW);
      expect(await claimId(NOW)).toBe(second);
    });

    it("does not hold a job of another company's order of the same id", async () => {
      const running = await enqueueOf(O1, at(-2000));
      const held = await enqueueOf(O1, at(-2000));
      const othersJob = await enqueueOf(O1, at(-1000), { companyId: OTHER_COMPANY });
      expect(await claimId(NOW)).toBe(running);
      expect(await claimId(NOW)).toBe(othersJob);
      expect(await claimId(NOW)).toBeNull();
      expect(held).toBeGreaterThan(running);
    });

    it('takes over the earlier job whose lease ends exactly now, holding the later; with a second of lease left, claims neither', async () => {
      const earlier = await enqueueOf(O1, at(-LEASE_MS));
      const later = await enqueueOf(O1, at(-LEASE_MS));
      // A worker claimed the earlier job and died: its lease runs to NOW.
      expect(await claimId(at(-LEASE_MS))).toBe(earlier);
      expect(await claimId(at(-1000))).toBeNull();
      expect(await claimDueJob(database.db, NOW, LEASE_MS)).toMatchObject({ id: earlier, attempts: 2 });
      expect(await claimId(NOW)).toBeNull();
      await completeJob(database.db, earlier, NOW);
      expect(await claimId(NOW)).toBe(later);
    });

    it('holds the later jobs behind a failed job until its retry is due, and runs the retry first', async () => {
      const failing = await enqueueOf(O1, NOW);
      const later = await enqueueOf(O1, NOW);
      expect(await claimId(NOW)).toBe(failing);
      await retryJob(database.db, failing, at(30_000), 'ECONNREFUSED');
      expect(await claimId(at(29_999))).toBeNull();
      expect(await claimId(at(30_000))).toBe(failing);
      await retryJob(database.db, failing, at(90_000), 'ECONNREFUSED');
      expect(await claimId(at(89_999))).toBeNull();
      expect(await claimId(at(90_000))).toBe(failing);
      await completeJob(database.db, failing, at(90_000));
      expect(await claimId(at(90_000))).toBe(later);
    });

    it('releases the later jobs when the earlier one is given up (done with its outcome)', async () => {
      const refused = await enqueueOf(O1, NOW);
      const later = await enqueueOf(O1, NOW);
      expect(await claimId(NOW)).toBe(refused);
      await retryJob(database.db, refused, at(60_000), 'ECONNREFUSED');
      expect(await claimId(NOW)).toBeNull();
      await completeJob(database.db, refused, NOW, 'SMS_REFUSED 21211');
      expect(await claimId(NOW)).toBe(later);
    });

    it(`holds through ${ORDER_HOLD_ATTEMPTS - 1} failed attempts, not ${ORDER_HOLD_ATTEMPTS}: then the later jobs go first, and the failing one still runs`, async () => {
      const failing = await enqueueOf(O1, NOW, { attempts: ORDER_HOLD_ATTEMPTS - 1, runAt: at(30_000) });
      const later = await enqueueOf(O1, NOW);
      expect(await claimId(NOW)).toBeNull();
      await database.db.update(t.jobs).set({ attempts: ORDER_HOLD_ATTEMPTS }).where(eq(t.jobs.id, failing));
      expect(await claimId(NOW)).toBe(later);
      // It runs when due, and never beside a job of its order that is running.
      expect(await claimId(at(30_000))).toBeNull();
      await completeJob(database.db, later, NOW);
      expect(await claimId(at(30_000))).toBe(failing);
      // Its lease holds the order, even against a job due before its own time.
      const next = await enqueueOf(O1, at(10_000));
      expect(await claimId(at(30_000))).toBeNull();
      await completeJob(database.db, failing, at(30_000));
      expect(await claimId(at(30_000))).toBe(next);
    });

    it('lets a job due now go before one queued earlier for days ahead, and holds that one while the later runs', async () => {
      const reminder = await enqueueOf(O1, at(30_000));
      const change = await enqueueOf(O1, NOW);
      expect(await claimId(NOW)).toBe(change);
      // Still running when the reminder falls due: the reminder waits for it.
      expect(await claimId(at(30_000))).toBeNull();
      await completeJob(database.db, change, at(30_000));
      expect(await claimId(at(30_000))).toBe(reminder);
    });

    it('runs two jobs of no order side by side, as before', async () => {
      const one = await enqueue(NOW, { payload: { order_id: O1 } });
      const two = await enqueue(NOW, { payload: { order_id: O1 } });
      expect([await claimId(NOW), await claimId(NOW)]).toEqual([one, two]);
    });

    itOnEveryDatabase(
      'never runs two jobs of one order at once, runs them in queue order, and runs different orders side by side, under six racing workers',
      async () => {
        const orders = [O1, O2, '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004'];
        const queued = new Map<string, number[]>(orders.map((order) => [order, []]));
        for (let i = 0; i < 5; i++) for (const order of orders) queued.get(order)!.push(await enqueueOf(order, NOW));
        const running = new Map<string, number>();
        const ran = new Map<string, number[]>(orders.map((order) => [order, []]));
        let overlaps = 0;
        let mostAtOnce = 0;
        const worker = async () => {
          for (;;) {
            const job = await claimDueJob(database.db, NOW, LEASE_MS);
            if (!job) {
              if ((await pendingJobCount(database.db)) === 0) return;
              await new Promise((resolve) => setTimeout(resolve, 2));
              continue;
            }
            const order = String(job.payload.order_id);
            if (running.has(order)) overlaps++;
            running.set(order, job.id);
            mostAtOnce = Math.max(mostAtOnce, running.size);
            ran.get(order)!.push(job.id);
            await new Promise((resolve) => setTimeout(resolve, 5));
            running.delete(order);
            await completeJob(database.db, job.id, NOW);
          }
        };
        await Promise.all(Array.from({ length: 6 }, worker));
        expect(overlaps).toBe(0);
        expect(ran).toEqual(queued);
        expect(mostAtOnce).toBeGreaterThan(1);
      },
      30_000,
    );
  });
});

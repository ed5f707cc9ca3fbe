import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notificationsSchema } from '@scheduler/contracts/company-document';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { loadOrder } from '../orders/orders.repository.ts';
import { REMINDER_EMAIL_JOB, SMS_JOB, type QueuedJob } from './confirmation-jobs.ts';
import { paymentReceiptJobs } from '../payments/receipt-jobs.ts';
import { enqueueJobs } from './job-queue.repository.ts';
import { replanReminders } from './reminder-plan.ts';
import { testWorker } from './worker-test-support.ts';

const HOUR_MS = 3_600_000;
const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describeOnEachDatabase('reminders and receipts', (factory) => {
  let harness: TestApp;
  let outbox: string;
  /** A second instance's own connection on PostgreSQL; PGlite has one. */
  let second: DatabaseHandle | null = null;
  const reminders = [
    { hours_before: 48, to: ['client', 'agent'] },
    { hours_before: 24, to: ['client'] },
  ];

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    const document = { ...demoDocument(), notifications: { notify_agents: true, reminders } };
    const imported = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: document,
    });
    expect(imported.statusCode).toBe(200);
    outbox = mkdtempSync(join(tmpdir(), 'reminders-outbox-'));
    if (harness.database.url) second = await openDatabase({ kind: 'postgres', url: harness.database.url });
  });
  afterAll(async () => {
    await second?.close();
    await harness.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  /** One instance's worker, on its own clock. */
  const workerOn = (db: Database, now: number) => testWorker(db, outbox, { now: () => now });

  async function remindersSent() {
    const mails = await Promise.all(
      readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .map(async (name) => simpleParser(readFileSync(join(outbox, name)))),
    );
    return mails
      .filter((mail) => mail.subject?.startsWith('Reminder:'))
      .map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text));
  }

  /** A confirmed order of the demo at a time more than two days after the app's now; with `texts`, its client asks for text messages. */
  async function confirmedOrder(texts = false) {
    const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await order.fillIn({ agentEmail: 'ray@example.com' });
    if (texts) {
      await harness.database.db
        .update(t.orderParties)
        .set({ person: sql`${t.orderParties.person} || '{"send_sms": true}'::jsonb` })
        .where(and(eq(t.orderParties.orderId, order.orderId), eq(t.orderParties.role, 'client')));
    }
    const slot = (await order.slots()).find((s) => s.timestamp * 1000 > harness.clock.now() + 50 * HOUR_MS)!;
    expect((await order.hold(slot)).statusCode).toBe(200);
    expect((await order.confirm()).json()).toMatchObject({ status: 'ok' });
    return { order, start: slot.timestamp * 1000 };
  }

  async function reminderJobsOf(orderId: string) {
    const jobs = await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, REMINDER_EMAIL_JOB));
    return jobs.filter((job) => job.payload.order_id === orderId);
  }

  async function textRemindersOf(orderId: string) {
    const jobs = await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, SMS_JOB));
    return jobs.filter((job) => job.payload.order_id === orderId && job.payload.message === 'reminder');
  }

  /** The transaction, counting the delete statements made through it. */
  function countingDeletes<T extends object>(tx: T): { tx: T; deletes: () => number } {
    let deletes = 0;
    const counted = new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'delete') deletes++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    return { tx: counted, deletes: () => deletes };
  }

  it('plans each reminder its hours before the start, to whom the company says, and sends each exactly once across two instances and a restart', async () => {
    const { order, start } = await confirmedOrder();
    const planned = await reminderJobsOf(order.orderId);
    expect(planned.map((job) => [job.payload.hours_before, job.payload.audience, job.runAt.getTime()]).sort()).toEqual(
      [
        [24, 'client', start - 24 * HOUR_MS],
        [48, 'agent', start - 48 * HOUR_MS],
        [48, 'client', start - 48 * HOUR_MS],
      ].sort(),
    );

    // A millisecond before the first reminder: the confirmations go, no reminder.
    await workerOn(harness.database.db, start - 48 * HOUR_MS - 1).runDue();
    expect(await remindersSent()).toEqual([]);

    // At its moment, two instances look at the queue side by side: each reminder is sent by one.
    const other = second?.db ?? harness.database.db;
    const [a, b] = await Promise.all([
      workerOn(harness.database.db, start - 48 * HOUR_MS).runDue(),
      workerOn(other, start - 48 * HOUR_MS).runDue(),
    ]);
    expect(a + b).toBe(2);
    expect((await remindersSent()).sort()).toEqual(['dana@example.com', 'ray@example.com']);

    // A restarted instance finds nothing left to send until the next reminder's time...
    expect(await workerOn(other, start - 24 * HOUR_MS - 1).runDue()).toBe(0);
    // ...and then only that one.
    const [c, d] = await Promise.all([
      workerOn(harness.database.db, start - 24 * HOUR_MS).runDue(),
      workerOn(other, start - 24 * HOUR_MS).runDue(),
    ]);
    expect(c + d).toBe(1);
    expect((await remindersSent()).sort()).toEqual(['dana@example.com', 'dana@example.com', 'ray@example.com']);
    expect((await reminderJobsOf(order.orderId)).every((job) => job.doneAt !== null && job.lastError === null)).toBe(
      true,
    );
  });

  it('plans anew when the time changes, and never sends a reminder of a start the order no longer has', async () => {
    const { order, start } = await confirmedOrder(true);
    expect((await textRemindersOf(order.orderId)).map((job) => job.payload.start)).toEqual([
      new Date(start).toISOString(),
      new Date(start).toISOString(),
    ]);
    const db = harness.database.db;
    const moved = new Date(start + 24 * HOUR_MS);
    const claimedEarlier = (await reminderJobsOf(order.orderId)).find((job) => job.payload.hours_before === 24)!;
    // The booking moves a day later (as a reschedule will), and its reminders are planned in the same transaction.
    await db.transaction(async (tx) => {
      await tx
        .update(t.orders)
        .set({ datetime: moved })
        .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)));
      const aggregate = (await loadOrder(tx, order.companyId, order.orderId))!;
      // The old reminders, by e-mail and by text, go in one statement.
      const counting = countingDeletes(tx);
      // The manage module's withManageLinks issues the new reminders' tokens in the same transaction (as here, a stand-in).
      const prepare = async (within: unknown, jobs: readonly QueuedJob[]) => {
        expect(within).toBe(counting.tx);
        return jobs.map((job) =>
          job.payload.manage_link_for ? { ...job, payload: { ...job.payload, manage_token: TOKEN } } : job,
        );
      };
      await replanReminders(
        counting.tx,
        aggregate,
        notificationsSchema.parse({ notify_agents: true, reminders }),
        { start: moved, now: new Date(harness.clock.now()), country: 'US' },
        prepare,
      );
      expect(counting.deletes()).toBe(1);
    });
    const replanned = await reminderJobsOf(order.orderId);
    expect(replanned.map((job) => job.runAt.getTime()).sort()).toEqual([
      moved.getTime() - 48 * HOUR_MS,
      moved.getTime() - 48 * HOUR_MS,
      moved.getTime() - 24 * HOUR_MS,
    ]);
    expect(
      replanned.every((job) => job.payload.start === moved.toISOString() && job.payload.manage_token === TOKEN),
    ).toBe(true);
    const texts = await textRemindersOf(order.orderId);
    expect(texts.map((job) => [job.runAt.getTime(), job.payload.start]).sort()).toEqual([
      [moved.getTime() - 48 * HOUR_MS, moved.toISOString()],
      [moved.getTime() - 24 * HOUR_MS, moved.toISOString()],
    ]);
    // The confirmation's text is no reminder: it stays.
    expect(
      (await db.select().from(t.jobs).where(eq(t.jobs.kind, SMS_JOB))).filter(
        (job) => job.payload.order_id === order.orderId && job.payload.message === 'confirmation',
      ),
    ).toHaveLength(1);

    // A reminder of the old start that a worker had already claimed is not sent when it runs.
    const now = harness.clock.now();
    await db.insert(t.jobs).values({
      ...claimedEarlier,
      id: undefined,
      dedupeKey: `${claimedEarlier.dedupeKey}:stale`,
      runAt: new Date(now),
      doneAt: null,
    });
    const before = (await remindersSent()).length;
    await workerOn(db, now).runDue();
    expect((await remindersSent()).length).toBe(before);
    const [stale] = await db
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.companyId, order.companyId), eq(t.jobs.dedupeKey, `${claimedEarlier.dedupeKey}:stale`)));
    expect(stale).toMatchObject({ lastError: 'TIME_CHANGED' });
    expect(stale!.doneAt).not.toBeNull();

    // Called off: the reminders are dropped, by e-mail and by text.
    await db.transaction(async (tx) => {
      const aggregate = (await loadOrder(tx, order.companyId, order.orderId))!;
      await replanReminders(tx, aggregate, notificationsSchema.parse({ reminders }), {
        start: null,
        now: new Date(harness.clock.now()),
        country: 'US',
      });
    });
    expect((await reminderJobsOf(order.orderId)).filter((job) => job.doneAt === null)).toEqual([]);
    expect((await textRemindersOf(order.orderId)).filter((job) => job.doneAt === null)).toEqual([]);
  });

  it("sends a paid order's receipt to the client and the office: paid, nothing to pay, no invitation", async () => {
    const { order } = await confirmedOrder();
    const db = harness.database.db;
    await db
      .update(t.orders)
      .set({ paid: true })
      .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)));
    const clients = (
      await db
        .select()
        .from(t.orderParties)
        .where(and(eq(t.orderParties.orderId, order.orderId), eq(t.orderParties.role, 'client')))
    ).map((p) => p.person);
    await enqueueJobs(
      db,
      paymentReceiptJobs({ id: order.orderId, companyId: order.companyId }, clients, new Date(harness.clock.now())),
    );
    await testWorker(db, outbox, { now: () => harness.clock.now() }).runDue();
    const mails = await Promise.all(
      readdirSync(outbox).map(async (name) => simpleParser(readFileSync(join(outbox, name)))),
    );
    const receipts = mails.filter(
      (mail) =>
        mail.subject?.startsWith('Payment received') &&
        mail.text?.includes(order.orderId.replace(/-/g, '').slice(0, 8).toUpperCase()),
    );
    expect(receipts.map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text)).sort()).toEqual([
      'dana@example.com',
      'schedule@sciotovalleyinspections.com',
    ]);
    for (const receipt of receipts) {
      expect(receipt.text).not.toContain('Pay Online');
      expect(receipt.attachments.filter((a) => a.contentType.startsWith('text/calendar'))).toEqual([]);
    }
    const client = receipts.find((mail) => !Array.isArray(mail.to) && mail.to?.text === 'dana@example.com')!;
    expect(client.text).toMatch(/Total: \$[\d,]+\.\d\d\nPaid/);
    const office = receipts.find((mail) => mail !== client)!;
    expect(office.text).toContain('Payment: Paid');
  });
});

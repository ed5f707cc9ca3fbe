import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { CONFIRMATION_EMAIL_JOB } from './confirmation-jobs.ts';
import { invitationPart } from './mail-content.ts';
import { outboxTransport, smtpTransport, type MailTransport } from './mail-transport.ts';
import { messageFacts } from './message-fixtures.ts';
import { testWorker } from './worker-test-support.ts';
import type { NotificationWorker } from './notification-worker.ts';
import { flakyMailServer } from './test-mail-server.ts';

describeOnEachDatabase('e-mail delivery through SMTP', (factory) => {
  let harness: TestApp;
  let mail: ReturnType<typeof flakyMailServer>;
  let worker: NotificationWorker;
  const warnings: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    harness = await startTestApp(factory);
    mail = flakyMailServer();
    await new Promise<void>((resolve) => mail.server.listen(0, '127.0.0.1', resolve));
    const { port } = mail.server.server.address() as AddressInfo;
    worker = testWorker(harness.database.db, mkdtempSync(join(tmpdir(), 'smtp-delivery-sms-')), {
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      log: { info: () => {}, warn: (data) => warnings.push(data) },
      mailFrom: 'Scioto Valley <booking@example.com>',
      pollMs: 50,
      leaseMs: 30_000,
      retryBaseMs: 50,
      retryMaxMs: 200,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    await harness.close();
  });

  it('confirms at once while the mail server refuses, and delivers each e-mail once it accepts', async () => {
    const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await order.fillIn({ clientEmail: 'dana@example.com' });
    await order.hold((await order.slots())[0]!);

    const confirmed = await order.confirm();
    expect(confirmed.statusCode).toBe(200);

    // The worker keeps trying while the server refuses...
    await vi.waitFor(() => expect(mail.state.refusals).toBeGreaterThanOrEqual(4), { timeout: 30_000, interval: 50 });
    expect(mail.received).toHaveLength(0);
    const confirmationJobs = and(eq(t.jobs.companyId, order.companyId), eq(t.jobs.kind, CONFIRMATION_EMAIL_JOB));
    const pending = await harness.database.db.select().from(t.jobs).where(confirmationJobs);
    expect(pending).toHaveLength(2);
    expect(pending.every((job) => job.doneAt === null && job.lastError !== null)).toBe(true);
    expect(warnings.some((w) => w.code === 'EENVELOPE 451')).toBe(true);
    // ...and no personal data reaches its log, nor the client's manage link, which the retried job still holds.
    expect(JSON.stringify(warnings)).not.toContain('dana@example.com');
    const token = pending.find((job) => job.payload.audience === 'client')!.payload.manage_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(warnings)).not.toContain(token);

    mail.state.accepting = true;
    await vi.waitFor(() => expect(mail.received).toHaveLength(2), { timeout: 30_000, interval: 50 });
    const messages = await Promise.all(mail.received.map((raw) => simpleParser(raw)));
    const recipients = messages.map((message) => (Array.isArray(message.to) ? '' : message.to?.text)).sort();
    expect(recipients).toEqual(['dana@example.com', 'schedule@sciotovalleyinspections.com']);
    for (const message of messages) {
      expect(message.from?.text).toBe('"Scioto Valley" <booking@example.com>');
      expect(message.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(true);
    }
    // Delivered once: the jobs are done and nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.received).toHaveLength(2);
    const done = await harness.database.db.select().from(t.jobs).where(confirmationJobs);
    expect(done.every((job) => job.doneAt !== null && !('manage_token' in job.payload))).toBe(true);
    const client = messages.find((message) => !Array.isArray(message.to) && message.to?.text === 'dana@example.com')!;
    expect(client.text).toContain(`Manage your inspection: https://book.example.com/demo/manage/${String(token)}`);
  }, 90_000);

  it('marks an e-mail the server refuses for good (550 on RCPT) bounced at once, with its reply, and never retries it', async () => {
    mail.state.accepting = true;
    mail.state.unknown.add('no-such-person@example.com');
    const warned = warnings.length;
    const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await order.fillIn({ clientEmail: 'no-such-person@example.com' });
    await order.hold((await order.slots())[0]!);
    expect((await order.confirm()).statusCode).toBe(200);

    const jobsOfOrder = and(
      eq(t.jobs.companyId, order.companyId),
      eq(t.jobs.kind, CONFIRMATION_EMAIL_JOB),
      sql`${t.jobs.payload}->>'order_id' = ${order.orderId}`,
    );
    // The office's copy arrives; the client's is refused once and ends bounced.
    await vi.waitFor(
      async () => {
        const jobs = await harness.database.db.select().from(t.jobs).where(jobsOfOrder);
        expect(jobs.filter((job) => job.doneAt !== null)).toHaveLength(2);
      },
      { timeout: 30_000, interval: 50 },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.state.rejections).toBe(1);
    const jobs = await harness.database.db.select().from(t.jobs).where(jobsOfOrder);
    const client = jobs.find((job) => job.payload.audience === 'client')!;
    expect(client).toMatchObject({ attempts: 1, lastError: 'EENVELOPE 550' });
    expect(client.bouncedAt).not.toBeNull();
    expect(client.bounceReason).toBe(
      '550 5.1.1 <no-such-person@example.com>: Recipient address rejected: User unknown',
    );
    expect(client.payload).not.toHaveProperty('manage_token');
    const office = jobs.find((job) => job.payload.audience === 'office')!;
    expect(office).toMatchObject({ lastError: null, bouncedAt: null, bounceReason: null });
    // The order's audit trail says so; the log carries the code, never the address.
    const events = await harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, order.orderId), eq(t.orderEvents.type, 'message_bounced')));
    expect(events.map((event) => event.data)).toEqual([
      {
        job_id: client.id,
        kind: CONFIRMATION_EMAIL_JOB,
        to: 'no-such-person@example.com',
        reason: client.bounceReason,
        source: 'smtp',
      },
    ]);
    const logged = warnings.slice(warned);
    expect(logged).toEqual([{ job: client.id, kind: CONFIRMATION_EMAIL_JOB, code: 'EENVELOPE 550' }]);
    expect(JSON.stringify(logged)).not.toContain('no-such-person');
  }, 60_000);
});

/**
 * The invitation's part as both transports write it (issue 24): its Content-Type names the
 * calendar's own METHOD (RFC 6047 2.4), PUBLISH for a booking or a move, CANCEL for a cancellation.
 */
describe("the invitation's part in each transport", () => {
  const mail = (method: 'publish' | 'cancel') => ({
    messageId: `<part-${method}@online-scheduler>`,
    from: 'booking@example.com',
    to: 'dana@example.com',
    subject: 'Your inspection',
    text: 'Your inspection',
    html: '<p>Your inspection</p>',
    invitation: invitationPart(messageFacts, method, { stamp: messageFacts.confirmedAt, attendees: [] }),
  });

  /** The calendar attachments of a raw message: the METHOD its part's Content-Type names, and the one its calendar says. */
  async function calendarParts(raw: Buffer) {
    const parsed = await simpleParser(raw);
    return parsed.attachments
      .filter((attachment) => attachment.contentType === 'text/calendar')
      .map((attachment) => {
        const contentType = attachment.headers.get('content-type') as { value: string; params: Record<string, string> };
        const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
        return {
          filename: attachment.filename,
          partMethod: contentType.params.method,
          calendarMethod: calendar.getFirstPropertyValue('method'),
        };
      });
  }

  async function sendBoth(transport: MailTransport, raw: (sent: string) => Promise<Buffer>) {
    const parts: Array<Awaited<ReturnType<typeof calendarParts>>[number]> = [];
    for (const method of ['publish', 'cancel'] as const)
      parts.push(...(await calendarParts(await raw(await transport.send(mail(method))))));
    return parts;
  }

  const expected = [
    { filename: 'inspection.ics', partMethod: 'PUBLISH', calendarMethod: 'PUBLISH' },
    { filename: 'inspection.ics', partMethod: 'CANCEL', calendarMethod: 'CANCEL' },
  ];

  it('says method=CANCEL for a cancellation and method=PUBLISH otherwise in the outbox .eml, as the calendar does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'invitation-part-'));
    const transport = outboxTransport(dir);
    try {
      expect(await sendBoth(transport, async (path) => readFileSync(path))).toEqual(expected);
    } finally {
      transport.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says the same through SMTP', async () => {
    const server = flakyMailServer();
    server.state.accepting = true;
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    const transport = smtpTransport(`smtp://127.0.0.1:${(server.server.server.address() as AddressInfo).port}`);
    try {
      expect(await sendBoth(transport, async () => server.received.at(-1)!)).toEqual(expected);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.server.close(() => resolve()));
    }
  });
});

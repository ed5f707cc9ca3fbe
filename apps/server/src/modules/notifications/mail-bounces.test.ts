import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { BOUNCE_REPORT_MAX_BYTES } from '@scheduler/contracts/mail-bounces';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { importDemoCopy, startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { signedInMember } from '../console-auth/console-test-support.ts';
import { CONFIRMATION_EMAIL_JOB } from './confirmation-jobs.ts';
import { orderMessageId } from './delivery-status.ts';
import { completeJob } from './job-queue.repository.ts';

const SECRET = 'bounce-secret-0123456789';
const BEARER = { authorization: `Bearer ${SECRET}` };
const OTHER_KEY = 'bounce-b';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000b7';

/** A delivery-status report (RFC 3464) as a receiving server writes it, returning the message `messageId`. */
function report(
  messageId: string,
  options: { action?: string; returned?: 'message' | 'headers'; padding?: number } = {},
): string {
  const returned =
    options.returned === 'headers'
      ? `Content-Type: text/rfc822-headers\r\n\r\nMessage-ID: ${messageId}\r\nFrom: booking@example.com\r\nTo: dana@example.org\r\nSubject: Your inspection\r\n`
      : `Content-Type: message/rfc822\r\n\r\nMessage-ID: ${messageId}\r\nFrom: booking@example.com\r\nTo: dana@example.org\r\nSubject: Your inspection\r\n\r\nYour inspection is booked.\r\n`;
  return [
    'From: MAILER-DAEMON@mx.example.net',
    'To: booking@example.com',
    'Subject: Undelivered Mail Returned to Sender',
    'Message-ID: <report-1@mx.example.net>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="REPORT"',
    '',
    '--REPORT',
    'Content-Type: text/plain',
    '',
    `Your message could not be delivered.${'.'.repeat(options.padding ?? 0)}`,
    '',
    '--REPORT',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    '',
    'Final-Recipient: rfc822; dana@example.org',
    `Action: ${options.action ?? 'failed'}`,
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 <dana@example.org>: Recipient address',
    ' rejected: User unknown',
    '',
    '--REPORT',
    returned,
    '--REPORT--',
    '',
  ].join('\r\n');
}

describeOnEachDatabase('bounce reports (POST /api/mail/bounces)', (factory) => {
  let harness: TestApp;
  /** The client's confirmation e-mail of an order of the demo (A) and of another company (B). */
  let a: { orderId: string; companyId: string; jobId: number };
  let b: { orderId: string; companyId: string; jobId: number };

  const post = (body: string | Buffer, headers: Record<string, string> = BEARER) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/mail/bounces',
      headers: { 'content-type': 'message/rfc822', ...headers },
      payload: body,
    });

  /** A booked order's client confirmation, marked sent as the worker would. */
  async function sentConfirmation(companyKey: string, officeUuid?: string) {
    const db = harness.database.db;
    const order = await DemoOrder.start(
      harness.app,
      db,
      await startDemoSession(harness.app, officeUuid, companyKey),
      companyKey,
    );
    await order.fillIn({ clientEmail: 'dana@example.org' });
    expect((await order.hold((await order.slots())[0]!)).statusCode).toBe(200);
    expect((await order.confirm()).statusCode).toBe(200);
    const ofOrder = and(eq(t.jobs.companyId, order.companyId), eq(t.jobs.orderId, order.orderId));
    for (const queued of await db.select({ id: t.jobs.id }).from(t.jobs).where(ofOrder))
      await completeJob(db, queued.id, new Date());
    const [job] = await db
      .select({ id: t.jobs.id })
      .from(t.jobs)
      .where(and(ofOrder, eq(t.jobs.kind, CONFIRMATION_EMAIL_JOB), sql`${t.jobs.payload}->>'audience' = 'client'`));
    return { orderId: order.orderId, companyId: order.companyId, jobId: job!.id };
  }

  const jobOf = async (jobId: number) =>
    (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.id, jobId)))[0]!;
  const bounceEvents = (orderIds: string[]) =>
    harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(inArray(t.orderEvents.orderId, orderIds), eq(t.orderEvents.type, 'message_bounced')));

  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { MAIL_BOUNCE_SECRET: SECRET } });
    await importDemoCopy(harness, OTHER_KEY, OTHER_OFFICE);
    a = await sentConfirmation('demo');
    b = await sentConfirmation(OTHER_KEY, OTHER_OFFICE);
  });
  afterAll(async () => harness.close());

  it('refuses a caller without the secret (401) and reads no body', async () => {
    const good = report(orderMessageId(a.jobId, a.orderId));
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-secret-0123456789' },
      { authorization: `Bearer ${SECRET}x` },
      { authorization: `Basic ${Buffer.from('bounces:wrong').toString('base64')}` },
    ]) {
      const refused = await post(good, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(401);
      expect(refused.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
    expect((await jobOf(a.jobId)).bouncedAt).toBeNull();
  });

  it("marks the e-mail a report returns bounced, once, with its Status and Diagnostic-Code; another company's is untouched", async () => {
    const answered = await post(report(orderMessageId(a.jobId, a.orderId)));
    expect(answered.statusCode, answered.body).toBe(202);
    expect(answered.json()).toEqual({ outcome: 'recorded' });
    const job = await jobOf(a.jobId);
    expect(job.bouncedAt).not.toBeNull();
    expect(job.bounceReason).toBe(
      '5.1.1: smtp; 550 5.1.1 <dana@example.org>: Recipient address rejected: User unknown',
    );
    const other = await jobOf(b.jobId);
    expect(other).toMatchObject({ bouncedAt: null, bounceReason: null });

    // The same report again (a forwarder's retry), and the secret as Basic's password: nothing more.
    const again = await post(report(orderMessageId(a.jobId, a.orderId)), {
      authorization: `Basic ${Buffer.from(`bounces:${SECRET}`).toString('base64')}`,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ outcome: 'already_recorded' });
    const events = await bounceEvents([a.orderId, b.orderId]);
    expect(events.map((event) => ({ company: event.companyId, order: event.orderId, data: event.data }))).toEqual([
      {
        company: a.companyId,
        order: a.orderId,
        data: {
          job_id: a.jobId,
          kind: CONFIRMATION_EMAIL_JOB,
          to: 'dana@example.org',
          reason: job.bounceReason,
          source: 'dsn',
        },
      },
    ]);
  });

  it("ignores (202) a report of no e-mail of ours: another sender's, an account e-mail's, a job id with another company's order", async () => {
    const before = await bounceEvents([a.orderId, b.orderId]);
    for (const messageId of [
      '<CAF=abc@mail.example.com>',
      `<job-${b.jobId}.account@online-scheduler>`,
      // B's job under A's order id, and A's order under B's job id: both halves must be of one e-mail.
      orderMessageId(b.jobId, a.orderId),
      orderMessageId(a.jobId, b.orderId),
      orderMessageId(999_999_999_999_999, b.orderId),
    ]) {
      const answered = await post(report(messageId));
      expect(answered.statusCode, messageId).toBe(202);
      expect(answered.json(), messageId).toEqual({ outcome: 'unknown_message' });
    }
    expect((await jobOf(b.jobId)).bouncedAt).toBeNull();
    expect(await bounceEvents([a.orderId, b.orderId])).toEqual(before);
  });

  it("reads the returned headers alone (text/rfc822-headers), and takes a delay's report as no bounce", async () => {
    const delayed = await post(report(orderMessageId(b.jobId, b.orderId), { action: 'delayed' }));
    expect(delayed.json()).toEqual({ outcome: 'not_a_failure' });
    expect((await jobOf(b.jobId)).bouncedAt).toBeNull();
    const headersOnly = await post(report(orderMessageId(b.jobId, b.orderId), { returned: 'headers' }));
    expect(headersOnly.statusCode).toBe(202);
    expect(headersOnly.json()).toEqual({ outcome: 'recorded' });
    expect((await jobOf(b.jobId)).bounceReason).toMatch(/^5\.1\.1: smtp; 550/);
    const events = await bounceEvents([b.orderId]);
    expect(events.map((event) => event.companyId)).toEqual([b.companyId]);
  });

  it("answers a body that is no delivery-status report 400 naming 'body', and another media type 415", async () => {
    for (const body of [
      'just some text',
      'Subject: hello\r\nContent-Type: text/plain\r\n\r\nnot a report\r\n',
      report('<x@y>').replace('message/delivery-status', 'text/plain'),
      report('<x@y>').replace(/Action: failed\r\n/, ''),
      '',
    ]) {
      const refused = await post(body);
      expect(refused.statusCode, body.slice(0, 40)).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'invalid_request', field: 'body' } });
    }
    const json = await harness.app.inject({
      method: 'POST',
      url: '/api/mail/bounces',
      headers: BEARER,
      payload: { message_id: orderMessageId(a.jobId, a.orderId) },
    });
    expect(json.statusCode).toBe(415);
  });

  it('shows the bounce on the order page and its History, and sends it again to the address the office corrected', async () => {
    const owner = await signedInMember(harness, 'owner@bounce-a.example', 'owner');
    const page = async () => {
      const detail = await harness.app.inject({
        method: 'GET',
        url: `/api/console/companies/demo/orders/${a.orderId}`,
        headers: owner.headers,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      return detail.json<ConsoleOrderDetail>();
    };
    const first = await page();
    expect(first.messages.find((m) => m.id === a.jobId)).toMatchObject({
      state: 'bounced',
      bounce_reason: '5.1.1: smtp; 550 5.1.1 <dana@example.org>: Recipient address rejected: User unknown',
      resendable: true,
      resend_to: 'dana@example.org',
    });
    expect(first.messages.filter((m) => m.state === 'bounced')).toHaveLength(1);
    expect(first.order.history.filter((event) => event.type === 'message_bounced')).toHaveLength(1);

    // The office corrects Dana's address on the order (the edit's own tests cover the edit).
    await harness.database.db
      .update(t.orderParties)
      .set({ person: sql`${t.orderParties.person} || '{"email":"dana@example.com"}'::jsonb` })
      .where(and(eq(t.orderParties.orderId, a.orderId), eq(t.orderParties.role, 'client')));
    expect((await page()).messages.find((m) => m.id === a.jobId)?.resend_to).toBe('dana@example.com');
    const resent = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/orders/${a.orderId}/messages/${a.jobId}/resend`,
      headers: owner.headers,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ to: 'dana@example.com' });
    const copies = await harness.database.db
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.companyId, a.companyId), sql`${t.jobs.dedupeKey} like '%:resend:%'`));
    expect(copies.map((copy) => copy.payload)).toEqual([
      expect.objectContaining({
        order_id: a.orderId,
        to: 'dana@example.com',
        manage_link_for: { role: 'client', recipient: 'dana@example.com' },
      }),
    ]);
  });

  it('reads a report of exactly 512 KiB and refuses one byte more (413)', async () => {
    const messageId = orderMessageId(a.jobId, a.orderId);
    const size = Buffer.byteLength(report(messageId));
    const atLimit = report(messageId, { padding: BOUNCE_REPORT_MAX_BYTES - size });
    expect(Buffer.byteLength(atLimit)).toBe(BOUNCE_REPORT_MAX_BYTES);
    const read = await post(atLimit);
    expect(read.statusCode, read.body).toBe(202);
    const over = await post(report(messageId, { padding: BOUNCE_REPORT_MAX_BYTES - size + 1 }));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });
});

describeOnEachDatabase('bounce reports without MAIL_BOUNCE_SECRET', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory);
  });
  afterAll(async () => harness.close());

  it('answers 404, as a path that does not exist, whatever is sent', async () => {
    for (const authorization of [undefined, 'Bearer anything-at-all-0123']) {
      const answered = await harness.app.inject({
        method: 'POST',
        url: '/api/mail/bounces',
        headers: { 'content-type': 'message/rfc822', ...(authorization ? { authorization } : {}) },
        payload: report('<job-1.0f0e0d0c-0000-4000-8000-000000000001@online-scheduler>'),
      });
      expect(answered.statusCode).toBe(404);
      expect(answered.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { testConfig } from '../../test-support/test-app.ts';
import { createNotificationWorker } from './notifications.service.ts';
import { CHANGE_EMAIL_JOB, CONFIRMATION_EMAIL_JOB, REMINDER_EMAIL_JOB, SMS_JOB } from './confirmation-jobs.ts';
import type { MailTransport, OutgoingMail } from './mail-transport.ts';
import type { NotificationWorkerOptions } from './notification-worker.ts';
import { SmsRefused, type OutgoingSms, type SmsTransport } from './sms-transport.ts';
import { testWorker } from './worker-test-support.ts';

/**
 * What the worker does with each job, on a fixed clock and against rows written here: who an
 * e-mail is from and to, where replies go, the logo and manage links it carries, what is not sent
 * and why (recorded on the job and logged), and how a failure is retried.
 */
const NOW = new Date('2026-11-24T15:00:00.000Z');
const START = new Date('2026-12-01T14:30:00.000Z');
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const TOKEN = 'A'.repeat(21) + '_-' + 'b'.repeat(20);
const KEY = 'deliver-co';

describeOnEachDatabase('the notification worker delivering', (factory) => {
  let database: DatabaseHandle;
  let companyId = '';
  const officeId = randomUUID();
  let outbox: string;
  let mails: OutgoingMail[];
  let texts: OutgoingSms[];
  let logged: Array<{ level: 'info' | 'warn'; data: Record<string, unknown>; message: string }>;
  let mailError: unknown;
  let smsError: unknown;

  const recordingMail: MailTransport = {
    send: async (mail) => {
      if (mailError) throw mailError;
      mails.push(mail);
      return `sent-${mails.length}`;
    },
    close: () => {},
  };
  const recordingSms: SmsTransport = {
    send: async (sms) => {
      if (smsError) throw smsError;
      texts.push(sms);
      return `texted-${texts.length}`;
    },
  };

  function worker(changes: Partial<NotificationWorkerOptions> = {}) {
    return testWorker(database.db, outbox, {
      transport: recordingMail,
      sms: recordingSms,
      log: {
        info: (data, message) => logged.push({ level: 'info', data, message }),
        warn: (data, message) => logged.push({ level: 'warn', data, message }),
      },
      now: () => NOW.getTime(),
      ...changes,
    });
  }

  beforeAll(async () => {
    database = await factory.open();
    outbox = mkdtempSync(join(tmpdir(), 'worker-delivery-'));
    const [row] = await database.db
      .insert(t.companies)
      .values({ key: KEY, name: 'Deliver Co', logo: PNG })
      .returning({ id: t.companies.id });
    companyId = row!.id;
    await database.db.insert(t.offices).values({
      id: officeId,
      companyId,
      name: 'The "Best" Office',
      phone: '(614) 555-0100',
      email: 'office@deliver.example',
      state: 'OH',
      timeZone: 'America/New_York',
      scheduling: {},
    });
  });
  beforeEach(async () => {
    await database.db.delete(t.jobs);
    await database.db.update(t.offices).set({ email: 'office@deliver.example' }).where(eq(t.offices.id, officeId));
    mails = [];
    texts = [];
    logged = [];
    mailError = undefined;
    smsError = undefined;
  });
  afterAll(async () => {
    await database?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  async function order(
    changes: Partial<typeof t.orders.$inferInsert> = {},
    people: Array<{ role: typeof t.orderParties.$inferInsert.role; person: Record<string, unknown> }> = [],
  ): Promise<string> {
    const [row] = await database.db
      .insert(t.orders)
      .values({
        companyId,
        officeId,
        status: 'confirmed',
        datetime: START,
        durationMinutes: 90,
        address1: '120 Oak St',
        city: 'Columbus',
        ...changes,
      })
      .returning({ id: t.orders.id });
    if (people.length)
      await database.db
        .insert(t.orderParties)
        .values(people.map((party, position) => ({ companyId, orderId: row!.id, position, ...party })));
    return row!.id;
  }

  async function job(kind: string, payload: Record<string, unknown>): Promise<number> {
    const [row] = await database.db
      .insert(t.jobs)
      .values({ companyId, kind, dedupeKey: randomUUID(), payload, runAt: NOW })
      .returning({ id: t.jobs.id });
    return row!.id;
  }

  const jobRow = async (id: number) => (await database.db.select().from(t.jobs).where(eq(t.jobs.id, id)))[0]!;

  const client = {
    role: 'client' as const,
    person: { first: 'Dana', last: 'Stone', email: 'dana@example.com', mobile_phone: '(614) 555-0142', send_sms: true },
  };

  it("sends the client's confirmation from the office, replies to the office, with the logo, the manage link and the invitation", async () => {
    const orderId = await order({}, [client]);
    const id = await job(CONFIRMATION_EMAIL_JOB, {
      order_id: orderId,
      audience: 'client',
      to: 'dana@example.com',
      name: 'Dana Stone',
      manage_token: TOKEN,
      start: '2026-01-01T00:00:00.000Z',
    });
    expect(await worker().runDue()).toBe(1);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      messageId: `<job-${id}.${orderId}@online-scheduler>`,
      from: '"The Best Office" <office@deliver.example>',
      to: 'dana@example.com',
      replyTo: 'office@deliver.example',
    });
    expect(mail!.html).toContain(`https://book.example.com/${KEY}/logo?office=${officeId}`);
    expect(mail!.text).toContain(`https://book.example.com/${KEY}/manage/${TOKEN}`);
    expect(mail!.invitation?.method).toBe('PUBLISH');
    expect(logged).toEqual([
      { level: 'info', data: { job: id, kind: CONFIRMATION_EMAIL_JOB, outbox: 'sent-1' }, message: 'message sent' },
    ]);
    expect(await jobRow(id)).toMatchObject({ doneAt: NOW, lastError: null });
  });

  it('sends from the configured sender when there is one, and carries no manage link for a malformed token', async () => {
    const orderId = await order({}, [client]);
    await job(CONFIRMATION_EMAIL_JOB, {
      order_id: orderId,
      audience: 'client',
      to: 'dana@example.com',
      name: 'Dana Stone',
      manage_token: 'short',
    });
    expect(await worker({ mailFrom: 'Bookings <bookings@example.net>' }).runDue()).toBe(1);
    expect(mails[0]!.from).toBe('Bookings <bookings@example.net>');
    expect(mails[0]!.text).not.toContain('/manage/');
  });

  it("sends the office's copy to the office, replying to the first client with an address, and without a manage link", async () => {
    const orderId = await order({}, [
      { role: 'buyers_agent', person: { first: 'Ray', last: 'Realtor', email: 'ray@realty.example' } },
      { role: 'client', person: { first: 'No', last: 'Mail' } },
      { role: 'client', person: { first: 'Dana', last: 'Stone', email: 'dana@example.com' } },
    ]);
    await job(CONFIRMATION_EMAIL_JOB, { order_id: orderId, audience: 'office', to: '', name: '', manage_token: TOKEN });
    expect(await worker().runDue()).toBe(1);
    expect(mails[0]).toMatchObject({ to: 'office@deliver.example', replyTo: 'dana@example.com' });
    expect(mails[0]!.text).not.toContain('/manage/');
    // With no client who has an address, the office's copy has no Reply-To.
    const agentsOnly = await order({}, [
      { role: 'buyers_agent', person: { first: 'Ray', last: 'Realtor', email: 'ray@realty.example' } },
    ]);
    await job(CONFIRMATION_EMAIL_JOB, { order_id: agentsOnly, audience: 'office', to: '', name: '' });
    expect(await worker().runDue()).toBe(1);
    expect(mails[1]!.replyTo).toBeUndefined();
  });

  it('sends from a stand-in address with no Reply-To when the office has no address, and sends its copy nowhere (NO_ADDRESS)', async () => {
    await database.db.update(t.offices).set({ email: '' }).where(eq(t.offices.id, officeId));
    const orderId = await order({}, [client]);
    await job(CONFIRMATION_EMAIL_JOB, {
      order_id: orderId,
      audience: 'client',
      to: 'dana@example.com',
      name: 'Dana Stone',
    });
    expect(await worker().runDue()).toBe(1);
    expect(mails[0]!.from).toBe('online-scheduler@localhost');
    expect(mails[0]!.replyTo).toBeUndefined();
    logged = [];
    const id = await job(CONFIRMATION_EMAIL_JOB, { order_id: orderId, audience: 'office', to: '', name: '' });
    expect(await worker().runDue()).toBe(0);
    expect(mails).toHaveLength(1);
    expect(await jobRow(id)).toMatchObject({ doneAt: NOW, lastError: 'NO_ADDRESS' });
    expect(logged).toEqual([
      {
        level: 'info',
        data: { job: id, kind: CONFIRMATION_EMAIL_JOB, code: 'NO_ADDRESS' },
        message: 'message not needed',
      },
    ]);
  });

  it('retries a job of a kind it does not know (UNKNOWN_JOB) after the base delay, then twice as long', async () => {
    const id = await job('fax_job', { order_id: randomUUID() });
    expect(await worker().runDue()).toBe(0);
    expect(await jobRow(id)).toMatchObject({
      doneAt: null,
      lockedUntil: null,
      lastError: 'UNKNOWN_JOB',
      runAt: new Date(NOW.getTime() + 10),
      attempts: 1,
    });
    expect(logged).toEqual([
      {
        level: 'warn',
        data: { job: id, kind: 'fax_job', attempts: 1, code: 'UNKNOWN_JOB', retry_in_ms: 10 },
        message: 'message not sent; will retry',
      },
    ]);
    const later = NOW.getTime() + 10;
    expect(await worker({ now: () => later }).runDue()).toBe(0);
    expect(await jobRow(id)).toMatchObject({ lastError: 'UNKNOWN_JOB', runAt: new Date(later + 20), attempts: 2 });
  });

  it('retries a change it does not know (UNKNOWN_CHANGE) and a text message it does not know (UNKNOWN_MESSAGE)', async () => {
    const orderId = await order({}, [client]);
    const change = await job(CHANGE_EMAIL_JOB, {
      order_id: orderId,
      audience: 'client',
      to: 'dana@example.com',
      name: 'Dana',
      change: 'moved',
      previous_start: START.toISOString(),
      start: START.toISOString(),
      changed_by: 'office',
      sequence: 1,
    });
    const text = await job(SMS_JOB, {
      order_id: orderId,
      message: 'hello',
      to: '+16145550142',
      start: START.toISOString(),
    });
    expect(await worker().runDue()).toBe(0);
    expect((await jobRow(change)).lastError).toBe('UNKNOWN_CHANGE');
    expect((await jobRow(text)).lastError).toBe('UNKNOWN_MESSAGE');
    expect(mails).toEqual([]);
    expect(texts).toEqual([]);
  });

  it("keeps the mail server's code and reply number, 'ERROR' for a failure without one, at most 200 characters", async () => {
    const orderId = await order({}, [client]);
    const payload = { order_id: orderId, audience: 'client', to: 'dana@example.com', name: 'Dana' };
    const cases: Array<[unknown, string]> = [
      [Object.assign(new Error('mailbox unavailable'), { code: 'EENVELOPE', responseCode: 550 }), 'EENVELOPE 550'],
      [Object.assign(new Error('greeting never came'), { code: 'ETIMEDOUT' }), 'ETIMEDOUT'],
      [new Error('something else'), 'ERROR'],
      [Object.assign(new Error('odd'), { code: 42, responseCode: 421 }), 'ERROR 421'],
      [Object.assign(new Error('long'), { code: 'X'.repeat(250) }), 'X'.repeat(200)],
    ];
    for (const [error, reason] of cases) {
      await database.db.delete(t.jobs);
      mailError = error;
      const id = await job(CONFIRMATION_EMAIL_JOB, payload);
      expect(await worker().runDue()).toBe(0);
      expect((await jobRow(id)).lastError).toBe(reason);
    }
  });

  it("sends a cancellation only for a cancelled order, with the calendar's CANCEL and who called it off", async () => {
    const confirmed = await order({}, [client]);
    const cancelled = await order({ status: 'cancelled', cancelledAt: NOW }, [client]);
    const change = (orderId: string) => ({
      order_id: orderId,
      audience: 'office',
      to: '',
      name: '',
      change: 'cancelled',
      previous_start: START.toISOString(),
      start: START.toISOString(),
      changed_by: 'office',
      sequence: 1,
    });
    const notCancelled = await job(CHANGE_EMAIL_JOB, change(confirmed));
    const gone = await job(CHANGE_EMAIL_JOB, change(randomUUID()));
    const sent = await job(CHANGE_EMAIL_JOB, change(cancelled));
    expect(await worker().runDue()).toBe(1);
    expect((await jobRow(notCancelled)).lastError).toBe('ORDER_NOT_CANCELLED');
    expect((await jobRow(gone)).lastError).toBe('ORDER_NOT_CANCELLED');
    expect(await jobRow(sent)).toMatchObject({ doneAt: NOW, lastError: null });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.invitation?.method).toBe('CANCEL');
    expect(mails[0]!.text).toMatch(/Cancelled by:?\s+the office/i);
  });

  it('sends a confirmation whatever start its job names, but not a reminder of a start the order no longer has', async () => {
    const orderId = await order({}, [client]);
    const payload = {
      order_id: orderId,
      audience: 'client',
      to: 'dana@example.com',
      name: 'Dana',
      start: '2026-12-02T14:30:00.000Z',
    };
    const confirmation = await job(CONFIRMATION_EMAIL_JOB, payload);
    const reminder = await job(REMINDER_EMAIL_JOB, { ...payload, hours_before: 24 });
    expect(await worker().runDue()).toBe(1);
    expect((await jobRow(confirmation)).lastError).toBeNull();
    expect((await jobRow(reminder)).lastError).toBe('TIME_CHANGED');
  });

  it('texts only a number that still has consent, and records a refused number without retrying it', async () => {
    const orderId = await order({}, [client]);
    const payload = { order_id: orderId, message: 'confirmation', start: START.toISOString() };
    const consented = await job(SMS_JOB, { ...payload, to: '+16145550142' });
    const stranger = await job(SMS_JOB, { ...payload, to: '+16145550999' });
    expect(await worker().runDue()).toBe(1);
    expect(texts).toEqual([expect.objectContaining({ messageId: `job-${consented}.${orderId}`, to: '+16145550142' })]);
    expect((await jobRow(stranger)).lastError).toBe('NO_CONSENT');

    logged = [];
    smsError = new SmsRefused(21610);
    const refused = await job(SMS_JOB, { ...payload, to: '+16145550142', message: 'reminder' });
    expect(await worker().runDue()).toBe(0);
    expect(await jobRow(refused)).toMatchObject({ doneAt: NOW, lastError: 'SMS_REFUSED 21610' });
    expect(logged).toEqual([
      {
        level: 'warn',
        data: { job: refused, kind: SMS_JOB, code: 'SMS_REFUSED 21610' },
        message: 'text message refused; not retried',
      },
    ]);
  });

  describe('as the server configures it', () => {
    /** A confirmation e-mail and a text message of one order, due whatever the real date is; the e-mail's job id. */
    async function emailAndText(): Promise<{ orderId: string; emailJob: number; textJob: number }> {
      const orderId = await order({}, [client]);
      const [email] = await database.db
        .insert(t.jobs)
        .values({
          companyId,
          kind: CONFIRMATION_EMAIL_JOB,
          dedupeKey: randomUUID(),
          payload: { order_id: orderId, audience: 'client', to: 'dana@example.com', name: 'Dana' },
          runAt: new Date(0),
        })
        .returning({ id: t.jobs.id });
      const [text] = await database.db
        .insert(t.jobs)
        .values({
          companyId,
          kind: SMS_JOB,
          dedupeKey: randomUUID(),
          payload: { order_id: orderId, message: 'confirmation', to: '+16145550142', start: START.toISOString() },
          runAt: new Date(0),
        })
        .returning({ id: t.jobs.id });
      return { orderId, emailJob: email!.id, textJob: text!.id };
    }
    const quiet = { info: () => {}, warn: () => {} };
    const base = () => 'https://book.example.com';

    it('writes e-mails and text messages under DATA_DIR/outbox, from the office, unless Twilio is configured in full', async () => {
      for (const twilio of [
        {},
        { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token' },
        { TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+16145550199' },
        { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+16145550199' },
      ]) {
        await database.db.delete(t.jobs);
        const dataDir = mkdtempSync(join(tmpdir(), 'data-dir-'));
        try {
          const { orderId, emailJob, textJob } = await emailAndText();
          const made = createNotificationWorker(
            database.db,
            testConfig({ DATA_DIR: dataDir, TWILIO_API_URL: 'http://127.0.0.1:9', ...twilio }),
            quiet,
            base,
          );
          expect([twilio, await made.runDue()]).toEqual([twilio, 2]);
          expect(readdirSync(join(dataDir, 'outbox')).sort()).toEqual([
            `_job-${emailJob}.${orderId}_online-scheduler_.eml`,
            `job-${textJob}.${orderId}.sms.txt`,
          ]);
          expect(
            readFileSync(join(dataDir, 'outbox', `_job-${emailJob}.${orderId}_online-scheduler_.eml`), 'utf8'),
          ).toContain('From: The Best Office <office@deliver.example>');
          await made.stop();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    });

    it('sends from MAIL_FROM when set, and text messages through Twilio when all three of its settings are', async () => {
      const received: URLSearchParams[] = [];
      const twilio = createServer((request, response) => {
        let raw = '';
        request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        request.on('end', () => {
          received.push(new URLSearchParams(raw));
          response.statusCode = 201;
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' }));
        });
      });
      await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
      const dataDir = mkdtempSync(join(tmpdir(), 'data-dir-'));
      try {
        const { orderId, emailJob } = await emailAndText();
        const config = testConfig({
          DATA_DIR: dataDir,
          MAIL_FROM: 'Bookings <bookings@example.net>',
          TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
          TWILIO_AUTH_TOKEN: 'secret',
          TWILIO_FROM: '+16145550199',
          TWILIO_API_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
        });
        const made = createNotificationWorker(database.db, config, quiet, base);
        expect(await made.runDue()).toBe(2);
        expect(readdirSync(join(dataDir, 'outbox'))).toEqual([`_job-${emailJob}.${orderId}_online-scheduler_.eml`]);
        expect(
          readFileSync(join(dataDir, 'outbox', `_job-${emailJob}.${orderId}_online-scheduler_.eml`), 'utf8'),
        ).toContain('From: Bookings <bookings@example.net>');
        expect(received.map((form) => [form.get('From'), form.get('To')])).toEqual([['+16145550199', '+16145550142']]);
        await made.stop();
      } finally {
        await new Promise<void>((resolve) => twilio.close(() => resolve()));
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import {
  CHANGE_EMAIL_JOB,
  CONFIRMATION_EMAIL_JOB,
  REMINDER_EMAIL_JOB,
  SMS_JOB,
  type ChangedBy,
  type ManageLinkRequest,
} from './confirmation-jobs.ts';
import { enqueueJobs } from './job-queue.repository.ts';
import { eventUid } from './mail-content.ts';
import { loadNotificationSettings } from './notification-settings.repository.ts';
import type { NotificationWorker } from './notification-worker.ts';
import { changeJobs } from './confirmation-jobs.ts';
import { replanReminders } from './reminder-plan.ts';
import { testWorker } from './worker-test-support.ts';

const HOUR_MS = 3_600_000;
const BASE = 'https://book.example.com';
const CLIENT = 'dana@example.com';
const AGENT = 'ray@example.com';
const OFFICE = 'schedule@sciotovalleyinspections.com';
const CLIENT_MOBILE = '+16145550142';

/**
 * A rescheduled and a cancelled booking's messages as the worker sends them (issue 24). The change
 * itself is made here as the manage and office code will make it, in one transaction: the order
 * moved or cancelled with its change_sequence one higher, `changeJobs` queued, the reminders
 * re-planned, and each visitor job's manage token issued (`issueTokens` stands in for the
 * manage-link module).
 */
describeOnEachDatabase('the messages of a changed booking', (factory) => {
  let harness: TestApp;
  let outbox: string;
  let worker: NotificationWorker;
  const logged: unknown[] = [];

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    const document = {
      ...demoDocument(),
      notifications: { notify_agents: true, reminders: [{ hours_before: 24, to: ['client'] }] },
    };
    const imported = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: document,
    });
    expect(imported.statusCode).toBe(200);
    outbox = mkdtempSync(join(tmpdir(), 'change-outbox-'));
    worker = testWorker(harness.database.db, outbox, {
      now: () => harness.clock.now(),
      log: {
        info: (data, message) => logged.push([data, message]),
        warn: (data, message) => logged.push([data, message]),
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  /** A confirmed demo order more than two days ahead, its client asking for texts, with an agent. */
  async function confirmedOrder() {
    const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await order.fillIn({ agentEmail: AGENT });
    await harness.database.db
      .update(t.orderParties)
      .set({ person: sql`${t.orderParties.person} || '{"send_sms": true}'::jsonb` })
      .where(and(eq(t.orderParties.orderId, order.orderId), eq(t.orderParties.role, 'client')));
    const slot = (await order.slots()).find((s) => s.timestamp * 1000 > harness.clock.now() + 50 * HOUR_MS)!;
    expect((await order.hold(slot)).statusCode).toBe(200);
    expect((await order.confirm()).json()).toMatchObject({ status: 'ok' });
    return { order, start: new Date(slot.timestamp * 1000) };
  }

  const jobsOf = async (order: DemoOrder) =>
    (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.companyId, order.companyId))).filter(
      (job) => job.payload.order_id === order.orderId,
    );

  /**
   * What the manage-link module does in the transaction that queues the jobs: one token per
   * distinct role and recipient, written into each pending job that asks for one and has none yet
   * (`skip` leaves some without, as jobs queued before links were). The tokens of the pending
   * jobs, by role and recipient.
   */
  async function issueTokens(
    order: DemoOrder,
    skip: (payload: Record<string, unknown>) => boolean = () => false,
  ): Promise<Map<string, string>> {
    const tokens = new Map<string, string>();
    for (const job of await jobsOf(order)) {
      const asked = job.payload.manage_link_for as ManageLinkRequest | undefined;
      if (job.doneAt !== null || !asked || skip(job.payload)) continue;
      const key = `${asked.role}:${asked.recipient}`;
      if (typeof job.payload.manage_token === 'string') {
        tokens.set(key, job.payload.manage_token);
        continue;
      }
      if (!tokens.has(key)) tokens.set(key, randomBytes(32).toString('base64url'));
      await harness.database.db
        .update(t.jobs)
        .set({ payload: { ...job.payload, manage_token: tokens.get(key)! } })
        .where(eq(t.jobs.id, job.id));
    }
    return tokens;
  }

  /** Moves (to `to`) or cancels the booking, as the manage page or the office will. */
  async function change(
    order: DemoOrder,
    kind: 'rescheduled' | 'cancelled',
    options: { to?: Date; changedBy?: ChangedBy; reason?: string; feeCents?: number | null } = {},
  ) {
    const now = new Date(harness.clock.now());
    await harness.database.db.transaction(async (tx) => {
      const where = and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId));
      const [row] = await tx.select().from(t.orders).where(where);
      const previousStart = row!.datetime!;
      const sequence = row!.changeSequence + 1;
      const start = kind === 'rescheduled' ? options.to! : previousStart;
      await tx
        .update(t.orders)
        .set(
          kind === 'rescheduled'
            ? { datetime: start, changeSequence: sequence, rescheduleCount: row!.rescheduleCount + 1 }
            : {
                status: 'cancelled',
                changeSequence: sequence,
                cancelledAt: now,
                cancelReason: options.reason ?? '',
                cancelFeeCents: options.feeCents ?? null,
              },
        )
        .where(where);
      const aggregate = (await loadOrder(tx, order.companyId, order.orderId))!;
      const settings = await loadNotificationSettings(tx, order.companyId);
      await enqueueJobs(
        tx,
        changeJobs(aggregate, settings, {
          kind,
          previousStart,
          start,
          now,
          country: 'US',
          changedBy: options.changedBy ?? 'visitor',
          sequence,
        }),
      );
      await replanReminders(tx, aggregate, settings, {
        start: kind === 'rescheduled' ? start : null,
        now,
        country: 'US',
      });
    });
  }

  /** The e-mails sent of an order (the outbox names each by its job and order). */
  async function mailsOf(order: DemoOrder): Promise<ParsedMail[]> {
    const names = readdirSync(outbox).filter((name) => name.endsWith('.eml') && name.includes(order.orderId));
    return Promise.all(names.map(async (name) => simpleParser(readFileSync(join(outbox, name)))));
  }
  const toOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? '' : (mail.to?.text ?? ''));
  const mailTo = async (order: DemoOrder, to: string, subject: RegExp) =>
    (await mailsOf(order)).filter((mail) => toOf(mail) === to && subject.test(mail.subject ?? ''));
  const textsOf = (order: DemoOrder) =>
    readdirSync(outbox)
      .filter((name) => name.endsWith('.sms.txt') && name.includes(order.orderId))
      .map((name) => readFileSync(join(outbox, name), 'utf8'));

  /** The e-mail's invitation: its calendar's METHOD and event, and the method its part's Content-Type names (RFC 6047 2.4: the same). */
  function invitationOf(mail: ParsedMail) {
    const attachment = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))!;
    const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
    const event = calendar.getFirstSubcomponent('vevent')!;
    return {
      method: calendar.getFirstPropertyValue('method'),
      partMethod: (attachment.headers.get('content-type') as { params: Record<string, string> }).params.method,
      uid: event.getFirstPropertyValue('uid'),
      sequence: event.getFirstPropertyValue('sequence'),
      status: event.getFirstPropertyValue('status'),
      start: String(event.getFirstPropertyValue('dtstart')),
    };
  }

  const manageUrl = (token: string) => `${BASE}/demo/manage/${token}`;

  it("sends a move's messages to everyone the confirmation went to, each visitor with their own manage link, and keeps no token once sent", async () => {
    const { order, start } = await confirmedOrder();
    // The confirmation, its text and its reminders carry their links as well.
    const atConfirm = await issueTokens(order);
    expect([...atConfirm.keys()].sort()).toEqual([`agent:${AGENT}`, `client:${CLIENT_MOBILE}`, `client:${CLIENT}`]);
    await worker.runDue();
    const [confirmation] = await mailTo(order, CLIENT, /is booked$/);
    expect(confirmation!.text).toContain(`Manage your inspection: ${manageUrl(atConfirm.get(`client:${CLIENT}`)!)}`);
    expect(textsOf(order)).toEqual([
      expect.stringMatching(
        new RegExp(
          `booked for .* Reply STOP to stop texts\\. Manage: ${manageUrl(atConfirm.get(`client:${CLIENT_MOBILE}`)!)}\\n$`,
        ),
      ),
    ]);
    const booked = invitationOf(confirmation!);

    const moved = new Date(start.getTime() + 24 * HOUR_MS);
    await change(order, 'rescheduled', { to: moved });
    // The agent's e-mail job was queued without a token (as one queued before links was): no link, still sent.
    const tokens = await issueTokens(
      order,
      (payload) => payload.change === 'rescheduled' && payload.audience === 'agent',
    );
    expect(await worker.runDue()).toBe(4);

    const [client] = await mailTo(order, CLIENT, /^Your inspection is moved to /);
    const clientUrl = manageUrl(tokens.get(`client:${CLIENT}`)!);
    expect(client!.text).toContain(`Manage your inspection: ${clientUrl}`);
    expect(client!.html).toContain(`href="${clientUrl}"`);
    expect(client!.text).toMatch(/\nWhen: .*\nWas: .* E[SD]T\n/);
    // The same event, updated in place: same UID, one higher SEQUENCE, a day later on the office's clock.
    const updated = invitationOf(client!);
    expect(updated).toMatchObject({
      method: 'PUBLISH',
      partMethod: 'PUBLISH',
      uid: booked.uid,
      sequence: 1,
      status: null,
    });
    expect(booked.sequence).toBe(0);
    expect(Date.parse(`${updated.start}Z`) - Date.parse(`${booked.start}Z`)).toBe(24 * HOUR_MS);
    // The agent reads of the client's inspection, in words of its own.
    const [agent] = await mailTo(order, AGENT, /^Inspection for .+ moved to .* E[SD]T$/);
    expect(agent!.text).not.toContain('Manage your inspection');
    expect(agent!.text).not.toContain('Your inspection');
    const [office] = await mailTo(order, OFFICE, /^Booking moved to /);
    expect(office!.text).toContain('Moved by: the client or agent');
    expect(office!.text).not.toContain('/manage/');
    expect(office!.html).not.toContain('/manage/');
    const [text] = textsOf(order).filter((body) => body.includes('is moved to'));
    expect(text).toMatch(
      new RegExp(
        `\\(was .* E[SD]T\\)\\. Questions: .*\\. Manage: ${manageUrl(tokens.get(`client:${CLIENT_MOBILE}`)!)}\\n$`,
      ),
    );

    // Done jobs hold no token; the jobs still waiting (the re-planned reminders) do, until they are sent.
    const jobs = await jobsOf(order);
    const done = jobs.filter((job) => job.doneAt !== null);
    expect(done.filter((job) => job.kind === CHANGE_EMAIL_JOB || job.payload.message === 'rescheduled')).toHaveLength(
      4,
    );
    expect(done.filter((job) => 'manage_token' in job.payload)).toEqual([]);
    expect(
      done.filter((job) => job.payload.audience !== 'office').every((job) => job.payload.manage_link_for !== undefined),
    ).toBe(true);
    const waiting = jobs.filter((job) => job.doneAt === null);
    expect(waiting.map((job) => [job.kind, job.payload.start, 'manage_token' in job.payload])).toEqual(
      expect.arrayContaining([[REMINDER_EMAIL_JOB, moved.toISOString(), true]]),
    );
    // Never a token or a link in the log.
    const log = JSON.stringify(logged);
    for (const token of [...atConfirm.values(), ...tokens.values()]) expect(log).not.toContain(token);
    expect(log).not.toContain('/manage/');
  });

  it("does not send a move's messages once the booking moved again or was cancelled; sends the latest", async () => {
    const { order, start } = await confirmedOrder();
    await worker.runDue();
    const first = new Date(start.getTime() + 24 * HOUR_MS);
    const second = new Date(start.getTime() + 48 * HOUR_MS);
    await change(order, 'rescheduled', { to: first });
    await change(order, 'rescheduled', { to: second });
    await worker.runDue();
    const moves = (await jobsOf(order)).filter(
      (job) => job.kind === CHANGE_EMAIL_JOB || job.payload.message === 'rescheduled',
    );
    expect(moves.filter((job) => job.payload.start === first.toISOString()).map((job) => job.lastError)).toEqual([
      'TIME_CHANGED',
      'TIME_CHANGED',
      'TIME_CHANGED',
      'TIME_CHANGED',
    ]);
    expect(moves.filter((job) => job.payload.start === second.toISOString()).map((job) => job.lastError)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect((await mailTo(order, CLIENT, /^Your inspection is moved to /)).map((mail) => mail.subject)).toHaveLength(1);

    // Moved once more and cancelled before the worker ran: only the cancellation goes.
    await change(order, 'rescheduled', { to: start });
    await change(order, 'cancelled');
    await worker.runDue();
    const last = (await jobsOf(order)).filter(
      (job) => (job.kind === CHANGE_EMAIL_JOB || job.kind === SMS_JOB) && job.payload.start === start.toISOString(),
    );
    expect(
      last.filter((job) => (job.payload.change ?? job.payload.message) === 'rescheduled').map((job) => job.lastError),
    ).toEqual(Array(4).fill('ORDER_NOT_CONFIRMED'));
    expect(
      last.filter((job) => (job.payload.change ?? job.payload.message) === 'cancelled').map((job) => job.lastError),
    ).toEqual([null, null, null, null]);
  });

  it('cancels: the invitation removed (METHOD:CANCEL, the same UID, start and the SEQUENCE of change_sequence), the office told why and the fee, no reminder sent', async () => {
    const { order, start } = await confirmedOrder();
    await issueTokens(order);
    await worker.runDue();
    const booked = invitationOf((await mailTo(order, CLIENT, /is booked$/))[0]!);
    // The office had moved it once and back: the cancellation is its third change.
    await harness.database.db.update(t.orders).set({ changeSequence: 2 }).where(eq(t.orders.id, order.orderId));
    const reminder = (await jobsOf(order)).find((job) => job.kind === REMINDER_EMAIL_JOB && job.doneAt === null)!;
    await change(order, 'cancelled', { changedBy: 'office', reason: 'Seller withdrew the listing', feeCents: 7500 });
    await issueTokens(order);
    expect(
      (await jobsOf(order)).filter(
        (job) => job.doneAt === null && (job.kind === REMINDER_EMAIL_JOB || job.payload.message === 'reminder'),
      ),
    ).toEqual([]);
    expect(await worker.runDue()).toBe(4);

    const [client] = await mailTo(order, CLIENT, /is cancelled$/);
    expect(client!.subject).toMatch(/^Your inspection on .* E[SD]T is cancelled$/);
    expect(invitationOf(client!)).toEqual({
      method: 'CANCEL',
      partMethod: 'CANCEL',
      uid: eventUid(order.orderId),
      sequence: 3,
      status: 'CANCELLED',
      start: booked.start,
    });
    expect(booked).toMatchObject({
      method: 'PUBLISH',
      partMethod: 'PUBLISH',
      uid: eventUid(order.orderId),
      sequence: 0,
    });
    expect(client!.text).not.toContain('Manage your inspection');
    expect(client!.text).toContain('Late-cancellation fee: $75.00');
    expect(client!.text).not.toContain('Pay Online');
    const [office] = await mailTo(order, OFFICE, /^Booking cancelled: /);
    expect(office!.text).toContain(
      'Cancelled by: the office\nReason: Seller withdrew the listing\nLate-cancellation fee: $75.00',
    );
    expect(invitationOf(office!)).toMatchObject({ method: 'CANCEL', partMethod: 'CANCEL' });
    expect(office!.text).toContain('Payment: Not paid\n');
    expect(await mailTo(order, AGENT, /^Inspection for .+ on .* E[SD]T is cancelled$/)).toHaveLength(1);
    expect(textsOf(order).filter((body) => body.includes('is cancelled by the office.'))).toEqual([
      expect.not.stringContaining('Manage'),
    ]);

    // A reminder, a confirmation or a move's message of the cancelled order that a worker had claimed is not sent; nor a cancellation's of an order not cancelled.
    const now = new Date(harness.clock.now());
    const stale = (kind: string, payload: Record<string, unknown>, key: string) => ({
      companyId: order.companyId,
      kind,
      dedupeKey: `${key}:${order.orderId}`,
      payload: { order_id: order.orderId, ...payload },
      runAt: now,
    });
    await enqueueJobs(harness.database.db, [
      stale(REMINDER_EMAIL_JOB, { ...reminder.payload, start: start.toISOString() }, 'stale-reminder'),
      stale(SMS_JOB, { message: 'reminder', to: CLIENT_MOBILE, start: start.toISOString() }, 'stale-sms-reminder'),
      stale(CONFIRMATION_EMAIL_JOB, { audience: 'client', to: CLIENT, name: 'Dana' }, 'stale-confirmation'),
      stale(
        CHANGE_EMAIL_JOB,
        {
          audience: 'client',
          to: CLIENT,
          name: 'Dana',
          change: 'rescheduled',
          previous_start: start.toISOString(),
          start: start.toISOString(),
          changed_by: 'office',
          sequence: 1,
        },
        'stale-move',
      ),
    ]);
    const { order: booked2 } = await confirmedOrder();
    const cancellation = {
      audience: 'client',
      to: CLIENT,
      name: 'Dana',
      change: 'cancelled',
      previous_start: start.toISOString(),
      start: start.toISOString(),
      changed_by: 'office',
      sequence: 1,
    };
    await enqueueJobs(harness.database.db, [
      {
        ...stale(CHANGE_EMAIL_JOB, cancellation, 'not-cancelled'),
        payload: { order_id: booked2.orderId, ...cancellation },
      },
    ]);
    const sent = (await mailsOf(order)).length;
    await worker.runDue();
    expect((await mailsOf(order)).length).toBe(sent);
    expect(await mailTo(booked2, CLIENT, /is cancelled$/)).toEqual([]);
    const keys = ['stale-reminder', 'stale-sms-reminder', 'stale-confirmation', 'stale-move', 'not-cancelled'].map(
      (key) => `${key}:${order.orderId}`,
    );
    const rows = (await jobsOf(order)).concat(await jobsOf(booked2)).filter((job) => keys.includes(job.dedupeKey));
    expect(rows.every((job) => job.doneAt !== null)).toBe(true);
    const outcomes = Object.fromEntries(rows.map((job) => [job.dedupeKey.split(':')[0], job.lastError]));
    expect(outcomes).toEqual({
      'stale-reminder': 'ORDER_NOT_CONFIRMED',
      'stale-sms-reminder': 'ORDER_NOT_CONFIRMED',
      'stale-confirmation': 'ORDER_NOT_CONFIRMED',
      'stale-move': 'ORDER_NOT_CONFIRMED',
      'not-cancelled': 'ORDER_NOT_CANCELLED',
    });
  });
});

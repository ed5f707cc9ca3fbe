import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import type { SigningView } from '@scheduler/contracts/agreements';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startDemoSession, type TestApp } from '../../test-support/test-app.ts';
import { instantOf, setClock, slotsOn, startWithOtherCompany } from '../booking-changes/manage-test-support.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { insertAgreementTemplate } from './agreements-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import {
  AGREEMENT_REMINDER_EMAIL_JOB,
  AGREEMENT_REQUEST_EMAIL_JOB,
  type AgreementReminderPayload,
} from '../notifications/agreement-messages.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { agreementReminderMoments } from './send-agreements.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const OTHER_KEY = 'reminders-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000a4';
const SAM = { first: 'Sam', last: 'Núñez', email: 'sam@example.com', mobile_phone: '614-555-0188' };

describe('when a signer is reminded', () => {
  const sent = new Date('2027-03-01T14:00:00.000Z');
  const plan = (hoursAway: number, minutesMore = 0) =>
    agreementReminderMoments(sent, new Date(sent.getTime() + hoursAway * HOUR + minutesMore * MINUTE)).map(
      ({ reminder, at }) => [reminder, (at.getTime() - sent.getTime()) / HOUR],
    );

  it('plans none for an inspection less than 36 h away, the day-before one from 36 h, and both from 84 h', () => {
    expect(plan(36, -1)).toEqual([]);
    // The day-before reminder 12 h after the request, at its bound.
    expect(plan(36)).toEqual([['day_before', 12]]);
    // 47 h away: the 2-day reminder would come after the inspection; only the day-before one.
    expect(plan(47)).toEqual([['day_before', 23]]);
    // 83 h 59 min away: the 2-day reminder would come less than 12 h before the day-before one.
    expect(plan(84, -1)).toEqual([['day_before', 60 - 1 / 60]]);
    expect(plan(84)).toEqual([
      ['after_sending', 48],
      ['day_before', 60],
    ]);
    expect(plan(240)).toEqual([
      ['after_sending', 48],
      ['day_before', 216],
    ]);
  });
});

describeOnEachDatabase('agreement reminders, and agreements voided when the order changes', (factory) => {
  let harness: TestApp;
  let office: ConsolePerson;
  const db = () => harness.database.db;
  const day = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));
  const RADON = 'a1c0ffee-0000-4000-8000-000000000006';

  async function template(name: string, bodyHtml: string, appliesTo: { all: boolean; service_ids: string[] }) {
    return insertAgreementTemplate(db(), 'demo', {
      name,
      bodyHtml,
      serviceIds: appliesTo.all ? [] : appliesTo.service_ids,
    });
  }

  /**
   * A demo booking of the first slot of a day, with Dana (and Sam) as clients, confirmed
   * `hoursAway` before its start when given (at the test clock's time otherwise).
   */
  async function book(days: number, options: { hoursAway?: number; sam?: boolean } = {}) {
    setClock(harness, MONDAY);
    let start: string | null = null;
    if (options.hoursAway !== undefined) {
      // The day's first slot, seen from Monday; the booking is then made `hoursAway` before it, in a session of that time.
      const probe = await DemoOrder.start(harness.app, db(), await startDemoSession(harness.app));
      await probe.fillIn();
      start = instantOf((await slotsOn(harness.app, probe.token, day(days)))[0]!);
      setClock(harness, new Date(Date.parse(start) - options.hoursAway * HOUR).toISOString());
    }
    const order = await DemoOrder.start(harness.app, db(), await startDemoSession(harness.app));
    await order.fillIn();
    // A second client, who signs too (the company's agreements need every client's signature).
    const { companyId, orderId } = order;
    if (options.sam)
      await db().insert(t.orderParties).values({ companyId, orderId, role: 'client', position: 1, person: SAM });
    const slots = await slotsOn(harness.app, order.token, day(days));
    const slot: AppointmentSlot = (start ? slots.find((one) => instantOf(one) === start) : slots[0])!;
    expect(slot).toBeDefined();
    const held = await order.hold(slot);
    expect(held.statusCode, held.body).toBe(200);
    const confirmed = await order.confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const requests = await jobsOf(order.orderId, AGREEMENT_REQUEST_EMAIL_JOB);
    const tokens = new Map(requests.map((job) => [String(job.payload.to), String(job.payload.signing_token)]));
    // The client's confirmation: the office's has no manage link (and rows come in no set order).
    const confirmation = (
      await db()
        .select()
        .from(t.jobs)
        .where(and(eq(t.jobs.kind, 'confirmation_email'), eq(t.jobs.orderId, order.orderId)))
    ).find((job) => job.payload.audience === 'client');
    return {
      order,
      start: instantOf(slot),
      tokens,
      bookedAt: harness.clock.now(),
      manage: String(confirmation!.payload.manage_token),
    };
  }

  const jobsOf = (orderId: string, kind: string) =>
    db()
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, kind), eq(t.jobs.orderId, orderId)))
      .orderBy(t.jobs.id);
  const view = (token: string) => harness.app.inject({ method: 'GET', url: `/demo/json/sign/${token}` });
  const sign = async (token: string, name: string) => {
    const { document_sha256: document } = (await view(token)).json<SigningView>();
    const answer = await harness.app.inject({
      method: 'POST',
      url: `/demo/json/sign/${token}`,
      payload: { consent: true, typed_name: name, method: 'typed', signature_png: null, document_sha256: document },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  /** Runs the worker at `at`; answers the e-mails it wrote. */
  async function runWorkerAt(at: number): Promise<string[]> {
    setClock(harness, new Date(at).toISOString());
    const outbox = mkdtempSync(join(tmpdir(), 'agreement-reminders-'));
    try {
      await testWorker(db(), outbox, { now: () => harness.clock.now() }).runDue();
      return readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, ''));
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  }
  const reminderOutcomes = async (orderId: string) =>
    (await jobsOf(orderId, AGREEMENT_REMINDER_EMAIL_JOB)).map((job) => [
      (job.payload as AgreementReminderPayload).reminder,
      job.doneAt === null ? 'queued' : (job.lastError ?? 'sent'),
    ]);

  beforeAll(async () => {
    harness = await startWithOtherCompany(factory, MONDAY, { key: OTHER_KEY, officeUuid: OTHER_OFFICE });
    office = await signedInMember(harness, 'office@reminders.example', 'office');
    await template(
      'Pre-inspection agreement',
      '<p>{client_name} engage {company_name} on {datetime}.</p><p>{price_lines}</p>',
      {
        all: true,
        service_ids: [],
      },
    );
    await template('Radon addendum', '<p>Radon for {client_name}</p>', { all: false, service_ids: [RADON] });
  });
  afterAll(async () => harness.close());

  it('plans both reminders for an inspection 84 h away, with the link of the request, and only the day-before one at 83 h 59 min', async () => {
    const far = await book(7, { hoursAway: 84 });
    const reminders = await jobsOf(far.order.orderId, AGREEMENT_REMINDER_EMAIL_JOB);
    expect(reminders.map((job) => [job.payload.reminder, job.runAt.getTime() - far.bookedAt])).toEqual([
      ['after_sending', 48 * HOUR],
      ['day_before', 60 * HOUR],
    ]);
    for (const job of reminders) {
      expect(job.payload).toMatchObject({
        to: 'dana@example.com',
        start: far.start,
        signing_token: far.tokens.get('dana@example.com'),
      });
    }
    const near = await book(8, { hoursAway: 84 - 1 / 60 });
    const nearReminders = await jobsOf(near.order.orderId, AGREEMENT_REMINDER_EMAIL_JOB);
    expect(nearReminders.map((job) => [job.payload.reminder, job.runAt.toISOString()])).toEqual([
      ['day_before', new Date(Date.parse(near.start) - 24 * HOUR).toISOString()],
    ]);
  });

  it('plans the day-before reminder for an inspection 36 h away, and none at 35 h 59 min', async () => {
    const at36 = await book(9, { hoursAway: 36 });
    expect((await jobsOf(at36.order.orderId, AGREEMENT_REMINDER_EMAIL_JOB)).map((job) => job.payload.reminder)).toEqual(
      ['day_before'],
    );
    const under = await book(10, { hoursAway: 36 - 1 / 60 });
    expect(await jobsOf(under.order.orderId, AGREEMENT_REMINDER_EMAIL_JOB)).toEqual([]);
    expect(await jobsOf(under.order.orderId, AGREEMENT_REQUEST_EMAIL_JOB)).toHaveLength(1);
  });

  it('e-mails a due reminder with the signer’s link, and not once they have signed', async () => {
    const booking = await book(11, { sam: true });
    const mails = await runWorkerAt(booking.bookedAt + 48 * HOUR);
    const linkOf = (email: string) => `https://book.example.com/demo/sign/${booking.tokens.get(email)}`;
    const dana = mails.filter((mail) => mail.includes(linkOf('dana@example.com')));
    // The request, sent at once, and the 2-day reminder.
    expect(dana.map((mail) => /Subject: (.*)/.exec(mail)![1])).toEqual(
      expect.arrayContaining(['Reminder: please sign your agreement before your inspection']),
    );
    expect(dana).toHaveLength(2);
    const reminder = dana.find((mail) => /Subject: Reminder/.test(mail))!;
    expect(reminder).toMatch(/To: dana@example.com/);
    expect(reminder).toContain('Review and sign');
    expect(mails.filter((mail) => mail.includes(linkOf('sam@example.com')))).toHaveLength(2);
    // Sent: the token left the job.
    const done = await jobsOf(booking.order.orderId, AGREEMENT_REMINDER_EMAIL_JOB);
    expect(done.filter((job) => job.doneAt !== null).every((job) => job.payload.signing_token === undefined)).toBe(
      true,
    );
    // Dana signs; the agreement waits for Sam: only Sam is reminded the day before.
    await sign(booking.tokens.get('dana@example.com')!, 'Dana Whitaker');
    const dayBefore = await runWorkerAt(Date.parse(booking.start) - 24 * HOUR);
    expect(dayBefore.filter((mail) => mail.includes(linkOf('dana@example.com')))).toEqual([]);
    expect(dayBefore.filter((mail) => mail.includes(linkOf('sam@example.com')))).toHaveLength(1);
    const outcomes = (await jobsOf(booking.order.orderId, AGREEMENT_REMINDER_EMAIL_JOB)).map((job) => [
      job.payload.to,
      job.payload.reminder,
      job.lastError,
    ]);
    expect(outcomes).toContainEqual(['dana@example.com', 'day_before', 'ALREADY_SIGNED']);
    expect(outcomes).toContainEqual(['sam@example.com', 'day_before', null]);
  });

  it('skips the reminders of a link the office replaced, and reminds with the new one', async () => {
    const booking = await book(12);
    const [agreement] = await db()
      .select()
      .from(t.orderAgreements)
      .where(eq(t.orderAgreements.orderId, booking.order.orderId));
    const [signer] = await db()
      .select()
      .from(t.agreementSigners)
      .where(eq(t.agreementSigners.agreementId, agreement!.id));
    setClock(harness, new Date(booking.bookedAt + HOUR).toISOString());
    const resend = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/orders/${booking.order.orderId}/agreements/${agreement!.id}/signers/${signer!.id}/resend`,
      headers: office.headers,
    });
    expect(resend.statusCode, resend.body).toBe(204);
    const reminders = await jobsOf(booking.order.orderId, AGREEMENT_REMINDER_EMAIL_JOB);
    const fresh = reminders.filter((job) => job.payload.signing_token !== booking.tokens.get('dana@example.com'));
    expect(fresh.map((job) => [job.payload.reminder, job.runAt.getTime() - (booking.bookedAt + HOUR)])).toEqual([
      ['after_sending', 48 * HOUR],
      ['day_before', Date.parse(booking.start) - 24 * HOUR - (booking.bookedAt + HOUR)],
    ]);
    // The old link's 2-day reminder falls due first: its link opens nothing, so it is not sent.
    const newLink = `/demo/sign/${String(fresh[0]!.payload.signing_token)}`;
    const oldLink = `/demo/sign/${booking.tokens.get('dana@example.com')}`;
    const early = await runWorkerAt(booking.bookedAt + 48 * HOUR);
    expect(early.filter((mail) => mail.includes(oldLink))).toEqual([]);
    // The resend's request went out with it.
    expect(early.filter((mail) => mail.includes(newLink)).map((mail) => /Subject: (.*)/.exec(mail)![1])).toEqual([
      'Review and sign your agreement: Pre-inspection agreement',
    ]);
    const late = await runWorkerAt(booking.bookedAt + 49 * HOUR);
    const sent = late.filter((mail) => mail.includes(newLink));
    expect(sent.map((mail) => /Subject: (.*)/.exec(mail)![1])).toEqual([
      'Reminder: please sign your agreement before your inspection',
    ]);
    expect(await reminderOutcomes(booking.order.orderId)).toEqual([
      ['after_sending', 'LINK_REPLACED'],
      ['day_before', 'queued'],
      ['after_sending', 'sent'],
      ['day_before', 'queued'],
    ]);
  });

  it('voids a moved inspection’s waiting agreement and sends it anew with the new time: new links, reminders before the new start', async () => {
    const booking = await book(13);
    const manage = (path: string, payload: Record<string, unknown>) =>
      harness.app.inject({ method: 'POST', url: `/demo/json/manage/${booking.manage}${path}`, payload });
    const slots = await harness.app.inject({
      method: 'GET',
      url: `/demo/json/manage/${booking.manage}/availability?from=${day(15)}&to=${day(15)}`,
    });
    const target = instantOf(slots.json<AppointmentSlot[]>()[0]!);
    expect((await manage('/hold', { start: target })).statusCode).toBe(200);
    const moved = await manage('/reschedule', { start: target, from_start: booking.start });
    expect(moved.statusCode, moved.body).toBe(200);
    // The old link opens nothing; the new one, e-mailed with the move, opens the agreement filled with the new time.
    expect((await view(booking.tokens.get('dana@example.com')!)).statusCode).toBe(404);
    const requests = await jobsOf(booking.order.orderId, AGREEMENT_REQUEST_EMAIL_JOB);
    expect(requests).toHaveLength(2);
    const fresh = String(requests[1]!.payload.signing_token);
    const reopened = await view(fresh);
    expect(reopened.statusCode).toBe(200);
    const agreements = await db()
      .select()
      .from(t.orderAgreements)
      .where(eq(t.orderAgreements.orderId, booking.order.orderId))
      .orderBy(t.orderAgreements.createdAt);
    expect(agreements.map((agreement) => agreement.status)).toEqual(['voided', 'pending']);
    expect(agreements[1]!.bodyHtml).not.toBe(agreements[0]!.bodyHtml);
    const planned = (await jobsOf(booking.order.orderId, AGREEMENT_REMINDER_EMAIL_JOB)).filter(
      (job) => job.payload.start === target,
    );
    expect(
      planned.map((job) => [job.payload.reminder, job.runAt.toISOString(), job.payload.signing_token]),
    ).toContainEqual(['day_before', new Date(Date.parse(target) - 24 * HOUR).toISOString(), fresh]);
    await runWorkerAt(Date.parse(booking.start) - 24 * HOUR);
    const outcomes = (await jobsOf(booking.order.orderId, AGREEMENT_REMINDER_EMAIL_JOB))
      .filter((job) => job.payload.start === booking.start)
      .map((job) => job.lastError);
    expect(outcomes).toEqual(['TIME_CHANGED', 'TIME_CHANGED']);
    const history = await db()
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, booking.order.orderId), eq(t.orderEvents.type, 'agreement_voided')));
    expect(history.map((event) => event.data.reason)).toEqual(['rescheduled']);
  });

  it('sends no reminder of a cancelled order', async () => {
    const booking = await book(14);
    const cancelled = await harness.app.inject({
      method: 'POST',
      url: `/demo/json/manage/${booking.manage}/cancel`,
      payload: { reason: '', fee_cents: 0 },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mails = await runWorkerAt(Date.parse(booking.start) - 24 * HOUR);
    expect(mails.filter((mail) => mail.includes(`/demo/sign/${booking.tokens.get('dana@example.com')}`))).toEqual([]);
    expect((await reminderOutcomes(booking.order.orderId)).map(([, outcome]) => outcome)).toEqual([
      'ORDER_NOT_CONFIRMED',
      'ORDER_NOT_CONFIRMED',
    ]);
  });

  describe('the office’s edit of a booked order', () => {
    const edit = async (orderId: string, changes: (state: Record<string, unknown>) => Record<string, unknown>) => {
      const url = `/api/console/companies/demo/orders/${orderId}/edit`;
      const state = (await harness.app.inject({ method: 'GET', url, headers: office.headers })).json<
        Record<string, unknown>
      >();
      const body = {
        version: state.version,
        package_id: state.package_id,
        service_ids: state.service_ids,
        special_note: state.special_note,
        discount_cents: state.discount_cents,
        ...changes(state),
      };
      const saved = await harness.app.inject({ method: 'POST', url, headers: office.headers, payload: body });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const agreementsOf = (orderId: string) =>
      db()
        .select()
        .from(t.orderAgreements)
        .where(eq(t.orderAgreements.orderId, orderId))
        .orderBy(t.orderAgreements.createdAt);

    it('voids a pending agreement when the services change and sends the agreements of the edited order', async () => {
      const booking = await book(16);
      const old = booking.tokens.get('dana@example.com')!;
      expect((await view(old)).json<SigningView>().html).not.toContain('Radon');
      await edit(booking.order.orderId, (state) => ({ service_ids: [...(state.service_ids as string[]), RADON] }));
      const agreements = await agreementsOf(booking.order.orderId);
      expect(agreements.map((a) => [a.title, a.status])).toEqual([
        ['Pre-inspection agreement', 'voided'],
        ['Pre-inspection agreement', 'pending'],
        ['Radon addendum', 'pending'],
      ]);
      expect(agreements[0]!.voidedAt).not.toBeNull();
      expect((await view(old)).statusCode).toBe(404);
      const requests = await jobsOf(booking.order.orderId, AGREEMENT_REQUEST_EMAIL_JOB);
      expect(requests).toHaveLength(3);
      const renewed = (await view(String(requests[1]!.payload.signing_token))).json<SigningView>();
      expect(renewed.title).toBe('Pre-inspection agreement');
      expect(renewed.html).toContain('Radon');
      const voided = await db()
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, booking.order.orderId), eq(t.orderEvents.type, 'agreement_voided')));
      expect(voided.map((event) => event.data)).toEqual([
        { agreement_id: agreements[0]!.id, reason: 'services_changed' },
      ]);
      // The old link's queued request and reminders are not sent.
      await runWorkerAt(harness.clock.now());
      expect(requests[0]!.payload.signing_token).toBe(old);
      const [first] = await jobsOf(booking.order.orderId, AGREEMENT_REQUEST_EMAIL_JOB);
      expect(first!.lastError).toBe('AGREEMENT_NOT_PENDING');
    });

    it('keeps a signed agreement as it was and sends only the templates the new services bring; a note’s edit voids nothing', async () => {
      const booking = await book(17);
      await edit(booking.order.orderId, () => ({ special_note: 'Gate code 1234' }));
      expect((await agreementsOf(booking.order.orderId)).map((a) => a.status)).toEqual(['pending']);
      await sign(booking.tokens.get('dana@example.com')!, 'Dana Whitaker');
      const [signed] = await agreementsOf(booking.order.orderId);
      expect(signed!.status).toBe('signed');
      await edit(booking.order.orderId, (state) => ({ service_ids: [...(state.service_ids as string[]), RADON] }));
      const after = await agreementsOf(booking.order.orderId);
      expect(after.map((a) => [a.title, a.status])).toEqual([
        ['Pre-inspection agreement', 'signed'],
        ['Radon addendum', 'pending'],
      ]);
      expect(after[0]).toEqual(signed);
    });

    it('voids and resends a pending agreement when a client’s address is corrected, to the corrected address', async () => {
      const booking = await book(18);
      await edit(booking.order.orderId, (state) => {
        const dana = (state.people as Array<Record<string, unknown>>).find((person) => person.role === 'client')!;
        const { role: _role, ...fields } = dana;
        return { people: [{ ...fields, email: 'dana.w@example.com' }] };
      });
      const agreements = await agreementsOf(booking.order.orderId);
      expect(agreements.map((a) => a.status)).toEqual(['voided', 'pending']);
      const requests = await jobsOf(booking.order.orderId, AGREEMENT_REQUEST_EMAIL_JOB);
      expect(requests.map((job) => job.payload.to)).toEqual(['dana@example.com', 'dana.w@example.com']);
      const voided = await db()
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, booking.order.orderId), eq(t.orderEvents.type, 'agreement_voided')));
      expect(voided.map((event) => event.data.reason)).toEqual(['clients_changed']);
    });
  });
});

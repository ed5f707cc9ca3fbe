import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import * as t from '../../db/schema.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { eventUid } from '../notifications/mail-content.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { instantOf, ManagedBooking, setClock } from './manage-test-support.ts';

/** A Monday, 9 AM in Columbus (EST), whatever the real date. */
const MONDAY = '2027-03-01T14:00:00.000Z';
const HOUR_MS = 3_600_000;
const CLIENT = 'dana@example.com';
const AGENT = 'ray@example.com';
const CLIENT_MOBILE = '+16145550142';
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/**
 * A booking moved and cancelled through the real routes, its messages sent by the worker on the
 * app's clock (issue 42): each message names who made the change as the order's history does,
 * from where its reader stands, and each version of the invitation is stamped when it was made,
 * its cancellation naming the people it went to.
 */
describeOnEachDatabase('who changed a booking, and the invitation of each change', (factory) => {
  let harness: TestApp;
  let outbox: string;
  let worker: NotificationWorker;

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    outbox = mkdtempSync(join(tmpdir(), 'change-notices-'));
    worker = testWorker(harness.database.db, outbox, { now: () => harness.clock.now() });
  });
  afterEach(() => harness.clock.reset());
  afterAll(async () => {
    await harness.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const dayAfter = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));

  /** A booking a week ahead with an agent, its client asking for text messages. */
  async function booked(): Promise<ManagedBooking> {
    const booking = await ManagedBooking.book(harness, dayAfter(7), { agentEmail: AGENT });
    await harness.database.db
      .update(t.orderParties)
      .set({ person: sql`${t.orderParties.person} || '{"send_sms": true}'::jsonb` })
      .where(and(eq(t.orderParties.orderId, booking.orderId), eq(t.orderParties.role, 'client')));
    return booking;
  }

  /** Another time for the booking, two days after its own, held through `token`'s link. */
  async function heldElsewhere(booking: ManagedBooking, token: string): Promise<string> {
    const response = await booking.availability(dayAfter(9), token);
    expect(response.statusCode).toBe(200);
    const slot = response.json<AppointmentSlot[]>().find((s) => instantOf(s) !== booking.start)!;
    expect((await booking.hold(instantOf(slot), token)).statusCode).toBe(200);
    return instantOf(slot);
  }

  async function mailsOf(orderId: string): Promise<ParsedMail[]> {
    const names = readdirSync(outbox).filter((name) => name.endsWith('.eml') && name.includes(orderId));
    return Promise.all(names.map((name) => simpleParser(readFileSync(join(outbox, name)))));
  }
  /** The one e-mail of the order to `to` whose subject matches. */
  async function mailTo(orderId: string, to: string, subject: RegExp): Promise<ParsedMail> {
    const found = (await mailsOf(orderId)).filter(
      (mail) => !Array.isArray(mail.to) && mail.to?.text === to && subject.test(mail.subject ?? ''),
    );
    expect(found.map((mail) => mail.subject)).toHaveLength(1);
    return found[0]!;
  }
  const officeMail = async (orderId: string, subject: RegExp) => {
    const found = (await mailsOf(orderId)).filter(
      (mail) =>
        !Array.isArray(mail.to) && ![CLIENT, AGENT].includes(mail.to?.text ?? '') && subject.test(mail.subject ?? ''),
    );
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const textsOf = (orderId: string, words: string) =>
    readdirSync(outbox)
      .filter((name) => name.endsWith('.sms.txt') && name.includes(orderId))
      .map((name) => readFileSync(join(outbox, name), 'utf8'))
      .filter((body) => body.includes(words));

  /** The e-mail's invitation as a calendar program reads it. */
  function invitationOf(mail: ParsedMail) {
    const attachment = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))!;
    const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
    const event = calendar.getFirstSubcomponent('vevent')!;
    return {
      method: calendar.getFirstPropertyValue('method'),
      uid: event.getFirstPropertyValue('uid'),
      sequence: event.getFirstPropertyValue('sequence'),
      stamp: (event.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString(),
      organizer: String(event.getFirstPropertyValue('organizer')).replace(/^mailto:/i, 'mailto:'),
      attendees: event
        .getAllProperties('attendee')
        // The scheme is case-insensitive (RFC 3986 3.1); ical-generator writes it upper case.
        .map((property) => String(property.getFirstValue()).replace(/^mailto:/i, 'mailto:'))
        .sort(),
    };
  }

  it("tells each reader who moved it and who cancelled it: the agent's move, the office's cancellation; each invitation stamped when it was made", async () => {
    const confirmedAt = setClock(harness, MONDAY);
    const booking = await booked();
    expect(await worker.runDue()).toBeGreaterThan(0);
    const booked0 = invitationOf(await mailTo(booking.orderId, CLIENT, /is booked$/));
    expect(booked0).toMatchObject({ method: 'PUBLISH', uid: eventUid(booking.orderId), sequence: 0, attendees: [] });
    expect(booked0.stamp).toBe(new Date(confirmedAt).toISOString());

    // An hour later the agent moves it with their own link.
    const movedAt = setClock(harness, new Date(confirmedAt + HOUR_MS).toISOString());
    const target = await heldElsewhere(booking, booking.tokens.agent!);
    expect((await booking.reschedule(target, booking.start, booking.tokens.agent!)).statusCode).toBe(200);
    expect(await worker.runDue()).toBe(4);
    const client = await mailTo(booking.orderId, CLIENT, /^Your inspection is moved to /);
    expect(client.text).toContain('Moved by: your agent');
    expect(client.html).toContain('your agent');
    expect((await mailTo(booking.orderId, AGENT, /moved to/)).text).toContain('Moved by: you\n');
    expect((await officeMail(booking.orderId, /^Booking moved to /)).text).toContain(
      'Moved by: an agent, with their "Manage your inspection" link',
    );
    expect(textsOf(booking.orderId, 'is moved to')).toEqual([expect.stringMatching(/\) by your agent\. Questions: /)]);
    // The history says the same, from what the server recorded.
    const history = (await booking.viewJson()).history.map((entry) => entry.text);
    expect(history.at(-1)).toMatch(/ by an agent$/);
    // The same event, its next version: one higher SEQUENCE, stamped at the move.
    const moved1 = invitationOf(client);
    expect(moved1).toMatchObject({ method: 'PUBLISH', uid: booked0.uid, sequence: 1, attendees: [] });
    expect(moved1.stamp).toBe(new Date(movedAt).toISOString());

    // An hour later the office cancels it.
    const cancelledAt = setClock(harness, new Date(movedAt + HOUR_MS).toISOString());
    const cancelled = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/companies/demo/orders/${booking.orderId}/cancel`,
      headers: admin,
      payload: { reason: 'Seller withdrew the listing', override: true, waive_fee: true },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await worker.runDue()).toBe(4);
    const clientCancel = await mailTo(booking.orderId, CLIENT, /is cancelled$/);
    expect(clientCancel.text).toContain('Cancelled by: the office');
    expect((await mailTo(booking.orderId, AGENT, /is cancelled$/)).text).toContain('Cancelled by: the office');
    expect(textsOf(booking.orderId, 'is cancelled')).toEqual([
      expect.stringMatching(/ is cancelled by the office\. Questions: /),
    ]);
    // RFC 5546 3.2.5: the CANCEL has its ORGANIZER, the ATTENDEEs it went to, the UID, the next SEQUENCE and its own DTSTAMP.
    const view = await booking.viewJson();
    const cancel2 = invitationOf(clientCancel);
    expect(cancel2).toEqual({
      method: 'CANCEL',
      uid: booked0.uid,
      sequence: 2,
      stamp: new Date(cancelledAt).toISOString(),
      organizer: `mailto:${view.office.office_email}`,
      attendees: [`mailto:${CLIENT}`, `mailto:${AGENT}`],
    });
    expect(invitationOf(await officeMail(booking.orderId, /^Booking cancelled: /))).toEqual(cancel2);
  });

  it('tells the client who cancelled with their own link "by you", and the agent and the office "the client"', async () => {
    setClock(harness, MONDAY);
    const booking = await booked();
    await worker.runDue();
    const fee = (await booking.viewJson()).cancel.fee_cents;
    expect((await booking.cancel(fee, 'Bought another house')).statusCode).toBe(200);
    expect(await worker.runDue()).toBe(4);
    expect((await mailTo(booking.orderId, CLIENT, /is cancelled$/)).text).toContain('Cancelled by: you');
    expect((await mailTo(booking.orderId, AGENT, /is cancelled$/)).text).toContain('Cancelled by: the client\n');
    expect((await officeMail(booking.orderId, /^Booking cancelled: /)).text).toContain(
      'Cancelled by: the client, with their "Manage your inspection" link',
    );
    // The client's text message: the e-mail's link was used, the same person reads "you".
    expect(textsOf(booking.orderId, 'is cancelled')).toEqual([expect.stringMatching(/ is cancelled by you\. /)]);
    expect((await booking.events('cancelled'))[0]).toMatchObject({ by: { kind: 'visitor', role: 'client' } });
    const jobs = await booking.jobs();
    expect(
      jobs
        .filter((job) => job.payload.change === 'cancelled' || job.payload.message === 'cancelled')
        .map((job) => [job.payload.audience ?? job.payload.to, job.payload.changed_by_reader ?? null])
        .sort(),
    ).toEqual([
      [CLIENT_MOBILE, true],
      ['agent', false],
      ['client', true],
      ['office', false],
    ]);
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { countOverlaps } from './confirm.repository.ts';
import { DemoOrder } from './confirm-test-support.ts';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatMoney } from '@scheduler/domain/money-format';

const HOLD_MS = 15 * 60_000;
/** The demo's radon test, which lengthens an inspection. */
const RADON = 'a1c0ffee-0000-4000-8000-000000000006';
const SINGLE_FAMILY = 'a1c0ffee-0000-4000-8000-000000000001';
/** A slot's length in minutes, from its office-local start and end. */
const minutesOf = (slot: AppointmentSlot) =>
  (Date.parse(`${slot.end_datetime.replace(' ', 'T')}Z`) - Date.parse(`${slot.start_datetime.replace(' ', 'T')}Z`)) /
  60_000;

describeOnEachDatabase('confirm', { onPgliteToo: 'engine tests' }, (factory, { itOnEveryDatabase }) => {
  let harness: TestApp;
  let outbox: string;
  let worker: NotificationWorker;
  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    // The company sends the agents a copy, its office copy to its own address, writes to clients in
    // its own words, and offers online payment.
    const notifications = {
      notify_agents: true,
      office_email: 'bookings@sciotovalley.example',
      payment_link: 'https://pay.example.com/{order_id}?amount={amount}&currency={currency}',
      templates: {
        client: {
          subject: 'Booked for {client_name}: {datetime}',
          body: 'See you at {address} with {inspectors}. {not_a_placeholder}',
        },
      },
    };
    const document = { ...demoDocument(), notifications };
    const imported = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: document,
    });
    expect(imported.statusCode).toBe(200);
    outbox = mkdtempSync(join(tmpdir(), 'confirm-outbox-'));
    worker = testWorker(harness.database.db, outbox);
  });
  afterEach(() => harness.clock.reset());
  afterAll(async () => {
    await harness.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const newOrder = async () => DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));

  async function appointmentsOf(orderId: string) {
    return harness.database.db.select().from(t.appointments).where(eq(t.appointments.orderId, orderId));
  }

  async function jobsOf(orderId: string) {
    const jobs = await harness.database.db.select().from(t.jobs);
    return jobs.filter((job) => job.payload.order_id === orderId);
  }

  it('books the held time once, however often it is confirmed, and sends one set of e-mails', async () => {
    const order = await newOrder();
    await order.fillIn({ clientEmail: 'dana@example.com', agentEmail: 'ray@example.com' });
    const slot = (await order.slots())[0]!;
    expect((await order.hold(slot)).statusCode).toBe(200);
    // The demo's $425 inspection with its fees and taxes, as the visitor last saw it priced.
    const priced = await order.pricing();
    const total = priced.totals.grand_total;
    expect(total).toBeGreaterThanOrEqual(42_500);

    const first = await order.confirm('Gate code 1234');
    expect(first.statusCode).toBe(200);
    const payUrl = first.json().pay_url as string;
    expect(payUrl).toBe(`https://pay.example.com/${order.orderId}?amount=${(total / 100).toFixed(2)}&currency=USD`);
    expect((await order.confirm('Gate code 1234')).json()).toEqual({ status: 'ok', pay_url: payUrl });
    const keyed = await Promise.all(Array.from({ length: 5 }, () => order.confirm('Gate code 1234', 'key-1')));
    for (const answer of keyed) expect(answer.json()).toEqual({ status: 'ok', pay_url: payUrl });

    const booked = await appointmentsOf(order.orderId);
    expect(booked.map((a) => [a.kind, a.inspectorId]).sort()).toEqual(
      slot.users.map((id) => ['appointment', id]).sort(),
    );
    const [row] = await harness.database.db.select().from(t.orders).where(eq(t.orders.id, order.orderId));
    expect(row).toMatchObject({
      status: 'confirmed',
      specialNote: 'Gate code 1234',
      payUrl,
      pricingSnapshot: { total_cents: total, currency: 'USD', pricing: priced },
    });
    const events = await harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, order.orderId), eq(t.orderEvents.type, 'confirmed')));
    expect(events).toHaveLength(1);
    // The client, the agent and the office.
    expect((await jobsOf(order.orderId)).map((j) => j.payload.audience).sort()).toEqual(['agent', 'client', 'office']);

    // The order reads as confirmed and refuses changes.
    const read = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': order.token },
    });
    expect(read.json()).toMatchObject({
      confirmed: true,
      pay_url: payUrl,
      hold_expires_at: null,
      special_note: 'Gate code 1234',
    });
    const change = await order.hold(slot);
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ error: { code: 'order_confirmed' } });

    // The e-mails, read back as a mail program would.
    const before = new Set(readdirSync(outbox));
    expect(await worker.runDue()).toBeGreaterThanOrEqual(3);
    const written = readdirSync(outbox).filter((name) => !before.has(name));
    const mails = await Promise.all(written.map(async (name) => simpleParser(readFileSync(join(outbox, name)))));
    const mine = mails.filter((mail) => mail.text?.includes('1450 Morse Rd'));
    expect(mine.map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text)).sort()).toEqual([
      'bookings@sciotovalley.example',
      'dana@example.com',
      'ray@example.com',
    ]);
    for (const mail of mine) {
      // The invitation once (decision 0039), an event to add (PUBLISH), not a meeting to answer.
      const calendars = mail.attachments.filter((a) => a.contentType.startsWith('text/calendar'));
      expect(calendars).toHaveLength(1);
      const ics = calendars[0]!;
      expect(ics.content.toString('utf8')).toMatch(/^METHOD:PUBLISH\r?$/m);
      const calendar = new ICAL.Component(ICAL.parse(ics.content.toString('utf8')));
      const vtimezone = calendar.getFirstSubcomponent('vtimezone');
      expect(vtimezone?.getFirstPropertyValue('tzid')).toBe('America/New_York');
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(event.uid).toBe(`order-${order.orderId}@online-scheduler`);
      expect(event.sequence).toBe(0);
      expect(event.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
      const zone = new ICAL.Timezone(vtimezone!);
      event.startDate.zone = zone;
      expect(event.startDate.toJSDate().getTime()).toBe(slot.timestamp * 1000);
      expect(event.location).toContain('1450 Morse Rd, Columbus, OH 43229');
      expect(event.description).toContain('Inspector(s):');
      // Both parts, saying the same appointment.
      expect(mail.html).toContain('1450 Morse Rd');
      expect(mail.text).toMatch(
        /When: (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \w+ \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d\d [AP]M – \d{1,2}:\d\d [AP]M E[SD]T/,
      );
      expect(mail.text).toContain(`Order number: ${order.orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    }
    const client = mine.find((mail) => !Array.isArray(mail.to) && mail.to?.text === 'dana@example.com')!;
    // The company's own template, its placeholders filled and an unknown one left as written.
    expect(client.subject).toMatch(
      /^Booked for Dana Whitaker: \d{1,2}\/\d{1,2}\/\d{4} at \d{1,2}:\d{2}(AM|PM) E[SD]T$/,
    );
    expect(client.text).toMatch(
      /See you at 1450 Morse Rd, Columbus, OH 43229 with [A-Z][a-z]+ [A-Z][a-z]+.* \{not_a_placeholder\}/,
    );
    // The client pays online from the e-mail while the order is unpaid, and replies reach the office.
    expect(client.text).toContain(`Pay Online: ${payUrl}`);
    expect(client.html).toContain(`href="${payUrl!.replace(/&/g, '&amp;')}"`);
    expect(client.replyTo?.text).toBe('schedule@sciotovalleyinspections.com');
    expect(client.text).toContain('Google Calendar: https://calendar.google.com/calendar/render?action=TEMPLATE');
    // The agent's e-mail is the built-in default, without the client's price or pay link.
    const agent = mine.find((mail) => !Array.isArray(mail.to) && mail.to?.text === 'ray@example.com')!;
    expect(agent.subject).toMatch(/^Inspection booked for Dana Whitaker on /);
    expect(agent.text).not.toContain('Pay Online');
    expect(agent.text).not.toContain('Total:');
    const office = mine.find((mail) => !Array.isArray(mail.to) && mail.to?.text === 'bookings@sciotovalley.example')!;
    expect(office.text).toContain(`Total: ${formatMoney(total, 'USD')}`);
    expect(office.text).toContain('Payment: Not paid yet');
    expect(office.replyTo?.text).toBe('dana@example.com');
    // House rule 16: the e-mail's price lines (the thank-you's) add up to the total it shows.
    const orderPart = office.text!.slice(office.text!.indexOf('Price\n-----\n'));
    const priceLines = orderPart.split('\n').flatMap((line) => {
      const match = /^(.*): (- )?\$([\d,]+\.\d\d)$/.exec(line.trim());
      return match
        ? [{ label: match[1]!, cents: (match[2] ? -1 : 1) * Math.round(Number(match[3]!.replace(/,/g, '')) * 100) }]
        : [];
    });
    expect(priceLines.length).toBeGreaterThan(1);
    expect(priceLines.at(-1)!.label).toBe('Total');
    expect(priceLines.slice(0, -1).reduce((sum, line) => sum + line.cents, 0)).toBe(priceLines.at(-1)!.cents);
    expect(office.text).toContain('Special instructions\n--------------------\nNote: Gate code 1234');

    // Nothing is sent twice.
    expect(await worker.runDue()).toBe(0);
    expect(await countOverlaps(harness.database.db, order.companyId)).toBe(0);
  });

  itOnEveryDatabase(
    'books once when the first confirms of an order arrive at the same moment (the re-check under the row lock)',
    async () => {
      const order = await newOrder();
      await order.fillIn();
      const slot = (await order.slots())[4]!;
      expect((await order.hold(slot)).statusCode).toBe(200);
      // No confirm before: every one of these may be the first; on PostgreSQL they run side by side.
      const answers = await Promise.all(Array.from({ length: 4 }, () => order.confirm('')));
      const payUrls = new Set(answers.map((answer) => answer.json().pay_url));
      for (const answer of answers) expect(answer.json()).toMatchObject({ status: 'ok' });
      expect(payUrls.size).toBe(1);
      const booked = await appointmentsOf(order.orderId);
      expect(booked.map((a) => [a.kind, a.inspectorId]).sort()).toEqual(
        slot.users.map((id) => ['appointment', id]).sort(),
      );
      const events = await harness.database.db
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, order.orderId), eq(t.orderEvents.type, 'confirmed')));
      expect(events).toHaveLength(1);
    },
  );

  it('refuses an incomplete order with 400 naming what is missing', async () => {
    const empty = await newOrder();
    const answer = await empty.confirm();
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        code: 'order_incomplete',
        field: 'datetime',
        message:
          'The order is not complete yet: it needs a date and time, the inspection address, your role, a client, the answers to the property questions and at least one service.',
      },
    });

    const noPeople = await newOrder();
    await noPeople.fillIn();
    await harness.database.db.delete(t.orderParties).where(eq(t.orderParties.orderId, noPeople.orderId));
    await noPeople.hold((await noPeople.slots())[1]!);
    const missing = await noPeople.confirm();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      field: 'client',
      message: 'The order is not complete yet: it needs a client.',
    });
    expect(await appointmentsOf(noPeople.orderId)).toEqual([expect.objectContaining({ kind: 'hold' })]);
    await noPeople.hold((await noPeople.slots())[1]!);
  });

  it('refuses an order lacking only its postal code', async () => {
    const order = await newOrder();
    await order.fillIn();
    await order.hold((await order.slots())[3]!);
    await harness.database.db.update(t.orders).set({ postalCode: '' }).where(eq(t.orders.id, order.orderId));
    const refused = await order.confirm();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'order_incomplete', field: 'address' });
    expect(await appointmentsOf(order.orderId)).toEqual([expect.objectContaining({ kind: 'hold' })]);
  });

  it('refuses an order missing a required property answer, as the property step would, and books it once answered', async () => {
    const order = await newOrder();
    await order.fillIn();
    // The wizard skipped: no Occupancy (question 5), and no square feet.
    await harness.database.db
      .delete(t.orderAnswers)
      .where(and(eq(t.orderAnswers.orderId, order.orderId), eq(t.orderAnswers.controlId, 5)));
    await order.hold((await order.slots())[2]!);
    const refused = await order.confirm();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'order_incomplete',
      field: 'controls.5',
      message: 'The order is not complete yet: it needs the answers to the property questions.',
    });
    await harness.database.db.update(t.orders).set({ sqft: null }).where(eq(t.orders.id, order.orderId));
    expect((await order.confirm()).json().error.field).toBe('sqft');
    expect(await appointmentsOf(order.orderId)).toEqual([expect.objectContaining({ kind: 'hold' })]);

    const saved = await harness.app.inject({
      method: 'POST',
      url: '/demo/json/online_scheduler/set_property_info',
      headers: { 'x-auth-token': order.token },
      payload: {
        sqft: 2100,
        yb: 1988,
        controls: [
          { id: 5, value: '2', checked: false },
          { id: 6, value: null, checked: true },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await order.confirm()).statusCode).toBe(200);
  });

  it('refuses a malformed body or Idempotency-Key with 400 naming the field', async () => {
    const order = await newOrder();
    const unknown = await harness.app.inject({
      method: 'POST',
      url: '/demo/json/online_scheduler/confirm',
      headers: { 'x-auth-token': order.token },
      payload: { special_note: '', extra: 1 },
    });
    expect(unknown.statusCode).toBe(400);
    const tooLong = await order.confirm('x'.repeat(4001));
    expect(tooLong.json().error.field).toBe('special_note');
    const badKey = await order.confirm('', 'has space');
    expect(badKey.json().error.field).toBe('idempotency-key');
  });

  it('refuses to confirm once the office is retired, as every write', async () => {
    const order = await newOrder();
    await order.fillIn();
    await order.hold((await order.slots())[5]!);
    const [row] = await harness.database.db
      .select({ officeId: t.orders.officeId })
      .from(t.orders)
      .where(eq(t.orders.id, order.orderId));
    await harness.database.db.update(t.offices).set({ active: false }).where(eq(t.offices.id, row!.officeId));
    try {
      const answer = await order.confirm();
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ error: { code: 'unauthorized' } });
      expect((await appointmentsOf(order.orderId)).map((a) => a.kind)).not.toContain('appointment');
    } finally {
      await harness.database.db.update(t.offices).set({ active: true }).where(eq(t.offices.id, row!.officeId));
    }
  });

  it('books only the order the review showed: a change from another tab since is refused with order_changed (decision 0033)', async () => {
    const order = await newOrder();
    await order.fillIn();
    const slot = (await order.slots())[3]!;
    await order.hold(slot);
    const reviewed = await order.revision();
    // Holding the same time again changes nothing the review shows.
    await order.hold(slot);
    expect(await order.revision()).toBe(reviewed);
    // The other tab changes the cart.
    expect((await order.addService('a1c0ffee-0000-4000-8000-000000000006')).statusCode).toBe(200);
    await order.hold(slot);
    const changed = await order.revision();
    expect(changed).not.toBe(reviewed);
    const refused = await order.confirm('', undefined, reviewed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'order_changed',
        message: 'Your order was changed in another window or tab. Please check it below and confirm again.',
      },
    });
    expect((await appointmentsOf(order.orderId)).map((a) => a.kind)).not.toContain('appointment');
    // Confirmed as it now is; then the other tab's writes are told the order is confirmed.
    expect((await order.confirm('', undefined, changed)).statusCode).toBe(200);
    const late = await order.addService('a1c0ffee-0000-4000-8000-000000000008');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('order_confirmed');
  });

  it('confirms a lapsed hold whose time is still free', async () => {
    const order = await newOrder();
    await order.fillIn();
    const slot = (await order.slots())[2]!;
    await order.hold(slot);
    harness.clock.advance(HOLD_MS + 60_000);
    expect((await order.confirm()).statusCode).toBe(200);
    expect((await appointmentsOf(order.orderId)).every((a) => a.kind === 'appointment')).toBe(true);
  });

  it('offers other times when the held time has passed', async () => {
    const order = await newOrder();
    await order.fillIn();
    const slot = (await order.slots())[0]!;
    await order.hold(slot);
    harness.clock.advance(slot.timestamp * 1000 - harness.clock.now() + 60_000);
    const answer = await order.confirm();
    expect(answer.statusCode).toBe(409);
    expect(answer.json().status).toBe('unavailable');
    expect(
      answer.json().appointments.every((s: { timestamp: number }) => s.timestamp * 1000 > harness.clock.now()),
    ).toBe(true);
    expect((await appointmentsOf(order.orderId)).map((a) => a.kind)).not.toContain('appointment');
  });

  it('offers other times when the held time starts at this very instant', async () => {
    const order = await newOrder();
    await order.fillIn();
    const slot = (await order.slots())[0]!;
    await order.hold(slot);
    harness.clock.advance(slot.timestamp * 1000 - harness.clock.now());
    const answer = await order.confirm();
    expect(answer.statusCode).toBe(409);
    expect(answer.json().status).toBe('unavailable');
    expect((await appointmentsOf(order.orderId)).map((a) => a.kind)).not.toContain('appointment');
  });

  it('offers times that fit the changed cart when the cart changed after the hold, and books the one then held', async () => {
    const order = await newOrder();
    await order.fillIn();
    const slot = (await order.slots())[1]!;
    expect((await order.hold(slot)).statusCode).toBe(200);
    const heldMinutes = minutesOf(slot);
    // Radon testing lengthens the inspection; the hold keeps the old cart's length and team.
    const added = await order.addService(RADON);
    expect(added.statusCode).toBe(200);
    const cartMinutes: number = added.json().duration;
    expect(cartMinutes).toBeGreaterThan(heldMinutes);

    const answer = await order.confirm();
    expect(answer.statusCode).toBe(409);
    expect(answer.json().status).toBe('unavailable');
    const offered: AppointmentSlot[] = answer.json().appointments;
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((s) => minutesOf(s) === cartMinutes)).toBe(true);
    // From the held day on, as every list of alternatives (spec 2.12).
    expect(offered.every((s) => s.date >= slot.date)).toBe(true);
    expect((await appointmentsOf(order.orderId)).map((a) => a.kind)).not.toContain('appointment');

    // Holding an offered time clears the flag; the confirm books it at the cart's length.
    expect((await order.hold(offered[0]!)).statusCode).toBe(200);
    expect((await order.confirm()).statusCode).toBe(200);
    const booked = (await appointmentsOf(order.orderId)).filter((a) => a.kind === 'appointment');
    expect(booked.length).toBe(offered[0]!.users.length);
    for (const row of booked) {
      // tstzrange text: ["2026-11-25 13:00:00+00","2026-11-25 16:00:00+00")
      const [from, to] = [...row.during.matchAll(/"([^"]+)"/g)].map((m) =>
        Date.parse(m[1]!.replace(' ', 'T').replace(/\+00$/, 'Z')),
      );
      expect((to! - from!) / 60_000).toBe(cartMinutes);
    }
  });

  it('answers 409 with alternatives when the hold lapsed and someone else took the time', async () => {
    const late = await newOrder();
    const quick = await newOrder();
    await late.fillIn();
    await quick.fillIn();
    const slot = (await late.slots())[3]!;
    await late.hold(slot);
    harness.clock.advance(HOLD_MS + 60_000);
    expect((await quick.hold(slot)).statusCode).toBe(200);
    const answer = await late.confirm();
    expect(answer.statusCode).toBe(409);
    expect(answer.json().status).toBe('unavailable');
    expect(answer.json().appointments.length).toBeGreaterThan(0);
    expect(
      answer
        .json()
        .appointments.some(
          (s: { timestamp: number; users: number[] }) =>
            s.timestamp === slot.timestamp && s.users.join() === slot.users.join(),
        ),
    ).toBe(false);
    const [row] = await harness.database.db
      .select({ status: t.orders.status })
      .from(t.orders)
      .where(eq(t.orders.id, late.orderId));
    expect(row!.status).toBe('draft');
    expect(await jobsOf(late.orderId)).toEqual([]);
    expect((await quick.confirm()).statusCode).toBe(200);
  });

  itOnEveryDatabase('books a time once when two sessions whose holds lapsed race to confirm it', async () => {
    const first = await newOrder();
    const second = await newOrder();
    await first.fillIn();
    await second.fillIn();
    const slot = (await first.slots())[4]!;
    await first.hold(slot);
    harness.clock.advance(HOLD_MS + 60_000);
    expect((await second.hold(slot)).statusCode).toBe(200);
    harness.clock.advance(HOLD_MS + 60_000);
    // Both orders name the time, and neither holds it any longer.
    const answers = await Promise.all([first.confirm(), second.confirm()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const booked = [...(await appointmentsOf(first.orderId)), ...(await appointmentsOf(second.orderId))].filter(
      (a) => a.kind === 'appointment',
    );
    expect(booked).toHaveLength(slot.users.length);
    expect(await countOverlaps(harness.database.db, first.companyId)).toBe(0);
  });
  async function orderRow(orderId: string) {
    const [row] = await harness.database.db.select().from(t.orders).where(eq(t.orders.id, orderId));
    return row!;
  }

  async function confirmedEvents(orderId: string) {
    return harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.type, 'confirmed')));
  }

  it('freezes on the order what was booked, the package and each service at the prices /pricing showed, and writes the audit event', async () => {
    const order = await newOrder();
    await order.fillIn();
    // Buyer's Essentials and, beside it, radon testing.
    await harness.database.db
      .update(t.orders)
      .set({ packageIds: [1], serviceIds: [RADON] })
      .where(eq(t.orders.id, order.orderId));
    const slot = (await order.slots())[4]!;
    expect((await order.hold(slot)).statusCode).toBe(200);
    const priced = await order.pricing();
    const radon = priced.services.find((service) => service.id === RADON)!;
    expect(priced.package).toMatchObject({ id: 1, name: "Buyer's Essentials" });
    expect(radon.amount).toBeGreaterThan(0);

    expect((await order.confirm()).statusCode).toBe(200);
    const row = await orderRow(order.orderId);
    expect(row.pricingSnapshot).toEqual({
      source: 'pricing',
      currency: 'USD',
      total_cents: priced.totals.grand_total,
      lines: [
        { kind: 'package', id: '1', name: "Buyer's Essentials", amount_cents: priced.package!.amount },
        { kind: 'service', id: RADON, name: radon.name, amount_cents: radon.amount },
      ],
      pricing: priced,
    });
    // The audit event says when, how long, who and for how much.
    const events = await confirmedEvents(order.orderId);
    expect(events.map((event) => event.data)).toEqual([
      {
        start: new Date(slot.timestamp * 1000).toISOString(),
        duration: minutesOf(slot),
        inspectors: slot.users,
        total_cents: priced.totals.grand_total,
      },
    ]);
  });

  it('freezes the services alone, and no package line, when the cart holds no package', async () => {
    const order = await newOrder();
    await order.fillIn();
    await harness.database.db
      .update(t.orders)
      .set({ packageIds: [], serviceIds: [SINGLE_FAMILY, RADON] })
      .where(eq(t.orders.id, order.orderId));
    expect((await order.hold((await order.slots())[2]!)).statusCode).toBe(200);
    const priced = await order.pricing();
    expect(priced.package).toBeNull();

    expect((await order.confirm()).statusCode).toBe(200);
    const { pricingSnapshot } = await orderRow(order.orderId);
    expect(pricingSnapshot?.lines).toEqual(
      priced.services.map((service) => ({
        kind: 'service',
        id: service.id,
        name: service.name,
        amount_cents: service.amount,
      })),
    );
    expect(pricingSnapshot?.lines).toHaveLength(2);
  });

  it('reads as saved once confirmed, even when no step saved it before', async () => {
    const order = await newOrder();
    await order.fillIn();
    await order.hold((await order.slots())[6]!);
    await harness.database.db.update(t.orders).set({ saved: false }).where(eq(t.orders.id, order.orderId));
    expect((await order.confirm()).statusCode).toBe(200);
    const read = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': order.token },
    });
    expect(read.json()).toMatchObject({ confirmed: true, saved: true });
  });

  it('answers a repeated Idempotency-Key with what it answered first, and any other repeat with the order as it is now, even after the held time has passed', async () => {
    const order = await newOrder();
    await order.fillIn();
    const slot = (await order.slots())[5]!;
    await order.hold(slot);
    const first = await order.confirm('', 'first-try');
    expect(first.statusCode).toBe(200);
    const firstAnswer = first.json();
    expect(firstAnswer).toEqual({ status: 'ok', pay_url: expect.stringContaining(order.orderId) });
    const setPayUrl = (payUrl: string) =>
      harness.database.db.update(t.orders).set({ payUrl }).where(eq(t.orders.id, order.orderId));

    // The order's pay link changes afterwards (the office issues another).
    await setPayUrl('https://pay.example.com/reissued-1');
    expect((await order.confirm('', 'first-try')).json()).toEqual(firstAnswer);
    // A new key answers the order as it is now, and from then on the same.
    expect((await order.confirm('', 'retry-key')).json()).toEqual({
      status: 'ok',
      pay_url: 'https://pay.example.com/reissued-1',
    });
    await setPayUrl('https://pay.example.com/reissued-2');
    expect((await order.confirm('', 'retry-key')).json()).toEqual({
      status: 'ok',
      pay_url: 'https://pay.example.com/reissued-1',
    });
    expect((await order.confirm('')).json()).toEqual({ status: 'ok', pay_url: 'https://pay.example.com/reissued-2' });

    // Once the inspection's time has come, a repeat still says "booked", never "unavailable".
    harness.clock.advance(slot.timestamp * 1000 - harness.clock.now() + 60_000);
    const late = await order.confirm('');
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ status: 'ok', pay_url: 'https://pay.example.com/reissued-2' });
    expect(await confirmedEvents(order.orderId)).toHaveLength(1);
  });

  it("accepts a house built this year in the office's time zone, and refuses one built next year", async () => {
    const order = await newOrder();
    await order.fillIn();
    await order.hold((await order.slots())[8]!);
    const thisYear = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' }).format(harness.clock.now()),
    );
    await harness.database.db
      .update(t.orders)
      .set({ yearBuilt: thisYear + 1 })
      .where(eq(t.orders.id, order.orderId));
    const refused = await order.confirm();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'order_incomplete', field: 'yb' });
    await harness.database.db.update(t.orders).set({ yearBuilt: thisYear }).where(eq(t.orders.id, order.orderId));
    expect((await order.confirm()).statusCode).toBe(200);
  });

  /** Replaces the order's people of one role, as a visitor's earlier save left them (before the settings changed, say). */
  async function setParties(
    order: DemoOrder,
    role: 'client' | 'buyers_agent' | 'sellers_agent' | 'contact',
    people: Array<Record<string, unknown>>,
  ) {
    const { db } = harness.database;
    await db
      .delete(t.orderParties)
      .where(and(eq(t.orderParties.orderId, order.orderId), eq(t.orderParties.role, role)));
    for (const [position, person] of people.entries())
      await db
        .insert(t.orderParties)
        .values({ companyId: order.companyId, orderId: order.orderId, role, position, person });
  }

  async function setRole(order: DemoOrder, type: 'CLIENT_BUYER' | 'BUYERS_AGENT', text: string) {
    await harness.database.db
      .update(t.orders)
      .set({ userType: { type, text, other: '' } })
      .where(eq(t.orders.id, order.orderId));
  }

  it("asks for the people the company's settings require, judged as the contacts step judges them", async () => {
    // The demo company requires a client's e-mail and mobile phone and a buyer's agent's mobile phone.
    const order = await newOrder();
    await order.fillIn();
    await order.hold((await order.slots())[5]!);
    const dana = { id: 1, first: 'Dana', last: 'Whitaker', email: 'dana@example.com', mobile_phone: '614-555-0142' };
    await setParties(order, 'client', [dana, { id: 2, first: 'Sam', last: 'Whitaker', email: '', mobile_phone: '' }]);
    let answer = await order.confirm();
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        code: 'order_incomplete',
        field: 'clients.1.email',
        message:
          "The order is not complete yet: it needs the Home Buyer 2's Email and the Home Buyer 2's Mobile Phone.",
      },
    });

    // A visitor who is the buyer's agent must name themselves; the other panels may say "No {label}".
    await setRole(order, 'BUYERS_AGENT', "Buyer's Agent");
    answer = await order.confirm();
    expect(answer.json().error).toMatchObject({
      field: 'clients.1.email',
      message:
        "The order is not complete yet: it needs the Home Buyer 2's Email, the Home Buyer 2's Mobile Phone and the buyer's agent.",
    });
    await setParties(order, 'client', [dana]);
    answer = await order.confirm();
    expect(answer.json().error).toEqual({
      code: 'order_incomplete',
      field: 'buyers_agent',
      message: "The order is not complete yet: it needs the buyer's agent.",
    });

    // A named agent needs what BA_REQUIRED_FIELDS says.
    await setParties(order, 'buyers_agent', [
      { id: 7, first: 'Ray', last: 'Ortiz', email: 'ray@example.com', mobile_phone: ' ', pac_opt_out: false },
    ]);
    answer = await order.confirm();
    expect(answer.json().error).toMatchObject({
      field: 'buyers_agent.mobile_phone',
      message: "The order is not complete yet: it needs the Buyer's Agent's Mobile Phone.",
    });
    expect(await appointmentsOf(order.orderId)).toEqual([expect.objectContaining({ kind: 'hold' })]);

    await setParties(order, 'buyers_agent', [
      {
        id: 7,
        first: 'Ray',
        last: 'Ortiz',
        email: 'ray@example.com',
        mobile_phone: '614-555-0177',
        pac_opt_out: false,
      },
    ]);
    expect((await order.confirm()).statusCode).toBe(200);
  });

  it('confirms a client visitor who chose "No Buyer\'s Agent" and named no other agent', async () => {
    const order = await newOrder();
    await order.fillIn();
    await setRole(order, 'CLIENT_BUYER', 'Home Buyer');
    await order.hold((await order.slots())[6]!);
    const answer = await order.confirm();
    expect(answer.statusCode).toBe(200);
    expect((await appointmentsOf(order.orderId)).every((a) => a.kind === 'appointment')).toBe(true);
  });
  it('asks for what the company requires of each added contact (a loan officer, a title company), as the contacts step does', async () => {
    const order = await newOrder();
    await order.fillIn();
    await order.hold((await order.slots())[9]!);
    await setParties(order, 'contact', [
      { id: 1_000_000_001, first: 'Lee', last: 'Banks', email: '', type: { id: 1, name: 'Loan Officer' } },
    ]);
    const refused = await order.confirm();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'order_incomplete', field: 'contacts.0.email' });
    await setParties(order, 'contact', [
      {
        id: 1_000_000_001,
        first: 'Lee',
        last: 'Banks',
        email: 'lee@lender.example',
        type: { id: 1, name: 'Loan Officer' },
      },
    ]);
    expect((await order.confirm()).statusCode).toBe(200);
  });
});

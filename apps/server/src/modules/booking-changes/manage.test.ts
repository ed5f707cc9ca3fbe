import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import {
  demoDocument,
  importDemoCopy,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { countCrossOrderOverlaps } from './manage.repository.ts';
import { instantOf, ManagedBooking, setClock, slotsOn } from './manage-test-support.ts';

const HOUR_MS = 3_600_000;
/** A Monday, 9 AM in Columbus: every test runs on this clock, whatever the real date (EST; the clocks go forward on 14 March 2027). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

describeOnEachDatabase('manage a booking', { onPgliteToo: 'engine tests' }, (factory, { itOnEveryDatabase }) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    // A second company, the demo under another key, for the walls between companies.
    const other = demoDocument() as Record<string, any>;
    other.key = 'other';
    other.offices[0].uuid = 'c0000000-0000-4000-8000-0000000000ee';
    for (const inspector of other.inspectors) inspector.office = other.offices[0].uuid;
    expect(
      (await harness.app.inject({ method: 'PUT', url: '/api/admin/companies/other', headers: admin, payload: other }))
        .statusCode,
    ).toBe(200);
  });
  afterEach(() => harness.clock.reset());
  afterAll(async () => harness.close());

  /** An ordinary working day at least `days` after the clock's Monday. */
  const dayAfter = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));
  const book = (day: string, options: Parameters<typeof ManagedBooking.book>[2] = {}) =>
    ManagedBooking.book(harness, day, options);
  /** A slot of `day` for the booking's move other than its own start. */
  async function otherSlot(booking: ManagedBooking, day: string, index = 0): Promise<AppointmentSlot> {
    const response = await booking.availability(day);
    expect(response.statusCode).toBe(200);
    const slots = response.json<AppointmentSlot[]>().filter((slot) => instantOf(slot) !== booking.start);
    expect(slots.length).toBeGreaterThan(index);
    return slots[index]!;
  }

  it('issues one manage link per person the confirmation writes to, and each opens the order as booked', async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7), { agentEmail: 'ray@example.com' });
    const links = await harness.database.db
      .select()
      .from(t.orderManageLinks)
      .where(eq(t.orderManageLinks.orderId, booking.orderId));
    expect(links.map((link) => [link.role, link.recipient]).sort()).toEqual([
      ['agent', 'ray@example.com'],
      ['client', 'dana@example.com'],
    ]);
    // Only hashes are stored.
    expect(links.map((link) => link.tokenHash)).not.toContain(booking.tokens.client);
    expect(booking.tokens.agent).not.toBe(booking.tokens.client);
    for (const token of [booking.tokens.client, booking.tokens.agent!]) {
      const view = await booking.viewJson(token);
      expect(view.order.state).toBe('booked');
      expect(view.order.start).toBe(booking.start);
      expect(view.reschedule).toMatchObject({ allowed: true, reason: null, remaining: 2 });
      // An agent may not cancel the client's booking unless the company lets agents (the next tests).
      expect(view.cancel).toMatchObject({ allowed: token === booking.tokens.client, fee_cents: 0, fee: null });
      expect(view.order.when.time).toMatch(/ EST$/);
      expect(view.history.map((entry) => entry.text)).toEqual([expect.stringMatching(/^Booked for .* EST$/)]);
    }
    // The office's copy carries no link.
    const officeJob = (await booking.jobs('confirmation_email')).find((job) => job.payload.audience === 'office');
    expect(officeJob?.payload.manage_token).toBeUndefined();
  });

  it("gives the visitor's own session of a booked order a link of its own, and a draft none", async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7));
    const issue = (token: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/demo/json/online_scheduler/manage_link',
        headers: { 'x-auth-token': token },
      });
    const issued = await issue(booking.order.token);
    expect(issued.statusCode).toBe(200);
    // The answer carries a manage token: as the manage API's answers, it is neither kept nor passed on.
    expect(issued.headers['cache-control']).toBe('no-store');
    expect(issued.headers['referrer-policy']).toBe('no-referrer');
    const url = new URL(issued.json<{ url: string }>().url);
    expect(url.pathname).toMatch(/^\/demo\/manage\/[A-Za-z0-9_-]{43}$/);
    const token = url.pathname.split('/').pop()!;
    expect((await booking.viewJson(token)).order.start).toBe(booking.start);
    const [link] = await harness.database.db
      .select()
      .from(t.orderManageLinks)
      .where(eq(t.orderManageLinks.role, 'visitor'));
    expect(link).toMatchObject({ orderId: booking.orderId, recipient: 'the thank-you page' });
    // A draft has nothing to manage; no session, nothing at all.
    const draft = await startDemoSession(harness.app);
    expect((await issue(draft)).statusCode).toBe(404);
    expect(
      (await harness.app.inject({ method: 'POST', url: '/demo/json/online_scheduler/manage_link' })).statusCode,
    ).toBe(401);
  });

  it('refuses, with one answer, an unknown, malformed, revoked or expired link and a link under another company', async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7));
    const invalid = { error: { code: 'manage_link_invalid', message: expect.stringMatching(/not valid/) } };
    const unknown = await booking.view('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(invalid);
    expect((await booking.view('short')).statusCode).toBe(404);
    const elsewhere = await harness.app.inject({ method: 'GET', url: booking.url('', booking.tokens.client, 'other') });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual(invalid);
    // Valid until the inspection is over: its last millisecond still opens, its end does not.
    const order = await booking.orderRow();
    const end = Date.parse(booking.start) + order.durationMinutes * 60_000;
    setClock(harness, new Date(end - 1).toISOString());
    expect((await booking.view()).statusCode).toBe(200);
    setClock(harness, new Date(end).toISOString());
    expect((await booking.view()).statusCode).toBe(404);
    // Revoked by the office: refused at once, and the revocation is on the audit trail.
    setClock(harness, MONDAY);
    const revoked = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/companies/demo/orders/${booking.orderId}/manage-links/revoke`,
      headers: admin,
    });
    expect(revoked.json()).toEqual({ revoked: 1 });
    expect((await booking.view()).json()).toEqual(invalid);
    expect((await booking.reschedule(booking.start, booking.start)).statusCode).toBe(404);
    expect(await booking.events('manage_links_revoked')).toEqual([{ count: 1, by: { kind: 'office' } }]);
    // The other company's office cannot revoke or read this order's links.
    const foreign = await harness.app.inject({
      method: 'GET',
      url: `/api/admin/companies/other/orders/${booking.orderId}/manage-links`,
      headers: admin,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("names, for an invalid link's page, the company the URL names and its offices' phones, the same whatever the link (issue 42)", async () => {
    const contact = await harness.app.inject({ method: 'GET', url: '/demo/json/manage_contact' });
    expect(contact.statusCode).toBe(200);
    const demo = demoDocument() as { name: string; offices: Array<{ name: string; phone: string }> };
    expect(contact.json()).toEqual({
      company_name: demo.name,
      offices: demo.offices.map((office) => ({ office_name: office.name, office_phone: office.phone })),
    });
    expect(contact.json().offices[0].office_phone).not.toBe('');
    // A key no company has: 404, and the page keeps its general words.
    const unknown = await harness.app.inject({ method: 'GET', url: '/nobody/json/manage_contact' });
    expect(unknown.statusCode).toBe(404);
  });

  it('moves the booking in one step: the old time is freed for a new visitor, the move is counted, recorded and announced', async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7), { agentEmail: 'ray@example.com' });
    const target = await otherSlot(booking, dayAfter(9));
    const held = await booking.hold(instantOf(target));
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({
      status: 'ok',
      start: instantOf(target),
      same_inspectors: true,
      inspector_note: null,
    });
    // While held, the booking keeps its own time: two rows of one order, the old booked and the new held.
    expect((await booking.rows()).map((row) => row.kind).sort()).toEqual(['appointment', 'hold']);

    const moved = await booking.reschedule(instantOf(target), booking.start);
    expect(moved.statusCode).toBe(200);
    const view = moved.json<{ view: ManageOrderView }>().view;
    expect(view.order.start).toBe(instantOf(target));
    expect(view.reschedule.remaining).toBe(1);
    expect(view.history.map((entry) => entry.text)).toEqual([
      expect.stringMatching(/^Booked for/),
      expect.stringMatching(/^Moved from .* EST to .* EST by the client$/),
    ]);
    const rows = await booking.rows();
    expect(rows.map((row) => row.kind)).toEqual(rows.map(() => 'appointment'));
    expect(
      rows.every(
        (row) =>
          row.during.startsWith(`["${instantOf(target).slice(0, 10)}`) ||
          row.during.includes(instantOf(target).slice(0, 10)),
      ),
    ).toBe(true);
    const order = await booking.orderRow();
    expect(order).toMatchObject({ status: 'confirmed', rescheduleCount: 1, changeSequence: 1 });
    expect(order.datetime?.toISOString()).toBe(instantOf(target));
    const [event] = await booking.events('rescheduled');
    expect(event).toMatchObject({
      from: { start: booking.start },
      to: { start: instantOf(target) },
      by: { kind: 'visitor', role: 'client' },
      overridden: [],
    });
    // Everyone the confirmation went to, and the office, are told; the visitors' messages carry a link.
    const changes = await booking.jobs('change_email');
    expect(changes.map((job) => job.payload.audience).sort()).toEqual(['agent', 'client', 'office']);
    for (const job of changes) expect(Boolean(job.payload.manage_token)).toBe(job.payload.audience !== 'office');

    // The time it had is free again for a new visitor.
    const visitor = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await visitor.fillIn();
    const free = await slotsOn(harness.app, visitor.token, dayAfter(7));
    expect(free.flatMap((slot) => [slot, ...(slot.group ?? [])]).map(instantOf)).toContain(booking.start);

    // The same move again (a double click): done already, counted once.
    expect((await booking.reschedule(instantOf(target), booking.start)).statusCode).toBe(200);
    expect((await booking.orderRow()).rescheduleCount).toBe(1);
    // A move from a start the booking no longer has: it was moved meanwhile.
    const again = await otherSlot(booking, dayAfter(10));
    const stale = await booking.reschedule(instantOf(again), booking.start);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('order_changed');
  });

  it("lets an agent do on the client's booking what the company allows: by default move it, neither cancel it nor see its prices (issue 42)", async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7), { agentEmail: 'ray@example.com' });
    const agent = booking.tokens.agent!;
    const asClient = await booking.viewJson();
    expect(asClient.order.price).not.toBeNull();
    expect(asClient.cancel).toMatchObject({ allowed: true, reason: null });
    const asAgent = await booking.viewJson(agent);
    expect(asAgent.order.price).toBeNull();
    expect(asAgent.reschedule).toMatchObject({ allowed: true, reason: null });
    expect(asAgent.cancel).toMatchObject({
      allowed: false,
      reason: 'Your client or the office can cancel this inspection: please call (614) 555-0142',
    });
    // The server holds it, whatever the page shows: no late fee lands on the client by the agent's hand.
    const refused = await booking.cancel(0, 'Deal fell through', agent);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('change_refused');
    expect((await booking.orderRow()).status).toBe('confirmed');
    const target = await otherSlot(booking, dayAfter(9));
    expect((await booking.reschedule(instantOf(target), booking.start, agent)).statusCode).toBe(200);
    expect((await booking.events('rescheduled'))[0]).toMatchObject({ by: { kind: 'visitor', role: 'agent' } });
    // The client may cancel (and frees the time for the tests after this one).
    expect((await booking.cancel((await booking.viewJson()).cancel.fee_cents)).statusCode).toBe(200);

    // A company that turns each permission the other way.
    const company = { key: 'agents', officeUuid: 'c0000000-0000-4000-8000-0000000000ab' };
    await importDemoCopy(harness, company.key, company.officeUuid, (document) => {
      document.booking_changes.agents = { see_prices: true, reschedule: false, cancel: true };
    });
    const open = await book(dayAfter(7), { agentEmail: 'ray@example.com', company });
    const openAgent = open.tokens.agent!;
    const view = await open.viewJson(openAgent);
    expect(view.order.price?.total).toBe((await open.viewJson()).order.price?.total);
    expect(view.reschedule).toMatchObject({
      allowed: false,
      reason: 'Your client or the office can move this inspection: please call (614) 555-0142',
    });
    const held = await open.hold(instantOf(await otherSlot(open, dayAfter(9))), openAgent);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.code).toBe('change_refused');
    expect(view.cancel).toMatchObject({ allowed: true, reason: null });
    expect((await open.cancel(view.cancel.fee_cents, '', openAgent)).statusCode).toBe(200);
    expect(await open.events('cancelled')).toEqual([
      expect.objectContaining({ by: expect.objectContaining({ kind: 'visitor', role: 'agent' }) }),
    ]);
  });

  it('refuses a move to the time the booking already has: nothing saved, recorded or sent (issue 42)', async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7), { agentEmail: 'ray@example.com' });
    const before = await booking.orderRow();
    const jobsBefore = await booking.jobs();
    // The move calendar offers the booking's own time (its own rows do not make it busy), and it can be held.
    const offered = (await booking.availability(dayAfter(7))).json<AppointmentSlot[]>();
    expect(offered.flatMap((slot) => [slot, ...(slot.group ?? [])]).map(instantOf)).toContain(booking.start);
    const held = await booking.hold(booking.start);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ status: 'ok', start: booking.start, same_inspectors: true });

    const refused = await booking.reschedule(booking.start, booking.start);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: { code: 'same_time', message: "That is already your inspection's time.", field: 'start' },
    });
    // No move counted or saved, no audit event, no message or re-planned reminder.
    expect(await booking.orderRow()).toMatchObject({
      status: 'confirmed',
      datetime: before.datetime,
      inspectors: before.inspectors,
      rescheduleCount: 0,
      changeSequence: before.changeSequence,
    });
    expect(await booking.events('rescheduled')).toEqual([]);
    expect(await booking.jobs('change_email')).toEqual([]);
    const ids = (jobs: Array<{ id: number }>) => jobs.map((job) => job.id).sort((a, b) => a - b);
    expect(ids(await booking.jobs())).toEqual(ids(jobsBefore));
    expect((await booking.viewJson()).history.map((entry) => entry.text)).toEqual([
      expect.stringMatching(/^Booked for/),
    ]);

    // The office is refused alike, with or without the start it saw.
    const url = `/api/admin/companies/demo/orders/${booking.orderId}/reschedule`;
    for (const payload of [{ start: booking.start }, { start: booking.start, from_start: booking.start }]) {
      const office = await harness.app.inject({ method: 'POST', url, headers: admin, payload });
      expect(office.statusCode).toBe(409);
      expect(office.json().error).toEqual({
        code: 'same_time',
        message: "That is already the inspection's time.",
        field: 'start',
      });
    }
    expect(await booking.events('rescheduled')).toEqual([]);
    expect((await booking.orderRow()).changeSequence).toBe(before.changeSequence);
  });

  it("updates the inspector's calendar feed in place: the moved event keeps its UID with SEQUENCE 1, a cancelled one leaves", async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7));
    const inspector = (await booking.orderRow()).inspectors[0]!.id;
    const issued = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/companies/demo/inspectors/${inspector}/calendar-feed`,
      headers: admin,
    });
    const feedUrl = new URL(issued.json<{ url: string }>().url);
    const feed = async () =>
      (await harness.app.inject({ method: 'GET', url: `${feedUrl.pathname}${feedUrl.search}` })).body;
    /** The feed's event of this order, as its lines. */
    const event = async () => {
      const text = (await feed()).replace(/\r\n /g, '');
      return (
        text
          .split('BEGIN:VEVENT')
          .slice(1)
          .map((block) => block.split('END:VEVENT')[0]!)
          .find((block) => block.includes(booking.orderId)) ?? null
      );
    };
    expect(await event()).toMatch(/SEQUENCE:0/);
    // A time of the same inspector, so the event stays in this feed.
    const available = (await booking.availability(dayAfter(9))).json<AppointmentSlot[]>();
    const target = available
      .flatMap((slot) => [slot, ...(slot.group ?? [])])
      .find((slot) => slot.users.length === 1 && slot.users[0] === inspector);
    expect(target).toBeDefined();
    expect((await booking.reschedule(instantOf(target!), booking.start)).statusCode).toBe(200);
    expect((await booking.orderRow()).inspectors.map((i) => i.id)).toEqual([inspector]);
    const moved = await event();
    expect(moved).toMatch(/SEQUENCE:1/);
    expect(moved).toContain(`UID:order-${booking.orderId}@online-scheduler`);
    expect(moved).toMatch(
      new RegExp(
        `DTSTART;TZID=America/New_York:${target!.start_datetime.slice(0, 10).replace(/-/g, '')}T${target!.start_datetime.slice(11, 13)}`,
      ),
    );
    expect((await booking.cancel((await booking.viewJson()).cancel.fee_cents)).statusCode).toBe(200);
    expect(await event()).toBeNull();
  });

  it("stops moves at the company's limit, and at the cut-off exactly 24 hours before, not a millisecond later", async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7));
    let start = booking.start;
    for (const day of [dayAfter(9), dayAfter(11)]) {
      const target = await otherSlot(booking, day);
      const moved = await booking.reschedule(instantOf(target), start);
      expect(moved.statusCode).toBe(200);
      start = instantOf(target);
    }
    const view = await booking.viewJson();
    expect(view.reschedule).toMatchObject({
      allowed: false,
      remaining: 0,
      reason: 'This inspection has been moved 2 times, the most allowed online: please call (614) 555-0142',
    });
    const third = await booking.reschedule(instantOf(await otherSlot(booking, dayAfter(14))), start);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({ code: 'change_refused', message: view.reschedule.reason });

    const second = await book(dayAfter(7), { pick: (slots) => slots.at(-1) });
    const deadline = Date.parse(second.start) - 24 * HOUR_MS;
    setClock(harness, new Date(deadline).toISOString());
    expect((await second.viewJson()).reschedule).toMatchObject({
      allowed: true,
      deadline: new Date(deadline).toISOString(),
    });
    setClock(harness, new Date(deadline + 1).toISOString());
    const late = await second.viewJson();
    expect(late.reschedule).toMatchObject({
      allowed: false,
      reason: 'Changes within 24 hours of the inspection: please call (614) 555-0142',
    });
    const refused = await second.hold(instantOf(await otherSlot(second, dayAfter(9))));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('change_refused');
  });

  it("counts only the visitors' own moves against the limit: the office's moves leave their count as it was (decision 0077)", async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7));
    const url = `/api/admin/companies/demo/orders/${booking.orderId}/reschedule`;
    const officeMove = (start: string, override = false) =>
      harness.app.inject({ method: 'POST', url, headers: admin, payload: { start, override } });
    let start = booking.start;
    // Two moves by the office (the dispatch board's and the order page's path): the client keeps both of theirs.
    for (const day of [dayAfter(8), dayAfter(9)]) {
      const target = instantOf(await otherSlot(booking, day));
      expect((await officeMove(target)).statusCode).toBe(200);
      start = target;
    }
    expect((await booking.viewJson()).reschedule).toMatchObject({ allowed: true, remaining: 2 });
    expect(await booking.orderRow()).toMatchObject({ rescheduleCount: 2, onlineRescheduleCount: 0 });
    // The client's first move; at max - 1 the page still offers one more, and it goes through.
    start = instantOf(await otherSlot(booking, dayAfter(10)));
    expect((await booking.reschedule(start, (await booking.viewJson()).order.start)).statusCode).toBe(200);
    expect((await booking.viewJson()).reschedule).toMatchObject({ allowed: true, remaining: 1 });
    const last = instantOf(await otherSlot(booking, dayAfter(11)));
    expect((await booking.reschedule(last, start)).statusCode).toBe(200);
    start = last;
    // At the limit: refused to the client, on the page and at the server.
    const view = await booking.viewJson();
    expect(view.reschedule).toMatchObject({
      allowed: false,
      remaining: 0,
      reason: 'This inspection has been moved 2 times, the most allowed online: please call (614) 555-0142',
    });
    const refused = await booking.reschedule(instantOf(await otherSlot(booking, dayAfter(14))), start);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('change_refused');
    expect(await booking.orderRow()).toMatchObject({ rescheduleCount: 4, onlineRescheduleCount: 2 });
    // The office, past the client's limit, moves it when it says so; the client's count stays at 2.
    const target = instantOf(await otherSlot(booking, dayAfter(15)));
    expect((await officeMove(target)).statusCode).toBe(409);
    expect((await officeMove(target, true)).statusCode).toBe(200);
    expect(await booking.events('rescheduled')).toContainEqual(
      expect.objectContaining({ by: { kind: 'office', override: true }, overridden: ['reschedule_limit'] }),
    );
    expect(await booking.orderRow()).toMatchObject({ rescheduleCount: 5, onlineRescheduleCount: 2 });
    expect((await booking.viewJson()).reschedule).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('shows the late fee before cancelling, holds the visitor to it, frees the time and tells everyone', async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7), { agentEmail: 'ray@example.com' });
    const lateFrom = Date.parse(booking.start) - 72 * HOUR_MS;
    // Exactly at the late window's bound: still free.
    setClock(harness, new Date(lateFrom).toISOString());
    // Still free, and the page is told from when the fee applies, stated from the policy's numbers (issue 42).
    expect((await booking.viewJson()).cancel).toMatchObject({
      allowed: true,
      fee_cents: 0,
      fee: null,
      late_fee: { from: new Date(lateFrom + 1).toISOString(), fee: '$75.00' },
    });
    setClock(harness, new Date(lateFrom + 1).toISOString());
    const view = await booking.viewJson();
    expect(view.cancel).toMatchObject({ allowed: true, fee_cents: 7500, fee: '$75.00', late_fee: null });
    // A page that showed no fee cannot cancel at a cost.
    const unseen = await booking.cancel(0, 'Moving out of state');
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json().error).toMatchObject({ code: 'fee_changed', field: 'fee_cents' });
    expect((await booking.orderRow()).status).toBe('confirmed');

    const cancelled = await booking.cancel(7500, '  Moving out of state ');
    expect(cancelled.statusCode).toBe(200);
    const after = cancelled.json<{ view: ManageOrderView }>().view;
    expect(after.order.state).toBe('cancelled');
    // The visitor's own reason was written to the office: the page does not read it back to every link.
    expect(after.order.cancelled).toMatchObject({ fee: '$75.00', reason: null });
    expect(after.reschedule.allowed).toBe(false);
    expect(after.cancel.allowed).toBe(false);
    expect(after.history.at(-1)?.text).toBe('Cancelled by the client, with a late-cancellation fee of $75.00');
    expect(await booking.rows()).toEqual([]);
    expect(await booking.orderRow()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Moving out of state',
      cancelFeeCents: 7500,
      changeSequence: 1,
    });
    expect(await booking.events('cancelled')).toEqual([
      expect.objectContaining({ reason: 'Moving out of state', fee_cents: 7500, overridden: [] }),
    ]);
    expect((await booking.jobs('change_email')).map((job) => job.payload.audience).sort()).toEqual([
      'agent',
      'client',
      'office',
    ]);
    // No reminder is left to go.
    expect((await booking.jobs('reminder_email')).filter((job) => job.doneAt === null)).toEqual([]);
    // Cancelling again answers as the first did.
    expect((await booking.cancel(7500)).statusCode).toBe(200);
    expect(await booking.events('cancelled')).toHaveLength(1);
    // The wizard's own session of the order shows it cancelled and read-only: no write, no second booking.
    const wizardOrder = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': booking.order.token },
    });
    expect(wizardOrder.json()).toMatchObject({ confirmed: true, cancelled: true, hold_expires_at: null });
    const write = await booking.order.hold(await otherSlot(booking, dayAfter(9)));
    expect(write.statusCode).toBe(409);
    expect(write.json().error.code).toBe('order_confirmed');
    expect((await booking.order.confirm()).statusCode).toBe(200);
    expect(await booking.rows()).toEqual([]);
    expect((await booking.orderRow()).status).toBe('cancelled');
  });

  it('lets only one of two moves of one booking through, on this database too', async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7));
    const [a, b] = [await otherSlot(booking, dayAfter(9), 0), await otherSlot(booking, dayAfter(10), 0)];
    const answers = await Promise.all([
      booking.reschedule(instantOf(a!), booking.start),
      booking.reschedule(instantOf(b!), booking.start),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error.code).toBe('order_changed');
    expect((await booking.orderRow()).rescheduleCount).toBe(1);
    const days = new Set((await booking.rows()).map((row) => row.kind));
    expect(days).toEqual(new Set(['appointment']));
  });

  itOnEveryDatabase(
    "says so when its own inspector is taken at the new time, and lets the database decide a race for one inspector's time",
    async () => {
      setClock(harness, MONDAY);
      const booking = await book(dayAfter(7));
      const team = (await booking.orderRow()).inspectors.map((i) => i.id);
      /** The first slot from `fromDay` on for exactly these inspectors, as a visitor's calendar offers it (other tests' bookings fill some days). */
      const slotFor = async (visitor: DemoOrder, inspectors: number[], fromDay: string) => {
        for (let day = fromDay, tries = 0; tries < 10; day = demoOrdinaryWeekday(addDays(day, 1)), tries++) {
          const slots = (await slotsOn(harness.app, visitor.token, day)).flatMap((slot) => [
            slot,
            ...(slot.group ?? []),
          ]);
          const slot = slots.find(
            (candidate) =>
              candidate.users.length === inspectors.length && candidate.users.every((id) => inspectors.includes(id)),
          );
          if (slot) return slot;
        }
        throw new Error(`no slot for inspectors ${inspectors.join(', ')}`);
      };
      const ownTeamSlot = (visitor: DemoOrder, day: string) => slotFor(visitor, team, day);
      // Another visitor holds the booking's inspector at the wanted time: another inspector is offered, and named.
      const rival = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
      await rival.fillIn();
      const wanted = await ownTeamSlot(rival, dayAfter(9));
      expect((await rival.hold(wanted)).statusCode).toBe(200);
      const held = await booking.hold(instantOf(wanted));
      expect(held.statusCode).toBe(200);
      expect(held.json()).toMatchObject({
        status: 'ok',
        same_inspectors: false,
        inspector_note: expect.stringMatching(/^\S.* isn't free then; .+ would inspect\.$/),
      });
      const moved = await booking.reschedule(instantOf(wanted), booking.start);
      expect(moved.statusCode).toBe(200);
      const newTeam = (await booking.orderRow()).inspectors.map((i) => i.id);
      expect(newTeam).not.toEqual(team);
      expect(newTeam.some((id) => wanted.users.includes(id))).toBe(false);

      // A move and another visitor's confirm of that inspector's time at once: one of them has it, never both.
      const second = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
      await second.fillIn();
      const contested = await slotFor(second, newTeam, dayAfter(10));
      expect((await second.hold(contested)).statusCode).toBe(200);
      harness.clock.advance(16 * 60_000); // the visitor's hold lapses: both may now go for the time
      const [move, confirm] = await Promise.all([
        booking.reschedule(instantOf(contested), instantOf(wanted)),
        second.confirm(),
      ]);
      const winners = [move.statusCode === 200, confirm.statusCode === 200 && confirm.json().status === 'ok'];
      expect(winners.filter(Boolean)).toHaveLength(1);
      if (move.statusCode !== 200) {
        expect(move.json().status).toBe('unavailable');
        expect((await booking.orderRow()).datetime?.toISOString()).toBe(instantOf(wanted));
      }
      expect(await countCrossOrderOverlaps(harness.database.db, booking.order.companyId)).toBe(0);
    },
  );

  it('moves a booking across the change to summer time, each time in its own zone', async () => {
    setClock(harness, MONDAY);
    // Friday 12 March is EST; Monday 15 March is EDT.
    const booking = await book(demoOrdinaryWeekday('2027-03-12'));
    expect((await booking.viewJson()).order.when.time).toMatch(/ EST$/);
    const target = await otherSlot(booking, demoOrdinaryWeekday('2027-03-15'));
    const moved = await booking.reschedule(instantOf(target), booking.start);
    expect(moved.statusCode).toBe(200);
    const view = moved.json<{ view: ManageOrderView }>().view;
    expect(view.order.when.time).toMatch(/ EDT$/);
    expect(view.history.at(-1)?.text).toMatch(/^Moved from .* EST to .* EDT by the client$/);
    // The office-local wall time of the slot is what the booking now starts at, in summer time.
    expect(view.order.when.time.startsWith(target.start)).toBe(true);
  });

  it("lets the office move and cancel past the policy only when it says so, recorded as overridden, and never another company's order", async () => {
    setClock(harness, MONDAY);
    const booking = await book(dayAfter(7));
    setClock(harness, new Date(Date.parse(booking.start) - 2 * HOUR_MS).toISOString());
    const target = await otherSlot(booking, dayAfter(9));
    const url = `/api/admin/companies/demo/orders/${booking.orderId}`;
    const plain = await harness.app.inject({
      method: 'POST',
      url: `${url}/reschedule`,
      headers: admin,
      payload: { start: instantOf(target) },
    });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().error.code).toBe('change_refused');
    const foreign = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/companies/other/orders/${booking.orderId}/reschedule`,
      headers: admin,
      payload: { start: instantOf(target), override: true },
    });
    expect(foreign.statusCode).toBe(404);
    const overridden = await harness.app.inject({
      method: 'POST',
      url: `${url}/reschedule`,
      headers: admin,
      payload: { start: instantOf(target), override: true },
    });
    expect(overridden.statusCode).toBe(200);
    expect(await booking.events('rescheduled')).toEqual([
      expect.objectContaining({ by: { kind: 'office', override: true }, overridden: ['inside_cutoff'] }),
    ]);

    setClock(harness, new Date(Date.parse(instantOf(target)) - 2 * HOUR_MS).toISOString());
    const refusedCancel = await harness.app.inject({
      method: 'POST',
      url: `${url}/cancel`,
      headers: admin,
      payload: { reason: 'Client called' },
    });
    expect(refusedCancel.statusCode).toBe(409);
    const cancel = await harness.app.inject({
      method: 'POST',
      url: `${url}/cancel`,
      headers: admin,
      payload: { reason: 'Client called', override: true, waive_fee: true },
    });
    expect(cancel.statusCode).toBe(200);
    // The office's reason is the client's to read on the manage page (issue 41).
    expect((await booking.viewJson()).order.cancelled).toMatchObject({ fee: null, reason: 'Client called' });
    expect(await booking.events('cancelled')).toEqual([
      expect.objectContaining({
        fee_cents: 0,
        policy_fee_cents: 7500,
        by: { kind: 'office', override: true },
        overridden: ['inside_cutoff'],
      }),
    ]);

    // The listing shows the cancelled order with its history; the default listing only booked ones.
    const listed = await harness.app.inject({
      method: 'GET',
      url: '/api/admin/companies/demo/orders?status=cancelled',
      headers: admin,
    });
    const order = listed
      .json<{
        orders: Array<{ id: string; cancelled: unknown; history: Array<{ type: string }>; reschedule_count: number }>;
      }>()
      .orders.find((o) => o.id === booking.orderId);
    expect(order).toMatchObject({ reschedule_count: 1, cancelled: { reason: 'Client called', fee_cents: 0 } });
    expect(order?.history.map((event) => event.type)).toEqual(['confirmed', 'rescheduled', 'cancelled']);
    const booked = await harness.app.inject({ method: 'GET', url: '/api/admin/companies/demo/orders', headers: admin });
    expect(booked.json<{ orders: Array<{ id: string }> }>().orders.map((o) => o.id)).not.toContain(booking.orderId);
  });
});

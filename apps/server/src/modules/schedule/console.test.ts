import { randomUUID } from 'node:crypto';
import { bundledPostalCodes } from '../scheduling/postal-codes.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { ConsoleOrderDetail, ConsoleSchedule, ConsoleOrdersResponse } from '@scheduler/contracts/console';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { CONSOLE_ORIGIN, signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { instantOf, ManagedBooking, setClock, slotsOn } from '../booking-changes/manage-test-support.ts';
import { testWorker } from '../notifications/worker-test-support.ts';

/** A Monday, 9 AM in Columbus (EST): every test runs on this clock, whatever the real date. */
const MONDAY = '2027-03-01T14:00:00.000Z';
const HOUR_MS = 3_600_000;
const ZONE = 'America/New_York';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000ee';
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const DEMO = '/api/console/companies/demo';

type Order = ConsoleOrdersResponse['orders'][number];

/** HH:MM on the office's clock. */
function localTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
function localDate(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}
/** "$1,234.50" or "-$10.00" as cents. */
function cents(amount: string): number {
  const negative = /^[-−(]/.test(amount.trim());
  const digits = amount.replace(/[^0-9.]/g, '');
  return (negative ? -1 : 1) * Math.round(Number(digits) * 100);
}
/** Every slot a day offers, grouped ones included. */
const allSlots = (slots: AppointmentSlot[]) => slots.flatMap((slot) => [slot, ...(slot.group ?? [])]);
/** A slot for exactly this inspector. */
const soloFor = (inspectorId: number) => (slots: AppointmentSlot[]) =>
  allSlots(slots).find((slot) => slot.users.length === 1 && slot.users[0] === inspectorId);
/** The order ids of a CSV page, in order (the first column). */
function csvIds(csv: string): string[] {
  return [...csv.matchAll(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}),/gm)].map(
    (match) => match[1]!,
  );
}

describeOnEachDatabase('the console: schedule, orders and changes', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let office: ConsolePerson;
  let mike: ConsolePerson;
  let mikeBooking: ManagedBooking;
  let sarahBooking: ManagedBooking;
  let otherOrderId: string;

  const dayAfter = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));
  const get = (url: string, person: ConsolePerson | null) =>
    harness.app.inject({ method: 'GET', url, headers: person ? person.headers : {} });
  const post = (
    url: string,
    person: ConsolePerson | null,
    payload: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) =>
    harness.app.inject({
      method: 'POST',
      url,
      headers: { ...(person ? person.headers : { origin: CONSOLE_ORIGIN }), ...headers },
      payload,
    });
  const schedule = async (query: string, person: ConsolePerson = office): Promise<ConsoleSchedule> => {
    const response = await get(`${DEMO}/schedule?${query}`, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConsoleSchedule>();
  };
  const orders = async (query: string, person: ConsolePerson = office): Promise<ConsoleOrdersResponse> => {
    const response = await get(`${DEMO}/orders?${query}`, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConsoleOrdersResponse>();
  };
  const ids = (page: ConsoleOrdersResponse) => page.orders.map((order) => order.id);
  const detail = async (orderId: string, person: ConsolePerson = office): Promise<ConsoleOrderDetail> => {
    const response = await get(`${DEMO}/orders/${orderId}`, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConsoleOrderDetail>();
  };
  /** A slot of `day` the console offers for the booking's move, other than its own start. */
  async function moveTarget(
    booking: ManagedBooking,
    day: string,
    person: ConsolePerson = office,
  ): Promise<AppointmentSlot> {
    const response = await get(`${DEMO}/orders/${booking.orderId}/availability?from=${day}&to=${day}`, person);
    expect(response.statusCode, response.body).toBe(200);
    const slot = allSlots(response.json<AppointmentSlot[]>()).find(
      (candidate) => instantOf(candidate) !== booking.start,
    );
    expect(slot).toBeDefined();
    return slot!;
  }
  /** A booked order of the company 'other', as its visitor books it. */
  async function bookOther(day: string): Promise<string> {
    const order = await DemoOrder.start(
      harness.app,
      harness.database.db,
      await startDemoSession(harness.app, OTHER_OFFICE, 'other'),
      'other',
    );
    await order.fillIn();
    const slot = (await slotsOn(harness.app, order.token, day, 'other'))[0]!;
    expect((await order.hold(slot)).statusCode).toBe(200);
    expect((await order.confirm()).statusCode).toBe(200);
    return order.orderId;
  }
  /** Gives a booked order a client and an address of its own, for the searches. */
  async function rename(
    booking: ManagedBooking,
    person: { first: string; last: string; email: string; phone?: string },
    address: { address1: string; address2?: string },
  ) {
    const db = harness.database.db;
    const { phone = '614-555-0100', ...named } = person;
    await db
      .update(t.orderParties)
      .set({ person: { ...named, mobile_phone: phone } })
      .where(eq(t.orderParties.orderId, booking.orderId));
    await db
      .update(t.orders)
      .set({ address1: address.address1, address2: address.address2 ?? '' })
      .where(eq(t.orders.id, booking.orderId));
  }

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    const other = demoDocument() as Record<string, any>;
    other.key = 'other';
    other.offices[0].uuid = OTHER_OFFICE;
    for (const inspector of other.inspectors) inspector.office = OTHER_OFFICE;
    expect(
      (await harness.app.inject({ method: 'PUT', url: '/api/admin/companies/other', headers: admin, payload: other }))
        .statusCode,
    ).toBe(200);
    setClock(harness, MONDAY);
    owner = await signedInMember(harness, 'owner@example.com', 'owner');
    office = await signedInMember(harness, 'office@example.com', 'office');
    mike = await signedInMember(harness, 'mike@example.com', 'inspector', 'demo', 101);
    mikeBooking = await ManagedBooking.book(harness, dayAfter(7), { pick: soloFor(101) });
    sarahBooking = await ManagedBooking.book(harness, dayAfter(7), {
      pick: soloFor(102),
      agentEmail: 'ray@example.com',
    });
    otherOrderId = await bookOther(dayAfter(7));
  });
  beforeEach(() => {
    setClock(harness, MONDAY);
  });
  afterAll(async () => harness.close());

  describe('walls and roles', () => {
    /** Every console route of a company, with what it needs. */
    function routes(
      company: string,
      orderId: string,
    ): Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> }> {
      const base = `/api/console/companies/${company}`;
      const day = dayAfter(7);
      return [
        { method: 'GET', url: `${base}/schedule?from=${day}` },
        { method: 'GET', url: `${base}/orders` },
        { method: 'GET', url: `${base}/orders.csv` },
        { method: 'GET', url: `${base}/orders/${orderId}` },
        { method: 'GET', url: `${base}/orders/${orderId}/availability?from=${day}&to=${day}` },
        {
          method: 'POST',
          url: `${base}/orders/${orderId}/reschedule`,
          payload: { start: mikeBooking.start, override: true },
        },
        { method: 'POST', url: `${base}/orders/${orderId}/cancel`, payload: { reason: 'wall', override: true } },
        { method: 'GET', url: `${base}/events` },
        { method: 'GET', url: `${base}/inspectors` },
        { method: 'POST', url: `${base}/phone-bookings`, payload: {} },
        { method: 'GET', url: `${base}/time-off` },
        {
          method: 'POST',
          url: `${base}/time-off`,
          payload: { inspector_id: 101, from_date: day, to_date: day, accept_conflicts: true },
        },
        { method: 'DELETE', url: `${base}/time-off/${randomUUID()}` },
        { method: 'POST', url: `${base}/members/${office.userId}/sign-out`, payload: {} },
        { method: 'GET', url: `${base}/configuration` },
        { method: 'PUT', url: `${base}/configuration`, payload: { base_version: 1, document: { key: 'demo' } } },
        { method: 'GET', url: `${base}/configuration/versions` },
        { method: 'GET', url: `${base}/configuration/versions/1` },
        { method: 'POST', url: `${base}/configuration/versions/1/restore`, payload: { base_version: 1 } },
      ];
    }

    it('refuses a demo owner every route of another company with 403 forbidden, and changes nothing there', async () => {
      for (const route of routes('other', otherOrderId)) {
        const response = await harness.app.inject({
          method: route.method,
          url: route.url,
          headers: owner.headers,
          ...(route.payload ? { payload: route.payload } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(response.json(), `${route.method} ${route.url}`).toMatchObject({ error: { code: 'forbidden' } });
      }
      // A key no company has is refused the same way.
      for (const route of routes('no-such-company', otherOrderId)) {
        const response = await harness.app.inject({
          method: route.method,
          url: route.url,
          headers: owner.headers,
          ...(route.payload ? { payload: route.payload } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
      const [row] = await harness.database.db
        .select({ status: t.orders.status })
        .from(t.orders)
        .where(eq(t.orders.id, otherOrderId));
      expect(row?.status).toBe('confirmed');
      const [blocks] = [await harness.database.db.select().from(t.inspectorTimeOff)];
      expect(blocks).toEqual([]);
    });

    it('answers 401 unauthenticated on every console route without a session, and on a cookie that is not one', async () => {
      for (const headers of [
        { origin: CONSOLE_ORIGIN },
        { origin: CONSOLE_ORIGIN, cookie: 'scheduler.session_token=forged.value' },
      ]) {
        for (const route of [
          ...routes('demo', mikeBooking.orderId),
          { method: 'GET' as const, url: '/api/console/me' },
          {
            method: 'POST' as const,
            url: '/api/console/me/password',
            payload: { new_password: 'long enough password' },
          },
        ]) {
          const response = await harness.app.inject({
            method: route.method,
            url: route.url,
            headers,
            ...(route.payload ? { payload: route.payload } : {}),
          });
          expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
          expect(response.json(), `${route.method} ${route.url}`).toMatchObject({ error: { code: 'unauthenticated' } });
        }
      }
      expect((await mikeBooking.orderRow()).status).toBe('confirmed');
    });

    it("shows a demo member none of another company's orders, in any listing or by its id", async () => {
      for (const status of ['booked', 'cancelled', 'all']) {
        const page = await orders(`status=${status}&per_page=200`, owner);
        expect(ids(page)).not.toContain(otherOrderId);
        const csv = await get(`${DEMO}/orders.csv?status=${status}&per_page=200`, owner);
        expect(csvIds(csv.body)).not.toContain(otherOrderId);
      }
      // The same client and address in both companies: the search finds only the demo's.
      const found = await orders('status=all&per_page=200&q=1450 Morse', owner);
      expect(found.orders.length).toBeGreaterThan(0);
      expect(ids(found)).not.toContain(otherOrderId);
      const all = await schedule(`from=${dayAfter(7)}`, owner);
      expect(
        all.inspectors.flatMap((inspector) => inspector.bookings.map((booking) => booking.order_id)),
      ).not.toContain(otherOrderId);
      // Asked for by id under the demo's key: not found, and not changed.
      expect((await get(`${DEMO}/orders/${otherOrderId}`, owner)).statusCode).toBe(404);
      expect(
        (await get(`${DEMO}/orders/${otherOrderId}/availability?from=${dayAfter(8)}&to=${dayAfter(8)}`, owner))
          .statusCode,
      ).toBe(404);
      expect((await post(`${DEMO}/orders/${otherOrderId}/cancel`, owner, { override: true })).statusCode).toBe(404);
      expect(
        (await post(`${DEMO}/orders/${otherOrderId}/reschedule`, owner, { start: mikeBooking.start, override: true }))
          .statusCode,
      ).toBe(404);
      const [row] = await harness.database.db
        .select({ status: t.orders.status })
        .from(t.orders)
        .where(eq(t.orders.id, otherOrderId));
      expect(row?.status).toBe('confirmed');
    });

    it('shows an inspector only their own column and their own orders, whatever they ask', async () => {
      const day = dayAfter(7);
      const own = await schedule(`from=${day}`, mike);
      expect(own.inspectors.map((inspector) => inspector.id)).toEqual([101]);
      expect(own.inspectors[0]!.bookings.map((booking) => booking.order_id)).toContain(mikeBooking.orderId);
      // The office sees every inspector of the office.
      expect((await schedule(`from=${day}`)).inspectors.map((inspector) => inspector.id).sort()).toEqual([
        101, 102, 103, 104, 105,
      ]);
      const listed = async (person: ConsolePerson) =>
        (await get(`${DEMO}/inspectors`, person))
          .json<{ inspectors: Array<{ id: number }> }>()
          .inspectors.map((inspector) => inspector.id);
      expect(await listed(mike)).toEqual([101]);
      expect((await listed(office)).sort()).toEqual([101, 102, 103, 104, 105]);

      for (const query of [
        'status=all&per_page=200',
        'status=all&per_page=200&inspector_id=102',
        `status=all&per_page=200&q=Whitaker`,
      ]) {
        const page = await orders(query, mike);
        expect(
          page.orders.every((order) => order.inspectors.some((inspector) => inspector.id === 101)),
          query,
        ).toBe(true);
        expect(ids(page), query).not.toContain(sarahBooking.orderId);
        expect(page.total, query).toBe(page.orders.length);
        const csv = await get(`${DEMO}/orders.csv?${query}`, mike);
        expect(csv.statusCode).toBe(200);
        expect(csvIds(csv.body), query).toEqual(ids(page));
      }
      const ownOrders = ids(await orders('status=all&per_page=200', mike));
      expect(ownOrders).toContain(mikeBooking.orderId);
      // Asking for another inspector's orders answers with their own, never the other's.
      expect(ids(await orders('status=all&per_page=200&inspector_id=102', mike))).toEqual(ownOrders);
      // The office asking the same sees Sarah's.
      expect(ids(await orders('status=all&per_page=200&inspector_id=102'))).toContain(sarahBooking.orderId);

      // Another inspector's order page is not found; their own opens, without the right to change it.
      const foreign = await get(`${DEMO}/orders/${sarahBooking.orderId}`, mike);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: { code: 'not_found' } });
      expect((await detail(mikeBooking.orderId, mike)).can_change).toBe(false);
      // No moves or cancellations, not even of their own.
      for (const orderId of [mikeBooking.orderId, sarahBooking.orderId]) {
        const refused = [
          await get(`${DEMO}/orders/${orderId}/availability?from=${dayAfter(8)}&to=${dayAfter(8)}`, mike),
          await post(`${DEMO}/orders/${orderId}/reschedule`, mike, { start: mikeBooking.start, override: true }),
          await post(`${DEMO}/orders/${orderId}/cancel`, mike, { reason: 'no', override: true, waive_fee: true }),
        ];
        for (const response of refused) {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toMatchObject({ error: { code: 'forbidden' } });
        }
      }
      expect((await mikeBooking.orderRow()).status).toBe('confirmed');
    });

    it('shows an inspector member who is no inspector nothing at all', async () => {
      const nobody = await signedInMember(harness, 'unlinked@example.com', 'inspector', 'demo', null);
      expect((await schedule(`from=${dayAfter(7)}`, nobody)).inspectors).toEqual([]);
      expect(await orders('status=all&per_page=200', nobody)).toMatchObject({ orders: [], total: 0 });
      expect((await get(`${DEMO}/orders/${mikeBooking.orderId}`, nobody)).statusCode).toBe(404);
    });

    it('lets the office list, read, move and cancel', async () => {
      const booking = await ManagedBooking.book(harness, dayAfter(8));
      expect(ids(await orders('status=all&per_page=200'))).toContain(booking.orderId);
      expect((await detail(booking.orderId)).can_change).toBe(true);
      expect((await detail(booking.orderId, owner)).can_change).toBe(true);
      const target = await moveTarget(booking, dayAfter(10));
      const moved = await post(`${DEMO}/orders/${booking.orderId}/reschedule`, office, {
        start: instantOf(target),
        from_start: booking.start,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({
        status: 'ok',
        view: { order: { start: instantOf(target), state: 'booked' } },
      });
      // A move from a start the booking no longer has (another person moved it meanwhile) is refused.
      const stale = await post(`${DEMO}/orders/${booking.orderId}/reschedule`, office, {
        start: instantOf(await moveTarget(booking, dayAfter(11))),
        from_start: booking.start,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('order_changed');
      expect((await booking.orderRow()).datetime?.toISOString()).toBe(instantOf(target));
      const cancelled = await post(`${DEMO}/orders/${booking.orderId}/cancel`, office, { reason: 'Client called' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'ok', view: { order: { state: 'cancelled' } } });
      expect(await booking.orderRow()).toMatchObject({ status: 'cancelled', cancelReason: 'Client called' });
      // Cancelling again answers as the first did, and records one cancellation.
      expect(
        (await post(`${DEMO}/orders/${booking.orderId}/cancel`, office, { reason: 'Client called' })).statusCode,
      ).toBe(200);
      expect(await booking.events('cancelled')).toHaveLength(1);
    });

    it("answers a visitor's unfinished order 404 on every order route, never a 500", async () => {
      const draft = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
      await draft.fillIn();
      const slot = (await slotsOn(harness.app, draft.token, dayAfter(12)))[0]!;
      expect((await draft.hold(slot)).statusCode).toBe(200);
      const answers = [
        await get(`${DEMO}/orders/${draft.orderId}`, office),
        await get(`${DEMO}/orders/${draft.orderId}/availability?from=${dayAfter(13)}&to=${dayAfter(13)}`, office),
        await post(`${DEMO}/orders/${draft.orderId}/reschedule`, office, { start: mikeBooking.start, override: true }),
        await post(`${DEMO}/orders/${draft.orderId}/cancel`, office, { reason: 'draft', override: true }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      }
      expect(answers[0]!.statusCode).toBe(404);
      // Nothing of it changed: the visitor still holds the time.
      const [row] = await harness.database.db
        .select({ status: t.orders.status })
        .from(t.orders)
        .where(eq(t.orders.id, draft.orderId));
      expect(row?.status).not.toBe('cancelled');
      expect((await draft.confirm()).statusCode).toBe(200);
    });

    it('refuses a write that comes from another origin, even with a valid cookie', async () => {
      const booking = await ManagedBooking.book(harness, dayAfter(8));
      for (const origin of [
        'https://evil.example',
        'http://localhost:3000.evil.example',
        'http://localhost:3001',
        'null',
      ]) {
        const cancel = await post(
          `${DEMO}/orders/${booking.orderId}/cancel`,
          office,
          { reason: 'csrf', override: true },
          { origin },
        );
        expect(cancel.statusCode, origin).toBe(403);
        expect(cancel.json()).toMatchObject({ error: { code: 'forbidden' } });
        const move = await post(
          `${DEMO}/orders/${booking.orderId}/reschedule`,
          office,
          { start: instantOf(await moveTarget(booking, dayAfter(10))), override: true },
          { origin },
        );
        expect(move.statusCode, origin).toBe(403);
        const phone = await post(`${DEMO}/phone-bookings`, office, {}, { origin });
        expect(phone.statusCode, origin).toBe(403);
        const password = await post(
          '/api/console/me/password',
          office,
          { new_password: 'long enough password' },
          { origin },
        );
        expect(password.statusCode, origin).toBe(403);
      }
      expect(await booking.orderRow()).toMatchObject({ status: 'confirmed', rescheduleCount: 0 });
      // Reading is not a write: the same cookie reads from anywhere a GET comes from.
      expect(
        (
          await harness.app.inject({
            method: 'GET',
            url: `${DEMO}/orders/${booking.orderId}`,
            headers: { cookie: office.cookie, origin: 'https://evil.example' },
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('schedule', () => {
    it("shows a visitor's booking under its inspector on its local date, in the office's zone, booked online", async () => {
      const day = dayAfter(7);
      const row = await mikeBooking.orderRow();
      const view = await schedule(`from=${day}`);
      expect(view).toMatchObject({
        // The demo office's drive estimate (its scheduling settings), which the day's map uses.
        office: {
          name: 'Scioto Valley Home Inspections, Columbus',
          time_zone: ZONE,
          road_factor: 1.3,
          average_speed_mph: 32,
        },
        from: day,
        dates: [day],
        zone_abbreviations: ['EST'],
      });
      const column = view.inspectors.find((inspector) => inspector.id === 101)!;
      expect(column.name).toBe('Mike Alvarez');
      const booking = column.bookings.find((candidate) => candidate.order_id === mikeBooking.orderId);
      const end = new Date(Date.parse(mikeBooking.start) + row.durationMinutes * 60_000).toISOString();
      expect(booking).toMatchObject({
        start: mikeBooking.start,
        end,
        local_date: day,
        local_start: localTime(mikeBooking.start),
        local_end: localTime(end),
        client_name: 'Dana Whitaker',
        address_line: '1450 Morse Rd, Columbus 43229',
        booked_by: 'online',
        paid: false,
      });
      // Placed as the engine places it, for the day's map: this address was never located, so at its postal code's centre.
      expect(row.latitude).toBeNull();
      const centre = (await bundledPostalCodes.find('43229'))!;
      expect(booking).toMatchObject({ latitude: centre.latitude, longitude: centre.longitude });
      expect(localDate(mikeBooking.start)).toBe(day);
      expect(booking!.services.length).toBeGreaterThan(0);
      expect(booking!.services.every((name) => name.trim() !== '' && !/[<>]/.test(name))).toBe(true);
      // Another inspector's column does not carry it; the day before and the day after show none of it.
      expect(
        view.inspectors
          .filter((inspector) => inspector.id !== 101)
          .flatMap((inspector) => inspector.bookings.map((b) => b.order_id)),
      ).not.toContain(mikeBooking.orderId);
      for (const from of [addDays(day, -1), addDays(day, 1)]) {
        expect(
          (await schedule(`from=${from}`)).inspectors.flatMap((inspector) => inspector.bookings.map((b) => b.order_id)),
        ).not.toContain(mikeBooking.orderId);
      }
      // A week from the day before holds it once, on its date.
      const week = await schedule(`from=${addDays(day, -3)}&days=7`);
      const found = week.inspectors
        .flatMap((inspector) => inspector.bookings)
        .filter((b) => b.order_id === mikeBooking.orderId);
      expect(found.map((b) => b.local_date)).toEqual([day]);
    });

    it('shows a live hold with its expiry, and no more once the clock passes it', async () => {
      const day = dayAfter(9);
      const visitor = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
      await visitor.fillIn();
      const slot = soloFor(101)(await slotsOn(harness.app, visitor.token, day))!;
      const held = await visitor.hold(slot);
      expect(held.statusCode).toBe(200);
      const [row] = await harness.database.db
        .select({ expiresAt: t.appointments.holdExpiresAt })
        .from(t.appointments)
        .where(eq(t.appointments.orderId, visitor.orderId));
      const expiresAt = row!.expiresAt!.toISOString();
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.parse(MONDAY));

      const holdsOf101 = async () =>
        (await schedule(`from=${day}`)).inspectors.find((inspector) => inspector.id === 101)!.holds;
      const holds = await holdsOf101();
      expect(holds).toEqual([
        {
          start: instantOf(slot),
          end: expect.any(String),
          local_date: day,
          local_start: localTime(instantOf(slot)),
          local_end: expect.any(String),
          expires_at: expiresAt,
        },
      ]);
      // Whose it is stays unsaid; and it is no booking.
      expect(JSON.stringify(holds)).not.toMatch(/Whitaker|Morse|order_id/);
      expect(
        (await schedule(`from=${day}`)).inspectors.flatMap((inspector) => inspector.bookings.map((b) => b.order_id)),
      ).not.toContain(visitor.orderId);
      // The inspector sees the hold on their own time too.
      expect((await schedule(`from=${day}`, mike)).inspectors[0]!.holds).toHaveLength(1);

      setClock(harness, new Date(Date.parse(expiresAt) - 1).toISOString());
      expect(await holdsOf101()).toHaveLength(1);
      setClock(harness, expiresAt);
      expect(await holdsOf101()).toEqual([]);
    });

    it("removes a cancelled order's booking", async () => {
      const day = dayAfter(11);
      const booking = await ManagedBooking.book(harness, day, { pick: soloFor(101) });
      const shown = async () =>
        (await schedule(`from=${day}`)).inspectors.flatMap((inspector) => inspector.bookings.map((b) => b.order_id));
      expect(await shown()).toContain(booking.orderId);
      expect((await post(`${DEMO}/orders/${booking.orderId}/cancel`, office, { reason: 'gone' })).statusCode).toBe(200);
      expect(await shown()).not.toContain(booking.orderId);
    });

    it("follows each inspector's weekly hours, and a date's override (holidays, extra hours, vacation)", async () => {
      setClock(harness, '2026-11-30T14:00:00.000Z');
      // Saturday 5 December 2026 (Mike's extra Saturday), Sunday, Monday 7 December (Sarah's vacation).
      const view = await schedule('from=2026-12-05&days=3');
      expect(view.dates).toEqual(['2026-12-05', '2026-12-06', '2026-12-07']);
      const hours = (id: number) => view.inspectors.find((inspector) => inspector.id === id)!.working_hours;
      expect(hours(101)).toEqual([
        { local_date: '2026-12-05', local_start: '08:00', local_end: '16:00' },
        { local_date: '2026-12-07', local_start: '08:00', local_end: '17:00' },
      ]);
      expect(hours(102)).toEqual([]);
      expect(hours(104).filter((interval) => interval.local_date === '2026-12-07')).toEqual([
        { local_date: '2026-12-07', local_start: '08:00', local_end: '12:00' },
        { local_date: '2026-12-07', local_start: '13:00', local_end: '17:00' },
      ]);
      expect(hours(103).filter((interval) => interval.local_date === '2026-12-05')).toEqual([
        { local_date: '2026-12-05', local_start: '09:00', local_end: '18:00' },
      ]);
      // An ordinary Saturday: Mike's weekly hours.
      expect(
        (await schedule('from=2026-12-12')).inspectors.find((inspector) => inspector.id === 101)!.working_hours,
      ).toEqual([{ local_date: '2026-12-12', local_start: '09:00', local_end: '13:00' }]);
      // Christmas Eve, a Thursday: nobody works.
      const holiday = await schedule('from=2026-12-24');
      expect(holiday.inspectors.length).toBe(5);
      expect(holiday.inspectors.flatMap((inspector) => inspector.working_hours)).toEqual([]);
    });

    it("shows one to 42 days (a month view's six weeks), refusing others by the name of the field, and an unknown office", async () => {
      const day = dayAfter(7);
      for (const days of ['0', '43', '-1', '1.5', 'x']) {
        const response = await get(`${DEMO}/schedule?from=${day}&days=${days}`, office);
        expect(response.statusCode, days).toBe(400);
        expect(response.json().error.field, days).toBe('days');
      }
      const week = await schedule(`from=${day}&days=7`);
      expect(week.dates).toEqual(Array.from({ length: 7 }, (_, index) => addDays(day, index)));
      expect(week.zone_abbreviations).toHaveLength(7);
      const sixWeeks = await schedule(`from=${day}&days=42`);
      expect(sixWeeks.dates).toHaveLength(42);
      expect(sixWeeks.dates.at(-1)).toBe(addDays(day, 41));
      expect((await schedule(`from=${day}`)).dates).toEqual([day]);
      const unknown = await get(`${DEMO}/schedule?from=${day}&office_uuid=${randomUUID()}`, office);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: { code: 'not_found' } });
      // Another company's office is unknown here too.
      expect((await get(`${DEMO}/schedule?from=${day}&office_uuid=${OTHER_OFFICE}`, office)).statusCode).toBe(404);
      const known = await schedule(`from=${day}&office_uuid=${view(week)}`);
      expect(known.office.uuid).toBe(view(week));
      const badDate = await get(`${DEMO}/schedule?from=2027-02-30`, office);
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().error.field).toBe('from');
      function view(s: ConsoleSchedule) {
        return s.office.uuid;
      }
    });

    it('names the zone of each date across the change to summer time', async () => {
      const view = await schedule('from=2027-03-13&days=2');
      expect(view.zone_abbreviations).toEqual(['EST', 'EDT']);
    });
  });

  describe('orders', () => {
    let quincy: ManagedBooking;
    let walter: ManagedBooking;
    let cancelled: ManagedBooking;
    beforeAll(async () => {
      setClock(harness, MONDAY);
      quincy = await ManagedBooking.book(harness, dayAfter(14), { pick: soloFor(101) });
      await rename(
        quincy,
        { first: 'Quincy', last: 'Zabriskie', email: 'quincy.z@example.net', phone: '(740) 319-2864' },
        { address1: '77 Elm Street', address2: 'Suite 5_B' },
      );
      walter = await ManagedBooking.book(harness, dayAfter(14), { pick: soloFor(102) });
      await rename(
        walter,
        { first: 'Walter', last: 'Zabriskie', email: 'w_z@example.org' },
        { address1: '12 Oak Avenue' },
      );
      cancelled = await ManagedBooking.book(harness, dayAfter(15), { pick: soloFor(101) });
      await rename(
        cancelled,
        { first: 'Cora', last: 'Cancelled', email: 'cora@example.org' },
        { address1: '9 Elm Street' },
      );
      const response = await harness.app.inject({
        method: 'POST',
        url: `${DEMO}/orders/${cancelled.orderId}/cancel`,
        headers: office.headers,
        payload: { reason: 'test' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('finds orders by client last name, by e-mail and by street words, each word having to match', async () => {
      const search = async (q: string, status = 'all') =>
        ids(await orders(`status=${status}&per_page=200&q=${encodeURIComponent(q)}`)).sort();
      expect(await search('Zabriskie')).toEqual([quincy.orderId, walter.orderId].sort());
      expect(await search('zabriskie')).toEqual([quincy.orderId, walter.orderId].sort());
      // Accents are folded as the people searches fold them: "Zábriskie" is how some type it.
      expect(await search('ZÁBRISKIE')).toEqual([quincy.orderId, walter.orderId].sort());
      expect(await search('quincy.z@example.net')).toEqual([quincy.orderId]);
      expect(await search('  Elm   Street ')).toEqual([quincy.orderId, cancelled.orderId].sort());
      expect(await search('Elm Street', 'booked')).toEqual([quincy.orderId]);
      expect(await search('Elm Street', 'cancelled')).toEqual([cancelled.orderId]);
      expect(await search('Zabriskie Elm')).toEqual([quincy.orderId]);
      expect(await search('Zabriskie Oak')).toEqual([walter.orderId]);
      expect(await search('Zabriskie Morse')).toEqual([]);
      // The order number every e-mail prints, in any case, with or without #; with a name it must match both (issue 41).
      const number = quincy.orderId.replace(/-/g, '').slice(0, 8);
      expect(await search(number.toUpperCase())).toEqual([quincy.orderId]);
      expect(await search(`#${number}`)).toEqual([quincy.orderId]);
      expect(await search(`${number} Zabriskie`)).toEqual([quincy.orderId]);
      expect(await search(`${number} Cancelled`)).toEqual([]);
      // A phone typed in any format, or its last digits; with a name, both must match (issue 41).
      for (const typed of ['(740) 319-2864', '740.319.2864', '+1 740 319 2864', '319-2864'])
        expect(await search(typed)).toEqual([quincy.orderId]);
      expect(await search('2864 Zabriskie')).toEqual([quincy.orderId]);
      expect(await search('2864 Walter')).toEqual([]);
      expect(await search('Elm Oak')).toEqual([]);
      // % and _ are the characters themselves, not patterns.
      expect(await search('Zab_iskie')).toEqual([]);
      expect(await search('Z%e')).toEqual([]);
      expect(await search('%')).toEqual([]);
      expect(await search('5_B')).toEqual([quincy.orderId]);
      expect(await search('w_z@')).toEqual([walter.orderId]);
      expect(await search('_')).toEqual([quincy.orderId, walter.orderId].sort());
      expect(await search('\\')).toEqual([]);
      // Too long a search is refused by name.
      const long = await get(`${DEMO}/orders?q=${'a'.repeat(101)}`, office);
      expect(long.statusCode).toBe(400);
      expect(long.json().error.field).toBe('q');
    });

    it("filters by the appointment's date on the office's clock", async () => {
      const day = localDate(quincy.start);
      expect(ids(await orders(`status=all&per_page=200&from=${day}&to=${day}`))).toEqual(
        expect.arrayContaining([quincy.orderId, walter.orderId]),
      );
      expect(ids(await orders(`status=all&per_page=200&from=${day}&to=${day}`))).not.toContain(cancelled.orderId);
      expect(ids(await orders(`status=all&per_page=200&from=${addDays(day, 1)}`))).not.toContain(quincy.orderId);
      expect(ids(await orders(`status=all&per_page=200&to=${addDays(day, -1)}`))).not.toContain(quincy.orderId);
      expect((await get(`${DEMO}/orders?from=2027-13-01`, office)).json().error.field).toBe('from');
    });

    it('filters by inspector and by status', async () => {
      const mikes = await orders('status=all&per_page=200&inspector_id=101');
      expect(mikes.orders.length).toBeGreaterThan(0);
      expect(mikes.orders.every((order) => order.inspectors.some((inspector) => inspector.id === 101))).toBe(true);
      expect(ids(mikes)).toEqual(expect.arrayContaining([quincy.orderId, cancelled.orderId, mikeBooking.orderId]));
      expect(ids(mikes)).not.toContain(walter.orderId);
      expect(ids(await orders('status=all&per_page=200&inspector_id=999'))).toEqual([]);

      const booked = await orders('per_page=200');
      expect(booked.orders.every((order) => order.status === 'confirmed')).toBe(true);
      expect(ids(booked)).toContain(quincy.orderId);
      expect(ids(booked)).not.toContain(cancelled.orderId);
      const gone = await orders('status=cancelled&per_page=200');
      expect(gone.orders.every((order) => order.status === 'cancelled')).toBe(true);
      expect(ids(gone)).toContain(cancelled.orderId);
      expect(gone.orders.find((order) => order.id === cancelled.orderId)?.cancelled).toMatchObject({ reason: 'test' });
      const all = await orders('status=all&per_page=200');
      expect(all.total).toBe(booked.total + gone.total);
      expect(ids(all).sort()).toEqual([...ids(booked), ...ids(gone)].sort());
      const bad = await get(`${DEMO}/orders?status=pending`, office);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('status');
    });

    it('pages the list (200 a page at most), soonest first, and the CSV holds the same orders as the page', async () => {
      const all = await orders('status=all&per_page=200');
      expect(all.per_page).toBe(200);
      expect(all.total).toBe(all.orders.length);
      expect(all.total).toBeGreaterThanOrEqual(5);
      const starts = all.orders.map((order) => order.datetime ?? '');
      expect([...starts].sort()).toEqual(starts);
      const tooMany = await get(`${DEMO}/orders?per_page=201`, office);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.field).toBe('per_page');
      expect((await get(`${DEMO}/orders?per_page=0`, office)).statusCode).toBe(400);
      expect((await get(`${DEMO}/orders?page=0`, office)).json().error.field).toBe('page');

      const pages: Order[] = [];
      for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
        const one = await orders(`status=all&per_page=2&page=${page}`);
        expect(one).toMatchObject({ page, per_page: 2, total: all.total });
        expect(one.orders.length).toBeLessThanOrEqual(2);
        pages.push(...one.orders);
        const csv = await get(`${DEMO}/orders.csv?status=all&per_page=2&page=${page}`, office);
        expect(csv.statusCode).toBe(200);
        expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
        expect(csvIds(csv.body)).toEqual(ids(one));
      }
      expect(pages.map((order) => order.id)).toEqual(ids(all));
      expect((await orders(`status=all&per_page=2&page=${Math.ceil(all.total / 2) + 1}`)).orders).toEqual([]);
      // A search's CSV is the search's page.
      const csv = await get(`${DEMO}/orders.csv?status=all&q=Zabriskie`, office);
      expect(csvIds(csv.body).sort()).toEqual([quincy.orderId, walter.orderId].sort());
    });
  });

  describe('the order page', () => {
    it("matches the listing's entry, lays out prices that add up, and lists the confirmation e-mails", async () => {
      const page = await detail(sarahBooking.orderId);
      const listed = (await orders('status=all&per_page=200')).orders.find(
        (order) => order.id === sarahBooking.orderId,
      );
      // The list says beside it whether an agreement waits for a signature; the page says it as agreement_unsigned.
      const { agreement_pending: _pending, ...entry } = listed!;
      expect(page.order).toEqual(entry);
      expect(page).toMatchObject({
        can_change: true,
        booked_by: 'online',
        view: { order: { state: 'booked', start: sarahBooking.start } },
      });
      const price = page.view.order.price!;
      expect(price.lines.length).toBeGreaterThan(0);
      expect(price.lines.reduce((sum, line) => sum + cents(line.amount), 0)).toBe(cents(price.total));
      expect(cents(price.total)).toBe(page.order.total_cents);

      const confirmations = page.messages.filter((message) => message.kind === 'confirmation');
      expect(confirmations.map((message) => message.audience).sort()).toEqual(['agent', 'client', 'office']);
      for (const message of confirmations) {
        expect(message).toMatchObject({ channel: 'email', state: expect.stringMatching(/^(queued|sent)$/) });
        expect(Number.isNaN(Date.parse(message.run_at))).toBe(false);
      }
      // Never a token.
      expect(JSON.stringify(page.messages)).not.toMatch(new RegExp(sarahBooking.tokens.client));
      // Once the worker has sent them, the page says so.
      const outbox = mkdtempSync(join(tmpdir(), 'console-outbox-'));
      try {
        await testWorker(harness.database.db, outbox, { now: () => harness.clock.now() }).runDue();
      } finally {
        rmSync(outbox, { recursive: true, force: true });
      }
      const sent = (await detail(sarahBooking.orderId)).messages.filter((message) => message.kind === 'confirmation');
      expect(sent.map((message) => [message.audience, message.state, message.attempts]).sort()).toEqual([
        ['agent', 'sent', 1],
        ['client', 'sent', 1],
        ['office', 'sent', 1],
      ]);
      expect((await detail(sarahBooking.orderId, owner)).can_change).toBe(true);
      expect((await get(`${DEMO}/orders/${randomUUID()}`, office)).statusCode).toBe(404);
      expect((await get(`${DEMO}/orders/not-a-uuid`, office)).statusCode).toBe(400);
    });

    it('sends an e-mail again to the person it went to, one resend at a time, only while still true, recorded with who did it (issue 41)', async () => {
      const booking = await ManagedBooking.book(harness, dayAfter(19), { pick: soloFor(101) });
      const runWorker = async () => {
        const outbox = mkdtempSync(join(tmpdir(), 'console-outbox-'));
        try {
          await testWorker(harness.database.db, outbox, { now: () => harness.clock.now() }).runDue();
        } finally {
          rmSync(outbox, { recursive: true, force: true });
        }
      };
      const messages = async () => (await detail(booking.orderId)).messages;
      const resend = (id: number, person: ConsolePerson = office, orderId = booking.orderId) =>
        post(`${DEMO}/orders/${orderId}/messages/${id}/resend`, person);
      const first = (await messages()).find((m) => m.kind === 'confirmation' && m.audience === 'client')!;
      expect(first).toMatchObject({ state: 'queued', to: 'dana@example.com', resent_by: null, resendable: false });
      // Not sent yet: nothing to send again.
      const early = await resend(first.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.code).toBe('not_resendable');
      await runWorker();
      const listed = await messages();
      expect(listed.find((m) => m.id === first.id)).toMatchObject({ state: 'sent', resendable: true });
      // The office's own copy goes to no person: never offered.
      expect(listed.find((m) => m.kind === 'confirmation' && m.audience === 'office')?.resendable).toBe(false);
      // An inspector may not; another order's message under this order's URL is not found.
      expect((await resend(first.id, mike)).statusCode).toBe(403);
      const sarahs = (await detail(sarahBooking.orderId)).messages.find((m) => m.kind === 'confirmation')!;
      expect((await resend(sarahs.id)).statusCode).toBe(404);

      const resent = await resend(first.id);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toEqual({ to: 'dana@example.com' });
      // A second click while it waits: one copy only.
      expect((await resend(first.id)).json().error.code).toBe('resend_queued');
      const copy = (await messages()).find((m) => m.resent_by !== null)!;
      expect(copy).toMatchObject({
        kind: 'confirmation',
        audience: 'client',
        to: 'dana@example.com',
        resent_by: 'office',
        state: 'queued',
      });
      // Its own manage link, which opens the order; the first one still does too.
      const tokens = (await booking.jobs('confirmation_email'))
        .filter((job) => job.payload.audience === 'client')
        .map((job) => job.payload.manage_token as string);
      expect(new Set(tokens).size).toBe(2);
      for (const token of tokens) expect((await booking.view(token)).statusCode).toBe(200);
      expect(await booking.events('message_resent')).toEqual([
        expect.objectContaining({
          job_id: first.id,
          to: 'dana@example.com',
          by: expect.objectContaining({ name: 'office' }),
        }),
      ]);
      await runWorker();
      expect((await messages()).find((m) => m.id === copy.id)).toMatchObject({ state: 'sent', resendable: true });
      // Once cancelled, a confirmation would say something untrue; the cancellation may go again.
      expect((await post(`${DEMO}/orders/${booking.orderId}/cancel`, office, { reason: 'test' })).statusCode).toBe(200);
      await runWorker();
      const after = await messages();
      expect((await resend(first.id)).json().error.code).toBe('not_resendable');
      const cancellation = after.find((m) => m.kind === 'cancelled' && m.audience === 'client')!;
      expect(cancellation.resendable).toBe(true);
      expect((await resend(cancellation.id)).statusCode).toBe(200);
    });

    it('refuses the office a move inside the cut-off, makes it with override, and records who overrode', async () => {
      const booking = await ManagedBooking.book(harness, dayAfter(16), { pick: soloFor(101) });
      const target = await moveTarget(booking, dayAfter(18));
      setClock(harness, new Date(Date.parse(booking.start) - 2 * HOUR_MS).toISOString());
      const plain = await post(`${DEMO}/orders/${booking.orderId}/reschedule`, office, { start: instantOf(target) });
      expect(plain.statusCode).toBe(409);
      expect(plain.json().error.code).toBe('change_refused');
      expect((await booking.orderRow()).rescheduleCount).toBe(0);
      const overridden = await post(`${DEMO}/orders/${booking.orderId}/reschedule`, office, {
        start: instantOf(target),
        from_start: booking.start,
        override: true,
      });
      expect(overridden.statusCode, overridden.body).toBe(200);
      expect(overridden.json()).toMatchObject({ status: 'ok', view: { order: { start: instantOf(target) } } });
      expect(await booking.events('rescheduled')).toEqual([
        expect.objectContaining({
          by: { kind: 'office', override: true, user_id: office.userId, name: 'office' },
          overridden: ['inside_cutoff'],
        }),
      ]);
      // The order page shows the move on its history, with who made it.
      const page = await detail(booking.orderId);
      expect(page.order.history.map((event) => event.type)).toEqual(['confirmed', 'rescheduled']);
      expect(page.order.history[1]!.data).toMatchObject({
        by: { kind: 'office', user_id: office.userId, name: 'office' },
      });
      expect(page.order.reschedule_count).toBe(1);
      // The console's move is the office's: it leaves the client's own moves, which the policy counts (decision 0077).
      expect((await booking.orderRow()).onlineRescheduleCount).toBe(0);
    });

    it("keeps the booking's inspector on a move unless the office picks another, and records both names (issue 41)", async () => {
      const booking = await ManagedBooking.book(harness, dayAfter(19), { pick: soloFor(101) });
      // Mike is taken at one time of another day, where Sarah is free.
      const day = dayAfter(20);
      const mikesOther = await ManagedBooking.book(harness, day, { pick: soloFor(101) });
      const busy = mikesOther.start;
      const times = async (inspectors: string) => {
        const response = await get(
          `${DEMO}/orders/${booking.orderId}/availability?from=${day}&to=${day}&inspectors=${inspectors}`,
          office,
        );
        expect(response.statusCode, response.body).toBe(200);
        return allSlots(response.json<AppointmentSlot[]>());
      };
      // The times offered for one inspector are that inspector's alone.
      const mikes = await times('101');
      expect(mikes.length).toBeGreaterThan(0);
      expect(mikes.every((slot) => slot.users.join() === '101')).toBe(true);
      expect(mikes.map(instantOf)).not.toContain(busy);
      expect((await times('102')).map(instantOf)).toContain(busy);

      // Asked for a time its inspector is not free, the move does not hand the booking to someone else.
      const kept = await post(`${DEMO}/orders/${booking.orderId}/reschedule`, office, {
        start: busy,
        from_start: booking.start,
      });
      expect(kept.statusCode, kept.body).toBe(409);
      const unavailable = kept.json<{ status: string; appointments: AppointmentSlot[] }>();
      expect(unavailable.status).toBe('unavailable');
      expect(allSlots(unavailable.appointments).every((slot) => slot.users.join() === '101')).toBe(true);
      expect(await booking.orderRow()).toMatchObject({ inspectors: [{ id: 101, requested: false }] });
      expect((await booking.orderRow()).datetime?.toISOString()).toBe(booking.start);

      // Picked by the office, another inspector takes it; the history names both.
      const moved = await post(`${DEMO}/orders/${booking.orderId}/reschedule`, office, {
        start: busy,
        from_start: booking.start,
        inspector_ids: [102],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await booking.orderRow()).inspectors).toEqual([{ id: 102, requested: false }]);
      expect(await booking.events('rescheduled')).toEqual([
        expect.objectContaining({
          from: { start: booking.start, inspectors: [101], inspector_names: ['Mike Alvarez'] },
          to: { start: busy, inspectors: [102], inspector_names: ['Sarah Chen'] },
        }),
      ]);
      // The same time with another inspector is a change; with its own, nothing to do (same_time).
      const again = await post(`${DEMO}/orders/${booking.orderId}/reschedule`, office, {
        start: busy,
        inspector_ids: [102],
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'same_time', field: 'start' });
      // An inspector of another company, or none the company has, takes nothing.
      for (const inspectorIds of [[999_999], [101, 999_999]]) {
        const foreign = await post(`${DEMO}/orders/${booking.orderId}/reschedule`, office, {
          start: instantOf((await times('101'))[0]!),
          inspector_ids: inspectorIds,
        });
        expect(foreign.statusCode, foreign.body).toBe(409);
        expect(foreign.json().status).toBe('unavailable');
      }
      expect((await booking.orderRow()).inspectors).toEqual([{ id: 102, requested: false }]);
      // Bounds: an empty team and a team of 21 are refused by the field's name.
      for (const inspectorIds of [[], Array.from({ length: 21 }, (_, index) => index + 1)]) {
        const refused = await post(`${DEMO}/orders/${booking.orderId}/reschedule`, office, {
          start: busy,
          inspector_ids: inspectorIds,
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.field).toMatch(/^inspector_ids/);
      }
    });

    it('cancels with the late fee waived, recording fee 0 against the policy fee, or with the fee when not waived', async () => {
      const waived = await ManagedBooking.book(harness, dayAfter(17), { pick: soloFor(101) });
      const charged = await ManagedBooking.book(harness, dayAfter(17), { pick: soloFor(102) });
      // Two days ahead: inside the late window (72 hours), outside the cut-off.
      setClock(
        harness,
        new Date(Math.max(Date.parse(waived.start), Date.parse(charged.start)) - 48 * HOUR_MS).toISOString(),
      );
      const first = await post(`${DEMO}/orders/${waived.orderId}/cancel`, office, {
        reason: 'Client called',
        waive_fee: true,
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(await waived.orderRow()).toMatchObject({ status: 'cancelled', cancelFeeCents: 0 });
      expect(await waived.events('cancelled')).toEqual([
        expect.objectContaining({
          fee_cents: 0,
          policy_fee_cents: 7500,
          by: expect.objectContaining({ kind: 'office', user_id: office.userId }),
        }),
      ]);
      expect((await detail(waived.orderId)).order.cancelled).toMatchObject({ reason: 'Client called', fee_cents: 0 });

      const second = await post(`${DEMO}/orders/${charged.orderId}/cancel`, office, { reason: 'Client called' });
      expect(second.statusCode, second.body).toBe(200);
      expect(await charged.orderRow()).toMatchObject({ status: 'cancelled', cancelFeeCents: 7500 });
      expect((await detail(charged.orderId)).order.cancelled).toMatchObject({ fee_cents: 7500 });
    });
  });
});

import {
  MAX_EVENTS_PER_REQUEST,
  MAX_EVENTS_PER_SESSION,
  type FunnelEvent,
  type FunnelResponse,
  type FunnelStep,
} from '@scheduler/contracts/analytics';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import {
  demoDocument,
  demoDocumentWith,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { CONSOLE_ORIGIN, signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { ManagedBooking, setClock } from '../booking-changes/manage-test-support.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { orderReference } from '@scheduler/domain/order-reference';

/** A Monday, 9 AM in Columbus (EST, UTC-5): the server's clock in every test. */
const MONDAY = '2027-03-01T14:00:00.000Z';
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
/** A second company, in another time zone, asking no property questions. */
const RIVAL = 'rival';
const RIVAL_OFFICE = 'c0000000-0000-4000-8000-0000000000a7';

const viewed = (step: FunnelStep): FunnelEvent => ({ name: 'step_viewed', step });

describeOnEachDatabase("the wizard's funnel (issue 27)", (factory) => {
  let harness: TestApp;
  let office: ConsolePerson;
  let inspector: ConsolePerson;
  let rivalOwner: ConsolePerson;

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    setClock(harness, MONDAY);
    const rival = demoDocumentWith({}, (document) => {
      document.key = RIVAL;
      document.offices[0].uuid = RIVAL_OFFICE;
      document.offices[0].time_zone = 'America/Los_Angeles';
      for (const person of document.inspectors) person.office = RIVAL_OFFICE;
      document.property_controls = [];
    });
    await importCompanyDocument(harness.database.db, rival);
    office = await signedInMember(harness, 'office@example.com', 'office');
    inspector = await signedInMember(harness, 'mike@example.com', 'inspector', 'demo', 101);
    rivalOwner = await signedInMember(harness, 'owner@rival.example', 'owner', RIVAL);
  });
  beforeEach(() => setClock(harness, MONDAY));
  afterAll(async () => harness.close());

  const send = (token: string | null, events: unknown, companyKey = 'demo') =>
    harness.app.inject({
      method: 'POST',
      url: `/${companyKey}/json/online_scheduler/events`,
      headers: token ? { 'x-auth-token': token } : {},
      payload: { events },
    });

  /** A visitor's session whose order was created at `at` (the database writes its own clock there, so the test sets it). */
  async function visitStartedAt(
    at: string,
    companyKey = 'demo',
    officeUuid = DEMO_OFFICE_UUID,
    link: Record<string, string> = {},
  ): Promise<DemoOrder> {
    const order = await DemoOrder.start(
      harness.app,
      harness.database.db,
      await startDemoSession(harness.app, officeUuid, companyKey, link),
      companyKey,
    );
    await harness.database.db
      .update(t.orders)
      .set({ createdAt: new Date(at) })
      .where(eq(t.orders.id, order.orderId));
    return order;
  }

  const eventsOf = async (orderId: string) =>
    Number(
      (
        await harness.database.db.select({ n: count() }).from(t.funnelEvents).where(eq(t.funnelEvents.orderId, orderId))
      )[0]!.n,
    );

  describe('recording', () => {
    it(`accepts ${MAX_EVENTS_PER_REQUEST} events with 204 and stores them with the session's company, office and order and the server's clock`, async () => {
      const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
      const events: FunnelEvent[] = [
        viewed('calendar'),
        { name: 'cart_changed', step: 'packages', item_count: 2, total_cents: 45_000, currency: 'USD' },
        { name: 'coupon_refused', step: 'packages', code: 'coupon_expired' },
        ...Array.from({ length: MAX_EVENTS_PER_REQUEST - 3 }, () => viewed('address')),
      ];
      const response = await send(order.token, events);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      const rows = await harness.database.db
        .select()
        .from(t.funnelEvents)
        .where(eq(t.funnelEvents.orderId, order.orderId))
        .orderBy(t.funnelEvents.id);
      expect(rows).toHaveLength(MAX_EVENTS_PER_REQUEST);
      expect(rows[0]).toMatchObject({
        companyId: order.companyId,
        officeId: DEMO_OFFICE_UUID,
        name: 'step_viewed',
        step: 'calendar',
        data: {},
        createdAt: new Date(MONDAY),
      });
      expect(rows[1]).toMatchObject({
        name: 'cart_changed',
        step: 'packages',
        data: { item_count: 2, total_cents: 45_000, currency: 'USD' },
      });
      expect(rows[2]).toMatchObject({ name: 'coupon_refused', data: { code: 'coupon_expired' } });
    });

    it('refuses a bad batch with 400 naming the field, and stores nothing of it', async () => {
      const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
      const refusals: Array<[unknown, string]> = [
        [Array.from({ length: MAX_EVENTS_PER_REQUEST + 1 }, () => viewed('calendar')), 'events'],
        [[], 'events'],
        [[{ name: 'page_scrolled', step: 'calendar' }], 'events.0.name'],
        [[viewed('calendar'), { name: 'step_viewed', step: 'thank-you' }], 'events.1.step'],
        [[{ ...viewed('contacts'), email: 'dana@example.com' }], 'events.0'],
        [[{ name: 'error_shown', step: null, code: 'Not Found' }], 'events.0.code'],
        [[{ name: 'error_shown', step: null, code: 'NOT_FOUND' }], 'events.0.code'],
        [[{ name: 'cart_changed', step: 'packages', currency: 'usd' }], 'events.0.currency'],
        [[{ name: 'order_confirmed', step: null, order_reference: '3f1c2b4a' }], 'events.0.order_reference'],
        [[{ name: 'order_confirmed', step: null, order_reference: '3F1C2B4A9' }], 'events.0.order_reference'],
        [[{ name: 'step_viewed', step: 'review', order_reference: '3F1C2B4A' }], 'events.0.order_reference'],
      ];
      for (const [events, field] of refusals) {
        const response = await send(order.token, events);
        expect(response.statusCode, JSON.stringify(events).slice(0, 80)).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'invalid_request' });
        expect(response.json().error.field, response.body).toContain(field);
      }
      expect(await eventsOf(order.orderId)).toBe(0);
    });

    it("refuses a request without the session's token (401), and this token under another company's key (401, as every wizard route)", async () => {
      const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
      const unsigned = await send(null, [viewed('calendar')]);
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json().error.code).toBe('unauthorized');
      const elsewhere = await send(order.token, [viewed('calendar')], RIVAL);
      expect(elsewhere.statusCode).toBe(401);
      expect(elsewhere.json().error.code).toBe('unauthorized');
      const wrongOffice = await harness.app.inject({
        method: 'POST',
        url: '/demo/json/online_scheduler/events',
        headers: { 'x-auth-token': order.token, 'x-office-uuid': RIVAL_OFFICE },
        payload: { events: [viewed('calendar')] },
      });
      expect(wrongOffice.statusCode).toBe(401);
      expect(await eventsOf(order.orderId)).toBe(0);
    });

    it("records the thank-you page's events after the order is confirmed, though the order itself is read-only then", async () => {
      const booking = await ManagedBooking.book(harness, demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), 2)));
      const token = booking.order.token;
      const reference = orderReference(booking.orderId);
      const response = await send(token, [
        { name: 'order_confirmed', step: null, order_reference: reference, total_cents: 42_500, currency: 'USD' },
        { name: 'step_viewed', step: null },
      ]);
      expect(response.statusCode, response.body).toBe(204);
      expect(await eventsOf(booking.orderId)).toBe(2);
      const [confirmed] = await harness.database.db
        .select({ data: t.funnelEvents.data })
        .from(t.funnelEvents)
        .where(and(eq(t.funnelEvents.orderId, booking.orderId), eq(t.funnelEvents.name, 'order_confirmed')));
      expect(confirmed!.data).toEqual({ order_reference: reference, total_cents: 42_500, currency: 'USD' });
      // The standard write guard still stands for the order.
      expect((await booking.order.release()).statusCode).toBe(409);
    });

    it(`keeps the ${MAX_EVENTS_PER_SESSION}th event of a session and drops the ones after it, still answering 204`, async () => {
      const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
      const earlier = MAX_EVENTS_PER_SESSION - 10;
      await harness.database.db.insert(t.funnelEvents).values(
        Array.from({ length: earlier }, () => ({
          companyId: order.companyId,
          officeId: DEMO_OFFICE_UUID,
          orderId: order.orderId,
          name: 'step_viewed',
          step: 'calendar',
        })),
      );
      expect(
        (
          await send(
            order.token,
            Array.from({ length: 9 }, () => viewed('address')),
          )
        ).statusCode,
      ).toBe(204);
      expect(await eventsOf(order.orderId)).toBe(MAX_EVENTS_PER_SESSION - 1);
      // A batch across the cap: its first event is the 500th, kept; its second is dropped.
      expect((await send(order.token, [viewed('contacts'), viewed('review')])).statusCode).toBe(204);
      expect(await eventsOf(order.orderId)).toBe(MAX_EVENTS_PER_SESSION);
      const last = await harness.database.db
        .select({ n: count() })
        .from(t.funnelEvents)
        .where(and(eq(t.funnelEvents.orderId, order.orderId), eq(t.funnelEvents.step, 'contacts')));
      expect(Number(last[0]!.n)).toBe(1);
      expect((await send(order.token, [viewed('packages')])).statusCode).toBe(204);
      expect(await eventsOf(order.orderId)).toBe(MAX_EVENTS_PER_SESSION);
    });
  });

  describe('the funnel', () => {
    /** Columbus's midnight between Monday 1 and Tuesday 2 March 2027 (EST) is 05:00 UTC. */
    const FROM = '2027-03-01';
    const TO = '2027-03-04';
    const calendarFirst: FunnelStep[] = ['calendar', 'address', 'contacts', 'property-info', 'packages', 'review'];
    let scripted = false;

    const funnel = (query: string, headers: Record<string, string> = ADMIN, companyKey = 'demo') =>
      harness.app.inject({ method: 'GET', url: `/api/admin/companies/${companyKey}/funnel?${query}`, headers });
    const consoleFunnel = (query: string, headers: Record<string, string>, companyKey = 'demo') =>
      harness.app.inject({ method: 'GET', url: `/api/console/companies/${companyKey}/funnel?${query}`, headers });
    const read = async (query = `from=${FROM}&to=${TO}`, companyKey = 'demo') => {
      const response = await funnel(query, ADMIN, companyKey);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<FunnelResponse>();
    };
    const confirmAt = (order: DemoOrder, status: 'confirmed' | 'cancelled') =>
      harness.database.db
        .update(t.orders)
        .set({ status, confirmedAt: new Date(MONDAY) })
        .where(eq(t.orders.id, order.orderId));

    const counts = (started: number, reached: number[], confirmed: number, phone = 0, api = 0) => ({
      started,
      reached,
      confirmed,
      booked_by_phone: phone,
      booked_by_api: api,
    });
    const noDay = counts(0, [0, 0, 0, 0, 0, 0], 0);

    /** A session the office books by phone in the console, started at `at`: it runs the same wizard. */
    async function phoneBookingAt(at: string): Promise<{ orderId: string; companyId: string }> {
      const phone = await startSession(
        harness.database.db,
        { ttlDays: 7 },
        'demo',
        DEMO_OFFICE_UUID,
        new Date(MONDAY),
        {
          bookedBy: { userId: office.userId, name: 'office' },
        },
      );
      const [order] = await harness.database.db
        .update(t.orders)
        .set({ createdAt: new Date(at) })
        .where(eq(t.orders.id, phone.orderId))
        .returning({ companyId: t.orders.companyId });
      return { orderId: phone.orderId, companyId: order!.companyId };
    }

    /**
     * Sessions around Columbus's midnight, with links from two campaigns, one before the span, the
     * office's phone booking, a booking through the API, and sessions no person saw:
     * Monday 1 March (local): A (google, every step, confirmed), B (at 23:59, the calendar), a link
     *   preview's session (no events), and the phone booking P (every step, confirmed).
     * Tuesday 2: C (google, at 00:00, every step, confirmed), D (newsletter, every step, confirmed
     *   and cancelled since), H (newsletter, to the address), X (no events, confirmed: the API) and
     *   Y (to the services, confirmed without the review shown).
     * Wednesday 3: F (no events) and E (an error before any step). Thursday 4: nobody.
     */
    beforeEach(async () => {
      if (scripted) return;
      scripted = true;
      const google = { utm_source: 'google', utm_medium: 'cpc' };
      const newsletter = { utm_source: 'newsletter' };
      const a = await visitStartedAt('2027-03-01T14:00:00Z', 'demo', DEMO_OFFICE_UUID, google);
      await send(a.token, [
        viewed('postal-code'),
        viewed('calendar'),
        viewed('address'),
        viewed('calendar'),
        viewed('contacts'),
        viewed('property-info'),
        viewed('packages'),
        viewed('review'),
      ]);
      await confirmAt(a, 'confirmed');
      const b = await visitStartedAt('2027-03-02T04:59:59Z');
      await send(b.token, [viewed('calendar'), { name: 'time_held', step: 'calendar' }]);
      await visitStartedAt('2027-03-01T15:00:00Z');
      const c = await visitStartedAt('2027-03-02T05:00:00Z', 'demo', DEMO_OFFICE_UUID, google);
      await send(c.token, calendarFirst.map(viewed));
      await send(c.token, [
        { name: 'order_confirmed', step: null, order_reference: orderReference(c.orderId), total_cents: 40_000 },
      ]);
      await confirmAt(c, 'confirmed');
      const d = await visitStartedAt('2027-03-02T12:00:00Z', 'demo', DEMO_OFFICE_UUID, newsletter);
      await send(d.token, [viewed('calendar'), ...calendarFirst.map(viewed)]);
      await confirmAt(d, 'cancelled');
      const h = await visitStartedAt('2027-03-02T13:00:00Z', 'demo', DEMO_OFFICE_UUID, newsletter);
      await send(h.token, [viewed('calendar'), viewed('address'), { name: 'hold_lapsed', step: 'address' }]);
      await confirmAt(await visitStartedAt('2027-03-02T14:00:00Z'), 'confirmed');
      const y = await visitStartedAt('2027-03-02T15:00:00Z');
      await send(y.token, calendarFirst.slice(0, -1).map(viewed));
      await confirmAt(y, 'confirmed');
      await visitStartedAt('2027-03-03T15:00:00Z');
      const e = await visitStartedAt('2027-03-03T16:00:00Z');
      await send(e.token, [{ name: 'error_shown', step: null, code: 'not_found' }]);
      const before = await visitStartedAt('2027-03-01T04:59:59Z');
      await send(before.token, calendarFirst.map(viewed));
      await confirmAt(before, 'confirmed');
      // The office booking by phone runs the same wizard, and its events are recorded, but it is not a visit.
      const phone = await phoneBookingAt('2027-03-01T15:00:00Z');
      await harness.database.db
        .insert(t.funnelEvents)
        .values(calendarFirst.map((step) => ({ ...phone, officeId: DEMO_OFFICE_UUID, name: 'step_viewed', step })));
      await harness.database.db
        .update(t.orders)
        .set({ status: 'confirmed', confirmedAt: new Date(MONDAY) })
        .where(eq(t.orders.id, phone.orderId));
      // The rival's visitor, at 22:00 on Monday in Los Angeles (Tuesday in Columbus): never in the demo's figures.
      const rival = await visitStartedAt('2027-03-02T06:00:00Z', RIVAL, RIVAL_OFFICE, { utm_source: 'rivalads' });
      await send(
        rival.token,
        [viewed('calendar'), viewed('address'), viewed('contacts'), viewed('packages'), viewed('review')],
        RIVAL,
      );
      await confirmAt(rival, 'confirmed');
    });

    it("counts each day's visits on the office's calendar, the steps they reached in the office's order and those booked online, the phone's and the API's bookings apart; zeros for a day without any", async () => {
      const answer = await read();
      expect(answer).toMatchObject({ company_key: 'demo', from: FROM, to: TO });
      expect(answer.offices).toHaveLength(1);
      const [columbus] = answer.offices;
      expect(columbus).toMatchObject({
        office_uuid: DEMO_OFFICE_UUID,
        time_zone: 'America/New_York',
        step_order: calendarFirst,
      });
      expect(columbus!.days).toEqual([
        { date: '2027-03-01', ...counts(2, [2, 1, 1, 1, 1, 1], 1, 1, 0) },
        { date: '2027-03-02', ...counts(4, [4, 4, 3, 3, 3, 2], 2, 0, 2) },
        { date: '2027-03-03', ...noDay },
        { date: '2027-03-04', ...noDay },
      ]);
      expect(columbus!.totals).toEqual(counts(6, [6, 5, 4, 4, 4, 3], 3, 1, 2));
      // The session that started a second before the span counts on its own day.
      const sunday = await read('from=2027-02-28&to=2027-02-28');
      expect(sunday.offices[0]!.totals).toEqual(counts(1, [1, 1, 1, 1, 1, 1], 1));
    });

    it('counts none of the sessions no person saw: a link preview, a visit gone before its first step showed, an error page', async () => {
      const [wednesday] = (await read('from=2027-03-03&to=2027-03-03')).offices;
      // Columbus's Wednesday, in UTC: F's and E's sessions are there.
      const made = await harness.database.db
        .select({ n: count() })
        .from(t.orders)
        .where(
          and(
            eq(t.orders.officeId, DEMO_OFFICE_UUID),
            gte(t.orders.createdAt, new Date('2027-03-03T05:00:00Z')),
            lt(t.orders.createdAt, new Date('2027-03-04T05:00:00Z')),
          ),
        );
      expect(Number(made[0]!.n)).toBe(2);
      expect(wednesday!.totals).toEqual(noDay);
      expect(wednesday!.sources).toEqual([]);
    });

    it('never counts more confirmed than reached the review, on each day, in the span and for each source', async () => {
      const [columbus] = (await read()).offices;
      for (const figures of [...columbus!.days, columbus!.totals, ...columbus!.sources]) {
        expect(figures.confirmed).toBeLessThanOrEqual(figures.reached.at(-1)!);
        expect(figures.reached.every((reached) => reached <= figures.started)).toBe(true);
      }
    });

    it('breaks the span down by the links\' utm_source, "direct" for none, the most visits first', async () => {
      const [columbus] = (await read()).offices;
      expect(columbus!.sources).toEqual([
        { source: 'google', ...counts(2, [2, 2, 2, 2, 2, 2], 2) },
        { source: 'newsletter', ...counts(2, [2, 2, 1, 1, 1, 1], 1) },
        { source: 'direct', ...counts(2, [2, 1, 1, 1, 1, 0], 0, 1, 2) },
      ]);
    });

    it("reads the other company's funnel on its own calendar, without property info when it asks no property questions, and none of the demo's sessions", async () => {
      const answer = await read(`from=${FROM}&to=${FROM}`, RIVAL);
      const rivalDay = counts(1, [1, 1, 1, 1, 1], 1);
      expect(answer.offices).toEqual([
        {
          office_uuid: RIVAL_OFFICE,
          office_name: expect.any(String),
          time_zone: 'America/Los_Angeles',
          step_order: ['calendar', 'address', 'contacts', 'packages', 'review'],
          totals: rivalDay,
          days: [{ date: FROM, ...rivalDay }],
          sources: [{ source: 'rivalads', ...rivalDay }],
        },
      ]);
    });

    it('narrows to the office asked for; an office of another company is 404', async () => {
      expect(
        (await read(`from=${FROM}&to=${TO}&office=${DEMO_OFFICE_UUID}`)).offices.map((o) => o.office_uuid),
      ).toEqual([DEMO_OFFICE_UUID]);
      const elsewhere = await funnel(`from=${FROM}&to=${TO}&office=${RIVAL_OFFICE}`);
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().error.code).toBe('not_found');
    });

    it('follows the company when it turns to calendar last: the same sessions, the steps in its new order', async () => {
      await importCompanyDocument(harness.database.db, demoDocumentWith({ [SETTING.INSPECTOR_CALENDAR_LAST]: 'Y' }));
      try {
        const [columbus] = (await read()).offices;
        expect(columbus!.step_order).toEqual([
          'address',
          'contacts',
          'property-info',
          'packages',
          'calendar',
          'review',
        ]);
        expect(columbus!.totals).toEqual(counts(6, [5, 4, 4, 4, 6, 3], 3, 1, 2));
      } finally {
        await importCompanyDocument(harness.database.db, demoDocument());
      }
      expect((await read()).offices[0]!.step_order).toEqual(calendarFirst);
    });

    it('takes a span of 92 days and refuses 93, `to` before `from`, a bad date and unknown fields with 400 naming the field', async () => {
      const longest = await read(`from=${FROM}&to=${addDays(FROM, 91)}`);
      expect(longest.offices[0]!.days).toHaveLength(92);
      expect(longest.offices[0]!.totals.started).toBe(6);
      for (const [query, field] of [
        [`from=${FROM}&to=${addDays(FROM, 92)}`, 'to'],
        [`from=${FROM}&to=${addDays(FROM, -1)}`, 'to'],
        [`from=2027-02-30&to=${TO}`, 'from'],
        [`from=${FROM}`, 'to'],
        [`from=${FROM}&to=${TO}&office=columbus`, 'office'],
        [`from=${FROM}&to=${TO}&email=dana@example.com`, 'querystring'],
      ] as const) {
        const response = await funnel(query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error, query).toMatchObject({ code: 'invalid_request', field });
      }
    });

    it('answers the admin API only with its token, and 404 for an unknown company', async () => {
      expect((await funnel(`from=${FROM}&to=${TO}`, {})).statusCode).toBe(401);
      expect((await funnel(`from=${FROM}&to=${TO}`, { authorization: 'Bearer not-the-token' })).statusCode).toBe(401);
      const unknown = await funnel(`from=${FROM}&to=${TO}`, ADMIN, 'no-such-company');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
    });

    it("opens the console's funnel to the office's people, not to inspectors, other companies' members, the admin token or anyone signed out", async () => {
      const query = `from=${FROM}&to=${TO}`;
      const ofOffice = await consoleFunnel(query, office.headers);
      expect(ofOffice.statusCode, ofOffice.body).toBe(200);
      expect(ofOffice.json<FunnelResponse>()).toEqual(await read());
      const ofInspector = await consoleFunnel(query, inspector.headers);
      expect(ofInspector.statusCode).toBe(403);
      expect(ofInspector.json()).toMatchObject({
        error: { code: 'forbidden', message: "Your role doesn't allow this." },
      });
      const ofRival = await consoleFunnel(query, rivalOwner.headers);
      expect(ofRival.statusCode).toBe(403);
      expect(ofRival.json()).toMatchObject({
        error: { code: 'forbidden', message: "You don't have access to this company." },
      });
      expect(
        (await consoleFunnel(query, rivalOwner.headers, RIVAL)).json<FunnelResponse>().offices[0]!.totals.started,
      ).toBe(1);
      expect((await consoleFunnel(query, { origin: CONSOLE_ORIGIN })).statusCode).toBe(401);
      expect((await consoleFunnel(query, { ...ADMIN, origin: CONSOLE_ORIGIN })).statusCode).toBe(401);
      expect((await consoleFunnel(`from=${FROM}&to=${addDays(FROM, 92)}`, office.headers)).json().error.field).toBe(
        'to',
      );
    });
  });
});

describeOnEachDatabase("the funnel events' own rate-limit bucket", (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { WRITE_RATE_LIMIT: '2' } });
  });
  afterAll(async () => harness.close());

  const post = (token: string, path: string, payload: unknown) =>
    harness.app.inject({
      method: 'POST',
      url: `/demo/json/online_scheduler/${path}`,
      headers: { 'x-auth-token': token },
      payload: payload as object,
    });
  const events = { events: [viewed('calendar')] };
  const postalCode = { postal_code: '43215' };

  it("counts a session's events apart from its writes, so neither uses up the other", async () => {
    const chatty = await startDemoSession(harness.app);
    expect((await post(chatty, 'events', events)).statusCode).toBe(204);
    expect((await post(chatty, 'events', events)).statusCode).toBe(204);
    const limited = await post(chatty, 'events', events);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await post(chatty, 'set_postal_code', postalCode)).statusCode).toBe(200);

    const busy = await startDemoSession(harness.app);
    expect((await post(busy, 'set_postal_code', postalCode)).statusCode).toBe(200);
    expect((await post(busy, 'set_postal_code', postalCode)).statusCode).toBe(200);
    expect((await post(busy, 'set_postal_code', postalCode)).statusCode).toBe(429);
    expect((await post(busy, 'events', events)).statusCode).toBe(204);
  });
});

import {
  MAX_EVENTS_PER_REQUEST,
  MAX_EVENTS_PER_SESSION,
  type FunnelEvent,
  type FunnelResponse,
  type FunnelStep,
} from '@scheduler/contracts/analytics';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { and, count, eq } from 'drizzle-orm';
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
  async function visitStartedAt(at: string, companyKey = 'demo', officeUuid = DEMO_OFFICE_UUID): Promise<DemoOrder> {
    const order = await DemoOrder.start(
      harness.app,
      harness.database.db,
      await startDemoSession(harness.app, officeUuid, companyKey),
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
      const response = await send(token, [
        { name: 'order_confirmed', step: null, total_cents: 42_500, currency: 'USD' },
        { name: 'step_viewed', step: null },
      ]);
      expect(response.statusCode, response.body).toBe(204);
      expect(await eventsOf(booking.orderId)).toBe(2);
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

    /**
     * Six visitors' sessions around Columbus's midnight, one before the span, and a phone booking:
     * Monday 1 March (local): A (confirmed) and B (at 23:59); Tuesday 2: C (at 00:00, confirmed)
     * and D (confirmed, since cancelled); Wednesday 3: F, who sent nothing; Thursday 4: nobody.
     */
    beforeEach(async () => {
      if (scripted) return;
      scripted = true;
      const a = await visitStartedAt('2027-03-01T14:00:00Z');
      await send(a.token, [
        viewed('postal-code'),
        viewed('calendar'),
        viewed('address'),
        viewed('calendar'),
        viewed('contacts'),
      ]);
      await confirmAt(a, 'confirmed');
      const b = await visitStartedAt('2027-03-02T04:59:59Z');
      await send(b.token, [viewed('calendar'), { name: 'time_held', step: 'calendar' }]);
      const c = await visitStartedAt('2027-03-02T05:00:00Z');
      await send(c.token, calendarFirst.map(viewed));
      await send(c.token, [{ name: 'order_confirmed', step: null, total_cents: 40_000, currency: 'USD' }]);
      await confirmAt(c, 'confirmed');
      const d = await visitStartedAt('2027-03-02T12:00:00Z');
      await send(d.token, [
        viewed('calendar'),
        viewed('calendar'),
        viewed('address'),
        { name: 'hold_lapsed', step: 'address' },
      ]);
      await confirmAt(d, 'cancelled');
      await visitStartedAt('2027-03-03T15:00:00Z');
      const before = await visitStartedAt('2027-03-01T04:59:59Z');
      await send(before.token, [viewed('calendar')]);
      await confirmAt(before, 'confirmed');
      // The office booking by phone runs the same wizard, but is not a visitor's visit.
      const [demo] = await harness.database.db
        .select({ id: t.companies.id })
        .from(t.companies)
        .where(eq(t.companies.key, 'demo'));
      const phone = await startSession(
        harness.database.db,
        { ttlDays: 7 },
        'demo',
        DEMO_OFFICE_UUID,
        new Date(MONDAY),
        { userId: office.userId, name: 'office' },
      );
      await harness.database.db
        .update(t.orders)
        .set({ createdAt: new Date('2027-03-01T15:00:00Z') })
        .where(eq(t.orders.id, phone.orderId));
      await harness.database.db.insert(t.funnelEvents).values({
        companyId: demo!.id,
        officeId: DEMO_OFFICE_UUID,
        orderId: phone.orderId,
        name: 'step_viewed',
        step: 'calendar',
      });
      // The rival's visitor, at 22:00 on Monday in Los Angeles (Tuesday in Columbus): never in the demo's figures.
      const rival = await visitStartedAt('2027-03-02T06:00:00Z', RIVAL, RIVAL_OFFICE);
      await send(rival.token, [viewed('calendar'), viewed('address'), viewed('contacts'), viewed('packages')], RIVAL);
      await confirmAt(rival, 'confirmed');
    });

    it("counts each day's sessions on the office's calendar, the steps they reached in the office's order and those confirmed; zeros for a day without any", async () => {
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
        { date: '2027-03-01', started: 2, reached: [2, 1, 1, 0, 0, 0], confirmed: 1 },
        { date: '2027-03-02', started: 2, reached: [2, 2, 1, 1, 1, 1], confirmed: 2 },
        { date: '2027-03-03', started: 1, reached: [0, 0, 0, 0, 0, 0], confirmed: 0 },
        { date: '2027-03-04', started: 0, reached: [0, 0, 0, 0, 0, 0], confirmed: 0 },
      ]);
      expect(columbus!.totals).toEqual({ started: 5, reached: [4, 3, 2, 1, 1, 1], confirmed: 3 });
      // The session that started a second before the span counts on its own day.
      const sunday = await read('from=2027-02-28&to=2027-02-28');
      expect(sunday.offices[0]!.totals).toEqual({ started: 1, reached: [1, 0, 0, 0, 0, 0], confirmed: 1 });
    });

    it("reads the other company's funnel on its own calendar, without property info when it asks no property questions, and none of the demo's sessions", async () => {
      const answer = await read(`from=${FROM}&to=${FROM}`, RIVAL);
      expect(answer.offices).toEqual([
        {
          office_uuid: RIVAL_OFFICE,
          office_name: expect.any(String),
          time_zone: 'America/Los_Angeles',
          step_order: ['calendar', 'address', 'contacts', 'packages', 'review'],
          totals: { started: 1, reached: [1, 1, 1, 1, 0], confirmed: 1 },
          days: [{ date: FROM, started: 1, reached: [1, 1, 1, 1, 0], confirmed: 1 }],
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
        expect(columbus!.totals).toEqual({ started: 5, reached: [3, 2, 1, 1, 4, 1], confirmed: 3 });
      } finally {
        await importCompanyDocument(harness.database.db, demoDocument());
      }
      expect((await read()).offices[0]!.step_order).toEqual(calendarFirst);
    });

    it('takes a span of 92 days and refuses 93, `to` before `from`, a bad date and unknown fields with 400 naming the field', async () => {
      const longest = await read(`from=${FROM}&to=${addDays(FROM, 91)}`);
      expect(longest.offices[0]!.days).toHaveLength(92);
      expect(longest.offices[0]!.totals.started).toBe(5);
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

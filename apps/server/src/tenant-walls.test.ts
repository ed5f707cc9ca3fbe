import ICAL from 'ical.js';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { notificationsSchema } from '@scheduler/contracts/company-document';
import * as t from './db/schema.ts';
import { importCompanyDocument } from './modules/company-document/companies.service.ts';
import { loadNotificationSettings } from './modules/notifications/notification-settings.repository.ts';
import { loadMessageFacts } from './modules/notifications/order-facts.repository.ts';
import { DEMO_OFFICE_UUID } from './modules/company-document/demo-company.ts';
import { DemoOrder } from './modules/confirm/confirm-test-support.ts';
import { signedInMember } from './modules/console-auth/console-test-support.ts';
import { describeOnEachDatabase } from './test-support/each-database.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from './test-support/test-app.ts';
import { dayFromNow, wizardCalls } from './test-support/wizard-calls.ts';

/**
 * Tenants are walls (issue 22: "the other company's data in every listing"). A twin of the demo
 * company shares every id the demo uses (inspectors, services, packages, questions, agents, coupon
 * codes) but names and prices them otherwise, and is busy: it books the demo's first time with the
 * same inspector ids and takes the last use of a coupon code the demo has too. Whatever the demo's
 * visitor reads (office, catalogue, prices, times, coupons, agents) and what its office lists must be
 * exactly what it was before the twin existed. A query that forgets its company shows here.
 */
const TWIN_KEY = 'twin';
const TWIN_OFFICE = 'c0000000-0000-4000-8000-0000000000f1';
const ONE_USE = {
  code: 'ONEUSE',
  name: 'One Lucky Buyer',
  discount: { kind: 'amount', amount_cents: 2500 },
  max_redemptions: 1,
};
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
/** A state id only the twin has. */
const TWIN_ONLY_STATE = { id: 99, abbreviation: 'TW', name: 'Twinland' };
/** The twin's office has a logo of its own (the demo's offices have none: the company's stands for them). */
const TWIN_LOGO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TWIN_LOGO = `data:image/png;base64,${TWIN_LOGO_PNG}`;
/** An inspector id only the twin has. */
const TWIN_ONLY_INSPECTOR = 199;

type Doc = Record<string, any>;

/** The demo's document with a one-use coupon, as both companies have it. */
function withOneUseCoupon(document: Doc): Doc {
  document.coupons = [...document.coupons, ONE_USE];
  return document;
}

/** The twin: the demo's ids, other names, doubled prices, its own office. */
function twinDocument(): Doc {
  const twin = withOneUseCoupon(demoDocument() as Doc);
  twin.key = TWIN_KEY;
  twin.name = 'Twin Inspections';
  twin.offices[0].uuid = TWIN_OFFICE;
  twin.offices[0].name = 'Twin Inspections, Elsewhere';
  twin.offices[0].state = 'TO';
  twin.offices[0].logo = TWIN_LOGO;
  for (const inspector of twin.inspectors) {
    inspector.office = TWIN_OFFICE;
    inspector.first = 'Twin';
    inspector.display = `Twin ${inspector.id}`;
  }
  for (const service of twin.services) {
    service.name = `Twin ${service.name}`;
    service.price_cents *= 2;
    service.prepare = 'Twin: prepare the twin house';
  }
  for (const pkg of twin.packages) {
    pkg.name = `Twin ${pkg.name}`;
    pkg.price_cents *= 2;
    pkg.prepare = 'Twin: prepare the twin package';
  }
  for (const control of twin.property_controls) {
    control.label = `Twin ${control.label}`;
    if (control.type === 'FoundationType')
      control.options = control.options.map((option: Doc) => ({ ...option, value: `Twin ${option.value}` }));
  }
  for (const agent of twin.agents) agent.last = 'Twinning';
  for (const contact of twin.contacts) contact.last = 'Twinning';
  for (const type of twin.contact_types) type.name = `Twin ${type.name}`;
  // A required question only the twin asks, which the demo's confirm must not ask for.
  twin.property_controls = [
    ...twin.property_controls,
    { id: 99, slug: 'twin-only', type: 'CheckBox', label: 'Twin only', required: true, sort: 99 },
  ];
  twin.notifications = {
    notify_agents: false,
    payment_link: 'https://pay.example.com/twin?order={order_id}&amount={amount}&currency={currency}',
  };
  // Ohio is the demo's state 36 too: the twin writes it otherwise.
  twin.states = [
    ...twin.states.map((state: Doc) => (state.id === 36 ? { ...state, abbreviation: 'TO' } : state)),
    TWIN_ONLY_STATE,
  ];
  twin.inspectors = [
    ...twin.inspectors,
    {
      ...twin.inspectors[0],
      id: TWIN_ONLY_INSPECTOR,
      display: `Twin ${TWIN_ONLY_INSPECTOR}`,
      email: 'twin-199@example.com',
    },
  ];
  return twin;
}

describeOnEachDatabase('tenant walls: a twin company sharing every id never shows in the demo', (factory) => {
  let harness: TestApp;
  const demo = wizardCalls(() => harness.app, 'demo');
  const range = `from=${dayFromNow(0)}&to=${dayFromNow(6)}&limit=4`;
  /**
   * What the demo's visitor read before the twin existed and after it was busy; what the demo's
   * booking then answered. The set-up does it all, in that order; each test only reads.
   */
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const booked: Record<string, unknown> = {};
  let order: DemoOrder;
  let twinBooked: AppointmentSlot;
  let twinOrder: DemoOrder;

  /** What a demo visitor reads on every step, by name. */
  async function demoReads(token: string) {
    const get = async (url: string) => {
      const response = await harness.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    return {
      office: await get('/demo/online-scheduler/office'),
      order: await get('/demo/online-scheduler/order'),
      packages: await get('/demo/json/online_scheduler/packages'),
      services: await get('/demo/json/online_scheduler/services'),
      pricing: await get('/demo/json/online_scheduler/pricing'),
      availability: await get(`/demo/json/online_scheduler/availability?${range}`),
      agents: await get('/demo/json/online_scheduler/search_agents?query=jes&type=buyers_agent'),
    };
  }

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    const db = harness.database.db;
    await importCompanyDocument(db, withOneUseCoupon(demoDocument() as Doc));
    order = await DemoOrder.start(harness.app, db, await startDemoSession(harness.app));
    await order.fillIn();
    await db.update(t.orders).set({ foundationTypeId: 2 }).where(eq(t.orders.id, order.orderId));
    Object.assign(before, await demoReads(order.token));
    before.document = (
      await harness.app.inject({ method: 'GET', url: '/api/admin/companies/demo', headers: ADMIN })
    ).json();

    // The twin arrives and is busy: it books the demo's first time with the same inspector ids and
    // takes the only use of its ONEUSE.
    await importCompanyDocument(db, twinDocument());
    const twin = await DemoOrder.start(
      harness.app,
      db,
      await startDemoSession(harness.app, TWIN_OFFICE, TWIN_KEY),
      TWIN_KEY,
    );
    await twin.fillIn({ clientEmail: 'twin-client@example.com' });
    await db
      .insert(t.orderAnswers)
      .values({ companyId: twin.companyId, orderId: twin.orderId, controlId: 99, value: null, checked: true });
    twinBooked = (before.availability as AppointmentSlot[])[0]!;
    expect((await twin.hold(twinBooked)).statusCode).toBe(200);
    expect(await twin.applyCoupon(ONE_USE.code)).toBe('ok');
    booked.twinTotal = (await twin.pricing()).totals.grand_total;
    twinOrder = twin;
    expect((await twin.confirm()).statusCode).toBe(200);
    Object.assign(after, await demoReads(order.token));

    // Then the demo books the twin's time with the same inspector ids and the code the twin used
    // up; and a second demo visitor tries that code after the demo's own use.
    booked.hold = (await order.hold(twinBooked)).statusCode;
    booked.coupon = await order.applyCoupon(ONE_USE.code);
    booked.total = (await order.pricing()).totals.grand_total;
    booked.confirm = (await order.confirm()).statusCode;
    const next = await DemoOrder.start(harness.app, db, await startDemoSession(harness.app));
    booked.nextCoupon = await next.applyCoupon(ONE_USE.code);
  });
  afterAll(async () => harness?.close());

  it("reads the demo's office, inspectors, questions, catalogue, prices, times and agents exactly as before the twin", () => {
    expect(after.office).toEqual(before.office);
    expect(after.order).toEqual(before.order);
    expect(after.packages).toEqual(before.packages);
    expect(after.services).toEqual(before.services);
    expect(after.pricing).toEqual(before.pricing);
    expect(after.availability).toEqual(before.availability);
    expect(after.agents).toEqual(before.agents);
    // And what it read is the demo's own, not a mix: no twin name anywhere.
    expect(JSON.stringify(after)).not.toContain('Twin');
    expect((after.agents as unknown[]).length).toBeGreaterThan(0);
  });

  it("exports the demo's document as before the twin: its own agents, contacts, catalogue and settings", async () => {
    const document = (
      await harness.app.inject({ method: 'GET', url: '/api/admin/companies/demo', headers: ADMIN })
    ).json();
    expect(document).toEqual(before.document);
    expect(JSON.stringify(document)).not.toContain('Twin');
  });

  it("writes the demo's confirmation from the demo's own inspectors, state, prices and notification settings", async () => {
    const db = harness.database.db;
    const facts = await loadMessageFacts(db, order.companyId, order.orderId);
    expect(facts).not.toBeNull();
    expect(JSON.stringify(facts)).not.toMatch(/Twin|"TO"/);
    expect(JSON.stringify(facts)).toContain('OH');
    // The demo's own what-to-prepare texts, questions and people: none of the twin's same-id rows.
    expect(facts?.prepare.length).toBeGreaterThan(0);
    expect(await loadNotificationSettings(db, order.companyId)).toEqual(
      notificationsSchema.parse((demoDocument() as Doc).notifications),
    );
    // And the twin's from the twin's: a query that forgets the company gives both the same.
    expect(await loadNotificationSettings(db, twinOrder.companyId)).toEqual(
      notificationsSchema.parse(twinDocument().notifications),
    );
    const twinFacts = await loadMessageFacts(db, twinOrder.companyId, twinOrder.orderId);
    expect(twinFacts?.address.state).toBe('TO');
    expect(facts?.address.state).toBe('OH');
  });

  it("serves each company's own logo: the twin's office's, and the demo's company's", async () => {
    const logo = async (key: string) =>
      (await harness.app.inject({ method: 'GET', url: `/${key}/logo` })).rawPayload.toString('base64');
    expect(await logo(TWIN_KEY)).toBe(TWIN_LOGO_PNG);
    expect(await logo('demo')).toBe(String((demoDocument() as Doc).logo).split(',')[1]);
  });

  it('holds, applies the coupon the twin used up, and confirms the time the twin booked with the same inspector ids', () => {
    // Uses are counted per company and code: the twin's last use is not the demo's, and the
    // demo's own count still holds once its one use is taken.
    expect(booked).toEqual({
      twinTotal: expect.any(Number),
      hold: 200,
      coupon: 'ok',
      total: expect.any(Number),
      confirm: 200,
      nextCoupon: expect.not.stringMatching(/^ok$/),
    });
    // The demo's price less its coupon, never the twin's doubled prices.
    expect(booked.total).toBeLessThan((before.pricing as { totals: { grand_total: number } }).totals.grand_total);
  });

  it("lists through the public API, with each company's key, only that company's orders; another's id is 404 (issue 46)", async () => {
    const keyOf = async (companyKey: string) => {
      const owner = await signedInMember(harness, `api-owner@${companyKey}.example`, 'owner', companyKey);
      const made = await harness.app.inject({
        method: 'POST',
        url: `/api/console/companies/${companyKey}/api-keys`,
        headers: owner.headers,
        payload: { name: 'Walls', scopes: ['orders:read', 'orders:write'] },
      });
      expect(made.statusCode, made.body).toBe(201);
      return { authorization: `Bearer ${made.json<{ secret: string }>().secret}` };
    };
    const demoKey = await keyOf('demo');
    const twinKey = await keyOf(TWIN_KEY);
    const list = async (headers: Record<string, string>, query = '') =>
      (await harness.app.inject({ method: 'GET', url: `/api/v1/orders${query}`, headers })).json();
    for (const query of ['', '?updated_since=2000-01-01T00:00:00Z', '?status=all&inspector_id=101']) {
      const own = await list(demoKey, query);
      expect(own.orders.map((o: { id: string }) => o.id)).toEqual(
        query.includes('inspector') ? expect.any(Array) : [order.orderId],
      );
      expect(JSON.stringify(own)).not.toMatch(/Twin|twin-client@example\.com/);
      const twins = await list(twinKey, query);
      expect(twins.orders.map((o: { id: string }) => o.id)).not.toContain(order.orderId);
    }
    for (const [headers, id] of [
      [demoKey, twinOrder.orderId],
      [twinKey, order.orderId],
    ] as const) {
      expect((await harness.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers })).statusCode).toBe(404);
      const cancel = await harness.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${id}/cancel`,
        headers,
        payload: { reason: 'wall' },
      });
      expect(cancel.statusCode).toBe(404);
    }
    const [demoRow] = await harness.database.db.select().from(t.orders).where(eq(t.orders.id, order.orderId));
    expect(demoRow!.status).toBe('confirmed');
  });

  it("lists and deletes through the public API only the calling key's own REST hooks: another company's key gets 404 (decision 0104)", async () => {
    const keyOf = async (companyKey: string) => {
      const owner = await signedInMember(harness, `hooks-owner@${companyKey}.example`, 'owner', companyKey);
      const made = await harness.app.inject({
        method: 'POST',
        url: `/api/console/companies/${companyKey}/api-keys`,
        headers: owner.headers,
        payload: { name: 'Hook walls', scopes: ['webhooks:write'] },
      });
      expect(made.statusCode, made.body).toBe(201);
      const created = made.json<{ key: { id: string }; secret: string }>();
      const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, companyKey));
      // A hook of the key's, written as its subscription would be (no DATA_ENCRYPTION_KEY here: nothing is sent).
      const [hook] = await harness.database.db
        .insert(t.webhookEndpoints)
        .values({
          companyId: company!.id,
          url: `https://hooks.example.com/${companyKey}`,
          events: ['order.confirmed'],
          secretEncrypted: 'sealed',
          apiKeyId: created.key.id,
        })
        .returning({ id: t.webhookEndpoints.id });
      return { headers: { authorization: `Bearer ${created.secret}` }, hook: hook!.id };
    };
    const demo = await keyOf('demo');
    const twin = await keyOf(TWIN_KEY);
    const hooks = async (key: { headers: Record<string, string> }) =>
      (await harness.app.inject({ method: 'GET', url: '/api/v1/hooks', headers: key.headers }))
        .json<{ hooks: Array<{ id: string; target_url: string }> }>()
        .hooks.map((hook) => hook.target_url);
    expect(await hooks(demo)).toEqual(['https://hooks.example.com/demo']);
    expect(await hooks(twin)).toEqual([`https://hooks.example.com/${TWIN_KEY}`]);
    for (const [key, other] of [
      [demo, twin],
      [twin, demo],
    ] as const) {
      const refused = await harness.app.inject({
        method: 'DELETE',
        url: `/api/v1/hooks/${other.hook}`,
        headers: key.headers,
      });
      expect(refused.statusCode).toBe(404);
    }
    expect(await hooks(demo)).toEqual(['https://hooks.example.com/demo']);
    expect(await hooks(twin)).toEqual([`https://hooks.example.com/${TWIN_KEY}`]);
    await harness.database.db.delete(t.webhookEndpoints).where(inArray(t.webhookEndpoints.id, [demo.hook, twin.hook]));
  });

  it("lists in the office's admin view only the company's own orders, each with its own people and names", async () => {
    const list = async (key: string) =>
      (await harness.app.inject({ method: 'GET', url: `/api/admin/companies/${key}/orders`, headers: ADMIN })).json();
    const own = await list('demo');
    expect(own.orders.map((o: { id: string }) => o.id)).toEqual([order.orderId]);
    expect(JSON.stringify(own)).not.toContain('Twin');
    expect(JSON.stringify(own)).not.toContain('twin-client@example.com');
    expect(own.orders[0].address.state).toBe('OH');
    // Frozen at the demo's prices, with the coupon it took.
    expect(own.orders[0].total_cents).toBe(booked.total);
    const twins = await list(TWIN_KEY);
    expect(twins.orders).toHaveLength(1);
    expect(twins.orders[0].id).not.toBe(order.orderId);
    expect(twins.orders[0].inspectors.every((i: { name: string }) => i.name.startsWith('Twin'))).toBe(true);
    // Each company's order frozen at its own prices: a query that reads both catalogues shows in one of the two.
    expect(twins.orders[0].total_cents).toBe(booked.twinTotal);
    expect(twins.orders[0].services.every((line: { name: string }) => line.name.startsWith('Twin'))).toBe(true);
    expect(own.orders[0].services.some((line: { name: string }) => line.name.startsWith('Twin'))).toBe(false);
  });

  it("takes for the demo's address only the demo's states: one only the twin has is refused, naming the field", async () => {
    const visitor = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    const address = { address1: '1450 Morse Rd', city: 'Columbus', postal_code: '43229' };
    const refused = await demo.post(visitor.token, '/set_address', { ...address, state: TWIN_ONLY_STATE.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.field).toBe('state');
    expect((await demo.post(visitor.token, '/set_address', { ...address, state: 36 })).statusCode).toBe(200);
    // The same for a person's address.
    const client = { first: 'Ada', last: 'Brooks', email: 'ada.brooks@example.com', mobile_phone: '6145550101' };
    const refusedClient = await demo.post(visitor.token, '/set_client', { ...client, state: TWIN_ONLY_STATE.id });
    expect(refusedClient.statusCode).toBe(400);
    expect(refusedClient.json().error.field).toBe('state');
    expect((await demo.post(visitor.token, '/set_client', { ...client, state: 36 })).statusCode).toBe(200);
  });

  it("serves each company's calendar of an inspector id they share with that company's own appointments, to its own secret only", async () => {
    const inspectorId = twinBooked.users[0]!;
    const feedOf = async (key: string) =>
      new URL(
        (
          await harness.app.inject({
            method: 'POST',
            url: `/api/admin/companies/${key}/inspectors/${inspectorId}/calendar-feed`,
            headers: ADMIN,
          })
        ).json().url as string,
      );
    const uidsOf = async (url: URL) => {
      const feed = await harness.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(feed.statusCode).toBe(200);
      return new ICAL.Component(ICAL.parse(feed.body))
        .getAllSubcomponents('vevent')
        .map((event) => new ICAL.Event(event).uid);
    };
    const demoFeed = await feedOf('demo');
    const twinFeed = await feedOf(TWIN_KEY);
    expect(await uidsOf(demoFeed)).toEqual([`order-${order.orderId}@online-scheduler`]);
    const twinUids = await uidsOf(twinFeed);
    expect(twinUids).toHaveLength(1);
    expect(twinUids).not.toContain(`order-${order.orderId}@online-scheduler`);
    // The demo's secret does not open the twin's calendar of the same inspector id.
    const crossed = await harness.app.inject({ method: 'GET', url: `${twinFeed.pathname}${demoFeed.search}` });
    expect(crossed.statusCode).toBe(401);
    // Nor does the demo have the twin's own inspector.
    const missing = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/companies/demo/inspectors/${TWIN_ONLY_INSPECTOR}/calendar-feed`,
      headers: ADMIN,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("shows the demo's console only the demo's bookings, time off and orders, though the twin shares its inspector ids", async () => {
    const demoOwner = await signedInMember(harness, 'owner@demo.example', 'owner', 'demo');
    const twinOwner = await signedInMember(harness, 'owner@twin.example', 'owner', TWIN_KEY);
    const inspectorId = twinBooked.users[0]!;
    const day = twinBooked.date;
    // The twin blocks the same inspector id's day (accepting its own booking under it).
    const blocked = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/${TWIN_KEY}/time-off`,
      headers: twinOwner.headers,
      payload: { inspector_id: inspectorId, from_date: day, to_date: day, accept_conflicts: true },
    });
    expect(blocked.statusCode).toBe(201);
    const schedule = await harness.app.inject({
      method: 'GET',
      url: `/api/console/companies/demo/schedule?from=${day}`,
      headers: demoOwner.headers,
    });
    expect(schedule.statusCode).toBe(200);
    const demoInspector = schedule.json().inspectors.find((i: { id: number }) => i.id === inspectorId);
    expect(demoInspector.bookings.map((b: { order_id: string }) => b.order_id)).toEqual([order.orderId]);
    expect(demoInspector.time_off).toEqual([]);
    expect(JSON.stringify(schedule.json())).not.toContain('Twin');
    const twinSchedule = (
      await harness.app.inject({
        method: 'GET',
        url: `/api/console/companies/${TWIN_KEY}/schedule?from=${day}`,
        headers: twinOwner.headers,
      })
    ).json();
    const twinInspector = twinSchedule.inspectors.find((i: { id: number }) => i.id === inspectorId);
    expect(twinInspector.bookings.map((b: { order_id: string }) => b.order_id)).toEqual([twinOrder.orderId]);
    expect(twinInspector.time_off).toHaveLength(1);
    // Lists, searches and order pages: the demo's own only.
    const orders = (
      await harness.app.inject({
        method: 'GET',
        url: '/api/console/companies/demo/orders?status=all',
        headers: demoOwner.headers,
      })
    ).json();
    expect(orders.orders.map((o: { id: string }) => o.id)).toEqual([order.orderId]);
    const search = (
      await harness.app.inject({
        method: 'GET',
        url: '/api/console/companies/demo/orders?status=all&q=twin-client',
        headers: demoOwner.headers,
      })
    ).json();
    expect(search.orders).toEqual([]);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/console/companies/demo/orders/${twinOrder.orderId}`,
          headers: demoOwner.headers,
        })
      ).statusCode,
    ).toBe(404);
    const timeOff = (
      await harness.app.inject({
        method: 'GET',
        url: `/api/console/companies/demo/time-off?from=${day}&to=${day}`,
        headers: demoOwner.headers,
      })
    ).json();
    expect(timeOff.time_off).toEqual([]);
    // And the demo's owner is no one at the twin.
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/console/companies/${TWIN_KEY}/orders`,
          headers: demoOwner.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await harness.app.inject({
          method: 'DELETE',
          url: `/api/console/companies/demo/time-off/${blocked.json().id}`,
          headers: demoOwner.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("re-imports the demo's document without touching the twin's offices, inspectors, states, agents or contacts", async () => {
    const twinOffice = async () => {
      const token = await startDemoSession(harness.app, TWIN_OFFICE, TWIN_KEY);
      return (
        await harness.app.inject({
          method: 'GET',
          url: `/${TWIN_KEY}/online-scheduler/office`,
          headers: { 'x-auth-token': token },
        })
      ).json();
    };
    const twinAgents = async () => {
      const token = await startDemoSession(harness.app, TWIN_OFFICE, TWIN_KEY);
      return (
        await wizardCalls(() => harness.app, TWIN_KEY).get(token, '/search_agents?query=twinning&type=buyers_agent')
      ).json();
    };
    const twinContacts = async () => {
      const token = await startDemoSession(harness.app, TWIN_OFFICE, TWIN_KEY);
      return (
        await wizardCalls(() => harness.app, TWIN_KEY).get(token, '/search_contacts?query=twinning&type=1')
      ).json();
    };
    const [officeBefore, agentsBefore, contactsBefore] = [await twinOffice(), await twinAgents(), await twinContacts()];
    expect(contactsBefore.length).toBeGreaterThan(0);
    expect(officeBefore.users.map((u: { id: number }) => u.id)).toContain(TWIN_ONLY_INSPECTOR);
    expect(agentsBefore.length).toBeGreaterThan(0);
    await importCompanyDocument(harness.database.db, withOneUseCoupon(demoDocument() as Doc));
    expect(await twinOffice()).toEqual(officeBefore);
    expect(await twinAgents()).toEqual(agentsBefore);
    expect(await twinContacts()).toEqual(contactsBefore);
  });

  it('gives each company its own contact types and foundation options for the same ids', async () => {
    const db = harness.database.db;
    const pair = [
      { key: 'demo', visitor: await DemoOrder.start(harness.app, db, await startDemoSession(harness.app)) },
      {
        key: TWIN_KEY,
        visitor: await DemoOrder.start(
          harness.app,
          db,
          await startDemoSession(harness.app, TWIN_OFFICE, TWIN_KEY),
          TWIN_KEY,
        ),
      },
    ];
    const seen = [];
    for (const { key, visitor } of pair) {
      await db.update(t.orders).set({ foundationTypeId: 2 }).where(eq(t.orders.id, visitor.orderId));
      const calls = wizardCalls(() => harness.app, key);
      const saved = await calls.post(visitor.token, '/set_contacts', {
        contacts: [{ first: 'Rita', last: 'Sol', email: 'rita@solaw.com', type: { id: 1, name: 'whatever' } }],
      });
      expect(saved.statusCode).toBe(200);
      const read = (
        await harness.app.inject({
          method: 'GET',
          url: `/${key}/online-scheduler/order`,
          headers: { 'x-auth-token': visitor.token },
        })
      ).json();
      seen.push([saved.json().contacts[0].type.name, read.foundation_type?.value]);
    }
    const demoNames = demoDocument() as Doc;
    const foundation = demoNames.property_controls
      .find((c: Doc) => c.type === 'FoundationType')
      .options.find((o: Doc) => o.id === 2).value;
    expect(seen).toEqual([
      [demoNames.contact_types[0].name, foundation],
      [`Twin ${demoNames.contact_types[0].name}`, `Twin ${foundation}`],
    ]);
  });

  it("answers the demo's calls only for the demo's sessions: a twin's token opens nothing of the demo", async () => {
    const twinToken = await startDemoSession(harness.app, TWIN_OFFICE, TWIN_KEY);
    for (const path of ['/pricing', `/availability?${range}`, '/services']) {
      const response = await demo.get(twinToken, path);
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
    }
    expect(DEMO_OFFICE_UUID).not.toBe(TWIN_OFFICE);
  });
});

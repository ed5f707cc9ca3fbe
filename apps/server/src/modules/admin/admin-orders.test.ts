import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { demoDocument, startDemoSession, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../companies/companies.service.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** The office-local date of an instant in the demo office (New York). */
function newYorkDate(iso: string): string {
  return new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'America/New_York' });
}

describeOnEachDatabase("the office's view of its orders", (factory) => {
  let harness: TestApp;
  const confirmed: Array<{ order: DemoOrder; start: string; users: number[]; totalCents: number }> = [];

  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' } });
    // Two confirmed orders on different days, and a draft that must not be listed.
    for (const pick of [0, 1]) {
      const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
      await order.fillIn({ clientEmail: `client${pick}@example.com` });
      const slots = await order.slots(1);
      const slot = slots[pick * 3]!;
      await order.hold(slot);
      const totalCents = (await order.pricing()).totals.grand_total;
      expect((await order.confirm()).statusCode).toBe(200);
      confirmed.push({ order, start: new Date(slot.timestamp * 1000).toISOString(), users: slot.users, totalCents });
    }
    const draft = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await draft.fillIn();
  });
  afterAll(async () => harness.close());

  const get = (url: string, headers: Record<string, string> = ADMIN) => harness.app.inject({ method: 'GET', url, headers });

  it('lists the confirmed orders with their date, inspectors, address, people, services and total', async () => {
    const answer = await get('/api/admin/companies/demo/orders');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.total).toBe(2);
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual(confirmed.map((c) => c.order.orderId));
    expect(body.orders[0]).toMatchObject({
      status: 'confirmed',
      datetime: confirmed[0]!.start,
      address: { address1: '1450 Morse Rd', city: 'Columbus', state: 'OH', postal_code: '43229' },
      people: [{ role: 'client', name: 'Dana Whitaker', email: 'client0@example.com' }],
      services: [{ name: 'Single-Family Home Inspection' }],
      total_cents: confirmed[0]!.totalCents,
      currency: 'USD',
    });
    expect(body.orders[0].inspectors.map((i: { id: number }) => i.id)).toEqual(confirmed[0]!.users);
    expect(body.orders[0].inspectors.every((i: { name: string }) => i.name.length > 0)).toBe(true);
  });

  it("never lists, exports or shows another company's confirmed orders", async () => {
    // Another company beside the demo, with one confirmed order on the same day as the demo's first.
    const other = demoDocument() as Record<string, any>;
    other.key = 'other-company';
    other.offices[0].uuid = 'c0000000-0000-4000-8000-0000000000ee';
    for (const inspector of other.inspectors) inspector.office = other.offices[0].uuid;
    await importCompanyDocument(harness.database.db, other);
    const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'other-company'));
    const [foreign] = await harness.database.db
      .insert(t.orders)
      .values({ companyId: company!.id, officeId: other.offices[0].uuid, status: 'confirmed', confirmedAt: new Date(), datetime: new Date(confirmed[0]!.start), durationMinutes: 180, inspectors: [{ id: 101, requested: false }], city: 'Elsewhere' })
      .returning();
    try {
      const demo = (await get('/api/admin/companies/demo/orders')).json();
      expect(demo.total).toBe(2);
      expect(demo.orders.map((o: { id: string }) => o.id)).not.toContain(foreign!.id);
      const day = newYorkDate(confirmed[0]!.start);
      expect((await get(`/api/admin/companies/demo/orders?from=${day}&to=${day}`)).json().orders.map((o: { id: string }) => o.id)).not.toContain(foreign!.id);
      expect((await get('/api/admin/companies/demo/orders', { ...ADMIN, accept: 'text/csv' })).body).not.toContain(foreign!.id);
      expect((await get(`/api/admin/companies/demo/orders/${foreign!.id}/events`)).statusCode).toBe(404);
      // Its own company lists it, and only it.
      const own = (await get('/api/admin/companies/other-company/orders')).json();
      expect(own.orders.map((o: { id: string }) => o.id)).toEqual([foreign!.id]);
    } finally {
      await harness.database.db.delete(t.orders).where(eq(t.orders.id, foreign!.id));
    }
  });

  it('filters by office-local date and pages', async () => {
    const day = newYorkDate(confirmed[1]!.start);
    const filtered = (await get(`/api/admin/companies/demo/orders?from=${day}&to=${day}`)).json();
    expect(filtered.orders.map((o: { id: string }) => o.id)).toEqual([confirmed[1]!.order.orderId]);
    const second = (await get('/api/admin/companies/demo/orders?per_page=1&page=2')).json();
    expect(second).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(second.orders.map((o: { id: string }) => o.id)).toEqual([confirmed[1]!.order.orderId]);
    expect((await get('/api/admin/companies/demo/orders?per_page=0')).json().error.field).toBe('per_page');
    expect((await get('/api/admin/companies/demo/orders?from=yesterday')).json().error.field).toBe('from');
  });

  it('answers CSV when asked for it', async () => {
    const answer = await get('/api/admin/companies/demo/orders', { ...ADMIN, accept: 'text/csv' });
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const lines = answer.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('id,datetime,duration_minutes,inspectors,address,people,services,total,currency,status,paid');
    expect(lines).toHaveLength(3);
    expect(lines[1]!.startsWith(`${confirmed[0]!.order.orderId},${confirmed[0]!.start},`)).toBe(true);
    expect(lines[1]).toContain('"1450 Morse Rd, Columbus, OH, 43229"');
    expect(lines[1]!.endsWith(`,${(confirmed[0]!.totalCents / 100).toFixed(2)},USD,confirmed,no`)).toBe(true);
  });

  it("reads an order's audit trail, and only with the admin token", async () => {
    const { orderId } = confirmed[0]!.order;
    const events = (await get(`/api/admin/companies/demo/orders/${orderId}/events`)).json().events as Array<{ type: string }>;
    expect(events.map((e) => e.type)).toEqual(['created', 'datetime_held', 'confirmed']);
    expect((await get(`/api/admin/companies/demo/orders/${orderId}/events`, {})).statusCode).toBe(401);
    expect((await get('/api/admin/companies/demo/orders', { authorization: 'Bearer wrong-token-wrong-token' })).statusCode).toBe(401);
    expect((await get('/api/admin/companies/demo/orders/00000000-0000-4000-8000-000000000000/events')).statusCode).toBe(404);
  });

  it("serves an inspector's calendar to the holder of the feed's secret only", async () => {
    const inspectorId = confirmed[0]!.users[0]!;
    const issue = () => harness.app.inject({ method: 'POST', url: `/api/admin/companies/demo/inspectors/${inspectorId}/calendar-feed`, headers: ADMIN });
    const url = new URL((await issue()).json().url as string);
    const feed = await get(`${url.pathname}${url.search}`, {});
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const uids = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event).uid);
    const expected = confirmed.filter((c) => c.users.includes(inspectorId)).map((c) => `order-${c.order.orderId}@online-scheduler`);
    expect(uids.sort()).toEqual(expected.sort());
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/New_York');

    expect((await get(`${url.pathname}?secret=${'x'.repeat(32)}`, {})).statusCode).toBe(401);
    await issue();
    // A new secret retires the old URL.
    expect((await get(`${url.pathname}${url.search}`, {})).statusCode).toBe(401);
  });

  it("builds the feed's link from the configured address, never from the request's Host or forwarded headers", async () => {
    const inspectorId = confirmed[0]!.users[0]!;
    const spoofed = { ...ADMIN, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const issued = await harness.app.inject({ method: 'POST', url: `/api/admin/companies/demo/inspectors/${inspectorId}/calendar-feed`, headers: spoofed });
    const url = new URL(issued.json().url as string);
    // No PUBLIC_URL in the tests' configuration: the configured host (every interface) and port.
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toBe(`/api/admin/companies/demo/inspectors/${inspectorId}/calendar.ics`);
  });
});

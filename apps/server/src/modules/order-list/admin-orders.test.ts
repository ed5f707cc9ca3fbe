import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { COLUMBUS_NINE_AM, csvRecords } from '../../test-support/orders-listing.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** The office-local date of an instant in the demo office (New York). */
function newYorkDate(iso: string): string {
  return new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'America/New_York' });
}

const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000ee';
/** The campaign parameters of a company's newsletter link (issue 42). */
const NEWSLETTER_LINK = { utm_source: 'newsletter', utm_campaign: 'june', gclid: 'EAIa-1' };

/** Another company beside the demo, from the demo's document under another key and office; its id. */
async function importOtherCompany(
  db: Database,
  adjust: (document: Record<string, any>) => void = () => {},
): Promise<string> {
  const other = demoDocument() as Record<string, any>;
  other.key = 'other-company';
  other.offices[0].uuid = OTHER_OFFICE;
  for (const inspector of other.inspectors) inspector.office = OTHER_OFFICE;
  adjust(other);
  await importCompanyDocument(db, other);
  const [company] = await db.select().from(t.companies).where(eq(t.companies.key, 'other-company'));
  return company!.id;
}

describeOnEachDatabase("the office's view of its orders", (factory) => {
  let harness: TestApp;
  const confirmed: Array<{ order: DemoOrder; start: string; users: number[]; totalCents: number }> = [];

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    // Two confirmed orders on different days (the second from a newsletter's link), and a draft that must not be listed.
    for (const pick of [0, 1]) {
      const link = pick === 1 ? NEWSLETTER_LINK : {};
      const order = await DemoOrder.start(
        harness.app,
        harness.database.db,
        await startDemoSession(harness.app, DEMO_OFFICE_UUID, 'demo', link),
      );
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

  const get = (url: string, headers: Record<string, string> = ADMIN) =>
    harness.app.inject({ method: 'GET', url, headers });

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
    // Where each visit came from: nothing for a direct visit, the link's campaign for the other.
    expect(body.orders.map((o: { attribution: unknown }) => o.attribution)).toEqual([{}, NEWSLETTER_LINK]);
  });

  it("never lists, exports or shows another company's confirmed orders", async () => {
    // Another company beside the demo, with one confirmed order on the same day as the demo's first.
    const otherId = await importOtherCompany(harness.database.db);
    const [foreign] = await harness.database.db
      .insert(t.orders)
      .values({
        companyId: otherId,
        officeId: OTHER_OFFICE,
        status: 'confirmed',
        confirmedAt: new Date(),
        datetime: new Date(confirmed[0]!.start),
        durationMinutes: 180,
        inspectors: [{ id: 101, requested: false }],
        city: 'Elsewhere',
      })
      .returning();
    try {
      const demo = (await get('/api/admin/companies/demo/orders')).json();
      expect(demo.total).toBe(2);
      expect(demo.orders.map((o: { id: string }) => o.id)).not.toContain(foreign!.id);
      const day = newYorkDate(confirmed[0]!.start);
      expect(
        (await get(`/api/admin/companies/demo/orders?from=${day}&to=${day}`))
          .json()
          .orders.map((o: { id: string }) => o.id),
      ).not.toContain(foreign!.id);
      expect((await get('/api/admin/companies/demo/orders', { ...ADMIN, accept: 'text/csv' })).body).not.toContain(
        foreign!.id,
      );
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
    expect(lines[0]).toBe(
      'id,local_date,local_time,local_end_date,local_end_time,zone,time_zone,datetime_utc,duration_minutes,inspectors,address,people,phones,services,sqft,year_built,foundation,sales_price,answers,special_note,total,currency,status,paid,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]!.startsWith(`${confirmed[0]!.order.orderId},${newYorkDate(confirmed[0]!.start)},`)).toBe(true);
    expect(lines[1]).toContain(`,America/New_York,${confirmed[0]!.start},`);
    expect(lines[1]).toContain('"1450 Morse Rd, Columbus, OH, 43229"');
    expect(lines[1]!.endsWith(`,${(confirmed[0]!.totalCents / 100).toFixed(2)},USD,confirmed,no,,,,,,`)).toBe(true);
    expect(lines[2]!.endsWith(',USD,confirmed,no,newsletter,,june,,,EAIa-1')).toBe(true);
  });

  it("reads an order's audit trail, and only with the admin token", async () => {
    const { orderId } = confirmed[0]!.order;
    const events = (await get(`/api/admin/companies/demo/orders/${orderId}/events`)).json().events as Array<{
      type: string;
    }>;
    expect(events.map((e) => e.type)).toEqual(['created', 'datetime_held', 'confirmed']);
    expect((await get(`/api/admin/companies/demo/orders/${orderId}/events`, {})).statusCode).toBe(401);
    expect(
      (await get('/api/admin/companies/demo/orders', { authorization: 'Bearer wrong-token-wrong-token' })).statusCode,
    ).toBe(401);
    expect((await get('/api/admin/companies/demo/orders/00000000-0000-4000-8000-000000000000/events')).statusCode).toBe(
      404,
    );
  });

  it("serves an inspector's calendar to the holder of the feed's secret only", async () => {
    const inspectorId = confirmed[0]!.users[0]!;
    const issue = () =>
      harness.app.inject({
        method: 'POST',
        url: `/api/admin/companies/demo/inspectors/${inspectorId}/calendar-feed`,
        headers: ADMIN,
      });
    const url = new URL((await issue()).json().url as string);
    const feed = await get(`${url.pathname}${url.search}`, {});
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const uids = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event).uid);
    const expected = confirmed
      .filter((c) => c.users.includes(inspectorId))
      .map((c) => `order-${c.order.orderId}@online-scheduler`);
    expect(uids.sort()).toEqual(expected.sort());
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/New_York');

    expect((await get(`${url.pathname}?secret=${'x'.repeat(32)}`, {})).statusCode).toBe(401);
    await issue();
    // A new secret retires the old URL.
    expect((await get(`${url.pathname}${url.search}`, {})).statusCode).toBe(401);
  });

  it("builds the feed's link from the configured address, never from the request's Host or forwarded headers", async () => {
    const inspectorId = confirmed[0]!.users[0]!;
    const spoofed = {
      ...ADMIN,
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const issued = await harness.app.inject({
      method: 'POST',
      url: `/api/admin/companies/demo/inspectors/${inspectorId}/calendar-feed`,
      headers: spoofed,
    });
    const url = new URL(issued.json().url as string);
    // No PUBLIC_URL in the tests' configuration: the configured host (every interface) and port.
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toBe(`/api/admin/companies/demo/inspectors/${inspectorId}/calendar.ics`);
  });
});

/** An order of the office as the contacts and property steps would have stored it, confirmed. */
interface StoredOrder {
  companyId: string;
  officeId: string;
  datetime: string;
  durationMinutes?: number;
  city?: string;
  order?: Partial<typeof t.orders.$inferInsert>;
  parties?: Array<{ role: (typeof t.orderParties.$inferInsert)['role']; person: Record<string, unknown> }>;
  answers?: Array<{ controlId: number; value: string | null; checked?: boolean }>;
}

async function storeConfirmedOrder(db: Database, stored: StoredOrder): Promise<string> {
  const { companyId } = stored;
  const [order] = await db
    .insert(t.orders)
    .values({
      companyId,
      officeId: stored.officeId,
      status: 'confirmed',
      confirmedAt: new Date('2026-10-01T12:00:00Z'),
      datetime: new Date(stored.datetime),
      durationMinutes: stored.durationMinutes ?? 180,
      inspectors: [{ id: 101, requested: false }],
      address1: '1450 Morse Rd',
      city: stored.city ?? 'Columbus',
      stateId: 36,
      postalCode: '43229',
      ...stored.order,
    })
    .returning({ id: t.orders.id });
  const orderId = order!.id;
  for (const [position, party] of (stored.parties ?? []).entries())
    await db.insert(t.orderParties).values({ companyId, orderId, position, ...party });
  if (stored.answers?.length)
    await db.insert(t.orderAnswers).values(stored.answers.map((a) => ({ companyId, orderId, checked: false, ...a })));
  return orderId;
}

describeOnEachDatabase("the office's listing on its own clock", (factory) => {
  let harness: TestApp;
  const ids: Record<'columbus' | 'beforeChange' | 'acrossChange' | 'afterChange' | 'foreign', string> = {
    columbus: '',
    beforeChange: '',
    acrossChange: '',
    afterChange: '',
    foreign: '',
  };
  const NOTE = 'Gate code 4417, "beware" of the dog\nCall Dana first';

  beforeAll(async () => {
    harness = await startTestApp(factory);
    const { db } = harness.database;
    const [demo] = await db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, 'demo'));
    const office = { companyId: demo!.id, officeId: DEMO_OFFICE_UUID };
    // Fixed instants, whatever the real date: the listing reads no clock.
    ids.columbus = await storeConfirmedOrder(db, {
      ...office,
      datetime: '2026-11-25T14:00:00.000Z',
      order: { sqft: 1800, yearBuilt: 1995, foundationTypeId: 2, salesPrice: '250,000', specialNote: NOTE },
      parties: [
        {
          role: 'client',
          person: {
            id: null,
            first: 'Dana',
            last: 'Whitaker',
            email: 'dana@example.com',
            mobile_phone: '(614) 555-0142',
            work_phone: '',
            home_phone: '614-555-0100',
            send_sms: true,
          },
        },
        {
          role: 'buyers_agent',
          person: {
            id: 7,
            first: 'Ray',
            last: 'Ortiz',
            email: 'ray@example.com',
            mobile_phone: '614-555-0177',
            work_phone: '614-555-0170',
            company: 'Ortiz Realty',
            pac_opt_out: false,
          },
        },
        {
          role: 'insurance_agent',
          person: {
            id: 9,
            first: 'Lee',
            last: 'Park',
            email: '',
            work_phone: '614-555-0199',
            work_fax: '614-555-0198',
            company: 'Buckeye Mutual',
            agency: 'Park Agency',
          },
        },
      ],
      answers: [
        { controlId: 5, value: '3' },
        { controlId: 6, value: null, checked: true },
        { controlId: 7, value: 'In-ground pool', checked: true },
        { controlId: 8, value: null, checked: false },
        { controlId: 10, value: 'Two dogs, "friendly"\nAlarm 1234' },
      ],
    });
    // New York falls back from 2:00 EDT to 1:00 EST on 1 November 2026 (06:00 UTC).
    ids.beforeChange = await storeConfirmedOrder(db, {
      ...office,
      datetime: '2026-10-31T13:00:00.000Z',
      durationMinutes: 120,
    });
    ids.acrossChange = await storeConfirmedOrder(db, {
      ...office,
      datetime: '2026-11-01T04:30:00.000Z',
      durationMinutes: 180,
    });
    ids.afterChange = await storeConfirmedOrder(db, {
      ...office,
      datetime: '2026-11-02T14:00:00.000Z',
      durationMinutes: 120,
    });
    // Another company asking the same questions in other words, with an order at the same instant.
    const otherId = await importOtherCompany(db, (document) => {
      const occupancy = (
        document.property_controls as Array<{
          id: number;
          label: string;
          options: Array<{ id: number; value: string }>;
        }>
      ).find((c) => c.id === 5)!;
      occupancy.label = 'Foreign occupancy';
      occupancy.options = occupancy.options.map((o) => ({ ...o, value: `Foreign ${o.value}` }));
    });
    ids.foreign = await storeConfirmedOrder(db, {
      companyId: otherId,
      officeId: OTHER_OFFICE,
      datetime: '2026-11-25T14:00:00.000Z',
      city: 'Elsewhere',
      order: { sqft: 999, specialNote: 'Foreign note' },
      parties: [
        {
          role: 'client',
          person: { first: 'Foreign', last: 'Client', email: 'foreign@example.com', mobile_phone: '555-0999' },
        },
      ],
      answers: [{ controlId: 5, value: '3' }],
    });
  });
  afterAll(async () => harness.close());

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const answer = await harness.app.inject({
      method: 'GET',
      url: `/api/admin/companies/demo/orders?${query}`,
      headers: { ...ADMIN, ...headers },
    });
    expect(answer.statusCode).toBe(200);
    return answer;
  };
  const day = (date: string) => list(`from=${date}&to=${date}`);

  it("gives a 9:00 AM Columbus inspection on the office's clock, beside its UTC instant", async () => {
    const body = (await day('2026-11-25')).json();
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual([ids.columbus]);
    expect(body.orders[0]).toMatchObject(COLUMBUS_NINE_AM);
  });

  it('keeps the wall time on each side of a daylight-saving change, and the real length across it', async () => {
    const body = (await list('from=2026-10-31&to=2026-11-02')).json();
    const times = body.orders.map((o: Record<string, unknown>) => [
      o.id,
      o.datetime,
      o.local_date,
      o.local_time,
      o.utc_offset,
      o.zone_abbreviation,
      o.local_end_time,
      o.local_end_utc_offset,
    ]);
    expect(times).toEqual([
      [ids.beforeChange, '2026-10-31T13:00:00.000Z', '2026-10-31', '09:00', '-04:00', 'EDT', '11:00', '-04:00'],
      // 00:30 EDT plus three hours is 02:30 EST: the clocks went back an hour in between.
      [ids.acrossChange, '2026-11-01T04:30:00.000Z', '2026-11-01', '00:30', '-04:00', 'EDT', '02:30', '-05:00'],
      [ids.afterChange, '2026-11-02T14:00:00.000Z', '2026-11-02', '09:00', '-05:00', 'EST', '11:00', '-05:00'],
    ]);
  });

  it("gives each person's phone numbers, and an agent's company and agency", async () => {
    const [order] = (await day('2026-11-25')).json().orders;
    const none = {
      email: '',
      mobile_phone: '',
      work_phone: '',
      home_phone: '',
      work_fax: '',
      home_fax: '',
      company: '',
      agency: '',
    };
    expect(order.people).toEqual([
      {
        ...none,
        role: 'buyers_agent',
        name: 'Ray Ortiz',
        email: 'ray@example.com',
        mobile_phone: '614-555-0177',
        work_phone: '614-555-0170',
        company: 'Ortiz Realty',
      },
      {
        ...none,
        role: 'client',
        name: 'Dana Whitaker',
        email: 'dana@example.com',
        mobile_phone: '(614) 555-0142',
        home_phone: '614-555-0100',
      },
      {
        ...none,
        role: 'insurance_agent',
        name: 'Lee Park',
        work_phone: '614-555-0199',
        work_fax: '614-555-0198',
        company: 'Buckeye Mutual',
        agency: 'Park Agency',
      },
    ]);
  });

  it("gives the property's answers in words, and the special note", async () => {
    const [order] = (await day('2026-11-25')).json().orders;
    expect(order.property).toEqual({
      sqft: 1800,
      year_built: 1995,
      foundation: 'Crawlspace',
      sales_price: '250,000',
      answers: [
        { question: 'Occupancy', answer: 'Vacant' },
        { question: 'Water, gas and electric will be on', answer: 'Yes' },
        { question: 'The property has a pool or spa', answer: 'In-ground pool' },
        { question: 'Access notes (pets, alarms, parking)', answer: 'Two dogs, "friendly"\nAlarm 1234' },
      ],
    });
    expect(order.special_note).toBe(NOTE);
    // An order with nothing answered says so plainly.
    const [bare] = (await day('2026-11-02')).json().orders;
    expect([bare.property, bare.special_note, bare.people]).toEqual([
      { sqft: null, year_built: null, foundation: '', sales_price: '', answers: [] },
      '',
      [],
    ]);
  });

  it('gives the same in the CSV: 09:00 with its zone, the UTC instant, phones, answers and the note', async () => {
    const answer = await list('from=2026-11-25&to=2026-11-25', { accept: 'text/csv' });
    expect(
      answer.body
        .split('\r\n')[1]!
        .startsWith(
          `${ids.columbus},2026-11-25,09:00,2026-11-25,12:00,EST (UTC-05:00),America/New_York,2026-11-25T14:00:00.000Z,180,`,
        ),
    ).toBe(true);
    const rows = csvRecords(answer.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      local_date: '2026-11-25',
      local_time: '09:00',
      zone: 'EST (UTC-05:00)',
      time_zone: 'America/New_York',
      datetime_utc: '2026-11-25T14:00:00.000Z',
      people:
        'buyers_agent: Ray Ortiz (Ortiz Realty) <ray@example.com>; client: Dana Whitaker <dana@example.com>; insurance_agent: Lee Park (Buckeye Mutual, Park Agency)',
      phones:
        'Ray Ortiz: mobile 614-555-0177, work 614-555-0170; Dana Whitaker: mobile (614) 555-0142, home 614-555-0100; Lee Park: work 614-555-0199, work fax 614-555-0198',
      sqft: '1800',
      year_built: '1995',
      foundation: 'Crawlspace',
      sales_price: '250,000',
      answers:
        'Occupancy: Vacant; Water, gas and electric will be on: Yes; The property has a pool or spa: In-ground pool; Access notes (pets, alarms, parking): Two dogs, "friendly"\nAlarm 1234',
      special_note: NOTE,
    });
    const across = csvRecords((await list('from=2026-11-01&to=2026-11-01', { accept: 'text/csv' })).body);
    expect([across[0]!.local_time, across[0]!.local_end_time, across[0]!.zone]).toEqual([
      '00:30',
      '02:30 (UTC-05:00)',
      'EDT (UTC-04:00)',
    ]);
  });

  it("never shows another company's order, people, answers or questions, even at the same instant", async () => {
    const json = await day('2026-11-25');
    expect(json.json().orders.map((o: { id: string }) => o.id)).toEqual([ids.columbus]);
    const csv = await list('from=2026-11-25&to=2026-11-25', { accept: 'text/csv' });
    for (const text of [json.body, csv.body]) {
      for (const foreign of [ids.foreign, 'Elsewhere', 'Foreign', 'foreign@example.com', '555-0999'])
        expect(text).not.toContain(foreign);
    }
    // Its own company reads it with its own questions' words, and nothing of the demo's.
    const own = (
      await harness.app.inject({ method: 'GET', url: '/api/admin/companies/other-company/orders', headers: ADMIN })
    ).json();
    expect(own.orders.map((o: { id: string }) => o.id)).toEqual([ids.foreign]);
    expect(own.orders[0]).toMatchObject({
      local_time: '09:00',
      people: [{ role: 'client', name: 'Foreign Client', mobile_phone: '555-0999' }],
      property: { sqft: 999, foundation: '', answers: [{ question: 'Foreign occupancy', answer: 'Foreign Vacant' }] },
      special_note: 'Foreign note',
    });
    expect(JSON.stringify(own)).not.toContain('Dana');
  });
});

describeOnEachDatabase("the office's listing, feeds and refusals to the letter", (factory) => {
  let harness: TestApp;
  let companyId: string;
  const ids: string[] = [];
  /** Ten days after the server's clock started, at 14:00 UTC (9:00 in Columbus): inside every feed's window. */
  let start: Date;

  beforeAll(async () => {
    harness = await startTestApp(factory);
    const { db } = harness.database;
    const [demo] = await db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, 'demo'));
    companyId = demo!.id;
    const day = new Date(harness.clock.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    start = new Date(`${day}T14:00:00.000Z`);
    const office = { companyId, officeId: DEMO_OFFICE_UUID };
    // A client named by first name only, two inspectors (one the company no longer has), services from the frozen price.
    ids.push(
      await storeConfirmedOrder(db, {
        ...office,
        datetime: start.toISOString(),
        durationMinutes: 150,
        order: {
          inspectors: [
            { id: 101, requested: false },
            { id: 9999, requested: false },
          ],
          pricingSnapshot: {
            total_cents: 61953,
            lines: [
              { id: 'pkg-1', name: 'Buyer&#39;s <b>Essentials</b>' },
              { id: 'svc-radon', name: 'Radon Testing' },
            ],
          },
        },
        parties: [{ role: 'client', person: { first: 'Dana', last: ' ', email: 'dana@example.com' } }],
        answers: [{ controlId: 5, value: '3' }],
      }),
    );
    // A second order an hour later with other answers, and no state.
    ids.push(
      await storeConfirmedOrder(db, {
        ...office,
        datetime: new Date(start.getTime() + 3_600_000).toISOString(),
        order: { stateId: null, inspectors: [{ id: 101, requested: false }] },
        answers: [{ controlId: 5, value: '1' }],
      }),
    );
    ids.push(
      await storeConfirmedOrder(db, { ...office, datetime: new Date(start.getTime() + 7_200_000).toISOString() }),
    );
    for (const [index, orderId] of ids.entries()) {
      const begins = start.getTime() + index * 3_600_000;
      await db.insert(t.appointments).values({
        companyId,
        officeId: DEMO_OFFICE_UUID,
        orderId,
        inspectorId: 101,
        kind: 'appointment',
        during: `[${new Date(begins).toISOString()},${new Date(begins + 60_000).toISOString()})`,
      });
    }
  });
  afterAll(async () => harness.close());

  const get = (url: string, headers: Record<string, string> = ADMIN) =>
    harness.app.inject({ method: 'GET', url, headers });

  it("names each inspector (blank for one the company no longer has), the state, the services in plain text, and each order's own answers", async () => {
    const body = (await get('/api/admin/companies/demo/orders')).json();
    const [first, second] = body.orders;
    expect(first.inspectors).toEqual([
      { id: 101, name: 'Mike Alvarez' },
      { id: 9999, name: '' },
    ]);
    expect(first.address.state).toBe('OH');
    expect(second.address.state).toBe('');
    expect(first.services).toEqual([
      { id: 'pkg-1', name: "Buyer's Essentials" },
      { id: 'svc-radon', name: 'Radon Testing' },
    ]);
    expect(second.services).toEqual([]);
    expect(first.total_cents).toBe(61953);
    expect(second.total_cents).toBeNull();
    expect(first.people[0].name).toBe('Dana');
    expect(first.property.answers).toEqual([{ question: 'Occupancy', answer: 'Vacant' }]);
    expect(second.property.answers).toEqual([{ question: 'Occupancy', answer: 'Occupied by the seller' }]);
    expect([first.confirmed_at, first.datetime]).toEqual(['2026-10-01T12:00:00.000Z', start.toISOString()]);
  });

  it('writes the CSV cells: inspectors and services joined by "; ", blanks for what the order lacks', async () => {
    const rows = csvRecords((await get('/api/admin/companies/demo/orders', { ...ADMIN, accept: 'text/csv' })).body);
    expect(rows.map((r) => [r.inspectors, r.services, r.sqft, r.year_built, r.total, r.paid])).toEqual([
      ['Mike Alvarez; ', "Buyer's Essentials; Radon Testing", '', '', '619.53', 'no'],
      ['Mike Alvarez', '', '', '', '', 'no'],
      ['Mike Alvarez', '', '', '', '', 'no'],
    ]);
  });

  it('pages by per_page from the first order: page 2 of 2 per page is the third order alone', async () => {
    const page = (await get('/api/admin/companies/demo/orders?per_page=2&page=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page.orders.map((o: { id: string }) => o.id)).toEqual([ids[2]]);
  });

  it('lists nothing, with a total of 0, for a company without confirmed orders', async () => {
    await importOtherCompany(harness.database.db);
    expect((await get('/api/admin/companies/other-company/orders')).json()).toEqual({
      orders: [],
      page: 1,
      per_page: expect.any(Number),
      total: 0,
      next_cursor: null,
      previous_cursor: null,
    });
    expect(
      (await get('/api/admin/companies/other-company/orders', { ...ADMIN, accept: 'text/csv' })).body
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);
  });

  it('refuses an unknown company, order or inspector with 404 naming what was not found', async () => {
    const notFound = async (answer: Promise<{ statusCode: number; json: () => any }>, what: string) => {
      const response = await answer;
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toContain(what);
    };
    await notFound(get('/api/admin/companies/nobody/orders'), 'The company');
    await notFound(get('/api/admin/companies/demo/orders/00000000-0000-4000-8000-000000000000/events'), 'The order');
    await notFound(
      harness.app.inject({
        method: 'POST',
        url: '/api/admin/companies/demo/inspectors/9999/calendar-feed',
        headers: ADMIN,
      }),
      'The inspector',
    );
    await notFound(
      harness.app.inject({
        method: 'POST',
        url: '/api/admin/companies/nobody/inspectors/101/calendar-feed',
        headers: ADMIN,
      }),
      'The company',
    );
  });

  it('writes each feed event with its end (start plus the length), the inspectors by name, the place with its state, and the services', async () => {
    const issued = new URL(
      (
        await harness.app.inject({
          method: 'POST',
          url: '/api/admin/companies/demo/inspectors/101/calendar-feed',
          headers: ADMIN,
        })
      ).json().url as string,
    );
    const feed = await get(`${issued.pathname}${issued.search}`, {});
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Mike Alvarez: inspections');
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    const first = events.find((event) => event.uid === `order-${ids[0]}@online-scheduler`)!;
    expect(first.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(first.endDate.toJSDate().toISOString()).toBe(new Date(start.getTime() + 150 * 60_000).toISOString());
    expect(first.location).toContain('Columbus, OH 43229');
    expect(first.description).toContain('Mike Alvarez');
    expect(first.description).toContain('#9999');
    // The catalogue's HTML names read as text, as in the invitation.
    expect(first.description).toContain("Services: Buyer's Essentials, Radon Testing\n");
    expect(events).toHaveLength(3);
  });
});

import { eq } from 'drizzle-orm';
import type { ReportResponse } from '@scheduler/contracts/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocument, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { ManagedBooking, setClock } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { monthsOf, reportCsv, topAgents } from './reports.service.ts';

const DEMO_OFFICE = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000e7';
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
/** January to March 2026 in Columbus: EST (UTC-5) until 8 March. */
const SPAN = 'from=2026-01-01&to=2026-03-31';

interface MadeOrder {
  status: 'confirmed' | 'cancelled' | 'draft';
  /** The appointment, UTC. */
  at: string;
  confirmedAt?: string;
  totalCents: number;
  inspectors: number[];
  lines?: Array<{ kind: 'package' | 'service'; id: string; name: string; amount_cents: number }>;
  agent?: { first: string; last: string };
}

describe('monthsOf and topAgents', () => {
  it('lists every month of a span across a new year, both ends included', () => {
    expect(monthsOf('2025-11-30', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-03-05', '2026-03-06')).toEqual(['2026-03']);
  });

  it('names the 50 agents with the most orders and adds up the rest as one row', () => {
    const rows = Array.from({ length: 52 }, (_, i) => ({ name: `Agent ${i}`, orders: 100 - i, revenue_cents: 1000 }));
    const top = topAgents(rows);
    expect(top).toHaveLength(51);
    expect(top[0]).toEqual({ name: 'Agent 0', orders: 100, revenue_cents: 1000 });
    expect(top[49]!.name).toBe('Agent 49');
    expect(top[50]).toEqual({ name: null, orders: 50 + 49, revenue_cents: 2000 });
    expect(topAgents(rows.slice(0, 50))).toHaveLength(50);
  });

  it("writes amounts in the currency's own decimals: none for yen", () => {
    const month = { month: '2026-01', inspections: 2, cancelled: 0, revenue_cents: 40_000 };
    const base = {
      company_key: 'demo',
      from: '2026-01-01',
      to: '2026-01-31',
      totals: { ...month, average_value_cents: 20_000, average_lead_days: 1 },
      by_month: [month],
      by_inspector: [],
      by_service: [],
      by_agent: [],
    };
    expect(reportCsv({ ...base, currency: 'JPY' }, 'by_month')).toBe(
      'month,inspections,cancelled,revenue,currency\r\n2026-01,2,0,40000,JPY\r\n',
    );
    expect(reportCsv({ ...base, currency: 'USD' }, 'by_month')).toBe(
      'month,inspections,cancelled,revenue,currency\r\n2026-01,2,0,400.00,USD\r\n',
    );
  });
});

describeOnEachDatabase('the console’s reports', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let adminMember: ConsolePerson;
  let office: ConsolePerson;
  let inspector: ConsolePerson;
  let names: Map<number, string>;

  const get = (query: string, person: ConsolePerson, company = 'demo') =>
    harness.app.inject({ method: 'GET', url: `/api/console/companies/${company}/reports?${query}`, headers: person.headers });
  const report = async (query = SPAN, person = owner): Promise<ReportResponse> => {
    const response = await get(query, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportResponse>();
  };

  /** Writes an order as a confirm (or a cancel) leaves it: the figures below are computed from these by hand. */
  async function makeOrder(companyKey: string, officeId: string, made: MadeOrder): Promise<void> {
    const db = harness.database.db;
    const [company] = await db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, companyKey));
    const [order] = await db
      .insert(t.orders)
      .values({
        companyId: company!.id,
        officeId,
        status: made.status,
        confirmedAt: made.status === 'draft' ? null : new Date(made.confirmedAt ?? '2025-12-01T12:00:00Z'),
        cancelledAt: made.status === 'cancelled' ? new Date('2026-01-05T12:00:00Z') : null,
        datetime: new Date(made.at),
        durationMinutes: 120,
        inspectors: made.inspectors.map((id) => ({ id, requested: false })),
        pricingSnapshot: { source: 'pricing', currency: 'USD', total_cents: made.totalCents, lines: made.lines ?? [] },
      })
      .returning({ id: t.orders.id });
    if (made.agent)
      await db
        .insert(t.orderParties)
        .values({ companyId: company!.id, orderId: order!.id, role: 'buyers_agent', person: made.agent });
  }

  const FULL = (name: string, cents: number) => ({ kind: 'package' as const, id: '7', name, amount_cents: cents });
  const RADON = { kind: 'service' as const, id: 'radon-1', name: 'Radon', amount_cents: 5_000 };
  const MOLD = { kind: 'service' as const, id: 'mold-1', name: '<p>Mold</p>', amount_cents: 10_000 };
  const RAY = { first: 'Ray', last: 'Ortiz' };

  beforeAll(async () => {
    harness = await startTestApp(factory);
    const other = demoDocument() as Record<string, any>;
    other.key = 'other';
    other.offices[0].uuid = OTHER_OFFICE;
    for (const person of other.inspectors) person.office = OTHER_OFFICE;
    const put = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/other',
      headers: admin,
      payload: other,
    });
    expect(put.statusCode).toBe(200);
    owner = await signedInMember(harness, 'owner@example.com', 'owner');
    adminMember = await signedInMember(harness, 'admin@example.com', 'admin');
    office = await signedInMember(harness, 'office@example.com', 'office');
    inspector = await signedInMember(harness, 'mike@example.com', 'inspector', 'demo', 101);
    const rows = await harness.database.db
      .select({ id: t.inspectors.id, display: t.inspectors.display, companyId: t.inspectors.companyId })
      .from(t.inspectors)
      .innerJoin(t.companies, eq(t.companies.id, t.inspectors.companyId))
      .where(eq(t.companies.key, 'demo'));
    names = new Map(rows.map((row) => [row.id, row.display]));

    // 23:30 on 31 January in Columbus (04:30 UTC on 1 February): January's. Booked 10 days before.
    await makeOrder('demo', DEMO_OFFICE, {
      status: 'confirmed',
      at: '2026-02-01T04:30:00Z',
      confirmedAt: '2026-01-22T04:30:00Z',
      totalCents: 40_000,
      inspectors: [101],
      lines: [FULL('Full <b>Home</b> (old name)', 35_000), RADON],
      agent: RAY,
    });
    // Two inspectors: counted, whole, for each. Booked 5 days before.
    await makeOrder('demo', DEMO_OFFICE, {
      status: 'confirmed',
      at: '2026-02-10T15:00:00Z',
      confirmedAt: '2026-02-05T15:00:00Z',
      totalCents: 25_000,
      inspectors: [101, 102],
      lines: [FULL('Full Home', 20_000), RADON],
      agent: RAY,
    });
    // Cancelled: a cancellation of February and of its inspector, never revenue, nor its agent's.
    await makeOrder('demo', DEMO_OFFICE, {
      status: 'cancelled',
      at: '2026-02-15T15:00:00Z',
      totalCents: 30_000,
      inspectors: [102],
      lines: [RADON],
      agent: { first: 'Dana', last: 'Lee' },
    });
    // 00:30 on 1 March in Columbus (05:30 UTC): March's. Booked 2.5 days before; an agent whose name starts a formula.
    await makeOrder('demo', DEMO_OFFICE, {
      status: 'confirmed',
      at: '2026-03-01T05:30:00Z',
      confirmedAt: '2026-02-26T17:30:00Z',
      totalCents: 10_000,
      inspectors: [102],
      lines: [MOLD],
      agent: { first: '=HYPERLINK("x")', last: 'Smith' },
    });
    // 23:30 on 31 December 2025 in Columbus (1 January in UTC): outside the span.
    await makeOrder('demo', DEMO_OFFICE, {
      status: 'confirmed',
      at: '2026-01-01T04:30:00Z',
      totalCents: 99_900,
      inspectors: [101],
      agent: RAY,
    });
    // 00:30 on 1 April in Columbus (EDT): outside the span.
    await makeOrder('demo', DEMO_OFFICE, {
      status: 'confirmed',
      at: '2026-04-01T04:30:00Z',
      totalCents: 99_900,
      inspectors: [101],
    });
    // A cart never confirmed counts nothing.
    await makeOrder('demo', DEMO_OFFICE, {
      status: 'draft',
      at: '2026-02-11T15:00:00Z',
      totalCents: 99_900,
      inspectors: [101],
    });
    // Another company's booking in the span, with the same inspector id and agent: never counted.
    await makeOrder('other', OTHER_OFFICE, {
      status: 'confirmed',
      at: '2026-02-10T15:00:00Z',
      totalCents: 77_700,
      inspectors: [101],
      lines: [RADON],
      agent: RAY,
    });
  });
  afterAll(async () => harness.close());

  it('adds up the orders made for it, by month in the office’s zone, by inspector, service and agent', async () => {
    const answer = await report();
    expect(answer.currency).toBe('USD');
    expect(answer.by_month).toEqual([
      { month: '2026-01', inspections: 1, cancelled: 0, revenue_cents: 40_000 },
      { month: '2026-02', inspections: 1, cancelled: 1, revenue_cents: 25_000 },
      { month: '2026-03', inspections: 1, cancelled: 0, revenue_cents: 10_000 },
    ]);
    expect(answer.totals).toEqual({
      inspections: 3,
      cancelled: 1,
      revenue_cents: 75_000,
      average_value_cents: 25_000,
      // (10 + 5 + 2.5) / 3 = 5.83
      average_lead_days: 5.8,
    });
    expect(answer.by_inspector).toEqual([
      { inspector_id: 101, name: names.get(101), inspections: 2, cancelled: 0, revenue_cents: 65_000 },
      { inspector_id: 102, name: names.get(102), inspections: 2, cancelled: 1, revenue_cents: 35_000 },
    ]);
    expect(answer.by_service).toEqual([
      { kind: 'package', id: '7', name: 'Full Home', orders: 2, amount_cents: 55_000 },
      { kind: 'service', id: 'radon-1', name: 'Radon', orders: 2, amount_cents: 10_000 },
      { kind: 'service', id: 'mold-1', name: 'Mold', orders: 1, amount_cents: 10_000 },
    ]);
    expect(answer.by_agent).toEqual([
      { name: 'Ray Ortiz', orders: 2, revenue_cents: 65_000 },
      { name: '=HYPERLINK("x") Smith', orders: 1, revenue_cents: 10_000 },
    ]);
  });

  it('moves an order across the month boundary with the span’s end: 31 January alone holds the late booking', async () => {
    const january31 = await report('from=2026-01-31&to=2026-01-31');
    expect(january31.by_month).toEqual([{ month: '2026-01', inspections: 1, cancelled: 0, revenue_cents: 40_000 }]);
    const empty = await report('from=2026-01-01&to=2026-01-30');
    expect(empty.totals).toEqual({
      inspections: 0,
      cancelled: 0,
      revenue_cents: 0,
      average_value_cents: null,
      average_lead_days: null,
    });
    expect(empty.by_inspector).toEqual([]);
  });

  it('opens to the owner and an admin, and refuses the office, an inspector and another company’s members', async () => {
    expect((await report(SPAN, adminMember)).totals.inspections).toBe(3);
    for (const person of [office, inspector]) {
      const response = await get(SPAN, person);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
    expect((await get(SPAN, owner, 'other')).statusCode).toBe(403);
  });

  it('takes 24 months and refuses 25, `to` before `from`, a CSV without its table and unknown fields, naming the field', async () => {
    expect((await report('from=2024-01-15&to=2025-12-01')).by_month).toHaveLength(24);
    for (const [query, field] of [
      ['from=2024-01-15&to=2026-01-01', 'to'],
      ['from=2026-03-01&to=2026-02-28', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-01-01', 'to'],
      [`${SPAN}&format=csv`, 'table'],
      [`${SPAN}&format=csv&table=orders`, 'table'],
      [`${SPAN}&office=x`, 'querystring'],
    ] as const) {
      const response = await get(query, owner);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatchObject({ code: 'invalid_request', field });
    }
  });

  it('answers each table as CSV, amounts in the currency, a formula neutralised', async () => {
    const csv = async (table: string) => {
      const response = await get(`${SPAN}&format=csv&table=${table}`, owner);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="report-demo-${table}-2026-01-01-2026-03-31.csv"`,
      );
      return response.body;
    };
    expect(await csv('by_month')).toBe(
      'month,inspections,cancelled,revenue,currency\r\n' +
        '2026-01,1,0,400.00,USD\r\n2026-02,1,1,250.00,USD\r\n2026-03,1,0,100.00,USD\r\n',
    );
    expect(await csv('by_inspector')).toBe(
      'inspector_id,inspector,inspections,cancelled,revenue,currency\r\n' +
        `101,${names.get(101)},2,0,650.00,USD\r\n102,${names.get(102)},2,1,350.00,USD\r\n`,
    );
    expect(await csv('by_service')).toBe(
      'kind,id,name,orders,amount,currency\r\n' +
        'package,7,Full Home,2,550.00,USD\r\nservice,radon-1,Radon,2,100.00,USD\r\nservice,mold-1,Mold,1,100.00,USD\r\n',
    );
    expect(await csv('by_agent')).toBe(
      'agent,orders,revenue,currency\r\nRay Ortiz,2,650.00,USD\r\n"\'=HYPERLINK(""x"") Smith",1,100.00,USD\r\n',
    );
  });

  // A booking made as a visitor makes it, its price and lines from the pricing engine: the report
  // reads the snapshot confirm froze, whatever shape the engine gives it.
  it('counts a booking confirmed through the wizard at its frozen total and lines', async () => {
    setClock(harness, '2027-03-01T14:00:00.000Z');
    const day = demoOrdinaryWeekday(addDays('2027-03-01', 7));
    const booking = await ManagedBooking.book(harness, day, { agentEmail: 'ray@example.com' });
    const [order] = await harness.database.db
      .select({ snapshot: t.orders.pricingSnapshot, confirmedAt: t.orders.confirmedAt, datetime: t.orders.datetime })
      .from(t.orders)
      .where(eq(t.orders.id, booking.orderId));
    const snapshot = order!.snapshot as {
      total_cents: number;
      lines: Array<{ kind: string; id: string; name: string; amount_cents: number }>;
    };
    expect(snapshot.total_cents).toBeGreaterThan(0);
    expect(snapshot.lines.length).toBeGreaterThan(0);

    const answer = await report(`from=${day}&to=${day}`);
    const lead = (order!.datetime!.getTime() - order!.confirmedAt!.getTime()) / 86_400_000;
    expect(answer.totals).toEqual({
      inspections: 1,
      cancelled: 0,
      revenue_cents: snapshot.total_cents,
      average_value_cents: snapshot.total_cents,
      average_lead_days: Math.round(lead * 10) / 10,
    });
    expect(answer.by_service.map(({ kind, id, name, orders, amount_cents }) => [kind, id, name, orders, amount_cents])).toEqual(
      expect.arrayContaining(
        snapshot.lines.map((line) => [line.kind, line.id, htmlToPlainText(line.name), 1, line.amount_cents]),
      ),
    );
    expect(answer.by_service).toHaveLength(snapshot.lines.length);
    expect(answer.by_agent.map((row) => [row.orders, row.revenue_cents])).toEqual([[1, snapshot.total_cents]]);
  });
});

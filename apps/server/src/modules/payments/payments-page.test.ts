import { and, eq, sql } from 'drizzle-orm';
import type { PaymentLine, PaymentTotal, PaymentsPage } from '@scheduler/contracts/ledger';
import { PAYMENTS_PER_PAGE_MAX, PAYMENTS_SEARCH_MAX } from '@scheduler/contracts/ledger';
import type { ConsoleMe } from '@scheduler/contracts/console';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { orderReference } from '@scheduler/domain/order-reference';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { importDemoCopy, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ManagedBooking, setClock } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const OTHER_KEY = 'payments-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000f8';
const SPAN = 'from=2027-03-01&to=2027-03-31';
/** The instant five payments of one day share: the page breaks their tie by id. */
const SAME_INSTANT = new Date('2027-03-04T15:00:00.000Z');

type Ledger = typeof t.orderLedger.$inferInsert;

/**
 * The console's payments page (decision 0083): every ledger line and dispute of the company over
 * a span, filtered, paged by keyset, totals that add up to the lines, the CSV, and who may read it.
 * Its SQL is its own (a union of the ledger and the disputes, grouping sets): every test runs on
 * both databases.
 */
describeOnEachDatabase('the payments page', { onPgliteToo: 'every test' }, (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let admin: ConsolePerson;
  let office: ConsolePerson;
  let inspector: ConsolePerson;
  let outsider: ConsolePerson;
  let first: ManagedBooking;
  let second: ManagedBooking;
  let theirs: ManagedBooking;
  let companyId: string;
  let otherCompanyId: string;
  const ids: Record<string, string> = {};

  const day = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));
  const get = (url: string, person: ConsolePerson = office) =>
    harness.app.inject({ method: 'GET', url, headers: person.headers });
  const pageOf = async (query: string, person: ConsolePerson = office): Promise<PaymentsPage> => {
    const response = await get(`${DEMO}/payments?${query}`, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PaymentsPage>();
  };
  /** Every line the query matches, read `perPage` at a time by next_cursor. */
  const allLines = async (query: string, perPage: number): Promise<PaymentLine[]> => {
    const lines: PaymentLine[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const page: PaymentsPage = await pageOf(
        `${query}&per_page=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      lines.push(...page.lines);
      cursor = page.next_cursor;
      if (cursor === null) return lines;
    }
    throw new Error('more than 100 pages');
  };
  const insert = async (key: string, row: Omit<Ledger, 'currency' | 'recordedAt'> & Partial<Ledger>) => {
    const [written] = await harness.database.db
      .insert(t.orderLedger)
      .values({ currency: 'USD', recordedAt: new Date(`${row.receivedOn}T16:00:00.000Z`), ...row })
      .returning({ id: t.orderLedger.id });
    ids[key] = written!.id;
  };

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    setClock(harness, MONDAY);
    await importDemoCopy(harness, OTHER_KEY, OTHER_OFFICE, (copy) => {
      copy.name = 'Other Inspections';
    });
    owner = await signedInMember(harness, 'owner@payments.example', 'owner');
    admin = await signedInMember(harness, 'admin@payments.example', 'admin');
    office = await signedInMember(harness, 'office@payments.example', 'office');
    inspector = await signedInMember(harness, 'mike@payments.example', 'inspector', 'demo', 101);
    outsider = await signedInMember(harness, 'owner@other-payments.example', 'owner', OTHER_KEY);
    first = await ManagedBooking.book(harness, day(7));
    second = await ManagedBooking.book(harness, day(8));
    theirs = await ManagedBooking.book(harness, day(7), { company: { key: OTHER_KEY, officeUuid: OTHER_OFFICE } });
    const db = harness.database.db;
    const companyOf = async (orderId: string) =>
      (await db.select({ id: t.orders.companyId }).from(t.orders).where(eq(t.orders.id, orderId)))[0]!.id;
    companyId = await companyOf(first.orderId);
    otherCompanyId = await companyOf(theirs.orderId);
    // The second order's client gets a name of their own, for the search.
    await db
      .update(t.orderParties)
      .set({ person: sql`${t.orderParties.person} || '{"first":"Zelda","last":"Quintero"}'::jsonb` })
      .where(and(eq(t.orderParties.orderId, second.orderId), eq(t.orderParties.role, 'client')));

    const a = { companyId, orderId: first.orderId };
    const b = { companyId, orderId: second.orderId };
    await insert('online', {
      ...a,
      kind: 'payment',
      method: 'online',
      amountCents: 10_000,
      reference: 'pi_A',
      receivedOn: '2027-03-01',
    });
    await insert('partRefund', {
      ...a,
      kind: 'refund',
      method: 'online',
      amountCents: 3_000,
      reference: 're_A',
      stripeRefundId: 're_A',
      refundOf: ids.online!,
      receivedOn: '2027-03-02',
      recordedByName: 'Olive Owner',
      recordedByUserId: 'u-owner',
    });
    await insert('voided', {
      ...a,
      kind: 'payment',
      method: 'check',
      amountCents: 500,
      reference: '1042',
      receivedOn: '2027-03-01',
      recordedByName: 'Ollie Office',
      recordedByUserId: 'u-office',
      voidedAt: new Date(MONDAY),
      voidedByName: 'Olive Owner',
      voidReason: 'Bounced',
    });
    await insert('cash', {
      ...b,
      kind: 'payment',
      method: 'cash',
      amountCents: 2_000,
      receivedOn: '2027-03-01',
      recordedByName: 'Ollie Office',
      recordedByUserId: 'u-office',
    });
    // A fee charged (the ledger row says so by its kind).
    await insert('fee', {
      ...b,
      kind: 'fee' as 'payment',
      method: 'online',
      amountCents: 7_500,
      reference: 'pi_FEE',
      receivedOn: '2027-03-03',
    });
    await insert('refundedWhole', {
      ...b,
      kind: 'payment',
      method: 'online',
      amountCents: 4_000,
      reference: 'pi_B',
      receivedOn: '2027-03-02',
    });
    await insert('wholeRefund', {
      ...b,
      kind: 'refund',
      method: 'online',
      amountCents: 4_000,
      reference: 're_B',
      stripeRefundId: 're_B',
      refundOf: ids.refundedWhole!,
      receivedOn: '2027-03-03',
    });
    // Five checks at one instant: paging must break the tie.
    for (const n of [1, 2, 3, 4, 5])
      await insert(`tie${n}`, {
        ...b,
        kind: 'payment',
        method: 'check',
        amountCents: 100 * n,
        reference: `T${n}`,
        receivedOn: '2027-03-04',
        recordedAt: SAME_INSTANT,
      });
    // One in April: outside the span.
    await insert('april', {
      ...b,
      kind: 'payment',
      method: 'card',
      amountCents: 999,
      reference: 'APRIL',
      receivedOn: '2027-04-01',
    });
    // 11:30 PM on the 1st in Columbus is the 2nd in UTC: the office's date counts.
    await db.insert(t.paymentDisputes).values({
      ...a,
      disputeId: 'dp_A',
      paymentIntentId: 'pi_A',
      amountCents: 10_000,
      currency: 'USD',
      reason: 'fraudulent',
      disputedAt: new Date('2027-03-02T04:30:00.000Z'),
    });
    // Another company's: never listed, never counted.
    const other = { companyId: otherCompanyId, orderId: theirs.orderId };
    await db.insert(t.orderLedger).values({
      ...other,
      kind: 'payment',
      method: 'check',
      amountCents: 77_700,
      currency: 'USD',
      reference: 'OTHER-ONLY',
      receivedOn: '2027-03-01',
      recordedAt: new Date(MONDAY),
    });
    await db.insert(t.paymentDisputes).values({
      ...other,
      disputeId: 'dp_OTHER',
      paymentIntentId: 'pi_OTHER',
      amountCents: 5_000,
      currency: 'USD',
      reason: 'fraudulent',
      disputedAt: new Date(MONDAY),
    });
  });
  afterAll(async () => harness.close());

  it('lists every line of the span with its order, client, kind, method, signed amount, Stripe id and status', async () => {
    const page = await pageOf(`${SPAN}&per_page=${PAYMENTS_PER_PAGE_MAX}`);
    const byId = new Map(page.lines.map((line) => [line.id, line]));
    expect(page.total_lines).toBe(13);
    expect(page.lines).toHaveLength(13);
    expect(byId.get(ids.online!)).toMatchObject({
      on: '2027-03-01',
      order_id: first.orderId,
      order_reference: orderReference(first.orderId),
      kind: 'payment',
      method: 'online',
      amount_cents: 10_000,
      reference: 'pi_A',
      status: 'refunded_in_part',
      recorded_by: null,
    });
    expect(byId.get(ids.partRefund!)).toMatchObject({
      kind: 'refund',
      amount_cents: -3_000,
      status: 'given_back',
      recorded_by: 'Olive Owner',
    });
    expect(byId.get(ids.voided!)).toMatchObject({
      kind: 'payment',
      method: 'check',
      amount_cents: 500,
      status: 'voided',
    });
    expect(byId.get(ids.cash!)).toMatchObject({ status: 'received', client: 'Zelda Quintero' });
    expect(byId.get(ids.fee!)).toMatchObject({ kind: 'fee', amount_cents: 7_500, status: 'received' });
    expect(byId.get(ids.refundedWhole!)).toMatchObject({ status: 'refunded_in_full' });
    expect(byId.get('dp_A')).toMatchObject({
      on: '2027-03-01',
      kind: 'dispute',
      method: 'online',
      amount_cents: -10_000,
      reference: 'dp_A',
      status: 'disputed',
      order_id: first.orderId,
    });
    expect(byId.has(ids.april!)).toBe(false);
    // Oldest first; within a day by the instant, then the id.
    const keys = page.lines.map((line) => `${line.on}|${line.at}|${line.id}`);
    expect(keys).toEqual([...keys].sort());
  });

  it("never lists nor counts another company's rows, in the page, its totals or its CSV", async () => {
    const page = await pageOf(`${SPAN}&per_page=${PAYMENTS_PER_PAGE_MAX}`);
    expect(page.lines.every((line) => line.order_id === first.orderId || line.order_id === second.orderId)).toBe(true);
    const body = JSON.stringify(page);
    expect(body).not.toContain('OTHER-ONLY');
    expect(body).not.toContain('dp_OTHER');
    expect(body).not.toContain('77700');
    const csv = await get(`${DEMO}/payments?${SPAN}&format=csv`);
    expect(csv.body).not.toContain('OTHER-ONLY');
    expect(csv.body).not.toContain('dp_OTHER');
    // The other company's owner reads their own alone.
    const response = await get(`/api/console/companies/${OTHER_KEY}/payments?${SPAN}`, outsider);
    expect(
      response
        .json<PaymentsPage>()
        .lines.map((line) => line.reference)
        .sort(),
    ).toEqual(['OTHER-ONLY', 'dp_OTHER']);
    expect((await get(`${DEMO}/payments?${SPAN}`, outsider)).statusCode).toBe(403);
  });

  it.each([
    ['no filter', ''],
    ['online', '&method=online'],
    ['voided', '&status=voided'],
    ['refunds', '&kind=refund'],
    ['disputes', '&kind=dispute'],
    ['fees', '&kind=fee'],
    ['a client', '&q=quintero'],
    ['one day', '&to=2027-03-01'],
  ])('sums per day, month, method and in all exactly the lines it lists (%s)', async (_, filter) => {
    const query = filter.startsWith('&to=') ? `from=2027-03-01${filter}` : `${SPAN}${filter}`;
    const page = await pageOf(`${query}&per_page=3`);
    const lines = await allLines(query, 3);
    expect(page.total_lines).toBe(lines.length);
    const expected = (keyOf: (line: PaymentLine) => string) => {
      const sums = new Map<string, Omit<PaymentTotal, 'currency'>>();
      for (const line of lines) {
        const key = keyOf(line);
        const sum = sums.get(key) ?? {
          key,
          payments_cents: 0,
          fees_cents: 0,
          refunds_cents: 0,
          net_cents: 0,
          disputed_cents: 0,
          lines: 0,
        };
        sum.lines += 1;
        if (line.status !== 'voided') {
          if (line.kind === 'payment') sum.payments_cents += line.amount_cents;
          if (line.kind === 'fee') sum.fees_cents += line.amount_cents;
          if (line.kind === 'refund') sum.refunds_cents -= line.amount_cents;
          if (line.kind === 'dispute') sum.disputed_cents -= line.amount_cents;
          if (line.kind !== 'dispute') sum.net_cents += line.amount_cents;
        }
        sums.set(key, sum);
      }
      return [...sums.values()].map((sum) => ({ ...sum, currency: 'USD' })).sort((x, y) => x.key.localeCompare(y.key));
    };
    expect(page.totals.by_day).toEqual(expected((line) => line.on));
    expect(page.totals.by_month).toEqual(expected((line) => line.on.slice(0, 7)));
    expect(page.totals.by_method).toEqual(expected((line) => line.method));
    expect(page.totals.all).toEqual(expected(() => 'all'));
  });

  it('counts a voided line for nothing and subtracts refunds: the month nets what the office holds', async () => {
    const { totals } = await pageOf(SPAN);
    // 10,000 + 2,000 + 4,000 + 1,500 (the ties) paid, 7,500 of fees, 7,000 refunded; the 500 voided check not at all.
    expect(totals.by_month).toEqual([
      {
        key: '2027-03',
        currency: 'USD',
        payments_cents: 17_500,
        fees_cents: 7_500,
        refunds_cents: 7_000,
        net_cents: 18_000,
        disputed_cents: 10_000,
        lines: 13,
      },
    ]);
    expect((await pageOf(`${SPAN}&status=voided`)).totals.all).toEqual([
      {
        key: 'all',
        currency: 'USD',
        payments_cents: 0,
        fees_cents: 0,
        refunds_cents: 0,
        net_cents: 0,
        disputed_cents: 0,
        lines: 1,
      },
    ]);
  });

  it('pages across lines of one instant without repeating or skipping one, forward and back', async () => {
    const query = `${SPAN}&method=check`;
    const whole = (await pageOf(`${query}&per_page=${PAYMENTS_PER_PAGE_MAX}`)).lines.map((line) => line.id);
    expect(whole).toHaveLength(6);
    const forward = (await allLines(query, 2)).map((line) => line.id);
    expect(forward).toEqual(whole);
    // Back from the last page, by previous_cursor.
    let page = await pageOf(`${query}&per_page=2`);
    expect(page.previous_cursor).toBeNull();
    while (page.next_cursor) page = await pageOf(`${query}&per_page=2&cursor=${encodeURIComponent(page.next_cursor)}`);
    const backward: string[][] = [page.lines.map((line) => line.id)];
    while (page.previous_cursor) {
      page = await pageOf(`${query}&per_page=2&cursor=${encodeURIComponent(page.previous_cursor)}`);
      backward.unshift(page.lines.map((line) => line.id));
    }
    expect(backward.flat()).toEqual(whole);
    expect(backward.map((ids) => ids.length)).toEqual([2, 2, 2]);
  });

  it('filters by kind, method, status, and by order number or client name', async () => {
    const refs = async (filter: string) =>
      (await pageOf(`${SPAN}${filter}&per_page=${PAYMENTS_PER_PAGE_MAX}`)).lines.map((line) => line.reference);
    expect(await refs('&kind=refund')).toEqual(['re_A', 're_B']);
    expect(await refs('&kind=dispute')).toEqual(['dp_A']);
    expect(await refs('&kind=fee')).toEqual(['pi_FEE']);
    expect(await refs('&status=refunded_in_full')).toEqual(['pi_B']);
    expect(await refs('&status=disputed')).toEqual(['dp_A']);
    expect(await refs('&method=cash&status=received')).toEqual([null]);
    const number = orderReference(first.orderId);
    expect((await refs(`&q=${number.toLowerCase()}`)).sort()).toEqual(['1042', 'dp_A', 'pi_A', 're_A']);
    expect((await refs(`&q=%23${number}`)).sort()).toEqual(['1042', 'dp_A', 'pi_A', 're_A']);
    expect(await refs('&q=zelda%20quin&kind=refund')).toEqual(['re_B']);
    expect(await refs('&q=nobody-by-that-name')).toEqual([]);
  });

  it.each([
    ['to', 'from=2027-03-02&to=2027-03-01'],
    ['to', 'from=2027-01-01&to=2028-01-02'],
    ['from', 'from=1999-12-31&to=2000-01-01'],
    ['to', 'from=2027-03-01'],
    ['per_page', `${SPAN}&per_page=0`],
    ['per_page', `${SPAN}&per_page=${PAYMENTS_PER_PAGE_MAX + 1}`],
    ['q', `${SPAN}&q=${'a'.repeat(PAYMENTS_SEARCH_MAX + 1)}`],
    ['kind', `${SPAN}&kind=gift`],
    ['method', `${SPAN}&method=bitcoin`],
    ['status', `${SPAN}&status=lost`],
    ['cursor', `${SPAN}&cursor=bm90LWEtY3Vyc29y`],
    ['format', `${SPAN}&format=xlsx`],
  ])('refuses a query past its bounds with a 400 naming %s (%s)', async (field, query) => {
    const response = await get(`${DEMO}/payments?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { field } });
  });

  it('takes a query at its bounds: 366 days, the largest page, the longest search', async () => {
    expect((await get(`${DEMO}/payments?from=2027-01-01&to=2028-01-01`)).statusCode).toBe(200);
    expect((await get(`${DEMO}/payments?from=2099-12-31&to=2099-12-31`)).statusCode).toBe(200);
    expect((await get(`${DEMO}/payments?${SPAN}&per_page=1`)).statusCode).toBe(200);
    expect((await get(`${DEMO}/payments?${SPAN}&per_page=${PAYMENTS_PER_PAGE_MAX}`)).statusCode).toBe(200);
    expect((await get(`${DEMO}/payments?${SPAN}&q=${'a'.repeat(PAYMENTS_SEARCH_MAX)}`)).statusCode).toBe(200);
  });

  it('streams the CSV of the same filters: every line, then totals that add up to them', async () => {
    const response = await get(`${DEMO}/payments?${SPAN}&format=csv&per_page=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('payments-demo-2027-03-01-2027-03-31.csv');
    expect(response.headers['x-total-count']).toBe('13');
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('Date,Order,Client,Kind,Method,Reference,Status,Amount,Currency,Recorded by');
    const lines = rows.slice(1).filter((row) => !row.includes(',Total,'));
    expect(lines).toHaveLength(13);
    const refund = lines.find((row) => row.includes(',re_A,'))!;
    expect(refund.startsWith(`2027-03-02,${orderReference(first.orderId)},`)).toBe(true);
    expect(refund.endsWith(',refund,online,re_A,given_back,-30.00,USD,Olive Owner')).toBe(true);
    expect(rows).toContain('2027-03-01 to 2027-03-31,Total,,net,all,13 lines,,180.00,USD,');
    expect(rows).toContain('2027-03-01 to 2027-03-31,Total,,disputed,all,,,-100.00,USD,');
    expect(rows).toContain('Month,Total,,net,2027-03,13 lines,,180.00,USD,');
    const voidedOnly = await get(`${DEMO}/payments?${SPAN}&format=csv&status=voided`);
    expect(voidedOnly.headers['x-total-count']).toBe('1');
    expect(voidedOnly.body).toContain(',voided,5.00,USD,Ollie Office');
  });

  it('opens to owners and admins always, and to office staff only while the company allows it', async () => {
    const setOfficeSees = (value: boolean | null) =>
      harness.database.db
        .update(t.companies)
        .set({
          consoleSettings:
            value === null
              ? sql`${t.companies.consoleSettings} - 'office_sees_payments'`
              : sql`${t.companies.consoleSettings} || ${JSON.stringify({ office_sees_payments: value })}::jsonb`,
        })
        .where(eq(t.companies.id, companyId));
    const meSays = async () =>
      (await get('/api/console/me')).json<ConsoleMe>().memberships.find((m) => m.company_key === 'demo')!
        .office_sees_payments;
    try {
      // Left out, the setting is on (the office read today's section before it).
      await setOfficeSees(null);
      expect((await get(`${DEMO}/payments?${SPAN}`)).statusCode).toBe(200);
      expect(await meSays()).toBe(true);
      await setOfficeSees(false);
      expect(await meSays()).toBe(false);
      expect((await get(`${DEMO}/payments?${SPAN}`)).statusCode).toBe(403);
      expect((await get(`${DEMO}/payments?${SPAN}&format=csv`)).statusCode).toBe(403);
      expect((await get(`${DEMO}/payments?${SPAN}`, owner)).statusCode).toBe(200);
      expect((await get(`${DEMO}/payments?${SPAN}`, admin)).statusCode).toBe(200);
      // The order's own ledger stays the office's.
      expect((await get(`${DEMO}/orders/${first.orderId}/payments`)).statusCode).toBe(200);
      await setOfficeSees(true);
      expect((await get(`${DEMO}/payments?${SPAN}`)).statusCode).toBe(200);
      expect((await get(`${DEMO}/payments?${SPAN}`, inspector)).statusCode).toBe(403);
    } finally {
      await setOfficeSees(null);
    }
  });
});

import { and, eq } from 'drizzle-orm';
import type { OrderLedger, PaymentsPage } from '@scheduler/contracts/ledger';
import { LEDGER_REFERENCE_MAX } from '@scheduler/contracts/ledger';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { importDemoCopy, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ManagedBooking, setClock } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { PAYMENT_RECEIPT_EMAIL_JOB } from './receipt-jobs.ts';

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const OTHER_KEY = 'ledger-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000f7';

describeOnEachDatabase(
  "an order's payment ledger in the console",
  { onPgliteToo: 'engine tests' },
  (factory, { itOnEveryDatabase }) => {
    let harness: TestApp;
    let owner: ConsolePerson;
    let office: ConsolePerson;
    let inspector: ConsolePerson;
    let outsider: ConsolePerson;
    let booking: ManagedBooking;
    let otherBooking: ManagedBooking;

    const day = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));
    const call = (method: 'GET' | 'POST', url: string, person: ConsolePerson, payload?: Record<string, unknown>) =>
      harness.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
    const record = (orderId: string, payload: Record<string, unknown>, person: ConsolePerson = office) =>
      call('POST', `${DEMO}/orders/${orderId}/payments`, person, {
        method: 'check',
        received_on: '2027-03-01',
        ...payload,
      });
    const ledgerOf = async (orderId: string, person: ConsolePerson = office) => {
      const response = await call('GET', `${DEMO}/orders/${orderId}/payments`, person);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OrderLedger>();
    };
    const paidFlag = async (orderId: string) =>
      (await harness.database.db.select({ paid: t.orders.paid }).from(t.orders).where(eq(t.orders.id, orderId)))[0]!
        .paid;

    beforeAll(async () => {
      harness = await startTestApp(factory, {
        config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
      });
      setClock(harness, MONDAY);
      await importDemoCopy(harness, OTHER_KEY, OTHER_OFFICE, (copy) => {
        copy.name = 'Other Inspections';
      });
      owner = await signedInMember(harness, 'owner@ledger.example', 'owner');
      office = await signedInMember(harness, 'office@ledger.example', 'office');
      inspector = await signedInMember(harness, 'mike@ledger.example', 'inspector', 'demo', 101);
      outsider = await signedInMember(harness, 'owner@other.example', 'owner', OTHER_KEY);
      booking = await ManagedBooking.book(harness, day(7));
      otherBooking = await ManagedBooking.book(harness, day(7), {
        company: { key: OTHER_KEY, officeUuid: OTHER_OFFICE },
      });
    });
    afterAll(async () => harness.close());

    it('takes partial payments up to exactly the balance, refuses one cent more, and turns the order paid at zero', async () => {
      const orderId = booking.orderId;
      const start = await ledgerOf(orderId);
      expect(start).toMatchObject({ paid_cents: 0, paid: false, time_zone: 'America/New_York', today: '2027-03-01' });
      const total = start.total_cents;
      expect(total).toBeGreaterThan(100);
      expect(start.balance_due_cents).toBe(total);

      const first = await record(orderId, { amount_cents: 100, reference: '1001', note: 'Left at the door' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<OrderLedger>()).toMatchObject({ paid_cents: 100, balance_due_cents: total - 100, paid: false });
      expect(await paidFlag(orderId)).toBe(false);

      const over = await record(orderId, { amount_cents: total - 100 + 1, method: 'cash' });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ error: { code: 'invalid_request', field: 'amount_cents' } });

      setClock(harness, '2027-03-01T15:00:00.000Z');
      const rest = await record(orderId, {
        amount_cents: total - 100,
        method: 'card',
        reference: 'slip 7',
        send_receipt: true,
      });
      expect(rest.statusCode, rest.body).toBe(201);
      const ledger = rest.json<OrderLedger>();
      expect(ledger).toMatchObject({ paid_cents: total, balance_due_cents: 0, paid: true });
      expect(
        ledger.entries.map((entry) => [entry.method, entry.amount_cents, entry.reference, entry.recorded_by]),
      ).toEqual([
        ['check', 100, '1001', 'office'],
        ['card', total - 100, 'slip 7', 'office'],
      ]);
      expect(await paidFlag(orderId)).toBe(true);
      expect((await record(orderId, { amount_cents: 1 })).statusCode).toBe(400);

      // The receipt: the clients', for this entry only, saying what was received and what is left.
      const receipts = await harness.database.db
        .select({ payload: t.jobs.payload, dedupeKey: t.jobs.dedupeKey })
        .from(t.jobs)
        .where(and(eq(t.jobs.kind, PAYMENT_RECEIPT_EMAIL_JOB)));
      const mine = receipts.filter((job) => job.payload.order_id === orderId);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((job) => (job.payload as { audience: string }).audience === 'client')).toBe(true);
      expect(mine[0]!.payload).toMatchObject({
        received: { entry_id: ledger.entries[1]!.id, amount_cents: total - 100, method: 'card', balance_due_cents: 0 },
      });

      const events = await booking.events('payment_recorded');
      expect(events).toHaveLength(2);
    });

    it('lets an owner void an office entry with a reason, keeps it struck out, and reopens the balance; the office may not void', async () => {
      const orderId = booking.orderId;
      const entry = (await ledgerOf(orderId)).entries[0]!;
      const url = `${DEMO}/orders/${orderId}/payments/${entry.id}/void`;
      expect((await call('POST', url, office, { reason: 'Bounced' })).statusCode).toBe(403);
      const blank = await call('POST', url, owner, { reason: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ error: { field: 'reason' } });

      const voided = await call('POST', url, owner, { reason: 'Check bounced' });
      expect(voided.statusCode, voided.body).toBe(200);
      const ledger = voided.json<OrderLedger>();
      expect(ledger.entries).toHaveLength(2);
      expect(ledger.entries[0]!.voided).toMatchObject({ by: 'owner', reason: 'Check bounced' });
      expect(ledger).toMatchObject({ balance_due_cents: 100, paid: false });
      expect(await paidFlag(orderId)).toBe(false);
      expect((await call('POST', url, owner, { reason: 'again' })).statusCode).toBe(409);
      expect(await booking.events('payment_voided')).toHaveLength(1);
    });

    it('refuses bad input naming the field, and members without the right', async () => {
      const orderId = booking.orderId;
      for (const [payload, field] of [
        [{ amount_cents: 0 }, 'amount_cents'],
        [{ amount_cents: 1.5 }, 'amount_cents'],
        [{ amount_cents: 100_000_001 }, 'amount_cents'],
        [{ amount_cents: 1, method: 'online' }, 'method'],
        [{ amount_cents: 1, reference: 'x'.repeat(LEDGER_REFERENCE_MAX + 1) }, 'reference'],
        [{ amount_cents: 1, received_on: '2027-02-30' }, 'received_on'],
        [{ amount_cents: 1, note: 'x'.repeat(501) }, 'note'],
        [{ amount_cents: 1, tip: 5 }, undefined],
      ] as const) {
        const response = await record(orderId, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        if (field) expect(response.json(), JSON.stringify(payload)).toMatchObject({ error: { field } });
      }
      const atBound = await record(orderId, { amount_cents: 1, reference: 'x'.repeat(LEDGER_REFERENCE_MAX) });
      expect(atBound.statusCode, atBound.body).toBe(201);
      expect((await record(orderId, { amount_cents: 1 }, inspector)).statusCode).toBe(403);
      expect((await call('GET', `${DEMO}/orders/${orderId}/payments`, inspector)).statusCode).toBe(403);
    });

    it("answers 404 for another company's order, and never lists another company's entries", async () => {
      const mine = await record(otherBooking.orderId, { amount_cents: 1 });
      expect(mine.statusCode).toBe(404);
      const theirs = await call(
        'POST',
        `/api/console/companies/${OTHER_KEY}/orders/${otherBooking.orderId}/payments`,
        outsider,
        {
          amount_cents: 2500,
          method: 'cash',
          reference: 'OTHER-ONLY',
          received_on: '2027-03-01',
        },
      );
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect((await call('GET', `${DEMO}/orders/${otherBooking.orderId}/payments`, office)).statusCode).toBe(404);
      const entry = theirs.json<OrderLedger>().entries[0]!;
      expect(
        (await call('POST', `${DEMO}/orders/${otherBooking.orderId}/payments/${entry.id}/void`, owner, { reason: 'x' }))
          .statusCode,
      ).toBe(404);

      const listing = await call('GET', `${DEMO}/payments?from=2027-03-01&to=2027-03-01`, office);
      expect(listing.statusCode, listing.body).toBe(200);
      const report = listing.json<PaymentsPage>();
      expect(listing.body).not.toContain('OTHER-ONLY');
      expect(report.lines.every((line) => line.order_id === booking.orderId)).toBe(true);
    });

    it("lists the order's entries on the payments page, the voided ones marked and counted for nothing", async () => {
      const span = 'from=2027-03-01&to=2027-03-01';
      const page = (await call('GET', `${DEMO}/payments?${span}&per_page=200`, office)).json<PaymentsPage>();
      const ledger = await ledgerOf(booking.orderId);
      expect(page.lines.map((line) => line.id)).toEqual(ledger.entries.map((entry) => entry.id));
      for (const entry of ledger.entries)
        expect(page.lines.find((line) => line.id === entry.id)!.status === 'voided').toBe(entry.voided !== null);
      expect(page.totals.all[0]!.net_cents).toBe(ledger.paid_cents);
      expect((await call('GET', `${DEMO}/payments?${span}`, inspector)).statusCode).toBe(403);
    });
    // Last: its entries would be in the span the reconciliation above lists.
    itOnEveryDatabase(
      'takes one of two payments of the whole balance sent at once, and refuses the other',
      async () => {
        const racing = await ManagedBooking.book(harness, day(8));
        const { balance_due_cents: balance } = await ledgerOf(racing.orderId);
        const answers = await Promise.all([
          record(racing.orderId, { amount_cents: balance, method: 'cash' }),
          record(racing.orderId, { amount_cents: balance, method: 'card' }),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
        expect(await ledgerOf(racing.orderId)).toMatchObject({ paid_cents: balance, balance_due_cents: 0, paid: true });
        expect(await racing.events('payment_recorded')).toHaveLength(1);
      },
    );
  },
);

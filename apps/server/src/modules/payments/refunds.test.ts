import { and, eq } from 'drizzle-orm';
import type { OrderLedger } from '@scheduler/contracts/ledger';
import { REFUND_REASON_MAX } from '@scheduler/contracts/ledger';
import { formatMoney } from '@scheduler/domain/money-format';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { PAYMENT_RECEIPT_EMAIL_JOB } from './receipt-jobs.ts';
import {
  DEMO_SECRETS,
  OTHER_SECRETS,
  PUBLIC_URL,
  StripeHarness,
  type ConfirmedStripeOrder,
} from './stripe-test-support.ts';
import { FakeStripe, type FakeCheckoutSession } from './test-stripe-server.ts';

const DEMO = '/api/console/companies/demo';
let requests = 0;
/** A refund request's own id, as the console makes one per dialog. */
const requestId = () => `00000000-0000-4000-8000-${String(++requests).padStart(12, '0')}`;

describeOnEachDatabase(
  'the pay link charges the balance, and refunds and disputes through Stripe',
  { onPgliteToo: 'engine tests' },
  (factory, { itOnEveryDatabase }) => {
    let payments: StripeHarness;
    let harness: TestApp;
    let stripe: FakeStripe;
    let owner: ConsolePerson;
    let office: ConsolePerson;
    let inspector: ConsolePerson;
    let outsider: ConsolePerson;

    beforeAll(async () => {
      payments = await StripeHarness.start(factory);
      ({ harness, stripe } = payments);
      owner = await signedInMember(harness, 'owner@refunds.example', 'owner');
      office = await signedInMember(harness, 'office@refunds.example', 'office');
      inspector = await signedInMember(harness, 'mike@refunds.example', 'inspector', 'demo', 101);
      outsider = await signedInMember(harness, 'owner@other-refunds.example', 'owner', 'other');
    });
    afterAll(async () => payments.close());

    // The console is served from PUBLIC_URL here: its writes come from that origin.
    const call = (url: string, person: ConsolePerson, payload?: Record<string, unknown>) =>
      harness.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: { ...person.headers, origin: PUBLIC_URL },
        ...(payload ? { payload } : {}),
      });
    const ledgerOf = async (orderId: string) => {
      const response = await call(`${DEMO}/orders/${orderId}/payments`, owner);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OrderLedger>();
    };
    const record = async (orderId: string, amountCents: number) => {
      const { today } = await ledgerOf(orderId);
      const response = await call(`${DEMO}/orders/${orderId}/payments`, office, {
        amount_cents: amountCents,
        method: 'check',
        received_on: today,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const refund = (
      orderId: string,
      entryId: string,
      body: Record<string, unknown>,
      person: ConsolePerson = owner,
      company = 'demo',
    ) =>
      call(`/api/console/companies/${company}/orders/${orderId}/payments/${entryId}/refund`, person, {
        reason: 'Radon test not done',
        request_id: requestId(),
        ...body,
      });
    /** The order paid online in full: Stripe's page, then its webhook. */
    const paidOnline = async (confirmed: ConfirmedStripeOrder): Promise<FakeCheckoutSession> => {
      const session = await payments.paidSession(confirmed.payUrl);
      const answer = await payments.deliver('demo', FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret));
      expect(answer.json()).toMatchObject({ outcome: 'paid' });
      return session;
    };
    const onlineEntry = (ledger: OrderLedger) =>
      ledger.entries.find((entry) => entry.kind === 'payment' && entry.method === 'online')!;
    const eventsOf = (orderId: string, type: string) =>
      harness.database.db
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.type, type)));

    it('charges the balance left after a partial payment by the office, exactly, and settles the order with it', async () => {
      const confirmed = await payments.confirmedOrder();
      const { order, payUrl, totalCents } = confirmed;
      expect((await payments.openedSession(payUrl)).amount_total).toBe(totalCents);

      await record(order.orderId, 10_000);
      const session = await payments.openedSession(payUrl);
      expect(session.amount_total).toBe(totalCents - 10_000);
      expect(stripe.creations().at(-1)!.form.get('line_items[0][price_data][unit_amount]')).toBe(
        String(totalCents - 10_000),
      );
      // The visitor's order says the same balance the link charges.
      const read = await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': order.token },
      });
      expect(read.json()).toMatchObject({ paid: false, balance_due_cents: totalCents - 10_000 });
      // And the manage page's view of it (the console's order page shows the same view).
      const view = (await call(`${DEMO}/orders/${order.orderId}`, owner)).json().view.order;
      expect(view).toMatchObject({ paid: false, balance_due: formatMoney(totalCents - 10_000, 'USD') });

      stripe.complete(session.id);
      const answer = await payments.deliver('demo', FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret));
      expect(answer.json()).toMatchObject({ outcome: 'paid' });
      const ledger = await ledgerOf(order.orderId);
      expect(ledger).toMatchObject({ paid: true, balance_due_cents: 0, paid_cents: totalCents });
      expect(onlineEntry(ledger)).toMatchObject({
        amount_cents: totalCents - 10_000,
        refundable_cents: totalCents - 10_000,
      });
    });

    it('charges one cent of balance, and opens no payment once nothing is due', async () => {
      const { order, payUrl, totalCents } = await payments.confirmedOrder();
      await record(order.orderId, totalCents - 1);
      expect((await payments.openedSession(payUrl)).amount_total).toBe(1);

      await record(order.orderId, 1);
      const creations = stripe.creations().length;
      const opened = await payments.openPayLink(payUrl);
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('Paid');
      expect(stripe.creations()).toHaveLength(creations);
    });

    it('refunds exactly what was paid online through Stripe, once however often the request is sent, and refuses one cent more', async () => {
      const confirmed = await payments.confirmedOrder();
      const orderId = confirmed.order.orderId;
      const session = await paidOnline(confirmed);
      const payment = onlineEntry(await ledgerOf(orderId));
      expect(payment.refundable_cents).toBe(confirmed.totalCents);
      const calls = stripe.refundCalls().length;

      const over = await refund(orderId, payment.id, { amount_cents: confirmed.totalCents + 1 });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ error: { code: 'invalid_request', field: 'amount_cents' } });
      for (const reason of ['  ', 'x'.repeat(REFUND_REASON_MAX + 1)]) {
        const bad = await refund(orderId, payment.id, { amount_cents: 1, reason });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ error: { field: 'reason' } });
      }
      expect((await refund(orderId, payment.id, { amount_cents: 1 }, office)).statusCode).toBe(403);
      expect((await refund(orderId, payment.id, { amount_cents: 1 }, inspector)).statusCode).toBe(403);
      // Another company's member, through their own company, does not find this order.
      expect((await refund(orderId, payment.id, { amount_cents: 1 }, outsider, 'other')).statusCode).toBe(404);
      expect(stripe.refundCalls()).toHaveLength(calls);

      const body = {
        amount_cents: confirmed.totalCents,
        reason: 'r'.repeat(REFUND_REASON_MAX),
        send_receipt: true,
        request_id: requestId(),
      };
      const made = await refund(orderId, payment.id, body);
      expect(made.statusCode, made.body).toBe(201);
      const ledger = made.json<OrderLedger>();
      expect(ledger).toMatchObject({ paid: false, paid_cents: 0, balance_due_cents: confirmed.totalCents });
      const given = ledger.entries.filter((entry) => entry.kind === 'refund');
      expect(given).toHaveLength(1);
      expect(given[0]).toMatchObject({
        method: 'online',
        amount_cents: confirmed.totalCents,
        refund_of: payment.id,
        recorded_by: 'owner',
        note: body.reason,
      });
      expect(onlineEntry(ledger).refundable_cents).toBe(0);
      const [sent] = stripe.refundCalls().slice(calls);
      expect(sent!.form.get('payment_intent')).toBe(session.payment_intent);
      expect(sent!.form.get('amount')).toBe(String(confirmed.totalCents));
      expect(sent!.idempotencyKey).toBe(`refund:${orderId}:${payment.id}:${body.request_id}`);
      expect(given[0]!.reference).toBe(stripe.refunds.at(-1)!.id);

      // The same request again (a retry): nothing more is refunded, and the ledger is answered.
      const again = await refund(orderId, payment.id, body);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<OrderLedger>().entries.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
      expect(stripe.refunds.filter((each) => each.payment_intent === session.payment_intent)).toHaveLength(1);
      // The same request id on another order's payment is not a retry of it: refused, and Stripe is not asked.
      const other = await payments.confirmedOrder();
      await paidOnline(other);
      const otherPayment = onlineEntry(await ledgerOf(other.order.orderId));
      const reused = await refund(other.order.orderId, otherPayment.id, { ...body, amount_cents: 1 });
      expect(reused.statusCode, reused.body).toBe(409);
      expect(stripe.refunds.filter((each) => each.payment_intent === otherPayment.reference)).toHaveLength(0);
      // Nothing is left to refund: one cent more is refused.
      const more = await refund(orderId, payment.id, { amount_cents: 1 });
      expect(more.statusCode).toBe(400);
      expect(more.json()).toMatchObject({ error: { field: 'amount_cents' } });

      const [event] = await eventsOf(orderId, 'refunded');
      expect(event!.data).toMatchObject({ amount_cents: confirmed.totalCents, by: { kind: 'office', name: 'owner' } });
      const receipts = (
        await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, PAYMENT_RECEIPT_EMAIL_JOB))
      )
        .map((job) => job.payload)
        .filter((payload) => payload.order_id === orderId && payload.received !== undefined);
      expect(receipts.length).toBeGreaterThan(0);
      expect(receipts[0]!.received).toMatchObject({ kind: 'refund', amount_cents: confirmed.totalCents });
    });

    it('records a refund made in Stripe once however often it is delivered, never again one made here, and flags a dispute once', async () => {
      const confirmed = await payments.confirmedOrder();
      const orderId = confirmed.order.orderId;
      const session = await paidOnline(confirmed);
      const pi = session.payment_intent!;
      const payment = onlineEntry(await ledgerOf(orderId));
      const deliver = (object: { id: string }, type: string, secret = DEMO_SECRETS.webhook_secret, company = 'demo') =>
        payments.deliver(company, FakeStripe.signedEvent(object, secret, type));

      stripe.refundInDashboard(pi, 1_000);
      const dashboard = FakeStripe.signedEvent(stripe.charge(pi), DEMO_SECRETS.webhook_secret, 'charge.refunded');
      for (const _ of [1, 2]) {
        const answer = await payments.deliver('demo', dashboard);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toMatchObject({ outcome: 'refunded' });
      }
      let ledger = await ledgerOf(orderId);
      expect(ledger.entries.filter((entry) => entry.kind === 'refund')).toMatchObject([
        { amount_cents: 1_000, recorded_by: null, refund_of: payment.id, reference: stripe.refunds.at(-1)!.id },
      ]);
      expect(ledger).toMatchObject({ paid: false, balance_due_cents: 1_000 });

      const ours = await refund(orderId, payment.id, { amount_cents: 500 });
      expect(ours.statusCode, ours.body).toBe(201);
      // Stripe tells of both refunds; the ledger holds them already.
      expect((await deliver(stripe.charge(pi), 'charge.refunded')).json()).toMatchObject({ outcome: 'refunded' });
      // An event of an API version that lists no refunds: nothing beyond what the ledger holds.
      const { refunds: _listed, ...bare } = stripe.charge(pi);
      await deliver(bare, 'charge.refunded');
      ledger = await ledgerOf(orderId);
      // (Both recorded at the test clock's one moment: in no order between them.)
      const amounts = ledger.entries.filter((entry) => entry.kind === 'refund').map((entry) => entry.amount_cents);
      expect(amounts.sort((a, b) => a - b)).toEqual([500, 1_000]);
      expect(onlineEntry(ledger).refundable_cents).toBe(confirmed.totalCents - 1_500);
      expect(await eventsOf(orderId, 'refunded')).toHaveLength(2);

      // Signed with another company's secret, or naming a charge of no order of the company: nothing.
      expect((await deliver(stripe.charge(pi), 'charge.refunded', OTHER_SECRETS.webhook_secret)).statusCode).toBe(400);
      expect(
        (await deliver(stripe.charge(pi), 'charge.refunded', OTHER_SECRETS.webhook_secret, 'other')).json(),
      ).toMatchObject({ outcome: 'ignored' });

      const dispute = stripe.dispute(pi, 'product_not_received');
      for (const _ of [1, 2])
        expect((await deliver(dispute, 'charge.dispute.created')).json()).toMatchObject({ outcome: 'disputed' });
      ledger = await ledgerOf(orderId);
      expect(ledger.disputes).toMatchObject([
        { id: dispute.id, amount_cents: session.amount_total, reason: 'product_not_received' },
      ]);
      expect(await eventsOf(orderId, 'payment_disputed')).toHaveLength(1);
      const detail = await call(`${DEMO}/orders/${orderId}`, owner);
      expect(detail.json().order.history.map((line: { type: string }) => line.type)).toContain('payment_disputed');
    });

    // Last: two refunds at once are taken one after the other on PostgreSQL (the order's row lock).
    itOnEveryDatabase('takes one of two refunds of the whole payment sent at once, and refuses the other', async () => {
      const confirmed = await payments.confirmedOrder();
      const orderId = confirmed.order.orderId;
      const session = await paidOnline(confirmed);
      const payment = onlineEntry(await ledgerOf(orderId));
      const answers = await Promise.all([
        refund(orderId, payment.id, { amount_cents: confirmed.totalCents }),
        refund(orderId, payment.id, { amount_cents: confirmed.totalCents }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
      expect(
        stripe.refundCalls().filter((each) => each.form.get('payment_intent') === session.payment_intent),
      ).toHaveLength(1);
      const ledger = await ledgerOf(orderId);
      expect(ledger.entries.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
      expect(ledger).toMatchObject({ paid: false, balance_due_cents: confirmed.totalCents });
    });
  },
);

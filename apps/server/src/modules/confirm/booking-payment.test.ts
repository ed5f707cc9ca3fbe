import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BookingPaymentView, ConfirmResponse } from '@scheduler/contracts/confirm';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startDemoSession, type TestApp } from '../../test-support/test-app.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { cancelRefundJobHandlers } from '../payments/cancel-refunds.service.ts';
import { paymentJobHandlers } from '../payments/payments.service.ts';
import { PAYMENT_RECEIPT_EMAIL_JOB } from '../payments/receipt-jobs.ts';
import { ADMIN, DEMO_SECRETS, OTHER_SECRETS, stripeDocument, StripeHarness } from '../payments/stripe-test-support.ts';
import { FakeStripe, TEST_CARD } from '../payments/test-stripe-server.ts';
import { DemoOrder } from './confirm-test-support.ts';

/**
 * Issue 44, decision 0085: a company that takes a deposit, the whole total or a saved card at
 * booking. Confirm sends the client to Stripe's page (the local stand-in, through the official
 * SDK) and books nothing; the paid session books the order once, whether the client comes back
 * or the webhook tells first; a payment that can no longer book is refunded in full.
 */

const MINUTE_MS = 60_000;

describeOnEachDatabase('payment at booking', (factory) => {
  let payments: StripeHarness;
  let harness: TestApp;
  let stripe: FakeStripe;
  let worker: NotificationWorker;
  let outbox: string;

  beforeAll(async () => {
    payments = await StripeHarness.start(factory);
    ({ harness, stripe } = payments);
    outbox = mkdtempSync(join(tmpdir(), 'booking-payment-'));
    const deps = payments.jobDeps();
    worker = testWorker(harness.database.db, outbox, {
      now: harness.clock.now,
      jobHandlers: { ...paymentJobHandlers(deps), ...cancelRefundJobHandlers(deps) },
    });
  });
  afterAll(async () => {
    await payments.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const db = () => harness.database.db;
  const setPayments = async (rules: Record<string, unknown>) => {
    const document = stripeDocument('demo');
    document.payments = { provider: 'stripe', ...rules };
    const put = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: ADMIN,
      payload: document,
    });
    expect(put.statusCode, put.body).toBe(200);
  };
  let slotIndex = 0;
  /** A filled-in demo order holding a time of its own. */
  async function heldOrder(): Promise<DemoOrder> {
    const order = await DemoOrder.start(harness.app, db(), await startDemoSession(harness.app));
    await order.fillIn({ clientEmail: 'dana@example.com' });
    const slots = await order.slots(2, 13);
    expect((await order.hold(slots[slotIndex++]!)).statusCode).toBe(200);
    return order;
  }
  const wizard = (order: DemoOrder, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) =>
    harness.app.inject({
      method,
      url: `/demo/json/online_scheduler/${path}`,
      headers: { 'x-auth-token': order.token },
      payload,
    });
  const view = async (order: DemoOrder) => (await wizard(order, 'GET', 'booking_payment')).json<BookingPaymentView>();
  const orderRow = async (order: DemoOrder) =>
    (await db().select().from(t.orders).where(eq(t.orders.id, order.orderId)))[0]!;
  const ledgerRows = (order: DemoOrder) =>
    db().select().from(t.orderLedger).where(eq(t.orderLedger.orderId, order.orderId));
  const sessionOf = (answer: ConfirmResponse) => {
    expect(answer.status).toBe('payment_required');
    const url = (answer as { checkout_url: string }).checkout_url;
    return stripe.sessions.get(url.split('/').pop()!)!;
  };
  const comeBack = (order: DemoOrder, sessionId: string) =>
    wizard(order, 'POST', 'booking_payment/return', { session_id: sessionId });

  it('a deposit: confirm sends the client to Stripe with the amount due, books nothing, and holds the time while they pay; paying books it with the deposit in the ledger', async () => {
    await setPayments({ at_booking: { kind: 'deposit_percent', percent: 25 } });
    const order = await heldOrder();
    const total = (await order.pricing()).totals;
    const before = await view(order);
    expect(before.due).toMatchObject({ kind: 'deposit', save_card: false });
    const grand = before.due!.total_cents;
    expect(before.due!.amount_cents).toBe(Math.floor((grand * 25 + 50) / 100));
    expect(before.due!.amount_cents + before.due!.due_later_cents).toBe(grand);
    expect(total.grand_total).toBe(grand);

    const confirmed = await order.confirm('Gate code 1234', undefined, await order.revision());
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = confirmed.json<ConfirmResponse>();
    const session = sessionOf(answer);
    expect(session).toMatchObject({ mode: 'payment', amount_total: before.due!.amount_cents, currency: 'usd' });
    expect(session.metadata).toMatchObject({ order_id: order.orderId, purpose: 'booking' });
    // Stripe sends the client back to the wizard's own review, with Stripe's placeholder for the session.
    expect(session.success_url).toBe(
      `https://book.example.com/demo/online-scheduler/review?t=${order.token}&office=${(await orderRow(order)).officeId}&booking_payment={CHECKOUT_SESSION_ID}`,
    );
    expect((await orderRow(order)).status).toBe('draft');
    // The time is held until shortly after Stripe's page closes (31 minutes, and 4 more).
    const [hold] = await db().select().from(t.appointments).where(eq(t.appointments.orderId, order.orderId));
    expect(hold!.kind).toBe('hold');
    expect(hold!.holdExpiresAt!.getTime()).toBe(harness.clock.now() + 35 * MINUTE_MS);
    expect(await view(order)).toMatchObject({ state: 'open', checkout_url: session.url });
    // A second press opens no second page.
    expect(sessionOf((await order.confirm('Gate code 1234', undefined, await order.revision())).json()).id).toBe(
      session.id,
    );
    expect(stripe.creations()).toHaveLength(1);

    // Not paid yet: coming back says so and books nothing.
    expect((await comeBack(order, session.id)).json()).toEqual({ status: 'not_paid' });
    stripe.complete(session.id);
    const back = await comeBack(order, session.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'ok' });
    const booked = await orderRow(order);
    expect(booked).toMatchObject({ status: 'confirmed', paid: false, specialNote: 'Gate code 1234' });
    expect(booked.payUrl).toMatch(/\/pay\//);
    const rows = await ledgerRows(order);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'payment',
      method: 'online',
      amountCents: before.due!.amount_cents,
      checkoutSessionId: session.id,
      reference: session.payment_intent,
    });
    const [paid] = await db()
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, order.orderId), eq(t.orderEvents.type, 'paid')));
    expect(paid!.data).toMatchObject({ at_booking: 'deposit', amount_cents: before.due!.amount_cents });
    // The client's receipt thanks them for the deposit and says what stays due, with the session for its PDF.
    const receipts = (await db().select().from(t.jobs).where(eq(t.jobs.kind, PAYMENT_RECEIPT_EMAIL_JOB))).filter(
      (job) => job.payload.order_id === order.orderId,
    );
    expect(receipts.map((job) => job.payload)).toEqual([
      expect.objectContaining({
        audience: 'client',
        to: 'dana@example.com',
        checkout_session_id: session.id,
        received: expect.objectContaining({
          amount_cents: before.due!.amount_cents,
          balance_due_cents: before.due!.due_later_cents,
          method: 'online',
        }),
      }),
    ]);
    // The webhook arriving after the return, twice, changes nothing.
    for (let i = 0; i < 2; i++) {
      const delivered = await payments.deliver(
        'demo',
        FakeStripe.signedEvent(stripe.sessions.get(session.id)!, DEMO_SECRETS.webhook_secret),
      );
      expect(delivered.json()).toMatchObject({ outcome: 'paid' });
    }
    expect(await ledgerRows(order)).toHaveLength(1);
    // The thank-you's order: the balance due is the rest.
    const visitorOrder = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': order.token },
    });
    expect(visitorOrder.json()).toMatchObject({ confirmed: true, balance_due_cents: before.due!.due_later_cents });
  });

  it('the whole total with a saved card: the webhook books it first, the order is paid, the card is kept, and no pay link is made', async () => {
    await setPayments({ at_booking: { kind: 'full' }, save_card: true });
    const order = await heldOrder();
    const due = (await view(order)).due!;
    expect(due).toMatchObject({ kind: 'full', due_later_cents: 0, save_card: true });
    const session = sessionOf((await order.confirm()).json());
    expect(session.setup_future_usage).toBe('off_session');
    expect(session.customer_email).toBe('dana@example.com');
    stripe.complete(session.id);
    const delivered = await payments.deliver(
      'demo',
      FakeStripe.signedEvent(stripe.sessions.get(session.id)!, DEMO_SECRETS.webhook_secret),
    );
    expect(delivered.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await orderRow(order)).toMatchObject({ status: 'confirmed', paid: true, payUrl: null });
    const [card] = await db()
      .select()
      .from(t.savedPaymentMethods)
      .where(eq(t.savedPaymentMethods.orderId, order.orderId));
    expect(card).toMatchObject({
      paymentMethodId: TEST_CARD.id,
      last4: '4242',
      brand: 'visa',
      customerId: session.customer,
    });
    // The client's return after it: booked already.
    expect((await comeBack(order, session.id)).json()).toMatchObject({ status: 'ok', pay_url: null });
  });

  it('a deposit of 0 takes nothing: confirm books at once, as without payment at booking; 100% is the whole total', async () => {
    await setPayments({ at_booking: { kind: 'deposit_percent', percent: 0 } });
    const order = await heldOrder();
    const calls = stripe.creations().length;
    expect((await view(order)).due).toBeNull();
    expect((await order.confirm()).json()).toMatchObject({ status: 'ok' });
    expect(stripe.creations()).toHaveLength(calls);

    await setPayments({ at_booking: { kind: 'deposit_percent', percent: 100 } });
    const whole = await heldOrder();
    expect((await view(whole)).due).toMatchObject({ kind: 'full', due_later_cents: 0 });
  });

  it('a saved card without a payment: a setup session, nothing in the ledger, the card kept', async () => {
    await setPayments({ save_card: true });
    const order = await heldOrder();
    expect((await view(order)).due).toMatchObject({ kind: 'card', amount_cents: 0, save_card: true });
    const session = sessionOf((await order.confirm()).json());
    expect(session.mode).toBe('setup');
    stripe.complete(session.id);
    expect((await comeBack(order, session.id)).json()).toMatchObject({ status: 'ok' });
    expect(await ledgerRows(order)).toHaveLength(0);
    expect((await orderRow(order)).status).toBe('confirmed');
    const [card] = await db()
      .select()
      .from(t.savedPaymentMethods)
      .where(eq(t.savedPaymentMethods.orderId, order.orderId));
    expect(card?.last4).toBe('4242');
  });

  it('leaving Stripe’s page closes it there, charges nothing, and keeps the time the usual while; confirming again opens a new page', async () => {
    await setPayments({ at_booking: { kind: 'deposit_amount', amount_cents: 5_000 } });
    const order = await heldOrder();
    const first = sessionOf((await order.confirm()).json());
    const left = await wizard(order, 'POST', 'booking_payment/cancel', {});
    expect(left.json()).toEqual({ status: 'cancelled' });
    expect(first.status).toBe('expired');
    const [hold] = await db().select().from(t.appointments).where(eq(t.appointments.orderId, order.orderId));
    // The demo's hold is the default 15 minutes.
    expect(hold!.holdExpiresAt!.getTime()).toBe(harness.clock.now() + 15 * MINUTE_MS);
    expect((await view(order)).state).toBe('cancelled');
    const second = sessionOf((await order.confirm()).json());
    expect(second.id).not.toBe(first.id);
    expect(second.amount_total).toBe(5_000);
    // Stripe's page that expired on its own lets the time go.
    stripe.expire(second.id);
    const expired = await payments.deliver(
      'demo',
      FakeStripe.signedEvent(stripe.sessions.get(second.id)!, DEMO_SECRETS.webhook_secret, 'checkout.session.expired'),
    );
    expect(expired.statusCode).toBe(200);
    expect(await db().select().from(t.appointments).where(eq(t.appointments.orderId, order.orderId))).toHaveLength(0);
    expect((await view(order)).state).toBe('expired');
    expect((await orderRow(order)).status).toBe('draft');
  });

  it('paid, but the order changed while the client paid: not booked, and the money goes back in full', async () => {
    await setPayments({ at_booking: { kind: 'deposit_amount', amount_cents: 5_000 } });
    const order = await heldOrder();
    const session = sessionOf((await order.confirm('', undefined, await order.revision())).json());
    // Another tab changes the order while Stripe's page is open: what the client paid for is no longer what it says.
    await db().update(t.orders).set({ address1: '1460 Morse Rd' }).where(eq(t.orders.id, order.orderId));
    stripe.complete(session.id);
    const back = await comeBack(order, session.id);
    expect(back.json()).toEqual({ status: 'not_booked' });
    expect((await orderRow(order)).status).toBe('draft');
    const [toRefund] = await db()
      .select()
      .from(t.paymentsToRefund)
      .where(eq(t.paymentsToRefund.orderId, order.orderId));
    expect(toRefund).toMatchObject({ reason: 'not_booked', amountCents: 5_000, checkoutSessionId: session.id });
    await worker.runDue();
    const refunds = stripe.refunds.filter((refund) => refund.payment_intent === session.payment_intent);
    expect(refunds.map((refund) => refund.amount)).toEqual([5_000]);
    expect(stripe.refundCalls().at(-1)?.idempotencyKey).toBe(
      `cancel-refund:${order.orderId}:${session.payment_intent}`,
    );
    // The webhook after it: refund due, nothing booked, nothing refunded twice.
    const delivered = await payments.deliver(
      'demo',
      FakeStripe.signedEvent(stripe.sessions.get(session.id)!, DEMO_SECRETS.webhook_secret),
    );
    expect(delivered.json()).toMatchObject({ outcome: 'refund_due' });
    await worker.runDue();
    expect(stripe.refunds.filter((refund) => refund.payment_intent === session.payment_intent)).toHaveLength(1);
  });

  it('another order’s or another company’s session is not found; Stripe down at confirm is a 502 and books nothing', async () => {
    await setPayments({ at_booking: { kind: 'full' } });
    const mine = await heldOrder();
    const session = sessionOf((await mine.confirm()).json());
    const stranger = await heldOrder();
    expect((await comeBack(stranger, session.id)).statusCode).toBe(404);
    expect((await comeBack(mine, 'cs_test_unknown')).statusCode).toBe(404);
    // The other company's webhook naming this session changes nothing (its own signing secret, its own rows).
    stripe.complete(session.id);
    const foreign = await payments.deliver(
      'other',
      FakeStripe.signedEvent(stripe.sessions.get(session.id)!, OTHER_SECRETS.webhook_secret),
    );
    expect(foreign.statusCode).toBeGreaterThanOrEqual(200);
    expect((await orderRow(mine)).status).toBe('draft');
    stripe.down = true;
    try {
      const down = await stranger.confirm();
      expect(down.statusCode).toBe(502);
      expect((await orderRow(stranger)).status).toBe('draft');
    } finally {
      stripe.down = false;
    }
  });
});

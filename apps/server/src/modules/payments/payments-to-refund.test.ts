import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import { formatMoney } from '@scheduler/domain/money-format';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { CHECKOUT_EXPIRY_JOB, closeOpenCheckout, paymentJobHandlers } from './payments.service.ts';
import { ADMIN, DEMO_SECRETS, KEY_1, PUBLIC_URL, StripeHarness } from './stripe-test-support.ts';
import { FakeStripe, type FakeCheckoutSession } from './test-stripe-server.ts';

/**
 * Issue 39: a cancelled order, or one whose total changed, must leave no Stripe Checkout Session
 * open to pay it, and money that arrives for such an order all the same is kept for the office to
 * refund, never refused into the void. On the local Stripe stand-in, through the official SDK.
 */

/** The expiry job's first retry: the worker tries again once the app's clock has moved this far. */
const RETRY_MS = 60_000;

describeOnEachDatabase('Checkout Sessions an order no longer takes, and payments to refund', (factory) => {
  let payments: StripeHarness;
  let harness: TestApp;
  let stripe: FakeStripe;
  let worker: NotificationWorker;
  let office: ConsolePerson;
  let outbox: string;

  beforeAll(async () => {
    payments = await StripeHarness.start(factory);
    ({ harness, stripe } = payments);
    outbox = mkdtempSync(join(tmpdir(), 'payments-to-refund-'));
    const jobHandlers = paymentJobHandlers({
      db: harness.database.db,
      encryption: DataEncryption.fromEnv(KEY_1),
      stripe: { apiBase: stripe.baseUrl, timeoutMs: 5_000 },
      log: { warn: () => {} },
    });
    worker = testWorker(harness.database.db, outbox, {
      now: harness.clock.now,
      retryBaseMs: RETRY_MS,
      retryMaxMs: 8 * RETRY_MS,
      jobHandlers,
    });
    office = await signedInMember(harness, 'office@example.com', 'office');
  });
  afterAll(async () => {
    await payments.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const db = () => harness.database.db;
  async function sessionOnOrder(orderId: string): Promise<string | null> {
    const [row] = await db()
      .select({ id: t.orderPayments.checkoutSessionId })
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, orderId));
    return row!.id;
  }
  async function expiryJobsOf(orderId: string) {
    return (await db().select().from(t.jobs).where(eq(t.jobs.kind, CHECKOUT_EXPIRY_JOB))).filter(
      (job) => job.payload.order_id === orderId,
    );
  }
  async function refundsOf(orderId: string) {
    return db().select().from(t.paymentsToRefund).where(eq(t.paymentsToRefund.orderId, orderId));
  }
  async function consoleDetail(orderId: string): Promise<ConsoleOrderDetail> {
    const answer = await harness.app.inject({
      method: 'GET',
      url: `/api/console/companies/demo/orders/${orderId}`,
      headers: office.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ConsoleOrderDetail>();
  }
  const adminCancel = (orderId: string) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/admin/companies/demo/orders/${orderId}/cancel`,
      headers: ADMIN,
      payload: { reason: 'Buyer withdrew' },
    });
  /** The client's own cancel, from the manage page their confirmation e-mail links to. */
  async function clientCancel(orderId: string) {
    const [job] = (await db().select().from(t.jobs).where(eq(t.jobs.kind, 'confirmation_email'))).filter(
      (each) => each.payload.order_id === orderId && each.payload.audience === 'client',
    );
    const page = `/demo/json/manage/${String(job!.payload.manage_token)}`;
    const view = (await harness.app.inject({ method: 'GET', url: page })).json<ManageOrderView>();
    return harness.app.inject({
      method: 'POST',
      url: `${page}/cancel`,
      payload: { reason: 'Bought another house', fee_cents: view.cancel.fee_cents },
    });
  }
  const consoleCancel = (orderId: string) =>
    // The console's pages are served from PUBLIC_URL: its writes come from there.
    harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/orders/${orderId}/cancel`,
      headers: { ...office.headers, origin: PUBLIC_URL },
      payload: { reason: 'Client called', override: false },
    });
  const deliverPaid = (session: Partial<FakeCheckoutSession> & { id: string }) =>
    payments.deliver(
      'demo',
      FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret, 'checkout.session.completed', harness.clock.now()),
    );

  it('expires the open Checkout Session of an order cancelled from the manage page, the console or the admin API, so that it can no longer be paid', async () => {
    for (const cancel of [clientCancel, consoleCancel, adminCancel]) {
      const { order, payUrl } = await payments.confirmedOrder(4);
      const session = await payments.openedSession(payUrl);
      const cancelled = await cancel(order.orderId);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // Stripe is not called inside the cancellation: the session leaves the order, and a job expires it once the cancel committed.
      expect(await sessionOnOrder(order.orderId)).toBeNull();
      await worker.runDue();
      expect(stripe.sessions.get(session.id)!.status).toBe('expired');
      expect(() => stripe.complete(session.id)).toThrow(/expired: Stripe takes no payment/);
      expect(stripe.expirations().at(-1)).toMatchObject({
        path: `/v1/checkout/sessions/${session.id}/expire`,
        apiKey: DEMO_SECRETS.secret_key,
      });
      expect(await expiryJobsOf(order.orderId)).toMatchObject([
        { attempts: 1, lastError: 'EXPIRED', doneAt: expect.any(Date) },
      ]);
      // The pay link of a cancelled order opens nothing.
      expect((await payments.openPayLink(payUrl)).statusCode).toBe(404);
    }
    // An order whose pay link was never opened has no session to expire: no job, no call to Stripe.
    const unopened = await payments.confirmedOrder(4);
    const expirationsBefore = stripe.expirations().length;
    expect((await adminCancel(unopened.order.orderId)).statusCode).toBe(200);
    await worker.runDue();
    expect(await expiryJobsOf(unopened.order.orderId)).toEqual([]);
    expect(stripe.expirations().length).toBe(expirationsBefore);
  });

  it('closes a session Stripe was opening while the order was cancelled', async () => {
    const { order, payUrl } = await payments.confirmedOrder(4);
    stripe.whileCreating = async () => {
      expect((await adminCancel(order.orderId)).statusCode).toBe(200);
    };
    try {
      expect((await payments.openPayLink(payUrl)).statusCode).toBe(404);
    } finally {
      stripe.whileCreating = null;
    }
    const opened = [...stripe.sessions.values()].at(-1)!;
    expect(opened.metadata.order_id).toBe(order.orderId);
    expect(await sessionOnOrder(order.orderId)).toBeNull();
    await worker.runDue();
    expect(opened.status).toBe('expired');
    expect(await expiryJobsOf(order.orderId)).toMatchObject([{ lastError: 'EXPIRED', doneAt: expect.any(Date) }]);
  });

  it('takes a session Stripe has expired on its own as expired, without retrying', async () => {
    const { order, payUrl } = await payments.confirmedOrder(4);
    const session = await payments.openedSession(payUrl);
    stripe.expire(session.id);
    expect((await adminCancel(order.orderId)).statusCode).toBe(200);
    await worker.runDue();
    expect(await expiryJobsOf(order.orderId)).toMatchObject([
      { attempts: 1, lastError: 'ALREADY_EXPIRED', doneAt: expect.any(Date) },
    ]);
  });

  it('cancels while Stripe is down, and expires the session when the job is tried again later by the clock', async () => {
    const { order, payUrl } = await payments.confirmedOrder(4);
    const session = await payments.openedSession(payUrl);
    stripe.down = true;
    try {
      const cancelled = await adminCancel(order.orderId);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().view.order.state).toBe('cancelled');
      await worker.runDue();
    } finally {
      stripe.down = false;
    }
    const [failed] = await expiryJobsOf(order.orderId);
    expect(failed).toMatchObject({ attempts: 1, lastError: 'STRIPE_UNAVAILABLE', doneAt: null });
    expect(failed!.runAt.getTime()).toBe(harness.clock.now() + RETRY_MS);
    expect(stripe.sessions.get(session.id)!.status).toBe('open');
    // Stripe is back, but the retry is not due before its time.
    await worker.runDue();
    expect(stripe.sessions.get(session.id)!.status).toBe('open');
    harness.clock.advance(RETRY_MS);
    await worker.runDue();
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
    expect(await expiryJobsOf(order.orderId)).toMatchObject([
      { attempts: 2, lastError: 'EXPIRED', doneAt: expect.any(Date) },
    ]);
  });

  it('closes the session of an older total: the next pay link opens one for the new amount, and money paid at the old one is kept to refund', async () => {
    const { order, payUrl, totalCents } = await payments.confirmedOrder();
    const scope = { companyId: order.companyId, orderId: order.orderId };
    const repriced = async (newTotal: number, close: boolean) =>
      db().transaction(async (tx) => {
        const [row] = await tx
          .select({ snapshot: t.orders.pricingSnapshot })
          .from(t.orders)
          .where(eq(t.orders.id, order.orderId));
        await tx
          .update(t.orders)
          .set({ pricingSnapshot: { ...row!.snapshot, total_cents: newTotal } })
          .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)));
        if (close) await closeOpenCheckout(tx, scope, new Date(harness.clock.now()));
      });
    const first = await payments.openedSession(payUrl);
    // No change of the product reprices a booked order today (decision 0043): a repricing closes the session in its transaction.
    await repriced(totalCents + 2500, true);
    expect(await sessionOnOrder(order.orderId)).toBeNull();
    // The client pays in the tab left open before the job ran: Stripe has the money, the session is complete.
    stripe.complete(first.id);
    await worker.runDue();
    expect(await expiryJobsOf(order.orderId)).toMatchObject([
      { lastError: 'ALREADY_COMPLETE', doneAt: expect.any(Date) },
    ]);
    const late = await deliverPaid(stripe.sessions.get(first.id)!);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ received: true, outcome: 'refund_due' });
    expect(await refundsOf(order.orderId)).toMatchObject([
      { reason: 'amount_changed', amountCents: totalCents, checkoutSessionId: first.id },
    ]);

    const second = await payments.openedSession(payUrl);
    expect(second.amount_total).toBe(totalCents + 2500);
    expect(stripe.creations().at(-1)!.idempotencyKey).toBe(`checkout:${order.orderId}:${totalCents + 2500}:USD:2`);
    // A repricing that forgot to close it: the pay link expires the session of the older total itself.
    await repriced(totalCents + 5000, false);
    const third = await payments.openedSession(payUrl);
    expect(stripe.sessions.get(second.id)!.status).toBe('expired');
    expect(third.amount_total).toBe(totalCents + 5000);
    expect(stripe.creations().at(-1)!.idempotencyKey).toBe(`checkout:${order.orderId}:${totalCents + 5000}:USD:3`);
    const [row] = await db().select().from(t.orderPayments).where(eq(t.orderPayments.orderId, order.orderId));
    expect(row).toMatchObject({ checkoutSessionId: third.id, amountCents: totalCents + 5000, currency: 'USD' });
    // The new amount paid pays the order.
    expect((await deliverPaid(stripe.complete(third.id))).json().outcome).toBe('paid');
    expect((await consoleDetail(order.orderId)).view.order.paid).toBe(true);
  });

  it('records a payment that arrives for a cancelled order once, answers Stripe 200 each time, and shows it on the console order', async () => {
    const { order, payUrl, totalCents } = await payments.confirmedOrder(4);
    expect((await consoleDetail(order.orderId)).payments_to_refund).toEqual([]);
    // Paid in a tab a moment before the office cancelled; the webhook comes after.
    const session = await payments.paidSession(payUrl);
    expect((await adminCancel(order.orderId)).statusCode).toBe(200);
    await worker.runDue();
    expect(await expiryJobsOf(order.orderId)).toMatchObject([{ attempts: 1, lastError: 'ALREADY_COMPLETE' }]);
    const paidAtMs = Math.floor(harness.clock.now() / 1000) * 1000;
    for (let delivery = 0; delivery < 3; delivery++) {
      const answer = await deliverPaid(session);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: true, outcome: 'refund_due' });
    }
    const [refund, ...more] = await refundsOf(order.orderId);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      provider: 'stripe',
      reason: 'order_cancelled',
      amountCents: totalCents,
      currency: 'USD',
      paymentIntentId: session.payment_intent,
      checkoutSessionId: session.id,
    });
    expect(refund!.paidAt.getTime()).toBe(paidAtMs);
    // Not the order's payment: it stays unpaid, without receipts; its audit trail says what arrived.
    const [row] = await db().select({ paid: t.orders.paid }).from(t.orders).where(eq(t.orders.id, order.orderId));
    expect(row!.paid).toBe(false);
    const events = await db().select().from(t.orderEvents).where(eq(t.orderEvents.orderId, order.orderId));
    expect(events.filter((event) => event.type === 'paid')).toEqual([]);
    expect(events.filter((event) => event.type === 'payment_to_refund').map((event) => event.data)).toEqual([
      {
        provider: 'stripe',
        session_id: session.id,
        payment_intent: session.payment_intent,
        amount_cents: totalCents,
        currency: 'USD',
        reason: 'order_cancelled',
        paid_at: new Date(paidAtMs).toISOString(),
      },
    ]);
    const detail = await consoleDetail(order.orderId);
    expect(detail.view.order.state).toBe('cancelled');
    expect(detail.payments_to_refund).toEqual([
      {
        provider: 'stripe',
        reason: 'order_cancelled',
        amount_cents: totalCents,
        currency: 'USD',
        amount: formatMoney(totalCents, 'USD'),
        paid_at: new Date(paidAtMs).toISOString(),
        payment_intent_id: session.payment_intent,
        checkout_session_id: session.id,
      },
    ]);
  });

  it('keeps a second payment of an order paid already to refund, and takes a repeat of the first as a repeat', async () => {
    const { order, payUrl } = await payments.confirmedOrder();
    const session = await payments.paidSession(payUrl);
    expect((await deliverPaid(session)).json().outcome).toBe('paid');
    expect((await deliverPaid(session)).json().outcome).toBe('already_paid');
    const again = await deliverPaid({ ...session, id: `${session.id}_again`, payment_intent: 'pi_test_again' });
    expect(again.json()).toEqual({ received: true, outcome: 'refund_due' });
    expect(await refundsOf(order.orderId)).toMatchObject([
      { reason: 'paid_twice', checkoutSessionId: `${session.id}_again`, paymentIntentId: 'pi_test_again' },
    ]);
    expect((await consoleDetail(order.orderId)).payments_to_refund.map((payment) => payment.reason)).toEqual([
      'paid_twice',
    ]);
  });
});

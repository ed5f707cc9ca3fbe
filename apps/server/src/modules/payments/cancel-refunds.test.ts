import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderLedger } from '@scheduler/contracts/ledger';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import { formatMoney } from '@scheduler/domain/money-format';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { CANCEL_REFUND_JOB, cancelRefundJob } from './cancel-refund-jobs.ts';
import { cancelRefundJobHandlers } from './cancel-refunds.service.ts';
import { paymentJobHandlers } from './payments.service.ts';
import { PAYMENT_RECEIPT_EMAIL_JOB } from './receipt-jobs.ts';
import {
  ADMIN,
  DEMO_SECRETS,
  PUBLIC_URL,
  stripeDocument,
  StripeHarness,
  type ConfirmedStripeOrder,
} from './stripe-test-support.ts';
import { FakeStripe, type FakeCheckoutSession } from './test-stripe-server.ts';

/**
 * Issue 44, decision 0076: cancelling a paid order refunds what the company's policy says, through
 * Stripe's refund API, by a job queued in the cancel (retried on Stripe's failures, one refund
 * however often it runs), and a payment arriving after the cancel is given back in full. On the
 * local Stripe stand-in, through the official SDK.
 */

/** The refund job's first retry: the worker tries again once the app's clock has moved this far. */
const RETRY_MS = 60_000;
const DEMO = '/api/console/companies/demo';

describeOnEachDatabase('refunds the cancellation policy decides', (factory) => {
  let payments: StripeHarness;
  let harness: TestApp;
  let stripe: FakeStripe;
  let worker: NotificationWorker;
  let owner: ConsolePerson;
  let outbox: string;

  beforeAll(async () => {
    payments = await StripeHarness.start(factory);
    ({ harness, stripe } = payments);
    outbox = mkdtempSync(join(tmpdir(), 'cancel-refunds-'));
    const deps = payments.jobDeps();
    worker = testWorker(harness.database.db, outbox, {
      now: harness.clock.now,
      retryBaseMs: RETRY_MS,
      retryMaxMs: 8 * RETRY_MS,
      jobHandlers: { ...paymentJobHandlers(deps), ...cancelRefundJobHandlers(deps) },
    });
    owner = await signedInMember(harness, 'owner@cancel-refunds.example', 'owner');
  });
  afterAll(async () => {
    await payments.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const db = () => harness.database.db;
  /** The demo company's policy with who refunds, and any other rule of the policy changed. */
  const setRefundOnCancel = async (value: 'policy' | 'office', rules: Record<string, unknown> = {}) => {
    const document = stripeDocument('demo') as { booking_changes?: Record<string, unknown> };
    document.booking_changes = { ...document.booking_changes, ...rules, refund_on_cancel: value };
    const put = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: ADMIN,
      payload: document,
    });
    expect(put.statusCode, put.body).toBe(200);
  };
  const ledgerOf = async (orderId: string) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `${DEMO}/orders/${orderId}/payments`,
      headers: { ...owner.headers, origin: PUBLIC_URL },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrderLedger>();
  };
  const paidOnline = async (confirmed: ConfirmedStripeOrder): Promise<FakeCheckoutSession> => {
    const session = await payments.paidSession(confirmed.payUrl);
    const answer = await payments.deliver('demo', FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret));
    expect(answer.json()).toMatchObject({ outcome: 'paid' });
    return session;
  };
  const jobsOf = async (orderId: string) =>
    (await db().select().from(t.jobs).where(eq(t.jobs.kind, CANCEL_REFUND_JOB))).filter(
      (job) => job.payload.order_id === orderId,
    );
  const refundsAt = (paymentIntent: string | null | undefined) =>
    stripe.refunds.filter((refund) => refund.payment_intent === paymentIntent);
  const eventsOf = (orderId: string, type: string) =>
    db()
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.type, type)));
  /** The client's manage page, from the link their confirmation e-mail carries. */
  async function managePage(orderId: string) {
    const [job] = (await db().select().from(t.jobs).where(eq(t.jobs.kind, 'confirmation_email'))).filter(
      (each) => each.payload.order_id === orderId && each.payload.audience === 'client',
    );
    const page = `/demo/json/manage/${String(job!.payload.manage_token)}`;
    const view = (await harness.app.inject({ method: 'GET', url: page })).json<ManageOrderView>();
    return { page, view };
  }
  /** The client cancels from the manage page, with the fee it showed. */
  async function clientCancel(orderId: string) {
    const { page, view } = await managePage(orderId);
    const answer = await harness.app.inject({
      method: 'POST',
      url: `${page}/cancel`,
      payload: { reason: 'Bought another house', fee_cents: view.cancel.fee_cents },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return view;
  }
  const cancellationEmailTo = async (orderId: string, audience: string) =>
    (await db().select().from(t.jobs).where(eq(t.jobs.kind, 'change_email'))).find(
      (job) =>
        job.payload.order_id === orderId && job.payload.audience === audience && job.payload.change === 'cancelled',
    );

  it('refunds everything paid online when the client cancels outside the late window, once, with the idempotency key of the order and payment', async () => {
    await setRefundOnCancel('policy');
    const confirmed = await payments.confirmedOrder(4);
    const session = await paidOnline(confirmed);
    const { orderId } = confirmed.order;
    const total = formatMoney(confirmed.totalCents, 'USD');
    const view = await clientCancel(orderId);
    expect(view.cancel).toMatchObject({
      fee_cents: 0,
      refund: `Cancelling now refunds ${total} of the ${total} you paid.`,
    });
    // Stripe is not called inside the cancel: the job is queued with it, deduplicated by order.
    expect(refundsAt(session.payment_intent)).toEqual([]);
    expect(await jobsOf(orderId)).toMatchObject([{ dedupeKey: `cancel_refund:${orderId}`, doneAt: null }]);
    expect((await cancellationEmailTo(orderId, 'client'))!.payload.refund_text).toBe(
      `Cancelling refunded ${total} of the ${total} you paid.`,
    );
    // The office's copy says what was decided in its payment row, not "a refund may be due".
    const officeCopy = (await cancellationEmailTo(orderId, 'office'))!.payload;
    expect(officeCopy.office_refund_text).toBe(`Paid ${total} — refund of ${total} issued automatically to the card`);
    expect(officeCopy.refund_text).toBeUndefined();

    await worker.runDue();
    const payment = (await ledgerOf(orderId)).entries.find((entry) => entry.kind === 'payment')!;
    expect(refundsAt(session.payment_intent)).toMatchObject([{ amount: confirmed.totalCents }]);
    const calls = stripe.refundCalls().filter((call) => call.form.get('payment_intent') === session.payment_intent);
    expect(calls.map((call) => call.idempotencyKey)).toEqual([`cancel-refund:${orderId}:${payment.id}`]);
    expect(calls[0]!.apiKey).toBe(DEMO_SECRETS.secret_key);
    const ledger = await ledgerOf(orderId);
    expect(ledger).toMatchObject({ paid_cents: 0 });
    expect(ledger.entries.filter((entry) => entry.kind === 'refund')).toMatchObject([
      { method: 'online', amount_cents: confirmed.totalCents, refund_of: payment.id },
    ]);
    expect((await eventsOf(orderId, 'refunded')).map((event) => event.data.by)).toEqual([
      { kind: 'policy', cancelled_by: 'the client', fee_cents: 0 },
    ]);
    expect(await jobsOf(orderId)).toMatchObject([{ attempts: 1, lastError: 'REFUNDED', doneAt: expect.any(Date) }]);
    const receipts = (await db().select().from(t.jobs).where(eq(t.jobs.kind, PAYMENT_RECEIPT_EMAIL_JOB))).filter(
      (job) =>
        job.payload.order_id === orderId && (job.payload.received as { kind?: string } | undefined)?.kind === 'refund',
    );
    expect(receipts.length).toBeGreaterThan(0);
  });

  it("names who cancelled in the refund event as the order history does, for a link other than the client's own", async () => {
    await setRefundOnCancel('policy');
    const confirmed = await payments.confirmedOrder(4);
    await paidOnline(confirmed);
    const { orderId } = confirmed.order;
    // The thank-you page's own link (the session's), not the client's e-mailed one.
    const issued = await harness.app.inject({
      method: 'POST',
      url: '/demo/json/online_scheduler/manage_link',
      headers: { 'x-auth-token': confirmed.order.token },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const page = `/demo/json/manage/${new URL(issued.json<{ url: string }>().url).pathname.split('/').pop()!}`;
    const cancelled = await harness.app.inject({
      method: 'POST',
      url: `${page}/cancel`,
      payload: { reason: '', fee_cents: 0 },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await worker.runDue();
    const history = cancelled.json<{ view: ManageOrderView }>().view.history.map((entry) => entry.text);
    expect(history.at(-1)).toBe('Cancelled by the person who booked it');
    expect((await eventsOf(orderId, 'refunded')).map((event) => event.data.by)).toEqual([
      { kind: 'policy', cancelled_by: 'the person who booked it', fee_cents: 0 },
    ]);
  });

  it('refunds what was paid less the late fee when the client cancels inside the late window, and says so first', async () => {
    // A late window of a month: the first free time four days ahead is inside it whatever the day and hour the run starts.
    await setRefundOnCancel('policy', { late_cancel_within_hours: 720 });
    const confirmed = await payments.confirmedOrder(4);
    const session = await paidOnline(confirmed);
    const { orderId } = confirmed.order;
    const { view: before } = await managePage(orderId);
    expect(before.cancel.fee_cents).toBe(7_500);
    const back = confirmed.totalCents - 7_500;
    expect(before.cancel.refund).toBe(
      `Cancelling now refunds ${formatMoney(back, 'USD')} of the ${formatMoney(confirmed.totalCents, 'USD')} you paid: the late-cancellation fee of $75.00 is kept.`,
    );
    await clientCancel(orderId);
    expect((await cancellationEmailTo(orderId, 'office'))!.payload.office_refund_text).toBe(
      `Paid ${formatMoney(confirmed.totalCents, 'USD')} — refund of ${formatMoney(back, 'USD')} issued automatically to the card: the late-cancellation fee of $75.00 is kept`,
    );
    await worker.runDue();
    expect(refundsAt(session.payment_intent)).toMatchObject([{ amount: back }]);
    const ledger = await ledgerOf(orderId);
    expect(ledger.paid_cents).toBe(7_500);
    // The fee kept settles what a cancelled order owes: the refund's receipt says nothing is due,
    // and the order stays paid (the whole total was the balance here before).
    expect(ledger.balance_due_cents).toBe(0);
    const receipts = (await db().select().from(t.jobs).where(eq(t.jobs.kind, PAYMENT_RECEIPT_EMAIL_JOB))).filter(
      (job) =>
        job.payload.order_id === orderId && (job.payload.received as { kind?: string } | undefined)?.kind === 'refund',
    );
    expect(receipts.length).toBeGreaterThan(0);
    expect(receipts.map((job) => (job.payload.received as { balance_due_cents: number }).balance_due_cents)).toEqual(
      receipts.map(() => 0),
    );
    expect((await db().select().from(t.orders).where(eq(t.orders.id, orderId)))[0]!.paid).toBe(true);
    expect((await eventsOf(orderId, 'refunded')).map((event) => event.data.by)).toEqual([
      { kind: 'policy', cancelled_by: 'the client', fee_cents: 7_500 },
    ]);
    await setRefundOnCancel('policy');
  });

  it("takes the office's check for a cancelled order's late fee, up to the fee, and no payment once nothing is owed", async () => {
    await setRefundOnCancel('policy', { late_cancel_within_hours: 720 });
    const late = await payments.confirmedOrder(4);
    const view = await clientCancel(late.order.orderId);
    expect(view.cancel.fee_cents).toBe(7_500);
    const check = (orderId: string, amountCents: number) =>
      harness.app.inject({
        method: 'POST',
        url: `${DEMO}/orders/${orderId}/payments`,
        headers: { ...owner.headers, origin: PUBLIC_URL },
        payload: {
          kind: 'payment',
          method: 'check',
          amount_cents: amountCents,
          received_on: '2027-03-01',
          reference: '1042',
        },
      });
    const over = await check(late.order.orderId, 7_501);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toMatchObject({ error: { field: 'amount_cents' } });
    expect(over.json().error.message).toContain('$75.00');
    const fee = await check(late.order.orderId, 7_500);
    expect(fee.statusCode, fee.body).toBe(201);
    expect(fee.json<OrderLedger>()).toMatchObject({ paid_cents: 7_500, balance_due_cents: 0, paid: true });
    expect((await check(late.order.orderId, 1)).statusCode).toBe(409);

    // Cancelled outside the late window: no fee, nothing owed, no payment taken.
    await setRefundOnCancel('policy');
    const free = await payments.confirmedOrder(4);
    expect((await clientCancel(free.order.orderId)).cancel.fee_cents).toBe(0);
    const refused = await check(free.order.orderId, 1);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe('The order is cancelled and owes nothing: it takes no payment.');
  });

  it('tells the client and the office that no refund is due when the late fee takes all that was paid', async () => {
    await setRefundOnCancel('policy', {
      late_cancel_within_hours: 720,
      late_cancel_fee: { kind: 'percent', percent: 100 },
    });
    try {
      const confirmed = await payments.confirmedOrder(4);
      const session = await paidOnline(confirmed);
      const { orderId } = confirmed.order;
      const total = formatMoney(confirmed.totalCents, 'USD');
      await clientCancel(orderId);
      expect((await cancellationEmailTo(orderId, 'client'))!.payload.refund_text).toBe(
        `Cancelling refunded nothing of the ${total} you paid: the late-cancellation fee of ${total} is kept.`,
      );
      expect((await cancellationEmailTo(orderId, 'office'))!.payload.office_refund_text).toBe(
        `Paid ${total} — no refund due: the late-cancellation fee of ${total} is kept`,
      );
      await worker.runDue();
      expect(refundsAt(session.payment_intent)).toEqual([]);
    } finally {
      await setRefundOnCancel('policy');
    }
  });

  it('retries after a Stripe 500 with the queue back-off and refunds once', async () => {
    await setRefundOnCancel('policy');
    const confirmed = await payments.confirmedOrder(4);
    const session = await paidOnline(confirmed);
    const { orderId } = confirmed.order;
    await clientCancel(orderId);
    stripe.down = true;
    try {
      await worker.runDue();
    } finally {
      stripe.down = false;
    }
    const [failed] = await jobsOf(orderId);
    expect(failed).toMatchObject({ attempts: 1, lastError: 'STRIPE_UNAVAILABLE', doneAt: null });
    expect(failed!.runAt.getTime()).toBe(harness.clock.now() + RETRY_MS);
    expect(refundsAt(session.payment_intent)).toEqual([]);
    expect((await ledgerOf(orderId)).entries.filter((entry) => entry.kind === 'refund')).toEqual([]);
    // Not again before its time.
    await worker.runDue();
    expect(refundsAt(session.payment_intent)).toEqual([]);
    harness.clock.advance(RETRY_MS);
    await worker.runDue();
    expect(refundsAt(session.payment_intent)).toMatchObject([{ amount: confirmed.totalCents }]);
    expect(await jobsOf(orderId)).toMatchObject([{ attempts: 2, lastError: 'REFUNDED' }]);
    // The same refund asked again (the job's key, Stripe's idempotency) gives nothing more back.
    const keys = stripe
      .refundCalls()
      .filter((call) => call.form.get('payment_intent') === session.payment_intent)
      .map((call) => call.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    expect((await ledgerOf(orderId)).entries.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
  });

  it('calls Stripe not at all for an unpaid order, and leaves another paid order of the company untouched', async () => {
    await setRefundOnCancel('policy');
    const bystander = await payments.confirmedOrder(4);
    const paid = await paidOnline(bystander);
    const unpaid = await payments.confirmedOrder(4);
    const calls = stripe.refundCalls().length;
    const view = await clientCancel(unpaid.order.orderId);
    expect(view.cancel.refund).toBeNull();
    // Nothing paid, nothing to decide: the office's copy says "Not paid" from the order itself.
    expect((await cancellationEmailTo(unpaid.order.orderId, 'office'))!.payload.office_refund_text).toBeUndefined();
    await worker.runDue();
    expect(await jobsOf(unpaid.order.orderId)).toEqual([]);
    expect(stripe.refundCalls()).toHaveLength(calls);
    expect(refundsAt(paid.payment_intent)).toEqual([]);
    expect((await ledgerOf(bystander.order.orderId)).paid_cents).toBe(bystander.totalCents);
    // Every refund so far was the demo company's, under its own key: the other company's account was never called.
    expect(stripe.refundCalls().every((call) => call.apiKey === DEMO_SECRETS.secret_key)).toBe(true);
  });

  it("touches no order of another company: a job under the other company's id naming this company's order refunds nothing, and is not retried", async () => {
    await setRefundOnCancel('policy');
    const confirmed = await payments.confirmedOrder(4);
    const session = await paidOnline(confirmed);
    const { orderId } = confirmed.order;
    const [other] = await db().select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, 'other'));
    await db()
      .insert(t.jobs)
      .values(
        cancelRefundJob({ companyId: other!.id, orderId }, new Date(harness.clock.now())) as typeof t.jobs.$inferInsert,
      );
    // The order is cancelled and paid: a job that looked it up without its company would refund it.
    await db().update(t.orders).set({ status: 'cancelled' }).where(eq(t.orders.id, orderId));
    await worker.runDue();
    const [job] = await db()
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, CANCEL_REFUND_JOB), eq(t.jobs.companyId, other!.id)));
    expect(job).toMatchObject({ attempts: 1, lastError: 'NO_SUCH_ORDER', doneAt: expect.any(Date) });
    expect(refundsAt(session.payment_intent)).toEqual([]);
    expect((await ledgerOf(orderId)).paid_cents).toBe(confirmed.totalCents);
  });

  it("refunds nothing when the setting is 'office': the page says nothing of a refund, and the office is left the payment", async () => {
    await setRefundOnCancel('office');
    try {
      const confirmed = await payments.confirmedOrder(4);
      const session = await paidOnline(confirmed);
      const view = await clientCancel(confirmed.order.orderId);
      expect(view.cancel.refund).toBeNull();
      await worker.runDue();
      expect(await jobsOf(confirmed.order.orderId)).toEqual([]);
      expect(refundsAt(session.payment_intent)).toEqual([]);
      expect((await ledgerOf(confirmed.order.orderId)).paid_cents).toBe(confirmed.totalCents);
      expect((await cancellationEmailTo(confirmed.order.orderId, 'client'))!.payload.refund_text).toBeUndefined();
      expect((await cancellationEmailTo(confirmed.order.orderId, 'office'))!.payload.office_refund_text).toBe(
        `Paid ${formatMoney(confirmed.totalCents, 'USD')} — no refund made: the refund is left to the office`,
      );
    } finally {
      await setRefundOnCancel('policy');
    }
  });

  it('refunds in full a payment that arrives after the cancel, and lists it for the office when the setting is office', async () => {
    for (const setting of ['policy', 'office'] as const) {
      await setRefundOnCancel(setting);
      const confirmed = await payments.confirmedOrder(4);
      const { orderId } = confirmed.order;
      // Paid in a tab a moment before the office cancelled; the webhook comes after.
      const session = await payments.paidSession(confirmed.payUrl);
      const cancelled = await harness.app.inject({
        method: 'POST',
        url: `/api/admin/companies/demo/orders/${orderId}/cancel`,
        headers: ADMIN,
        payload: { reason: 'Buyer withdrew' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      for (let delivery = 0; delivery < 2; delivery++) {
        const answer = await payments.deliver('demo', FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret));
        expect(answer.json()).toEqual({ received: true, outcome: 'refund_due' });
      }
      await worker.runDue();
      const [row] = await db().select().from(t.paymentsToRefund).where(eq(t.paymentsToRefund.orderId, orderId));
      const detail = await harness.app.inject({
        method: 'GET',
        url: `${DEMO}/orders/${orderId}`,
        headers: owner.headers,
      });
      if (setting === 'policy') {
        expect(refundsAt(session.payment_intent)).toMatchObject([{ amount: confirmed.totalCents }]);
        expect(
          stripe
            .refundCalls()
            .filter((call) => call.form.get('payment_intent') === session.payment_intent)
            .map((call) => call.idempotencyKey),
        ).toEqual([`cancel-refund:${orderId}:${session.payment_intent}`]);
        expect(row).toMatchObject({ refundedAt: expect.any(Date), stripeRefundId: expect.stringMatching(/^re_/) });
        expect(detail.json().payments_to_refund).toEqual([]);
        expect((await eventsOf(orderId, 'refunded')).map((event) => event.data.by)).toEqual([
          { kind: 'policy', paid_after_cancel: true },
        ]);
      } else {
        expect(refundsAt(session.payment_intent)).toEqual([]);
        expect(await jobsOf(orderId)).toEqual([]);
        expect(row).toMatchObject({ refundedAt: null });
        expect(detail.json().payments_to_refund).toMatchObject([{ reason: 'order_cancelled' }]);
      }
    }
    await setRefundOnCancel('policy');
  });
});

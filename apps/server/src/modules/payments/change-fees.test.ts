import { and, eq } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderLedger } from '@scheduler/contracts/ledger';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { FEE_LINK_EMAIL_JOB } from '../notifications/confirmation-jobs.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { cancelRefundJobHandlers } from './cancel-refunds.service.ts';
import { CHANGE_FEE_JOB, changeFeeJob } from './change-fee-jobs.ts';
import { changeFeeJobHandlers } from './change-fees.service.ts';
import { paymentJobHandlers } from './payments.service.ts';
import { PAYMENT_RECEIPT_EMAIL_JOB } from './receipt-jobs.ts';
import { saveCardForTest } from './saved-cards-test-support.ts';
import {
  ADMIN,
  DEMO_SECRETS,
  PUBLIC_URL,
  stripeDocument,
  StripeHarness,
  type ConfirmedStripeOrder,
} from './stripe-test-support.ts';
import { FakeStripe } from './test-stripe-server.ts';

/**
 * Issue 44, decision 0081: a late cancellation's fee beyond what the order holds, and a late
 * reschedule's fee, are charged to the card the client saved (an off-session PaymentIntent on the
 * local Stripe stand-in, through the official SDK), or asked for through the order's pay link when
 * there is no card, the bank asks for the client, or the card is declined. The client is told the
 * amount before confirming the change.
 */

const RETRY_MS = 60_000;
const HOUR_MS = 3_600_000;
const DEMO = '/api/console/companies/demo';
/** A late window of a month: the first free time four days ahead is inside it, whatever the hour the run starts. */
const LATE = { late_cancel_within_hours: 720 };
/** Set-up and each case on a machine shared with other work: two companies imported, orders booked through the wizard. */
const LOADED_MS = 300_000;

describeOnEachDatabase('late fees that are charged', (factory) => {
  let payments: StripeHarness;
  let harness: TestApp;
  let stripe: FakeStripe;
  let worker: NotificationWorker;
  let owner: ConsolePerson;
  let outbox: string;
  let handlers: ReturnType<typeof changeFeeJobHandlers>;

  beforeAll(async () => {
    payments = await StripeHarness.start(factory);
    ({ harness, stripe } = payments);
    outbox = mkdtempSync(join(tmpdir(), 'change-fees-'));
    const deps = payments.jobDeps();
    handlers = changeFeeJobHandlers(deps);
    worker = testWorker(harness.database.db, outbox, {
      now: harness.clock.now,
      retryBaseMs: RETRY_MS,
      retryMaxMs: 8 * RETRY_MS,
      jobHandlers: { ...paymentJobHandlers(deps), ...cancelRefundJobHandlers(deps), ...handlers },
    });
    owner = await signedInMember(harness, 'owner@change-fees.example', 'owner');
  }, LOADED_MS);
  afterAll(async () => {
    await payments.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const db = () => harness.database.db;
  /** The demo company's policy with some of its rules changed (the demo's: $75 within 72 hours, no reschedule fee). */
  const setPolicy = async (rules: Record<string, unknown> = {}) => {
    const document = stripeDocument('demo') as { booking_changes?: Record<string, unknown> };
    document.booking_changes = { ...document.booking_changes, ...rules };
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
  const recordCheck = async (orderId: string, amountCents: number) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: `${DEMO}/orders/${orderId}/payments`,
      headers: { ...owner.headers, origin: PUBLIC_URL },
      payload: { amount_cents: amountCents, method: 'check', reference: '1042', received_on: '2026-11-30' },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const intentsOf = (orderId: string) => stripe.paymentIntents.filter((intent) => intent.metadata.order_id === orderId);
  const intentCallsOf = (orderId: string) =>
    stripe.paymentIntentCalls().filter((call) => call.form.get('metadata[order_id]') === orderId);
  const jobsOf = async (orderId: string, kind: string) =>
    (await db().select().from(t.jobs).where(eq(t.jobs.kind, kind))).filter((job) => job.payload.order_id === orderId);
  const eventsOf = async (orderId: string, type: string) =>
    (
      await db()
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.type, type)))
    ).map((event) => event.data);
  const sequenceOf = async (orderId: string) =>
    (await db().select({ s: t.orders.changeSequence }).from(t.orders).where(eq(t.orders.id, orderId)))[0]!.s;
  const withCard = async (confirmed: ConfirmedStripeOrder, paymentMethod = 'pm_card_visa') => {
    await saveCardForTest(
      db(),
      { companyId: confirmed.order.companyId, orderId: confirmed.order.orderId },
      paymentMethod,
    );
    return confirmed;
  };
  async function managePage(orderId: string) {
    const [job] = (await jobsOf(orderId, 'confirmation_email')).filter((each) => each.payload.audience === 'client');
    const page = `/demo/json/manage/${String(job!.payload.manage_token)}`;
    const response = await harness.app.inject({ method: 'GET', url: page });
    expect(response.statusCode, response.body).toBe(200);
    return { page, view: response.json<ManageOrderView>() };
  }
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
  /** The client moves the booking from the manage page to the first free time of a later day, with `feeCents`. */
  async function clientMove(orderId: string, feeCents: number) {
    const { page, view } = await managePage(orderId);
    let slot: AppointmentSlot | undefined;
    // The first day after the booking's with a free time (a weekend may have none).
    for (let days = 1; days <= 10 && !slot; days++) {
      const day = new Date(Date.parse(view.order.start) + days * 24 * HOUR_MS).toISOString().slice(0, 10);
      const answer = await harness.app.inject({ method: 'GET', url: `${page}/availability?from=${day}&to=${day}` });
      expect(answer.statusCode, answer.body).toBe(200);
      slot = answer.json<AppointmentSlot[]>()[0];
    }
    const start = new Date(slot!.timestamp * 1000).toISOString();
    const held = await harness.app.inject({ method: 'POST', url: `${page}/hold`, payload: { start } });
    expect(held.statusCode, held.body).toBe(200);
    return harness.app.inject({
      method: 'POST',
      url: `${page}/reschedule`,
      payload: { start, from_start: view.order.start, fee_cents: feeCents },
    });
  }

  it(
    'tells the client the fee and the card before a late cancel, and charges the saved card exactly that fee, once, under an idempotency key; a cancel outside the window refunds in full',
    async () => {
      await setPolicy(LATE);
      const confirmed = await withCard(await payments.confirmedOrder(4));
      const { orderId } = confirmed.order;
      const { view } = await managePage(orderId);
      expect(view.cancel).toMatchObject({
        fee_cents: 7_500,
        refund: null,
        charge: 'Cancelling now charges the late-cancellation fee of $75.00 to your Visa ending 4242.',
      });
      await clientCancel(orderId);
      // Stripe is not called inside the cancel: one job, deduplicated by the change.
      expect(intentCallsOf(orderId)).toEqual([]);
      const sequence = await sequenceOf(orderId);
      expect(await jobsOf(orderId, CHANGE_FEE_JOB)).toMatchObject([{ dedupeKey: `change_fee:${orderId}:${sequence}` }]);
      const email = (await jobsOf(orderId, 'change_email')).find((job) => job.payload.audience === 'client')!;
      expect(email.payload.refund_text).toBe(
        'We are charging the late-cancellation fee of $75.00 to your Visa ending 4242; if your bank asks for your approval, we will e-mail you a link to pay it instead.',
      );

      await worker.runDue();
      const calls = intentCallsOf(orderId);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.idempotencyKey).toBe(`fee:${orderId}:${sequence}`);
      expect(calls[0]!.apiKey).toBe(DEMO_SECRETS.secret_key);
      expect(Object.fromEntries(calls[0]!.form)).toMatchObject({
        amount: '7500',
        currency: 'usd',
        customer: `cus_test_${orderId.slice(0, 8)}`,
        payment_method: 'pm_card_visa',
        off_session: 'true',
        confirm: 'true',
      });
      const [intent] = intentsOf(orderId);
      expect(intent).toMatchObject({ amount: 7_500, status: 'succeeded' });
      const ledger = await ledgerOf(orderId);
      expect(ledger.entries).toMatchObject([
        {
          kind: 'payment',
          method: 'online',
          amount_cents: 7_500,
          reference: intent!.id,
          note: 'Late-cancellation fee',
        },
      ]);
      expect(ledger).toMatchObject({ total_cents: 7_500, balance_due_cents: 0 });
      expect(await eventsOf(orderId, 'fee_charged')).toMatchObject([
        { change: 'cancel', amount_cents: 7_500, payment_intent: intent!.id, brand: 'visa', last4: '4242' },
      ]);
      const receipts = (await jobsOf(orderId, PAYMENT_RECEIPT_EMAIL_JOB)).filter(
        (job) => (job.payload.received as { fee?: string } | undefined)?.fee === 'cancel',
      );
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.doneAt).not.toBeNull();

      // Outside the window: the paid order is refunded in full, and no card is charged.
      await setPolicy({ late_cancel_within_hours: 1 });
      const early = await withCard(await payments.confirmedOrder(4));
      const session = await payments.paidSession(early.payUrl);
      expect(
        (await payments.deliver('demo', FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret))).json(),
      ).toMatchObject({ outcome: 'paid' });
      const earlyView = await clientCancel(early.order.orderId);
      expect(earlyView.cancel).toMatchObject({ fee_cents: 0, charge: null });
      await worker.runDue();
      expect(intentCallsOf(early.order.orderId)).toEqual([]);
      expect(stripe.refunds.filter((refund) => refund.payment_intent === session.payment_intent)).toMatchObject([
        { amount: early.totalCents },
      ]);
    },
    LOADED_MS,
  );

  it(
    'charges nothing when what was paid equals the fee, and one cent when it is one cent short',
    async () => {
      await setPolicy(LATE);
      const equal = await withCard(await payments.confirmedOrder(4));
      await recordCheck(equal.order.orderId, 7_500);
      const equalView = await clientCancel(equal.order.orderId);
      expect(equalView.cancel.charge).toBeNull();
      expect(await jobsOf(equal.order.orderId, CHANGE_FEE_JOB)).toEqual([]);

      const short = await withCard(await payments.confirmedOrder(4));
      await recordCheck(short.order.orderId, 7_499);
      const shortView = await clientCancel(short.order.orderId);
      expect(shortView.cancel.charge).toBe(
        'Cancelling now charges the other $0.01 of the late-cancellation fee of $75.00 to your Visa ending 4242.',
      );
      await worker.runDue();
      expect(intentCallsOf(equal.order.orderId)).toEqual([]);
      expect(intentsOf(short.order.orderId)).toMatchObject([{ amount: 1, status: 'succeeded' }]);
      expect((await ledgerOf(short.order.orderId)).balance_due_cents).toBe(0);
    },
    LOADED_MS,
  );

  it(
    'charges nothing for a cancel exactly at the late window’s bound',
    async () => {
      const confirmed = await withCard(await payments.confirmedOrder(4));
      const { orderId } = confirmed.order;
      const [row] = await db().select({ start: t.orders.datetime }).from(t.orders).where(eq(t.orders.id, orderId));
      const hours = Math.floor((row!.start!.getTime() - harness.clock.now()) / HOUR_MS);
      await setPolicy({ late_cancel_within_hours: hours });
      // The bound: exactly `hours` before the start, cancelling is still free.
      harness.clock.advance(row!.start!.getTime() - hours * HOUR_MS - harness.clock.now());
      const view = await clientCancel(orderId);
      expect(view.cancel).toMatchObject({ fee_cents: 0, charge: null });
      await worker.runDue();
      expect(await jobsOf(orderId, CHANGE_FEE_JOB)).toEqual([]);
      expect(intentCallsOf(orderId)).toEqual([]);
    },
    LOADED_MS,
  );

  it(
    'creates one PaymentIntent and one ledger row when the job runs twice',
    async () => {
      await setPolicy(LATE);
      const confirmed = await withCard(await payments.confirmedOrder(4));
      const { orderId, companyId } = confirmed.order;
      await clientCancel(orderId);
      const [job] = await jobsOf(orderId, CHANGE_FEE_JOB);
      const run = handlers[CHANGE_FEE_JOB]!;
      expect(await run({ companyId, payload: job!.payload })).toBe('CHARGED');
      expect(await run({ companyId, payload: job!.payload })).toBe('ALREADY_SETTLED');
      await worker.runDue();
      expect(intentsOf(orderId)).toHaveLength(1);
      expect((await ledgerOf(orderId)).entries.filter((entry) => entry.kind === 'payment')).toHaveLength(1);
    },
    LOADED_MS,
  );

  for (const [paymentMethod, reason] of [
    ['pm_card_authenticationRequired', 'authentication_required'],
    ['pm_card_chargeDeclined', 'declined'],
  ] as const) {
    it(
      `e-mails the pay link for the fee when the card answers ${reason}, and the link charges the fee of the cancelled order`,
      async () => {
        await setPolicy(LATE);
        const confirmed = await withCard(await payments.confirmedOrder(4), paymentMethod);
        const { orderId } = confirmed.order;
        await clientCancel(orderId);
        await worker.runDue();
        expect(intentsOf(orderId)).toMatchObject([{ status: 'requires_payment_method' }]);
        expect((await ledgerOf(orderId)).entries).toEqual([]);
        expect(await eventsOf(orderId, 'fee_link_sent')).toMatchObject([
          { change: 'cancel', amount_cents: 7_500, reason },
        ]);
        const [mail] = await jobsOf(orderId, FEE_LINK_EMAIL_JOB);
        expect(mail).toMatchObject({ lastError: null, doneAt: expect.any(Date) });
        // The pay link left the done job with the message.
        expect(mail!.payload.pay_url).toBeUndefined();
        const sent = readdirSync(outbox)
          .map((name) => readFileSync(join(outbox, name), 'utf8'))
          .find((text) => text.includes('Late fee to pay') && text.includes(new URL(confirmed.payUrl).pathname));
        expect(sent).toBeDefined();
        // The order's own pay link now charges the fee of the cancelled order, and its payment is recorded.
        const session = await payments.openedSession(confirmed.payUrl);
        expect(session).toMatchObject({ amount_total: 7_500, status: 'open' });
        stripe.complete(session.id);
        const answer = await payments.deliver('demo', FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret));
        expect(answer.json()).toMatchObject({ outcome: 'paid' });
        expect(await ledgerOf(orderId)).toMatchObject({ paid_cents: 7_500, balance_due_cents: 0 });
      },
      LOADED_MS,
    );
  }

  it(
    'tries again when Stripe is down, with the same idempotency key, and charges once',
    async () => {
      await setPolicy(LATE);
      const confirmed = await withCard(await payments.confirmedOrder(4));
      const { orderId } = confirmed.order;
      await clientCancel(orderId);
      stripe.down = true;
      try {
        await worker.runDue();
      } finally {
        stripe.down = false;
      }
      const [failed] = await jobsOf(orderId, CHANGE_FEE_JOB);
      expect(failed).toMatchObject({ attempts: 1, lastError: 'STRIPE_UNAVAILABLE', doneAt: null });
      expect(intentsOf(orderId)).toEqual([]);
      harness.clock.advance(RETRY_MS);
      await worker.runDue();
      expect(await jobsOf(orderId, CHANGE_FEE_JOB)).toMatchObject([{ attempts: 2, lastError: 'CHARGED' }]);
      expect(new Set(intentCallsOf(orderId).map((call) => call.idempotencyKey)).size).toBe(1);
      expect(intentsOf(orderId)).toHaveLength(1);
    },
    LOADED_MS,
  );

  it(
    "touches no order of another company: a job under the other company's id charges nothing",
    async () => {
      await setPolicy(LATE);
      const confirmed = await withCard(await payments.confirmedOrder(4));
      const { orderId } = confirmed.order;
      await db().update(t.orders).set({ status: 'cancelled', cancelFeeCents: 7_500 }).where(eq(t.orders.id, orderId));
      const [other] = await db().select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, 'other'));
      const job = changeFeeJob(
        { companyId: other!.id, orderId },
        { kind: 'cancel', sequence: 1, feeCents: 7_500 },
        new Date(),
      );
      expect(await handlers[CHANGE_FEE_JOB]!({ companyId: other!.id, payload: job.payload })).toBe('NO_SUCH_ORDER');
      expect(intentCallsOf(orderId)).toEqual([]);
      expect((await ledgerOf(orderId)).entries).toEqual([]);
    },
    LOADED_MS,
  );

  it(
    'charges the late-reschedule fee of a late move, refuses a move whose fee the page did not show, and charges nothing with the setting off',
    async () => {
      await setPolicy({ ...LATE, late_reschedule_fee: { kind: 'amount', amount_cents: 2_500 } });
      const confirmed = await withCard(await payments.confirmedOrder(4));
      const { orderId } = confirmed.order;
      const { view } = await managePage(orderId);
      expect(view.reschedule).toMatchObject({
        fee_cents: 2_500,
        fee: '$25.00',
        charge: 'Moving now charges the late-reschedule fee of $25.00 to your Visa ending 4242.',
      });
      const unseen = await clientMove(orderId, 0);
      expect(unseen.statusCode).toBe(409);
      expect(unseen.json()).toMatchObject({ error: { code: 'fee_changed', field: 'fee_cents' } });
      const moved = await clientMove(orderId, 2_500);
      expect(moved.statusCode, moved.body).toBe(200);
      const sequence = await sequenceOf(orderId);
      const email = (await jobsOf(orderId, 'change_email')).find(
        (job) => job.payload.audience === 'client' && job.payload.change === 'rescheduled',
      );
      expect(email!.payload.refund_text).toMatch(/^We are charging the late-reschedule fee of \$25\.00 to your Visa/);
      await worker.runDue();
      expect(intentCallsOf(orderId).map((call) => call.idempotencyKey)).toEqual([`fee:${orderId}:${sequence}`]);
      expect(intentsOf(orderId)).toMatchObject([{ amount: 2_500, status: 'succeeded' }]);
      // The order still owes its inspection, and now has its fee paid beside it.
      expect(await ledgerOf(orderId)).toMatchObject({
        total_cents: confirmed.totalCents + 2_500,
        paid_cents: 2_500,
        balance_due_cents: confirmed.totalCents,
      });
      expect(moved.json<{ view: ManageOrderView }>().view.history.at(-1)!.text).toMatch(
        /, with a late-reschedule fee of \$25\.00$/,
      );

      // The setting off: the move is free, and nothing is charged.
      await setPolicy({ ...LATE, late_reschedule_fee: null });
      const free = await withCard(await payments.confirmedOrder(4));
      expect((await managePage(free.order.orderId)).view.reschedule).toMatchObject({ fee_cents: 0, charge: null });
      expect((await clientMove(free.order.orderId, 0)).statusCode).toBe(200);
      await worker.runDue();
      expect(intentCallsOf(free.order.orderId)).toEqual([]);
      await setPolicy();
    },
    LOADED_MS,
  );
});

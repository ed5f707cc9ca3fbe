import { and, eq } from 'drizzle-orm';
import type { OrderLedger } from '@scheduler/contracts/ledger';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { DEMO_SECRETS, OTHER_SECRETS, StripeHarness, type ConfirmedStripeOrder } from './stripe-test-support.ts';
import { FakeStripe, type FakeCheckoutSession } from './test-stripe-server.ts';

const DEMO = '/api/console/companies/demo';
const MINUTE_MS = 60_000;

describeOnEachDatabase('a dispute followed to its outcome (decision 0082)', (factory) => {
  let payments: StripeHarness;
  let harness: TestApp;
  let stripe: FakeStripe;
  let owner: ConsolePerson;

  beforeAll(async () => {
    payments = await StripeHarness.start(factory);
    ({ harness, stripe } = payments);
    owner = await signedInMember(harness, 'owner@disputes.example', 'owner');
  });
  afterAll(async () => payments.close());

  const ledgerOf = async (orderId: string) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `${DEMO}/orders/${orderId}/payments`,
      headers: owner.headers,
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
  const eventsOf = async (orderId: string, type: string) =>
    harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.type, type)));
  /** A dispute event as Stripe sends it: the Dispute with `status`, created `minutes` after the test began. */
  const start = Date.now();
  const deliver = async (
    dispute: ReturnType<FakeStripe['dispute']>,
    type: string,
    status: string,
    minutes: number,
    secret = DEMO_SECRETS.webhook_secret,
    company = 'demo',
  ) => {
    const event = FakeStripe.signedEvent({ ...dispute, status }, secret, type, start + minutes * MINUTE_MS);
    // Stripe's event ids are one per event; the stand-in names them by the object, so each type gets its own.
    const answer = await payments.deliver(company, event);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ outcome: string }>().outcome;
  };
  const historyOf = async (orderId: string): Promise<string[]> => {
    const detail = await harness.app.inject({
      method: 'GET',
      url: `${DEMO}/orders/${orderId}`,
      headers: owner.headers,
    });
    return detail.json().order.history.map((line: { type: string }) => line.type);
  };

  it('a lost dispute gives its money back in the ledger once, however often each event comes, and a late update changes nothing', async () => {
    const confirmed = await payments.confirmedOrder();
    const orderId = confirmed.order.orderId;
    const session = await paidOnline(confirmed);
    const dispute = stripe.dispute(session.payment_intent!, 'fraudulent');
    const payment = (await ledgerOf(orderId)).entries[0]!;

    for (const _ of [1, 2]) {
      expect(await deliver(dispute, 'charge.dispute.created', 'needs_response', 1)).toBe('disputed');
      await deliver(dispute, 'charge.dispute.funds_withdrawn', 'needs_response', 2);
      await deliver(dispute, 'charge.dispute.updated', 'under_review', 3);
      await deliver(dispute, 'charge.dispute.closed', 'lost', 4);
    }
    // Stripe's retry of an update sent before the closing arrives after it: the dispute stays lost.
    await deliver(dispute, 'charge.dispute.updated', 'under_review', 3);

    const ledger = await ledgerOf(orderId);
    expect(ledger.disputes).toEqual([
      expect.objectContaining({
        id: dispute.id,
        status: 'lost',
        closed_at: new Date(start + 4 * MINUTE_MS - ((start + 4 * MINUTE_MS) % 1000)).toISOString(),
        outcome: expect.stringMatching(/^The bank decided the dispute of \$[\d,.]+ for the client: lost\./),
      }),
    ]);
    const refunds = ledger.entries.filter((entry) => entry.kind === 'refund');
    expect(refunds).toMatchObject([
      {
        method: 'online',
        amount_cents: confirmed.totalCents,
        refund_of: payment.id,
        note: 'Dispute lost',
        reference: dispute.id,
        recorded_by: null,
      },
    ]);
    // The balance is true again: the whole total is due, and nothing is left to refund through Stripe.
    expect(ledger).toMatchObject({ paid: false, paid_cents: 0, balance_due_cents: confirmed.totalCents });
    expect(ledger.entries.find((entry) => entry.id === payment.id)!.refundable_cents).toBe(0);
    expect(await eventsOf(orderId, 'payment_disputed')).toHaveLength(1);
    expect((await eventsOf(orderId, 'dispute_status_changed')).map((event) => event.data.status)).toEqual([
      'under_review',
    ]);
    expect((await eventsOf(orderId, 'dispute_closed')).map((event) => event.data.status)).toEqual(['lost']);
    expect(await eventsOf(orderId, 'dispute_funds_withdrawn')).toHaveLength(1);
    expect(await historyOf(orderId)).toEqual(
      expect.arrayContaining([
        'payment_disputed',
        'dispute_funds_withdrawn',
        'dispute_status_changed',
        'dispute_closed',
      ]),
    );
    // Stripe's own refund event of the charge does not take the dispute's money for a refund.
    const charged = await payments.deliver(
      'demo',
      FakeStripe.signedEvent(stripe.charge(session.payment_intent!), DEMO_SECRETS.webhook_secret, 'charge.refunded'),
    );
    expect(charged.statusCode).toBe(200);
    expect((await ledgerOf(orderId)).entries.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
  });

  it('takes events out of order: closed (won) before created and updated, the funds back once, nothing in the ledger', async () => {
    const confirmed = await payments.confirmedOrder();
    const orderId = confirmed.order.orderId;
    const session = await paidOnline(confirmed);
    const dispute = stripe.dispute(session.payment_intent!, 'product_not_received');

    await deliver(dispute, 'charge.dispute.closed', 'won', 10);
    await deliver(dispute, 'charge.dispute.updated', 'under_review', 8);
    await deliver(dispute, 'charge.dispute.created', 'needs_response', 6);
    for (const _ of [1, 2]) await deliver(dispute, 'charge.dispute.funds_reinstated', 'won', 11);

    const ledger = await ledgerOf(orderId);
    expect(ledger.disputes).toEqual([
      expect.objectContaining({
        id: dispute.id,
        status: 'won',
        reason: 'product_not_received',
        outcome: expect.stringMatching(/for the company: won\./),
      }),
    ]);
    expect(ledger.entries.filter((entry) => entry.kind === 'refund')).toEqual([]);
    expect(ledger).toMatchObject({ paid: true, balance_due_cents: 0 });
    expect(await eventsOf(orderId, 'payment_disputed')).toHaveLength(1);
    expect(await eventsOf(orderId, 'dispute_status_changed')).toHaveLength(0);
    expect((await eventsOf(orderId, 'dispute_closed')).map((event) => event.data.status)).toEqual(['won']);
    expect(await eventsOf(orderId, 'dispute_funds_reinstated')).toHaveLength(1);
  });

  it('gives back no more than is left of a payment refunded in part, and an inquiry closed without a dispute writes nothing', async () => {
    const confirmed = await payments.confirmedOrder();
    const orderId = confirmed.order.orderId;
    const session = await paidOnline(confirmed);
    const pi = session.payment_intent!;
    stripe.refundInDashboard(pi, 1_000);
    await payments.deliver(
      'demo',
      FakeStripe.signedEvent(stripe.charge(pi), DEMO_SECRETS.webhook_secret, 'charge.refunded'),
    );
    // The bank disputes the whole charge; Stripe reinstates the part refunded already.
    const lost = stripe.dispute(pi);
    await deliver(lost, 'charge.dispute.closed', 'lost', 20);
    let ledger = await ledgerOf(orderId);
    expect(ledger.entries.filter((entry) => entry.note === 'Dispute lost').map((entry) => entry.amount_cents)).toEqual([
      confirmed.totalCents - 1_000,
    ]);
    expect(ledger).toMatchObject({ paid_cents: 0, balance_due_cents: confirmed.totalCents });

    const other = await payments.confirmedOrder();
    const otherSession = await paidOnline(other);
    const inquiry = stripe.dispute(otherSession.payment_intent!, 'general');
    await deliver(inquiry, 'charge.dispute.created', 'warning_needs_response', 21);
    await deliver(inquiry, 'charge.dispute.closed', 'warning_closed', 22);
    ledger = await ledgerOf(other.order.orderId);
    expect(ledger.disputes).toEqual([
      expect.objectContaining({ status: 'warning_closed', outcome: expect.stringMatching(/closed without a dispute/) }),
    ]);
    expect(ledger).toMatchObject({ paid: true, balance_due_cents: 0 });
  });

  it("ignores another company's dispute of this payment, and a dispute signed with another company's secret", async () => {
    const confirmed = await payments.confirmedOrder();
    const orderId = confirmed.order.orderId;
    const session = await paidOnline(confirmed);
    const dispute = stripe.dispute(session.payment_intent!);
    // The other company's own webhook, naming a payment of no order of theirs.
    expect(await deliver(dispute, 'charge.dispute.closed', 'lost', 30, OTHER_SECRETS.webhook_secret, 'other')).toBe(
      'ignored',
    );
    const forged = FakeStripe.signedEvent(
      { ...dispute, status: 'lost' },
      OTHER_SECRETS.webhook_secret,
      'charge.dispute.closed',
    );
    expect((await payments.deliver('demo', forged)).statusCode).toBe(400);
    const ledger = await ledgerOf(orderId);
    expect(ledger.disputes).toEqual([]);
    expect(ledger).toMatchObject({ paid: true, balance_due_cents: 0 });
  });
});

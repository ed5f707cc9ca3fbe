import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { hashToken } from '../sessions/tokens.ts';
import { reencryptSecrets } from './payments.service.ts';
import { PAYMENT_RECEIPT_EMAIL_JOB } from './receipt-jobs.ts';
import {
  ADMIN,
  DEMO_SECRETS,
  KEY_1,
  OTHER_OFFICE,
  OTHER_SECRETS,
  PUBLIC_URL,
  StripeHarness,
  stripeDocument,
} from './stripe-test-support.ts';
import { FakeStripe } from './test-stripe-server.ts';

describeOnEachDatabase('payments through Stripe Checkout', (factory) => {
  let payments: StripeHarness;
  let harness: TestApp;
  let stripe: FakeStripe;
  let logLines: string[];
  beforeAll(async () => {
    payments = await StripeHarness.start(factory);
    ({ harness, stripe, logLines } = payments);
  });
  afterAll(async () => payments.close());

  async function paidStateOf(orderId: string) {
    const db = harness.database.db;
    const [order] = await db
      .select({ paid: t.orders.paid, payUrl: t.orders.payUrl })
      .from(t.orders)
      .where(eq(t.orders.id, orderId));
    const events = await db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.type, 'paid')));
    const jobs = (await db.select().from(t.jobs).where(eq(t.jobs.kind, PAYMENT_RECEIPT_EMAIL_JOB))).filter(
      (job) => job.payload.order_id === orderId,
    );
    return { paid: order!.paid, payUrl: order!.payUrl, events, jobs };
  }

  it("writes the product's own pay link from PUBLIC_URL at confirm, keeping only its token's hash", async () => {
    const { order, payUrl } = await payments.confirmedOrder();
    expect(payUrl).toMatch(new RegExp(`^${PUBLIC_URL}/pay/[A-Za-z0-9_-]{43}$`));
    const token = payUrl.split('/').pop()!;
    const [row] = await harness.database.db
      .select()
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, order.orderId));
    expect(row!.payTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The visitor's order answers the same link.
    const read = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': order.token },
    });
    expect(read.json()).toMatchObject({ paid: false, pay_url: payUrl });
  });

  it('answers a link that is not valid with a page a browser can show, and an API client with the error envelope', async () => {
    const url = `/pay/${'x'.repeat(43)}`;
    const page = await harness.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Payment link not found</h1>');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const api = await harness.app.inject({ method: 'GET', url });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it("opens one Checkout Session for the order's confirmed total, however often the link is opened", async () => {
    const { order, payUrl, totalCents } = await payments.confirmedOrder();
    const before = stripe.creations().length;
    const first = await payments.openPayLink(payUrl);
    expect(first.statusCode).toBe(303);
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const created = stripe.creations().slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.apiKey).toBe(DEMO_SECRETS.secret_key);
    expect(created[0]!.idempotencyKey).toBe(`checkout:${order.orderId}:${totalCents}:USD:1`);
    expect(created[0]!.form.get('line_items[0][price_data][unit_amount]')).toBe(String(totalCents));
    expect(created[0]!.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(created[0]!.form.get('success_url')).toBe(payUrl);
    const again = await Promise.all([payments.openPayLink(payUrl), payments.openPayLink(payUrl)]);
    for (const answer of again) expect(answer.headers.location).toBe(first.headers.location);
    expect(stripe.creations().length).toBe(before + 1);
    // Back from cancelling: a page offering the link again, and nothing new at Stripe.
    const cancelled = await payments.openPayLink(payUrl, '?cancelled=1');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('Payment not completed');
    // A session that expired unpaid is replaced by a new one, under the next attempt's key.
    stripe.expire(String(first.headers.location).split('/').pop()!);
    const renewed = await payments.openPayLink(payUrl);
    expect(renewed.headers.location).not.toBe(first.headers.location);
    expect(stripe.creations().at(-1)!.idempotencyKey).toBe(`checkout:${order.orderId}:${totalCents}:USD:2`);
  });

  it('marks the order paid once when the webhook is delivered three times: one event, one set of receipts', async () => {
    const { order, payUrl, totalCents } = await payments.confirmedOrder();
    const session = await payments.paidSession(payUrl);
    const delivery = FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret);
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      const answer = await payments.deliver('demo', delivery);
      expect(answer.statusCode).toBe(200);
      outcomes.push(answer.json().outcome);
    }
    expect(outcomes).toEqual(['paid', 'already_paid', 'already_paid']);
    const state = await paidStateOf(order.orderId);
    expect(state.paid).toBe(true);
    expect(state.payUrl).toBe(payUrl);
    expect(state.events).toHaveLength(1);
    expect(state.events[0]!.data).toEqual({
      provider: 'stripe',
      session_id: session.id,
      amount_cents: totalCents,
      currency: 'USD',
    });
    expect(state.jobs.map((job) => [job.dedupeKey, job.payload]).sort()).toEqual([
      [
        `payment_receipt:${order.orderId}:client:dana@example.com`,
        {
          order_id: order.orderId,
          audience: 'client',
          to: 'Dana@Example.com',
          name: 'Dana Whitaker',
          checkout_session_id: session.id,
        },
      ],
      [
        `payment_receipt:${order.orderId}:office:`,
        { order_id: order.orderId, audience: 'office', to: '', name: '', checkout_session_id: session.id },
      ],
    ]);
    // One ledger entry for the session, however often Stripe told of it (decision 0064).
    const ledger = await harness.database.db
      .select()
      .from(t.orderLedger)
      .where(eq(t.orderLedger.orderId, order.orderId));
    expect(
      ledger.map((row) => [row.kind, row.method, row.amountCents, row.checkoutSessionId, row.recordedByName]),
    ).toEqual([['payment', 'online', totalCents, session.id, null]]);
    const read = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': order.token },
    });
    expect(read.json()).toMatchObject({ paid: true });
    // The pay link of a paid order opens no session: it says "Paid".
    const callsBefore = stripe.calls.length;
    const paidPage = await payments.openPayLink(payUrl);
    expect(paidPage.statusCode).toBe(200);
    expect(paidPage.body).toContain('<h1>Paid</h1>');
    expect(stripe.calls.length).toBe(callsBefore);
    // The office's listing says so.
    const listed = await harness.app.inject({
      method: 'GET',
      url: '/api/admin/companies/demo/orders?per_page=500',
      headers: ADMIN,
    });
    expect(
      listed.json<{ orders: Array<{ id: string; paid: boolean }> }>().orders.find((o) => o.id === order.orderId)?.paid,
    ).toBe(true);
  });

  it('marks the order paid once when two deliveries arrive at the same moment', async () => {
    const { order, payUrl } = await payments.confirmedOrder();
    const delivery = FakeStripe.signedEvent(await payments.paidSession(payUrl), DEMO_SECRETS.webhook_secret);
    const answers = await Promise.all([
      payments.deliver('demo', delivery),
      payments.deliver('demo', delivery),
      payments.deliver('demo', delivery),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['already_paid', 'already_paid', 'paid']);
    const state = await paidStateOf(order.orderId);
    expect(state.events).toHaveLength(1);
    expect(state.jobs).toHaveLength(2);
  });

  it('refuses a forged or missing signature and an unknown company, and marks nothing paid by another amount or currency', async () => {
    const { order, payUrl, totalCents } = await payments.confirmedOrder();
    const session = await payments.paidSession(payUrl);
    const forged = FakeStripe.signedEvent(session, 'whsec_notTheCompanysSecret0');
    const tampered = {
      ...FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret),
      payload: JSON.stringify({
        type: 'checkout.session.completed',
        data: { object: { ...session, amount_total: 1 } },
      }),
    };
    const refusals = [
      await payments.deliver('demo', forged),
      await payments.deliver('demo', tampered),
      await payments.deliver('demo', { payload: FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret).payload }),
      await payments.deliver('nobody-here', FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret)),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: { code: 'invalid_signature', message: 'The webhook signature could not be verified.' },
      });
    }
    // Real money all the same: kept for the office to refund (payments-to-refund.test.ts), and Stripe told it arrived.
    for (const wrong of [
      { ...session, amount_total: totalCents - 1 },
      { ...session, id: `${session.id}_eur`, currency: 'eur' },
    ]) {
      const answer = await payments.deliver('demo', FakeStripe.signedEvent(wrong, DEMO_SECRETS.webhook_secret));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: true, outcome: 'refund_due' });
    }
    const unpaid = await payments.deliver(
      'demo',
      FakeStripe.signedEvent({ ...session, payment_status: 'unpaid' }, DEMO_SECRETS.webhook_secret),
    );
    expect(unpaid.json()).toEqual({ received: true, outcome: 'ignored' });
    const otherEvent = await payments.deliver(
      'demo',
      FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret, 'checkout.session.expired'),
    );
    expect(otherEvent.json()).toEqual({ received: true, outcome: 'ignored' });
    const state = await paidStateOf(order.orderId);
    expect(state).toMatchObject({ paid: false, events: [], jobs: [] });
  });

  it("lets no company's Stripe account mark another company's order paid", async () => {
    const { order, payUrl } = await payments.confirmedOrder();
    const session = await payments.paidSession(payUrl);
    // Signed by the other company's endpoint and sent to it: it names an order that is not the other company's.
    const sentToOther = await payments.deliver('other', FakeStripe.signedEvent(session, OTHER_SECRETS.webhook_secret));
    expect(sentToOther.statusCode).toBe(400);
    expect(sentToOther.json().error.code).toBe('payment_mismatch');
    // Signed by the other company and sent to this company's endpoint: the signature does not verify.
    const sentToDemo = await payments.deliver('demo', FakeStripe.signedEvent(session, OTHER_SECRETS.webhook_secret));
    expect(sentToDemo.json().error.code).toBe('invalid_signature');
    expect(await paidStateOf(order.orderId)).toMatchObject({ paid: false, events: [], jobs: [] });
  });

  it('settles an order whose webhook is late when its pay link finds the session paid, once', async () => {
    const { order, payUrl } = await payments.confirmedOrder();
    const session = await payments.paidSession(payUrl);
    const back = await payments.openPayLink(payUrl);
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('<h1>Paid</h1>');
    expect(
      (await payments.deliver('demo', FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret))).json().outcome,
    ).toBe('already_paid');
    const state = await paidStateOf(order.orderId);
    expect(state.events).toHaveLength(1);
    expect(state.jobs).toHaveLength(2);
  });

  it('keeps the keys out of every answer, the export, the database in the clear and the logs', async () => {
    const status = await harness.app.inject({
      method: 'GET',
      url: '/api/admin/companies/demo/payments/stripe',
      headers: ADMIN,
    });
    expect(status.json()).toMatchObject({ provider: 'stripe', configured: true, key_id: 'k1' });
    const exported = await harness.app.inject({ method: 'GET', url: '/api/admin/companies/demo', headers: ADMIN });
    // The section with its defaults (decision 0085): nothing taken at booking, no card saved.
    expect(exported.json().payments).toEqual({
      provider: 'stripe',
      at_booking: { kind: 'later' },
      save_card: false,
      services: [],
      packages: [],
    });
    const stored = await harness.database.db.select().from(t.companyPaymentSecrets);
    const everything = [status.body, exported.body, JSON.stringify(stored), logLines.join('')];
    for (const secret of [...Object.values(DEMO_SECRETS), ...Object.values(OTHER_SECRETS)]) {
      for (const text of everything) expect(text).not.toContain(secret);
    }
    expect(logLines.join('')).toContain('/pay/[redacted]');
    expect(logLines.join('')).not.toMatch(/\/pay\/[A-Za-z0-9_-]{43}/);
    // Keys that are not Stripe's shape are refused without repeating them.
    const refused = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo/payments/stripe',
      headers: ADMIN,
      payload: { ...DEMO_SECRETS, secret_key: 'pk_test_publishableKey99' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain('pk_test_publishableKey99');
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/admin/companies/demo/payments/stripe' })).statusCode,
    ).toBe(401);
  });

  it("keeps a company's template link as the simple choice, and offers nothing with 'none'", async () => {
    const template = 'https://pay.example.com/{order_id}?amount={amount}';
    const confirmIn = async (provider: 'link' | 'none') => {
      const document = {
        ...stripeDocument('other'),
        payments: { provider },
        notifications: { payment_link: template },
      };
      expect(
        (
          await harness.app.inject({
            method: 'PUT',
            url: '/api/admin/companies/other',
            headers: ADMIN,
            payload: document,
          })
        ).statusCode,
      ).toBe(200);
      const order = await DemoOrder.start(
        harness.app,
        harness.database.db,
        await startDemoSession(harness.app, OTHER_OFFICE, 'other'),
        'other',
      );
      await order.fillIn();
      expect((await order.hold((await order.slots(1, 13))[0]!)).statusCode).toBe(200);
      const confirmed = await order.confirm();
      expect(confirmed.statusCode).toBe(200);
      return { orderId: order.orderId, payUrl: confirmed.json<{ pay_url: string | null }>().pay_url };
    };
    const byLink = await confirmIn('link');
    expect(byLink.payUrl).toMatch(new RegExp(`^https://pay\\.example\\.com/${byLink.orderId}\\?amount=\\d+\\.\\d{2}$`));
    expect((await confirmIn('none')).payUrl).toBeNull();
    expect(
      await harness.database.db.select().from(t.orderPayments).where(eq(t.orderPayments.orderId, byLink.orderId)),
    ).toEqual([]);
  });

  it('reads old ciphertexts during a key rotation, and re-encrypts every secret under the new key', async () => {
    const key2 = DataEncryption.newKeyEntry('k2');
    const rotated = DataEncryption.fromEnv(`${key2},${KEY_1}`);
    expect(await reencryptSecrets(harness.database.db, rotated)).toBe(2);
    expect(await reencryptSecrets(harness.database.db, rotated)).toBe(0);
    const rows = await harness.database.db.select().from(t.companyPaymentSecrets);
    expect(rows.map((row) => row.keyId)).toEqual(['k2', 'k2']);
    // Only the new key is needed now; the old one alone no longer reads them.
    const newOnly = DataEncryption.fromEnv(key2);
    const demo = rows.find((row) => row.companyId !== null && row.secretKey.length > 0)!;
    const context = `company_payment_secrets:${demo.companyId}:stripe:secret_key`;
    expect([DEMO_SECRETS.secret_key, OTHER_SECRETS.secret_key]).toContain(newOnly.decrypt(demo.secretKey, context));
    expect(() => DataEncryption.fromEnv(KEY_1).decrypt(demo.secretKey, context)).toThrow(/unknown_key/);
  });
});

describeOnEachDatabase('payments without a data encryption key', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory);
  });
  afterAll(async () => harness.close());

  it('refuses to store Stripe keys it could not encrypt', async () => {
    const answer = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo/payments/stripe',
      headers: ADMIN,
      payload: DEMO_SECRETS,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('payments_not_configured');
    expect(await harness.database.db.select().from(t.companyPaymentSecrets)).toEqual([]);
  });
});

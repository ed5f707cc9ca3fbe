import { eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { loggerOptions } from '../../app.ts';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import type { TestDatabaseFactory } from '../../db/test-databases.ts';
import {
  demoDocumentWith,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { FakeStripe, type FakeCheckoutSession } from './test-stripe-server.ts';

/** The companies, keys and calls the Stripe tests share: two companies paying through Stripe, on the local stand-in. */

export const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
export const PUBLIC_URL = 'https://book.example.com';
export const KEY_1 = DataEncryption.newKeyEntry('k1');
export const DEMO_SECRETS = { secret_key: 'sk_test_demoDEMOdemo0001', webhook_secret: 'whsec_demoDEMOdemoSigning01' };
export const OTHER_SECRETS = { secret_key: 'sk_test_otherOTHERother02', webhook_secret: 'whsec_otherOTHERotherSign02' };
export const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000b2';
const DAY_MS = 86_400_000;

/** The demo company paid through Stripe, and a second company ("other") with Stripe keys of its own. */
export function stripeDocument(key: 'demo' | 'other'): Record<string, unknown> {
  return demoDocumentWith({}, (doc) => {
    doc.payments = { provider: 'stripe' };
    if (key === 'demo') return;
    doc.key = key;
    doc.offices[0].uuid = OTHER_OFFICE;
    for (const inspector of doc.inspectors) inspector.office = OTHER_OFFICE;
  });
}

export interface ConfirmedStripeOrder {
  order: DemoOrder;
  payUrl: string;
  totalCents: number;
}

/** The server over a fresh database with both companies on Stripe, the stand-in it calls, and what it logged. */
export class StripeHarness {
  private constructor(
    readonly harness: TestApp,
    readonly stripe: FakeStripe,
    readonly logLines: string[],
  ) {}

  static async start(factory: TestDatabaseFactory): Promise<StripeHarness> {
    const stripe = await FakeStripe.start();
    const logLines: string[] = [];
    const logStream = new Writable({
      write: (chunk: Buffer, _encoding, done) => (logLines.push(chunk.toString()), done()),
    });
    const harness = await startTestApp(factory, {
      config: {
        PUBLIC_URL,
        DATA_ENCRYPTION_KEY: KEY_1,
        STRIPE_API_BASE: stripe.baseUrl,
        SESSION_RATE_LIMIT: '1000',
        SEARCH_RATE_LIMIT: '1000',
        WRITE_RATE_LIMIT: '1000',
      },
      logger: { ...(loggerOptions('trace') as object), stream: logStream },
    });
    for (const key of ['demo', 'other'] as const) {
      const imported = await harness.app.inject({
        method: 'PUT',
        url: `/api/admin/companies/${key}`,
        headers: ADMIN,
        payload: stripeDocument(key),
      });
      expect(imported.statusCode).toBe(200);
      const secrets = await harness.app.inject({
        method: 'PUT',
        url: `/api/admin/companies/${key}/payments/stripe`,
        headers: ADMIN,
        payload: key === 'demo' ? DEMO_SECRETS : OTHER_SECRETS,
      });
      expect(secrets.statusCode).toBe(200);
    }
    return new StripeHarness(harness, stripe, logLines);
  }

  /** What the payment jobs' handlers need, on this server's database, clock and stand-in. */
  jobDeps() {
    return {
      db: this.harness.database.db,
      encryption: DataEncryption.fromEnv(KEY_1),
      stripe: { apiBase: this.stripe.baseUrl, timeoutMs: 5_000 },
      log: { warn: () => {} },
      now: () => new Date(this.harness.clock.now()),
    };
  }

  async close(): Promise<void> {
    await this.harness.close();
    await this.stripe.close();
  }

  /**
   * A confirmed demo order with its pay link, each on a time of its own: the first time still free
   * (every earlier order booked one) at least `daysAhead` days from the server's clock.
   */
  async confirmedOrder(daysAhead = 0): Promise<ConfirmedStripeOrder> {
    const { app, database, clock } = this.harness;
    const order = await DemoOrder.start(app, database.db, await startDemoSession(app));
    await order.fillIn({ clientEmail: 'Dana@Example.com' });
    const slot = (await order.slots(1, 13)).find((each) => each.timestamp * 1000 >= clock.now() + daysAhead * DAY_MS)!;
    expect((await order.hold(slot)).statusCode).toBe(200);
    const confirmed = await order.confirm();
    expect(confirmed.statusCode).toBe(200);
    const [row] = await database.db
      .select({ snapshot: t.orders.pricingSnapshot })
      .from(t.orders)
      .where(eq(t.orders.id, order.orderId));
    return {
      order,
      payUrl: confirmed.json<{ pay_url: string }>().pay_url,
      totalCents: (row!.snapshot as { total_cents: number }).total_cents,
    };
  }

  openPayLink(payUrl: string, query = '') {
    return this.harness.app.inject({ method: 'GET', url: `${new URL(payUrl).pathname}${query}` });
  }

  /** The Checkout Session the pay link opens now (it must open one). */
  async openedSession(payUrl: string): Promise<FakeCheckoutSession> {
    const opened = await this.openPayLink(payUrl);
    expect(opened.statusCode, opened.body).toBe(303);
    return this.stripe.sessions.get(String(opened.headers.location).split('/').pop()!)!;
  }

  /** The Checkout Session the pay link opened, paid on Stripe's page. */
  async paidSession(payUrl: string): Promise<FakeCheckoutSession> {
    return this.stripe.complete((await this.openedSession(payUrl)).id);
  }

  deliver(companyKey: string, delivery: { payload: string; signature?: string }) {
    return this.harness.app.inject({
      method: 'POST',
      url: `/api/payments/stripe/webhook/${companyKey}`,
      headers: {
        'content-type': 'application/json',
        ...(delivery.signature ? { 'stripe-signature': delivery.signature } : {}),
      },
      payload: delivery.payload,
    });
  }
}

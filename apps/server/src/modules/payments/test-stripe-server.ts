import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A Checkout Session as the stand-in keeps it (the fields the server reads, and a few more). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  /** 0 for a setup session (Stripe writes null there; the stand-in answers null on the wire). */
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  /** Stripe's PaymentIntent of the payment: set once the session is paid. */
  payment_intent: string | null;
  /** A setup session's SetupIntent: set once the card is saved. */
  setup_intent: string | null;
  /** The Customer the card is saved to (customer_creation: always), once complete. */
  customer: string | null;
  customer_email: string | null;
  /** payment_intent_data[setup_future_usage]: the card paid with is saved for off-session use. */
  setup_future_usage: string | null;
  /** Epoch seconds, as Stripe takes and answers it. */
  expires_at: number | null;
  url: string;
  success_url: string;
  cancel_url: string;
}

/** The card every stand-in checkout pays with or saves: Stripe's test Visa. */
export const TEST_CARD = { id: 'pm_card_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } as const;

/** A Refund as the stand-in keeps it, in Stripe's wire format. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

/** A PaymentIntent as the stand-in keeps it, in Stripe's wire format (the fields the server reads, and a few more). */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: 'succeeded' | 'requires_payment_method';
  latest_charge: string | null;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null;
  created: number;
}

/** Stripe's test PaymentMethods that an off-session confirmation refuses, and how (Stripe's testing docs). */
const OFF_SESSION_FAILURES: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_authenticationRequired: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  pm_card_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
};

/** One API call the stand-in received. */
export interface FakeStripeCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The bearer key the SDK sent: which company's key was used. */
  apiKey: string;
  form: URLSearchParams;
}

/** The Charge of a PaymentIntent (one charge each here). */
const chargeIdOf = (paymentIntent: string) => `ch_${paymentIntent.slice('pi_'.length)}`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** Stripe's answer to a request it refuses, in its wire format: `{error: {type, code?, message}}`. */
function refusal(
  status: number,
  error: { type: string; code?: string; message: string; [more: string]: unknown },
  headers: Record<string, string> = {},
) {
  return { status, body: JSON.stringify({ error }), headers };
}

/**
 * A local HTTP server standing in for Stripe's API (STRIPE_API_BASE points the SDK at it): it
 * creates, retrieves and expires Checkout Sessions, refunds their payments (POST /v1/refunds), honours idempotency keys as Stripe does (the
 * same key answers the same session), and serves a stand-in of the hosted checkout page. As at
 * Stripe, only an open session can be paid or expired. Tests complete sessions, let Stripe expire
 * them on its own, take the API down, and sign webhook events with the SDK's own test-header helper.
 */
export class FakeStripe {
  readonly sessions = new Map<string, FakeCheckoutSession>();
  /** Every refund made, through the API or in the dashboard, in order. */
  readonly refunds: FakeRefund[] = [];
  readonly calls: FakeStripeCall[] = [];
  private readonly byIdempotencyKey = new Map<string, string>();
  private readonly refundsByKey = new Map<string, FakeRefund>();
  private next = 1;
  /** While true every API call answers 500, as during an outage of Stripe's API. */
  down = false;
  /** Awaited while a session is being created, before Stripe answers: a test's change racing the creation. */
  whileCreating: (() => Promise<void>) | null = null;
  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FakeStripe> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeStripe(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void fake.handle(request).then(({ status, body, type, headers }) => {
        response.writeHead(status, {
          'content-type': type ?? 'application/json',
          'request-id': `req_${fake.next}`,
          ...headers,
        });
        response.end(body);
      });
    });
    return fake;
  }

  creations(): FakeStripeCall[] {
    return this.calls.filter((call) => call.method === 'POST' && call.path === '/v1/checkout/sessions');
  }

  /** The refund requests received (POST /v1/refunds), answered or refused. */
  refundCalls(): FakeStripeCall[] {
    return this.calls.filter((call) => call.method === 'POST' && call.path === '/v1/refunds');
  }

  /** The Charge of a paid session's PaymentIntent, as `charge.refunded` carries it (with its refunds listed). */
  charge(paymentIntent: string) {
    const session = this.paidSession(paymentIntent)!;
    const refunds = this.refunds.filter((refund) => refund.payment_intent === paymentIntent);
    const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
    return {
      id: chargeIdOf(paymentIntent),
      object: 'charge' as const,
      amount: session.amount_total,
      amount_refunded: refunded,
      currency: session.currency,
      payment_intent: paymentIntent,
      refunded: refunded >= session.amount_total,
      refunds: {
        object: 'list',
        data: refunds,
        has_more: false,
        url: `/v1/charges/${chargeIdOf(paymentIntent)}/refunds`,
      },
    };
  }

  /** A refund the company made in Stripe's dashboard: no API call of ours, only the webhook tells of it. */
  refundInDashboard(paymentIntent: string, amount: number): FakeRefund {
    return this.makeRefund(this.paidSession(paymentIntent)!, amount, {});
  }

  /** A dispute the client's bank opened on a paid session's payment, as `charge.dispute.created` carries it. */
  dispute(paymentIntent: string, reason = 'fraudulent') {
    const session = this.paidSession(paymentIntent)!;
    return {
      id: `dp_test_${String(this.next++).padStart(6, '0')}`,
      object: 'dispute' as const,
      amount: session.amount_total,
      charge: chargeIdOf(paymentIntent),
      currency: session.currency,
      payment_intent: paymentIntent,
      reason,
      status: 'needs_response',
      created: Math.floor(Date.now() / 1000),
    };
  }

  private paidSession(paymentIntent: string): FakeCheckoutSession | undefined {
    return [...this.sessions.values()].find((session) => session.payment_intent === paymentIntent);
  }

  private makeRefund(session: FakeCheckoutSession, amount: number, metadata: Record<string, string>): FakeRefund {
    const refund: FakeRefund = {
      id: `re_test_${String(this.next++).padStart(6, '0')}`,
      object: 'refund',
      amount,
      charge: chargeIdOf(session.payment_intent!),
      currency: session.currency,
      payment_intent: session.payment_intent!,
      reason: null,
      status: 'succeeded',
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.push(refund);
    return refund;
  }

  /**
   * POST /v1/refunds as Stripe answers it: the PaymentIntent's charge refunded by `amount` (all that
   * is left when it is not given); the same idempotency key answers the same refund; a refund of more
   * than is left, or of a charge refunded in full, is refused (400 invalid_request_error).
   */
  private refund(form: URLSearchParams, key: string | undefined) {
    const known = key ? this.refundsByKey.get(key) : undefined;
    if (known) return { status: 200, body: JSON.stringify(known) };
    const paymentIntent = form.get('payment_intent') ?? '';
    const session = this.paidSession(paymentIntent);
    if (!session)
      return refusal(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${paymentIntent}'`,
      });
    const refunded = this.refunds
      .filter((refund) => refund.payment_intent === paymentIntent)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = session.amount_total - refunded;
    if (left <= 0)
      return refusal(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${chargeIdOf(paymentIntent)} has already been refunded.`,
      });
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return refusal(400, {
        type: 'invalid_request_error',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      });
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const field = /^metadata\[(.+)\]$/.exec(name);
      if (field) metadata[field[1]!] = value;
    }
    const refund = this.makeRefund(session, amount, metadata);
    if (key) this.refundsByKey.set(key, refund);
    return { status: 200, body: JSON.stringify(refund) };
  }

  expirations(): FakeStripeCall[] {
    return this.calls.filter(
      (call) => call.method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(call.path),
    );
  }

  /** The visitor paid on Stripe's page: only an open session takes a payment (an expired one shows "expired"). */
  complete(id: string): FakeCheckoutSession {
    const session = this.sessions.get(id)!;
    if (session.status !== 'open')
      throw new Error(`the Checkout Session ${id} is ${session.status}: Stripe takes no payment on it`);
    const suffix = id.slice('cs_test_'.length);
    Object.assign(
      session,
      session.mode === 'setup'
        ? { status: 'complete', payment_status: 'no_payment_required', setup_intent: `seti_test_${suffix}` }
        : { status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${suffix}` },
    );
    return session;
  }

  /** Stripe expired an open session on its own (24 hours after it was created). */
  expire(id: string): void {
    const session = this.sessions.get(id)!;
    if (session.status === 'open') session.status = 'expired';
  }

  /** A webhook delivery of `session` (or of a Charge, a Dispute) as Stripe signs it with `secret` (the SDK's own helper). */
  static signedEvent<T extends { id: string }>(
    session: T,
    secret: string,
    type = 'checkout.session.completed',
    createdMs = Date.now(),
  ): { payload: string; signature: string } {
    const payload = JSON.stringify({
      id: `evt_${session.id}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(createdMs / 1000),
      data: { object: session },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(
    request: IncomingMessage,
  ): Promise<{ status: number; body: string; type?: string; headers?: Record<string, string> }> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const form = new URLSearchParams(await readBody(request));
    const key = request.headers['idempotency-key'];
    this.calls.push({
      method: request.method ?? '',
      path: url.pathname,
      idempotencyKey: typeof key === 'string' ? key : undefined,
      apiKey: (request.headers.authorization ?? '').replace(/^Bearer /, ''),
      form,
    });
    if (this.down && url.pathname.startsWith('/v1/')) {
      // Stripe-Should-Retry: false keeps the SDK from retrying at once; the server's own retry is under test.
      return refusal(
        500,
        { type: 'api_error', message: 'An error occurred with our connection to Stripe (stand-in outage).' },
        { 'stripe-should-retry': 'false' },
      );
    }
    const offSession = this.handlePaymentIntents(request.method ?? '', url.pathname, form, key);
    if (offSession) return offSession;
    const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/refunds')
      return this.refund(form, typeof key === 'string' ? key : undefined);
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      await this.whileCreating?.();
      return { status: 200, body: JSON.stringify(this.create(form, typeof key === 'string' ? key : undefined)) };
    }
    if (session && ((request.method === 'GET' && !session[2]) || (request.method === 'POST' && session[2]))) {
      const found = this.sessions.get(session[1]!);
      if (!found)
        return refusal(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such checkout.session: '${session[1]}'`,
        });
      if (!session[2]) return { status: 200, body: JSON.stringify(this.onTheWire(found, url.searchParams)) };
      // POST /v1/checkout/sessions/:id/expire: only an open session can be expired.
      if (found.status !== 'open')
        return refusal(400, {
          type: 'invalid_request_error',
          message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${found.status}\`.`,
        });
      found.status = 'expired';
      return { status: 200, body: JSON.stringify(found) };
    }
    const page = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    if (page) return this.hostedPage(page[1]!, request.method === 'POST' && page[2] !== undefined);
    return refusal(404, { type: 'invalid_request_error', message: 'Unrecognized request URL' });
  }

  /**
   * A session as Stripe's API writes it: a setup session's amount is null, and `expand[]` of
   * `payment_intent.payment_method` or `setup_intent.payment_method` answers the intent with the
   * card object in place of its id (the test Visa, saved to the session's Customer).
   */
  private onTheWire(session: FakeCheckoutSession, query: URLSearchParams) {
    const expand = new Set(query.getAll('expand[]').concat(query.getAll('expand[0]'), query.getAll('expand[1]')));
    const card = { ...TEST_CARD, object: 'payment_method', customer: session.customer, card: TEST_CARD };
    const intent = (id: string | null, path: string) =>
      id && expand.has(path)
        ? { id, payment_method: session.customer || session.setup_future_usage ? card : TEST_CARD.id }
        : id;
    return {
      ...session,
      amount_total: session.mode === 'setup' ? null : session.amount_total,
      payment_intent: intent(session.payment_intent, 'payment_intent.payment_method'),
      setup_intent: intent(session.setup_intent, 'setup_intent.payment_method'),
    };
  }

  /**
   * Stripe's hosted page, as far as a browser test needs it: the amount, a "Pay" button that
   * completes the session and sends the client to its success_url (Stripe's {CHECKOUT_SESSION_ID}
   * filled in), and a link back to its cancel_url. An expired or paid session says so.
   */
  private hostedPage(id: string, pay: boolean) {
    const session = this.sessions.get(id);
    const html = (body: string) => ({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (stand-in)</title></head><body><main><h1>Stripe Checkout (stand-in)</h1>${body}</main></body></html>`,
    });
    if (!session) return { status: 404, type: 'text/html', body: '<!doctype html><title>Not found</title>' };
    if (pay && session.status === 'open') {
      this.complete(id);
      return { status: 303, body: '', headers: { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', id) } };
    }
    if (session.status !== 'open') return html(`<p>This Checkout Session is ${session.status}.</p>`);
    const what =
      session.mode === 'setup'
        ? 'Save your card'
        : `Pay ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    return html(
      `<p>${session.customer_email ?? ''}</p><form method="post" action="/checkout/${id}/pay"><button type="submit">${what}</button></form><p><a href="${session.cancel_url}">Back</a></p>`,
    );
  }

  private create(form: URLSearchParams, key: string | undefined): FakeCheckoutSession {
    const known = key ? this.byIdempotencyKey.get(key) : undefined;
    if (known) return this.sessions.get(known)!;
    const id = `cs_test_${String(this.next++).padStart(6, '0')}`;
    const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
    const mode = form.get('mode') === 'setup' ? 'setup' : 'payment';
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const field = /^metadata\[(.+)\]$/.exec(name);
      if (field) metadata[field[1]!] = value;
    }
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: mode === 'setup' ? 0 : Number(form.get('line_items[0][price_data][unit_amount]')) * quantity,
      currency: (mode === 'setup' ? form.get('currency') : form.get('line_items[0][price_data][currency]')) ?? '',
      client_reference_id: form.get('client_reference_id'),
      metadata: { order_id: '', ...metadata },
      payment_intent: null,
      setup_intent: null,
      customer: form.get('customer_creation') === 'always' ? `cus_test_${id.slice('cs_test_'.length)}` : null,
      customer_email: form.get('customer_email'),
      setup_future_usage: form.get('payment_intent_data[setup_future_usage]'),
      expires_at: form.has('expires_at') ? Number(form.get('expires_at')) : null,
      url: `${this.baseUrl}/checkout/${id}`,
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
    };
    this.sessions.set(id, session);
    if (key) this.byIdempotencyKey.set(key, id);
    return session;
  }

  // ---- PaymentIntents off-session: a saved card charged for a late fee (issue 44, decision 0081) ----
  // Kept apart from the Checkout Session methods above: other work adds Checkout features to this file.

  /** Every PaymentIntent created (each idempotency key once), in order; a refused one has status requires_payment_method. */
  readonly paymentIntents: FakePaymentIntent[] = [];
  private readonly paymentIntentAnswers = new Map<string, { status: number; body: string }>();

  /** The PaymentIntent creations received (POST /v1/payment_intents), a replay under a known key included. */
  paymentIntentCalls(): FakeStripeCall[] {
    return this.calls.filter((call) => call.method === 'POST' && call.path === '/v1/payment_intents');
  }

  /** POST /v1/payment_intents and GET /v1/payment_intents/:id; null for any other request. */
  private handlePaymentIntents(
    method: string,
    path: string,
    form: URLSearchParams,
    key: string | string[] | undefined,
  ) {
    if (method === 'POST' && path === '/v1/payment_intents')
      return this.createPaymentIntent(form, typeof key === 'string' ? key : undefined);
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method !== 'GET' || !one) return null;
    const found = this.paymentIntents.find((intent) => intent.id === one[1]);
    if (!found)
      return refusal(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${one[1]}'`,
      });
    return { status: 200, body: JSON.stringify(found) };
  }

  /**
   * Creates and confirms a PaymentIntent as Stripe does with `confirm: true, off_session: true`. Stripe's
   * test PaymentMethods decide: `pm_card_authenticationRequired` is refused 402 `card_error` with code
   * `authentication_required` (the bank asks for the customer, who is not there), `pm_card_chargeDeclined`
   * 402 `card_declined`; the error carries the PaymentIntent, left `requires_payment_method`. Any other
   * succeeds. The same idempotency key answers the same response, a refusal included, as Stripe replays it.
   */
  private createPaymentIntent(form: URLSearchParams, key: string | undefined) {
    const known = key ? this.paymentIntentAnswers.get(key) : undefined;
    if (known) return known;
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 1)
      return refusal(400, { type: 'invalid_request_error', message: 'Invalid integer: amount' });
    const paymentMethod = form.get('payment_method') ?? '';
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const field = /^metadata\[(.+)\]$/.exec(name);
      if (field) metadata[field[1]!] = value;
    }
    const id = `pi_test_${String(this.next++).padStart(6, '0')}`;
    const failure = OFF_SESSION_FAILURES[paymentMethod];
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: failure ? 0 : amount,
      currency: form.get('currency') ?? '',
      customer: form.get('customer'),
      payment_method: failure ? null : paymentMethod,
      status: failure ? 'requires_payment_method' : 'succeeded',
      latest_charge: failure ? null : chargeIdOf(id),
      metadata,
      last_payment_error: failure ? { type: 'card_error', ...failure } : null,
      created: Math.floor(Date.now() / 1000),
    };
    this.paymentIntents.push(intent);
    const answer = failure
      ? refusal(402, {
          type: 'card_error',
          ...failure,
          payment_intent: intent,
          payment_method: { id: paymentMethod, object: 'payment_method' },
        })
      : { status: 200, body: JSON.stringify(intent) };
    if (key) this.paymentIntentAnswers.set(key, answer);
    return answer;
  }
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A Checkout Session as the stand-in keeps it (the fields the server reads, and a few more). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  url: string;
  success_url: string;
  cancel_url: string;
}

/** One API call the stand-in received. */
export interface FakeStripeCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The bearer key the SDK sent: which company's key was used. */
  apiKey: string;
  form: URLSearchParams;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * A local HTTP server standing in for Stripe's API (STRIPE_API_BASE points the SDK at it): it
 * creates and retrieves Checkout Sessions, honours idempotency keys as Stripe does (the same key
 * answers the same session), and serves a stand-in of the hosted checkout page. Tests complete or
 * expire sessions, and sign webhook events with the SDK's own test-header helper.
 */
export class FakeStripe {
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly calls: FakeStripeCall[] = [];
  private readonly byIdempotencyKey = new Map<string, string>();
  private next = 1;
  private constructor(private readonly server: Server, readonly baseUrl: string) {}

  static async start(): Promise<FakeStripe> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeStripe(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void fake.handle(request).then(({ status, body, type }) => {
        response.writeHead(status, { 'content-type': type ?? 'application/json', 'request-id': `req_${fake.next}` });
        response.end(body);
      });
    });
    return fake;
  }

  creations(): FakeStripeCall[] {
    return this.calls.filter((call) => call.method === 'POST' && call.path === '/v1/checkout/sessions');
  }

  /** The visitor paid on Stripe's page. */
  complete(id: string): FakeCheckoutSession {
    const session = this.sessions.get(id)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    return session;
  }

  expire(id: string): void {
    Object.assign(this.sessions.get(id)!, { status: 'expired' });
  }

  /** A webhook delivery of `session` as Stripe signs it with `secret` (the SDK's own helper). */
  static signedEvent(session: Partial<FakeCheckoutSession> & { id: string }, secret: string, type = 'checkout.session.completed'): { payload: string; signature: string } {
    const payload = JSON.stringify({ id: `evt_${session.id}`, object: 'event', type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object: session } });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: string; type?: string }> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const form = new URLSearchParams(await readBody(request));
    const key = request.headers['idempotency-key'];
    this.calls.push({ method: request.method ?? '', path: url.pathname, idempotencyKey: typeof key === 'string' ? key : undefined, apiKey: (request.headers.authorization ?? '').replace(/^Bearer /, ''), form });
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') return { status: 200, body: JSON.stringify(this.create(form, typeof key === 'string' ? key : undefined)) };
    if (request.method === 'GET' && retrieve) {
      const session = this.sessions.get(retrieve[1]!);
      if (session) return { status: 200, body: JSON.stringify(session) };
      return { status: 404, body: JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } }) };
    }
    if (request.method === 'GET' && url.pathname.startsWith('/checkout/')) return { status: 200, type: 'text/html', body: '<!doctype html><title>Stripe Checkout (stand-in)</title><h1>Stripe Checkout (stand-in)</h1>' };
    return { status: 404, body: JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }) };
  }

  private create(form: URLSearchParams, key: string | undefined): FakeCheckoutSession {
    const known = key ? this.byIdempotencyKey.get(key) : undefined;
    if (known) return this.sessions.get(known)!;
    const id = `cs_test_${String(this.next++).padStart(6, '0')}`;
    const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * quantity,
      currency: form.get('line_items[0][price_data][currency]') ?? '',
      client_reference_id: form.get('client_reference_id'),
      metadata: { order_id: form.get('metadata[order_id]') ?? '' },
      url: `${this.baseUrl}/checkout/${id}`,
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
    };
    this.sessions.set(id, session);
    if (key) this.byIdempotencyKey.set(key, id);
    return session;
  }
}

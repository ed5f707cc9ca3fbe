import type { NotificationSettings, PaymentSettings } from '@scheduler/contracts/company-document';
import type { StripeSecretsBody, StripeSecretsStatus, WebhookResponse } from '@scheduler/contracts/payments';
import { paymentUrl } from '@scheduler/domain/confirm/payment-link';
import type { DataEncryption } from '../../crypto/data-encryption.ts';
import type { Database, Executor } from '../../db/connection.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { hashToken, newSessionToken } from '../sessions/tokens.ts';
import {
  findCompanyPayments,
  findPayLink,
  insertOrderPayment,
  loadPayableOrder,
  loadStripeSecrets,
  markOrderPaid,
  recordCheckoutSession,
  replaceCiphertexts,
  saveStripeSecrets,
  secretsNotUnderKey,
} from './payments.repository.ts';
import { paymentReceiptJobs } from './receipt-jobs.ts';
import { checkoutSessionSchema, isStripeError, stripeClient, verifiedEvent, type CheckoutSession, type StripeOptions } from './stripe-gateway.ts';

export interface PaymentsDeps {
  db: Database;
  /** DATA_ENCRYPTION_KEY's keys; null when it is unset (no provider keys can be stored or read). */
  encryption: DataEncryption | null;
  stripe: StripeOptions;
  /** The start of every absolute link: PUBLIC_URL, or the configured host and port; never a request's Host (rule 15). */
  publicBaseUrl: () => string;
  now: () => Date;
  /** Codes only: never a key, a token or a person's data. */
  log: { warn(data: Record<string, unknown>, message: string): void };
  /** Told after an order was marked paid: its receipts are queued, and caches of the order are stale. */
  onPaid?: (orderId: string) => void;
}

/** The path of a pay link; the token follows it. */
export const PAY_PATH = '/pay';

const notConfigured = (why: string) => new AppError(409, 'payments_not_configured', why);
const ENCRYPTION_KEY_MISSING = 'Online payment is not set up on this server (DATA_ENCRYPTION_KEY is not set).';
/** The same answer for an unknown company, one without keys and a forged signature: a prober learns nothing. */
const invalidSignature = () => new AppError(400, 'invalid_signature', 'The webhook signature could not be verified.');
const mismatch = (what: string) => new AppError(400, 'payment_mismatch', `The payment does not match the order: ${what}.`);
const providerUnavailable = () => new AppError(502, 'payment_provider_unavailable', 'The payment service did not answer. Please try again in a moment.');

/** Where in the database a ciphertext may be read: another company's row or column does not decrypt it. */
const secretContext = (companyId: string, field: 'secret_key' | 'webhook_secret') => `company_payment_secrets:${companyId}:stripe:${field}`;

/**
 * The pay link written at confirm into `orders.pay_url`, inside the confirm's transaction:
 * `link` fills the company's URL template in (as before issue 23); `stripe` issues an unguessable
 * token (only its hash is kept) and answers this server's own `${PUBLIC_URL}/pay/<token>`;
 * `none`, or nothing to pay, answers null.
 */
export async function payUrlAtConfirm(
  tx: Executor,
  input: { companyId: string; orderId: string; payments: PaymentSettings; notifications: NotificationSettings; totalCents: number; currency: string; publicBaseUrl: string },
): Promise<string | null> {
  const { payments, notifications } = input;
  if (payments.provider === 'link') return notifications.payment_link ? paymentUrl(notifications.payment_link, { orderId: input.orderId, amountCents: input.totalCents, currency: input.currency }) : null;
  if (payments.provider === 'none' || input.totalCents <= 0) return null;
  const token = newSessionToken();
  await insertOrderPayment(tx, { companyId: input.companyId, orderId: input.orderId, payTokenHash: hashToken(token), amountCents: input.totalCents, currency: input.currency });
  return `${input.publicBaseUrl}${PAY_PATH}/${token}`;
}

function requireEncryption(deps: PaymentsDeps): DataEncryption {
  if (!deps.encryption) throw notConfigured(ENCRYPTION_KEY_MISSING);
  return deps.encryption;
}

async function companyOf(deps: PaymentsDeps, companyKey: string) {
  const company = await findCompanyPayments(deps.db, companyKey);
  if (!company) throw new NotFoundError(`The company "${companyKey}"`);
  return company;
}

function statusOf(stored: { keyId: string; updatedAt: Date } | null): StripeSecretsStatus {
  return { provider: 'stripe', configured: stored !== null, key_id: stored?.keyId ?? null, updated_at: stored?.updatedAt.toISOString() ?? null };
}

/** Stores the company's Stripe keys, encrypted; answers only that they are set. */
export async function setStripeSecrets(deps: PaymentsDeps, companyKey: string, body: StripeSecretsBody): Promise<StripeSecretsStatus> {
  const encryption = requireEncryption(deps);
  const company = await companyOf(deps, companyKey);
  const at = deps.now();
  const stored = {
    secretKey: encryption.encrypt(body.secret_key, secretContext(company.id, 'secret_key')),
    webhookSecret: encryption.encrypt(body.webhook_secret, secretContext(company.id, 'webhook_secret')),
    keyId: encryption.currentKeyId,
  };
  await saveStripeSecrets(deps.db, company.id, stored, at);
  return statusOf({ keyId: stored.keyId, updatedAt: at });
}

export async function stripeSecretsStatus(deps: PaymentsDeps, companyKey: string): Promise<StripeSecretsStatus> {
  const company = await companyOf(deps, companyKey);
  return statusOf(await loadStripeSecrets(deps.db, company.id));
}

/** The company's Stripe keys in the clear, for one call; null when they are not set or cannot be read. */
async function stripeKeysOf(deps: PaymentsDeps, companyId: string): Promise<{ secretKey: string; webhookSecret: string } | null> {
  if (!deps.encryption) return null;
  const stored = await loadStripeSecrets(deps.db, companyId);
  if (!stored) return null;
  try {
    return {
      secretKey: deps.encryption.decrypt(stored.secretKey, secretContext(companyId, 'secret_key')),
      webhookSecret: deps.encryption.decrypt(stored.webhookSecret, secretContext(companyId, 'webhook_secret')),
    };
  } catch (error) {
    // A key left out of DATA_ENCRYPTION_KEY too early in a rotation, or an altered row.
    deps.log.warn({ code: 'payment_secrets_unreadable', reason: (error as { reason?: string }).reason ?? 'unknown' }, 'payment secrets could not be decrypted');
    return null;
  }
}

/** What opening a pay link leads to. */
export type PayLinkAnswer = { kind: 'checkout'; url: string } | { kind: 'paid' } | { kind: 'processing' } | { kind: 'not_started' };

/**
 * Opens a pay link (GET /pay/<token>). A paid order answers "paid" and opens nothing. Otherwise
 * the order's Checkout Session is reused while it is open, a completed one settles the order (a
 * webhook that is late or lost changes nothing then), and an expired one, or none yet, is
 * replaced by a new one for the confirmed total. Creation carries an idempotency key from the
 * order, the amount and the attempt: two clicks at once open one session.
 * `start: false` (the visitor came back from cancelling) only says whether the order is paid.
 */
export async function openPayLink(deps: PaymentsDeps, token: string, options: { start: boolean }): Promise<PayLinkAnswer> {
  const link = await findPayLink(deps.db, hashToken(token));
  if (!link) throw new NotFoundError('The payment link');
  if (link.paid) return { kind: 'paid' };
  if (!options.start) return { kind: 'not_started' };
  const keys = await stripeKeysOf(deps, link.companyId);
  if (!keys) throw notConfigured('Online payment is not available for this order right now. Please contact the office.');
  const stripe = await stripeClient(keys.secretKey, deps.stripe);
  try {
    if (link.checkoutSessionId) {
      const current = checkoutSessionSchema.parse(await stripe.checkout.sessions.retrieve(link.checkoutSessionId));
      if (current.status === 'complete') {
        if (current.payment_status !== 'paid') return { kind: 'processing' };
        await settle(deps, link.companyId, current);
        return { kind: 'paid' };
      }
      if (current.status === 'open' && current.url) return { kind: 'checkout', url: current.url };
    }
    const attempt = link.checkoutAttempts + 1;
    const back = `${deps.publicBaseUrl()}${PAY_PATH}/${token}`;
    const created = checkoutSessionSchema.parse(
      await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: link.orderId,
          metadata: { order_id: link.orderId },
          payment_intent_data: { metadata: { order_id: link.orderId } },
          line_items: [{ quantity: 1, price_data: { currency: link.currency.toLowerCase(), unit_amount: link.amountCents, product_data: { name: `${link.companyName}: inspection order ${link.orderId.slice(0, 8)}` } } }],
          success_url: back,
          cancel_url: `${back}?cancelled=1`,
        },
        { idempotencyKey: `checkout:${link.orderId}:${link.amountCents}:${link.currency}:${attempt}` },
      ),
    );
    if (!created.url) throw providerUnavailable();
    await recordCheckoutSession(deps.db, link.companyId, link.orderId, created.id, attempt, deps.now());
    return { kind: 'checkout', url: created.url };
  } catch (error) {
    if (!isStripeError(error)) throw error;
    deps.log.warn({ code: 'stripe_call_failed', type: (error as { type?: string }).type ?? 'unknown', status: (error as { statusCode?: number }).statusCode ?? null }, 'stripe call failed');
    throw providerUnavailable();
  }
}

/** The events that say a Checkout Session's money arrived (a card at once; a bank debit later). */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * A signed Stripe webhook for one company (POST /api/payments/stripe/webhook/<companyKey>). The
 * signature is checked over the raw body with the company's own signing secret, so one
 * company's Stripe account can never mark another company's order paid.
 */
export async function handleStripeWebhook(deps: PaymentsDeps, companyKey: string, rawBody: string, signature: string | undefined): Promise<WebhookResponse> {
  const company = await findCompanyPayments(deps.db, companyKey);
  const keys = company && signature ? await stripeKeysOf(deps, company.id) : null;
  if (!company || !keys || !signature) throw invalidSignature();
  let event;
  try {
    event = await verifiedEvent(rawBody, signature, keys.webhookSecret);
  } catch {
    throw invalidSignature();
  }
  if (!PAID_EVENTS.has(event.type)) return { received: true, outcome: 'ignored' };
  const parsed = checkoutSessionSchema.safeParse(event.data.object);
  if (!parsed.success) throw mismatch('the event carries no Checkout Session');
  if (parsed.data.payment_status !== 'paid') return { received: true, outcome: 'ignored' };
  return { received: true, outcome: await settle(deps, company.id, parsed.data) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Marks the order a paid Checkout Session names paid, once: its amount and currency must be the
 * order's confirmed total. In one transaction with the change: the audit event `paid` and the
 * receipt e-mails (client and office).
 */
async function settle(deps: PaymentsDeps, companyId: string, session: CheckoutSession): Promise<'paid' | 'already_paid'> {
  const orderId = session.metadata?.order_id ?? session.client_reference_id ?? '';
  if (!UUID.test(orderId)) throw mismatch('it names no order');
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const payable = await loadPayableOrder(tx, companyId, orderId);
    if (!payable || payable.order.status !== 'confirmed') throw mismatch('it names no confirmed order of this company');
    if (payable.order.paid) return 'already_paid' as const;
    const snapshot = payable.order.pricingSnapshot as { total_cents?: unknown; currency?: unknown } | null;
    const currency = typeof snapshot?.currency === 'string' ? snapshot.currency.toLowerCase() : '';
    if (session.amount_total !== snapshot?.total_cents || session.currency?.toLowerCase() !== currency) throw mismatch('the amount or currency is not the confirmed total');
    const paid = await markOrderPaid(tx, {
      companyId,
      orderId,
      at: now,
      event: { provider: 'stripe', session_id: session.id, amount_cents: session.amount_total, currency: currency.toUpperCase() },
      jobs: paymentReceiptJobs(payable.order, payable.clients, now),
    });
    return paid ? ('paid' as const) : ('already_paid' as const);
  });
  if (outcome === 'paid') deps.onPaid?.(orderId);
  return outcome;
}

/**
 * After DATA_ENCRYPTION_KEY gained a new first key: encrypts every stored secret again under it,
 * a page at a time, so that the old key can then be removed. Answers how many rows it rewrote.
 */
export async function reencryptSecrets(db: Database, encryption: DataEncryption, pageSize = 100): Promise<number> {
  let rewritten = 0;
  for (;;) {
    const rows = await secretsNotUnderKey(db, encryption.currentKeyId, pageSize);
    if (rows.length === 0) return rewritten;
    for (const row of rows) {
      const again = (field: 'secret_key' | 'webhook_secret', ciphertext: string) => encryption.encrypt(encryption.decrypt(ciphertext, secretContext(row.companyId, field)), secretContext(row.companyId, field));
      await replaceCiphertexts(db, { ...row, secretKey: again('secret_key', row.secretKey), webhookSecret: again('webhook_secret', row.webhookSecret) }, row, encryption.currentKeyId);
      rewritten++;
    }
  }
}

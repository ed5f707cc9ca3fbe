import type Stripe from 'stripe';
import {
  bookingChangesSchema,
  type NotificationSettings,
  type PaymentSettings,
} from '@scheduler/contracts/company-document';
import type {
  PaymentToRefundView,
  StripeSecretsBody,
  StripeSecretsStatus,
  WebhookResponse,
} from '@scheduler/contracts/payments';
import { paymentUrl } from '@scheduler/domain/confirm/payment-link';
import { formatMoney } from '@scheduler/domain/money-format';
import { owedCents } from '@scheduler/domain/payments/change-fees';
import { ledgerTotals, onlineChargeCents } from '@scheduler/domain/payments/ledger';
import type { DataEncryption } from '../../crypto/data-encryption.ts';
import type { Database, Executor } from '../../db/connection.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { hashToken, newSessionToken } from '../sessions/tokens.ts';
import {
  detachCheckoutSession,
  findCompanyPayments,
  findCompanyRefundSetting,
  findPayLink,
  insertOrderPayment,
  listPaymentsToRefund,
  loadPayableOrder,
  loadStripeSecrets,
  markOrderPaid,
  recordCheckoutSession,
  recordPaymentToRefund,
  replaceCiphertexts,
  saveStripeSecrets,
  ledgerHoldsSession,
  secretsNotUnderKey,
} from './payments.repository.ts';
import { loadLedgerEntries } from './ledger.repository.ts';
import { paymentReceiptJobs } from './receipt-jobs.ts';
import { latePaymentRefundJob } from './cancel-refund-jobs.ts';
import {
  checkoutSessionSchema,
  isStripeError,
  isStripeRefusal,
  stripeClient,
  verifiedEvent,
  type CheckoutSession,
  type StripeOptions,
} from './stripe-gateway.ts';

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
  /** Told after a job was queued outside a change that wakes the worker itself (a session to expire). */
  onJobsQueued?: () => void;
  /** Told after a refund or a dispute changed an order: its caches are stale, and a queued receipt waits for the worker. */
  onOrderChanged?: (orderId: string) => void;
}

/** The path of a pay link; the token follows it. */
export const PAY_PATH = '/pay';

const notConfigured = (why: string) => new AppError(409, 'payments_not_configured', why);
const ENCRYPTION_KEY_MISSING = 'Online payment is not set up on this server (DATA_ENCRYPTION_KEY is not set).';
/** The same answer for an unknown company, one without keys and a forged signature: a prober learns nothing. */
const invalidSignature = () => new AppError(400, 'invalid_signature', 'The webhook signature could not be verified.');
const mismatch = (what: string) =>
  new AppError(400, 'payment_mismatch', `The payment does not match the order: ${what}.`);
export const providerUnavailable = () =>
  new AppError(
    502,
    'payment_provider_unavailable',
    'The payment service did not answer. Please try again in a moment.',
  );

/** Where in the database a ciphertext may be read: another company's row or column does not decrypt it. */
const secretContext = (companyId: string, field: 'secret_key' | 'webhook_secret') =>
  `company_payment_secrets:${companyId}:stripe:${field}`;

/**
 * The pay link written at confirm into `orders.pay_url`, inside the confirm's transaction:
 * `link` fills the company's URL template in (as before issue 23); `stripe` issues an unguessable
 * token (only its hash is kept) and answers this server's own `${PUBLIC_URL}/pay/<token>`;
 * `none`, or nothing to pay, answers null.
 */
export async function payUrlAtConfirm(
  tx: Executor,
  input: {
    companyId: string;
    orderId: string;
    payments: PaymentSettings;
    notifications: NotificationSettings;
    totalCents: number;
    currency: string;
    publicBaseUrl: string;
  },
): Promise<string | null> {
  const { payments, notifications } = input;
  if (payments.provider === 'link')
    return notifications.payment_link
      ? paymentUrl(notifications.payment_link, {
          orderId: input.orderId,
          amountCents: input.totalCents,
          currency: input.currency,
        })
      : null;
  if (payments.provider === 'none' || input.totalCents <= 0) return null;
  const token = newSessionToken();
  await insertOrderPayment(tx, {
    companyId: input.companyId,
    orderId: input.orderId,
    payTokenHash: hashToken(token),
    amountCents: input.totalCents,
    currency: input.currency,
  });
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
  return {
    provider: 'stripe',
    configured: stored !== null,
    key_id: stored?.keyId ?? null,
    updated_at: stored?.updatedAt.toISOString() ?? null,
  };
}

/** Stores the company's Stripe keys, encrypted; answers only that they are set. */
export async function setStripeSecrets(
  deps: PaymentsDeps,
  companyKey: string,
  body: StripeSecretsBody,
): Promise<StripeSecretsStatus> {
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
export async function stripeKeysOf(
  deps: Pick<PaymentsDeps, 'db' | 'encryption' | 'log'>,
  companyId: string,
): Promise<{ secretKey: string; webhookSecret: string } | null> {
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
    deps.log.warn(
      { code: 'payment_secrets_unreadable', reason: (error as { reason?: string }).reason ?? 'unknown' },
      'payment secrets could not be decrypted',
    );
    return null;
  }
}

/** What an order's frozen price charges: its total in its currency (upper case), or null when it has nothing to charge. */
function chargeOf(snapshot: Record<string, unknown> | null): { amountCents: number; currency: string } | null {
  const total = snapshot?.total_cents;
  const currency = snapshot?.currency;
  if (
    typeof total !== 'number' ||
    !Number.isInteger(total) ||
    total <= 0 ||
    typeof currency !== 'string' ||
    !/^[A-Za-z]{3}$/.test(currency)
  )
    return null;
  return { amountCents: total, currency: currency.toUpperCase() };
}

/**
 * What paying online charges now (decision 0067): the order's balance due (its total less the
 * ledger's payments, plus its refunds), in the total's currency; null when nothing is left to pay.
 */
async function balanceCharge(
  db: Executor,
  order: { companyId: string; orderId: string },
  total: { amountCents: number; currency: string },
): Promise<{ amountCents: number; currency: string } | null> {
  const rows = await loadLedgerEntries(db, order);
  const balance = onlineChargeCents(
    ledgerTotals(
      total.amountCents,
      rows.map((row) => ({ kind: row.kind, amountCents: row.amountCents, voided: row.voidedAt !== null })),
    ),
  );
  return balance === null ? null : { amountCents: balance, currency: total.currency };
}

/** What the order owes in its total's currency: its total and late fees (decision 0081, `owedCents`). */
function owing(
  order: { status: string; cancelFeeCents: number | null; rescheduleFeesCents: number },
  total: { amountCents: number; currency: string },
): { amountCents: number; currency: string } {
  const owed = owedCents({
    totalCents: total.amountCents,
    cancelled: order.status === 'cancelled',
    cancelFeeCents: order.cancelFeeCents,
    rescheduleFeesCents: order.rescheduleFeesCents,
  });
  return { amountCents: owed, currency: total.currency };
}

function chargesExactly(session: CheckoutSession, charge: { amountCents: number; currency: string }): boolean {
  return session.amount_total === charge.amountCents && session.currency?.toUpperCase() === charge.currency;
}

/** Logs a failed call to Stripe by its type and status (never a key or a person's data). */
export function logStripeFailure(deps: Pick<PaymentsDeps, 'log'>, error: unknown): void {
  deps.log.warn(
    {
      code: 'stripe_call_failed',
      type: (error as { type?: string }).type ?? 'unknown',
      status: (error as { statusCode?: number }).statusCode ?? null,
    },
    'stripe call failed',
  );
}

/** What opening a pay link leads to. */
export type PayLinkAnswer =
  { kind: 'checkout'; url: string } | { kind: 'paid' } | { kind: 'processing' } | { kind: 'not_started' };

/**
 * Opens a pay link (GET /pay/<token>). A paid order answers "paid" and opens nothing. Otherwise
 * the order's Checkout Session is reused while it is open and charges the order's total as it is
 * now, a completed one settles the order (a webhook that is late or lost changes nothing then),
 * and an expired one, or none yet, is replaced by a new one for the total. An open session of an
 * older total (a change that did not close it) is expired first, so two amounts are never
 * payable at once. Creation carries an idempotency key from the order, the amount and the
 * attempt: two clicks at once open one session.
 * `start: false` (the visitor came back from cancelling) only says whether the order is paid.
 */
export async function openPayLink(
  deps: PaymentsDeps,
  token: string,
  options: { start: boolean },
): Promise<PayLinkAnswer> {
  const link = await findPayLink(deps.db, hashToken(token));
  // A cancelled order's link pays its late-cancellation fee, and nothing once it owes none (decision 0081).
  const cancelled = link?.status === 'cancelled';
  if (!link || (cancelled && !link.cancelFeeCents)) throw new NotFoundError('The payment link');
  if (link.paid && !cancelled) return { kind: 'paid' };
  if (!options.start && !cancelled) return { kind: 'not_started' };
  const total = chargeOf(link.pricingSnapshot);
  const keys = await stripeKeysOf(deps, link.companyId);
  if (!keys || !total)
    throw notConfigured('Online payment is not available for this order right now. Please contact the office.');
  // What is left to pay after the office's payments and with the late fees (issue 44): nothing left opens no payment.
  const charge = await balanceCharge(deps.db, { companyId: link.companyId, orderId: link.orderId }, owing(link, total));
  if (!charge) return { kind: 'paid' };
  if (!options.start) return { kind: 'not_started' };
  const stripe = await stripeClient(keys.secretKey, deps.stripe);
  try {
    if (link.checkoutSessionId) {
      const current = checkoutSessionSchema.parse(await stripe.checkout.sessions.retrieve(link.checkoutSessionId));
      if (current.status === 'complete') {
        if (current.payment_status !== 'paid') return { kind: 'processing' };
        // Paid at an older total, the money is recorded to refund, and the order's total is still to pay.
        if ((await settle(deps, link.companyId, current, deps.now())) !== 'refund_due') return { kind: 'paid' };
      }
      if (current.status === 'open' && current.url) {
        if (chargesExactly(current, charge)) return { kind: 'checkout', url: current.url };
        await expireAtStripe(stripe, current.id);
      }
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
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: charge.currency.toLowerCase(),
                unit_amount: charge.amountCents,
                product_data: { name: `${link.companyName}: inspection order ${link.orderId.slice(0, 8)}` },
              },
            },
          ],
          success_url: back,
          cancel_url: `${back}?cancelled=1`,
        },
        { idempotencyKey: `checkout:${link.orderId}:${charge.amountCents}:${charge.currency}:${attempt}` },
      ),
    );
    if (!created.url) throw providerUnavailable();
    if (
      !(await recordCheckoutSession(deps.db, {
        companyId: link.companyId,
        orderId: link.orderId,
        sessionId: created.id,
        attempt,
        ...charge,
        at: deps.now(),
        status: cancelled ? 'cancelled' : 'confirmed',
      }))
    ) {
      // Cancelled while Stripe opened it: the cancel found no session to close, so this one is closed as the cancel would have.
      await queueCheckoutExpiry(deps.db, { companyId: link.companyId, orderId: link.orderId }, created.id, deps.now());
      deps.onJobsQueued?.();
      throw new NotFoundError('The payment link');
    }
    return { kind: 'checkout', url: created.url };
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logStripeFailure(deps, error);
    throw providerUnavailable();
  }
}

// ---- Closing a Checkout Session the order no longer takes (issue 39) ----

/** The kind of job that expires, at Stripe, a Checkout Session its order no longer takes. */
export const CHECKOUT_EXPIRY_JOB = 'stripe_checkout_expiry';

/**
 * Called in the transaction of any change that ends what the order's Checkout Session charges for
 * (a cancellation, a new total). The session leaves the order's payment row, so the next pay link
 * opens a new one for the order as it is, and a job expires it at Stripe once the change has
 * committed: Stripe is never called inside the transaction, and Stripe being down never fails the
 * change (the job is tried again until Stripe answers). The caller wakes the worker after committing.
 */
export async function closeOpenCheckout(
  tx: Executor,
  order: { companyId: string; orderId: string },
  now: Date,
): Promise<void> {
  const sessionId = await detachCheckoutSession(tx, order.companyId, order.orderId, now);
  if (sessionId) await queueCheckoutExpiry(tx, order, sessionId, now);
}

async function queueCheckoutExpiry(
  db: Executor,
  order: { companyId: string; orderId: string },
  sessionId: string,
  now: Date,
): Promise<void> {
  await enqueueJobs(db, [
    {
      companyId: order.companyId,
      kind: CHECKOUT_EXPIRY_JOB,
      dedupeKey: `checkout_expiry:${sessionId}`,
      payload: { order_id: order.orderId, session_id: sessionId },
      runAt: now,
    },
  ]);
}

/** What expiring a session came to, kept on its done job. */
type ExpiryOutcome = 'EXPIRED' | 'ALREADY_COMPLETE' | 'ALREADY_EXPIRED' | 'NOT_FOUND';

/**
 * Expires a Checkout Session at Stripe. Stripe refuses to expire a session that is not open; the
 * session is then read, and one already paid (its webhook records the payment) or already expired
 * needs nothing more. Any other failure is thrown, to be tried again.
 */
async function expireAtStripe(stripe: Stripe, sessionId: string): Promise<ExpiryOutcome> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return 'EXPIRED';
  } catch (error) {
    if (!isStripeRefusal(error)) throw error;
  }
  let current: CheckoutSession;
  try {
    current = checkoutSessionSchema.parse(await stripe.checkout.sessions.retrieve(sessionId));
  } catch (error) {
    // Unknown to the account the company's keys open now (keys of another account since): nothing there to pay.
    if (isStripeRefusal(error) && error.statusCode === 404) return 'NOT_FOUND';
    throw error;
  }
  if (current.status === 'complete') return 'ALREADY_COMPLETE';
  if (current.status === 'expired') return 'ALREADY_EXPIRED';
  throw Object.assign(new Error('Stripe did not expire an open Checkout Session'), {
    code: 'STRIPE_SESSION_STILL_OPEN',
  });
}

/** What the job worker needs of payments: no links are written and nobody is told. */
export type PaymentJobDeps = Pick<PaymentsDeps, 'db' | 'encryption' | 'stripe' | 'log'>;

/** A job of payments as the worker runs it: answers the code kept on the done job; throws to be tried again later. */
export type PaymentJobHandler = (job: { companyId: string; payload: Record<string, unknown> }) => Promise<string>;

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** The jobs of payments the message worker runs (CHECKOUT_EXPIRY_JOB), by kind. */
export function paymentJobHandlers(deps: PaymentJobDeps): Record<string, PaymentJobHandler> {
  return { [CHECKOUT_EXPIRY_JOB]: (job) => expireClosedCheckout(deps, job.companyId, job.payload) };
}

async function expireClosedCheckout(
  deps: PaymentJobDeps,
  companyId: string,
  payload: Record<string, unknown>,
): Promise<ExpiryOutcome | 'NOT_A_SESSION'> {
  const sessionId = payload.session_id;
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return 'NOT_A_SESSION';
  const keys = await stripeKeysOf(deps, companyId);
  // Keys unset or unreadable for now (a rotation under way): tried again later, as when Stripe is down.
  if (!keys)
    throw Object.assign(new Error('the company has no readable Stripe keys'), { code: 'PAYMENTS_NOT_CONFIGURED' });
  try {
    return await expireAtStripe(await stripeClient(keys.secretKey, deps.stripe), sessionId);
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logStripeFailure(deps, error);
    throw Object.assign(new Error('Stripe did not answer'), { code: 'STRIPE_UNAVAILABLE' });
  }
}

// ---- The webhook ----

/** The events that say a Checkout Session's money arrived (a card at once; a bank debit later). */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** A webhook event whose signature verified, of the company its path names. */
export interface VerifiedWebhook {
  companyId: string;
  type: string;
  object: unknown;
  /** When Stripe created the event; the server's clock when it does not say. */
  at: Date;
}

/**
 * Verifies a Stripe webhook for one company (POST /api/payments/stripe/webhook/<companyKey>): the
 * signature is checked over the raw body with the company's own signing secret, so one company's
 * Stripe account can never change another company's order.
 */
export async function verifiedWebhook(
  deps: PaymentsDeps,
  companyKey: string,
  rawBody: string,
  signature: string | undefined,
): Promise<VerifiedWebhook> {
  const company = await findCompanyPayments(deps.db, companyKey);
  const keys = company && signature ? await stripeKeysOf(deps, company.id) : null;
  if (!company || !keys || !signature) throw invalidSignature();
  let event;
  try {
    event = await verifiedEvent(rawBody, signature, keys.webhookSecret);
  } catch {
    throw invalidSignature();
  }
  const at = event.created === undefined ? deps.now() : new Date(event.created * 1000);
  return { companyId: company.id, type: event.type, object: event.data.object, at };
}

/** A Checkout event: a paid session settles its order (see `settle`); any other event or session is ignored. */
export async function settleCheckoutEvent(
  deps: PaymentsDeps,
  event: VerifiedWebhook,
): Promise<WebhookResponse['outcome']> {
  if (!PAID_EVENTS.has(event.type)) return 'ignored';
  const parsed = checkoutSessionSchema.safeParse(event.object);
  if (!parsed.success) throw mismatch('the event carries no Checkout Session');
  if (parsed.data.payment_status !== 'paid') return 'ignored';
  return settle(deps, event.companyId, parsed.data, event.at);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a paid session's money is the client's to get back rather than the order's payment. */
type RefundReason = 'order_cancelled' | 'amount_changed' | 'paid_twice';

/** A paid session against its order (read locked): it pays the order (null), paid it already, or is money to refund, and why. */
async function refundReason(
  tx: Executor,
  order: NonNullable<Awaited<ReturnType<typeof loadPayableOrder>>>['order'],
  session: CheckoutSession,
): Promise<RefundReason | 'already_paid' | null> {
  // A delivery again of a payment the ledger holds is a repeat; another session's, once paid, is a second payment.
  if (await ledgerHoldsSession(tx, order.companyId, order.id, session.id)) return 'already_paid';
  const total = chargeOf(order.pricingSnapshot);
  const key = { companyId: order.companyId, orderId: order.id };
  const charge = total && (await balanceCharge(tx, key, owing(order, total)));
  // A cancelled order takes the payment of its late-cancellation fee, exactly (decision 0081), and no other.
  if (order.status === 'cancelled') return charge && chargesExactly(session, charge) ? null : 'order_cancelled';
  if (order.paid) return 'paid_twice';
  return charge && chargesExactly(session, charge) ? null : 'amount_changed';
}

/**
 * Settles the order a paid Checkout Session names, once. Its amount and currency must be the
 * order's total: then, in one transaction, the order turns paid with its audit event `paid` and
 * its receipt e-mails (client and office). Money the order cannot take (it was cancelled, its
 * total changed, or it was paid already) is real all the same: it is recorded for the office to
 * refund, with its audit event, and Stripe is answered 200 so that it stops sending it.
 */
async function settle(
  deps: PaymentsDeps,
  companyId: string,
  session: CheckoutSession,
  paidAt: Date,
): Promise<'paid' | 'already_paid' | 'refund_due'> {
  const orderId = session.metadata?.order_id ?? session.client_reference_id ?? '';
  if (!UUID.test(orderId)) throw mismatch('it names no order');
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const payable = await loadPayableOrder(tx, companyId, orderId);
    if (!payable || payable.order.status === 'draft') throw mismatch('it names no booked order of this company');
    const reason = await refundReason(tx, payable.order, session);
    if (reason === 'already_paid') return reason;
    if (reason !== null) {
      const payment = {
        provider: 'stripe' as const,
        checkoutSessionId: session.id,
        paymentIntentId: session.payment_intent ?? null,
        amountCents: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
        reason,
        paidAt,
      };
      if (await recordPaymentToRefund(tx, { companyId, orderId, ...payment }, now)) {
        // Money for an order cancelled already goes back in full when the policy refunds (decision 0076).
        const policy = reason === 'order_cancelled' && (await refundsByPolicy(tx, companyId));
        if (policy) await enqueueJobs(tx, [latePaymentRefundJob({ companyId, orderId }, session.id, now)]);
        deps.log.warn(
          { code: 'payment_to_refund', reason, refund: policy ? 'policy' : 'office' },
          'a payment arrived that its order cannot take; it is to be refunded',
        );
        if (policy) deps.onJobsQueued?.();
      }
      return 'refund_due' as const;
    }
    // What the session charged is the balance it settles (refundReason compared them, the order locked).
    const charge = { amountCents: session.amount_total!, currency: (session.currency ?? '').toUpperCase() };
    const paid = await markOrderPaid(tx, {
      companyId,
      orderId,
      at: now,
      event: {
        provider: 'stripe',
        session_id: session.id,
        amount_cents: charge.amountCents,
        currency: charge.currency,
      },
      jobs: paymentReceiptJobs(payable.order, payable.clients, now, undefined, session.id),
      cancelledFee: payable.order.status === 'cancelled',
      entry: {
        ...charge,
        sessionId: session.id,
        reference: session.payment_intent ?? null,
        receivedAt: paidAt,
      },
    });
    return paid ? ('paid' as const) : ('already_paid' as const);
  });
  if (outcome === 'paid') deps.onPaid?.(orderId);
  return outcome;
}

/** Whether the company's cancellation policy refunds (`booking_changes.refund_on_cancel`), or its office does. */
export async function refundsByPolicy(db: Executor, companyId: string): Promise<boolean> {
  const settings = bookingChangesSchema.parse((await findCompanyRefundSetting(db, companyId)) ?? {});
  return settings.refund_on_cancel === 'policy';
}

/** The payments of one order the office is to refund, as the console's order page shows them. */
export async function paymentsToRefundOf(
  db: Executor,
  order: { companyId: string; orderId: string },
): Promise<PaymentToRefundView[]> {
  const rows = await listPaymentsToRefund(db, order.companyId, order.orderId);
  return rows.map((row) => ({
    provider: row.provider,
    reason: row.reason,
    amount_cents: row.amountCents,
    currency: row.currency,
    amount: formatMoney(row.amountCents, row.currency),
    paid_at: row.paidAt.toISOString(),
    payment_intent_id: row.paymentIntentId,
    checkout_session_id: row.checkoutSessionId,
  }));
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
      const again = (field: 'secret_key' | 'webhook_secret', ciphertext: string) =>
        encryption.encrypt(
          encryption.decrypt(ciphertext, secretContext(row.companyId, field)),
          secretContext(row.companyId, field),
        );
      await replaceCiphertexts(
        db,
        {
          ...row,
          secretKey: again('secret_key', row.secretKey),
          webhookSecret: again('webhook_secret', row.webhookSecret),
        },
        row,
        encryption.currentKeyId,
      );
      rewritten++;
    }
  }
}

import { z } from 'zod';
import { formatMoney } from '@scheduler/domain/money-format';
import { fromStripeAmount, toStripeAmount } from '@scheduler/domain/payments/stripe-amounts';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { latePaymentRefundJob } from './cancel-refund-jobs.ts';
import { insertBookingLedgerPayment, recordPaymentToRefund, saveCardOfOrder } from './payments.repository.ts';
import { paymentReceiptJobs } from './receipt-jobs.ts';
import { logStripeFailure, stripeKeysOf, type PaymentsDeps } from './payments.service.ts';
import { isStripeError, isStripeRefusal, stripeClient } from './stripe-gateway.ts';

/**
 * Stripe's side of a payment taken before an order is booked (issue 44, decision 0085): the
 * Checkout Session the review sends the client to, reading it back (with the card it saved), and
 * what the payments' tables keep of it once it is paid: the ledger's row and the saved card, or,
 * when the order could not be booked, the money to give back. The booking itself is confirm's.
 */

/** A booking's Checkout Session as the server reads it back, the PaymentIntent or SetupIntent expanded to their card. */
const cardSchema = z
  .object({
    id: z.string().max(255),
    customer: z.string().max(255).nullable().optional(),
    card: z
      .object({
        brand: z.string().max(50).nullable().optional(),
        last4: z.string().max(4).nullable().optional(),
        exp_month: z.number().int().min(1).max(12).nullable().optional(),
        exp_year: z.number().int().min(2000).max(2200).nullable().optional(),
      })
      .nullable()
      .optional(),
  })
  .passthrough();
const intentSchema = z.object({
  id: z.string().max(255),
  payment_method: z
    .union([z.string().max(255), cardSchema])
    .nullable()
    .optional(),
});
export const bookingSessionSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('checkout.session'),
  mode: z.enum(['payment', 'setup', 'subscription']).optional(),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: z.number().int().nullable(),
  currency: z.string().max(3).nullable(),
  customer: z
    .union([z.string().max(255), z.object({ id: z.string().max(255) }).passthrough()])
    .nullable()
    .optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  url: z.string().max(5000).nullable().optional(),
  payment_intent: z
    .union([z.string().max(255), intentSchema])
    .nullable()
    .optional(),
  setup_intent: z
    .union([z.string().max(255), intentSchema])
    .nullable()
    .optional(),
});
export type BookingSession = z.infer<typeof bookingSessionSchema>;

/** The metadata that marks a Checkout Session as a booking's (the pay link's carry none of it). */
export const BOOKING_PURPOSE = 'booking';

/** Whether a session's money (or saved card) arrived: paid, or a setup session completed. */
export function sessionSucceeded(session: BookingSession): boolean {
  return session.status === 'complete' && session.payment_status !== 'unpaid';
}

function unavailable(): AppError {
  return new AppError(502, 'payment_provider_unavailable', 'The payment service did not answer. Please try again.');
}

function notConfigured(): AppError {
  return new AppError(
    409,
    'payments_not_configured',
    'Online payment is not available right now. Please call the office to book.',
  );
}

async function stripeOf(deps: PaymentsDeps, companyId: string) {
  const keys = await stripeKeysOf(deps, companyId);
  if (!keys) throw notConfigured();
  return stripeClient(keys.secretKey, deps.stripe);
}

/** Calls Stripe; its failures become a 502 the wizard shows as "try again" (a refusal is logged the same way). */
async function atStripe<T>(deps: PaymentsDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logStripeFailure(deps, error);
    throw unavailable();
  }
}

export interface BookingCheckoutRequest {
  companyId: string;
  orderId: string;
  companyName: string;
  /** What to charge, in the product's minor units (0 with `saveCard`: a setup session, nothing charged). */
  amountCents: number;
  currency: string;
  saveCard: boolean;
  /** The client's e-mail, filled in on Stripe's page. */
  email: string | null;
  /** Where Stripe sends the client back: `{CHECKOUT_SESSION_ID}` is Stripe's own placeholder. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Makes two presses open one session: the order, its revision, the amount and the attempt. */
  idempotencyKey: string;
}

/** Opens the booking's Checkout Session at Stripe; answers its id and page. */
export async function openBookingCheckout(
  deps: PaymentsDeps,
  request: BookingCheckoutRequest,
): Promise<{ id: string; url: string }> {
  const stripe = await stripeOf(deps, request.companyId);
  const metadata = { order_id: request.orderId, purpose: BOOKING_PURPOSE };
  const card = request.saveCard ? { customer_creation: 'always' as const } : {};
  const common = {
    client_reference_id: request.orderId,
    metadata,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: Math.floor(request.expiresAt.getTime() / 1000),
    ...(request.email ? { customer_email: request.email } : {}),
  };
  const created = await atStripe(deps, () =>
    request.amountCents > 0
      ? stripe.checkout.sessions.create(
          {
            ...common,
            mode: 'payment',
            ...card,
            payment_intent_data: {
              metadata,
              ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
            },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: toStripeAmount(request.amountCents, request.currency),
                  product_data: { name: `${request.companyName}: inspection booking` },
                },
              },
            ],
          },
          { idempotencyKey: request.idempotencyKey },
        )
      : stripe.checkout.sessions.create(
          {
            ...common,
            mode: 'setup',
            currency: request.currency.toLowerCase(),
            ...card,
            setup_intent_data: { metadata },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
  );
  const session = bookingSessionSchema.parse(created);
  if (!session.url) throw unavailable();
  return { id: session.id, url: session.url };
}

/** The booking's session as Stripe has it now, with the card it saved; null when Stripe does not know it. */
export async function readBookingCheckout(
  deps: PaymentsDeps,
  companyId: string,
  sessionId: string,
): Promise<BookingSession | null> {
  const stripe = await stripeOf(deps, companyId);
  try {
    return bookingSessionSchema.parse(
      await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['payment_intent.payment_method', 'setup_intent.payment_method'],
      }),
    );
  } catch (error) {
    if (isStripeRefusal(error) && error.statusCode === 404) return null;
    if (!isStripeError(error)) throw error;
    logStripeFailure(deps, error);
    throw unavailable();
  }
}

/**
 * Closes a booking's open session at Stripe so that it can no longer be paid: answers whether it
 * was still open (`expired`), or had been paid meanwhile (`complete`: the caller books it).
 */
export async function closeBookingCheckout(
  deps: PaymentsDeps,
  companyId: string,
  sessionId: string,
): Promise<'expired' | 'complete' | 'gone'> {
  const stripe = await stripeOf(deps, companyId);
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return 'expired';
  } catch (error) {
    if (!isStripeRefusal(error)) {
      if (isStripeError(error)) {
        logStripeFailure(deps, error);
        throw unavailable();
      }
      throw error;
    }
  }
  const session = await readBookingCheckout(deps, companyId, sessionId);
  return session && sessionSucceeded(session) ? 'complete' : 'gone';
}

/** The card a session saved: its Customer and PaymentMethod, and the words of it; null when it saved none. */
export function savedCardOf(session: BookingSession) {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const setup = typeof session.setup_intent === 'object' ? session.setup_intent : null;
  const method = (intent ?? setup)?.payment_method;
  if (!method || typeof method === 'string') return null;
  const customer =
    typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? method.customer ?? null);
  if (!customer) return null;
  const last4 = method.card?.last4;
  return {
    customerId: customer,
    paymentMethodId: method.id,
    brand: method.card?.brand ?? null,
    last4: last4 && /^[0-9]{4}$/.test(last4) ? last4 : null,
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
  };
}

/** The PaymentIntent's id of a paid session, expanded or not. */
export function paymentIntentIdOf(session: BookingSession): string | null {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/**
 * Called in the transaction that books the order: what the session paid becomes the order's
 * ledger row (received when Stripe says, on the office's date), with its audit event and the
 * receipt jobs, the order turning paid when nothing is left due; the card it saved is kept.
 */
export async function recordBookingPayment(
  tx: Executor,
  order: { companyId: string; orderId: string },
  paid: {
    session: BookingSession;
    amountCents: number;
    currency: string;
    kind: 'deposit' | 'full' | 'card';
    /** What stays due once it is paid (0: the order is paid). */
    dueLaterCents: number;
    paidAt: Date;
    /** The clients a receipt goes to. */
    clients: ReadonlyArray<Record<string, unknown>>;
  },
  now: Date,
): Promise<void> {
  const entryId =
    paid.amountCents > 0
      ? await insertBookingLedgerPayment(tx, order, {
          amountCents: paid.amountCents,
          currency: paid.currency,
          sessionId: paid.session.id,
          reference: paymentIntentIdOf(paid.session),
          receivedAt: paid.paidAt,
          fullyPaid: paid.dueLaterCents <= 0,
          event: {
            provider: 'stripe',
            session_id: paid.session.id,
            amount_cents: paid.amountCents,
            currency: paid.currency,
            at_booking: paid.kind,
          },
          at: now,
        })
      : null;
  // The receipt thanks the client for what was taken and says what stays due, not the order's total.
  if (entryId)
    await enqueueJobs(
      tx,
      paymentReceiptJobs(
        { id: order.orderId, companyId: order.companyId },
        paid.clients,
        now,
        { entry_id: entryId, amount_cents: paid.amountCents, method: 'online', balance_due_cents: paid.dueLaterCents },
        paid.session.id,
      ),
    );
  const card = savedCardOf(paid.session);
  if (card) await saveCardOfOrder(tx, order, { provider: 'stripe', ...card, savedAt: now });
}

/**
 * A session paid for an order that could not then be booked (its time taken, its cart changed
 * while the client paid): the money is recorded to give back, and a job refunds it in full through
 * Stripe after the commit, whatever the company's refund setting (nothing was booked to keep it for).
 */
export async function refundUnbookedPayment(
  tx: Executor,
  order: { companyId: string; orderId: string },
  session: BookingSession,
  paidAt: Date,
  now: Date,
): Promise<string | null> {
  const currency = (session.currency ?? '').toUpperCase();
  const amount = session.amount_total ?? 0;
  if (amount <= 0) return null;
  const recorded = await recordPaymentToRefund(
    tx,
    {
      ...order,
      provider: 'stripe',
      checkoutSessionId: session.id,
      paymentIntentId: paymentIntentIdOf(session),
      amountCents: amount,
      currency,
      reason: 'not_booked',
      paidAt,
    },
    now,
  );
  if (recorded) await enqueueJobs(tx, [latePaymentRefundJob(order, session.id, now)]);
  return formatMoney(fromStripeAmount(amount, currency), currency);
}

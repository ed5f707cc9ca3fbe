import type Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../../config.ts';

/** How the server reaches Stripe: its API base (STRIPE_API_BASE; a local stand-in in tests) and a time limit per call. */
export interface StripeOptions {
  apiBase?: string;
  timeoutMs: number;
}

export function stripeOptionsOf(config: Pick<Config, 'STRIPE_API_BASE' | 'STRIPE_TIMEOUT_MS'>): StripeOptions {
  return { apiBase: config.STRIPE_API_BASE, timeoutMs: config.STRIPE_TIMEOUT_MS };
}

/** The parts of a Checkout Session the server reads, parsed at the boundary (API answers and webhook events alike). */
export const checkoutSessionSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('checkout.session'),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: z.number().int().nullable(),
  currency: z.string().max(3).nullable(),
  client_reference_id: z.string().max(200).nullable(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  url: z.string().max(5000).nullable().optional(),
  /** The PaymentIntent's id (never expanded here): set once the session is paid. */
  payment_intent: z.string().max(255).nullable().optional(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** The parts of a Refund the server reads (the API's answer, and the refunds a Charge lists). */
export const refundSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('refund'),
  amount: z.number().int().min(0),
  currency: z.string().max(3),
  payment_intent: z.string().max(255).nullable().optional(),
  /** pending, requires_action, succeeded, failed or canceled: only the last two gave nothing back. */
  status: z.string().max(50).nullable(),
});
export type StripeRefund = z.infer<typeof refundSchema>;

/** The parts of a Charge `charge.refunded` carries: what was refunded of it in all, and (by API version) its refunds. */
export const chargeSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('charge'),
  amount: z.number().int().min(0),
  amount_refunded: z.number().int().min(0),
  currency: z.string().max(3),
  payment_intent: z.string().max(255).nullable(),
  refunds: z
    .object({ data: z.array(refundSchema) })
    .nullable()
    .optional(),
});
export type StripeCharge = z.infer<typeof chargeSchema>;

/** The parts of a Dispute the `charge.dispute.*` events carry. */
export const disputeSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('dispute'),
  amount: z.number().int().min(0),
  currency: z.string().max(3),
  charge: z.string().max(255),
  payment_intent: z.string().max(255).nullable().optional(),
  reason: z.string().max(100),
  /** needs_response, under_review, won, lost, warning_closed … (decision 0082); an older event may carry none. */
  status: z.string().min(1).max(50).optional(),
});
export type StripeDispute = z.infer<typeof disputeSchema>;

/** The parts of a PaymentIntent the server reads (a late fee charged off-session, decision 0081). */
export const paymentIntentSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('payment_intent'),
  amount: z.number().int().min(0),
  currency: z.string().max(3),
  /** succeeded; requires_action when the bank asks for the customer; processing for a slow method. */
  status: z.string().max(50),
});
export type StripePaymentIntent = z.infer<typeof paymentIntentSchema>;

/** A webhook event: its type, when Stripe created it (epoch seconds) and, for Checkout events, the session. */
export const stripeEventSchema = z.object({
  id: z.string().max(255),
  type: z.string().max(200),
  created: z.number().int().min(0).max(32_503_680_000).optional(),
  data: z.object({ object: z.unknown() }),
});

type StripeSdk = typeof Stripe;
let sdk: StripeSdk | undefined;

/**
 * Stripe's SDK, loaded when the first payment or webhook needs it: it takes a fifth of a second
 * to import, which every server start (and every test that builds the app) would pay otherwise.
 */
async function stripeSdk(): Promise<StripeSdk> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

/** A Stripe client for one company's secret key, pointed at STRIPE_API_BASE when it is set. */
export async function stripeClient(secretKey: string, options: StripeOptions): Promise<Stripe> {
  const StripeClient = await stripeSdk();
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new StripeClient(secretKey, {
    timeout: options.timeoutMs,
    // Session creation carries an idempotency key, so a retried call cannot open a second one.
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? '80' : '443'),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Verifies a webhook's Stripe-Signature over the raw body with the endpoint's signing secret; throws when it does not verify. */
export async function verifiedEvent(
  rawBody: string,
  signature: string,
  webhookSecret: string,
): Promise<z.infer<typeof stripeEventSchema>> {
  const StripeClient = await stripeSdk();
  return stripeEventSchema.parse(StripeClient.webhooks.constructEvent(rawBody, signature, webhookSecret));
}

/** Whether an error came from Stripe's API or the way to it (not from our own code); none can before the SDK is loaded. */
export function isStripeError(error: unknown): boolean {
  return sdk !== undefined && error instanceof sdk.errors.StripeError;
}

/** Whether Stripe answered and refused the request itself (400, 404): asking again would not change its answer. */
export function isStripeRefusal(error: unknown): error is { statusCode?: number } {
  return sdk !== undefined && error instanceof sdk.errors.StripeInvalidRequestError;
}

/**
 * Whether Stripe refused a card payment (402 `card_error`): declined, or `authentication_required`
 * when the bank asks for the customer, who is not there off-session. Asking again would not change it.
 */
export function isStripeCardError(error: unknown): error is { code?: string; statusCode?: number } {
  return sdk !== undefined && error instanceof sdk.errors.StripeCardError;
}

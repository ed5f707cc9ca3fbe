import { z } from 'zod';

/**
 * PUT /api/admin/companies/{company_key}/payments/stripe: the company's Stripe keys. Write-only:
 * no answer, export or log ever carries them back (issue 23).
 */
export const stripeSecretsBodySchema = z
  .object({
    /** A secret or restricted API key: sk_test_..., sk_live_..., rk_test_..., rk_live_... */
    secret_key: z
      .string()
      .max(255)
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'a Stripe secret or restricted key (sk_live_..., rk_test_...)'),
    /** The signing secret of the webhook endpoint that sends checkout.session.completed. */
    webhook_secret: z
      .string()
      .max(255)
      .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, 'a Stripe webhook signing secret (whsec_...)'),
  })
  .strict();
export type StripeSecretsBody = z.infer<typeof stripeSecretsBodySchema>;

/** Whether the company's Stripe keys are set, and when: never the keys themselves. */
export const stripeSecretsStatusSchema = z.object({
  provider: z.literal('stripe'),
  configured: z.boolean(),
  /** Which DATA_ENCRYPTION_KEY entry encrypted them (rotation: every company should show the newest). */
  key_id: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type StripeSecretsStatus = z.infer<typeof stripeSecretsStatusSchema>;

/** A pay link's token: 256 random bits, base64url (43 characters). */
export const payTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a pay token') }).strict();

/** The pay link's one optional query: Stripe sends the visitor back here after they cancelled. */
export const payLinkQuerySchema = z.object({ cancelled: z.literal('1').optional() }).strict();

/**
 * What the webhook answers Stripe: received, and what the payment came to: the order paid, paid
 * already (a repeat), recorded to refund (money its order could not take), a refund or a dispute
 * recorded (decision 0067), or nothing to record.
 */
export const webhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['paid', 'already_paid', 'refund_due', 'refunded', 'disputed', 'ignored']),
});
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;

/**
 * A payment that reached the company's Stripe account for an order that could not take it (issue
 * 39): the office refunds it in Stripe. `order_cancelled`: paid after the order was cancelled;
 * `amount_changed`: not the order's total (it changed since the payment page opened);
 * `paid_twice`: the order was paid already; `not_booked`: paid at booking, but the order could not be
 * booked (its time was taken, its cart changed while the client paid: decision 0085).
 */
export const paymentToRefundSchema = z.object({
  provider: z.literal('stripe'),
  reason: z.enum(['order_cancelled', 'amount_changed', 'paid_twice', 'not_booked']),
  amount_cents: z.number().int(),
  /** ISO 4217, upper case. */
  currency: z.string(),
  /** The amount as the office reads it: "$572.50". */
  amount: z.string(),
  /** When Stripe recorded the payment. */
  paid_at: z.string(),
  /** What to look up in Stripe to refund it (pi_...). */
  payment_intent_id: z.string().nullable(),
  checkout_session_id: z.string(),
});
export type PaymentToRefundView = z.infer<typeof paymentToRefundSchema>;

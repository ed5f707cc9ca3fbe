import { z } from 'zod';
import { withAcceptableText } from './text.ts';

/**
 * An order's payment ledger in the console (issue 41 item 4, issue 44, decision 0064): the money
 * movements of one order, its balance due, the office's recording and voiding of a payment, and
 * the reconciliation of the payments received over a span of dates.
 */

/** How the office received money; `online` is Stripe's alone, written by its webhook. */
export const OFFICE_PAYMENT_METHODS = ['check', 'cash', 'card', 'other'] as const;
export const PAYMENT_METHODS = ['online', ...OFFICE_PAYMENT_METHODS] as const;
export const LEDGER_KINDS = ['payment', 'refund'] as const;

export const LEDGER_REFERENCE_MAX = 100;
export const LEDGER_NOTE_MAX = 500;
export const LEDGER_VOID_REASON_MAX = 500;
/** The longest reason the office gives for a refund through Stripe (decision 0067). */
export const REFUND_REASON_MAX = 200;
/** $1,000,000.00: the most one entry may carry (the database holds the same bound). */
export const LEDGER_MAX_AMOUNT_CENTS = 100_000_000;
/** The longest span one reconciliation lists, both ends included. */
export const RECONCILE_MAX_DAYS = 366;
/** The most lines one reconciliation answers; past it the answer says it was cut short. */
export const RECONCILE_MAX_LINES = 5_000;

const officeDate = z.iso
  .date()
  .refine((date) => date >= '2000-01-01' && date <= '2099-12-31', 'a date from 2000 to 2099');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : null));

/** POST …/orders/{id}/payments: a payment (or a refund) the office received or gave outside Stripe. */
export const recordPaymentBodySchema = withAcceptableText(
  z
    .object({
      kind: z.enum(LEDGER_KINDS).default('payment'),
      amount_cents: z.number().int().min(1).max(LEDGER_MAX_AMOUNT_CENTS),
      method: z.enum(OFFICE_PAYMENT_METHODS),
      /** The check's number, the card slip's: what the office looks the money up by. */
      reference: optionalText(LEDGER_REFERENCE_MAX),
      /** The office's date the money changed hands. */
      received_on: officeDate,
      note: optionalText(LEDGER_NOTE_MAX),
      /** E-mail each client a receipt (the payment receipt of online payments, with this amount). */
      send_receipt: z.boolean().default(false),
    })
    .strict(),
);
export type RecordPaymentBody = z.input<typeof recordPaymentBodySchema>;
export type RecordPayment = z.output<typeof recordPaymentBodySchema>;

/** POST …/orders/{id}/payments/{payment_id}/void: the entry stays, struck out, with why. */
export const voidPaymentBodySchema = withAcceptableText(
  z.object({ reason: z.string().trim().min(1, 'Say why.').max(LEDGER_VOID_REASON_MAX) }).strict(),
);
export type VoidPaymentBody = z.infer<typeof voidPaymentBodySchema>;

/**
 * POST …/orders/{id}/payments/{payment_id}/refund: gives back part or all of an online payment
 * through Stripe (decision 0067). `request_id` is the console's, one per refund it asks for: a
 * request sent again with it refunds nothing more.
 */
export const refundPaymentBodySchema = withAcceptableText(
  z
    .object({
      amount_cents: z.number().int().min(1).max(LEDGER_MAX_AMOUNT_CENTS),
      reason: z.string().trim().min(1, 'Say why.').max(REFUND_REASON_MAX),
      /** E-mail each client a receipt of the refund. */
      send_receipt: z.boolean().default(false),
      request_id: z.uuid(),
    })
    .strict(),
);
export type RefundPaymentBody = z.input<typeof refundPaymentBodySchema>;
export type RefundPayment = z.output<typeof refundPaymentBodySchema>;

const cents = z.number().int();

export const ledgerEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(LEDGER_KINDS),
  method: z.enum(PAYMENT_METHODS),
  amount_cents: cents.min(1),
  currency: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  received_on: z.iso.date().describe("The office's date the money changed hands"),
  /** Who entered it: null for Stripe's own. */
  recorded_by: z.string().nullable(),
  recorded_at: z.string(),
  voided: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
  /** An online payment's: what may still be refunded through Stripe (0 once refunded in full); null for any other entry. */
  refundable_cents: cents.min(0).nullable(),
  /** A refund through Stripe's: the payment it gives back. */
  refund_of: z.uuid().nullable(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntrySchema>;

/** GET …/orders/{id}/payments: the order's ledger, oldest first, and its sums (voided entries count for nothing). */
export const orderLedgerSchema = z.object({
  currency: z.string(),
  /** The office's zone, in which `received_on` and today are read. */
  time_zone: z.string(),
  today: z.iso.date(),
  total_cents: cents,
  paid_cents: cents,
  /** Negative when more came in than the order costs. */
  balance_due_cents: cents,
  paid: z.boolean(),
  entries: z.array(ledgerEntrySchema),
  /** Disputes (chargebacks) the client's bank opened on the order's Stripe payments, oldest first. */
  disputes: z.array(
    z.object({
      id: z.string(),
      amount_cents: cents,
      currency: z.string(),
      reason: z.string(),
      at: z.string(),
      /** Stripe's status (needs_response, under_review, won, lost, warning_closed …; decision 0082); null on a dispute recorded before statuses were kept. */
      status: z.string().nullable(),
      /** When Stripe closed it; null while open. */
      closed_at: z.string().nullable(),
      /** The outcome in the office's words once closed ("The bank decided the dispute of $X for the client: lost. …"); null while open. */
      outcome: z.string().nullable(),
    }),
  ),
});
export type OrderLedger = z.infer<typeof orderLedgerSchema>;

/** GET …/payments: the entries (not voided) received between two office dates, as JSON or CSV. */
export const reconcileQuerySchema = z
  .object({
    from: officeDate,
    to: officeDate,
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict()
  .superRefine((query, ctx) => {
    if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'on or after from' });
    else if ((Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1 > RECONCILE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${RECONCILE_MAX_DAYS} days from from` });
  });
export type ReconcileQuery = z.infer<typeof reconcileQuerySchema>;

export const methodTotalSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  currency: z.string(),
  payments_cents: cents,
  refunds_cents: cents,
  /** Payments less refunds. */
  net_cents: cents,
  entries: z.number().int().min(0),
});
export type MethodTotal = z.infer<typeof methodTotalSchema>;

export const reconcileLineSchema = ledgerEntrySchema
  .omit({ voided: true, note: true, refundable_cents: true, refund_of: true })
  .extend({
    order_id: z.uuid(),
    /** The order number printed in every e-mail. */
    order_reference: z.string(),
    client: z.string(),
  });
export type ReconcileLine = z.infer<typeof reconcileLineSchema>;

export const reconcileResponseSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  lines: z.array(reconcileLineSchema),
  /** Per method and currency, over every line of the span (also those past the cut). */
  totals: z.array(methodTotalSchema),
  /** More than RECONCILE_MAX_LINES lines: the first ones are listed; the totals count them all. */
  truncated: z.boolean(),
});
export type ReconcileResponse = z.infer<typeof reconcileResponseSchema>;

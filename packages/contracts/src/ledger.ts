import { z } from 'zod';
import { fromBase64Url, toBase64Url } from './orders-cursor.ts';
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

// ---- GET …/payments: the payments page (decision 0083) ----

/**
 * What a line of the payments page is: a payment, a fee (a ledger row of kind `fee`: the
 * cancellation policy's fee charged, when that is recorded), a refund, or a dispute (chargeback)
 * of a Stripe payment (`payment_disputes`).
 */
export const PAYMENT_LINE_KINDS = ['payment', 'fee', 'refund', 'dispute'] as const;
export type PaymentLineKind = (typeof PAYMENT_LINE_KINDS)[number];

/**
 * Where a line stands: a payment or fee `received`, refunded through Stripe in part or in full, a
 * refund `given_back`, an entry `voided` (listed, counted for nothing), a dispute `disputed` while
 * the bank decides, then `dispute_won` or `dispute_lost` (decision 0082; a lost one's money is also
 * a refund line of its own).
 */
export const PAYMENT_LINE_STATUSES = [
  'received',
  'refunded_in_part',
  'refunded_in_full',
  'given_back',
  'voided',
  'disputed',
  'dispute_won',
  'dispute_lost',
] as const;
export type PaymentLineStatus = (typeof PAYMENT_LINE_STATUSES)[number];

/** The longest span the payments page reads, both ends included (as the reconciliation before it). */
export const PAYMENTS_MAX_DAYS = 366;
export const PAYMENTS_PER_PAGE_MAX = 200;
export const PAYMENTS_PER_PAGE_DEFAULT = 50;
/** The longest search (an order number or a client's name, a few words of it). */
export const PAYMENTS_SEARCH_MAX = 100;

/** A place in the payments page's order (the office's date, the instant, the line's id): the page after it or before it. */
export interface PaymentsCursor {
  direction: 'after' | 'before';
  on: string;
  at: string;
  id: string;
}

const CURSOR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A ledger row's uuid or Stripe's dispute id (dp_…, du_…). */
const CURSOR_ID = /^[A-Za-z0-9_-]{1,255}$/;

export function encodePaymentsCursor(cursor: PaymentsCursor): string {
  return toBase64Url([cursor.direction === 'after' ? 'a' : 'b', cursor.on, cursor.at, cursor.id].join('|'));
}

/** The cursor a string holds; null when it is not one this API gave. */
export function decodePaymentsCursor(text: string): PaymentsCursor | null {
  const parts = fromBase64Url(text)?.split('|');
  if (parts?.length !== 4) return null;
  const [direction, on, at, id] = parts as [string, string, string, string];
  if (direction !== 'a' && direction !== 'b') return null;
  if (!CURSOR_DATE.test(on) || !CURSOR_INSTANT.test(at) || Number.isNaN(Date.parse(at)) || !CURSOR_ID.test(id))
    return null;
  return { direction: direction === 'a' ? 'after' : 'before', on, at, id };
}

const paymentsCursorSchema = z
  .string()
  .max(400)
  .transform((text, context) => {
    const cursor = decodePaymentsCursor(text);
    if (cursor === null) {
      context.addIssue({ code: 'custom', message: 'not a cursor this list gave' });
      return z.NEVER;
    }
    return cursor;
  })
  .describe("A page's `next_cursor` or `previous_cursor`, as given");

/** The page's filters, which its totals and its CSV share. */
export const paymentsFilterShape = z.object({
  /** The first and last office date (a line's date is the office's: received on, or disputed on). */
  from: officeDate,
  to: officeDate,
  kind: z.enum(PAYMENT_LINE_KINDS).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  status: z.enum(PAYMENT_LINE_STATUSES).optional(),
  /** An order number (F80ADF62, with or without #) or words of a client's name. */
  q: z
    .string()
    .trim()
    .max(PAYMENTS_SEARCH_MAX)
    .optional()
    .transform((value) => (value ? value : undefined)),
});

function spanRefinement(query: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'on or after from' });
  else if ((Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1 > PAYMENTS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${PAYMENTS_MAX_DAYS} days from from` });
}

/** GET …/payments: one page of lines (by cursor, never by offset) and the totals of every line the filters match; `format=csv` streams them all. */
export const paymentsQuerySchema = paymentsFilterShape
  .extend({
    cursor: paymentsCursorSchema.optional(),
    per_page: z.coerce.number().int().min(1).max(PAYMENTS_PER_PAGE_MAX).default(PAYMENTS_PER_PAGE_DEFAULT),
    /** csv: every line the filters match (cursor and per_page say nothing), then the totals. */
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict()
  .superRefine(spanRefinement);
export type PaymentsQueryInput = z.input<typeof paymentsQuerySchema>;
export type PaymentsQuery = z.output<typeof paymentsQuerySchema>;
/** The filters alone, as the console's form checks them before asking. */
export const paymentsFilterSchema = paymentsFilterShape.strict().superRefine(spanRefinement);

export const paymentLineSchema = z.object({
  /** The ledger row's id, or Stripe's dispute id. */
  id: z.string(),
  /** The office's date: the day the money changed hands, or the day the dispute was opened. */
  on: z.iso.date(),
  /** When it was recorded (a dispute: when Stripe opened it): the order within a day. */
  at: z.string(),
  order_id: z.uuid(),
  /** The order number printed in every e-mail. */
  order_reference: z.string(),
  /** The order's first client's name ('' when none). */
  client: z.string(),
  kind: z.enum(PAYMENT_LINE_KINDS),
  method: z.enum(PAYMENT_METHODS),
  /** Signed: a refund and a dispute are negative. */
  amount_cents: cents,
  currency: z.string(),
  /** Stripe's id (pi_…, re_…, dp_…) or the check's number, the card slip's. */
  reference: z.string().nullable(),
  status: z.enum(PAYMENT_LINE_STATUSES),
  /** Who entered it: null for Stripe's own. */
  recorded_by: z.string().nullable(),
});
export type PaymentLine = z.infer<typeof paymentLineSchema>;

/**
 * The sums of the lines of one day, month or method (or of all of them) in one currency. A voided
 * line counts for nothing; a refund is subtracted; a dispute is counted apart, as the order's
 * balance leaves it to Stripe until it is decided (decision 0067).
 */
export const paymentTotalSchema = z.object({
  /** The day (YYYY-MM-DD), the month (YYYY-MM), the method, or 'all'. */
  key: z.string(),
  currency: z.string(),
  payments_cents: cents,
  fees_cents: cents,
  /** Refunds given, as a positive sum. */
  refunds_cents: cents,
  /** Payments and fees less refunds. */
  net_cents: cents,
  /** Disputes opened, as a positive sum. */
  disputed_cents: cents,
  /** The lines it sums, voided ones included. */
  lines: z.number().int().min(0),
});
export type PaymentTotal = z.infer<typeof paymentTotalSchema>;

export const paymentsPageSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  lines: z.array(paymentLineSchema),
  /** Every line the filters match (all pages). */
  total_lines: z.number().int().min(0),
  next_cursor: z.string().nullable(),
  previous_cursor: z.string().nullable(),
  totals: z.object({
    by_day: z.array(paymentTotalSchema),
    by_month: z.array(paymentTotalSchema),
    by_method: z.array(paymentTotalSchema),
    /** One per currency. */
    all: z.array(paymentTotalSchema),
  }),
});
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;

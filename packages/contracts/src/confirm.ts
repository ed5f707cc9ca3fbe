import { z } from 'zod';
import { agreementSignatureSchema } from './agreements.ts';
import { appointmentSlotSchema } from './scheduling.ts';
import { withAcceptableText } from './text.ts';
import { ATTRIBUTION_MAX_LENGTH } from './attribution.ts';
import { ordersCursorSchema, pageOrCursor, wholeExportSchema } from './orders-cursor.ts';

/** The longest special note a visitor may leave (spec 2.11, 7.7). */
export const SPECIAL_NOTE_MAX = 4000;

/** POST /confirm (spec 7.7). */
export const confirmBodySchema = withAcceptableText(
  z
    .object({
      special_note: z.string().max(SPECIAL_NOTE_MAX).default(''),
      /** The order's `revision` as the review showed it: an order changed since is not booked (409 order_changed). */
      order_revision: z.string().min(1).max(64).optional(),
      /** The client's signature of the agreements the review showed, when the company signs at booking (issue 43). */
      agreement_signature: agreementSignatureSchema.optional(),
    })
    .strict(),
);
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

/** The header a browser sends so that a retried confirm answers what the first one did. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/**
 * 200: the order is confirmed; `pay_url` is the payment link when the company has one.
 * 409: the held time lapsed and was taken: set_datetime's envelope with alternatives (spec 4.8).
 */
export const confirmResponseSchema = z.union([
  z.object({ status: z.literal('ok'), pay_url: z.string().nullable() }),
  z.object({ status: z.literal('unavailable'), appointments: z.array(appointmentSlotSchema) }),
  /**
   * 200: the company takes a payment at booking (issue 44, decision 0085): nothing is booked yet.
   * The client pays on Stripe's page at `checkout_url`; the time stays held until `held_until`.
   */
  z.object({
    status: z.literal('payment_required'),
    checkout_url: z.string().max(5000),
    held_until: z.string(),
  }),
]);
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

const campaignValue = (meaning: string) => z.string().max(ATTRIBUTION_MAX_LENGTH).optional().describe(meaning);

/**
 * Where the visit that made the order came from (issue 42): the campaign parameters of the link
 * the visitor followed (for an embedded scheduler, the company page's address), those that read
 * as such; {} for a direct visit and a phone booking. Webhooks (issue 46) will carry the same.
 */
export const orderAttributionSchema = z
  .object({
    utm_source: campaignValue('The source named by the link, e.g. "google" or "newsletter"'),
    utm_medium: campaignValue('e.g. "cpc" or "email"'),
    utm_campaign: campaignValue("The campaign's name"),
    utm_term: campaignValue("The paid search's keywords"),
    utm_content: campaignValue('Which ad or link of the campaign'),
    gclid: campaignValue("Google Ads' click id"),
  })
  .strict()
  .describe(
    "The campaign parameters of the link the visit started from (for an embedded scheduler, the company page's address), those that read as such; {} for a direct visit and a phone booking",
  );

/** The office's list of confirmed orders: GET /api/admin/companies/{company_key}/orders. */
export const adminOrdersQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** booked (the default: confirmed orders), cancelled, or all of both. */
    status: z.enum(['booked', 'cancelled', 'all']).default('booked'),
    /** Page numbers (OFFSET), kept for the clients that use them; `cursor` pages by keyset (decision 0071). */
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(100),
    cursor: ordersCursorSchema.optional(),
    all: wholeExportSchema,
  })
  .strict()
  .superRefine(pageOrCursor);
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** A phone number or company field of a person as the contacts step stored it; "" when none was given. */
const asEntered = (what: string) => z.string().describe(`${what}, as entered; "" when none`);

/** A client, agent or contact of an order, as the office reads them. */
export const adminOrderPersonSchema = z.object({
  role: z.string().describe('client, buyers_agent, sellers_agent, insurance_agent or contact'),
  name: z.string(),
  email: z.string(),
  mobile_phone: asEntered('Mobile phone'),
  work_phone: asEntered('Work phone'),
  home_phone: asEntered('Home phone'),
  work_fax: asEntered('Work fax'),
  home_fax: asEntered('Home fax'),
  company: asEntered("An agent's or contact's company"),
  agency: asEntered("An insurance agent's agency"),
});
export type AdminOrderPerson = z.infer<typeof adminOrderPersonSchema>;

/** A local date, time or offset of the appointment: null for an order without a time. */
const local = (description: string, example: string) =>
  z.string().nullable().describe(`${description}, e.g. "${example}"; null when the order has no time`);

/**
 * The audit events an order's history shows the office: the booking, its moves and cancellation,
 * the manage links revoked, the office's edits (decision 0063), and the payments the office
 * recorded or voided (decision 0064), the refunds through Stripe and its disputes (decision 0067), what a cancel leaves the office to return (decision 0076), a late fee charged or its pay link sent (decision 0081), and the e-mails that bounced (decision 0070).
 */
export const ORDER_HISTORY_EVENT_TYPES = [
  'confirmed',
  'rescheduled',
  'cancelled',
  'manage_links_revoked',
  'edited',
  'payment_recorded',
  'payment_voided',
  'refunded',
  'refund_due_by_office',
  // A late fee collected (decision 0081): charged to the saved card, or its pay link e-mailed.
  'fee_charged',
  'fee_link_sent',
  'payment_disputed',
  // A dispute's later events (decision 0082): its status, its closing (won, lost …), Stripe's balance moved.
  'dispute_status_changed',
  'dispute_closed',
  'dispute_funds_withdrawn',
  'dispute_funds_reinstated',
  'message_bounced',
  // An order's agreement (issue 43, decision 0080): sent at booking, a signer's new link, opened, signed, sealed.
  'agreement_sent',
  'agreement_resent',
  'agreement_opened',
  'agreement_signed',
  'agreement_sealed',
  'agreement_voided',
] as const;

export const adminOrderSchema = z.object({
  id: z.uuid(),
  status: z.string(),
  confirmed_at: z.string().nullable(),
  datetime: z
    .string()
    .nullable()
    .describe('The start as a UTC instant (ISO 8601, Z); the office reads it as local_date and local_time'),
  duration: z.number().int().describe('Minutes'),
  time_zone: z.string().describe('The office\'s time zone (IANA), e.g. "America/New_York"'),
  local_date: local("The start's date on the office's clock", '2026-11-25'),
  local_time: local("The start's time on the office's clock (24-hour)", '09:00'),
  utc_offset: local("The office zone's offset from UTC at the start (ISO 8601)", '-05:00'),
  zone_abbreviation: local("The office zone's short name at the start", 'EST'),
  local_end_date: local("The end's date (start plus duration) on the office's clock", '2026-11-25'),
  local_end_time: local("The end's time on the office's clock (24-hour)", '12:00'),
  local_end_utc_offset: local(
    "The offset at the end: other than the start's only when the clocks change during the inspection",
    '-05:00',
  ),
  inspectors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  address: z.object({
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
  }),
  people: z.array(adminOrderPersonSchema),
  property: z
    .object({
      sqft: z.number().int().nullable(),
      year_built: z.number().int().nullable(),
      foundation: z.string().describe('The foundation type\'s text; "" when none'),
      sales_price: z.string().describe('As entered; "" when none'),
      answers: z
        .array(
          z.object({
            question: z.string().describe("The question's label"),
            answer: z.string().describe('"Yes" for a checked box, an option\'s text, or the text entered'),
          }),
        )
        .describe("The company's other questions the order answered, in the company's order"),
    })
    .describe("The property step's answers"),
  special_note: z.string().describe("The visitor's special note, as written (may hold commas, quotes and line breaks)"),
  services: z.array(z.object({ id: z.string(), name: z.string() })),
  total_cents: z.number().int().nullable(),
  currency: z.string(),
  paid: z.boolean(),
  reschedule_count: z.number().int().describe('How many times the booking was moved since it was confirmed'),
  attribution: orderAttributionSchema,
  cancelled: z
    .object({
      at: z.string(),
      reason: z.string().describe('"" when none was given'),
      fee_cents: z.number().int().describe('The late-cancellation fee owed; 0 when none'),
    })
    .nullable(),
  history: z
    .array(
      z.object({
        at: z.string(),
        type: z.enum(ORDER_HISTORY_EVENT_TYPES),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .describe(
      'The booking, its moves, its edits by the office and its cancellation (who, from what to what, any policy overridden), and the payments the office recorded or voided, oldest first',
    ),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersResponseSchema = z.object({
  orders: z.array(adminOrderSchema),
  /** The page's number when it was asked for by number; null for a page asked for by `cursor`. */
  page: z.number().int().nullable(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** The `cursor` of the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** The `cursor` of the page before; null on the first page. */
  previous_cursor: z.string().nullable(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

export const adminOrderEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export const adminOrderEventsResponseSchema = z.object({ events: z.array(adminOrderEventSchema) });

/** The calendar feed's secret travels in its URL, since calendar apps send no headers. */
export const calendarFeedQuerySchema = z.object({ secret: z.string().min(20).max(200) }).strict();

/**
 * GET /booking_payment (issue 44, decision 0085): what the draft pays at booking as it is now, and
 * where its last payment stands. Amounts in minor units, tax included, with their words.
 */
export const bookingPaymentViewSchema = z.object({
  /** Null when nothing is taken at booking (the wizard confirms as before). */
  due: z
    .object({
      kind: z.enum(['deposit', 'full', 'card']),
      amount_cents: z.number().int(),
      amount: z.string(),
      due_later_cents: z.number().int(),
      due_later: z.string(),
      total_cents: z.number().int(),
      total: z.string(),
      currency: z.string(),
      /** The card is saved with Stripe for the fees of the company's booking-change policy. */
      save_card: z.boolean(),
    })
    .nullable(),
  /**
   * The last payment's state: none begun; `open` (on Stripe's page); `booked`; `not_booked` (paid,
   * but the order could not be booked: refunded in full); `expired` or `cancelled` (nothing charged).
   */
  state: z.enum(['none', 'open', 'booked', 'not_booked', 'expired', 'cancelled']),
  /** While `open`: Stripe's page, and until when the time is held. */
  checkout_url: z.string().nullable(),
  held_until: z.string().nullable(),
  /** Once booked with a payment at booking: what was taken, and what stays due at the inspection. */
  paid: z
    .object({
      kind: z.enum(['deposit', 'full', 'card']),
      amount: z.string(),
      due_later_cents: z.number().int(),
      due_later: z.string(),
    })
    .nullable(),
});
export type BookingPaymentView = z.infer<typeof bookingPaymentViewSchema>;

/** A Checkout Session's id as Stripe writes it. */
export const checkoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'a Checkout Session id (cs_...)');

/** POST /booking_payment/return and /booking_payment/cancel: the session Stripe sent the client back from. */
export const bookingPaymentReturnBodySchema = z.object({ session_id: checkoutSessionIdSchema }).strict();

/** What coming back from Stripe came to: booked (as confirm's 200), not paid yet, or paid but not booked (refunded). */
export const bookingPaymentReturnResponseSchema = z.union([
  z.object({ status: z.literal('ok'), pay_url: z.string().nullable() }),
  z.object({ status: z.enum(['not_paid', 'not_booked', 'cancelled']) }),
]);
export type BookingPaymentReturnResponse = z.infer<typeof bookingPaymentReturnResponseSchema>;

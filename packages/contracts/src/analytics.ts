import { z } from 'zod';

/**
 * The wizard's funnel events (issue 27; spec section 1 "the product sends analytics events").
 * They carry no personal data by construction: a name, the step, and a few bounded codes and
 * numbers, never free text. The wizard sends them to the host page when embedded (postMessage,
 * for the company's own analytics), the embed script pushes them to the host's `dataLayer` when
 * the company names a Google tag, and the server records them per office for the funnel.
 */

/** The wizard's steps, as the route table names them (packages/domain/src/route-table.ts STEPS). */
export const FUNNEL_STEPS = [
  'postal-code',
  'calendar',
  'address',
  'contacts',
  'property-info',
  'packages',
  'review',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_EVENT_NAMES = [
  /** A step's screen was shown (once per arrival on it). */
  'step_viewed',
  /** The visitor took a time: it is held for them. */
  'time_held',
  /** A held time ran out before the order was confirmed. */
  'hold_lapsed',
  /** The visitor was told their time, coupon or cart no longer stands ("Sorry!" dialogs). `code` says which. */
  'conflict_shown',
  /** Packages or services were added or removed: `item_count`, `total_cents`, `currency`. */
  'cart_changed',
  'coupon_applied',
  /** A coupon was refused: `code` is the refusal's error code. */
  'coupon_refused',
  /** The order was confirmed: `order_reference` (for the company's conversion tracking), `total_cents` and `currency`. */
  'order_confirmed',
  /** An error was shown to the visitor: `code` is its error code. */
  'error_shown',
] as const;
export type FunnelEventName = (typeof FUNNEL_EVENT_NAMES)[number];

/** A machine code: lower-case letters, digits and underscores (an error code, a conflict kind). */
const eventCode = z.string().regex(/^[a-z0-9_]{1,60}$/);

/**
 * The order's short reference, as the messages and the console show it (the first eight hex
 * digits of its id, upper case): the order number a company's ad platform matches a conversion
 * to. It names an order, not a person.
 */
export const ORDER_REFERENCE_PATTERN = /^[0-9A-F]{8}$/;

export const funnelEventSchema = z
  .object({
    name: z.enum(FUNNEL_EVENT_NAMES),
    /** The step the visitor was on; null on screens that are not a step (thank-you, errors before the first step). */
    step: z.enum(FUNNEL_STEPS).nullable(),
    code: eventCode.optional(),
    item_count: z.number().int().min(0).max(500).optional(),
    total_cents: z.number().int().min(0).max(100_000_000).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    /** On `order_confirmed` only. */
    order_reference: z.string().regex(ORDER_REFERENCE_PATTERN).optional(),
  })
  .strict()
  .refine((event) => event.order_reference === undefined || event.name === 'order_confirmed', {
    path: ['order_reference'],
    message: 'only on order_confirmed',
  });
export type FunnelEvent = z.infer<typeof funnelEventSchema>;

/** The most events one request records (the wizard sends them in small batches). */
export const MAX_EVENTS_PER_REQUEST = 20;
/** The most events one session records; past it, further ones are accepted and dropped. */
export const MAX_EVENTS_PER_SESSION = 500;

/** `POST /{company_key}/json/online_scheduler/events` (the visitor's session token in X-Auth-Token). */
export const recordEventsBodySchema = z
  .object({ events: z.array(funnelEventSchema).min(1).max(MAX_EVENTS_PER_REQUEST) })
  .strict();
export type RecordEventsBody = z.infer<typeof recordEventsBodySchema>;

/** The longest span one funnel query covers. */
export const FUNNEL_MAX_DAYS = 92;
/** The most sources the funnel names; visitors write the links, so the rest are added up as one. */
export const FUNNEL_MAX_SOURCES = 20;

/** `GET /api/admin/companies/{key}/funnel` and the console's `GET /api/console/companies/{key}/funnel`. */
export const funnelQuerySchema = z
  .object({
    /** Office-local dates, both included; sessions count on the day they started. */
    from: z.iso.date(),
    to: z.iso.date(),
    office: z.uuid().optional(),
  })
  .strict()
  .superRefine((query, ctx) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'on or after from' });
    else if (days >= FUNNEL_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `at most ${FUNNEL_MAX_DAYS} days after from, both included`,
      });
  });
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

/**
 * The visits that started on a day (or in the span). A visit counts as started once the wizard
 * showed it a step (its first `step_viewed`, sent from the visitor's browser): a session the
 * scheduler link made for a link preview, a bot or a frame the browser refused never showed one.
 * `confirmed` are the online bookings: visits confirmed after the review step was shown, so never
 * more than reached the review. Bookings made otherwise are counted apart.
 */
export const funnelCountsSchema = z.object({
  started: z.number().int().min(0),
  /** One count per step of `step_order`, in that order: started visits that viewed the step at least once. */
  reached: z.array(z.number().int().min(0)),
  confirmed: z
    .number()
    .int()
    .min(0)
    .describe(
      'Visits booked online (cancelled since included): confirmed after the review step was shown; never more than reached the review',
    ),
  booked_by_phone: z
    .number()
    .int()
    .min(0)
    .describe('Bookings the office took by phone whose session started then: not visits'),
  booked_by_api: z
    .number()
    .int()
    .min(0)
    .describe(
      'Other sessions confirmed without the review step shown in a browser (a program driving the visitor API, or a browser that sent none of its events): not visits',
    ),
});
export type FunnelCounts = z.infer<typeof funnelCountsSchema>;

export const officeFunnelSchema = z.object({
  office_uuid: z.uuid(),
  office_name: z.string(),
  time_zone: z.string(),
  /** The office's steps in the order its visitors walk them (its mode today). */
  step_order: z.array(z.enum(FUNNEL_STEPS)),
  totals: funnelCountsSchema,
  /** One entry per day from `from` to `to`, days without sessions included (zeros). */
  days: z.array(funnelCountsSchema.extend({ date: z.iso.date() })),
  /**
   * The span's figures by where the sessions came from (their link's `utm_source`; "direct" for
   * none), the most started first: at most FUNNEL_MAX_SOURCES named, then one entry with `source`
   * null for all the others together, when there are more. A source without a visit started or
   * a booking is absent.
   */
  sources: z
    .array(
      funnelCountsSchema.extend({
        source: z
          .string()
          .nullable()
          .describe('The links\' utm_source, "direct" for none; null: the sources past the first 20, added up'),
      }),
    )
    .max(FUNNEL_MAX_SOURCES + 1),
});
export type OfficeFunnel = z.infer<typeof officeFunnelSchema>;

export const funnelResponseSchema = z.object({
  company_key: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  offices: z.array(officeFunnelSchema),
});
export type FunnelResponse = z.infer<typeof funnelResponseSchema>;

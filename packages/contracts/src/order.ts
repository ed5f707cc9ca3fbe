import { z } from 'zod';
import { LOCKABLE_FIELDS } from './embed.ts';
import { personSchema, userTypeSchema } from './person.ts';

/**
 * What the company's page filled in for the visitor's forms when it embedded the scheduler (issue
 * 27): the steps start from these until the visitor saves their own. Each was checked as the
 * visitor's own input is; what did not pass is not here.
 */
export const orderPrefillSchema = z
  .object({
    address1: z.string().max(100),
    city: z.string().max(60),
    state: z.number().int(),
    client: z
      .object({
        first: z.string().max(100),
        last: z.string().max(100),
        email: z.string().max(254),
        mobile_phone: z.string().max(40),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();
export type OrderPrefill = z.infer<typeof orderPrefillSchema>;

export const orderInspectorSchema = z.object({ id: z.number().int(), requested: z.boolean() });

/** GET /{company_key}/online-scheduler/order (spec 3.2). Times are ISO instants. */
export const orderResponseSchema = z.object({
  id: z.uuid(),
  saved: z.boolean(),
  complete: z.boolean(),
  confirmed: z.boolean(),
  /** The booking was cancelled after it was confirmed (issue 24); `confirmed` stays true. */
  cancelled: z.boolean(),
  paid: z.boolean(),
  pay_url: z.string().nullable(),
  /**
   * A booked order's balance due, tax included: its total less what was paid (the office's
   * payments too), which is what the pay link charges. Null for a draft. 0 or less: nothing is due.
   */
  balance_due_cents: z.number().int().nullable(),
  datetime: z.string().nullable(),
  /** When the session's hold on its time lapses (it may already have), or null when nothing is held. */
  hold_expires_at: z.iso.datetime({ offset: true, local: false }).nullable(),
  duration: z.number().int(),
  inspectors: z.array(orderInspectorSchema),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.number().int().nullable(),
  postal_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  county: z.string(),
  sqft: z.number().int().nullable(),
  yb: z.number().int().nullable(),
  foundation_type: z.object({ id: z.number().int(), value: z.string() }).nullable(),
  sales_price: z.string(),
  refer_reason: z.string(),
  refer_reason_other: z.string(),
  controls: z.array(z.object({ id: z.number().int(), value: z.string().nullable(), checked: z.boolean() })),
  packages: z.array(z.number().int()),
  services: z.array(z.uuid()),
  user: userTypeSchema.nullable(),
  client: personSchema.nullable(),
  clients: z.array(personSchema).nullable(),
  buyers_agent: personSchema.nullable(),
  sellers_agent: personSchema.nullable(),
  insurance_agent: personSchema.nullable(),
  contacts: z.array(personSchema),
  rush_rer: z.boolean(),
  /** The cart changed while a time was held (spec 3.12): the calendar asks for a new pick. */
  services_changed: z.boolean(),
  special_note: z.string(),
  /**
   * The office is booking this order by phone for a caller (issue 25): who, by name. The calendar
   * then lets them hold any time, the rules it passes shown as warnings. null: a visitor's own.
   */
  office_booking: z.object({ booked_by: z.string() }).nullable(),
  /**
   * A digest of everything the order says that the review shows (decision 0033): confirm, sent
   * the one the review showed, refuses an order that another tab changed since.
   */
  revision: z.string().max(64),
  prefill: orderPrefillSchema,
  /** The fields the company's page filled in and locked (issue 27): shown, not editable, and refused by the server if changed. */
  locked: z.array(z.enum(LOCKABLE_FIELDS)),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

import { z } from 'zod';
import { appointmentSlotSchema } from './scheduling.ts';
import { withAcceptableText } from './text.ts';

/** The longest special note a visitor may leave (spec 2.11, 7.7). */
export const SPECIAL_NOTE_MAX = 4000;

/** POST /confirm (spec 7.7). */
export const confirmBodySchema = withAcceptableText(
  z
    .object({
      special_note: z.string().max(SPECIAL_NOTE_MAX).default(''),
      /** The order's `revision` as the review showed it: an order changed since is not booked (409 order_changed). */
      order_revision: z.string().min(1).max(64).optional(),
    })
    .strict(),
);
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

/** The header a browser sends so that a retried confirm answers what the first one did. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().min(1).max(200).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/**
 * 200: the order is confirmed; `pay_url` is the payment link when the company has one.
 * 409: the held time lapsed and was taken: set_datetime's envelope with alternatives (spec 4.8).
 */
export const confirmResponseSchema = z.union([
  z.object({ status: z.literal('ok'), pay_url: z.string().nullable() }),
  z.object({ status: z.literal('unavailable'), appointments: z.array(appointmentSlotSchema) }),
]);
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

/** The office's list of confirmed orders: GET /api/admin/companies/{company_key}/orders. */
export const adminOrdersQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderSchema = z.object({
  id: z.uuid(),
  status: z.string(),
  confirmed_at: z.string().nullable(),
  datetime: z.string().nullable(),
  duration: z.number().int(),
  inspectors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  address: z.object({ address1: z.string(), address2: z.string(), city: z.string(), state: z.string(), postal_code: z.string() }),
  people: z.array(z.object({ role: z.string(), name: z.string(), email: z.string() })),
  services: z.array(z.object({ id: z.string(), name: z.string() })),
  total_cents: z.number().int().nullable(),
  currency: z.string(),
  paid: z.boolean(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersResponseSchema = z.object({
  orders: z.array(adminOrderSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

export const adminOrderEventSchema = z.object({ id: z.number().int(), type: z.string(), data: z.record(z.string(), z.unknown()), created_at: z.string() });
export const adminOrderEventsResponseSchema = z.object({ events: z.array(adminOrderEventSchema) });

/** The calendar feed's secret travels in its URL, since calendar apps send no headers. */
export const calendarFeedQuerySchema = z.object({ secret: z.string().min(20).max(200) }).strict();

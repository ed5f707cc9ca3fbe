import { z } from 'zod';
import { INT32_MAX } from './int32.ts';
import { locationCodeSchema } from './location-codes.ts';

const baseSlotSchema = z.object({
  /** Stable for the same time and team, so the wizard can merge fetched windows. */
  id: z.string(),
  /** Office-local date, YYYY-MM-DD. */
  date: z.string(),
  /** Display time, e.g. "9:30 AM". */
  start: z.string(),
  /** Office-local "YYYY-MM-DD HH:mm:00". */
  start_datetime: z.string(),
  end_datetime: z.string(),
  /** Unix seconds of the start. */
  timestamp: z.number().int(),
  /** The inspectors who perform it: one, or the smallest team that covers the services. */
  users: z.array(z.number().int()),
  preferred: z.number().int().optional(),
});

/** An appointment slot (spec 3.9); `group` holds equivalent alternates when names are hidden. */
export const appointmentSlotSchema = baseSlotSchema.extend({ group: z.array(baseSlotSchema).optional() });
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;
export type AppointmentSlotBase = z.infer<typeof baseSlotSchema>;
/** The answer of GET /availability (and the manage link's): the slots of the asked window. */
export const availabilityResponseSchema = z.array(appointmentSlotSchema);

/** Arrays in query strings arrive as JSON (`inspectors=[1,2]`), repeated keys, or commas. */
function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess((raw) => {
    if (raw === undefined || raw === '') return [];
    const values = Array.isArray(raw) ? raw : [raw];
    return values.flatMap((value) => {
      if (typeof value !== 'string') return [value];
      const text = value.trim();
      if (text.startsWith('[')) {
        try {
          return JSON.parse(text) as unknown[];
        } catch {
          return [text];
        }
      }
      return text === '' ? [] : text.split(',').map((part) => part.trim());
    });
  }, z.array(item).max(50));
}

/**
 * Dates a scheduling call may name. Times outside the office's booking window are simply not
 * available (a visitor returning to an old tab); years outside these bounds are mistakes and a 400.
 */
export const EARLIEST_SCHEDULING_DATE = '2000-01-01';
export const LATEST_SCHEDULING_DATE = '2199-12-31';
const DATE_BOUNDS_MESSAGE = `must be between ${EARLIEST_SCHEDULING_DATE} and ${LATEST_SCHEDULING_DATE}`;
const EARLIEST_INSTANT = Date.parse(`${EARLIEST_SCHEDULING_DATE}T00:00:00Z`);
const END_OF_LATEST = Date.parse(`${LATEST_SCHEDULING_DATE}T00:00:00Z`) + 86_400_000;

const date = z.iso
  .date()
  .refine((value) => value >= EARLIEST_SCHEDULING_DATE && value <= LATEST_SCHEDULING_DATE, DATE_BOUNDS_MESSAGE);
const nonNegativeInt = z.coerce.number().int().min(0).max(100_000);
/** Inspector ids are stored as PostgreSQL integers. */
const inspectorId = z.number().int().positive().max(INT32_MAX);
const inspectorIds = queryList(z.coerce.number().int().positive().max(INT32_MAX));
const serviceIds = queryList(z.uuid());
const postalCode = z.string().trim().max(10).optional();

/** What the scheduling queries send besides their times (spec 7.4). */
const slotRequestFields = {
  duration: nonNegativeInt.optional(),
  /** The most slots offered on one day. */
  limit: nonNegativeInt.optional(),
  postal_code: postalCode,
  inspectors: inspectorIds.optional(),
  services: serviceIds.optional(),
};

/** GET /availability (spec 7.4). */
export const availabilityQuerySchema = z.object({ from: date, to: date, ...slotRequestFields }).strict();
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** "YYYY-MM-DDTHH:mm:00-00:00" and other ISO-8601 instants with an offset. */
const instant = z.iso.datetime({ offset: true, local: false }).refine((value) => {
  const at = Date.parse(value);
  return at >= EARLIEST_INSTANT && at < END_OF_LATEST;
}, DATE_BOUNDS_MESSAGE);
/** An instant a scheduling call may name: ISO 8601 with an offset, within the scheduling dates' bounds. */
export const schedulingInstantSchema = instant;

/** GET /time_available. */
export const timeAvailableQuerySchema = z.object({ from: instant, to: instant, ...slotRequestFields }).strict();

export const timeAvailableResponseSchema = z.object({
  status: z.enum(['yes', 'no']),
  appointments: z.array(appointmentSlotSchema),
});

/** GET /validate_inspectors_services. */
export const validateInspectorsServicesQuerySchema = z.object(slotRequestFields).strict();

export const validateInspectorsServicesResponseSchema = z.object({
  status: z.enum(['ok', 'conflict']),
  added_inspectors: z.array(z.number().int()),
  appointments: z.array(appointmentSlotSchema),
});

/** POST /set_datetime. */
export const setDatetimeBodySchema = z
  .object({
    datetime: instant.nullable(),
    duration: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .optional(),
    inspectors: z.array(inspectorId).max(20).optional(),
  })
  .strict();

export const setDatetimeResponseSchema = z.union([
  z.object({ status: z.literal('ok'), hold_expires_at: z.string().nullable() }),
  z.object({ status: z.literal('unavailable'), appointments: z.array(appointmentSlotSchema) }),
]);

/**
 * POST /office_hold (issue 25): the office, booking by phone, holds any time with the inspectors
 * it picks. Without `accept_warnings`, what the rules would refuse a visitor comes back first.
 */
export const officeHoldBodySchema = z
  .object({
    datetime: instant,
    inspectors: z.array(inspectorId).min(1).max(20),
    duration: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .optional(),
    accept_warnings: z.boolean().default(false),
  })
  .strict();
export const officeHoldResponseSchema = z.union([
  setDatetimeResponseSchema.options[0],
  z.object({
    status: z.literal('unavailable'),
    appointments: z.array(appointmentSlotSchema),
    /** The office's chosen inspectors who are booked (or held by another visitor) at that time. */
    busy_inspectors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  z.object({ status: z.literal('warnings'), warnings: z.array(z.string()) }),
]);
export type OfficeHoldResponse = z.infer<typeof officeHoldResponseSchema>;

/** POST /set_inspectors: an array of inspector ids. */
export const setInspectorsBodySchema = z.array(inspectorId).max(20);

/** POST /set_postal_code (spec 2.4; the spec names no call for it). */
export const setPostalCodeBodySchema = z.object({ postal_code: z.string().trim().min(2).max(10) }).strict();
export const setPostalCodeResponseSchema = z.object({ status: z.literal('ok') });

export const distanceOnDatetimeQuerySchema = z.object({ datetime: instant }).strict();
export const distanceOnDatetimeResponseSchema = z.object({
  status: z.enum(['ok', 'out_of_range']),
  miles: z.number().nullable(),
  max_miles: z.number().nullable(),
  /** Which of the address step's refusals applies (spec 8.2), or "ok"; `inspector_id` is the inspector it is about. */
  code: z.union([z.literal('ok'), locationCodeSchema]),
  inspector_id: z.number().int().nullable(),
});

/** The most days one availability request may span. */
export const MAX_AVAILABILITY_WINDOW_DAYS = 120;

import { z } from 'zod';
import { locationCodeSchema } from './location-codes.ts';
import { appointmentSlotSchema } from './scheduling.ts';

const line = (max: number) => z.string().trim().max(max);
const required = (max: number, label: string) => line(max).min(1, `${label} is required`);

/** GET /geocode: the address as one line, the way the wizard joins its fields. */
export const geocodeQuerySchema = z.object({ address: required(300, 'An address') }).strict();

/** A typed city or state that its postal code contradicts. */
export const placeConflictSchema = z.object({
  field: z.enum(['city', 'state']),
  typed: z.string(),
  expected: z.string(),
  message: z.string(),
});

/**
 * The geocode suggestion (spec 3.11). `state` is the abbreviation and `state_id` the company's id
 * for it, which the order stores. `conflicts` names a typed city or state that the postal code
 * contradicts; `refusal` says why an address cannot be an inspection site (a PO box).
 */
export const geocodeSuggestionSchema = z.object({
  no_results: z.boolean(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  state_id: z.number().int().nullable(),
  postal_code: z.string(),
  county: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  conflicts: z.array(placeConflictSchema),
  refusal: z.object({ code: z.literal('po_box'), field: z.literal('address1'), message: z.string() }).nullable(),
});
export type GeocodeSuggestion = z.infer<typeof geocodeSuggestionSchema>;

/**
 * POST /set_address (spec 5.3, 7.5). address1, city and postal_code are required; `state` is a
 * state id of the office's list; coordinates of 0,0 mean "not verified".
 */
export const setAddressBodySchema = z
  .object({
    address1: required(120, 'Address Line 1'),
    address2: line(120).default(''),
    city: required(80, 'City'),
    state: z.number().int().positive().max(100_000).nullable().default(null),
    postal_code: required(10, 'The postal code').regex(
      /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
      'a postal code has letters, digits, spaces and hyphens only',
    ),
    latitude: z.number().min(-90).max(90).default(0),
    longitude: z.number().min(-180).max(180).default(0),
    county: line(80).default(''),
  })
  .strict();
export type SetAddressBody = z.infer<typeof setAddressBodySchema>;

/** 200: the location is served. 409: it is not, with the code, its message and real alternatives (the same envelope as set_datetime's 409). */
export const setAddressResponseSchema = z.union([
  z.object({ status: z.literal('ok') }),
  z.object({ status: locationCodeSchema, message: z.string(), appointments: z.array(appointmentSlotSchema) }),
]);
export type SetAddressResponse = z.infer<typeof setAddressResponseSchema>;

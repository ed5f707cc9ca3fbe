import { z } from 'zod';
import { WEEKDAYS } from './company-document.ts';
import { companyKeySchema } from './company-key.ts';
import { MAX_CENTS } from './pricing.ts';

/**
 * A new company signing itself up (issue 26): a person with a verified e-mail address names the
 * company, places its first office from the office's address (the time zone follows from where it
 * is), describes the first inspector and the first service, and gets a company with sensible
 * defaults for everything else, of which they are the owner.
 */

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day as HH:mm');
const trimmed = (min: number, max: number) => z.string().trim().min(min).max(max);

export { COMPANY_KEY_PATTERN, companyKeySchema, RESERVED_COMPANY_KEYS } from './company-key.ts';

// ---- GET /api/console/geocode?address=… ----

export const geocodeQuerySchema = z.object({ address: trimmed(3, 300) }).strict();
export type GeocodeQuery = z.infer<typeof geocodeQuerySchema>;

/** Where an address is: its USPS form, its place, and the time zone there. */
export const placeSchema = z
  .object({
    address1: z.string().max(200),
    address2: z.string().max(200),
    city: z.string().max(100),
    /** Two-letter state code. */
    state: z.string().max(3),
    postal_code: z.string().max(10),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    /** The IANA zone of the place (America/New_York). */
    time_zone: z.string().min(1).max(64),
  })
  .strict();
export type Place = z.infer<typeof placeSchema>;

// ---- POST /api/console/companies ----

/** How many companies one person may create: enough for a few brands, not a flood. */
export const MAX_COMPANIES_CREATED_PER_PERSON = 5;

export const newCompanyBodySchema = z
  .object({
    company: z.object({ name: trimmed(1, 200), key: companyKeySchema }).strict(),
    office: z
      .object({
        address1: trimmed(1, 200),
        address2: z.string().trim().max(200).default(''),
        city: trimmed(1, 100),
        state: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2}$/, 'a two-letter state code')
          .transform((s) => s.toUpperCase()),
        postal_code: trimmed(2, 10),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        time_zone: z.string().min(1).max(64),
        phone: z.string().trim().max(40).default(''),
        email: z.union([z.literal(''), z.email().max(254)]).default(''),
      })
      .strict(),
    inspector: z
      .object({
        first: trimmed(1, 100),
        last: trimmed(1, 100),
        /** The weekdays they work, from `start` to `end` office time. */
        weekdays: z.array(z.enum(WEEKDAYS)).min(1).max(7),
        start: timeOfDay,
        end: timeOfDay,
        /** How far from the office they drive. */
        radius_miles: z.number().int().min(1).max(500),
      })
      .strict()
      .refine((inspector) => inspector.start < inspector.end, {
        message: 'the day must end after it starts',
        path: ['end'],
      }),
    service: z
      .object({
        name: trimmed(1, 200),
        price_cents: z.number().int().min(0).max(MAX_CENTS),
        duration_minutes: z
          .number()
          .int()
          .min(15)
          .max(24 * 60),
      })
      .strict(),
  })
  .strict();
export type NewCompanyBody = z.input<typeof newCompanyBodySchema>;
export type NewCompany = z.output<typeof newCompanyBodySchema>;

export const newCompanyResponseSchema = z
  .object({
    company_key: z.string(),
    /** The link to share: the company's scheduler. */
    scheduler_url: z.string(),
  })
  .strict();
export type NewCompanyResponse = z.infer<typeof newCompanyResponseSchema>;

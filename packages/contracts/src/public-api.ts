import { z } from 'zod';
import { adminOrderSchema } from './confirm.ts';
import {
  adminCancelBodySchema,
  adminRescheduleBodySchema,
  manageAvailabilityQuerySchema,
  manageChangeResponseSchema,
} from './manage.ts';
import { INT32_MAX } from './int32.ts';
import { agentSchema, directoryContactSchema } from './company-document.ts';
import { appointmentSlotSchema, availabilityQuerySchema, schedulingInstantSchema } from './scheduling.ts';
import { setPropertyInfoBodySchema } from './property.ts';
import { USER_TYPES } from './person.ts';
import { ordersCursorSchema } from './orders-cursor.ts';
import { withAcceptableText } from './text.ts';

/**
 * The public API (/api/v1, issue 46, decision 0087): a company's own systems (a report writer, a
 * CRM, Zapier) call it with an API key the company's owners and admins make in the console. A key
 * opens one company's data, and only what its scopes allow.
 */

/** What a key may do; each /api/v1 route names the one it needs. */
export const API_KEY_SCOPES = [
  'orders:read',
  'orders:write',
  'directory:read',
  'directory:write',
  'webhooks:write',
] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** The words the console shows beside each scope's checkbox. */
export const API_KEY_SCOPE_TEXTS: Readonly<Record<ApiKeyScope, string>> = {
  'orders:read': 'Read orders',
  'orders:write': 'Book, move and cancel orders',
  'directory:read': 'Read the directory (agents and contacts)',
  'directory:write': 'Add and change people in the directory',
  'webhooks:write': 'Subscribe to events (webhooks, Zapier)',
};

export const API_KEY_NAME_MAX = 80;
/** How many live (unrevoked) keys a company may have at once. */
export const API_KEYS_PER_COMPANY_MAX = 50;

/** The visible start of every key; `_live_` leaves room for test keys later. */
export const API_KEY_PREFIX = 'isk_live_';
/** A key as presented: `isk_live_<12-character id>_<43-character secret>`. */
export const API_KEY_PATTERN = /^isk_live_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** POST /api/console/companies/{company_key}/api-keys */
export const apiKeyCreateBodySchema = withAcceptableText(
  z
    .object({
      name: z.string().trim().min(1).max(API_KEY_NAME_MAX).describe('What the key is for, e.g. "Report writer"'),
      scopes: z
        .array(apiKeyScopeSchema)
        .min(1)
        .max(API_KEY_SCOPES.length)
        .refine((scopes) => new Set(scopes).size === scopes.length, 'each scope once'),
    })
    .strict()
    .meta({ examples: [{ name: 'Report writer', scopes: ['orders:read', 'directory:read'] }] }),
);
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

/** A key as the console lists it: never the key, only its public prefix. */
export const apiKeySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's visible start, `isk_live_<id>`: how the owner recognises it. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  created_at: z.string(),
  created_by: z.string().describe('The name of the member who made it'),
  /** To the minute; null when never used. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySummarySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to a creation: the key itself, this once. */
export const apiKeyCreatedSchema = z.object({
  key: apiKeySummarySchema,
  secret: z.string().describe('The whole key, shown this once: it is stored only as a hash'),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyIdParamsSchema = z.object({ company_key: z.string().min(1).max(64), id: z.uuid() }).strict();

// ---- /api/v1 ----

const localDate = z.iso.date();
const instant = z.iso.datetime({ offset: true });

/** GET /api/v1/orders */
export const publicOrdersQuerySchema = z
  .object({
    from: localDate.optional().describe('Appointments on or after this office-local date (YYYY-MM-DD)'),
    to: localDate.optional().describe('Appointments on or before this office-local date (YYYY-MM-DD)'),
    status: z.enum(['booked', 'cancelled', 'all']).default('all'),
    inspector_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    updated_since: instant
      .optional()
      .describe(
        'Only orders changed at or after this instant, newest changed first (Zapier polling); without it, by appointment, soonest first',
      )
      .meta({ examples: ['2026-11-30T09:00:00Z'] }),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: ordersCursorSchema.optional(),
  })
  .strict();
export type PublicOrdersQuery = z.infer<typeof publicOrdersQuerySchema>;

/** An order as the API answers it: the console's listing of it, and when it last changed. */
export const publicOrderSchema = adminOrderSchema.extend({
  updated_at: z.string().describe('When anything of the order last changed (UTC instant): what updated_since compares'),
  lines: z
    .array(
      z.object({
        kind: z.enum(['package', 'bundle-savings', 'service', 'savings', 'fee', 'coupon', 'tax']),
        label: z.string(),
        amount_cents: z
          .number()
          .int()
          .nullable()
          .describe('Negative for a saving or coupon; null where the company hides it'),
      }),
    )
    .describe(
      'The price lines as the client was shown them at booking (the package, services, savings, fees, coupons, taxes)',
    ),
  lines_total_cents: z
    .number()
    .int()
    .nullable()
    .describe(
      'What the lines add up to: total_cents, or the total before tax where the company shows prices before tax; null where amounts are hidden',
    ),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

export const publicOrdersResponseSchema = z.object({
  orders: z.array(publicOrderSchema),
  /** The `cursor` of the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type PublicOrdersResponse = z.infer<typeof publicOrdersResponseSchema>;

export const publicOrderParamsSchema = z.object({ id: z.uuid() }).strict();

/** GET /api/v1/orders/{id}/availability: office-local dates, as the manage page's. */
export const publicAvailabilityQuerySchema = manageAvailabilityQuerySchema;

/** POST /api/v1/orders/{id}/reschedule: as the office's (the admin API's) move. */
export const publicRescheduleBodySchema = adminRescheduleBodySchema.meta({
  examples: [{ start: '2026-12-02T14:00:00-05:00', from_start: '2026-12-01T14:00:00-05:00' }],
});
/** POST /api/v1/orders/{id}/cancel: as the office's cancellation. */
export const publicCancelBodySchema = adminCancelBodySchema.meta({
  examples: [{ reason: 'The buyer withdrew', waive_fee: true }],
});
export const publicChangeResponseSchema = manageChangeResponseSchema;

/**
 * GET /api/v1/availability: the free start times of a new booking (no order yet), as the wizard
 * offers them for the same cart: office-local dates, at most the wizard's window of days.
 */
export const publicNewAvailabilityQuerySchema = availabilityQuerySchema
  .pick({ from: true, to: true, services: true, postal_code: true, inspectors: true })
  .extend({
    office: z.uuid().optional().describe('The office (its uuid); may be left out when the company has one office'),
  })
  .strict();
export type PublicNewAvailabilityQuery = z.infer<typeof publicNewAvailabilityQuerySchema>;

export const publicNewAvailabilitySchema = z.object({
  office: z.uuid(),
  time_zone: z.string().describe("The office's IANA zone: the slots' local dates and times are on its clock"),
  duration_minutes: z.number().int().describe("The cart's length, by the wizard's rule"),
  slots: z.array(
    appointmentSlotSchema.extend({
      starts_at: z.string().describe('The start as a UTC instant: the `start` to book'),
    }),
  ),
});
export type PublicNewAvailability = z.infer<typeof publicNewAvailabilitySchema>;

/** The Idempotency-Key header every POST of /api/v1 takes (optional, 1 to 255 visible ASCII characters). */
export const IDEMPOTENCY_KEY_MAX = 255;
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .regex(/^[\x21-\x7e]+$/, 'visible ASCII characters only');

export const publicPostHeadersSchema = z
  .object({
    'idempotency-key': idempotencyKeySchema
      .optional()
      .describe('Repeating a POST with the same key and body within 24 hours answers as the first did'),
  })
  .passthrough();

/** A person of a booking made through the API: a name, an e-mail, a phone. */
const publicBookingPersonSchema = z
  .object({
    first: z.string().trim().min(1).max(100),
    last: z.string().trim().min(1).max(100),
    email: z.string().trim().min(3).max(254),
    phone: z.string().trim().max(40).optional(),
  })
  .strict();
export type PublicBookingPerson = z.infer<typeof publicBookingPersonSchema>;

/**
 * POST /api/v1/orders: a confirmed booking at a free time (`GET /api/v1/availability`'s `starts_at`),
 * with the rules of the office's own phone booking and the wizard's checks of each part.
 */
export const publicOrderCreateBodySchema = withAcceptableText(
  z
    .object({
      office: z.uuid().optional().describe('The office (its uuid); may be left out when the company has one office'),
      start: schedulingInstantSchema.describe(
        'The start, a UTC instant (or with an offset): a slot\u2019s `starts_at`',
      ),
      inspector_ids: z
        .array(z.number().int().min(1).max(INT32_MAX))
        .max(10)
        .optional()
        .describe('The slot\u2019s inspectors (its `users`); left out: whoever the slot offers'),
      services: z.array(z.uuid()).max(50).default([]).describe('Service uuids of the company\u2019s catalogue'),
      package: z.number().int().min(1).max(INT32_MAX).optional().describe('A package id of the catalogue'),
      address: z
        .object({
          address1: z.string().trim().min(1).max(120),
          address2: z.string().trim().max(120).default(''),
          city: z.string().trim().min(1).max(80),
          state: z
            .number()
            .int()
            .min(1)
            .max(100_000)
            .optional()
            .describe('The state\u2019s id of the office\u2019s list; left out: the postal code tells'),
          postal_code: z.string().trim().min(1).max(10),
        })
        .strict(),
      client: publicBookingPersonSchema,
      buyers_agent: publicBookingPersonSchema.optional(),
      sellers_agent: publicBookingPersonSchema.optional(),
      role: z
        .enum(USER_TYPES)
        .default('CLIENT_BUYER')
        .describe('Who the booking is for, as the wizard asks the visitor (one the company offers)'),
      property: setPropertyInfoBodySchema
        .optional()
        .describe(
          'The property step\u2019s answers, where the company asks them (square feet, year built, its questions)',
        ),
      special_note: z.string().max(2000).default(''),
      notify_client: z
        .boolean()
        .default(true)
        .describe(
          'Send the client the confirmation e-mail and text a phone booking sends (false: the office tells them)',
        ),
    })
    .strict()
    .meta({
      examples: [
        {
          start: '2026-12-02T14:00:00Z',
          services: ['a1c0ffee-0000-4000-8000-000000000001'],
          address: { address1: '1450 Morse Rd', city: 'Columbus', postal_code: '43229' },
          client: { first: 'Dana', last: 'Whitaker', email: 'dana@example.com', phone: '614-555-0142' },
          property: { sqft: 1800, yb: 1995 },
        },
      ],
    }),
);
export type PublicOrderCreateBody = z.infer<typeof publicOrderCreateBodySchema>;

/** 409 of POST /api/v1/orders: the time is not free, with the nearest free ones. */
export const publicOrderUnavailableSchema = z.object({
  status: z.literal('unavailable'),
  appointments: z.array(appointmentSlotSchema),
});

// ---- The directory ----

/** A directory person's id in the API: what they are and their number, `agent_12` or `contact_5`. */
export const PUBLIC_PERSON_ID = /^(agent|contact)_([1-9][0-9]{0,9})$/;

export const publicPeopleQuerySchema = z
  .object({
    type: z.enum(['agents', 'contacts']).default('agents').describe('Agents (real estate and insurance) or contacts'),
    limit: z.coerce.number().int().min(1).max(200).default(100),
    cursor: z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, "a page's next_cursor")
      // The directory's ids are PostgreSQL integers: a larger number is no page's cursor.
      .refine((cursor) => Number(cursor) <= INT32_MAX, "a page's next_cursor")
      .optional()
      .describe("The previous page's `next_cursor`"),
  })
  .strict();
export type PublicPeopleQuery = z.infer<typeof publicPeopleQuerySchema>;

export const publicPersonParamsSchema = z
  .object({
    id: z
      .string()
      .max(20)
      .regex(PUBLIC_PERSON_ID, 'agent_<number> or contact_<number>')
      .refine((id) => Number(PUBLIC_PERSON_ID.exec(id)?.[2]) <= INT32_MAX, 'agent_<number> or contact_<number>'),
  })
  .strict();

/** A person of the company's directory, as its document keeps them. */
export const publicPersonSchema = z.object({
  id: z.string().describe('e.g. "agent_12" or "contact_5"'),
  role: z.enum(['real_estate_agent', 'insurance_agent', 'contact']),
  first: z.string(),
  last: z.string(),
  email: z.string(),
  mobile_phone: z.string(),
  work_phone: z.string(),
  home_phone: z.string(),
  work_fax: z.string(),
  home_fax: z.string(),
  company: z.string(),
  /** An insurance agent's agency; "" otherwise. */
  agency: z.string(),
  /** A contact's type (attorney, lender…); null for an agent. */
  contact_type: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  postal_code: z.string(),
  /** Added by a visitor in the wizard rather than by the company. */
  added_online: z.boolean(),
  /** Where the person came from: the company document, a visitor in the wizard, or the public API. */
  source: z.enum(['directory', 'visitor', 'api']),
  /** The caller's own id of a person the API created (`PUT /api/v1/people/ext_<id>`); null otherwise. */
  external_id: z.string().nullable(),
  /** Added online and not yet accepted or merged by the office (issue 47). */
  awaiting_review: z.boolean(),
});
export type PublicPerson = z.infer<typeof publicPersonSchema>;

/**
 * The caller's own id of a person, in the path as `ext_<id>` (decision 0091): a PUT to it creates
 * the person the first time and changes them after, so a system that keeps its own ids never has
 * to remember ours.
 */
export const PUBLIC_EXTERNAL_PERSON_ID = /^ext_([A-Za-z0-9._~-]{1,64})$/;

export const publicPersonWriteParamsSchema = z
  .object({
    id: z
      .string()
      .max(68)
      .refine(
        (id) =>
          PUBLIC_EXTERNAL_PERSON_ID.test(id) ||
          (PUBLIC_PERSON_ID.test(id) && Number(PUBLIC_PERSON_ID.exec(id)?.[2]) <= INT32_MAX),
        'agent_<number>, contact_<number> or ext_<your id> (1 to 64 letters, digits, . _ ~ -)',
      ),
  })
  .strict();

/**
 * A person written through the API (`PUT /api/v1/people/{id}`): the whole person, each field
 * bounded as the company document's directory bounds it (`agentSchema`,
 * `directoryContactSchema`). A field left out is blank. `role` says which table: an agent's
 * cannot become a contact's (409).
 */
export const publicPersonWriteSchema = z
  .object({
    role: z.enum(['real_estate_agent', 'insurance_agent', 'contact']),
    first: agentSchema.shape.first,
    last: agentSchema.shape.last,
    email: agentSchema.shape.email,
    mobile_phone: agentSchema.shape.mobile_phone,
    work_phone: agentSchema.shape.work_phone,
    home_phone: agentSchema.shape.home_phone,
    work_fax: agentSchema.shape.work_fax,
    home_fax: agentSchema.shape.home_fax,
    company: agentSchema.shape.company,
    /** An agent's agency; refused for a contact. */
    agency: agentSchema.shape.agency,
    /** A buyer's or seller's agent who does not take part in pay-at-close; refused for a contact. */
    pac_opt_out: agentSchema.shape.pac_opt_out,
    /** A contact's type id (one of the company's contact types): required for a contact, refused for an agent. */
    contact_type_id: directoryContactSchema.shape.type.optional(),
    address1: agentSchema.shape.address1,
    address2: agentSchema.shape.address2,
    city: agentSchema.shape.city,
    postal_code: agentSchema.shape.postal_code,
  })
  .strict()
  .superRefine((person, context) => {
    const contact = person.role === 'contact';
    if (contact && person.contact_type_id === undefined)
      context.addIssue({ code: 'custom', path: ['contact_type_id'], message: 'a contact needs its contact type id' });
    if (!contact && person.contact_type_id !== undefined)
      context.addIssue({ code: 'custom', path: ['contact_type_id'], message: 'an agent has no contact type' });
    if (contact && person.agency !== '')
      context.addIssue({ code: 'custom', path: ['agency'], message: 'a contact has no agency' });
    if (contact && person.pac_opt_out)
      context.addIssue({ code: 'custom', path: ['pac_opt_out'], message: 'a contact has no pay-at-close' });
  });
export type PublicPersonWrite = z.infer<typeof publicPersonWriteSchema>;

export const publicPeopleResponseSchema = z.object({
  people: z.array(publicPersonSchema),
  next_cursor: z.string().nullable(),
});
export type PublicPeopleResponse = z.infer<typeof publicPeopleResponseSchema>;

import { z } from 'zod';

const text = (max: number) => z.string().max(max);

/** A person on an order (spec 3.6): client, agent or additional contact. */
export const personSchema = z
  .object({
    id: z.number().int().positive().nullable().optional(),
    first: text(100).default(''),
    last: text(100).default(''),
    email: text(254).default(''),
    mobile_phone: text(40).default(''),
    send_sms: z.boolean().optional(),
    work_phone: text(40).default(''),
    home_phone: text(40).default(''),
    work_fax: text(40).default(''),
    home_fax: text(40).default(''),
    address1: text(200).default(''),
    address2: text(200).default(''),
    city: text(100).default(''),
    state: z.number().int().positive().nullable().default(null),
    postal_code: text(10).default(''),
    company: text(200).optional(),
    agency: text(200).optional(),
    type: z.object({ id: z.number().int().positive(), name: z.string() }).optional(),
    pac_opt_out: z.boolean().optional(),
  })
  .strict();
export type Person = z.infer<typeof personSchema>;

export const USER_TYPES = [
  'CLIENT_HOMEOWNER',
  'CLIENT_BUYER',
  'BUYERS_AGENT',
  'SELLERS_AGENT',
  'INSURANCE_AGENT',
  'OTHER',
] as const;

/** The visitor's self-declared role (spec 3.7). */
export const userTypeSchema = z
  .object({
    type: z.enum(USER_TYPES),
    text: z.string().max(100),
    other: z.string().max(200).default(''),
  })
  .strict();
export type UserType = z.infer<typeof userTypeSchema>;

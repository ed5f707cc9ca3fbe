import { z } from 'zod';
import { CONTROL_TYPES, controlOptionSchema } from './property-controls.ts';
import { contactTypeRefSchema } from './people-basics.ts';
import { settingSchema } from './settings.ts';

/** A property question as the wizard receives it (spec 3.3). */
export const controlSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.enum(CONTROL_TYPES),
  label: z.string(),
  length: z.number().int(),
  required: z.boolean(),
  fee: z.boolean(),
  options: z.union([z.array(controlOptionSchema), z.array(z.string())]),
  value: z.string().nullable(),
  checked: z.boolean(),
  textBoxLabel: z.string(),
  description: z.string(),
});
export type Control = z.infer<typeof controlSchema>;

/** GET /{company_key}/online-scheduler/office (spec 3.1, 7.2). */
export const officeResponseSchema = z.object({
  company_key: z.string(),
  company_name: z.string(),
  office_uuid: z.uuid(),
  office_name: z.string(),
  office_phone: z.string(),
  office_email: z.string(),
  office_state: z.string(),
  time_zone: z.string(),
  country: z.string(),
  currency_code: z.string(),
  enabled: z.boolean(),
  settings_data: z.array(settingSchema),
  users: z.array(z.object({ id: z.number().int(), display: z.string() })),
  states: z.array(z.object({ id: z.number().int(), abbreviation: z.string() })),
  controls: z.array(controlSchema),
  services_count: z.number().int(),
  max_clients: z.number().int(),
  pac_enabled: z.boolean(),
  pac_service_uuid: z.uuid().nullable(),
  /** The price of a rushed Repair Estimate Report, in cents (spec 9.4). */
  rer_rush_amount: z.number().int().min(0),
  state_label: z.string(),
  /** The contact types the company offers for additional contacts (ONLINE_SCHEDULER_V3_CONTACT_TYPES, spec 3.8). */
  contact_types: z.array(contactTypeRefSchema),
  /** The company's Google tag (GTM-… or G-…): the embedded scheduler tells the host page, whose own tag receives the funnel events (issue 27). */
  google_tag_id: z.string().nullable(),
});
export type OfficeResponse = z.infer<typeof officeResponseSchema>;

/**
 * GET /{company_key}/json/online_scheduler/office_contact/{office_uuid}: the public facts the
 * status pages need before (or without) a valid session: whether the scheduler is enabled and
 * how to reach the office.
 */
export const officeContactResponseSchema = z.object({
  company_name: z.string(),
  office_uuid: z.uuid(),
  office_name: z.string(),
  office_phone: z.string(),
  office_email: z.string(),
  enabled: z.boolean(),
  /**
   * The scheduler is disabled, and the person signed in to the console in this browser books for
   * the company (owner, admin, office), so `?try=1` lets them use it (issue 39); false otherwise.
   */
  may_try: z.boolean(),
  hide_logo: z.boolean(),
});
export type OfficeContactResponse = z.infer<typeof officeContactResponseSchema>;

/** GET /{company_key}/json/currency_code. */
export const currencyCodeResponseSchema = z.object({ currency_code: z.string() });

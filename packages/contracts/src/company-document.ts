import { z } from 'zod';
import { pricingRulesSchema, type PricingRules } from './pricing.ts';
import { privacySettingsSchema } from './privacy.ts';
import { settingSchema } from './settings.ts';
import { withAcceptableText } from './text.ts';
import { companyKeySchema } from './company-key.ts';
import { INT32_MAX, INT32_MIN } from './int32.ts';
import { CONTROL_TYPES, controlOptionSchema } from './property-controls.ts';

export { INT32_MAX, INT32_MIN } from './int32.ts';
export { CONTROL_TYPES, controlOptionSchema, type ControlType } from './property-controls.ts';

/**
 * The company document: one JSON document that describes a whole company's configuration.
 * It is what the admin API and the `company` CLI import and export, and what the demo company
 * is written as. Money is integer cents; times of day are office-local "HH:mm".
 */

const int32 = z.number().int().min(INT32_MIN).max(INT32_MAX);
/** A document's own identifiers (inspectors, packages, questions...), stored as `integer`. */
const id = z.number().int().positive().max(INT32_MAX);

const html = z.string().max(20_000);
const cents = z.number().int().min(0).max(100_000_000);
const phone = z.string().max(40);
const email = z.union([z.literal(''), z.email().max(254)]);
const postalCode = z.string().min(2).max(10);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'a time of day as HH:mm');
const isoDate = z.iso.date();

function isIanaTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const workingIntervalSchema = z
  .object({ start: timeOfDay, end: timeOfDay })
  .strict()
  .refine((i) => i.start < i.end, { message: 'start must be before end' });
export type WorkingInterval = z.infer<typeof workingIntervalSchema>;

const weeklyHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(workingIntervalSchema).default([])])) as Record<
      Weekday,
      z.ZodDefault<z.ZodArray<typeof workingIntervalSchema>>
    >,
  )
  .strict();

/** A dated exception to an inspector's week: time off (no intervals) or replacement hours. */
export const scheduleOverrideSchema = z
  .object({
    date: isoDate,
    intervals: z.array(workingIntervalSchema).default([]),
    note: z.string().max(200).default(''),
  })
  .strict();

export const stateSchema = z
  .object({ id, abbreviation: z.string().min(2).max(3), name: z.string().min(1).max(60) })
  .strict();
export type State = z.infer<typeof stateSchema>;

export const officeSchedulingSchema = z
  .object({
    /** Slots start every N minutes from the start of a working interval... */
    slot_granularity_minutes: z.number().int().min(5).max(240).default(30),
    /** ...unless fixed start times are given, in which case only those are offered. */
    fixed_start_times: z.array(timeOfDay).default([]),
    /** The length of an inspection while the cart is still empty. */
    default_duration_minutes: z
      .number()
      .int()
      .min(15)
      .max(24 * 60)
      .default(180),
    /** Minutes kept free between two appointments of one inspector when no location is known. */
    buffer_minutes: z.number().int().min(0).max(240).default(30),
    minimum_notice_hours: z.number().int().min(0).max(720).default(12),
    booking_horizon_days: z.number().int().min(1).max(730).default(120),
    /** Straight-line distance times this factor estimates the road distance. */
    road_factor: z.number().min(1).max(3).default(1.3),
    average_speed_mph: z.number().min(5).max(80).default(30),
  })
  .strict();

export const officeSchema = z
  .object({
    uuid: z.uuid(),
    name: z.string().min(1).max(200),
    phone: phone,
    email: email,
    state: z.string().min(2).max(3),
    time_zone: z.string().refine(isIanaTimeZone, 'an IANA time zone such as America/New_York'),
    address1: z.string().max(200).default(''),
    address2: z.string().max(200).default(''),
    city: z.string().max(100).default(''),
    postal_code: z.string().max(10).default(''),
    latitude: latitude.nullable().default(null),
    longitude: longitude.nullable().default(null),
    /** A data URL (image/png, image/jpeg, image/svg+xml); the company logo is used when absent. */
    logo: z.string().max(700_000).nullable().default(null),
    scheduling: officeSchedulingSchema.default(officeSchedulingSchema.parse({})),
  })
  .strict();
export type Office = z.infer<typeof officeSchema>;

export const inspectorSchema = z
  .object({
    id,
    office: z.uuid(),
    first: z.string().min(1).max(100),
    last: z.string().min(1).max(100),
    /** The name visitors see; "first last" when empty. */
    display: z.string().max(200).default(''),
    email: email.default(''),
    phone: phone.default(''),
    active: z.boolean().default(true),
    /** Lower ranks are offered first (spec 4.5); null means not preferred. */
    preferred_rank: z.number().int().min(1).max(1000).nullable().default(null),
    /** Service uuids this inspector performs. */
    services: z.array(z.uuid()).default([]),
    max_inspections_per_day: z.number().int().min(1).max(20).default(3),
    home_base: z.object({ latitude, longitude, postal_code: z.string().max(10).default('') }).strict(),
    max_drive_miles: z.number().min(1).max(500).default(40),
    /** Postal codes served; used when ONLINE_SCHEDULER_V3_RESTRICT_INSPECTOR_ZIP is on. An empty list restricts nothing. */
    postal_codes: z.array(postalCode).default([]),
    /**
     * Postal codes served on each weekday; used when ONLINE_SCHEDULER_V3_LIMIT_ZIP_BY_DAY is on.
     * A weekday without an entry is not limited.
     */
    postal_codes_by_weekday: z.partialRecord(z.enum(WEEKDAYS), z.array(postalCode)).default({}),
    weekly_hours: weeklyHoursSchema,
    overrides: z.array(scheduleOverrideSchema).default([]),
  })
  .strict();
export type Inspector = z.infer<typeof inspectorSchema>;

/** A what-to-prepare text: plain text, a few lines at most. */
const prepareText = z.string().trim().max(1000).default('');

export const serviceSchema = z
  .object({
    uuid: z.uuid(),
    name: html.min(1),
    description: html.default(''),
    ancillary: z.boolean().default(false),
    is_pac: z.boolean().default(false),
    /** A heading-only entry in the services list. */
    label: z.boolean().default(false),
    rer: z.boolean().default(false),
    price_cents: cents.default(0),
    duration_minutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(0),
    sort: int32.default(0),
    /** What to prepare (plain text), told in the confirmation and reminders of orders that book it: "Utilities must be on". */
    prepare: prepareText,
  })
  .strict();
export type Service = z.infer<typeof serviceSchema>;

export const packageSchema = z
  .object({
    id,
    name: html.min(1),
    description: html.default(''),
    best: z.boolean().default(false),
    best_text: z.string().max(60).default(''),
    rer: z.boolean().default(false),
    price_cents: cents,
    /** 0 means the sum of its services' durations. */
    duration_minutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(0),
    services: z.array(z.uuid()).min(1),
    sort: int32.default(0),
    /** What to prepare (plain text) for this package, told with its services' own. */
    prepare: prepareText,
  })
  .strict();
export type Package = z.infer<typeof packageSchema>;

/** How a fee's amount follows from the property. */
export const feeRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flat'), amount_cents: cents }).strict(),
  z
    .object({
      kind: z.literal('square_feet_tiers'),
      /** The first tier whose `up_to_sqft` is at least the property's square feet applies; null is open-ended. */
      tiers: z.array(z.object({ up_to_sqft: id.nullable(), amount_cents: cents }).strict()).min(1),
    })
    .strict(),
  z
    .object({ kind: z.literal('built_before_year'), year: z.number().int().min(1200).max(3000), amount_cents: cents })
    .strict(),
]);
export type FeeRule = z.infer<typeof feeRuleSchema>;

export const feeSchema = z
  .object({
    code: z.string().regex(/^[a-z0-9_-]{1,60}$/),
    description: z.string().min(1).max(200),
    /** A service fee is added to each listed service; an order fee is an "Additional Charge". */
    scope: z.enum(['service', 'order']),
    services: z.array(z.uuid()).default([]),
    rule: feeRuleSchema,
  })
  .strict();
export type Fee = z.infer<typeof feeSchema>;

export const taxSchema = z
  .object({
    code: z.string().regex(/^[a-z0-9_-]{1,60}$/),
    name: z.string().min(1).max(100),
    rate_percent: z.number().min(0).max(100),
    /** Services taxed; empty means every service. */
    services: z.array(z.uuid()).default([]),
  })
  .strict();
export type Tax = z.infer<typeof taxSchema>;

export const couponSchema = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/),
    name: z.string().min(1).max(100),
    discount: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('percent'), percent: z.number().gt(0).max(100) }).strict(),
      z.object({ kind: z.literal('amount'), amount_cents: cents }).strict(),
    ]),
    valid_from: isoDate.nullable().default(null),
    valid_until: isoDate.nullable().default(null),
    max_redemptions: id.nullable().default(null),
    active: z.boolean().default(true),
  })
  .strict();
export type Coupon = z.infer<typeof couponSchema>;

export const propertyControlSchema = z
  .object({
    id,
    slug: z.string().regex(/^[a-z0-9_-]{1,60}$/),
    type: z.enum(CONTROL_TYPES),
    label: z.string().min(1).max(200),
    length: z.number().int().min(0).max(10_000).default(0),
    required: z.boolean().default(false),
    /** "May change price". */
    fee: z.boolean().default(false),
    /** {id, value} options; a TriggeredDropDown lists plain strings. */
    options: z.union([z.array(controlOptionSchema), z.array(z.string().min(1).max(200))]).default([]),
    description: z.string().max(500).default(''),
    text_box_label: z.string().max(200).default(''),
    sort: int32.default(0),
  })
  .strict();
export type PropertyControl = z.infer<typeof propertyControlSchema>;

/**
 * Ids from here up belong to the people visitors add online (decision 0015): the server numbers
 * them from a sequence, and a document's own agents and contacts stay below, so the two never meet.
 */
export const PEOPLE_ADDED_ONLINE_FIRST_ID = 1_000_000_000;

/**
 * The person fields of spec 3.6 that the company's directory keeps for an agent or a contact.
 * `state` is the id of one of the document's states. `added_online` marks a person a visitor added
 * in the wizard: an import never deletes or renumbers those (decision 0015).
 */
const directoryPersonShape = {
  id,
  first: z.string().min(1).max(100),
  // May be blank: a contact a visitor adds online needs only a first name (spec 5.4), and the
  // export lists such people (decision 0015).
  last: z.string().max(100).default(''),
  email: email.default(''),
  mobile_phone: phone.default(''),
  work_phone: phone.default(''),
  home_phone: phone.default(''),
  work_fax: phone.default(''),
  home_fax: phone.default(''),
  company: z.string().max(200).default(''),
  address1: z.string().max(200).default(''),
  address2: z.string().max(200).default(''),
  city: z.string().max(100).default(''),
  state: id.nullable().default(null),
  postal_code: z.string().max(10).default(''),
  added_online: z.boolean().default(false),
};

/** A buyer's or seller's agent ("real_estate") or an insurance agent ("insurance"), as search finds them. */
export const AGENT_KINDS = ['real_estate', 'insurance'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

export const agentSchema = z
  .object({
    ...directoryPersonShape,
    kind: z.enum(AGENT_KINDS),
    agency: z.string().max(200).default(''),
    /** Spec 3.6: a buyer's or seller's agent who does not take part in pay-at-close. */
    pac_opt_out: z.boolean().default(false),
  })
  .strict();
export type Agent = z.infer<typeof agentSchema>;

/** One entry of the company's contacts directory (attorneys, lenders, title companies...): `type` is a contact type id. */
export const directoryContactSchema = z.object({ ...directoryPersonShape, type: id }).strict();
export type DirectoryContact = z.infer<typeof directoryContactSchema>;

export const contactTypeSchema = z.object({ id, name: z.string().min(1).max(100) }).strict();

// Notifications and the payment link (issue 12) ----------------------------------------------

/**
 * One e-mail's template. Plain text with placeholders in braces: {order_id}, {datetime},
 * {address}, {inspectors}, {services}, {total}, {price_lines} (the lines the thank-you shows, one a
 * line, ending with the total they add up to), {office_name}, {office_phone}, {office_email},
 * {client_name}, {special_note}. An unknown placeholder is left as written.
 */
export const messageTemplateSchema = z
  .object({ subject: z.string().min(1).max(300), body: z.string().min(1).max(20_000) })
  .strict();
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const DEFAULT_BRAND_COLOR = '#1f4e79';
export const MAX_REMINDERS = 5;
/** Who is reminded: the order's clients, and its agents (when the company notifies agents). */
export const REMINDER_RECIPIENTS = ['client', 'agent'] as const;

/** One reminder: how many hours before the inspection it goes (up to two weeks), and to whom. */
export const reminderSchema = z
  .object({
    hours_before: z
      .number()
      .int()
      .min(1)
      .max(14 * 24),
    to: z.array(z.enum(REMINDER_RECIPIENTS)).min(1).max(REMINDER_RECIPIENTS.length),
  })
  .strict();
export type Reminder = z.infer<typeof reminderSchema>;

/** Who gets the confirmation e-mails, what they say, and where the visitor pays online. */
export const notificationsSchema = z
  .object({
    /** The office's copy goes here; empty: to the e-mail of the order's office. */
    office_email: email.default(''),
    /** Whether the order's agents get the confirmation too. */
    notify_agents: z.boolean().default(false),
    /** The payment link with {order_id}, {amount} (e.g. 425.00) and {currency}; null: no online payment. */
    payment_link: z
      .string()
      .max(2000)
      .regex(/^https?:\/\/\S+$/, 'an http(s) URL template')
      .nullable()
      .default(null),
    /**
     * Each message's subject and opening text; a missing one uses the built-in default. The
     * details (time, place, price, links, what to prepare) follow the opening in every e-mail.
     */
    templates: z
      .object({
        client: messageTemplateSchema.optional(),
        agent: messageTemplateSchema.optional(),
        office: messageTemplateSchema.optional(),
        reminder: messageTemplateSchema.optional(),
        receipt: messageTemplateSchema.optional(),
        /** A rescheduled and a cancelled booking's message to the client (issue 24); agents and the office get built-in words. */
        rescheduled: messageTemplateSchema.optional(),
        cancelled: messageTemplateSchema.optional(),
      })
      .strict()
      .default({}),
    /** The e-mails' accent (headings, buttons), as #rrggbb; the wizard's own blue by default. */
    brand_color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #1f4e79')
      .default(DEFAULT_BRAND_COLOR),
    /** When reminders go before an inspection, and to whom; none by default. */
    reminders: z
      .array(reminderSchema)
      .max(MAX_REMINDERS)
      .default([])
      .refine(
        (list) => new Set(list.map((r) => r.hours_before)).size === list.length,
        'two reminders at the same time',
      ),
  })
  .strict();
export type NotificationSettings = z.output<typeof notificationsSchema>;

/**
 * How the visitor pays online (issue 23): `link` fills `notifications.payment_link` in (none when
 * it is unset: today's behaviour), `stripe` sends them to Stripe Checkout through this server's
 * own pay link, `none` offers no online payment. The Stripe keys are not part of the document:
 * they are set through the admin API's write-only route and kept encrypted.
 */
export const PAYMENT_PROVIDERS = ['link', 'stripe', 'none'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/**
 * What a booking pays when it is made (issue 44, decision 0085): nothing (`later`, pay after
 * booking as before), a deposit (an amount, or a percent of the total with tax; 0 asks nothing)
 * or the whole total. Taken through Stripe before the order is booked.
 */
export const bookingPaymentRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('later') }).strict(),
  z.object({ kind: z.literal('deposit_amount'), amount_cents: cents }).strict(),
  z.object({ kind: z.literal('deposit_percent'), percent: z.number().int().min(0).max(100) }).strict(),
  z.object({ kind: z.literal('full') }).strict(),
]);
export type BookingPaymentRule = z.infer<typeof bookingPaymentRuleSchema>;

/**
 * Whether a payments section asks anything of the client at booking: a saved card, or a rule of the
 * company, a service or a package other than "later". The document refuses it without Stripe, and
 * the confirm asks it only with Stripe (modules/confirm).
 */
export function asksSomethingAtBooking(payments: {
  save_card: boolean;
  at_booking: BookingPaymentRule;
  services: ReadonlyArray<{ at_booking: BookingPaymentRule }>;
  packages: ReadonlyArray<{ at_booking: BookingPaymentRule }>;
}): boolean {
  return (
    payments.save_card ||
    [
      payments.at_booking,
      ...payments.services.map((s) => s.at_booking),
      ...payments.packages.map((p) => p.at_booking),
    ].some((rule) => rule.kind !== 'later')
  );
}

export const paymentsSchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS).default('link'),
    /** What every booking pays when it is made, unless a service or package it books says otherwise. */
    at_booking: bookingPaymentRuleSchema.default({ kind: 'later' }),
    /** Save the client's card with Stripe at booking, so the policy's late fees can be charged to it later. */
    save_card: z.boolean().default(false),
    /** A service's own rule, for the orders that book it (the rule asking the most wins). */
    services: z
      .array(z.object({ service: z.uuid(), at_booking: bookingPaymentRuleSchema }).strict())
      .max(500)
      .default([]),
    /** A package's own rule, likewise. */
    packages: z
      .array(
        z
          .object({ package: z.number().int().min(0).max(2_147_483_647), at_booking: bookingPaymentRuleSchema })
          .strict(),
      )
      .max(500)
      .default([]),
  })
  .strict()
  .superRefine((payments, ctx) => {
    // Taking money at booking is Stripe's: a company paid through its own page or not online cannot ask it.
    if (asksSomethingAtBooking(payments) && payments.provider !== 'stripe')
      ctx.addIssue({
        code: 'custom',
        path: ['at_booking'],
        message: 'Payment at booking and saved cards need Stripe as the way visitors pay',
      });
    const services = new Set<string>();
    for (const [index, entry] of payments.services.entries()) {
      if (services.has(entry.service))
        ctx.addIssue({ code: 'custom', path: ['services', index, 'service'], message: 'a service listed twice' });
      services.add(entry.service);
    }
    const packages = new Set<number>();
    for (const [index, entry] of payments.packages.entries()) {
      if (packages.has(entry.package))
        ctx.addIssue({ code: 'custom', path: ['packages', index, 'package'], message: 'a package listed twice' });
      packages.add(entry.package);
    }
  });
export type PaymentSettings = z.output<typeof paymentsSchema>;
/** The section as a company row keeps it: a row written before a field existed leaves it out. */
export type StoredPaymentSettings = z.input<typeof paymentsSchema>;

/** Hours before an inspection's start, up to a month. */
const noticeHours = z
  .number()
  .int()
  .min(0)
  .max(24 * 30);

export const lateCancelFeeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('amount'), amount_cents: cents }).strict(),
  z.object({ kind: z.literal('percent'), percent: z.number().gt(0).max(100) }).strict(),
]);

/** The rules of a booking-change policy (domain `ChangePolicy`), every one of which a service may set for itself. */
const changeRules = {
  /** Online reschedules are allowed until this many hours before the start (0: until the start). */
  reschedule_until_hours: noticeHours,
  /** How many times an order may be rescheduled; null: no limit. */
  max_reschedules: z.number().int().min(0).max(20).nullable(),
  /** Online cancellations are allowed until this many hours before the start. */
  cancel_until_hours: noticeHours,
  /** A cancellation less than this many hours before the start costs `late_cancel_fee`. */
  late_cancel_within_hours: noticeHours,
  late_cancel_fee: lateCancelFeeSchema.nullable(),
  /**
   * A reschedule less than `late_cancel_within_hours` before the start costs this (issue 44,
   * decision 0081): the same late window as a cancellation, so a client cannot move a booking late
   * for free and cancel the moved one outside the window.
   */
  late_reschedule_fee: lateCancelFeeSchema.nullable(),
};

/** What an agent may do on a client's booking; each off unless the company turns it on, except moving. */
export const AGENT_PERMISSION_DEFAULTS = { see_prices: false, reschedule: true, cancel: false } as const;
export const agentPermissionsSchema = z
  .object({
    see_prices: z.boolean().default(AGENT_PERMISSION_DEFAULTS.see_prices),
    reschedule: z.boolean().default(AGENT_PERMISSION_DEFAULTS.reschedule),
    cancel: z.boolean().default(AGENT_PERMISSION_DEFAULTS.cancel),
  })
  .strict();
export type AgentPermissions = z.output<typeof agentPermissionsSchema>;

/** Who refunds a cancelled paid order: the policy, through Stripe, or the office by hand. */
export const REFUND_ON_CANCEL = ['policy', 'office'] as const;
export type RefundOnCancel = (typeof REFUND_ON_CANCEL)[number];

/**
 * When clients, visitors and agents may reschedule or cancel a booked inspection themselves, and
 * what a late cancellation costs (issue 24). The office may override it, recorded as such. A
 * service's own rules apply to the orders that book it, the strictest of them winning.
 */
export const bookingChangesSchema = z
  .object({
    reschedule_until_hours: changeRules.reschedule_until_hours.default(24),
    max_reschedules: changeRules.max_reschedules.default(null),
    cancel_until_hours: changeRules.cancel_until_hours.default(24),
    late_cancel_within_hours: changeRules.late_cancel_within_hours.default(0),
    late_cancel_fee: changeRules.late_cancel_fee.default(null),
    late_reschedule_fee: changeRules.late_reschedule_fee.default(null),
    /** Plain text shown with Reschedule and with Cancel on the manage page ("Moving is free up to a day before"). */
    reschedule_text: z.string().trim().max(500).default(''),
    cancel_text: z.string().trim().max(500).default(''),
    services: z
      .array(z.object({ service: z.uuid(), ...z.object(changeRules).partial().shape }).strict())
      .max(500)
      .default([]),
    /**
     * What an agent may do on their client's booking through the agent's own manage link and
     * messages (issue 42): see its prices, move it, cancel it. A cancellation's late fee lands on
     * the client, so by default only the client and the office cancel.
     */
    agents: agentPermissionsSchema.default(AGENT_PERMISSION_DEFAULTS),
    /**
     * Who gives the money back when a paid order is cancelled (issue 44, decision 0076): `policy`
     * refunds through Stripe what the policy says (all of it, less a late fee), `office` leaves it
     * to the office, as before.
     */
    refund_on_cancel: z.enum(REFUND_ON_CANCEL).default('policy'),
  })
  .strict();
export type BookingChangeSettings = z.output<typeof bookingChangesSchema>;

/** How the company's console behaves for its people (issues 25 and 26). */
export const consoleSettingsSchema = z
  .object({
    /** Inspector members see every inspector's bookings and orders, not only their own (their time off stays their own). */
    inspectors_see_all_orders: z.boolean().default(false),
    /** Office staff read the payments page (its lines, totals and CSV); owners and admins always do (decision 0083). */
    office_sees_payments: z.boolean().default(true),
    /**
     * The bookings written into inspectors' own calendars (issue 45) carry the order's total and
     * whether it is paid. Off by default: an inspector's calendar is often shared with a family.
     */
    calendar_events_show_prices: z.boolean().default(false),
  })
  .strict();
export type ConsoleSettings = z.output<typeof consoleSettingsSchema>;

/** The company's own analytics (issue 27): where the embedded scheduler's funnel events go besides the host page's messages. */
export const analyticsSettingsSchema = z
  .object({
    /**
     * The company's Google Tag Manager container (GTM-…) or GA4 measurement id (G-…). When set, the
     * embed script pushes the funnel events to the host page's `window.dataLayer`, where the
     * company's own tag reads them; the wizard itself loads no third-party script.
     */
    google_tag_id: z
      .string()
      .trim()
      .regex(
        /^(GTM-[A-Z0-9]{4,10}|G-[A-Z0-9]{4,12})$/,
        'a Google Tag Manager id (GTM-XXXXXXX) or a GA4 measurement id (G-XXXXXXXXXX)',
      )
      .nullable()
      .default(null),
  })
  .strict();
export type AnalyticsSettings = z.output<typeof analyticsSettingsSchema>;

/** The index of the first item whose key an earlier item already has; -1 when all differ. */
function firstDuplicate<T>(items: readonly T[], key: (item: T) => string | number): number {
  const seen = new Set<string | number>();
  for (let i = 0; i < items.length; i++) {
    const k = key(items[i]!);
    if (seen.has(k)) return i;
    seen.add(k);
  }
  return -1;
}

/** A problem a check of the whole document finds: where, and what. */
export interface DocumentIssue {
  path: Array<string | number>;
  message: string;
}

/**
 * The directory's checks against itself and the rest of the document: each id once, states and
 * contact types the document has, the ids of people added online apart from the document's own
 * (decision 0015). Part of the document schema; exported so that a server can parse a large
 * directory a slice at a time and then check it whole.
 */
export function directoryIssues(doc: {
  states: ReadonlyArray<{ id: number }>;
  contact_types: ReadonlyArray<{ id: number }>;
  agents: readonly Agent[];
  contacts: readonly DirectoryContact[];
}): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const directories: Array<['agents' | 'contacts', ReadonlyArray<Agent | DirectoryContact>]> = [
    ['agents', doc.agents],
    ['contacts', doc.contacts],
  ];
  for (const [path, people] of directories) {
    const index = firstDuplicate(people, (p) => p.id);
    if (index >= 0)
      issues.push({
        path: [path, index, 'id'],
        message: `${path} must have unique identifiers: this id appears twice`,
      });
  }
  const stateIds = new Set(doc.states.map((s) => s.id));
  const contactTypeIds = new Set(doc.contact_types.map((c) => c.id));
  for (const [path, people] of directories) {
    people.forEach((person, i) => {
      if (person.state !== null && !stateIds.has(person.state))
        issues.push({ path: [path, i, 'state'], message: `unknown state ${person.state}` });
    });
  }
  for (const [path, people] of directories) {
    people.forEach((person, i) => {
      if (person.added_online !== person.id >= PEOPLE_ADDED_ONLINE_FIRST_ID) {
        const message = person.added_online
          ? `a person added online has an id of ${PEOPLE_ADDED_ONLINE_FIRST_ID} or more`
          : `ids of ${PEOPLE_ADDED_ONLINE_FIRST_ID} and up are kept for people added online`;
        issues.push({ path: [path, i, 'id'], message });
      }
    });
  }
  doc.contacts.forEach((contact, i) => {
    if (!contactTypeIds.has(contact.type))
      issues.push({ path: ['contacts', i, 'type'], message: `unknown contact type ${contact.type}` });
  });
  return issues;
}

/**
 * An origin that may frame the wizard: scheme, host (optionally `*.` for its subdomains) and
 * port, nothing else, because it is written into a Content-Security-Policy header.
 */
const embeddingOrigin = z
  .string()
  .max(253)
  .regex(
    /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/,
    'an origin such as https://www.example.com',
  );

interface PricingReferences {
  doc: {
    fees: ReadonlyArray<{ code: string }>;
    taxes: ReadonlyArray<{ code: string }>;
    coupons: ReadonlyArray<{ code: string }>;
    packages: ReadonlyArray<{ id: number }>;
  };
  officeIds: ReadonlySet<string>;
  serviceIds: ReadonlySet<string>;
}

/**
 * What the pricing section names must exist, and its codes must not repeat the short form's:
 * fee, tax and coupon codes are what a priced line and a redemption are known by.
 */
function pricingIssues(
  pricing: PricingRules,
  refs: PricingReferences,
): Array<{ path: Array<string | number>; message: string }> {
  const issues: Array<{ path: Array<string | number>; message: string }> = [];
  const services = (path: Array<string | number>, ids: readonly string[]) =>
    ids.forEach((id, j) => {
      if (!refs.serviceIds.has(id)) issues.push({ path: [...path, j], message: 'unknown service' });
    });
  const office = (path: Array<string | number>, id: string | null) => {
    if (id !== null && !refs.officeIds.has(id)) issues.push({ path, message: 'unknown office' });
  };
  const unique = <T>(
    name: 'fees' | 'taxes' | 'coupons',
    items: readonly T[],
    earlier: ReadonlyArray<{ code: string }>,
    key: (item: T) => string,
  ) => {
    const all = [...earlier.map((e) => e.code), ...items.map(key)].map((c) => c.toUpperCase());
    const index = firstDuplicate(all, (c) => c);
    if (index >= 0)
      issues.push({
        path: ['pricing', name, index - earlier.length, 'code'],
        message: `${name} must have unique codes: this code appears twice`,
      });
  };
  unique('fees', pricing.fees, refs.doc.fees, (f) => f.code);
  unique('taxes', pricing.taxes, refs.doc.taxes, (t) => t.code);
  unique('coupons', pricing.coupons, refs.doc.coupons, (c) => c.code);
  pricing.fees.forEach((fee, i) => services(['pricing', 'fees', i, 'services'], fee.services));
  pricing.service_modifiers.forEach((m, i) => {
    services(['pricing', 'service_modifiers', i, 'services'], m.services);
    services(['pricing', 'service_modifiers', i, 'requires_any_of'], m.requires_any_of);
  });
  pricing.taxes.forEach((tax, i) => {
    services(['pricing', 'taxes', i, 'services'], tax.services);
    office(['pricing', 'taxes', i, 'office'], tax.office);
  });
  pricing.coupons.forEach((c, i) => services(['pricing', 'coupons', i, 'services'], c.services));
  pricing.trip_fees.forEach((fee, i) => office(['pricing', 'trip_fees', i, 'office'], fee.office));
  const packageIds = new Set(refs.doc.packages.map((p) => p.id));
  pricing.package_fee_waivers.forEach((w, i) => {
    if (!packageIds.has(w.package_id))
      issues.push({ path: ['pricing', 'package_fee_waivers', i, 'package_id'], message: 'unknown package' });
  });
  return issues;
}

export const companyDocumentSchema = withAcceptableText(
  z
    .object({
      key: companyKeySchema,
      name: z.string().min(1).max(200),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .default('USD'),
      country: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .default('US'),
      /** When false the wizard shows the disabled page and the server takes no visitor's session or write; the company's owners, admins and office staff, signed in to the console, may still try it (`?try=1`). */
      scheduler_enabled: z.boolean().default(true),
      logo: z.string().max(700_000).nullable().default(null),
      state_label: z.string().min(1).max(40).default('State'),
      max_clients: z.number().int().min(1).max(5).default(5),
      rer_rush_amount_cents: cents.default(0),
      /** The company's own sites that may show the scheduler in a frame; none means only this server. */
      embedding_origins: z.array(embeddingOrigin).max(20).default([]),
      settings: z.array(settingSchema).default([]),
      states: z.array(stateSchema).min(1),
      offices: z.array(officeSchema).min(1),
      inspectors: z.array(inspectorSchema).default([]),
      services: z.array(serviceSchema).default([]),
      packages: z.array(packageSchema).default([]),
      fees: z.array(feeSchema).default([]),
      taxes: z.array(taxSchema).default([]),
      coupons: z.array(couponSchema).default([]),
      property_controls: z.array(propertyControlSchema).default([]),
      agents: z.array(agentSchema).default([]),
      contact_types: z.array(contactTypeSchema).default([]),
      contacts: z.array(directoryContactSchema).default([]),
      /**
       * Pricing beyond list prices (spec 3.10): fee rules driven by the property, service modifiers,
       * package fee waivers, trip fees, taxes per office and coupons. The top-level `fees`, `taxes`
       * and `coupons` are the earlier short form and count as part of it.
       */
      pricing: pricingRulesSchema.default(() => pricingRulesSchema.parse({})),
      notifications: notificationsSchema.default(() => notificationsSchema.parse({})),
      payments: paymentsSchema.default(() => paymentsSchema.parse({})),
      booking_changes: bookingChangesSchema.default(() => bookingChangesSchema.parse({})),
      console: consoleSettingsSchema.default(() => consoleSettingsSchema.parse({})),
      analytics: analyticsSettingsSchema.default(() => analyticsSettingsSchema.parse({})),
      privacy: privacySettingsSchema.default(() => privacySettingsSchema.parse({})),
    })
    .strict()
    .superRefine((doc, ctx) => {
      // Each of these is a primary key of its table: a duplicate would fail the import half-way.
      const keyed: Array<[string, number, string]> = [
        ['offices', firstDuplicate(doc.offices, (o) => o.uuid), 'uuid'],
        ['inspectors', firstDuplicate(doc.inspectors, (i) => i.id), 'id'],
        ['services', firstDuplicate(doc.services, (s) => s.uuid), 'uuid'],
        ['packages', firstDuplicate(doc.packages, (p) => p.id), 'id'],
        ['fees', firstDuplicate(doc.fees, (f) => f.code), 'code'],
        ['taxes', firstDuplicate(doc.taxes, (t) => t.code), 'code'],
        ['coupons', firstDuplicate(doc.coupons, (c) => c.code.toUpperCase()), 'code'],
        ['property_controls', firstDuplicate(doc.property_controls, (c) => c.id), 'id'],
        ['contact_types', firstDuplicate(doc.contact_types, (c) => c.id), 'id'],
        ['states', firstDuplicate(doc.states, (s) => s.id), 'id'],
      ];
      for (const [path, index, key] of keyed) {
        if (index >= 0)
          ctx.addIssue({
            code: 'custom',
            path: [path, index, key],
            message: `${path} must have unique identifiers: this ${key} appears twice`,
          });
      }
      doc.packages.forEach((pkg, i) => {
        const j = firstDuplicate(pkg.services, (s) => s);
        if (j >= 0)
          ctx.addIssue({
            code: 'custom',
            path: ['packages', i, 'services', j],
            message: 'a package lists each service once',
          });
      });
      const officeIds = new Set(doc.offices.map((o) => o.uuid));
      const serviceIds = new Set(doc.services.map((s) => s.uuid));
      const stateAbbreviations = new Set(doc.states.map((s) => s.abbreviation));
      doc.offices.forEach((office, i) => {
        if (!stateAbbreviations.has(office.state))
          ctx.addIssue({ code: 'custom', path: ['offices', i, 'state'], message: `unknown state ${office.state}` });
      });
      doc.inspectors.forEach((inspector, i) => {
        if (!officeIds.has(inspector.office))
          ctx.addIssue({ code: 'custom', path: ['inspectors', i, 'office'], message: 'unknown office' });
        inspector.services.forEach((s, j) => {
          if (!serviceIds.has(s))
            ctx.addIssue({ code: 'custom', path: ['inspectors', i, 'services', j], message: 'unknown service' });
        });
      });
      for (const issue of directoryIssues(doc)) ctx.addIssue({ code: 'custom', ...issue });
      const referencing: Array<['packages' | 'fees' | 'taxes', Array<{ services: string[] }>]> = [
        ['packages', doc.packages],
        ['fees', doc.fees],
        ['taxes', doc.taxes],
      ];
      const twice = firstDuplicate(doc.booking_changes.services, (rules) => rules.service);
      if (twice >= 0)
        ctx.addIssue({
          code: 'custom',
          path: ['booking_changes', 'services', twice, 'service'],
          message: 'a service has one set of booking-change rules: this one appears twice',
        });
      doc.booking_changes.services.forEach((rules, i) => {
        if (!serviceIds.has(rules.service))
          ctx.addIssue({
            code: 'custom',
            path: ['booking_changes', 'services', i, 'service'],
            message: 'unknown service',
          });
      });
      for (const [path, items] of referencing) {
        items.forEach((item, i) => {
          item.services.forEach((s, j) => {
            if (!serviceIds.has(s))
              ctx.addIssue({ code: 'custom', path: [path, i, 'services', j], message: 'unknown service' });
          });
        });
      }
      for (const issue of pricingIssues(doc.pricing, { doc, officeIds, serviceIds }))
        ctx.addIssue({ code: 'custom', ...issue });
    }),
);

/** What a document author writes (defaults may be left out). */
export type CompanyDocumentInput = z.input<typeof companyDocumentSchema>;
/** A parsed document, every default filled in. */
export type CompanyDocument = z.output<typeof companyDocumentSchema>;

import { z } from 'zod';

/**
 * The pricing rules a company document carries (fee rules, service modifiers, package fee
 * waivers, trip fees, office taxes, coupons) and the pricing object the wizard reads (spec 3.10).
 * Money is integer cents; every number and string is bounded.
 */

/** The most any single amount may be: a million dollars in cents. */
export const MAX_CENTS = 100_000_000;
const cents = z.number().int().min(0).max(MAX_CENTS);
/** Sums of many lines stay far inside the safe integers even at their bounds. */
const totalCents = z
  .number()
  .int()
  .min(0)
  .max(100 * MAX_CENTS);
const code = z.string().regex(/^[a-z0-9_-]{1,60}$/, 'lower-case letters, digits, "_" and "-", at most 60');
const description = z.string().min(1).max(200);
const uuid = z.uuid();
const isoDate = z.iso.date();
const controlId = z.number().int().min(1).max(1_000_000);
const optionId = z.number().int().min(1).max(1_000_000);
const packageId = z.number().int().min(1).max(1_000_000_000);
/** A percentage with at most four decimals (7.25, 6.0625). */
const percent = z.number().min(0).max(100).multipleOf(0.0001);
const year = z.number().int().min(1200).max(3000);

function ascendingOpenEnded<T>(tiers: readonly T[], limit: (tier: T) => number | null): boolean {
  for (let i = 0; i < tiers.length; i++) {
    const current = limit(tiers[i]!);
    if (current === null) return i === tiers.length - 1;
    if (i > 0 && current <= limit(tiers[i - 1]!)!) return false;
  }
  return true;
}
const TIERS_MESSAGE = 'tiers must rise, and only the last may be open-ended (null)';

/** Tiers over a number: the first tier whose bound is at least the value applies; null is open-ended. */
function tiersOf<T extends z.ZodObject>(tier: T, bound: (tier: z.infer<T>) => number | null) {
  return z
    .array(tier)
    .min(1)
    .max(50)
    .refine((tiers) => ascendingOpenEnded(tiers, bound), TIERS_MESSAGE);
}
const squareFeetTier = z
  .object({ up_to_sqft: z.number().int().min(1).max(1_000_000).nullable(), amount_cents: cents })
  .strict();
const ageTier = z.object({ up_to_years: z.number().int().min(0).max(1000).nullable(), amount_cents: cents }).strict();
const salesPriceTier = z
  .object({
    up_to_cents: z
      .number()
      .int()
      .min(1)
      .max(100 * MAX_CENTS)
      .nullable(),
    amount_cents: cents,
  })
  .strict();

/** How a fee's amount follows from the property (spec 3.3's controls marked "May change price"). */
export const pricingFeeRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flat'), amount_cents: cents }).strict(),
  z.object({ kind: z.literal('square_feet_tiers'), tiers: tiersOf(squareFeetTier, (t) => t.up_to_sqft) }).strict(),
  z.object({ kind: z.literal('built_before_year'), year, amount_cents: cents }).strict(),
  /** Age in years is the current year less the year built. */
  z.object({ kind: z.literal('age_tiers'), tiers: tiersOf(ageTier, (t) => t.up_to_years) }).strict(),
  z.object({ kind: z.literal('sales_price_tiers'), tiers: tiersOf(salesPriceTier, (t) => t.up_to_cents) }).strict(),
  /** The foundation-type control's option ids and what each adds. */
  z
    .object({
      kind: z.literal('foundation_type'),
      options: z
        .array(z.object({ option_id: optionId, amount_cents: cents }).strict())
        .min(1)
        .max(50),
    })
    .strict(),
  /**
   * Any other control marked as changing the price: `checked_cents` when a CheckBox or a
   * triggered control is checked, plus the amount of the chosen option (a DropDown's option id,
   * or a TriggeredDropDown's option text).
   */
  z
    .object({
      kind: z.literal('control'),
      control_id: controlId,
      checked_cents: cents.default(0),
      options: z
        .array(z.object({ option: z.union([optionId, z.string().min(1).max(200)]), amount_cents: cents }).strict())
        .max(50)
        .default([]),
    })
    .strict(),
]);
export type PricingFeeRule = z.infer<typeof pricingFeeRuleSchema>;

export const pricingFeeSchema = z
  .object({
    code,
    description,
    /** A service fee is a line of each listed service; an order fee is an additional charge. */
    scope: z.enum(['service', 'order']),
    services: z.array(uuid).max(500).default([]),
    rule: pricingFeeRuleSchema,
  })
  .strict();
export type PricingFee = z.infer<typeof pricingFeeSchema>;

const discountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), percent: percent.gt(0) }).strict(),
  z.object({ kind: z.literal('amount'), amount_cents: cents.min(1) }).strict(),
]);
export type Discount = z.infer<typeof discountSchema>;

/**
 * A discount on services ordered outside a package (their `modifier_savings`), e.g. radon at
 * $25 off with a home inspection. With `requires_any_of` empty it always applies. Modifiers do
 * not stack: a service gets the largest of those that apply to it.
 */
export const serviceModifierSchema = z
  .object({
    code,
    description,
    services: z.array(uuid).min(1).max(500),
    requires_any_of: z.array(uuid).max(500).default([]),
    discount: discountSchema,
  })
  .strict();
export type ServiceModifier = z.infer<typeof serviceModifierSchema>;

/** Service fees a package includes: shown at their gross amount and charged at 0. */
export const packageFeeWaiverSchema = z
  .object({ package_id: packageId, fee_codes: z.array(code).min(1).max(100) })
  .strict();
export type PackageFeeWaiver = z.infer<typeof packageFeeWaiverSchema>;

/** A trip fee: by the property's postal code, or by road miles from the office. */
export const tripFeeSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('postal_codes'),
      code,
      description,
      /** Null: every office. */
      office: uuid.nullable().default(null),
      zones: z
        .array(
          z.object({ postal_codes: z.array(z.string().min(2).max(10)).min(1).max(2000), amount_cents: cents }).strict(),
        )
        .min(1)
        .max(100),
    })
    .strict(),
  z
    .object({
      kind: z.literal('distance_bands'),
      code,
      description,
      office: uuid.nullable().default(null),
      /** The first band whose `up_to_miles` is at least the road distance applies; null is open-ended. */
      bands: tiersOf(
        z.object({ up_to_miles: z.number().int().min(0).max(10_000).nullable(), amount_cents: cents }).strict(),
        (b) => b.up_to_miles,
      ),
    })
    .strict(),
]);
export type TripFee = z.infer<typeof tripFeeSchema>;

export const officeTaxSchema = z
  .object({
    code,
    name: z.string().min(1).max(100),
    /** Null: every office. */
    office: uuid.nullable().default(null),
    rate_percent: percent,
    /** Services taxed; empty means every service. */
    services: z.array(uuid).max(500).default([]),
    /** Whether additional charges (trip fee, rush, order fees) are taxed too. */
    additional_charges: z.boolean().default(false),
  })
  .strict();
export type OfficeTax = z.infer<typeof officeTaxSchema>;

export const pricingCouponSchema = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/),
    name: z.string().min(1).max(100),
    discount: discountSchema,
    valid_from: isoDate.nullable().default(null),
    valid_until: isoDate.nullable().default(null),
    /** Redemptions over every order; null is unlimited. */
    max_redemptions: z.number().int().min(1).max(10_000_000).nullable().default(null),
    /** The order's subtotal (before discounts) it needs. */
    min_order_cents: cents.default(0),
    /** Services whose amounts it discounts (a package counts for its services); empty means all. */
    services: z.array(uuid).max(500).default([]),
    active: z.boolean().default(true),
  })
  .strict()
  .refine((c) => c.valid_from === null || c.valid_until === null || c.valid_from <= c.valid_until, {
    message: 'valid_from must not be after valid_until',
    path: ['valid_until'],
  });
export type PricingCoupon = z.infer<typeof pricingCouponSchema>;

/** The pricing part of a company document. */
export const pricingRulesSchema = z
  .object({
    fees: z.array(pricingFeeSchema).max(500).default([]),
    service_modifiers: z.array(serviceModifierSchema).max(500).default([]),
    package_fee_waivers: z.array(packageFeeWaiverSchema).max(500).default([]),
    trip_fees: z.array(tripFeeSchema).max(100).default([]),
    taxes: z.array(officeTaxSchema).max(50).default([]),
    coupons: z.array(pricingCouponSchema).max(5000).default([]),
    /** Shown under the total while pay-at-close is not in the order (spec 2.10). */
    convenience_fee_message: z.string().max(500).default(''),
  })
  .strict();
export type PricingRules = z.infer<typeof pricingRulesSchema>;

/** What pricing reads about the property (spec 3.2, 3.3). Unknown facts are null. */
export const pricingPropertySchema = z
  .object({
    sqft: z.number().int().min(0).max(1_000_000).nullable(),
    year_built: year.nullable(),
    /** As the visitor typed it: digits and commas, whole dollars. */
    sales_price: z.string().max(16),
    foundation_type_id: optionId.nullable(),
    postal_code: z.string().max(10),
    location: z
      .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
      .strict()
      .nullable(),
    /** A DropDown's value is its option id in decimal; a TriggeredDropDown's is the option text. */
    controls: z
      .array(z.object({ id: controlId, value: z.string().max(10_000).nullable(), checked: z.boolean() }).strict())
      .max(200),
  })
  .strict();
export type PricingProperty = z.infer<typeof pricingPropertySchema>;

/** The cart as pricing reads it. */
export const pricingCartSchema = z
  .object({
    package: packageId.nullable(),
    services: z.array(uuid).max(200),
    rush_rer: z.boolean(),
    pay_at_close: z.boolean(),
  })
  .strict();
export type PricingCart = z.infer<typeof pricingCartSchema>;

// ---- The pricing object (spec 3.10) ----

const amountText = z.string().max(200);

export const pricedFeeLineSchema = z
  .object({
    code,
    description: amountText,
    /** Before the package's waivers. */
    gross: cents,
    /** What is charged. */
    value: cents,
  })
  .strict();
export type PricedFeeLine = z.infer<typeof pricedFeeLineSchema>;

export const pricedPackageSchema = z
  .object({
    id: packageId,
    name: z.string().max(20_000),
    base: cents,
    /** Before discounts: base plus the gross fees of its services. */
    subtotal: totalCents,
    /** What it adds to the order: base plus the fee values of its services. */
    amount: totalCents,
    /** Its services one by one, less its amount. */
    savings: totalCents,
    rer: z.boolean(),
    services: z.array(z.object({ id: uuid, fees: z.array(pricedFeeLineSchema).max(500) }).strict()).max(200),
  })
  .strict();
export type PricedPackage = z.infer<typeof pricedPackageSchema>;

export const pricedServiceSchema = z
  .object({
    id: uuid,
    name: z.string().max(20_000),
    base: cents,
    /** base plus its fee values. */
    subtotal: totalCents,
    fees: z.array(pricedFeeLineSchema).max(500),
    modifier_savings: totalCents,
    /** What it adds to the order: subtotal less modifier_savings. */
    amount: totalCents,
    is_pac: z.boolean(),
    ancillary: z.boolean(),
    rer: z.boolean(),
  })
  .strict();
export type PricedService = z.infer<typeof pricedServiceSchema>;

export const pricingSchema = z
  .object({
    package: pricedPackageSchema.nullable(),
    services: z.array(pricedServiceSchema).max(200),
    /** Non-zero additional charges only (spec 2.9). */
    additional: z
      .object({
        total: totalCents,
        fees: z.array(z.object({ code, value: cents, description: amountText }).strict()).max(200),
      })
      .strict(),
    taxes: z.array(z.object({ code, name: z.string().max(100), total: totalCents }).strict()).max(50),
    coupons: z
      .array(z.object({ code: z.string().max(40), name: z.string().max(100), amount: totalCents }).strict())
      .max(20),
    totals: z
      .object({
        /** The package's and the services' amounts. */
        subtotal: totalCents,
        discounts: totalCents,
        additional: totalCents,
        taxes: totalCents,
        /** subtotal - discounts + taxes + additional. */
        grand_total: totalCents,
        /** What the wizard shows as "Total:": without taxes when they are not shown. */
        display_total: totalCents,
      })
      .strict(),
    convenience_fee_message: z.string().max(500),
    pac_eligible: z.boolean(),
    pac_removed: z.boolean(),
    /** ONLINE_SCHEDULER_V3_HIDE_ALL_FEES, or PAC_SUBMISSION_FEE > 0 (spec 9.4). */
    fees_hidden: z.boolean(),
    /** Fees hidden, or ONLINE_SCHEDULER_V3_DO_NOT_SHOW_TAX_IN_PACKAGES. */
    taxes_hidden: z.boolean(),
  })
  .strict();
export type Pricing = z.infer<typeof pricingSchema>;

// ---- The cart and pricing calls (spec 7.3, 7.5) ----

/** POST /set_packages: `[id]` chooses a package, `[]` removes it (an order has one at most). */
export const setPackagesBodySchema = z.array(packageId).max(1);

/** POST /add_service and /remove_service: the service id, bare (as the spec sends it) or as `{id}`. */
export const serviceIdBodySchema = z.union([uuid, z.object({ id: uuid }).strict()]);

/** POST /rush_rer: the spec's form-encoded `value=1|0`, or JSON `{value}`. */
export const rushRerBodySchema = z
  .object({ value: z.union([z.enum(['1', '0']), z.literal(1), z.literal(0), z.boolean()]) })
  .strict();

/** POST /apply_coupon: the code, bare or as `{code}`. */
const couponCode = z.string().trim().min(1).max(40);
export const applyCouponBodySchema = z.union([couponCode, z.object({ code: couponCode }).strict()]);

/** 200 either way (spec 7.3): "ok", or the refusal's reason with its message. */
export const applyCouponResponseSchema = z
  .object({
    status: z.enum([
      'ok',
      'unknown',
      'duplicate',
      'not_started',
      'expired',
      'used_up',
      'minimum_order',
      'not_applicable',
      'limit',
    ]),
    message: z.string().max(300),
  })
  .strict();
export type ApplyCouponResponse = z.infer<typeof applyCouponResponseSchema>;

/** What each cart change answers (spec 4.3): the order's new duration, and what changed with it. */
export const cartChangeResponseSchema = z
  .object({
    status: z.literal('ok'),
    duration: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60),
    /** The cart changed while a time is held: the held time may need picking again (spec 3.12). */
    services_changed: z.boolean(),
    /** Pay-at-close was in the cart and the order no longer qualifies, so it was taken out (spec 4.3). */
    pac_removed: z.boolean(),
  })
  .strict();
export type CartChangeResponse = z.infer<typeof cartChangeResponseSchema>;

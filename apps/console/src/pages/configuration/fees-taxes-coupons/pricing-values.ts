import { couponSchema, feeSchema, taxSchema } from '@scheduler/contracts/company-document';
import {
  officeTaxSchema,
  pricingCouponSchema,
  pricingFeeSchema,
  tripFeeSchema,
  type PricingFeeRule,
} from '@scheduler/contracts/pricing';
import { centsText } from './amounts.ts';

/**
 * The Fees, taxes and coupons page's form values, read from the company document. The document
 * keeps these rules in two places: the earlier short form (top-level `fees`, `taxes`, `coupons`)
 * and the `pricing` section. The page shows both as one list of each kind; every row remembers
 * where it came from, so that it is written back there, and a row added on the page goes into
 * `pricing`. Numbers are text while typed (money as dollars, "75.00").
 */

/** `short`: the document's top-level list; `pricing`: the `pricing` section's. */
export type Origin = 'short' | 'pricing';

interface RowOrigin {
  origin: Origin;
  /** Its index in its document list when loaded; null for a row added on the page. */
  loadedIndex: number | null;
  /**
   * Shown read-only and written back exactly as loaded: a fee driven by a property question
   * (set on the Property questions page), or an entry this page cannot read.
   */
  locked: boolean;
}

/** A tier typed as "up to N: amount"; an empty `upTo` on the last tier is "and above". */
export interface TierValues {
  upTo: string;
  amount: string;
}

export const EDITABLE_FEE_KINDS = [
  'flat',
  'square_feet_tiers',
  'age_tiers',
  'sales_price_tiers',
  'built_before_year',
] as const;
export type EditableFeeKind = (typeof EDITABLE_FEE_KINDS)[number];
/** The rules the short form has; a short-form fee keeps to them. */
export const SHORT_FORM_FEE_KINDS: readonly EditableFeeKind[] = ['flat', 'square_feet_tiers', 'built_before_year'];
export type TierKind = 'square_feet_tiers' | 'age_tiers' | 'sales_price_tiers' | 'distance_bands';

export interface FeeValues extends RowOrigin {
  code: string;
  /** Whether the person typed the code: until then a new fee's code follows its description. */
  codeTouched: boolean;
  description: string;
  scope: 'service' | 'order';
  services: string[];
  kind: EditableFeeKind | PricingFeeRule['kind'];
  /** The flat amount, or what a house built before `year` adds. */
  amount: string;
  year: string;
  tiers: TierValues[];
}

export interface TripFeeValues extends RowOrigin {
  kind: 'postal_codes' | 'distance_bands';
  code: string;
  codeTouched: boolean;
  description: string;
  /** An office's uuid; empty: every office. */
  office: string;
  /** Postal codes as typed (separated by commas, spaces or lines), and what a visit there adds. */
  zones: Array<{ postalCodes: string; amount: string }>;
  bands: TierValues[];
}

export interface TaxValues extends RowOrigin {
  code: string;
  name: string;
  /** An office's uuid; empty: every office. */
  office: string;
  rate: string;
  /** None: every service. */
  services: string[];
  additionalCharges: boolean;
}

export interface CouponValues extends RowOrigin {
  code: string;
  name: string;
  discountKind: 'percent' | 'amount';
  percent: string;
  amount: string;
  /** "YYYY-MM-DD", or empty for no limit. */
  validFrom: string;
  validUntil: string;
  /** Empty: no limit. */
  maxRedemptions: string;
  /** Empty or 0: no minimum. */
  minOrder: string;
  /** None: every service. */
  services: string[];
  active: boolean;
}

export interface PricingFormValues {
  fees: FeeValues[];
  tripFees: TripFeeValues[];
  taxes: TaxValues[];
  coupons: CouponValues[];
}

export type ListName = keyof PricingFormValues;

export const EMPTY_TIER: TierValues = { upTo: '', amount: '' };
const NEW_ROW = { origin: 'pricing', loadedIndex: null, locked: false } as const;

export const newFee = (): FeeValues => ({
  ...NEW_ROW,
  code: '',
  codeTouched: false,
  description: '',
  scope: 'service',
  services: [],
  kind: 'flat',
  amount: '',
  year: '',
  tiers: [{ ...EMPTY_TIER }],
});
export const newTripFee = (): TripFeeValues => ({
  ...NEW_ROW,
  kind: 'postal_codes',
  code: '',
  codeTouched: false,
  description: '',
  office: '',
  zones: [{ postalCodes: '', amount: '' }],
  bands: [{ ...EMPTY_TIER }],
});
export const newTax = (): TaxValues => ({
  ...NEW_ROW,
  code: '',
  name: '',
  office: '',
  rate: '',
  services: [],
  additionalCharges: false,
});
export const newCoupon = (): CouponValues => ({
  ...NEW_ROW,
  code: '',
  name: '',
  discountKind: 'percent',
  percent: '',
  amount: '',
  validFrom: '',
  validUntil: '',
  maxRedemptions: '',
  minOrder: '',
  services: [],
  active: true,
});

/** The document's lists this page edits, each as loaded (absent lists are empty). */
export interface PricingLists {
  short: { fees: unknown[]; taxes: unknown[]; coupons: unknown[] };
  pricing: { fees: unknown[]; trip_fees: unknown[]; taxes: unknown[]; coupons: unknown[] };
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function pricingListsOf(document: Record<string, unknown>): PricingLists {
  const pricing = recordOf(document.pricing);
  return {
    short: { fees: listOf(document.fees), taxes: listOf(document.taxes), coupons: listOf(document.coupons) },
    pricing: {
      fees: listOf(pricing.fees),
      trip_fees: listOf(pricing.trip_fees),
      taxes: listOf(pricing.taxes),
      coupons: listOf(pricing.coupons),
    },
  };
}

export function currencyOf(document: Record<string, unknown>): string {
  return typeof document.currency === 'string' && /^[A-Z]{3}$/.test(document.currency) ? document.currency : 'USD';
}

const numberText = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

type Bound = number | null;
function tiersText<T>(
  tiers: readonly T[],
  bound: (tier: T) => Bound,
  amount: (tier: T) => number,
  money: (cents: number) => string,
  boundIsMoney: boolean,
): TierValues[] {
  return tiers.map((tier) => {
    const upTo = bound(tier);
    return { upTo: upTo === null ? '' : boundIsMoney ? money(upTo) : String(upTo), amount: money(amount(tier)) };
  });
}

function feeValues(fee: unknown, origin: Origin, index: number, currency: string): FeeValues {
  const money = (cents: number) => centsText(cents, currency);
  const parsed = (origin === 'short' ? feeSchema : pricingFeeSchema).safeParse(fee);
  const base = { ...newFee(), origin, loadedIndex: index, codeTouched: true };
  if (!parsed.success) return { ...base, locked: true, ...readableText(fee, 'description') };
  const { code, description, scope, services, rule } = parsed.data;
  const row: FeeValues = { ...base, code, description, scope, services, kind: rule.kind };
  switch (rule.kind) {
    case 'flat':
      return { ...row, amount: money(rule.amount_cents) };
    case 'built_before_year':
      return { ...row, year: String(rule.year), amount: money(rule.amount_cents) };
    case 'square_feet_tiers':
      return {
        ...row,
        tiers: tiersText(
          rule.tiers,
          (t) => t.up_to_sqft,
          (t) => t.amount_cents,
          money,
          false,
        ),
      };
    case 'age_tiers':
      return {
        ...row,
        tiers: tiersText(
          rule.tiers,
          (t) => t.up_to_years,
          (t) => t.amount_cents,
          money,
          false,
        ),
      };
    case 'sales_price_tiers':
      return {
        ...row,
        tiers: tiersText(
          rule.tiers,
          (t) => t.up_to_cents,
          (t) => t.amount_cents,
          money,
          true,
        ),
      };
    default:
      // Foundation-type and question-driven fees follow the Property questions page.
      return { ...row, locked: true };
  }
}

/** What a row that cannot be read still shows: its code and name, when they are text. */
function readableText(item: unknown, nameKey: 'description' | 'name'): { code: string } & Record<string, string> {
  const record = recordOf(item);
  return {
    code: typeof record.code === 'string' ? record.code : '',
    [nameKey]: typeof record[nameKey] === 'string' ? record[nameKey] : '',
  };
}

function tripFeeValues(fee: unknown, index: number, currency: string): TripFeeValues {
  const money = (cents: number) => centsText(cents, currency);
  const base = { ...newTripFee(), loadedIndex: index, codeTouched: true };
  const parsed = tripFeeSchema.safeParse(fee);
  if (!parsed.success) return { ...base, locked: true, ...readableText(fee, 'description') };
  const data = parsed.data;
  const row = { ...base, kind: data.kind, code: data.code, description: data.description, office: data.office ?? '' };
  if (data.kind === 'postal_codes')
    return {
      ...row,
      zones: data.zones.map((zone) => ({
        postalCodes: zone.postal_codes.join(', '),
        amount: money(zone.amount_cents),
      })),
    };
  return {
    ...row,
    bands: tiersText(
      data.bands,
      (b) => b.up_to_miles,
      (b) => b.amount_cents,
      money,
      false,
    ),
  };
}

function taxValues(tax: unknown, origin: Origin, index: number): TaxValues {
  const base = { ...newTax(), origin, loadedIndex: index };
  if (origin === 'short') {
    const parsed = taxSchema.safeParse(tax);
    if (!parsed.success) return { ...base, locked: true, ...readableText(tax, 'name') };
    return {
      ...base,
      code: parsed.data.code,
      name: parsed.data.name,
      rate: String(parsed.data.rate_percent),
      services: parsed.data.services,
    };
  }
  const parsed = officeTaxSchema.safeParse(tax);
  if (!parsed.success) return { ...base, locked: true, ...readableText(tax, 'name') };
  const data = parsed.data;
  return {
    ...base,
    code: data.code,
    name: data.name,
    office: data.office ?? '',
    rate: String(data.rate_percent),
    services: data.services,
    additionalCharges: data.additional_charges,
  };
}

function couponValues(coupon: unknown, origin: Origin, index: number, currency: string): CouponValues {
  const base = { ...newCoupon(), origin, loadedIndex: index };
  const parsed = origin === 'short' ? couponSchema.safeParse(coupon) : pricingCouponSchema.safeParse(coupon);
  if (!parsed.success) return { ...base, locked: true, ...readableText(coupon, 'name') };
  const data: { min_order_cents?: number; services?: string[] } & typeof parsed.data = parsed.data;
  const pricingOnly = {
    minOrder: data.min_order_cents ? centsText(data.min_order_cents, currency) : '',
    services: data.services ?? [],
  };
  return {
    ...base,
    code: data.code,
    name: data.name,
    discountKind: data.discount.kind,
    percent: data.discount.kind === 'percent' ? String(data.discount.percent) : '',
    amount: data.discount.kind === 'amount' ? centsText(data.discount.amount_cents, currency) : '',
    validFrom: data.valid_from ?? '',
    validUntil: data.valid_until ?? '',
    maxRedemptions: numberText(data.max_redemptions),
    active: data.active,
    ...pricingOnly,
  };
}

/** The form's values: the short form's rows first, then the pricing section's (the order the schema checks codes in). */
export function pricingFormValues(document: Record<string, unknown>): PricingFormValues {
  const lists = pricingListsOf(document);
  const currency = currencyOf(document);
  return {
    fees: [
      ...lists.short.fees.map((fee, i) => feeValues(fee, 'short', i, currency)),
      ...lists.pricing.fees.map((fee, i) => feeValues(fee, 'pricing', i, currency)),
    ],
    tripFees: lists.pricing.trip_fees.map((fee, i) => tripFeeValues(fee, i, currency)),
    taxes: [
      ...lists.short.taxes.map((tax, i) => taxValues(tax, 'short', i)),
      ...lists.pricing.taxes.map((tax, i) => taxValues(tax, 'pricing', i)),
    ],
    coupons: [
      ...lists.short.coupons.map((c, i) => couponValues(c, 'short', i, currency)),
      ...lists.pricing.coupons.map((c, i) => couponValues(c, 'pricing', i, currency)),
    ],
  };
}

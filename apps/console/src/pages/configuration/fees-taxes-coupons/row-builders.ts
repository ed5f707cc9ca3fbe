import { INT32_MAX } from '@scheduler/contracts/company-document';
import { MAX_CENTS } from '@scheduler/contracts/pricing';
import { formatMoney } from '@scheduler/domain/money-format';
import { parseCents, parsePercent, parseWhole } from './amounts.ts';
import type {
  CouponValues,
  FeeValues,
  Origin,
  TaxValues,
  TierKind,
  TierValues,
  TripFeeValues,
} from './pricing-values.ts';

/**
 * Each row of the form made into the document's entry, or the problems with it, each named by
 * its field within the row ("tiers.2.upTo"). The bounds are the schema's (packages/contracts
 * pricing.ts and company-document.ts; the tests hold each against the schema at its limit), so a
 * row the page lets through is one the server takes; the words are for an office person.
 */

export interface RowProblem {
  /** The field within the row, as react-hook-form names it after the row's prefix. */
  field: string;
  message: string;
}

export type Built = { ok: true; item: Record<string, unknown> } | { ok: false; problems: RowProblem[] };

const FEE_CODE = /^[a-z0-9_-]{1,60}$/;
const COUPON_CODE = /^[A-Za-z0-9_-]{2,40}$/;
const MAX_DESCRIPTION = 200;
const MAX_NAME = 100;
const MIN_YEAR = 1200;
const MAX_YEAR = 3000;
export const MAX_TIERS = 50;
export const MAX_ZONES = 100;
const MAX_ZONE_CODES = 2000;
/** The short form's numbers are the database's integers; the pricing section's have their own limits. */
const MAX_REDEMPTIONS: Record<Origin, number> = { short: INT32_MAX, pricing: 10_000_000 };

const grouped = (value: number) => value.toLocaleString('en-US');

export const PROBLEMS = {
  feeCode: 'Use lower-case letters, digits, "-" and "_" (at most 60), like home-size.',
  couponCode: 'Use 2 to 40 letters, digits, "-" or "_", like SPRING25.',
  description: `Enter a description of at most ${MAX_DESCRIPTION} characters.`,
  name: `Enter a name of at most ${MAX_NAME} characters.`,
  amount: (currency: string) => `Enter an amount like 75 or 75.50, at most ${formatMoney(MAX_CENTS, currency)}.`,
  discountAmount: (currency: string) =>
    `Enter an amount more than 0, like 25 or 25.50, at most ${formatMoney(MAX_CENTS, currency)}.`,
  year: `Enter a year from ${MIN_YEAR} to ${MAX_YEAR}.`,
  rate: 'Enter a rate from 0 to 100 with at most 4 decimals, like 7.25.',
  percent: 'Enter a percentage more than 0 and at most 100, with at most 4 decimals, like 10 or 12.5.',
  date: 'Enter a date, or leave it empty.',
  dateOrder: 'The last day must not be before the first day.',
  redemptions: (origin: Origin) =>
    `Enter a whole number from 1 to ${grouped(MAX_REDEMPTIONS[origin])}, or leave it empty for no limit.`,
  tierOpen: 'Enter where this tier ends: only the last tier may be left empty ("and above").',
  tierRise: (previous: string) => `Must be more than the tier before (${previous}).`,
  tooManyTiers: `At most ${MAX_TIERS} tiers.`,
  postalCodes: 'Enter postal codes separated by commas, like 43015, 43040 (each 2 to 10 characters, at most 2,000).',
  tooManyZones: `At most ${MAX_ZONES} zones.`,
  unknownOffice: 'Choose one of your offices, or every office.',
} as const;

interface TierSpec {
  /** The document's name of a tier's bound. */
  key: 'up_to_sqft' | 'up_to_years' | 'up_to_cents' | 'up_to_miles';
  min: number;
  max: number;
  money: boolean;
  problem: (currency: string) => string;
  /** The bounds in words, for a bound's help. */
  range: (currency: string) => string;
}

/** Each kind of tier's bound, as its schema has it (a short-form fee's square feet are a database integer). */
export function tierSpec(kind: TierKind, origin: Origin): TierSpec {
  switch (kind) {
    case 'square_feet_tiers': {
      const max = origin === 'short' ? INT32_MAX : 1_000_000;
      return {
        key: 'up_to_sqft',
        min: 1,
        max,
        money: false,
        problem: () => `Enter whole square feet from 1 to ${grouped(max)}.`,
        range: () => `1 to ${grouped(max)}.`,
      };
    }
    case 'age_tiers':
      return {
        key: 'up_to_years',
        min: 0,
        max: 1000,
        money: false,
        problem: () => 'Enter a whole number of years from 0 to 1,000.',
        range: () => '0 to 1,000.',
      };
    case 'sales_price_tiers':
      return {
        key: 'up_to_cents',
        min: 1,
        max: 100 * MAX_CENTS,
        money: true,
        problem: (currency) =>
          `Enter a price from ${formatMoney(1, currency)} to ${formatMoney(100 * MAX_CENTS, currency)}.`,
        range: (currency) => `${formatMoney(1, currency)} to ${formatMoney(100 * MAX_CENTS, currency)}.`,
      };
    case 'distance_bands':
      return {
        key: 'up_to_miles',
        min: 0,
        max: 10_000,
        money: false,
        problem: () => 'Enter whole miles from 0 to 10,000.',
        range: () => '0 to 10,000.',
      };
  }
}

function readBound(text: string, spec: TierSpec, currency: string): number | null {
  if (!spec.money) return parseWhole(text, spec.min, spec.max);
  const cents = parseCents(text, currency, spec.max);
  return cents !== null && cents >= spec.min ? cents : null;
}

/**
 * Tiers as the schema takes them: each bound above the one before, only the last open-ended
 * (empty), between 1 and 50 of them. `prefix` is the tiers' field ("tiers", "bands").
 */
export function buildTiers(
  tiers: readonly TierValues[],
  kind: TierKind,
  origin: Origin,
  currency: string,
  prefix: string,
  problems: RowProblem[],
): Array<Record<string, number | null>> {
  const spec = tierSpec(kind, origin);
  if (tiers.length > MAX_TIERS)
    problems.push({ field: `${prefix}.${tiers.length - 1}.upTo`, message: PROBLEMS.tooManyTiers });
  const built: Array<Record<string, number | null>> = [];
  let previous: { value: number; text: string } | null = null;
  tiers.forEach((tier, index) => {
    const last = index === tiers.length - 1;
    let bound: number | null = null;
    if (tier.upTo.trim() === '') {
      if (!last) problems.push({ field: `${prefix}.${index}.upTo`, message: PROBLEMS.tierOpen });
    } else {
      bound = readBound(tier.upTo, spec, currency);
      if (bound === null) problems.push({ field: `${prefix}.${index}.upTo`, message: spec.problem(currency) });
      else if (previous !== null && bound <= previous.value)
        problems.push({ field: `${prefix}.${index}.upTo`, message: PROBLEMS.tierRise(previous.text) });
      if (bound !== null) previous = { value: bound, text: spec.money ? formatMoney(bound, currency) : grouped(bound) };
    }
    const amount = parseCents(tier.amount, currency, MAX_CENTS);
    if (amount === null) problems.push({ field: `${prefix}.${index}.amount`, message: PROBLEMS.amount(currency) });
    built.push({ [spec.key]: bound, amount_cents: amount ?? 0 });
  });
  return built;
}

const within = (text: string, max: number) => text.trim().length >= 1 && text.trim().length <= max;

function amountOf(text: string, currency: string, field: string, problems: RowProblem[]): number {
  const cents = parseCents(text, currency, MAX_CENTS);
  if (cents === null) problems.push({ field, message: PROBLEMS.amount(currency) });
  return cents ?? 0;
}

const result = (item: Record<string, unknown>, problems: RowProblem[]): Built =>
  problems.length > 0 ? { ok: false, problems } : { ok: true, item };

export function buildFee(row: FeeValues, currency: string): Built {
  const problems: RowProblem[] = [];
  const code = row.code.trim();
  if (!FEE_CODE.test(code)) problems.push({ field: 'code', message: PROBLEMS.feeCode });
  if (!within(row.description, MAX_DESCRIPTION)) problems.push({ field: 'description', message: PROBLEMS.description });
  let rule: Record<string, unknown>;
  switch (row.kind) {
    case 'flat':
      rule = { kind: 'flat', amount_cents: amountOf(row.amount, currency, 'amount', problems) };
      break;
    case 'built_before_year': {
      const year = parseWhole(row.year.replaceAll(',', ''), MIN_YEAR, MAX_YEAR);
      if (year === null) problems.push({ field: 'year', message: PROBLEMS.year });
      rule = {
        kind: 'built_before_year',
        year: year ?? 0,
        amount_cents: amountOf(row.amount, currency, 'amount', problems),
      };
      break;
    }
    case 'square_feet_tiers':
    case 'age_tiers':
    case 'sales_price_tiers':
      rule = { kind: row.kind, tiers: buildTiers(row.tiers, row.kind, row.origin, currency, 'tiers', problems) };
      break;
    default:
      // A locked rule is never built: the page writes the loaded fee as it came.
      throw new Error(`a ${row.kind} fee is set on the Property questions page`);
  }
  // An order fee is charged once per order: the services it was listed for mean nothing any more.
  return result(
    {
      code,
      description: row.description.trim(),
      scope: row.scope,
      services: row.scope === 'order' ? [] : [...row.services],
      rule,
    },
    problems,
  );
}

/** Postal codes as typed: separated by commas, spaces or lines; the same code once. */
export function postalCodesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((code) => code.trim().toUpperCase())
        .filter((code) => code !== ''),
    ),
  ];
}

export function buildTripFee(row: TripFeeValues, currency: string, officeIds: ReadonlySet<string>): Built {
  const problems: RowProblem[] = [];
  const code = row.code.trim();
  if (!FEE_CODE.test(code)) problems.push({ field: 'code', message: PROBLEMS.feeCode });
  if (!within(row.description, MAX_DESCRIPTION)) problems.push({ field: 'description', message: PROBLEMS.description });
  if (row.office !== '' && !officeIds.has(row.office))
    problems.push({ field: 'office', message: PROBLEMS.unknownOffice });
  const head = {
    kind: row.kind,
    code,
    description: row.description.trim(),
    office: row.office === '' ? null : row.office,
  };
  if (row.kind === 'distance_bands')
    return result(
      { ...head, bands: buildTiers(row.bands, 'distance_bands', 'pricing', currency, 'bands', problems) },
      problems,
    );
  if (row.zones.length > MAX_ZONES)
    problems.push({ field: `zones.${row.zones.length - 1}.postalCodes`, message: PROBLEMS.tooManyZones });
  const zones = row.zones.map((zone, index) => {
    const codes = postalCodesOf(zone.postalCodes);
    if (codes.length === 0 || codes.length > MAX_ZONE_CODES || codes.some((c) => c.length < 2 || c.length > 10))
      problems.push({ field: `zones.${index}.postalCodes`, message: PROBLEMS.postalCodes });
    return { postal_codes: codes, amount_cents: amountOf(zone.amount, currency, `zones.${index}.amount`, problems) };
  });
  return result({ ...head, zones }, problems);
}

export function buildTax(row: TaxValues, officeIds: ReadonlySet<string>): Built {
  const problems: RowProblem[] = [];
  const code = row.code.trim();
  if (!FEE_CODE.test(code)) problems.push({ field: 'code', message: PROBLEMS.feeCode });
  if (!within(row.name, MAX_NAME)) problems.push({ field: 'name', message: PROBLEMS.name });
  const rate = parsePercent(row.rate);
  if (rate === null) problems.push({ field: 'rate', message: PROBLEMS.rate });
  const common = { code, name: row.name.trim(), rate_percent: rate ?? 0, services: [...row.services] };
  // The short form has no office and no additional charges: its taxes are every office's, on services only.
  if (row.origin === 'short') return result(common, problems);
  if (row.office !== '' && !officeIds.has(row.office))
    problems.push({ field: 'office', message: PROBLEMS.unknownOffice });
  return result(
    {
      code,
      name: common.name,
      office: row.office === '' ? null : row.office,
      rate_percent: common.rate_percent,
      services: common.services,
      additional_charges: row.additionalCharges,
    },
    problems,
  );
}

/** A real calendar day written as YYYY-MM-DD (what a date field gives), or null. */
export function isoDay(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return null;
  const date = new Date(`${trimmed}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === trimmed ? trimmed : null;
}

export function buildCoupon(row: CouponValues, currency: string): Built {
  const problems: RowProblem[] = [];
  const code = row.code.trim();
  if (!COUPON_CODE.test(code)) problems.push({ field: 'code', message: PROBLEMS.couponCode });
  if (!within(row.name, MAX_NAME)) problems.push({ field: 'name', message: PROBLEMS.name });
  let discount: Record<string, unknown>;
  if (row.discountKind === 'percent') {
    const percent = parsePercent(row.percent);
    if (percent === null || percent === 0) problems.push({ field: 'percent', message: PROBLEMS.percent });
    discount = { kind: 'percent', percent: percent ?? 0 };
  } else {
    const cents = parseCents(row.amount, currency, MAX_CENTS);
    if (cents === null || cents === 0) problems.push({ field: 'amount', message: PROBLEMS.discountAmount(currency) });
    discount = { kind: 'amount', amount_cents: cents ?? 0 };
  }
  const day = (text: string, field: 'validFrom' | 'validUntil') => {
    if (text.trim() === '') return null;
    const iso = isoDay(text);
    if (iso === null) problems.push({ field, message: PROBLEMS.date });
    return iso;
  };
  const validFrom = day(row.validFrom, 'validFrom');
  const validUntil = day(row.validUntil, 'validUntil');
  // ISO days compare as text in calendar order; the schema puts this refusal at valid_until too.
  if (validFrom !== null && validUntil !== null && validUntil < validFrom)
    problems.push({ field: 'validUntil', message: PROBLEMS.dateOrder });
  let maxRedemptions: number | null = null;
  if (row.maxRedemptions.trim() !== '') {
    maxRedemptions = parseWhole(row.maxRedemptions, 1, MAX_REDEMPTIONS[row.origin]);
    if (maxRedemptions === null) problems.push({ field: 'maxRedemptions', message: PROBLEMS.redemptions(row.origin) });
  }
  const head = {
    code,
    name: row.name.trim(),
    discount,
    valid_from: validFrom,
    valid_until: validUntil,
    max_redemptions: maxRedemptions,
  };
  // The short form has no minimum order and no services: its coupons take off every service, from any order.
  if (row.origin === 'short') return result({ ...head, active: row.active }, problems);
  const minOrder = row.minOrder.trim() === '' ? 0 : parseCents(row.minOrder, currency, MAX_CENTS);
  if (minOrder === null) problems.push({ field: 'minOrder', message: PROBLEMS.amount(currency) });
  return result({ ...head, min_order_cents: minOrder ?? 0, services: [...row.services], active: row.active }, problems);
}

import type { PricingFeeRule, PricingProperty, TripFee } from '@scheduler/contracts/pricing';
import { greatCircleMiles, type LatLng } from '../availability/geo.ts';
import { feeAmount } from './fees.ts';
import { salesPriceCents } from './money.ts';

/** What fee rules read about the property, parsed once per pricing. Unknown facts are null. */
export interface PricingFacts {
  sqft: number | null;
  yearBuilt: number | null;
  salesPriceCents: number | null;
  foundationTypeId: number | null;
  controls: ReadonlyMap<number, { value: string | null; checked: boolean }>;
  currentYear: number;
  postalCode: string;
  location: LatLng | null;
}

/** `today` is the office's local date (YYYY-MM-DD), which gives the year ages are counted to. */
export function pricingFacts(property: PricingProperty, today: string): PricingFacts {
  return {
    sqft: property.sqft,
    yearBuilt: property.year_built,
    salesPriceCents: salesPriceCents(property.sales_price),
    foundationTypeId: property.foundation_type_id,
    controls: new Map(property.controls.map((c) => [c.id, { value: c.value, checked: c.checked }])),
    currentYear: Number(today.slice(0, 4)),
    postalCode: property.postal_code.trim().toUpperCase(),
    location: property.location,
  };
}

/** The amount of the first tier whose bound is at least the value (null bounds are open-ended). */
function tierAmount<T extends { amount_cents: number }>(
  tiers: readonly T[],
  value: number,
  bound: (tier: T) => number | null,
): number {
  for (const tier of tiers) {
    const limit = bound(tier);
    if (limit === null || value <= limit) return tier.amount_cents;
  }
  return 0;
}

/** The amount, in cents, a fee rule charges; a rule whose fact is not known yet charges nothing. */
export function ruleAmount(rule: PricingFeeRule, facts: PricingFacts): number {
  switch (rule.kind) {
    case 'flat':
    case 'square_feet_tiers':
    case 'built_before_year':
      return feeAmount(rule, facts);
    case 'age_tiers':
      if (facts.yearBuilt === null) return 0;
      return tierAmount(rule.tiers, Math.max(0, facts.currentYear - facts.yearBuilt), (t) => t.up_to_years);
    case 'sales_price_tiers':
      return facts.salesPriceCents === null ? 0 : tierAmount(rule.tiers, facts.salesPriceCents, (t) => t.up_to_cents);
    case 'foundation_type':
      return rule.options.find((o) => o.option_id === facts.foundationTypeId)?.amount_cents ?? 0;
    case 'control': {
      const answer = facts.controls.get(rule.control_id);
      if (!answer) return 0;
      let amount = answer.checked ? rule.checked_cents : 0;
      for (const option of rule.options) {
        // A dropdown's value is its option id; a triggered dropdown's text counts only while checked.
        const chosen =
          typeof option.option === 'number'
            ? answer.value !== null && answer.value.trim() === String(option.option)
            : answer.checked && answer.value === option.option;
        if (chosen) {
          amount += option.amount_cents;
          break;
        }
      }
      return amount;
    }
  }
}

/** Where the office is and how road miles follow from straight-line miles. */
export interface PricingOffice {
  uuid: string;
  location: LatLng | null;
  roadFactor: number;
  defaultDurationMinutes: number;
}

/** A trip fee's amount for the property; nothing while its postal code or location is unknown. */
export function tripFeeAmount(fee: TripFee, facts: PricingFacts, office: PricingOffice): number {
  if (fee.kind === 'postal_codes') {
    if (facts.postalCode === '') return 0;
    const zone = fee.zones.find((z) => z.postal_codes.some((code) => code.toUpperCase() === facts.postalCode));
    return zone?.amount_cents ?? 0;
  }
  if (!office.location || !facts.location) return 0;
  const miles = greatCircleMiles(office.location, facts.location) * office.roadFactor;
  return tierAmount(fee.bands, miles, (b) => b.up_to_miles);
}

import type { CompanyDocument, Package, Service } from '@scheduler/contracts/company-document';
import type {
  OfficeTax,
  PricingCoupon,
  PricingFee,
  PricingRules,
  ServiceModifier,
  TripFee,
} from '@scheduler/contracts/pricing';
import { catalogueDurations, type CatalogueDurations } from './duration.ts';

/**
 * A company's catalogue and pricing rules indexed for pricing: built once when the company's
 * document is loaded (or changes), then shared by every cart priced against it.
 */
export interface PricingCatalogue {
  currency: string;
  services: ReadonlyMap<string, Service>;
  packages: ReadonlyMap<number, Package>;
  /** Service-scope fees by the service they apply to, in the document's order. */
  serviceFees: ReadonlyMap<string, readonly PricingFee[]>;
  /** Order-scope fees: additional charges driven by the property. */
  orderFees: readonly PricingFee[];
  modifiers: ReadonlyMap<string, readonly ServiceModifier[]>;
  /** Fee codes each package includes. */
  waivers: ReadonlyMap<number, ReadonlySet<string>>;
  tripFees: readonly TripFee[];
  taxes: readonly OfficeTax[];
  /** By upper-case code: visitors type codes in any case. */
  coupons: ReadonlyMap<string, PricingCoupon>;
  /** The pay-at-close service (the first marked `is_pac`), when the company offers one. */
  pacService: Service | null;
  rerRushAmountCents: number;
  convenienceFeeMessage: string;
  durations: CatalogueDurations;
}

export interface PricingCatalogueSource {
  currency: string;
  services: readonly Service[];
  packages: readonly Package[];
  rules: PricingRules;
  rer_rush_amount_cents: number;
}

function groupBy<T>(items: readonly T[], keysOf: (item: T) => readonly string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    for (const key of keysOf(item)) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}

export function pricingCatalogue(source: PricingCatalogueSource): PricingCatalogue {
  const { rules } = source;
  return {
    currency: source.currency,
    services: new Map(source.services.map((s) => [s.uuid, s])),
    packages: new Map(source.packages.map((p) => [p.id, p])),
    serviceFees: groupBy(
      rules.fees.filter((f) => f.scope === 'service'),
      (f) => f.services,
    ),
    orderFees: rules.fees.filter((f) => f.scope === 'order'),
    modifiers: groupBy(rules.service_modifiers, (m) => m.services),
    waivers: new Map(rules.package_fee_waivers.map((w) => [w.package_id, new Set(w.fee_codes)])),
    tripFees: rules.trip_fees,
    taxes: rules.taxes,
    coupons: new Map(rules.coupons.map((c) => [c.code.toUpperCase(), c])),
    pacService: source.services.find((s) => s.is_pac) ?? null,
    rerRushAmountCents: source.rer_rush_amount_cents,
    convenienceFeeMessage: rules.convenience_fee_message,
    durations: catalogueDurations(source.services, source.packages),
  };
}

/**
 * A document's pricing rules: its `pricing` section with the short-form `fees`, `taxes` and
 * `coupons` in front (the same rules written the earlier way: every office, services only, no
 * minimum order). Codes are unique across both, which the document's schema checks.
 */
export function documentPricingRules(
  doc: Pick<CompanyDocument, 'fees' | 'taxes' | 'coupons' | 'pricing'>,
): PricingRules {
  const { pricing } = doc;
  return {
    ...pricing,
    fees: [...doc.fees, ...pricing.fees],
    taxes: [
      ...doc.taxes.map((tax): OfficeTax => ({ ...tax, office: null, additional_charges: false })),
      ...pricing.taxes,
    ],
    coupons: [
      ...doc.coupons.map((coupon): PricingCoupon => ({ ...coupon, min_order_cents: 0, services: [] })),
      ...pricing.coupons,
    ],
  };
}

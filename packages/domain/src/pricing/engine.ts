import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import type { Package, Service } from '@scheduler/contracts/company-document';
import type {
  PricedFeeLine,
  PricedPackage,
  PricedService,
  Pricing,
  PricingCart,
  PricingProperty,
} from '@scheduler/contracts/pricing';
import { applyCoupons, type CouponRefusal, type CouponUse, type PricingUnit } from './coupons.ts';
import { orderDurationMinutes } from './duration.ts';
import { pricingFacts, ruleAmount, tripFeeAmount, type PricingFacts, type PricingOffice } from './fee-rules.ts';
import { apportion, percentOf } from './money.ts';
import type { PricingCatalogue } from './pricing-catalogue.ts';
import type { PricingSettings } from './pricing-settings.ts';

export type { PricingOffice } from './fee-rules.ts';
export type { CouponRefusal, CouponUse } from './coupons.ts';

export interface PricingInput {
  catalogue: PricingCatalogue;
  office: PricingOffice;
  property: PricingProperty;
  cart: PricingCart;
  /** The coupons the order carries, in the order they were applied. */
  coupons: readonly CouponUse[];
  settings: PricingSettings;
  /** Whether the buyer's or the seller's agent opted out of pay-at-close (spec 5.8). */
  pacOptOut: boolean;
  /** The office's local date, YYYY-MM-DD: coupon validity and property ages are counted in it. */
  today: string;
}

/** The cart as priced: pay-at-close and the RER rush dropped when they no longer apply. */
export interface EffectiveCart extends PricingCart {
  /** The coupons that apply, in order; refused ones are left out. */
  coupons: string[];
}

export interface PricingResult {
  pricing: Pricing;
  /** Minutes the order takes (spec 4.3: each cart change answers it). */
  duration: number;
  refusals: CouponRefusal[];
  pacEligible: boolean;
  /** Pay-at-close was in the cart but the order no longer qualifies (spec 4.3). */
  pacRemoved: boolean;
  cart: EffectiveCart;
}

export const RER_RUSH_DESCRIPTION = 'Repair Estimate Report Rush Delivery';

function feeLines(
  service: Service,
  catalogue: PricingCatalogue,
  facts: PricingFacts,
  waived: ReadonlySet<string> | undefined,
): PricedFeeLine[] {
  const fees = catalogue.serviceFees.get(service.uuid);
  if (!fees) return [];
  const lines: PricedFeeLine[] = [];
  for (const fee of fees) {
    const gross = ruleAmount(fee.rule, facts);
    // A fee of 0 is not shown (spec 9.4), so it is not a line either.
    if (gross > 0)
      lines.push({ code: fee.code, description: fee.description, gross, value: waived?.has(fee.code) ? 0 : gross });
  }
  return lines;
}

function sumOf<T>(items: readonly T[], amount: (item: T) => number): number {
  let sum = 0;
  for (const item of items) sum += amount(item);
  return sum;
}

const grossOf = (line: PricedFeeLine) => line.gross;
const valueOf = (line: PricedFeeLine) => line.value;

function priceChosenPackage(
  pkg: Package,
  catalogue: PricingCatalogue,
  facts: PricingFacts,
): { priced: PricedPackage; units: PricingUnit[] } {
  const waived = catalogue.waivers.get(pkg.id);
  const services: PricedPackage['services'] = [];
  const separately: number[] = [];
  let grossFees = 0;
  let valueFees = 0;
  for (const id of pkg.services) {
    const service = catalogue.services.get(id);
    if (!service) continue;
    const fees = feeLines(service, catalogue, facts, waived);
    const gross = sumOf(fees, grossOf);
    grossFees += gross;
    valueFees += sumOf(fees, valueOf);
    services.push({ id, fees });
    separately.push(service.price_cents + gross);
  }
  const amount = pkg.price_cents + valueFees;
  // The package's amount is shared among its services in proportion to their own prices, so that
  // a coupon or a tax limited to some services sees only their part of the bundle.
  const shares = apportion(amount, separately);
  return {
    priced: {
      id: pkg.id,
      name: pkg.name,
      base: pkg.price_cents,
      subtotal: pkg.price_cents + grossFees,
      amount,
      savings: Math.max(0, sumOf(separately, (s) => s) - amount),
      rer: pkg.rer,
      services,
    },
    units: services.map((s, i) => ({ serviceId: s.id, amount: shares[i]! })),
  };
}

/** The largest discount among the modifiers that apply to a service; they do not stack. */
function modifierSavings(
  service: Service,
  subtotal: number,
  catalogue: PricingCatalogue,
  inCart: ReadonlySet<string>,
): number {
  const modifiers = catalogue.modifiers.get(service.uuid);
  if (!modifiers || subtotal === 0) return 0;
  let best = 0;
  for (const modifier of modifiers) {
    const applies =
      modifier.requires_any_of.length === 0 ||
      modifier.requires_any_of.some((id) => id !== service.uuid && inCart.has(id));
    if (!applies) continue;
    const discount =
      modifier.discount.kind === 'percent'
        ? percentOf(subtotal, modifier.discount.percent)
        : modifier.discount.amount_cents;
    best = Math.max(best, Math.min(subtotal, discount));
  }
  return best;
}

function priceCartService(
  service: Service,
  catalogue: PricingCatalogue,
  facts: PricingFacts,
  inCart: ReadonlySet<string>,
): PricedService {
  const fees = feeLines(service, catalogue, facts, undefined);
  const subtotal = service.price_cents + sumOf(fees, valueOf);
  const savings = modifierSavings(service, subtotal, catalogue, inCart);
  return {
    id: service.uuid,
    name: service.name,
    base: service.price_cents,
    subtotal,
    fees,
    modifier_savings: savings,
    amount: subtotal - savings,
    is_pac: service.is_pac,
    ancillary: service.ancillary,
    rer: service.rer,
  };
}

interface AdditionalLine {
  code: string;
  description: string;
  value: number;
}

function additionalCharges(
  input: PricingInput,
  facts: PricingFacts,
  rush: boolean,
  payAtClose: boolean,
): AdditionalLine[] {
  const { catalogue, settings, office } = input;
  const lines: AdditionalLine[] = [];
  for (const fee of catalogue.orderFees)
    lines.push({ code: fee.code, description: fee.description, value: ruleAmount(fee.rule, facts) });
  for (const fee of catalogue.tripFees) {
    if (fee.office === null || fee.office === office.uuid)
      lines.push({ code: fee.code, description: fee.description, value: tripFeeAmount(fee, facts, office) });
  }
  if (rush) lines.push({ code: 'rer-rush', description: RER_RUSH_DESCRIPTION, value: catalogue.rerRushAmountCents });
  if (payAtClose) {
    lines.push({
      code: 'pac-submission-fee',
      description: `${settings.pacName} submission fee`,
      value: settings.pacSubmissionFeeCents,
    });
    if (settings.pacChargeByState)
      lines.push({
        code: 'pac-service-fee',
        description: `${settings.pacName} Service fee`,
        value: settings.pacChargeByStateFeeCents,
      });
  }
  // Additional charges of 0 are not listed (spec 2.9).
  return lines.filter((line) => line.value > 0);
}

function taxLines(
  input: Pick<PricingInput, 'catalogue' | 'office'>,
  units: readonly PricingUnit[],
  additional: number,
): Pricing['taxes'] {
  const taxes: Pricing['taxes'] = [];
  for (const tax of input.catalogue.taxes) {
    if (tax.office !== null && tax.office !== input.office.uuid) continue;
    let base = tax.additional_charges ? additional : 0;
    for (const unit of units)
      if (tax.services.length === 0 || tax.services.includes(unit.serviceId)) base += unit.amount;
    const total = percentOf(base, tax.rate_percent);
    if (total > 0) taxes.push({ code: tax.code, name: tax.name, total });
  }
  return taxes;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/**
 * Prices an order's cart (spec 3.10): the package and services with their fee lines and savings,
 * the additional charges, the coupons, the taxes and the totals, in whole cents. Every line is
 * rounded once, half up; totals are sums of lines. Also says how long the order takes, which
 * coupons were refused and why, and whether pay-at-close still applies.
 */
export function priceOrder(input: PricingInput): PricingResult {
  const { catalogue, settings, cart } = input;
  const facts = pricingFacts(input.property, input.today);

  const pkg = cart.package === null ? undefined : catalogue.packages.get(cart.package);
  const inPackage = new Set(pkg?.services ?? []);
  const cartServiceIds = unique(cart.services);
  const pacIds = new Set(cartServiceIds.filter((id) => catalogue.services.get(id)?.is_pac));
  const extras: Service[] = [];
  for (const id of cartServiceIds) {
    const service = catalogue.services.get(id);
    if (service && !service.label && !service.is_pac && !inPackage.has(id)) extras.push(service);
  }

  // Spec 5.8: the order has services and no agent opted out; the offering exists and is shown.
  const pacEligible =
    catalogue.pacService !== null &&
    !settings.pacHidden &&
    !input.pacOptOut &&
    (pkg !== undefined || extras.length > 0);
  const pacRequested = cart.pay_at_close || pacIds.size > 0;
  const payAtClose = pacRequested && pacEligible;
  const pacRemoved = pacRequested && !pacEligible;
  const rush = cart.rush_rer && settings.rerRushEnabled && (pkg?.rer === true || extras.some((s) => s.rer));

  const inCart = new Set([...inPackage, ...extras.map((s) => s.uuid)]);
  const pricedPackage = pkg ? priceChosenPackage(pkg, catalogue, facts) : null;
  const services = extras.map((s) => priceCartService(s, catalogue, facts, inCart));
  if (payAtClose) services.push(priceCartService(catalogue.pacService!, catalogue, facts, inCart));

  const units: PricingUnit[] = [
    ...(pricedPackage?.units ?? []),
    ...services.map((s) => ({ serviceId: s.id, amount: s.amount })),
  ];
  const subtotal = (pricedPackage?.priced.amount ?? 0) + sumOf(services, (s) => s.amount);
  const { applied, refusals } = applyCoupons(input.coupons, units, {
    coupons: catalogue.coupons,
    subtotal,
    today: input.today,
    limit: settings.couponLimit,
    currency: catalogue.currency,
  });
  const discounts = sumOf(applied, (c) => c.amount);
  const additionalLines = additionalCharges(input, facts, rush, payAtClose);
  const additional = sumOf(additionalLines, (l) => l.value);
  const taxes = taxLines(input, units, additional);
  const taxTotal = sumOf(taxes, (t) => t.total);
  const grandTotal = subtotal - discounts + taxTotal + additional;
  const feesHidden = settings.hideAllFees || settings.pacSubmissionFeeCents > 0;

  const effectiveServices = payAtClose
    ? cart.services.some((id) => pacIds.has(id))
      ? cart.services
      : [...cart.services, catalogue.pacService!.uuid]
    : cart.services.filter((id) => !pacIds.has(id));
  const effectiveCart: EffectiveCart = {
    package: pkg ? pkg.id : null,
    services: effectiveServices,
    rush_rer: rush,
    pay_at_close: payAtClose,
    coupons: applied.map((c) => c.code),
  };
  const duration = orderDurationMinutes(
    catalogue.durations,
    { packageIds: pkg ? [pkg.id] : [], serviceIds: effectiveServices },
    input.office.defaultDurationMinutes,
  );

  return {
    pricing: {
      package: pricedPackage?.priced ?? null,
      services,
      additional: { total: additional, fees: additionalLines },
      taxes,
      coupons: applied,
      totals: {
        subtotal,
        discounts,
        additional,
        taxes: taxTotal,
        grand_total: grandTotal,
        display_total: settings.doNotShowTaxInPackages ? grandTotal - taxTotal : grandTotal,
      },
      convenience_fee_message: payAtClose ? '' : catalogue.convenienceFeeMessage,
      pac_eligible: pacEligible,
      pac_removed: pacRemoved,
      fees_hidden: feesHidden,
      taxes_hidden: feesHidden || settings.doNotShowTaxInPackages,
    },
    duration,
    refusals,
    pacEligible,
    pacRemoved,
    cart: effectiveCart,
  };
}

export type ListingInput = Pick<PricingInput, 'catalogue' | 'office' | 'property' | 'today'>;

const listedFee = (line: PricedFeeLine) => ({ gross: line.gross, value: line.value, description: line.description });

function listService(service: Service, input: ListingInput, facts: PricingFacts): ServiceResponse {
  // On its own: only the modifiers that need no other service apply.
  const priced = priceCartService(service, input.catalogue, facts, new Set([service.uuid]));
  const taxes = sumOf(taxLines(input, [{ serviceId: service.uuid, amount: priced.amount }], 0), (t) => t.total);
  return {
    id: service.uuid,
    name: service.name,
    description: service.description,
    base: priced.base,
    subtotal: priced.subtotal,
    amount: priced.amount,
    total: priced.amount + taxes,
    savings: priced.modifier_savings,
    ancillary: service.ancillary,
    is_pac: service.is_pac,
    label: service.label,
    rer: service.rer,
    duration: service.duration_minutes,
    fees: priced.fees.map(listedFee),
  };
}

/**
 * List prices (spec 3.4, 3.5) for the property as far as it is known: each service and package
 * priced on its own by the same rules as an order, its taxes included in `total`. The wizard's
 * package cards and service rows read these; the order's own amounts come from `priceOrder`.
 */
export function priceListings(input: ListingInput): { services: ServiceResponse[]; packages: PackageResponse[] } {
  const { catalogue } = input;
  const facts = pricingFacts(input.property, input.today);
  const services = [...catalogue.services.values()].map((service) => listService(service, input, facts));
  const byId = new Map(services.map((s) => [s.id, s]));
  const packages = [...catalogue.packages.values()].map((pkg): PackageResponse => {
    const { priced, units } = priceChosenPackage(pkg, catalogue, facts);
    const taxes = sumOf(taxLines(input, units, 0), (t) => t.total);
    return {
      id: pkg.id,
      name: pkg.name,
      description: pkg.description,
      base: priced.base,
      subtotal: priced.subtotal,
      amount: priced.amount,
      total: priced.amount + taxes,
      savings: priced.savings,
      best: pkg.best,
      bestText: pkg.best_text,
      rer: pkg.rer,
      duration: orderDurationMinutes(catalogue.durations, { packageIds: [pkg.id], serviceIds: [] }, 0),
      services: pkg.services.flatMap((id) => byId.get(id) ?? []),
    };
  });
  return { services, packages };
}

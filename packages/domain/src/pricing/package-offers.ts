import { priceOrder, type PricingInput } from './engine.ts';

export interface PackageOffer {
  package: number;
  /** What choosing it saves over the current selection, before coupons and taxes; never below 0. */
  save: number;
}

/**
 * Spec 4.3's package offer: with no package chosen and more than one service in the cart, every
 * package that holds more than one of the cart's services is offered, with what it would save
 * ("Save {amount} over your current selection!"). The cart with the package keeps the services
 * the package does not cover.
 */
export function packageOffers(input: PricingInput): PackageOffer[] {
  const { catalogue, cart } = input;
  if (cart.package !== null) return [];
  const services = cart.services.filter((id) => {
    const service = catalogue.services.get(id);
    return service !== undefined && !service.is_pac && !service.label;
  });
  if (services.length < 2) return [];
  const current = priceOrder({ ...input, coupons: [] }).pricing.totals.subtotal;
  const offers: PackageOffer[] = [];
  for (const pkg of catalogue.packages.values()) {
    if (pkg.services.filter((id) => services.includes(id)).length < 2) continue;
    const withPackage = priceOrder({
      ...input,
      coupons: [],
      cart: { ...cart, package: pkg.id, services: cart.services.filter((id) => !pkg.services.includes(id)) },
    });
    offers.push({ package: pkg.id, save: Math.max(0, current - withPackage.pricing.totals.subtotal) });
  }
  return offers;
}

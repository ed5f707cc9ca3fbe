import type { Service } from '@scheduler/contracts/company-document';
import type { PricingCart } from '@scheduler/contracts/pricing';
import type { PricingCatalogue } from './pricing-catalogue.ts';
import type { PricingSettings } from './pricing-settings.ts';

/** One change the visitor asks of the cart (spec 7.3). */
export type CartChange =
  | { kind: 'add_service'; service: string }
  | { kind: 'remove_service'; service: string }
  | { kind: 'set_package'; package: number | null };

export interface CartContents {
  package: number | null;
  services: readonly string[];
}

export type CartRefusalCode =
  | 'unknown_item'
  | 'service_in_cart'
  | 'service_not_in_cart'
  | 'primary_required'
  | 'primary_required_to_remove'
  | 'single_primary_only'
  | 'pay_at_close_hidden';

export type CartCheck = { ok: true } | { ok: false; code: CartRefusalCode; message: string };

/** The spec's texts (8.4, 2.9), verbatim; the others in the same voice. */
export const CART_MESSAGES = {
  unknownService: 'This service is not offered.',
  unknownPackage: 'This package is not offered.',
  serviceInCart: 'Service already exists in cart',
  serviceNotInCart: 'Service does not exist in cart',
  primaryFirst: "Please add a 'primary' service to your cart first",
  primaryToRemovePackage:
    'At least one primary service is required. Please remove any ancillary services before removing this package.',
  primaryToRemoveService:
    'At least one primary service is required. Please remove any ancillary services before removing this service.',
  singlePrimary: 'Only one primary service can be ordered at a time.',
} as const;

/** Spec 5.7: a primary service is neither ancillary nor pay-at-close (nor a heading). */
export function isPrimary(service: Service): boolean {
  return !service.ancillary && !service.is_pac && !service.label;
}

/** An ancillary service that counts for the rules: pay-at-close and headings are not services. */
function isAncillary(service: Service): boolean {
  return service.ancillary && !service.is_pac && !service.label;
}

/** Every service the cart holds, the package's included, each once. */
function servicesOf(catalogue: PricingCatalogue, cart: CartContents): Service[] {
  const ids = new Set(cart.services);
  if (cart.package !== null) for (const id of catalogue.packages.get(cart.package)?.services ?? []) ids.add(id);
  const services: Service[] = [];
  for (const id of ids) {
    const service = catalogue.services.get(id);
    if (service) services.push(service);
  }
  return services;
}

function refuse(code: CartRefusalCode, message: string): CartCheck {
  return { ok: false, code, message };
}

function afterChange(cart: CartContents, change: CartChange): CartContents {
  switch (change.kind) {
    case 'add_service':
      return { package: cart.package, services: [...cart.services, change.service] };
    case 'remove_service':
      return { package: cart.package, services: cart.services.filter((id) => id !== change.service) };
    case 'set_package':
      return { package: change.package, services: cart.services };
  }
}

/** Whether a change leaves ancillary services without any primary one. */
function strandsAncillaries(catalogue: PricingCatalogue, after: CartContents): boolean {
  const services = servicesOf(catalogue, after);
  return services.some(isAncillary) && !services.some(isPrimary);
}

/**
 * The cart rules of spec 5.7, checked before a change is made (the server holds to them as the
 * wizard does): a service is added once and removed only when present; with
 * REQUIRE_PRIMARY_SERVICE_BEFORE_ANCILLARY an ancillary service needs a primary one first, and a
 * removal may not leave ancillaries without a primary; with ALLOW_ONLY_SINGLE_SERVICE the cart
 * holds one primary service at most.
 */
export function checkCartChange(
  catalogue: PricingCatalogue,
  settings: PricingSettings,
  cart: CartContents,
  change: CartChange,
): CartCheck {
  if (change.kind === 'set_package' && change.package !== null && !catalogue.packages.has(change.package))
    return refuse('unknown_item', CART_MESSAGES.unknownPackage);
  if (change.kind !== 'set_package') {
    const service = catalogue.services.get(change.service);
    if (change.kind === 'remove_service' && !cart.services.includes(change.service))
      return refuse('service_not_in_cart', CART_MESSAGES.serviceNotInCart);
    if (change.kind === 'add_service') {
      if (!service || service.label) return refuse('unknown_item', CART_MESSAGES.unknownService);
      if (servicesOf(catalogue, cart).some((s) => s.uuid === service.uuid))
        return refuse('service_in_cart', CART_MESSAGES.serviceInCart);
      if (service.is_pac && settings.pacHidden)
        return refuse('pay_at_close_hidden', `${settings.pacName} is not available for this order.`);
      if (
        settings.requirePrimaryBeforeAncillary &&
        isAncillary(service) &&
        !servicesOf(catalogue, cart).some(isPrimary)
      )
        return refuse('primary_required', CART_MESSAGES.primaryFirst);
    }
  }
  const after = afterChange(cart, change);
  if (settings.allowOnlySingleService && change.kind !== 'remove_service') {
    const before = servicesOf(catalogue, cart).filter(isPrimary).length;
    const primaries = servicesOf(catalogue, after).filter(isPrimary).length;
    if (primaries > 1 && primaries > before) return refuse('single_primary_only', CART_MESSAGES.singlePrimary);
  }
  const removes = change.kind === 'remove_service' || (change.kind === 'set_package' && cart.package !== null);
  if (
    settings.requirePrimaryBeforeAncillary &&
    removes &&
    !strandsAncillaries(catalogue, cart) &&
    strandsAncillaries(catalogue, after)
  ) {
    return refuse(
      'primary_required_to_remove',
      change.kind === 'set_package' ? CART_MESSAGES.primaryToRemovePackage : CART_MESSAGES.primaryToRemoveService,
    );
  }
  return { ok: true };
}

/**
 * The cart after an accepted change (spec 4.3). A removal that leaves nothing with a Repair
 * Estimate Report takes the rush off too, so adding such a service again does not bring it back.
 */
export function applyCartChange(catalogue: PricingCatalogue, cart: PricingCart, change: CartChange): PricingCart {
  const changed = afterChange(cart, change);
  const after: PricingCart = { ...cart, package: changed.package, services: [...changed.services] };
  const removes = change.kind === 'remove_service' || change.kind === 'set_package';
  if (after.rush_rer && removes && !servicesOf(catalogue, after).some((s) => s.rer)) after.rush_rer = false;
  return after;
}

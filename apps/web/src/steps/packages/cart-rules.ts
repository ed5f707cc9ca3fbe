import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import { CART_MESSAGES } from '@scheduler/domain/pricing/cart-rules';

/** What the step reads of the order's cart. */
export interface Cart {
  /** The chosen package's id, or null. */
  packageId: number | null;
  services: readonly string[];
}

/** The cart's rules that depend on the company's settings (spec 5.7, 9.6). */
export interface CartSettings {
  requirePrimaryFirst: boolean;
  /** ONLINE_SCHEDULER_V3_ALLOW_ONLY_SINGLE_SERVICE: the cart holds one primary service at most (spec 5.7). */
  singlePrimaryOnly: boolean;
  pacServiceId: string | null;
}

export type ServiceButton = 'add' | 'remove' | 'in-package' | 'primary-first' | 'single-primary';

const isPrimary = (service: Pick<ServiceResponse, 'ancillary' | 'is_pac'>) => !service.ancillary && !service.is_pac;

/** The services the chosen package covers. */
export function packageServiceIds(cart: Cart, packages: readonly PackageResponse[]): Set<string> {
  const chosen = packages.find((pkg) => pkg.id === cart.packageId);
  return new Set(chosen?.services.map((service) => service.id) ?? []);
}

/** Spec 5.7: a primary service is in the cart, on its own or inside the chosen package. */
export function hasPrimary(
  cart: Cart,
  packages: readonly PackageResponse[],
  services: readonly ServiceResponse[],
): boolean {
  const byId = new Map(services.map((service) => [service.id, service]));
  const inPackage = packages.find((pkg) => pkg.id === cart.packageId)?.services ?? [];
  return (
    inPackage.some(isPrimary) ||
    cart.services.some((id) => {
      const service = byId.get(id);
      return service !== undefined && isPrimary(service);
    })
  );
}

/** Ancillary services with no primary one beside them (spec 5.7). */
function strandsAncillaries(
  cart: Cart,
  packages: readonly PackageResponse[],
  services: readonly ServiceResponse[],
): boolean {
  const held = new Set([...packageServiceIds(cart, packages), ...cart.services]);
  return (
    services.some((service) => held.has(service.id) && service.ancillary && !service.is_pac) &&
    !hasPrimary(cart, packages, services)
  );
}

/**
 * Spec 8.4: a removal the browser knows the server refuses is refused without a call, with the
 * server's words. With REQUIRE_PRIMARY_SERVICE_BEFORE_ANCILLARY a removal may not leave ancillary
 * services without a primary one (the domain's `checkCartChange` is the rule both hold to).
 */
export function removalRefusal(
  removing: { service: string } | { package: true },
  cart: Cart,
  packages: readonly PackageResponse[],
  services: readonly ServiceResponse[],
  settings: CartSettings,
): string | null {
  if ('service' in removing && !cart.services.includes(removing.service)) return CART_MESSAGES.serviceNotInCart;
  if (!settings.requirePrimaryFirst || strandsAncillaries(cart, packages, services)) return null;
  const after: Cart =
    'service' in removing
      ? { ...cart, services: cart.services.filter((id) => id !== removing.service) }
      : { ...cart, packageId: null };
  if (!strandsAncillaries(after, packages, services)) return null;
  return 'service' in removing ? CART_MESSAGES.primaryToRemoveService : CART_MESSAGES.primaryToRemovePackage;
}

/** Spec 2.9: which button a service row shows. */
export function serviceButton(
  service: ServiceResponse,
  cart: Cart,
  packages: readonly PackageResponse[],
  services: readonly ServiceResponse[],
  settings: CartSettings,
): ServiceButton {
  if (packageServiceIds(cart, packages).has(service.id)) return 'in-package';
  if (cart.services.includes(service.id)) return 'remove';
  if (settings.requirePrimaryFirst && service.ancillary && !hasPrimary(cart, packages, services))
    return 'primary-first';
  // Spec 5.7, 8.4: a second primary service is refused; the browser knows it, so it is not offered.
  if (settings.singlePrimaryOnly && isPrimary(service) && hasPrimary(cart, packages, services)) return 'single-primary';
  return 'add';
}

/** Spec 2.9, 9.4: the service list leaves out the pay-at-close service. */
export function listedServices(services: readonly ServiceResponse[], pacServiceId: string | null): ServiceResponse[] {
  return services.filter((service) => !service.is_pac && service.id !== pacServiceId);
}

/** The cart's services other than pay-at-close (spec 9.4: it does not count). */
export function orderedServices(cart: Cart, pacServiceId: string | null): string[] {
  return cart.services.filter((id) => id !== pacServiceId);
}

/** The order has something to inspect: a package, or a service other than pay-at-close. */
export function cartHasServices(cart: Cart, pacServiceId: string | null): boolean {
  return cart.packageId !== null || orderedServices(cart, pacServiceId).length > 0;
}

/**
 * Spec 4.3 package offer: after a service is added to an order without a package and with more
 * than one service, every package that contains more than one of the order's services.
 */
export function packagesToOffer(
  cart: Cart,
  packages: readonly PackageResponse[],
  pacServiceId: string | null,
): PackageResponse[] {
  const ordered = orderedServices(cart, pacServiceId);
  if (cart.packageId !== null || ordered.length < 2) return [];
  return packages.filter((pkg) => pkg.services.filter((service) => ordered.includes(service.id)).length > 1);
}

/** Where the rush card's words come from: the package's prompt, a service's heading, or no card (spec 2.9). */
export function rushCardKind(
  cart: Cart,
  packages: readonly PackageResponse[],
  services: readonly ServiceResponse[],
  rushEnabled: boolean,
): 'package' | 'service' | null {
  if (!rushEnabled) return null;
  if (packages.find((pkg) => pkg.id === cart.packageId)?.rer) return 'package';
  const byId = new Map(services.map((service) => [service.id, service]));
  return cart.services.some((id) => byId.get(id)?.rer) ? 'service' : null;
}

/** A fee setting written in currency units ("25", "39.95"), in cents; 0 when it is not a number. */
export function feeSettingCents(text: string): number {
  const value = Number(text.trim());
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
}

/** The services inspectors perform for this cart: the package's and the cart's own, without pay-at-close. */
export function inspectedServices(
  cart: Cart,
  packages: readonly PackageResponse[],
  pacServiceId: string | null,
): string[] {
  const inPackage = packages.find((pkg) => pkg.id === cart.packageId)?.services.map((service) => service.id) ?? [];
  return [...new Set([...inPackage, ...orderedServices(cart, pacServiceId)])];
}

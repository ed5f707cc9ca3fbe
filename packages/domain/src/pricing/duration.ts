import type { Package, Service } from '@scheduler/contracts/company-document';

/** How long each catalogue item takes, for the duration of a cart. */
export interface CatalogueDurations {
  services: ReadonlyMap<string, number>;
  /**
   * Services no inspector performs: pay-at-close is a way of paying kept in the cart as a service
   * (decision 0016). They take no time and never decide who can do the inspection.
   */
  payment: ReadonlySet<string>;
  /** A package's own minutes (0: the sum of its services) and its services. */
  packages: ReadonlyMap<number, { durationMinutes: number; serviceIds: readonly string[] }>;
}

export function catalogueDurations(
  services: readonly Pick<Service, 'uuid' | 'duration_minutes' | 'is_pac'>[],
  packages: readonly Pick<Package, 'id' | 'duration_minutes' | 'services'>[],
): CatalogueDurations {
  return {
    services: new Map(services.map((s) => [s.uuid, s.duration_minutes])),
    payment: new Set(services.filter((s) => s.is_pac).map((s) => s.uuid)),
    packages: new Map(packages.map((p) => [p.id, { durationMinutes: p.duration_minutes, serviceIds: p.services }])),
  };
}

export interface OrderCart {
  packageIds: readonly number[];
  serviceIds: readonly string[];
}

/**
 * The cart's services and minutes: each package's own minutes, or else the sum of its services;
 * plus every other service of the order. A service that a package covers is counted once, in the
 * package; unknown items count nothing, and neither does a payment service (pay-at-close).
 */
export function cartServicesAndMinutes(
  durations: CatalogueDurations,
  cart: OrderCart,
): { serviceIds: string[]; minutes: number } {
  const packageServiceIds: string[] = [];
  let minutes = 0;
  for (const packageId of cart.packageIds) {
    const pkg = durations.packages.get(packageId);
    if (!pkg) continue;
    packageServiceIds.push(...pkg.serviceIds);
    minutes +=
      pkg.durationMinutes > 0
        ? pkg.durationMinutes
        : pkg.serviceIds.reduce((sum, id) => sum + (durations.services.get(id) ?? 0), 0);
  }
  const performed = cart.serviceIds.filter((id) => !durations.payment.has(id));
  for (const id of performed) if (!packageServiceIds.includes(id)) minutes += durations.services.get(id) ?? 0;
  return { serviceIds: [...new Set([...packageServiceIds, ...performed])], minutes };
}

/** The order's duration: the cart's minutes, or the office's default while the cart takes none. */
export function orderDurationMinutes(durations: CatalogueDurations, cart: OrderCart, defaultMinutes: number): number {
  const { minutes } = cartServicesAndMinutes(durations, cart);
  return minutes > 0 ? minutes : defaultMinutes;
}

import type { Fee, Package, Service, Tax } from '@scheduler/contracts/company-document';
import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import { serviceFeeLines, type PropertyFacts } from './fees.ts';

/** Tax on an amount, rounded half away from zero to whole cents. */
export function taxOn(amountCents: number, ratePercent: number): number {
  return Math.round((amountCents * ratePercent) / 100);
}

function taxesFor(serviceUuid: string, amountCents: number, taxes: readonly Tax[]): number {
  return taxes
    .filter((tax) => tax.services.length === 0 || tax.services.includes(serviceUuid))
    .reduce((sum, tax) => sum + taxOn(amountCents, tax.rate_percent), 0);
}

export interface Catalogue {
  services: readonly Service[];
  packages: readonly Package[];
  fees: readonly Fee[];
  taxes: readonly Tax[];
}

/** A service's list price for a property (spec 3.5): subtotal = base + its fee values. */
export function priceService(service: Service, catalogue: Catalogue, property: PropertyFacts): ServiceResponse {
  const fees = serviceFeeLines(service.uuid, catalogue.fees, property);
  const subtotal = service.price_cents + fees.reduce((sum, fee) => sum + fee.value, 0);
  return {
    id: service.uuid,
    name: service.name,
    description: service.description,
    base: service.price_cents,
    subtotal,
    total: subtotal + taxesFor(service.uuid, subtotal, catalogue.taxes),
    savings: 0,
    ancillary: service.ancillary,
    is_pac: service.is_pac,
    label: service.label,
    rer: service.rer,
    duration: service.duration_minutes,
    fees,
  };
}

/**
 * A package's list price (spec 3.4, 3.10, read as decision 0009 says): the package base plus the
 * fees of its services; savings are what its services would cost one by one, less that.
 */
export function pricePackage(pkg: Package, catalogue: Catalogue, property: PropertyFacts): PackageResponse {
  const included = pkg.services
    .map((uuid) => catalogue.services.find((s) => s.uuid === uuid))
    .filter((s): s is Service => s !== undefined)
    .map((s) => priceService(s, catalogue, property));
  const feeTotal = included.reduce((sum, s) => sum + s.fees.reduce((inner, fee) => inner + fee.value, 0), 0);
  const subtotal = pkg.price_cents + feeTotal;
  const separately = included.reduce((sum, s) => sum + s.subtotal, 0);
  // Tax is shared across the package's services in proportion to their list prices, so that a
  // tax limited to some services applies only to their share of the bundle.
  const taxes = included.reduce((sum, s) => {
    const share = separately > 0 ? (subtotal * s.subtotal) / separately : subtotal / included.length;
    return sum + taxesFor(s.id, Math.round(share), catalogue.taxes);
  }, 0);
  return {
    id: pkg.id,
    name: pkg.name,
    description: pkg.description,
    base: pkg.price_cents,
    subtotal,
    total: subtotal + taxes,
    savings: Math.max(0, separately - subtotal),
    best: pkg.best,
    bestText: pkg.best_text,
    rer: pkg.rer,
    duration: pkg.duration_minutes > 0 ? pkg.duration_minutes : included.reduce((sum, s) => sum + s.duration, 0),
    services: included,
  };
}

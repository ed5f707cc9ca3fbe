import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { listPrices, type PricingDeps } from './pricing.service.ts';

/** Services with their list prices for the session's property as far as it is known (the pricing engine's). */
export async function listServices(
  deps: PricingDeps,
  session: AuthenticatedSession,
  now: Date,
): Promise<ServiceResponse[]> {
  return (await listPrices(deps, session, now)).services;
}

export async function listPackages(
  deps: PricingDeps,
  session: AuthenticatedSession,
  now: Date,
): Promise<PackageResponse[]> {
  return (await listPrices(deps, session, now)).packages;
}

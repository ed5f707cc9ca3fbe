import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import { pricePackage, priceService } from '@scheduler/domain/pricing/catalogue-prices';
import type { Database } from '../../db/connection.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { loadCatalogue, loadPropertyFacts } from './catalogue.repository.ts';

/** Services with their prices for the session's property as far as it is known. */
export async function listServices(db: Database, session: AuthenticatedSession): Promise<ServiceResponse[]> {
  const [catalogue, property] = await Promise.all([loadCatalogue(db, session.companyId), loadPropertyFacts(db, session.companyId, session.orderId)]);
  return catalogue.services.map((service) => priceService(service, catalogue, property));
}

export async function listPackages(db: Database, session: AuthenticatedSession): Promise<PackageResponse[]> {
  const [catalogue, property] = await Promise.all([loadCatalogue(db, session.companyId), loadPropertyFacts(db, session.companyId, session.orderId)]);
  return catalogue.packages.map((pkg) => pricePackage(pkg, catalogue, property));
}

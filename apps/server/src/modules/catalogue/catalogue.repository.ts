import { and, asc, eq } from 'drizzle-orm';
import type { Fee, FeeRule, Tax } from '@scheduler/contracts/company-document';
import type { Catalogue } from '@scheduler/domain/pricing/catalogue-prices';
import type { PropertyFacts } from '@scheduler/domain/pricing/fees';
import type { Executor } from '../../db/connection.ts';
import { packageFromRow, serviceFromRow } from '../../db/document-rows.ts';
import * as t from '../../db/schema.ts';

/** The company's catalogue in the document's shapes, which the pricing rules read. */
export async function loadCatalogue(db: Executor, companyId: string): Promise<Catalogue> {
  const [services, packages, packageServices, fees, taxes] = await Promise.all([
    db.select().from(t.services).where(eq(t.services.companyId, companyId)).orderBy(asc(t.services.sort), asc(t.services.name)),
    db.select().from(t.packages).where(eq(t.packages.companyId, companyId)).orderBy(asc(t.packages.sort), asc(t.packages.id)),
    db.select().from(t.packageServices).where(eq(t.packageServices.companyId, companyId)).orderBy(asc(t.packageServices.position)),
    db.select().from(t.fees).where(eq(t.fees.companyId, companyId)).orderBy(asc(t.fees.position)),
    db.select().from(t.taxes).where(eq(t.taxes.companyId, companyId)).orderBy(asc(t.taxes.position)),
  ]);
  return {
    services: services.map(serviceFromRow),
    packages: packages.map((p) => packageFromRow(p, packageServices)),
    fees: fees.map((f): Fee => ({ code: f.code, description: f.description, scope: f.scope, services: f.services, rule: f.rule as FeeRule })),
    taxes: taxes.map((x): Tax => ({ code: x.code, name: x.name, rate_percent: x.ratePercent, services: x.services })),
  };
}

export async function loadPropertyFacts(db: Executor, companyId: string, orderId: string): Promise<PropertyFacts> {
  const [row] = await db
    .select({ sqft: t.orders.sqft, yearBuilt: t.orders.yearBuilt })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return { sqft: row?.sqft ?? null, yearBuilt: row?.yearBuilt ?? null };
}

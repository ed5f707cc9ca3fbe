import { and, asc, eq } from 'drizzle-orm';
import type { Fee, FeeRule, Package, Service, Tax } from '@scheduler/contracts/company-document';
import type { Catalogue } from '@scheduler/domain/pricing/catalogue-prices';
import type { PropertyFacts } from '@scheduler/domain/pricing/fees';
import type { Executor } from '../../db/connection.ts';
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
    services: services.map(
      (s): Service => ({
        uuid: s.id,
        name: s.name,
        description: s.description,
        ancillary: s.ancillary,
        is_pac: s.isPac,
        label: s.label,
        rer: s.rer,
        price_cents: s.priceCents,
        duration_minutes: s.durationMinutes,
        sort: s.sort,
      }),
    ),
    packages: packages.map(
      (p): Package => ({
        id: p.id,
        name: p.name,
        description: p.description,
        best: p.best,
        best_text: p.bestText,
        rer: p.rer,
        price_cents: p.priceCents,
        duration_minutes: p.durationMinutes,
        services: packageServices.filter((ps) => ps.packageId === p.id).map((ps) => ps.serviceId),
        sort: p.sort,
      }),
    ),
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

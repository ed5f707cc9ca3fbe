import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

export type CompanyRow = typeof t.companies.$inferSelect;
export type OfficeRow = typeof t.offices.$inferSelect;

export async function findCompanyByKey(db: Executor, key: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(t.companies).where(eq(t.companies.key, key));
  return row ?? null;
}

export async function findOffice(db: Executor, companyId: string, officeId: string): Promise<OfficeRow | null> {
  const [row] = await db
    .select()
    .from(t.offices)
    .where(and(eq(t.offices.companyId, companyId), eq(t.offices.id, officeId)));
  return row ?? null;
}

/** The first active office of a company: the one whose logo stands for the company. */
export async function findFirstActiveOffice(db: Executor, companyId: string): Promise<OfficeRow | null> {
  const [row] = await db
    .select()
    .from(t.offices)
    .where(and(eq(t.offices.companyId, companyId), eq(t.offices.active, true)))
    .orderBy(asc(t.offices.position))
    .limit(1);
  return row ?? null;
}

/** Everything the office response is built from, for one office of one company. */
export async function loadOfficeView(db: Executor, companyId: string, officeId: string) {
  const [inspectors, states, controls, services, contactTypes] = await Promise.all([
    db
      .select({
        id: t.inspectors.id,
        display: t.inspectors.display,
        first: t.inspectors.first,
        last: t.inspectors.last,
      })
      .from(t.inspectors)
      .where(
        and(
          eq(t.inspectors.companyId, companyId),
          eq(t.inspectors.officeId, officeId),
          eq(t.inspectors.active, true),
          isNull(t.inspectors.removedAt),
        ),
      )
      .orderBy(asc(t.inspectors.id)),
    db
      .select({ id: t.states.id, abbreviation: t.states.abbreviation })
      .from(t.states)
      .where(eq(t.states.companyId, companyId))
      .orderBy(asc(t.states.abbreviation)),
    db
      .select()
      .from(t.propertyControls)
      .where(eq(t.propertyControls.companyId, companyId))
      .orderBy(asc(t.propertyControls.sort), asc(t.propertyControls.id)),
    db
      .select({ id: t.services.id, isPac: t.services.isPac, label: t.services.label })
      .from(t.services)
      .where(eq(t.services.companyId, companyId))
      .orderBy(asc(t.services.sort)),
    db
      .select({ id: t.contactTypes.id, name: t.contactTypes.name })
      .from(t.contactTypes)
      .where(eq(t.contactTypes.companyId, companyId))
      .orderBy(asc(t.contactTypes.position)),
  ]);
  return { inspectors, states, controls, services, contactTypes };
}

import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

export type TimeOffRow = typeof t.inspectorTimeOff.$inferSelect;

/** The company's time off that touches from..to (either end open), for one inspector or all. */
export async function listTimeOff(
  db: Executor,
  companyId: string,
  filter: { inspectorId?: number | undefined; from?: string | undefined; to?: string | undefined },
): Promise<TimeOffRow[]> {
  return db
    .select()
    .from(t.inspectorTimeOff)
    .where(
      and(
        eq(t.inspectorTimeOff.companyId, companyId),
        ...(filter.inspectorId !== undefined ? [eq(t.inspectorTimeOff.inspectorId, filter.inspectorId)] : []),
        ...(filter.from ? [gte(t.inspectorTimeOff.toDate, filter.from)] : []),
        ...(filter.to ? [lte(t.inspectorTimeOff.fromDate, filter.to)] : []),
      ),
    )
    .orderBy(asc(t.inspectorTimeOff.fromDate), desc(t.inspectorTimeOff.createdAt));
}

export async function insertTimeOff(db: Executor, row: typeof t.inspectorTimeOff.$inferInsert): Promise<TimeOffRow> {
  const [created] = await db.insert(t.inspectorTimeOff).values(row).returning();
  return created!;
}

/** Deletes one block of the company's; null when it has none by that id. */
export async function deleteTimeOff(db: Executor, companyId: string, id: string): Promise<TimeOffRow | null> {
  const [deleted] = await db
    .delete(t.inspectorTimeOff)
    .where(and(eq(t.inspectorTimeOff.companyId, companyId), eq(t.inspectorTimeOff.id, id)))
    .returning();
  return deleted ?? null;
}

export async function findTimeOff(db: Executor, companyId: string, id: string): Promise<TimeOffRow | null> {
  const [row] = await db
    .select()
    .from(t.inspectorTimeOff)
    .where(and(eq(t.inspectorTimeOff.companyId, companyId), eq(t.inspectorTimeOff.id, id)));
  return row ?? null;
}

/** The inspector's office and zone, when they are the company's working inspector. */
export async function inspectorOffice(
  db: Executor,
  companyId: string,
  inspectorId: number,
): Promise<{ officeId: string; timeZone: string } | null> {
  const [row] = await db
    .select({ officeId: t.offices.id, timeZone: t.offices.timeZone })
    .from(t.inspectors)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.inspectors.companyId), eq(t.offices.id, t.inspectors.officeId)))
    .where(
      and(
        eq(t.inspectors.companyId, companyId),
        eq(t.inspectors.id, inspectorId),
        sql`${t.inspectors.removedAt} is null`,
      ),
    );
  return row ?? null;
}

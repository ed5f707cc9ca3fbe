import { and, asc, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** Where a back-fill stopped: the last order it wrote, in (start, id) order. */
export interface BackfillCursor {
  at: Date;
  id: string;
}

/**
 * The next `limit` confirmed orders of one inspector of one company starting in [from, to),
 * after `after` in (start, id) order: what a back-fill writes into a newly chosen calendar.
 */
export async function upcomingOrdersOfInspector(
  db: Executor,
  companyId: string,
  inspectorId: number,
  window: { from: Date; to: Date },
  after: BackfillCursor | null,
  limit: number,
): Promise<Array<{ id: string; at: Date }>> {
  const rows = await db
    .select({ id: t.orders.id, at: t.orders.datetime })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.companyId, companyId),
        eq(t.orders.status, 'confirmed'),
        sql`${t.orders.inspectors} @> ${JSON.stringify([{ id: inspectorId }])}::jsonb`,
        gte(t.orders.datetime, window.from),
        lt(t.orders.datetime, window.to),
        after
          ? or(gt(t.orders.datetime, after.at), and(eq(t.orders.datetime, after.at), gt(t.orders.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(asc(t.orders.datetime), asc(t.orders.id))
    .limit(limit);
  return rows.flatMap((row) => (row.at ? [{ id: row.id, at: row.at }] : []));
}

/** The events this product wrote through one connection: what "Remove the events we added" deletes. */
export async function bookingEventsOfConnection(db: Executor, companyId: string, connectionId: string) {
  return db
    .select({
      calendarId: t.calendarBookingEvents.calendarId,
      eventRef: t.calendarBookingEvents.eventRef,
      etag: t.calendarBookingEvents.etag,
    })
    .from(t.calendarBookingEvents)
    .where(
      and(eq(t.calendarBookingEvents.companyId, companyId), eq(t.calendarBookingEvents.connectionId, connectionId)),
    )
    .orderBy(asc(t.calendarBookingEvents.writtenStart), asc(t.calendarBookingEvents.orderId));
}

/** Every connection of a company, for the office's list of its inspectors' calendars. */
export async function connectionsOfCompany(db: Executor, companyId: string) {
  return db
    .select()
    .from(t.calendarConnections)
    .where(eq(t.calendarConnections.companyId, companyId))
    .orderBy(asc(t.calendarConnections.inspectorId), asc(t.calendarConnections.createdAt));
}

export type EventRemovalRow = typeof t.calendarEventRemovals.$inferSelect;

/** The pending removals a disconnect queues (decision 0104): one row per removal job, with the sealed credentials. */
export async function insertEventRemovals(
  db: Executor,
  rows: ReadonlyArray<typeof t.calendarEventRemovals.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await db.insert(t.calendarEventRemovals).values([...rows]);
}

export async function loadEventRemoval(db: Executor, companyId: string, id: string): Promise<EventRemovalRow | null> {
  const [row] = await db
    .select()
    .from(t.calendarEventRemovals)
    .where(and(eq(t.calendarEventRemovals.companyId, companyId), eq(t.calendarEventRemovals.id, id)));
  return row ?? null;
}

/** Keeps credentials the provider refreshed during a removal (an OAuth access token), sealed as before. */
export async function saveRemovalCredentials(
  db: Executor,
  companyId: string,
  id: string,
  credentialsEncrypted: string,
): Promise<void> {
  await db
    .update(t.calendarEventRemovals)
    .set({ credentialsEncrypted })
    .where(and(eq(t.calendarEventRemovals.companyId, companyId), eq(t.calendarEventRemovals.id, id)));
}

/** A removal ended (done, refused or impossible): its credentials go with its row. */
export async function deleteEventRemoval(db: Executor, companyId: string, id: string): Promise<void> {
  await db
    .delete(t.calendarEventRemovals)
    .where(and(eq(t.calendarEventRemovals.companyId, companyId), eq(t.calendarEventRemovals.id, id)));
}

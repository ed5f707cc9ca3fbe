import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import type { BusyEvent, CalendarProviderKind } from './provider.ts';

export type ConnectionRow = typeof t.calendarConnections.$inferSelect;
export type BookingEventRow = typeof t.calendarBookingEvents.$inferSelect;

export async function insertConnection(
  db: Executor,
  row: {
    id: string;
    companyId: string;
    inspectorId: number;
    provider: CalendarProviderKind;
    accountLabel: string;
    credentialsEncrypted: string;
    busyCalendarIds: string[];
    writeCalendarId: string | null;
    now: Date;
  },
): Promise<ConnectionRow> {
  const [inserted] = await db
    .insert(t.calendarConnections)
    .values({ ...row, status: 'active', createdAt: row.now, updatedAt: row.now })
    .onConflictDoUpdate({
      target: [t.calendarConnections.companyId, t.calendarConnections.inspectorId, t.calendarConnections.provider],
      set: {
        accountLabel: row.accountLabel,
        credentialsEncrypted: sql`excluded.credentials_encrypted`,
        status: 'active',
        busyCalendarIds: row.busyCalendarIds,
        writeCalendarId: row.writeCalendarId,
        cursors: {},
        failures: 0,
        lastErrorCode: null,
        backingOffUntil: null,
        updatedAt: row.now,
      },
    })
    .returning();
  return inserted!;
}

/** The id a connection was stored under (an upsert keeps the first one's). */
export async function loadConnection(db: Executor, companyId: string, id: string): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(t.calendarConnections)
    .where(and(eq(t.calendarConnections.companyId, companyId), eq(t.calendarConnections.id, id)));
  return row ?? null;
}

export async function connectionsOfInspector(db: Executor, companyId: string, inspectorId: number) {
  return db
    .select()
    .from(t.calendarConnections)
    .where(and(eq(t.calendarConnections.companyId, companyId), eq(t.calendarConnections.inspectorId, inspectorId)))
    .orderBy(asc(t.calendarConnections.createdAt));
}

export async function connectionsOfInspectors(db: Executor, companyId: string, inspectorIds: number[]) {
  if (inspectorIds.length === 0) return [];
  return db
    .select()
    .from(t.calendarConnections)
    .where(
      and(eq(t.calendarConnections.companyId, companyId), inArray(t.calendarConnections.inspectorId, inspectorIds)),
    );
}

export async function updateConnection(
  db: Executor,
  companyId: string,
  id: string,
  patch: Partial<
    Pick<
      ConnectionRow,
      | 'status'
      | 'busyCalendarIds'
      | 'writeCalendarId'
      | 'cursors'
      | 'lastSyncedAt'
      | 'lastErrorCode'
      | 'failures'
      | 'backingOffUntil'
      | 'credentialsEncrypted'
    >
  > & { updatedAt: Date },
): Promise<void> {
  await db
    .update(t.calendarConnections)
    .set(patch)
    .where(and(eq(t.calendarConnections.companyId, companyId), eq(t.calendarConnections.id, id)));
}

export async function deleteConnection(db: Executor, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(t.calendarConnections)
    .where(and(eq(t.calendarConnections.companyId, companyId), eq(t.calendarConnections.id, id)))
    .returning({ id: t.calendarConnections.id });
  return rows.length > 0;
}

/** The inspector's office's booking horizon in days (the busy window reaches that far); null when the inspector is gone. */
export async function inspectorHorizon(
  db: Executor,
  companyId: string,
  inspectorId: number,
): Promise<{ days: number; timeZone: string } | null> {
  const [row] = await db
    .select({ scheduling: t.offices.scheduling, timeZone: t.offices.timeZone })
    .from(t.inspectors)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.inspectors.companyId), eq(t.offices.id, t.inspectors.officeId)))
    .where(and(eq(t.inspectors.companyId, companyId), eq(t.inspectors.id, inspectorId)));
  if (!row) return null;
  const days = (row.scheduling as { booking_horizon_days?: number }).booking_horizon_days ?? 120;
  return { days, timeZone: row.timeZone };
}

/**
 * Makes the stored busy instances of one calendar of a connection what a full read found: rows
 * no longer there go, new or moved ones are written; unchanged rows are not touched (each change
 * announces the company's schedule to the read caches, migration 0042).
 */
export async function replaceBusy(
  db: Executor,
  connection: Pick<ConnectionRow, 'id' | 'companyId' | 'inspectorId'>,
  calendarId: string,
  busy: readonly BusyEvent[],
): Promise<number> {
  const existing = (await db.execute(sql`
    select event_id, extract(epoch from lower(during)) * 1000 as s, extract(epoch from upper(during)) * 1000 as e
    from ${t.calendarBusy}
    where company_id = ${connection.companyId} and connection_id = ${connection.id} and calendar_id = ${calendarId}`)) as unknown as {
    rows: Array<{ event_id: string; s: string | number; e: string | number }>;
  };
  const stored = new Map(existing.rows.map((row) => [row.event_id, `${Number(row.s)}:${Number(row.e)}`]));
  const wanted = new Map<string, BusyEvent>();
  for (const event of busy) wanted.set(event.eventId, event);
  const gone = [...stored.keys()].filter((id) => {
    const event = wanted.get(id);
    return !event || `${event.start}:${event.end}` !== stored.get(id);
  });
  const fresh = [...wanted.values()].filter((event) => stored.get(event.eventId) !== `${event.start}:${event.end}`);
  await applyBusyChanges(db, connection, calendarId, gone, fresh);
  return gone.length + fresh.length;
}

/** Applies an incremental read: `removed` instances go, `busy` ones are written (replacing any of the same id). */
export async function applyBusyChanges(
  db: Executor,
  connection: Pick<ConnectionRow, 'id' | 'companyId' | 'inspectorId'>,
  calendarId: string,
  removed: readonly string[],
  busy: readonly BusyEvent[],
): Promise<void> {
  const ids = [...new Set([...removed, ...busy.map((event) => event.eventId)])];
  for (let i = 0; i < ids.length; i += 1_000)
    await db
      .delete(t.calendarBusy)
      .where(
        and(
          eq(t.calendarBusy.companyId, connection.companyId),
          eq(t.calendarBusy.connectionId, connection.id),
          eq(t.calendarBusy.calendarId, calendarId),
          inArray(t.calendarBusy.eventId, ids.slice(i, i + 1_000)),
        ),
      );
  for (let i = 0; i < busy.length; i += 1_000)
    await db.insert(t.calendarBusy).values(
      busy.slice(i, i + 1_000).map((event) => ({
        companyId: connection.companyId,
        inspectorId: connection.inspectorId,
        connectionId: connection.id,
        calendarId,
        eventId: event.eventId,
        during: `[${new Date(event.start).toISOString()},${new Date(event.end).toISOString()})`,
      })),
    );
}

/** Drops the busy time of calendars no longer chosen as busy. */
export async function dropBusyOfOtherCalendars(
  db: Executor,
  connection: Pick<ConnectionRow, 'id' | 'companyId'>,
  keep: readonly string[],
): Promise<void> {
  await db
    .delete(t.calendarBusy)
    .where(
      and(
        eq(t.calendarBusy.companyId, connection.companyId),
        eq(t.calendarBusy.connectionId, connection.id),
        ...(keep.length ? [notInArray(t.calendarBusy.calendarId, [...keep])] : []),
      ),
    );
}

export async function bookingEventsOfOrder(db: Executor, companyId: string, orderId: string) {
  return db
    .select()
    .from(t.calendarBookingEvents)
    .where(and(eq(t.calendarBookingEvents.companyId, companyId), eq(t.calendarBookingEvents.orderId, orderId)));
}

export async function saveBookingEvent(db: Executor, row: BookingEventRow): Promise<void> {
  await db
    .insert(t.calendarBookingEvents)
    .values(row)
    .onConflictDoUpdate({
      target: [t.calendarBookingEvents.companyId, t.calendarBookingEvents.orderId, t.calendarBookingEvents.inspectorId],
      set: {
        connectionId: row.connectionId,
        calendarId: row.calendarId,
        eventRef: row.eventRef,
        uid: row.uid,
        etag: row.etag,
        writtenStart: row.writtenStart,
        writtenEnd: row.writtenEnd,
        contentHash: row.contentHash,
        updatedAt: row.updatedAt,
      },
    });
}

export async function deleteBookingEvent(db: Executor, companyId: string, orderId: string, inspectorId: number) {
  await db
    .delete(t.calendarBookingEvents)
    .where(
      and(
        eq(t.calendarBookingEvents.companyId, companyId),
        eq(t.calendarBookingEvents.orderId, orderId),
        eq(t.calendarBookingEvents.inspectorId, inspectorId),
      ),
    );
}

/** The company's key (the order list reads by it). */
/** The company's key and whether its bookings written into inspectors' calendars show prices (its console settings). */
export async function bookingEventsCompany(
  db: Executor,
  companyId: string,
): Promise<{ key: string; showPrices: boolean } | null> {
  const [row] = await db
    .select({
      key: t.companies.key,
      showPrices: sql<boolean>`coalesce((${t.companies.consoleSettings} ->> 'calendar_events_show_prices')::boolean, false)`,
    })
    .from(t.companies)
    .where(eq(t.companies.id, companyId));
  return row ?? null;
}

/** Who is told that an inspector's calendar needs reconnecting: the inspector, and the company's owners and admins. */
export async function reconnectRecipients(
  db: Executor,
  companyId: string,
  inspectorId: number,
): Promise<{ companyKey: string; inspectorName: string; emails: string[] } | null> {
  const [inspector] = await db
    .select({ email: t.inspectors.email, name: t.inspectors.display, companyKey: t.companies.key })
    .from(t.inspectors)
    .innerJoin(t.companies, eq(t.companies.id, t.inspectors.companyId))
    .where(and(eq(t.inspectors.companyId, companyId), eq(t.inspectors.id, inspectorId)));
  if (!inspector) return null;
  const staff = await db
    .select({ email: t.authUsers.email })
    .from(t.authMembers)
    .innerJoin(t.authOrganizations, eq(t.authOrganizations.id, t.authMembers.organizationId))
    .innerJoin(t.authUsers, eq(t.authUsers.id, t.authMembers.userId))
    .where(and(eq(t.authOrganizations.companyId, companyId), inArray(t.authMembers.role, ['owner', 'admin'])))
    .orderBy(asc(t.authUsers.email));
  const emails = [...new Set([inspector.email, ...staff.map((row) => row.email)].filter((email) => email !== ''))];
  return { companyKey: inspector.companyKey, inspectorName: inspector.name, emails };
}

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The company's offices that take bookings, in the document's order. */
export async function loadOffices(db: Executor, companyId: string) {
  return db
    .select({ id: t.offices.id, name: t.offices.name, timeZone: t.offices.timeZone, scheduling: t.offices.scheduling })
    .from(t.offices)
    .where(and(eq(t.offices.companyId, companyId), eq(t.offices.active, true)))
    .orderBy(asc(t.offices.position), asc(t.offices.id));
}

/** The office's working inspectors (an inspector member: only `onlyId`), best-ranked first. */
export async function loadOfficeInspectors(db: Executor, companyId: string, officeId: string, onlyId: number | null) {
  return db
    .select({
      id: t.inspectors.id,
      name: t.inspectors.display,
      weeklyHours: t.inspectors.weeklyHours,
      overrides: t.inspectors.overrides,
    })
    .from(t.inspectors)
    .where(
      and(
        eq(t.inspectors.companyId, companyId),
        eq(t.inspectors.officeId, officeId),
        eq(t.inspectors.active, true),
        isNull(t.inspectors.removedAt),
        ...(onlyId === null ? [] : [eq(t.inspectors.id, onlyId)]),
      ),
    )
    .orderBy(sql`${t.inspectors.preferredRank} asc nulls last`, asc(t.inspectors.display), asc(t.inspectors.id));
}

export interface ScheduleRow {
  inspectorId: number;
  kind: 'appointment' | 'hold';
  startMs: number;
  endMs: number;
  holdExpiresAt: Date | null;
  orderId: string;
  status: string;
  paid: boolean;
  address1: string;
  address2: string;
  city: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
  pricingSnapshot: Record<string, unknown> | null;
  bookedByName: string | null;
}

/**
 * The inspectors' booked appointments of confirmed orders and their live holds (unexpired at
 * `now`) that overlap [fromMs, toMs), soonest first. Every row is the company's own.
 */
export async function loadScheduleRows(
  db: Executor,
  companyId: string,
  inspectorIds: readonly number[],
  fromMs: number,
  toMs: number,
  now: Date,
): Promise<ScheduleRow[]> {
  if (inspectorIds.length === 0) return [];
  const range = sql`tstzrange(${new Date(fromMs).toISOString()}::timestamptz, ${new Date(toMs).toISOString()}::timestamptz)`;
  const rows = await db
    .select({
      inspectorId: t.appointments.inspectorId,
      kind: t.appointments.kind,
      startMs: sql<string>`extract(epoch from lower(${t.appointments.during})) * 1000`,
      endMs: sql<string>`extract(epoch from upper(${t.appointments.during})) * 1000`,
      holdExpiresAt: t.appointments.holdExpiresAt,
      orderId: t.orders.id,
      status: t.orders.status,
      paid: t.orders.paid,
      address1: t.orders.address1,
      address2: t.orders.address2,
      city: t.orders.city,
      postalCode: t.orders.postalCode,
      latitude: t.orders.latitude,
      longitude: t.orders.longitude,
      pricingSnapshot: t.orders.pricingSnapshot,
      bookedByName: t.orders.bookedByName,
    })
    .from(t.appointments)
    .innerJoin(t.orders, and(eq(t.orders.companyId, t.appointments.companyId), eq(t.orders.id, t.appointments.orderId)))
    .where(
      and(
        eq(t.appointments.companyId, companyId),
        inArray(t.appointments.inspectorId, [...inspectorIds]),
        sql`${t.appointments.during} && ${range}`,
        sql`((${t.appointments.kind} = 'appointment' and ${t.orders.status} = 'confirmed') or (${t.appointments.kind} = 'hold' and ${t.appointments.holdExpiresAt} > ${now.toISOString()}::timestamptz))`,
      ),
    )
    .orderBy(sql`lower(${t.appointments.during})`, asc(t.appointments.inspectorId));
  return rows.map((row) => ({ ...row, startMs: Number(row.startMs), endMs: Number(row.endMs) }));
}

/** The clients of some orders (the first client of each), by order id. */
export async function loadClientNames(
  db: Executor,
  companyId: string,
  orderIds: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: t.orderParties.orderId, person: t.orderParties.person })
    .from(t.orderParties)
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        inArray(t.orderParties.orderId, [...orderIds]),
        eq(t.orderParties.role, 'client'),
      ),
    )
    .orderBy(asc(t.orderParties.position));
  const clients = new Map<string, Record<string, unknown>>();
  for (const row of rows)
    if (!clients.has(row.orderId)) clients.set(row.orderId, row.person as Record<string, unknown>);
  return clients;
}

/** Every working inspector of the company's offices that take bookings (an inspector member: `onlyId`), by office then rank. */
export async function loadCompanyInspectors(db: Executor, companyId: string, onlyId: number | null) {
  return db
    .select({ id: t.inspectors.id, name: t.inspectors.display, officeId: t.offices.id, officeName: t.offices.name })
    .from(t.inspectors)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.inspectors.companyId), eq(t.offices.id, t.inspectors.officeId)))
    .where(
      and(
        eq(t.inspectors.companyId, companyId),
        eq(t.inspectors.active, true),
        isNull(t.inspectors.removedAt),
        eq(t.offices.active, true),
        ...(onlyId === null ? [] : [eq(t.inspectors.id, onlyId)]),
      ),
    )
    .orderBy(
      asc(t.offices.position),
      sql`${t.inspectors.preferredRank} asc nulls last`,
      asc(t.inspectors.display),
      asc(t.inspectors.id),
    );
}

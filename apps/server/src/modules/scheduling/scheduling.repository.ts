import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Inspector, Office } from '@scheduler/contracts/company-document';
import type { BusyInterval } from '@scheduler/domain/availability/engine';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

export interface SchedulingContext {
  office: Pick<Office, 'time_zone' | 'scheduling'>;
  inspectors: Inspector[];
  settings: Array<{ key: string; value: string | number | boolean | null }>;
}

/** The office's calendar rules, its working inspectors and the company settings. */
export async function loadSchedulingContext(db: Executor, companyId: string, officeId: string): Promise<SchedulingContext | null> {
  const [row] = await db
    .select({ timeZone: t.offices.timeZone, scheduling: t.offices.scheduling, settings: t.companies.settings })
    .from(t.offices)
    .innerJoin(t.companies, eq(t.companies.id, t.offices.companyId))
    .where(and(eq(t.offices.companyId, companyId), eq(t.offices.id, officeId)));
  if (!row) return null;
  const inspectors = await db
    .select()
    .from(t.inspectors)
    .where(and(eq(t.inspectors.companyId, companyId), eq(t.inspectors.officeId, officeId), eq(t.inspectors.active, true), isNull(t.inspectors.removedAt)))
    .orderBy(asc(t.inspectors.id));
  return {
    office: { time_zone: row.timeZone, scheduling: row.scheduling as Office['scheduling'] },
    settings: row.settings,
    inspectors: inspectors.map((i) => ({
      id: i.id,
      office: i.officeId,
      first: i.first,
      last: i.last,
      display: i.display,
      email: i.email,
      phone: i.phone,
      active: i.active,
      preferred_rank: i.preferredRank,
      services: i.services,
      max_inspections_per_day: i.maxInspectionsPerDay,
      home_base: { latitude: i.homeLatitude, longitude: i.homeLongitude, postal_code: i.homePostalCode },
      max_drive_miles: i.maxDriveMiles,
      postal_codes: i.postalCodes,
      postal_codes_by_weekday: i.postalCodesByWeekday,
      weekly_hours: i.weeklyHours as Inspector['weekly_hours'],
      overrides: i.overrides,
    })),
  };
}

/** "[2027-03-01 14:00:00+00,2027-03-01 17:00:00+00)" -> [start, end) in ms. */
function parseRange(range: string): [number, number] {
  const [lower, upper] = range.slice(1, -1).split(',').map((part) => part.trim().replace(/^"|"$/g, ''));
  const toMs = (text: string) => Date.parse(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return [toMs(lower!), toMs(upper!)];
}

export function rangeOf(start: number, end: number): string {
  return `[${new Date(start).toISOString()},${new Date(end).toISOString()})`;
}

/**
 * The inspectors' appointments and live holds that touch [from, to), with where each takes place
 * when its order has an address. The asking order's own holds are left out: a visitor never
 * competes with their own hold.
 */
export async function loadBusyIntervals(
  db: Executor,
  companyId: string,
  inspectorIds: number[],
  from: number,
  to: number,
  ownOrderId: string,
  now: Date,
): Promise<BusyInterval[]> {
  if (inspectorIds.length === 0) return [];
  const rows = await db
    .select({ inspectorId: t.appointments.inspectorId, during: t.appointments.during, latitude: t.orders.latitude, longitude: t.orders.longitude })
    .from(t.appointments)
    .innerJoin(t.orders, and(eq(t.orders.companyId, t.appointments.companyId), eq(t.orders.id, t.appointments.orderId)))
    .where(
      and(
        eq(t.appointments.companyId, companyId),
        inArray(t.appointments.inspectorId, inspectorIds),
        sql`${t.appointments.during} && tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz)`,
        or(eq(t.appointments.kind, 'appointment'), and(gt(t.appointments.holdExpiresAt, now), ne(t.appointments.orderId, ownOrderId))),
      ),
    );
  return rows.map((row) => {
    const [start, end] = parseRange(row.during);
    const location = row.latitude !== null && row.longitude !== null && !(row.latitude === 0 && row.longitude === 0) ? { latitude: row.latitude, longitude: row.longitude } : null;
    return { inspectorId: row.inspectorId, start, end, location };
  });
}

/** Durations of the catalogue items in a cart. */
export async function loadCartDurations(db: Executor, companyId: string, packageIds: number[], serviceIds: string[]) {
  const [packages, packageServices, services] = await Promise.all([
    packageIds.length ? db.select({ id: t.packages.id, durationMinutes: t.packages.durationMinutes }).from(t.packages).where(and(eq(t.packages.companyId, companyId), inArray(t.packages.id, packageIds))) : [],
    packageIds.length
      ? db.select({ packageId: t.packageServices.packageId, serviceId: t.packageServices.serviceId }).from(t.packageServices).where(and(eq(t.packageServices.companyId, companyId), inArray(t.packageServices.packageId, packageIds)))
      : [],
    db.select({ id: t.services.id, durationMinutes: t.services.durationMinutes }).from(t.services).where(eq(t.services.companyId, companyId)),
  ]);
  return { packages, packageServices, services };
}

/**
 * Replaces the order's hold with one per inspector, in one transaction. Expired holds of those
 * inspectors are cleared first, since the exclusion constraint cannot see expiry. Throws the
 * database's exclusion violation (23P01) when another booking got there first.
 */
export async function replaceHold(
  db: Executor,
  hold: { companyId: string; officeId: string; orderId: string; inspectorIds: number[]; start: number; end: number; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .delete(t.appointments)
    .where(
      and(
        eq(t.appointments.companyId, hold.companyId),
        eq(t.appointments.kind, 'hold'),
        or(eq(t.appointments.orderId, hold.orderId), and(inArray(t.appointments.inspectorId, hold.inspectorIds), lte(t.appointments.holdExpiresAt, hold.now))),
      ),
    );
  await db.insert(t.appointments).values(
    hold.inspectorIds.map((inspectorId) => ({
      companyId: hold.companyId,
      officeId: hold.officeId,
      orderId: hold.orderId,
      inspectorId,
      kind: 'hold' as const,
      during: rangeOf(hold.start, hold.end),
      holdExpiresAt: hold.expiresAt,
    })),
  );
}

export async function releaseHold(db: Executor, companyId: string, orderId: string): Promise<void> {
  await db.delete(t.appointments).where(and(eq(t.appointments.companyId, companyId), eq(t.appointments.orderId, orderId), eq(t.appointments.kind, 'hold')));
}

export async function countHolds(db: Executor, companyId: string, inspectorIds: number[], start: number, end: number): Promise<number> {
  const rows = await db
    .select({ id: t.appointments.id })
    .from(t.appointments)
    .where(
      and(
        eq(t.appointments.companyId, companyId),
        inArray(t.appointments.inspectorId, inspectorIds),
        sql`${t.appointments.during} && tstzrange(${new Date(start).toISOString()}::timestamptz, ${new Date(end).toISOString()}::timestamptz)`,
      ),
    );
  return rows.length;
}

import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Inspector, Office } from '@scheduler/contracts/company-document';
import type { BusyInterval } from '@scheduler/domain/availability/engine';
import type { Executor } from '../../db/connection.ts';
import { inspectorFromRow } from '../../db/document-rows.ts';
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
    inspectors: inspectors.map(inspectorFromRow),
  };
}

export function rangeOf(start: number, end: number): string {
  return `[${new Date(start).toISOString()},${new Date(end).toISOString()})`;
}

/**
 * The inspectors' appointments and live holds that touch [from, to), with where each takes place
 * when its order has an address. The asking order's own holds are left out: a visitor never
 * competes with their own hold. The rows come back as one JSON array: on the embedded database,
 * converting thousands of rows one by one costs more than the query.
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
  // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(
      a.inspector_id,
      extract(epoch from lower(a.during)) * 1000,
      extract(epoch from upper(a.during)) * 1000,
      o.latitude,
      o.longitude)), '[]')::text as busy
    from ${t.appointments} a
    join ${t.orders} o on o.company_id = a.company_id and o.id = a.order_id
    where a.company_id = ${companyId}
      and a.inspector_id = any(${`{${inspectorIds.join(',')}}`}::int[])
      and a.during && tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz)
      and (a.kind = 'appointment' or (a.hold_expires_at > ${now.toISOString()}::timestamptz and a.order_id <> ${ownOrderId}))`)) as unknown as { rows: Array<{ busy: string }> };
  const rows = JSON.parse(result.rows[0]?.busy ?? '[]') as Array<[number, number, number, number | null, number | null]>;
  return rows.map(([inspectorId, start, end, latitude, longitude]) => ({
    inspectorId,
    start,
    end,
    location: latitude !== null && longitude !== null && !(latitude === 0 && longitude === 0) ? { latitude, longitude } : null,
  }));
}

/** The order's fields that scheduling reads. */
export async function loadOrderForScheduling(db: Executor, companyId: string, orderId: string) {
  const [row] = await db
    .select({
      id: t.orders.id,
      datetime: t.orders.datetime,
      durationMinutes: t.orders.durationMinutes,
      inspectors: t.orders.inspectors,
      postalCode: t.orders.postalCode,
      latitude: t.orders.latitude,
      longitude: t.orders.longitude,
      packageIds: t.orders.packageIds,
      serviceIds: t.orders.serviceIds,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return row ?? null;
}

/** Durations of the catalogue items in a cart. */
export async function loadCartDurations(db: Executor, companyId: string, packageIds: number[]) {
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

import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Inspector, Office } from '@scheduler/contracts/company-document';
import type { BusyInterval } from '@scheduler/domain/availability/engine';
import type { LatLng } from '@scheduler/domain/availability/geo';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { overridesWithTimeOff, type TimeOffBlock } from '@scheduler/domain/schedule/time-off';
import type { Executor } from '../../db/connection.ts';
import { inspectorFromRow } from '../../db/document-rows.ts';
import type { CatalogueDurations } from '@scheduler/domain/pricing/duration';
import * as t from '../../db/schema.ts';

export interface SchedulingContext {
  office: Pick<Office, 'time_zone' | 'scheduling'>;
  inspectors: Inspector[];
  settings: Array<{ key: string; value: string | number | boolean | null }>;
  /** The company's country, which decides how postal codes read. */
  country: string;
}

/**
 * The office's scheduling rules and working inspectors, their hours less their time off over every
 * date the wizard may offer from `today` (a UTC date; a day either side covers any office zone).
 */
export async function loadSchedulingContext(
  db: Executor,
  companyId: string,
  officeId: string,
  today: string,
): Promise<SchedulingContext | null> {
  const [row] = await db
    .select({
      timeZone: t.offices.timeZone,
      scheduling: t.offices.scheduling,
      settings: t.companies.settings,
      country: t.companies.country,
    })
    .from(t.offices)
    .innerJoin(t.companies, eq(t.companies.id, t.offices.companyId))
    .where(and(eq(t.offices.companyId, companyId), eq(t.offices.id, officeId)));
  if (!row) return null;
  const inspectors = await db
    .select()
    .from(t.inspectors)
    .where(
      and(
        eq(t.inspectors.companyId, companyId),
        eq(t.inspectors.officeId, officeId),
        eq(t.inspectors.active, true),
        isNull(t.inspectors.removedAt),
      ),
    )
    .orderBy(asc(t.inspectors.id));
  const scheduling = row.scheduling as Office['scheduling'];
  const timeOff = await loadTimeOff(
    db,
    companyId,
    inspectors.map((inspector) => inspector.id),
    addDays(today, -1),
  );
  const window = { from: addDays(today, -1), to: addDays(today, scheduling.booking_horizon_days + 1) };
  return {
    office: { time_zone: row.timeZone, scheduling },
    settings: row.settings,
    country: row.country,
    inspectors: inspectors.map((inspector) => {
      const blocks = timeOff.filter((block) => block.inspectorId === inspector.id);
      return blocks.length
        ? { ...inspectorFromRow(inspector), overrides: overridesWithTimeOff(inspector, blocks, window) }
        : inspectorFromRow(inspector);
    }),
  };
}

/** The time off of some inspectors that is not over before `fromDate`, as the domain reads it. */
export async function loadTimeOff(
  db: Executor,
  companyId: string,
  inspectorIds: readonly number[],
  fromDate: string,
): Promise<Array<TimeOffBlock & { inspectorId: number }>> {
  if (inspectorIds.length === 0) return [];
  const rows = await db
    .select()
    .from(t.inspectorTimeOff)
    .where(
      and(
        eq(t.inspectorTimeOff.companyId, companyId),
        inArray(t.inspectorTimeOff.inspectorId, [...inspectorIds]),
        gte(t.inspectorTimeOff.toDate, fromDate),
      ),
    );
  return rows.map((row) => ({
    inspectorId: row.inspectorId,
    from_date: row.fromDate,
    to_date: row.toDate,
    weekdays: row.weekdays ?? null,
    start_time: row.startTime,
    end_time: row.endTime,
  }));
}

export function rangeOf(start: number, end: number): string {
  return `[${new Date(start).toISOString()},${new Date(end).toISOString()})`;
}

/** An address's coordinates, when it has real ones (0,0 is what a failed geocode leaves behind). */
export function coordinatesOf(latitude: number | null, longitude: number | null): LatLng | null {
  return latitude !== null && longitude !== null && !(latitude === 0 && longitude === 0)
    ? { latitude, longitude }
    : null;
}

/** One appointment or hold, as the engine needs it plus what decides whether it counts for a request. */
export interface Commitment extends BusyInterval {
  /** "" for busy time synced from the inspector's own calendar (`timeOff`), which belongs to no order. */
  orderId: string;
  /** The order's postal code: where it takes place when its address has no coordinates. */
  postalCode: string;
  /** Epoch ms; null for a confirmed appointment. */
  holdExpiresAt: number | null;
}

/**
 * The inspectors' appointments and holds (live or not) that touch [from, to), ordered by start,
 * with where each takes place when its order has an address (the copy each row carries). The rows come back as one JSON
 * array: on the embedded database, converting thousands of rows one by one costs more than the query.
 */
export async function loadCommitments(
  db: Executor,
  companyId: string,
  inspectorIds: number[],
  from: number,
  to: number,
): Promise<Commitment[]> {
  if (inspectorIds.length === 0) return [];
  const ids = `{${inspectorIds.join(',')}}`;
  const range = sql`tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz)`;
  // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(
      c.inspector_id, c.start_ms, c.end_ms, c.latitude, c.longitude, c.order_id, c.hold_ms, c.postal_code, c.time_off)
      order by c.start_ms), '[]')::text as busy
    from (
      select a.inspector_id,
        extract(epoch from lower(a.during)) * 1000 as start_ms,
        extract(epoch from upper(a.during)) * 1000 as end_ms,
        a.latitude, a.longitude, a.order_id::text as order_id,
        extract(epoch from a.hold_expires_at) * 1000 as hold_ms,
        a.postal_code, false as time_off
      -- Each row carries its order's place (migration 0053, decision 0108): the window's rows alone
      -- are read, not each one's order as well.
      from ${t.appointments} a
      where a.company_id = ${companyId}
        and a.inspector_id = any(${ids}::int[])
        and a.during && ${range}
      union all
      -- The inspectors' own calendars' busy time (decision 0089): time off of no order and no
      -- place, so it never counts as a neighbour's drive or toward a postal code's day.
      select b.inspector_id,
        extract(epoch from lower(b.during)) * 1000,
        extract(epoch from upper(b.during)) * 1000,
        null::double precision, null::double precision, '', null::numeric, '', true
      from ${t.calendarBusy} b
      where b.company_id = ${companyId}
        and b.inspector_id = any(${ids}::int[])
        and b.during && ${range}
    ) c`)) as unknown as {
    rows: Array<{ busy: string }>;
  };
  const rows = JSON.parse(result.rows[0]?.busy ?? '[]') as Array<
    [number, number, number, number | null, number | null, string, number | null, string, boolean]
  >;
  return rows.map(([inspectorId, start, end, latitude, longitude, orderId, holdExpiresAt, postalCode, timeOff]) =>
    timeOff
      ? { inspectorId, start, end, location: null, orderId, holdExpiresAt, postalCode, timeOff }
      : {
          inspectorId,
          start,
          end,
          location: coordinatesOf(latitude, longitude),
          orderId,
          holdExpiresAt,
          postalCode,
        },
  );
}

/**
 * What keeps an inspector busy for one order's request at `now`: every other order's appointments
 * and live holds. The order's own never count: a visitor does not compete with their own hold,
 * nor a booking being moved with its own time (the database lets an order's rows overlap).
 */
export function busyFor(
  commitments: readonly Commitment[],
  ownOrderId: string,
  now: number,
  from: number,
  to: number,
): BusyInterval[] {
  return commitments.filter(
    (c) =>
      c.end > from && c.start < to && c.orderId !== ownOrderId && (c.holdExpiresAt === null || c.holdExpiresAt > now),
  );
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
      /** Set on an order the office books by phone (issue 25). */
      bookedByUserId: t.orders.bookedByUserId,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return row ?? null;
}

export async function loadCatalogueDurations(db: Executor, companyId: string): Promise<CatalogueDurations> {
  const [packages, packageServices, services] = await Promise.all([
    db
      .select({ id: t.packages.id, durationMinutes: t.packages.durationMinutes })
      .from(t.packages)
      .where(eq(t.packages.companyId, companyId)),
    db
      .select({ packageId: t.packageServices.packageId, serviceId: t.packageServices.serviceId })
      .from(t.packageServices)
      .where(eq(t.packageServices.companyId, companyId)),
    db
      .select({ id: t.services.id, durationMinutes: t.services.durationMinutes, isPac: t.services.isPac })
      .from(t.services)
      .where(eq(t.services.companyId, companyId)),
  ]);
  return {
    services: new Map(services.map((s) => [s.id, s.durationMinutes])),
    payment: new Set(services.filter((s) => s.isPac).map((s) => s.id)),
    packages: new Map(
      packages.map((p) => [
        p.id,
        {
          durationMinutes: p.durationMinutes,
          serviceIds: packageServices.filter((ps) => ps.packageId === p.id).map((ps) => ps.serviceId),
        },
      ]),
    ),
  };
}

/**
 * What an order's commitment of its inspectors says: a hold that lapses at `expiresAt` (set_datetime),
 * or the booked appointment (confirm). Nothing else tells them apart.
 */
export type CommitmentTerms = { kind: 'hold'; expiresAt: Date } | { kind: 'appointment' };

/**
 * Commits the order's inspectors to [start, end), one row per inspector, in the caller's
 * transaction: the one insert of holds and appointments alike. The order's own holds go first,
 * and so do those inspectors' lapsed holds, which the exclusion constraint cannot see expire
 * (decision 0003). Throws the database's exclusion violation (23P01, `isOverlapViolation`) when
 * another booking or live hold has the time.
 */
export async function commitInspectors(
  db: Executor,
  commitment: {
    companyId: string;
    officeId: string;
    orderId: string;
    inspectorIds: number[];
    start: number;
    end: number;
    now: Date;
    terms: CommitmentTerms;
  },
): Promise<void> {
  await clearHoldsBeforeBooking(db, commitment);
  const { terms } = commitment;
  const during = rangeOf(commitment.start, commitment.end);
  await db.insert(t.appointments).values(
    commitment.inspectorIds.map((inspectorId) => ({
      companyId: commitment.companyId,
      officeId: commitment.officeId,
      orderId: commitment.orderId,
      inspectorId,
      kind: terms.kind,
      during,
      holdExpiresAt: terms.kind === 'hold' ? terms.expiresAt : null,
    })),
  );
}

/** The database's exclusion violation (SQLSTATE 23P01), however the driver wraps it: another booking took the time first. */
export function isOverlapViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function releaseHold(db: Executor, companyId: string, orderId: string): Promise<void> {
  await db
    .delete(t.appointments)
    .where(
      and(
        eq(t.appointments.companyId, companyId),
        eq(t.appointments.orderId, orderId),
        eq(t.appointments.kind, 'hold'),
      ),
    );
}

/**
 * Before an order books its inspectors (a hold or, on confirm, the appointments): its own holds
 * go, and so do those inspectors' lapsed holds, which the exclusion constraint cannot see expire.
 */
async function clearHoldsBeforeBooking(
  db: Executor,
  booking: { companyId: string; orderId: string; inspectorIds: number[]; now: Date },
): Promise<void> {
  await db
    .delete(t.appointments)
    .where(
      and(
        eq(t.appointments.companyId, booking.companyId),
        eq(t.appointments.kind, 'hold'),
        or(
          eq(t.appointments.orderId, booking.orderId),
          and(
            inArray(t.appointments.inspectorId, booking.inspectorIds),
            lte(t.appointments.holdExpiresAt, booking.now),
          ),
        ),
      ),
    );
}

/** Every row of the order, booked or held: a cancellation frees its time, a reschedule its old one. */
export async function releaseOrderTime(tx: Executor, companyId: string, orderId: string): Promise<void> {
  await tx
    .delete(t.appointments)
    .where(and(eq(t.appointments.companyId, companyId), eq(t.appointments.orderId, orderId)));
}

/** The order's live hold (a reschedule's new time being confirmed): its start, end and inspectors; null when none. */
export async function loadLiveHold(
  db: Executor,
  companyId: string,
  orderId: string,
  now: Date,
): Promise<{ start: number; end: number; inspectorIds: number[] } | null> {
  const result = (await db.execute(sql`
    select a.inspector_id, extract(epoch from lower(a.during)) * 1000 as start_ms, extract(epoch from upper(a.during)) * 1000 as end_ms
    from ${t.appointments} a
    where a.company_id = ${companyId} and a.order_id = ${orderId} and a.kind = 'hold' and a.hold_expires_at > ${now.toISOString()}::timestamptz
    order by a.inspector_id`)) as unknown as {
    rows: Array<{ inspector_id: number; start_ms: string | number; end_ms: string | number }>;
  };
  const [first] = result.rows;
  if (!first) return null;
  return {
    start: Number(first.start_ms),
    end: Number(first.end_ms),
    inspectorIds: result.rows.map((row) => row.inspector_id),
  };
}

/** The services' names (HTML, as the catalogue keeps them), by id. */
export async function loadServiceLabels(
  db: Executor,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: t.services.id, label: t.services.name })
    .from(t.services)
    .where(and(eq(t.services.companyId, companyId), inArray(t.services.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.label]));
}

/** The company's offices that take bookings, in the console's order. */
export async function loadActiveOfficeIds(db: Executor, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: t.offices.id })
    .from(t.offices)
    .where(and(eq(t.offices.companyId, companyId), eq(t.offices.active, true)))
    .orderBy(asc(t.offices.position), asc(t.offices.id));
  return rows.map((row) => row.id);
}

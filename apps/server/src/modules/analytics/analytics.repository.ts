import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/connection.ts';
import type { FunnelStep } from '@scheduler/contracts/analytics';
import * as t from '../../db/schema.ts';

/** Any fixed number, apart from the migrations' and the imports' locks: the space of the event cap's locks. */
const EVENTS_LOCK_SPACE = 727_027;

/** Where a session's events belong: its company, office and order. */
export interface EventOwner {
  companyId: string;
  officeId: string;
  orderId: string;
}

export interface EventRow {
  name: string;
  step: string | null;
  data: Record<string, unknown>;
}

/**
 * Stores as many of `events` as keep the order at `max` events or fewer, dropping the rest; how
 * many were stored. The order's lock makes two batches of one session count one after the other,
 * so the cap holds exactly even when the wizard sends them at once.
 */
export async function insertEventsUpTo(
  db: Database,
  owner: EventOwner,
  events: readonly EventRow[],
  at: Date,
  max: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(EVENTS_LOCK_SPACE))}, hashtext(${owner.orderId}))`,
    );
    const [stored] = await tx
      .select({ n: count() })
      .from(t.funnelEvents)
      .where(and(eq(t.funnelEvents.orderId, owner.orderId), eq(t.funnelEvents.companyId, owner.companyId)));
    const kept = events.slice(0, Math.max(0, max - Number(stored?.n ?? 0)));
    if (kept.length === 0) return 0;
    await tx.insert(t.funnelEvents).values(kept.map((event) => ({ ...owner, ...event, createdAt: at })));
    return kept.length;
  });
}

export interface FunnelCompany {
  id: string;
  key: string;
  settings: (typeof t.companies.$inferSelect)['settings'];
}

export async function findFunnelCompany(db: Executor, key: string): Promise<FunnelCompany | null> {
  const [row] = await db
    .select({ id: t.companies.id, key: t.companies.key, settings: t.companies.settings })
    .from(t.companies)
    .where(eq(t.companies.key, key));
  return row ?? null;
}

/** Whether the company asks any property questions: without them the wizard skips property info. */
export async function hasPropertyQuestions(db: Executor, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(t.propertyControls)
    .where(eq(t.propertyControls.companyId, companyId));
  return Number(row?.n ?? 0) > 0;
}

export interface FunnelOffice {
  id: string;
  name: string;
  timeZone: string;
}

/** The company's active offices (or the one named), in the company's order. */
export async function activeOffices(db: Executor, companyId: string, officeId?: string): Promise<FunnelOffice[]> {
  const conditions: SQL[] = [eq(t.offices.companyId, companyId), eq(t.offices.active, true)];
  if (officeId !== undefined) conditions.push(eq(t.offices.id, officeId));
  return db
    .select({ id: t.offices.id, name: t.offices.name, timeZone: t.offices.timeZone })
    .from(t.offices)
    .where(and(...conditions))
    .orderBy(asc(t.offices.position), asc(t.offices.id));
}

/** Office-local dates, both included. */
export interface LocalSpan {
  from: string;
  to: string;
}

/** The day an order's session started, on its office's calendar. */
export const startDay = sql<string>`to_char((${t.orders.createdAt} at time zone ${t.offices.timeZone})::date, 'YYYY-MM-DD')`;

/** Where the session came from: its link's utm_source; null for none (issue 42). */
export const source = sql<string | null>`${t.orders.attribution}->>'utm_source'`;

/**
 * The sessions of these offices that started within the span on each office's own calendar.
 * Every order is a session's (the session's start creates it as a draft), visitors' and the
 * office's phone bookings alike. The bounds are instants per office, and a day wider in UTC so
 * that an index serves them.
 */
function startedWithin(companyId: string, officeIds: string[], span: LocalSpan): SQL {
  return and(
    eq(t.orders.companyId, companyId),
    inArray(t.orders.officeId, officeIds),
    sql`${t.orders.createdAt} >= (${span.from}::date::timestamp at time zone ${t.offices.timeZone})`,
    sql`${t.orders.createdAt} < ((${span.to}::date + 1)::timestamp at time zone ${t.offices.timeZone})`,
    // The same span a day wider either side in UTC (offsets run from -12 to +14 hours): bounds
    // that name no office, so the (company, office, created) index bounds the rows read whatever
    // order the planner joins the offices in.
    sql`${t.orders.createdAt} >= ((${span.from}::date - 1)::timestamp at time zone 'UTC')`,
    sql`${t.orders.createdAt} < ((${span.to}::date + 2)::timestamp at time zone 'UTC')`,
  )!;
}

/** The order's own company's `step_viewed` events. */
export const stepViewsOfOrder = and(
  eq(t.funnelEvents.companyId, t.orders.companyId),
  eq(t.funnelEvents.orderId, t.orders.id),
  eq(t.funnelEvents.name, 'step_viewed'),
);

export const officeOfOrder = and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId));

const rollUpOfOrder = and(
  eq(t.funnelRollUps.companyId, t.orders.companyId),
  eq(t.funnelRollUps.officeId, t.orders.officeId),
);

/**
 * An order not yet rolled up (decision 0075): those before its office's `rolled_before` are
 * counted in `funnel_days` instead, their events pruned since.
 */
const notRolledUp = sql`(${t.funnelRollUps.rolledBefore} is null or ${t.orders.createdAt} >= ${t.funnelRollUps.rolledBefore})`;

/** The rolled-up rows of these offices whose day lies within the span. */
function rolledWithin(
  table: typeof t.funnelDays | typeof t.funnelDaySteps,
  companyId: string,
  officeIds: string[],
  span: LocalSpan,
): SQL {
  return and(
    eq(table.companyId, companyId),
    inArray(table.officeId, officeIds),
    gte(table.day, span.from),
    lte(table.day, span.to),
  )!;
}

/** A visitor's session: the office's phone bookings carry the member who booked (issue 25). */
export const byVisitor = sql`${t.orders.bookedByUserId} is null`;
export const isConfirmed = sql`${t.orders.confirmedAt} is not null`;

/**
 * Whether the wizard showed the order's session a step (`step`: that step) in a browser: its
 * `step_viewed` events, which the visitor's browser sends once the step is on screen. The order's
 * own company's events only; one index probe of the order's events.
 */
export function stepShown(step?: FunnelStep): SQL {
  return sql`exists (select 1 from ${t.funnelEvents} where ${t.funnelEvents.companyId} = ${t.orders.companyId}
    and ${t.funnelEvents.orderId} = ${t.orders.id} and ${t.funnelEvents.name} = 'step_viewed'
    and ${step === undefined ? sql`${t.funnelEvents.step} is not null` : sql`${t.funnelEvents.step} = ${step}`})`;
}

export const tally = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

export interface DayCounts {
  officeId: string;
  day: string;
  source: string | null;
  started: number;
  confirmed: number;
  bookedByPhone: number;
  bookedByApi: number;
}

/**
 * Per office, start day and source: the visits started (a step shown), those confirmed after the
 * review was shown (cancelled since included), and the sessions confirmed otherwise: by phone, or
 * without the review shown in a browser (a program driving the visitor API). A confirmed visit
 * therefore always counts as having reached the review.
 */
export async function sessionsByDay(
  db: Executor,
  companyId: string,
  officeIds: string[],
  span: LocalSpan,
): Promise<DayCounts[]> {
  if (officeIds.length === 0) return [];
  // The orders not rolled up yet and the rolled-up days in one statement: a roll-up committing
  // meanwhile moves counts from one to the other, never into both or neither.
  const rows = await db
    .select({
      officeId: t.orders.officeId,
      day: startDay,
      source,
      started: tally(sql`${byVisitor} and ${stepShown()}`),
      // Each probe of the events is written once, so that each runs once per order at most.
      confirmed: tally(sql`${byVisitor} and ${isConfirmed} and ${stepShown('review')}`),
      visitorsConfirmed: tally(sql`${byVisitor} and ${isConfirmed}`),
      bookedByPhone: tally(sql`not ${byVisitor} and ${isConfirmed}`),
    })
    .from(t.orders)
    .innerJoin(t.offices, officeOfOrder)
    .leftJoin(t.funnelRollUps, rollUpOfOrder)
    .where(and(startedWithin(companyId, officeIds, span), notRolledUp))
    .groupBy(t.orders.officeId, startDay, source)
    .unionAll(
      db
        .select({
          officeId: t.funnelDays.officeId,
          day: sql<string>`to_char(${t.funnelDays.day}::date, 'YYYY-MM-DD')`,
          source: t.funnelDays.source,
          started: t.funnelDays.started,
          confirmed: t.funnelDays.confirmed,
          visitorsConfirmed: sql<number>`${t.funnelDays.confirmed} + ${t.funnelDays.bookedByApi}`,
          bookedByPhone: t.funnelDays.bookedByPhone,
        })
        .from(t.funnelDays)
        .where(rolledWithin(t.funnelDays, companyId, officeIds, span)),
    );
  return rows.map(({ visitorsConfirmed, ...row }) => ({ ...row, bookedByApi: visitorsConfirmed - row.confirmed }));
}

export interface StepCounts {
  officeId: string;
  day: string;
  source: string | null;
  step: string;
  reached: number;
}

/** Per office, start day, source and step: the visitors' sessions that viewed the step at least once. */
export async function reachedByDay(
  db: Executor,
  companyId: string,
  officeIds: string[],
  span: LocalSpan,
): Promise<StepCounts[]> {
  if (officeIds.length === 0) return [];
  const rows = await db
    .select({
      officeId: t.orders.officeId,
      day: startDay,
      source,
      step: t.funnelEvents.step,
      reached: sql<number>`count(distinct ${t.orders.id})::int`,
    })
    .from(t.orders)
    .innerJoin(t.offices, officeOfOrder)
    .innerJoin(t.funnelEvents, stepViewsOfOrder)
    .leftJoin(t.funnelRollUps, rollUpOfOrder)
    .where(and(startedWithin(companyId, officeIds, span), byVisitor, notRolledUp))
    .groupBy(t.orders.officeId, startDay, source, t.funnelEvents.step)
    .unionAll(
      db
        .select({
          officeId: t.funnelDaySteps.officeId,
          day: sql<string>`to_char(${t.funnelDaySteps.day}::date, 'YYYY-MM-DD')`,
          source: t.funnelDaySteps.source,
          step: t.funnelDaySteps.step,
          reached: t.funnelDaySteps.reached,
        })
        .from(t.funnelDaySteps)
        .where(rolledWithin(t.funnelDaySteps, companyId, officeIds, span)),
    );
  return rows.flatMap((row) => (row.step === null ? [] : [{ ...row, step: row.step }]));
}

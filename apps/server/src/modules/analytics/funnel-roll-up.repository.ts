import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import {
  byVisitor,
  isConfirmed,
  officeOfOrder,
  source,
  startDay,
  stepShown,
  stepViewsOfOrder,
  tally,
} from './analytics.repository.ts';

/**
 * The funnel's roll-up (issue 49, decision 0075): an office's sessions folded, one office-local
 * day at a time, into `funnel_days` and `funnel_day_steps`, and its `rolled_before` moved past
 * them in the same transaction, so that a day is counted once however often, and however many
 * instances at once, the roll-up runs.
 */

/** Any fixed number, apart from the other advisory locks' spaces: the roll-up's, one lock per office. */
const ROLL_UP_LOCK_SPACE = 727_049;

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * The midnight on the office's calendar that starts the day holding `keepDays` days before `now`:
 * the days before it are whole and at least that old.
 */
const rollUpTarget = (timeZone: SQL | string, now: Date, keepDays: number) =>
  sql`(date_trunc('day', (${at(now)} - make_interval(days => ${keepDays}::int)) at time zone ${timeZone}) at time zone ${timeZone})`;

export interface RollUpOffice {
  companyId: string;
  officeId: string;
  timeZone: string;
}

/** Every office whose funnel is not rolled up to its target yet, every company's: a maintenance read. */
export async function officesToRollUp(db: Executor, now: Date, keepDays: number): Promise<RollUpOffice[]> {
  return db
    .select({ companyId: t.offices.companyId, officeId: t.offices.id, timeZone: t.offices.timeZone })
    .from(t.offices)
    .leftJoin(
      t.funnelRollUps,
      and(eq(t.funnelRollUps.companyId, t.offices.companyId), eq(t.funnelRollUps.officeId, t.offices.id)),
    )
    .where(
      sql`${t.funnelRollUps.rolledBefore} is null or ${t.funnelRollUps.rolledBefore} < ${rollUpTarget(sql`${t.offices.timeZone}`, now, keepDays)}`,
    )
    .orderBy(t.offices.companyId, t.offices.id);
}

interface RowsOf<T> {
  rows: T[];
}

const instantOf = (value: Date | string | null | undefined): Date | null =>
  value === null || value === undefined ? null : new Date(value);

/** The office's orders started within [from, until): the sessions a roll-up step folds. */
function startedBetween(office: RollUpOffice, from: Date, until: Date): SQL {
  return and(
    eq(t.orders.companyId, office.companyId),
    eq(t.orders.officeId, office.officeId),
    gte(t.orders.createdAt, from),
    lt(t.orders.createdAt, until),
  )!;
}

/** The midnight on the office's calendar that starts the day of `instant`, or the one after it (`then`: 1). */
const midnightOf = (instant: SQL, timeZone: string, then: 0 | 1 = 0) =>
  sql`((date_trunc('day', ${instant} at time zone ${timeZone}) + make_interval(days => ${then}::int)) at time zone ${timeZone})`;

/**
 * Folds the office's next days due into the roll-up, in one short transaction: from the day of its
 * first order not rolled up, whole days holding about `orders` orders (the day of the last of them
 * folded whole), up to the target. Answers how many orders it folded, or null when there is
 * nothing to fold: the office is rolled up to its target, or its first day due holds a draft whose
 * session is still alive (its visitor may still view steps and confirm, so that day and those
 * after it wait for the session to end; the days before it are folded).
 *
 * Several days a transaction, not one (decision 0100): a database that never pruned has two years
 * of an office's days to fold, and at one a transaction the first run on the measure's database
 * was about 700,000 transactions of ten statements, over an hour.
 */
export async function rollUpNextDays(
  db: Database,
  office: RollUpOffice,
  now: Date,
  keepDays: number,
  orders: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(ROLL_UP_LOCK_SPACE))}, hashtext(${office.officeId}))`,
    );
    const bounds = (await tx.execute(sql`
      select r.rolled_before as "rolledBefore", ${rollUpTarget(office.timeZone, now, keepDays)} as target
      from (select 1) one
      left join ${t.funnelRollUps} r on r.company_id = ${office.companyId} and r.office_id = ${office.officeId}`)) as unknown as RowsOf<{
      rolledBefore: Date | string | null;
      target: Date | string;
    }>;
    const rolledBefore = instantOf(bounds.rows[0]!.rolledBefore);
    const target = instantOf(bounds.rows[0]!.target)!;
    if (rolledBefore !== null && rolledBefore.getTime() >= target.getTime()) return null;

    const due = sql`company_id = ${office.companyId} and office_id = ${office.officeId}
        and created_at < ${at(target)} ${rolledBefore === null ? sql`` : sql`and created_at >= ${at(rolledBefore)}`}`;
    // The first order due, and the last of the `orders` first ones: the span ends with its day.
    const span = (await tx.execute(sql`
      select (select min(created_at) from ${t.orders} where ${due}) as first,
        (select created_at from ${t.orders} where ${due} order by created_at
          offset ${Math.max(1, Math.floor(orders)) - 1} limit 1) as last`)) as unknown as RowsOf<{
      first: Date | string | null;
      last: Date | string | null;
    }>;
    const firstOrder = instantOf(span.rows[0]?.first);
    if (firstOrder === null) {
      await moveRolledBefore(tx, office, target, now);
      return 0;
    }
    const lastOrder = instantOf(span.rows[0]?.last);
    const ends = (await tx.execute(sql`
      select ${midnightOf(at(firstOrder), office.timeZone)} as "firstDay",
        ${lastOrder === null ? at(target) : sql`least(${midnightOf(at(lastOrder), office.timeZone, 1)}, ${at(target)})`} as until`)) as unknown as RowsOf<{
      firstDay: Date | string;
      until: Date | string;
    }>;
    const from = rolledBefore ?? firstOrder;
    const firstDay = instantOf(ends.rows[0]!.firstDay)!;
    let until = instantOf(ends.rows[0]!.until)!;

    // The first draft of the span whose visitor is still about: its day and the days after it wait.
    const [alive] = await tx
      .select({ startedAt: t.orders.createdAt })
      .from(t.orders)
      .innerJoin(t.sessions, and(eq(t.sessions.companyId, t.orders.companyId), eq(t.sessions.orderId, t.orders.id)))
      .where(
        and(
          startedBetween(office, from, until),
          eq(t.orders.status, 'draft'),
          sql`${t.sessions.expiresAt} > ${at(now)}`,
        ),
      )
      .orderBy(t.orders.createdAt)
      .limit(1);
    if (alive) {
      const aliveDay = (await tx.execute(
        sql`select ${midnightOf(at(alive.startedAt), office.timeZone)} as day`,
      )) as unknown as RowsOf<{ day: Date | string }>;
      until = instantOf(aliveDay.rows[0]!.day)!;
      if (until.getTime() <= firstDay.getTime()) return null;
    }

    const folded = await foldSessions(tx, office, from, until);
    await foldSteps(tx, office, from, until);
    await moveRolledBefore(tx, office, until, now);
    return folded;
  });
}

async function moveRolledBefore(db: Executor, office: RollUpOffice, until: Date, now: Date): Promise<void> {
  await db
    .insert(t.funnelRollUps)
    .values({ companyId: office.companyId, officeId: office.officeId, rolledBefore: until, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.funnelRollUps.companyId, t.funnelRollUps.officeId],
      set: { rolledBefore: until, updatedAt: now },
    });
}

/** What a rolled-up row is keyed by: the order's company and office, its start day and source. */
const dayKey = () => ({
  companyId: t.orders.companyId,
  officeId: t.orders.officeId,
  day: sql`(${startDay})::date`.as('day'),
  source: sql`${source}`.as('source'),
});

/** The day's sessions counted as the funnel counts them (analytics.repository's sessionsByDay); how many orders. */
async function foldSessions(db: Executor, office: RollUpOffice, from: Date, until: Date): Promise<number> {
  const counts = db
    .select({
      ...dayKey(),
      started: tally(sql`${byVisitor} and ${stepShown()}`).as('started'),
      confirmed: tally(sql`${byVisitor} and ${isConfirmed} and ${stepShown('review')}`).as('confirmed'),
      visitorsConfirmed: tally(sql`${byVisitor} and ${isConfirmed}`).as('visitors_confirmed'),
      bookedByPhone: tally(sql`not ${byVisitor} and ${isConfirmed}`).as('booked_by_phone'),
      orders: sql<number>`count(*)::int`.as('orders'),
    })
    .from(t.orders)
    .innerJoin(t.offices, officeOfOrder)
    .where(startedBetween(office, from, until))
    .groupBy(t.orders.companyId, t.orders.officeId, startDay, source)
    .as('counts');
  const result = (await db.execute(sql`
    with counted as (select * from ${counts}),
    stored as (
      insert into ${t.funnelDays} (company_id, office_id, day, source, started, confirmed, booked_by_phone, booked_by_api)
      select company_id, office_id, day, source, started, confirmed, booked_by_phone, visitors_confirmed - confirmed
      from counted
      on conflict on constraint funnel_days_key do update set
        started = funnel_days.started + excluded.started,
        confirmed = funnel_days.confirmed + excluded.confirmed,
        booked_by_phone = funnel_days.booked_by_phone + excluded.booked_by_phone,
        booked_by_api = funnel_days.booked_by_api + excluded.booked_by_api)
    select coalesce(sum(orders), 0)::int as n from counted`)) as unknown as RowsOf<{ n: number }>;
  return Number(result.rows[0]?.n ?? 0);
}

/** The day's visitors' sessions that viewed each step (analytics.repository's reachedByDay). */
async function foldSteps(db: Executor, office: RollUpOffice, from: Date, until: Date): Promise<void> {
  const reached = db
    .select({
      ...dayKey(),
      step: t.funnelEvents.step,
      reached: sql<number>`count(distinct ${t.orders.id})::int`.as('reached'),
    })
    .from(t.orders)
    .innerJoin(t.offices, officeOfOrder)
    .innerJoin(t.funnelEvents, stepViewsOfOrder)
    .where(and(startedBetween(office, from, until), byVisitor, sql`${t.funnelEvents.step} is not null`))
    .groupBy(t.orders.companyId, t.orders.officeId, startDay, source, t.funnelEvents.step)
    .as('reached');
  await db.execute(sql`
    insert into ${t.funnelDaySteps} (company_id, office_id, day, source, step, reached)
    select company_id, office_id, day, source, step, reached from ${reached}
    on conflict on constraint funnel_day_steps_key do update set
      reached = funnel_day_steps.reached + excluded.reached`);
}

export interface EventsToPrune {
  companyId: string;
  officeId: string;
  rolledBefore: Date;
  eventsPrunedBefore: Date | null;
}

/** The offices whose rolled-up days still have raw events to delete. */
export async function officesWithEventsToPrune(db: Executor): Promise<EventsToPrune[]> {
  return db
    .select({
      companyId: t.funnelRollUps.companyId,
      officeId: t.funnelRollUps.officeId,
      rolledBefore: t.funnelRollUps.rolledBefore,
      eventsPrunedBefore: t.funnelRollUps.eventsPrunedBefore,
    })
    .from(t.funnelRollUps)
    .where(
      sql`${t.funnelRollUps.eventsPrunedBefore} is null or ${t.funnelRollUps.eventsPrunedBefore} < ${t.funnelRollUps.rolledBefore}`,
    )
    .orderBy(t.funnelRollUps.companyId, t.funnelRollUps.officeId);
}

/**
 * Deletes at most `limit` of the office's raw events of orders already rolled up, the oldest
 * first from where the last batch stopped, in one short transaction: the office's next `limit`
 * events before the bound read by their own (company, office, created) index, then those whose
 * order started before the bound deleted. Joined to their orders first, the events were read
 * once per order instead (the planner, taking company and office for independent, expected 14 of
 * an office's 1,436 orders): 0.9 s a batch at 1,500 orders an office (decision 0079). An event
 * sent after the bound (a session that ran past midnight) goes once a later roll-up's bound passes
 * it; one whose order is not rolled up is left. Answers how many went.
 *
 * Each event's order is looked up by its key (a lateral `limit 1`, which the planner cannot turn
 * into a join): joined, the planner hashed all the office's orders for every batch, 1,437 of them
 * read from disk once the orders outgrew the cache (decision 0100: 141 ms a batch on the
 * measure's database, 54 ms probing the ~70 orders of the batch's 500 events).
 */
export async function deleteRolledUpEvents(db: Database, office: EventsToPrune, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(ROLL_UP_LOCK_SPACE))}, hashtext(${office.officeId}))`,
    );
    const from = office.eventsPrunedBefore === null ? sql`` : sql`and e.created_at >= ${at(office.eventsPrunedBefore)}`;
    const result = (await tx.execute(sql`
      with walked as materialized (
        select e.id, e.order_id, e.created_at from ${t.funnelEvents} e
        where e.company_id = ${office.companyId} and e.office_id = ${office.officeId}
          and e.created_at < ${at(office.rolledBefore)} ${from}
        order by e.created_at
        limit ${limit}),
      gone as (
        delete from ${t.funnelEvents} where id in (
          select w.id from walked w
          cross join lateral (
            select o.company_id, o.office_id, o.created_at from ${t.orders} o where o.id = w.order_id limit 1) o
          where o.company_id = ${office.companyId} and o.office_id = ${office.officeId}
            and o.created_at < ${at(office.rolledBefore)})
        returning 1)
      select (select count(*) from gone)::int as n, (select count(*) from walked)::int as walked,
        (select max(created_at) from walked) as last`)) as unknown as RowsOf<{
      n: number;
      walked: number;
      last: Date | string | null;
    }>;
    const row = result.rows[0]!;
    // A walk short of the limit read the office's last events before the bound.
    const prunedBefore = Number(row.walked) < limit ? office.rolledBefore : instantOf(row.last)!;
    await tx
      .update(t.funnelRollUps)
      .set({ eventsPrunedBefore: prunedBefore })
      .where(and(eq(t.funnelRollUps.companyId, office.companyId), eq(t.funnelRollUps.officeId, office.officeId)));
    return Number(row.n);
  });
}

import { and, eq, sql } from 'drizzle-orm';
import type { Attribution } from '@scheduler/contracts/attribution';
import type { Database, Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

export interface OfficeOfCompany {
  companyId: string;
  officeId: string;
}

/** The active office `officeId` of the company `companyKey`, or null. */
export async function findActiveOffice(
  db: Executor,
  companyKey: string,
  officeId: string,
): Promise<(OfficeOfCompany & { schedulerEnabled: boolean }) | null> {
  const [row] = await db
    .select({ companyId: t.companies.id, officeId: t.offices.id, schedulerEnabled: t.companies.schedulerEnabled })
    .from(t.offices)
    .innerJoin(t.companies, eq(t.companies.id, t.offices.companyId))
    .where(and(eq(t.companies.key, companyKey), eq(t.offices.id, officeId), eq(t.offices.active, true)));
  return row ?? null;
}

/** Where a new draft order comes from. */
export interface DraftOrigin {
  /**
   * The office member booking by phone (issue 25), or the office's own system through an API key
   * (no member: `userId` null, its name the key's); absent: a visitor's own session.
   */
  bookedBy?: { userId: string | null; name: string };
  /** The campaign parameters of the visitor's link (issue 42). */
  attribution?: Attribution;
}

/**
 * A new draft order, its session and the order's first audit event, in one statement: the
 * session and the event are inserted from the order's insert, so they commit with it or not at all.
 */
export async function createSessionWithDraftOrder(
  db: Database,
  office: OfficeOfCompany,
  tokenHash: string,
  expiresAt: Date,
  { bookedBy, attribution = {} }: DraftOrigin = {},
): Promise<{ sessionId: string; orderId: string }> {
  const source = bookedBy
    ? { source: 'office_phone', user_id: bookedBy.userId, name: bookedBy.name }
    : { source: 'online_scheduler' };
  const result = (await db.execute(sql`
    with new_order as (
      insert into ${t.orders} (company_id, office_id, attribution, booked_by_user_id, booked_by_name)
      values (${office.companyId}, ${office.officeId}, ${JSON.stringify(attribution)}::jsonb,
              ${bookedBy?.userId ?? null}, ${bookedBy?.name ?? null})
      returning id
    ),
    new_session as (
      insert into ${t.sessions} (company_id, office_id, order_id, token_hash, expires_at)
      select ${office.companyId}, ${office.officeId}, id, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz from new_order
      returning id
    ),
    created as (
      insert into ${t.orderEvents} (company_id, order_id, type, data)
      select ${office.companyId}, id, 'created', ${JSON.stringify(source)}::jsonb from new_order
    )
    select new_session.id as session_id, new_order.id as order_id from new_order, new_session`)) as unknown as {
    rows: Array<{ session_id: string; order_id: string }>;
  };
  const [row] = result.rows;
  if (!row) throw new Error('the draft order and its session were not created');
  return { sessionId: row.session_id, orderId: row.order_id };
}

export interface SessionRecord {
  sessionId: string;
  companyId: string;
  companyKey: string;
  officeId: string;
  orderId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  orderConfirmed: boolean;
}

export async function findSessionByTokenHash(db: Executor, tokenHash: string): Promise<SessionRecord | null> {
  const [row] = await db
    .select({
      sessionId: t.sessions.id,
      companyId: t.sessions.companyId,
      companyKey: t.companies.key,
      officeId: t.sessions.officeId,
      orderId: t.sessions.orderId,
      expiresAt: t.sessions.expiresAt,
      lastSeenAt: t.sessions.lastSeenAt,
      orderStatus: t.orders.status,
    })
    .from(t.sessions)
    .innerJoin(t.companies, eq(t.companies.id, t.sessions.companyId))
    .innerJoin(t.orders, and(eq(t.orders.companyId, t.sessions.companyId), eq(t.orders.id, t.sessions.orderId)))
    .where(eq(t.sessions.tokenHash, tokenHash));
  if (!row) return null;
  const { orderStatus, ...rest } = row;
  // A cancelled order was confirmed: it stays read-only to the wizard (its manage link changes it).
  return { ...rest, orderConfirmed: orderStatus !== 'draft' };
}

/** Whether the company's scheduler is enabled (false for a company that is gone). */
export async function findSchedulerEnabled(db: Executor, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: t.companies.schedulerEnabled })
    .from(t.companies)
    .where(eq(t.companies.id, companyId));
  return row?.enabled ?? false;
}

/** What decides whether a session may still change its order, read fresh from the database. */
export interface WriteState {
  officeActive: boolean;
  orderConfirmed: boolean;
  /** The company's scheduler takes visitors' writes (issue 39): read in the same statement, not one more. */
  schedulerEnabled: boolean;
}

/** The order's state, its office's and its company's scheduler's; null when the order or office is gone. */
export async function findWriteState(
  db: Executor,
  session: Pick<SessionRecord, 'companyId' | 'officeId' | 'orderId'>,
): Promise<WriteState | null> {
  const [row] = await db
    .select({
      officeActive: t.offices.active,
      orderStatus: t.orders.status,
      schedulerEnabled: t.companies.schedulerEnabled,
    })
    .from(t.orders)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .innerJoin(t.companies, eq(t.companies.id, t.orders.companyId))
    .where(
      and(
        eq(t.orders.companyId, session.companyId),
        eq(t.orders.id, session.orderId),
        eq(t.orders.officeId, session.officeId),
      ),
    );
  return row
    ? {
        officeActive: row.officeActive,
        orderConfirmed: row.orderStatus !== 'draft',
        schedulerEnabled: row.schedulerEnabled,
      }
    : null;
}

/** Slides the session's expiry forward; called at most once a minute per session. */
export async function touchSession(
  db: Executor,
  session: Pick<SessionRecord, 'sessionId' | 'companyId'>,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .update(t.sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(t.sessions.companyId, session.companyId), eq(t.sessions.id, session.sessionId)));
}

/** Test and operations helper: ends a session at `now` (the server's clock, not the database's). */
export async function expireSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.update(t.sessions).set({ expiresAt: now }).where(eq(t.sessions.tokenHash, tokenHash));
}

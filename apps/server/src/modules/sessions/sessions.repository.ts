import { and, eq } from 'drizzle-orm';
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

/** A new draft order, its session and the order's first audit event, in one transaction. */
export async function createSessionWithDraftOrder(
  db: Database,
  office: OfficeOfCompany,
  tokenHash: string,
  expiresAt: Date,
  { bookedBy, attribution = {} }: DraftOrigin = {},
): Promise<{ sessionId: string; orderId: string }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(t.orders)
      .values({
        companyId: office.companyId,
        officeId: office.officeId,
        attribution,
        ...(bookedBy ? { bookedByUserId: bookedBy.userId, bookedByName: bookedBy.name } : {}),
      })
      .returning({ id: t.orders.id });
    const [session] = await tx
      .insert(t.sessions)
      .values({ companyId: office.companyId, officeId: office.officeId, orderId: order!.id, tokenHash, expiresAt })
      .returning({ id: t.sessions.id });
    const source = bookedBy
      ? { source: 'office_phone', user_id: bookedBy.userId, name: bookedBy.name }
      : { source: 'online_scheduler' };
    await tx
      .insert(t.orderEvents)
      .values({ companyId: office.companyId, orderId: order!.id, type: 'created', data: source });
    return { sessionId: session!.id, orderId: order!.id };
  });
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
}

/** The order's state and its office's, for the session's company; null when either is gone. */
export async function findWriteState(
  db: Executor,
  session: Pick<SessionRecord, 'companyId' | 'officeId' | 'orderId'>,
): Promise<WriteState | null> {
  const [row] = await db
    .select({ officeActive: t.offices.active, orderStatus: t.orders.status })
    .from(t.orders)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .where(
      and(
        eq(t.orders.companyId, session.companyId),
        eq(t.orders.id, session.orderId),
        eq(t.orders.officeId, session.officeId),
      ),
    );
  return row ? { officeActive: row.officeActive, orderConfirmed: row.orderStatus !== 'draft' } : null;
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

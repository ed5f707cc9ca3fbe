import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The message jobs (e-mails and texts) queued for an order, oldest first. Never their tokens. */
export async function loadOrderMessageJobs(db: Executor, companyId: string, orderId: string) {
  return db
    .select({
      id: t.jobs.id,
      kind: t.jobs.kind,
      audience: sql<string | null>`${t.jobs.payload}->>'audience'`,
      to: sql<string | null>`${t.jobs.payload}->>'to'`,
      start: sql<string | null>`${t.jobs.payload}->>'start'`,
      resentBy: sql<string | null>`${t.jobs.payload}->>'resent_by'`,
      message: sql<string | null>`${t.jobs.payload}->>'message'`,
      change: sql<string | null>`${t.jobs.payload}->>'change'`,
      hasLink: sql<boolean>`${t.jobs.payload} ? 'manage_link_for'`,
      linkRole: sql<string | null>`${t.jobs.payload}->'manage_link_for'->>'role'`,
      runAt: t.jobs.runAt,
      doneAt: t.jobs.doneAt,
      lastError: t.jobs.lastError,
      attempts: t.jobs.attempts,
      name: sql<string | null>`${t.jobs.payload}->>'name'`,
      bouncedAt: t.jobs.bouncedAt,
      bounceReason: t.jobs.bounceReason,
    })
    .from(t.jobs)
    .where(and(eq(t.jobs.companyId, companyId), sql`${t.jobs.payload}->>'order_id' = ${orderId}`))
    .orderBy(asc(t.jobs.runAt), asc(t.jobs.id));
}

/** The inspectors an order's appointment names (an inspector member may read only such orders). */
export async function orderInspectorIds(db: Executor, companyId: string, orderId: string): Promise<number[] | null> {
  const [row] = await db
    .select({ inspectors: t.orders.inspectors })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return row ? row.inspectors.map((inspector) => inspector.id) : null;
}

/** Who booked an order when the office did; null for a visitor's booking. */
export async function orderBookedBy(db: Executor, companyId: string, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: t.orders.bookedByName })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return row?.name ?? null;
}

/** One job of one order of one company, whole (the resend copies it); null when there is none such. */
export async function findOrderJob(db: Executor, companyId: string, orderId: string, jobId: number) {
  const [row] = await db
    .select()
    .from(t.jobs)
    .where(
      and(eq(t.jobs.companyId, companyId), eq(t.jobs.id, jobId), sql`${t.jobs.payload}->>'order_id' = ${orderId}`),
    );
  return row ?? null;
}

/**
 * Whether a resend of the job `dedupeKey` names is still waiting to go (a second click, another
 * person's). Read among the order's own jobs (jobs_order_idx), not the company's.
 */
export async function resendWaiting(
  db: Executor,
  scope: { companyId: string; orderId: string },
  dedupeKey: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: t.jobs.id })
    .from(t.jobs)
    .where(
      and(
        eq(t.jobs.companyId, scope.companyId),
        sql`${t.jobs.payload}->>'order_id' = ${scope.orderId}`,
        sql`${t.jobs.dedupeKey} like ${`${dedupeKey.replace(/[\\%_]/g, (c) => `\\${c}`)}:resend:%`}`,
        sql`${t.jobs.doneAt} is null`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The audit event of a message sent again: which, to whom, by whom. */
export async function recordMessageResent(
  db: Executor,
  scope: { companyId: string; orderId: string },
  data: { job_id: number; kind: string; to: string; by: { user_id: string; name: string } },
  at: Date,
): Promise<void> {
  await db
    .insert(t.orderEvents)
    .values({ companyId: scope.companyId, orderId: scope.orderId, type: 'message_resent', data, createdAt: at });
}

/** An order's status and booked start, for what may be said of it now. */
export async function loadOrderState(db: Executor, companyId: string, orderId: string) {
  const [row] = await db
    .select({ status: t.orders.status, datetime: t.orders.datetime })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return row ?? null;
}

/** The order's people as its e-mails address them: role, the person as stored (name, e-mail). */
export async function loadOrderPeople(db: Executor, companyId: string, orderId: string) {
  return db
    .select({ role: t.orderParties.role, person: t.orderParties.person })
    .from(t.orderParties)
    .where(and(eq(t.orderParties.companyId, companyId), eq(t.orderParties.orderId, orderId)));
}

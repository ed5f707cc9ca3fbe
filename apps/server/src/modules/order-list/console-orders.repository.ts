import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The message jobs (e-mails and texts) queued for an order, oldest first. Never their tokens. */
export async function loadOrderMessageJobs(db: Executor, companyId: string, orderId: string) {
  return db
    .select({
      kind: t.jobs.kind,
      audience: sql<string | null>`${t.jobs.payload}->>'audience'`,
      message: sql<string | null>`${t.jobs.payload}->>'message'`,
      change: sql<string | null>`${t.jobs.payload}->>'change'`,
      hasLink: sql<boolean>`${t.jobs.payload} ? 'manage_link_for'`,
      linkRole: sql<string | null>`${t.jobs.payload}->'manage_link_for'->>'role'`,
      runAt: t.jobs.runAt,
      doneAt: t.jobs.doneAt,
      lastError: t.jobs.lastError,
      attempts: t.jobs.attempts,
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

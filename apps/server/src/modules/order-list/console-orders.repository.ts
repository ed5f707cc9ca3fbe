import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The fields the order page reads of a message, from a job's payload or a kept message's. */
function messageFields(payload: SQL) {
  return sql`${payload}->>'audience' as audience, ${payload}->>'to' as "to", ${payload}->>'start' as start,
    ${payload}->>'resent_by' as resent_by, ${payload}->>'message' as message, ${payload}->>'change' as change,
    ${payload} ? 'manage_link_for' as has_link, ${payload}->'manage_link_for'->>'role' as link_role,
    ${payload}->>'name' as name`;
}

interface MessageRow {
  id: number | string;
  kind: string;
  audience: string | null;
  to: string | null;
  start: string | null;
  resent_by: string | null;
  message: string | null;
  change: string | null;
  has_link: boolean;
  link_role: string | null;
  name: string | null;
  run_at: Date | string;
  done_at: Date | string | null;
  last_error: string | null;
  attempts: number;
  bounced_at: Date | string | null;
  bounce_reason: string | null;
}

const instantOf = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The messages (e-mails and texts) of an order, oldest first, never their tokens: those still
 * queued from the jobs (by `jobs.order_id`), the finished ones from `order_messages`, which keeps
 * them after their jobs are pruned (decision 0074). One statement, so a job finishing meanwhile is
 * read once.
 */
export async function loadOrderMessageJobs(db: Executor, companyId: string, orderId: string) {
  const result = (await db.execute(sql`
    select id, kind, ${messageFields(sql`payload`)}, run_at, done_at, last_error, attempts, bounced_at, bounce_reason
    from ${t.jobs}
    where company_id = ${companyId} and order_id = ${orderId} and done_at is null
    union all
    select job_id, kind, ${messageFields(sql`payload`)}, run_at, done_at, outcome, attempts, bounced_at, bounce_reason
    from ${t.orderMessages}
    where company_id = ${companyId} and order_id = ${orderId}
    order by run_at, id`)) as unknown as { rows: MessageRow[] };
  return result.rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    audience: row.audience,
    to: row.to,
    start: row.start,
    resentBy: row.resent_by,
    message: row.message,
    change: row.change,
    hasLink: row.has_link,
    linkRole: row.link_role,
    runAt: new Date(row.run_at),
    doneAt: instantOf(row.done_at),
    lastError: row.last_error,
    attempts: Number(row.attempts),
    name: row.name,
    bouncedAt: instantOf(row.bounced_at),
    bounceReason: row.bounce_reason,
  }));
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

/**
 * One message of one order of one company as a resend copies it: its kept row once it finished
 * (the job may be pruned), else its job still queued; null when there is none such.
 */
export async function findOrderJob(db: Executor, companyId: string, orderId: string, jobId: number) {
  const [kept] = await db
    .select({
      id: t.orderMessages.jobId,
      kind: t.orderMessages.kind,
      dedupeKey: t.orderMessages.dedupeKey,
      payload: t.orderMessages.payload,
      doneAt: t.orderMessages.doneAt,
      lastError: t.orderMessages.outcome,
      bouncedAt: t.orderMessages.bouncedAt,
    })
    .from(t.orderMessages)
    .where(
      and(
        eq(t.orderMessages.companyId, companyId),
        eq(t.orderMessages.orderId, orderId),
        eq(t.orderMessages.jobId, jobId),
      ),
    );
  if (kept) return kept;
  const [queued] = await db
    .select({
      id: t.jobs.id,
      kind: t.jobs.kind,
      dedupeKey: t.jobs.dedupeKey,
      payload: t.jobs.payload,
      doneAt: t.jobs.doneAt,
      lastError: t.jobs.lastError,
      bouncedAt: t.jobs.bouncedAt,
    })
    .from(t.jobs)
    .where(and(eq(t.jobs.companyId, companyId), eq(t.jobs.orderId, orderId), eq(t.jobs.id, jobId)));
  return queued ?? null;
}

/**
 * Whether a resend of the job `dedupeKey` names is still waiting to go (a second click, another
 * person's). Read among the order's own jobs (jobs_company_order_idx), not the company's.
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
        eq(t.jobs.orderId, scope.orderId),
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

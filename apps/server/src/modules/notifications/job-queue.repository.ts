import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { ORDER_MESSAGE_JOBS, type QueuedJob } from './confirmation-jobs.ts';

export interface ClaimedJob {
  id: number;
  /** Null only for a sign-up's address confirmation (an account e-mail before any company). */
  companyId: string | null;
  kind: string;
  payload: Record<string, unknown>;
  /** Counting this one. */
  attempts: number;
}

/**
 * Claims the next due job for `leaseMs`: the oldest whose time has come and that no live worker
 * holds. SKIP LOCKED lets several workers (instances) claim side by side without waiting on each
 * other; the lease lets another worker take the job over if this one dies before finishing it.
 */
export async function claimDueJob(db: Executor, now: Date, leaseMs: number): Promise<ClaimedJob | null> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const result = (await db.execute(sql`
    update ${t.jobs} set locked_until = ${until}::timestamptz, attempts = attempts + 1
    where id = (
      select id from ${t.jobs}
      where done_at is null and run_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz)
      order by run_at, id
      limit 1
      for update skip locked)
    returning id, company_id, kind, payload, attempts`)) as unknown as {
    rows: Array<{
      id: number | string;
      company_id: string | null;
      kind: string;
      payload: Record<string, unknown> | string;
      attempts: number;
    }>;
  };
  const row = result.rows[0];
  if (!row) return null;
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
  return { id: Number(row.id), companyId: row.company_id, kind: row.kind, payload, attempts: Number(row.attempts) };
}

/**
 * Marks a job done; `outcome` keeps a short code when it ended without sending (a refused number, a
 * stale reminder). A link's token (manage, account, signing, a fee's pay link) leaves the job in the same update: it was only kept for
 * the message, and a done job's row must not hold a key to the order. A message about an order is
 * copied into the order's messages in the same statement (decision 0074), so the history never
 * misses a message whose job is pruned later.
 */
export async function completeJob(db: Executor, id: number, now: Date, outcome: string | null = null): Promise<void> {
  await db.execute(sql`
    with done as (
      update ${t.jobs}
      set done_at = ${now.toISOString()}::timestamptz, locked_until = null, last_error = ${outcome},
        payload = payload - 'manage_token' - 'account_token' - 'signing_token' - 'pay_url'
      where id = ${id}
      returning *)
    ${keepOrderMessages(sql`done`)}`);
}

/**
 * The insert that keeps finished message jobs as order messages: every job of `from` (a set with
 * the jobs table's columns) that is an order's message, as the order page lists it. Also the
 * migration's back-fill (0029) in SQL of its own.
 */
export function keepOrderMessages(from: SQL) {
  return sql`
    insert into ${t.orderMessages}
      (job_id, company_id, order_id, kind, dedupe_key, payload, state, outcome, attempts, run_at, done_at, bounced_at, bounce_reason)
    select id, company_id, order_id, kind, dedupe_key, payload,
      case when bounced_at is not null then 'bounced' when last_error is null then 'sent' else 'skipped' end,
      last_error, attempts, run_at, done_at, bounced_at, bounce_reason
    from ${from} as finished
    where company_id is not null and order_id is not null and done_at is not null
      -- an order deleted meanwhile (a company removed) has no page to list it on
      and exists (select 1 from ${t.orders} o where o.company_id = finished.company_id and o.id = finished.order_id)
      and kind in (${sql.join(
        ORDER_MESSAGE_JOBS.map((kind) => sql`${kind}`),
        sql`, `,
      )})
    on conflict (job_id) do update set state = excluded.state, outcome = excluded.outcome,
      attempts = excluded.attempts, done_at = excluded.done_at, bounced_at = excluded.bounced_at,
      bounce_reason = excluded.bounce_reason, payload = excluded.payload`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order of a payload, when it names one (every job about an order carries `order_id`, a uuid). */
function orderIdOf(payload: Record<string, unknown>): string | null {
  return typeof payload.order_id === 'string' && UUID.test(payload.order_id) ? payload.order_id : null;
}

/** A job of any kind as it is queued: an order's belongs to its company; a sign-up's address confirmation to none. */
export type JobToQueue = Omit<QueuedJob, 'companyId'> & { companyId: string | null };

/** Queues jobs; one whose dedupe key the company already has is left as it is (enqueueing twice queues once). */
export async function enqueueJobs(db: Executor, jobs: readonly JobToQueue[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insert(t.jobs)
    .values(
      jobs.map((job) => ({
        companyId: job.companyId,
        kind: job.kind,
        dedupeKey: job.dedupeKey,
        payload: job.payload,
        orderId: orderIdOf(job.payload),
        runAt: job.runAt,
      })),
    )
    .onConflictDoNothing({ target: [t.jobs.companyId, t.jobs.dedupeKey] });
}

/** Which jobs to drop: a kind, and when given, the payload fields that must match (`{ message: 'reminder' }`). */
export interface JobSelector {
  kind: string;
  payload?: Readonly<Record<string, string>>;
}

/**
 * Drops, in one statement, an order's jobs that have not run and that any of `which` selects:
 * reminders of a time that changed, or of an order called off.
 */
export async function dropPendingJobs(
  db: Executor,
  companyId: string,
  orderId: string,
  which: readonly JobSelector[],
): Promise<number> {
  if (which.length === 0) return 0;
  const selected = which.map((selector) =>
    and(
      eq(t.jobs.kind, selector.kind),
      ...Object.entries(selector.payload ?? {}).map(([key, value]) => sql`${t.jobs.payload} ->> ${key} = ${value}`),
    ),
  );
  const dropped = await db
    .delete(t.jobs)
    .where(and(eq(t.jobs.companyId, companyId), isNull(t.jobs.doneAt), eq(t.jobs.orderId, orderId), or(...selected)))
    .returning({ id: t.jobs.id });
  return dropped.length;
}

/** Puts a failed job back for `runAt`, keeping a short code of why (never a message's content). */
export async function retryJob(db: Executor, id: number, runAt: Date, reason: string): Promise<void> {
  await db
    .update(t.jobs)
    .set({ runAt, lockedUntil: null, lastError: reason.slice(0, 200) })
    .where(and(eq(t.jobs.id, id)));
}

/** Jobs not yet done, for the health of the queue and for tests; with `dueBy`, only those due by then (not a reminder days ahead). */
export async function pendingJobCount(db: Executor, dueBy?: Date): Promise<number> {
  const due = dueBy ? sql` and run_at <= ${dueBy.toISOString()}::timestamptz` : sql``;
  const result = (await db.execute(
    sql`select count(*)::int as n from ${t.jobs} where done_at is null${due}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

export interface ClaimedJob {
  id: number;
  companyId: string;
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
    rows: Array<{ id: number | string; company_id: string; kind: string; payload: Record<string, unknown> | string; attempts: number }>;
  };
  const row = result.rows[0];
  if (!row) return null;
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
  return { id: Number(row.id), companyId: row.company_id, kind: row.kind, payload, attempts: Number(row.attempts) };
}

export async function completeJob(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(t.jobs).set({ doneAt: now, lockedUntil: null, lastError: null }).where(eq(t.jobs.id, id));
}

/** Puts a failed job back for `runAt`, keeping a short code of why (never a message's content). */
export async function retryJob(db: Executor, id: number, runAt: Date, reason: string): Promise<void> {
  await db.update(t.jobs).set({ runAt, lockedUntil: null, lastError: reason.slice(0, 200) }).where(and(eq(t.jobs.id, id)));
}

/** Jobs not yet done, for the health of the queue and for tests. */
export async function pendingJobCount(db: Executor): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from ${t.jobs} where done_at is null`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

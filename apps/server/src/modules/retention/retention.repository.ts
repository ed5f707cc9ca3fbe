import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * Deletes at most `limit` rows of `table` whose ids `candidates` selects (a query answering `id`,
 * the table's rows named `alias`), in one statement: its own short transaction, rows another
 * transaction holds skipped (`skip locked`), and only the table's own rows locked (never a joined
 * order), so no visitor ever waits on it. Answers how many went.
 */
async function deleteBatch(db: Executor, table: SQL, alias: string, candidates: SQL, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    with gone as (
      delete from ${table} where id in (${candidates} limit ${limit} for update of ${sql.raw(alias)} skip locked)
      returning 1)
    select count(*)::int as n from gone`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * Finished jobs done before `cutoff` (jobs_done_idx): never one not done, and never one a worker
 * holds (its lease running), whatever its age. Their messages are kept in `order_messages`.
 */
export function pruneFinishedJobs(db: Database, now: Date, cutoff: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    sql`${t.jobs}`,
    'j',
    sql`select id from ${t.jobs} j
      where done_at < ${at(cutoff)} and (locked_until is null or locked_until <= ${at(now)})
      order by done_at`,
    limit,
  );
}

/**
 * Jobs that bounced (jobs_bounced_idx), at any age: done, never retried, and their message kept
 * in `order_messages` with the bounce; never one a worker holds.
 */
export function pruneBouncedJobs(db: Database, now: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    sql`${t.jobs}`,
    'j',
    sql`select id from ${t.jobs} j
      where bounced_at is not null and done_at is not null and (locked_until is null or locked_until <= ${at(now)})`,
    limit,
  );
}

/**
 * Manage links that open nothing any more, for longer than the policy: revoked before `cutoff`, or
 * of an inspection that ended before it (or of an order with no time, made before it).
 */
export function pruneDeadManageLinks(db: Database, cutoff: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    sql`${t.orderManageLinks}`,
    'l',
    sql`select l.id from ${t.orderManageLinks} l
      join ${t.orders} o on o.company_id = l.company_id and o.id = l.order_id
      where l.revoked_at < ${at(cutoff)}
        or o.datetime + make_interval(mins => o.duration_minutes) < ${at(cutoff)}
        or (o.datetime is null and l.created_at < ${at(cutoff)})`,
    limit,
  );
}

/** Sign-in links, reset and invitation checks that expired before `cutoff`. */
export function pruneExpiredVerifications(db: Database, cutoff: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    sql`${t.authVerifications}`,
    'v',
    sql`select id from ${t.authVerifications} v where expires_at < ${at(cutoff)}`,
    limit,
  );
}

/** Console sign-ins that expired before `cutoff` (a revoked one is deleted when revoked). */
export function pruneExpiredConsoleSessions(db: Database, cutoff: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    sql`${t.authSessions}`,
    'a',
    sql`select id from ${t.authSessions} a where expires_at < ${at(cutoff)}`,
    limit,
  );
}

/**
 * Visitors' sessions that expired before `cutoff` whose order is no draft (confirmed, or cancelled
 * since): the order is the company's record, the session only the visitor's way back in. A
 * draft's session goes with the abandoned draft (issue 49's other half), never here.
 */
export function pruneExpiredVisitorSessions(db: Database, cutoff: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    sql`${t.sessions}`,
    's',
    sql`select s.id from ${t.sessions} s
      join ${t.orders} o on o.company_id = s.company_id and o.id = s.order_id
      where s.expires_at < ${at(cutoff)} and o.status <> 'draft'`,
    limit,
  );
}

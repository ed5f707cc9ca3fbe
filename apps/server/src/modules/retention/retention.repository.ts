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

/**
 * A batch of an order's rows (`r`) that `where` selects, read with their order (`o`), oldest first
 * along `oldestFirst`'s index (decision 0100): without one, every batch read the whole table, and
 * the last, which finds nothing, read it past every row the run had deleted (767 MB of manage links
 * at the measure's size: over the 2 s statement timeout, every time).
 */
function deleteOrderRows(
  db: Executor,
  table: typeof t.orderManageLinks | typeof t.sessions,
  where: SQL,
  oldestFirst: SQL,
  limit: number,
): Promise<number> {
  const rows = sql`select r.id from ${table} r join ${t.orders} o on o.company_id = r.company_id and o.id = r.order_id`;
  return deleteBatch(db, sql`${table}`, 'r', sql`${rows} where ${where} order by ${oldestFirst}`, limit);
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * Jobs that ended: done before `ended.doneBefore` (jobs_done_idx), or bounced at any age
 * (jobs_bounced_idx: done, never retried, the bounce kept with the message). Never a job not
 * done, and never one a worker holds (its lease running), whatever its age. Their messages are
 * kept in `order_messages`.
 */
export function pruneEndedJobs(
  db: Database,
  now: Date,
  ended: { doneBefore: Date } | 'bounced',
  limit: number,
): Promise<number> {
  const which =
    ended === 'bounced' ? sql`bounced_at is not null and done_at is not null` : sql`done_at < ${at(ended.doneBefore)}`;
  const free = sql`(locked_until is null or locked_until <= ${at(now)})`;
  // Oldest first, along the index (decision 0100): without an order the planner, whose statistics
  // still counted millions of old jobs, read the table from its start, and the run's last batches
  // read the whole of it past the rows already deleted (3 GB at the measure's size: over the 2 s
  // statement timeout, every time). Along done_at, each batch steps over the index entries of the
  // rows the batches before it deleted, which those batches' scans have marked dead.
  return deleteBatch(
    db,
    sql`${t.jobs}`,
    'j',
    sql`select id from ${t.jobs} j where ${which} and ${free} order by done_at`,
    limit,
  );
}

/**
 * Manage links that open nothing any more, for longer than the policy: made before `cutoff` and
 * revoked before it, or of an inspection that ended before it (or of an order with no time). A
 * link is kept at least as long as the policy after it was made, even one sent after its
 * inspection (a payment's), which is what lets the batches walk the links by when they were made.
 */
export function pruneDeadManageLinks(db: Database, cutoff: Date, limit: number): Promise<number> {
  const dead = sql`r.created_at < ${at(cutoff)} and (r.revoked_at < ${at(cutoff)}
    or o.datetime + make_interval(mins => o.duration_minutes) < ${at(cutoff)}
    or o.datetime is null)`;
  return deleteOrderRows(db, t.orderManageLinks, dead, sql`r.created_at`, limit);
}

/**
 * Rows of the console's sign-in tables that expired before `cutoff`: sign-in links, reset and
 * invitation checks (`auth_verifications`), and sessions (`auth_sessions`; a revoked one is
 * deleted when revoked).
 */
export function pruneExpiredAuthRows(
  db: Database,
  table: typeof t.authVerifications | typeof t.authSessions,
  cutoff: Date,
  limit: number,
): Promise<number> {
  return deleteBatch(db, sql`${table}`, 'x', sql`select id from ${table} x where expires_at < ${at(cutoff)}`, limit);
}

/**
 * Visitors' sessions that expired before `cutoff` whose order is no draft (confirmed, or cancelled
 * since): the order is the company's record, the session only the visitor's way back in. A
 * draft's session goes with the abandoned draft (issue 49's other half), never here: this task
 * runs after the drafts' one, so that the batches, walking the sessions by expiry, do not step over
 * the expired sessions of drafts about to go.
 */
export function pruneExpiredVisitorSessions(db: Database, cutoff: Date, limit: number): Promise<number> {
  return deleteOrderRows(
    db,
    t.sessions,
    sql`r.expires_at < ${at(cutoff)} and o.status <> 'draft'`,
    sql`r.expires_at`,
    limit,
  );
}

/** Uses of API keys (decision 0087) recorded before `cutoff`: their audit trail is kept as long as the policy says. */
export function pruneApiKeyEvents(db: Database, cutoff: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    sql`${t.apiKeyEvents}`,
    'e',
    sql`select id from ${t.apiKeyEvents} e where at < ${at(cutoff)}`,
    limit,
  );
}

/** The public API's idempotency keys whose 24 hours ended before `now` (decision 0087): a repeat after that is a new request anyway. */
export async function pruneExpiredIdempotencyKeys(db: Database, now: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    with gone as (
      delete from ${t.apiIdempotencyKeys} where (company_id, api_key_id, key) in (
        select company_id, api_key_id, key from ${t.apiIdempotencyKeys} i
        where expires_at < ${at(now)} limit ${limit} for update of i skip locked)
      returning 1)
    select count(*)::int as n from gone`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The agents' portal's rows (decision 0092) that stopped being of use before `cutoff`: requests
 * for a sign-in link (the rate limits read only their last 15 minutes), links expired (a used one
 * expires as any other), and sessions expired or revoked. Each by an index on its own time.
 */
export function pruneAgentPortalRows(
  db: Database,
  table: 'requests' | 'links' | 'sessions',
  cutoff: Date,
  limit: number,
): Promise<number> {
  switch (table) {
    case 'requests':
      return deleteBatch(
        db,
        sql`${t.agentSignInRequests}`,
        'r',
        sql`select id from ${t.agentSignInRequests} r where at < ${at(cutoff)}`,
        limit,
      );
    case 'links':
      return deleteBatch(
        db,
        sql`${t.agentSignInLinks}`,
        'l',
        sql`select id from ${t.agentSignInLinks} l where expires_at < ${at(cutoff)}`,
        limit,
      );
    case 'sessions':
      return deleteBatch(
        db,
        sql`${t.agentSessions}`,
        's',
        sql`select id from ${t.agentSessions} s
          where expires_at < ${at(cutoff)} or revoked_at < ${at(cutoff)}`,
        limit,
      );
  }
}

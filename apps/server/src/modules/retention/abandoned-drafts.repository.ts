import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * Whether the order `o` has a row in `table`. Each probe is a scalar subquery, which PostgreSQL
 * runs per candidate through the table's (company, order) index; written as `not exists`, the
 * planner may instead read a whole table (every session) to anti-join it with the batch.
 */
const ofOrder = (table: SQL, where: SQL = sql``, orderIs: SQL = sql`x.order_id = o.id`) =>
  sql`(select true from ${table} x where x.company_id = o.company_id and ${orderIs} ${where} limit 1) is null`;

/**
 * The appointments' probe names the order as `= any(array[…])`, which their btree on `order_id`
 * serves and the exclusion constraint's GiST (company, inspector, during, order) cannot: the
 * planner costs that GiST as cheap as the btree and chose it, which walks all of a company's
 * appointments for each draft (decision 0100: 4 to 7 ms a probe and 24 buffers on the measure's
 * database, the statement over its 2 s timeout; by the btree 1.7 ms and 3 buffers, read cold).
 */
const orderOfAppointment = sql`x.order_id = any(array[o.id])`;

/**
 * Drafts a statement looks at, at most, per draft it may delete. The statement first reads this
 * many of the oldest drafts from `after` by their (updated) index, then probes those alone: asked
 * for "the oldest `limit` drafts that pass the probes", PostgreSQL estimated that almost none pass
 * (a scalar subquery's `is null` is guessed rare) and chose to probe every draft past the cut-off,
 * then sort, before keeping 100: 0.8 s for 4,300 drafts, and growing with them (decision 0079).
 */
export const DRAFTS_LOOKED_AT_PER_DELETE = 4;

/** What one statement did: how many drafts went, and how far its walk got. */
export interface DraftsDeleted {
  deleted: number;
  /**
   * Where the next statement starts: the update of the last draft it deleted when it stopped at
   * its limit, else of the last draft it read (every one before was deleted or kept).
   */
  last: Date | null;
  /** It read fewer drafts than it looks at and stopped short of its limit: none is left past `last`. */
  exhausted: boolean;
}

/**
 * Deletes at most `limit` abandoned drafts (decision 0075), with all that cascades from them
 * (sessions, holds, coupon leases, answers, parties, events), in one statement: drafts untouched
 * since before `cutoff` (the order, and every session's last use), whose sessions have all ended
 * and whose holds have all lapsed at `now`, whose day of the funnel is rolled up, and that hold
 * nothing the office wrote or was paid (payments, ledger lines, disputes, notes, tasks). It looks
 * at the `limit` × DRAFTS_LOOKED_AT_PER_DELETE oldest drafts from `after` (where the previous
 * statement of the same batch stopped: it does not walk again over the entries it passed), read
 * by the drafts' (updated) index, and deletes those of them that are abandoned by their ids; a
 * draft a visitor's transaction holds is skipped (`skip locked`), never waited on. The drafts it
 * kept are passed over, so that drafts kept at the head of the walk (a live hold) cannot hide the
 * abandoned ones behind them, nor make each statement read more of them.
 */
export async function deleteAbandonedDrafts(
  db: Database,
  now: Date,
  cutoff: Date,
  limit: number,
  after: Date | null,
): Promise<DraftsDeleted> {
  const lookedAt = limit * DRAFTS_LOOKED_AT_PER_DELETE;
  const result = await db.transaction(async (tx) => {
    // Its estimated cost (a subquery per candidate and table) sets off PostgreSQL's JIT, which
    // compiled for 0.4 s to run 0.06 s of work in the benchmark (decision 0075).
    await tx.execute(sql`set local jit = off`);
    return (await tx.execute(sql`
    with walked as materialized (
      select o.id, o.updated_at from ${t.orders} o
      where o.status = 'draft' and o.updated_at < ${at(cutoff)} ${after === null ? sql`` : sql`and o.updated_at >= ${at(after)}`}
      order by o.updated_at
      limit ${lookedAt}),
    gone as (
      delete from ${t.orders} where id = any (array(
        select o.id from walked w join ${t.orders} o on o.id = w.id
        where o.status = 'draft' and o.updated_at < ${at(cutoff)}
          and o.created_at < (select r.rolled_before from ${t.funnelRollUps} r
            where r.company_id = o.company_id and r.office_id = o.office_id)
          and ${ofOrder(sql`${t.sessions}`, sql`and (x.expires_at > ${at(now)} or x.last_seen_at >= ${at(cutoff)})`)}
          and ${ofOrder(sql`${t.appointments}`, sql`and (x.kind <> 'hold' or x.hold_expires_at is null or x.hold_expires_at > ${at(now)})`, orderOfAppointment)}
          and ${ofOrder(sql`${t.orderPayments}`)} and ${ofOrder(sql`${t.orderLedger}`)}
          and ${ofOrder(sql`${t.paymentsToRefund}`)} and ${ofOrder(sql`${t.paymentDisputes}`)}
          and ${ofOrder(sql`${t.orderNotes}`)} and ${ofOrder(sql`${t.orderTasks}`)}
        order by w.updated_at
        limit ${limit}
        for update of o skip locked))
      returning updated_at)
    select (select count(*) from gone)::int as n, (select count(*) from walked)::int as walked,
      (select max(updated_at) from gone) as last_deleted, (select max(updated_at) from walked) as last_walked`)) as unknown as {
      rows: Array<{
        n: number;
        walked: number;
        last_deleted: Date | string | null;
        last_walked: Date | string | null;
      }>;
    };
  });
  const row = result.rows[0];
  const deleted = Number(row?.n ?? 0);
  // Stopped by its limit, it looked at no draft after the last it deleted; else at every one it read.
  const last = deleted === limit ? row?.last_deleted : row?.last_walked;
  return {
    deleted,
    last: last ? new Date(last) : null,
    exhausted: deleted < limit && Number(row?.walked ?? 0) < lookedAt,
  };
}

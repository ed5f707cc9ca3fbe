import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** A row of `table` belongs to the order `o` (its company's). */
const ofOrder = (
  table:
    | typeof t.orderPayments
    | typeof t.orderLedger
    | typeof t.paymentsToRefund
    | typeof t.paymentDisputes
    | typeof t.orderNotes
    | typeof t.orderTasks,
) => sql`exists (select 1 from ${table} x where x.company_id = o.company_id and x.order_id = o.id)`;

/**
 * Deletes at most `limit` abandoned drafts (decision 0075), with all that cascades from them
 * (sessions, holds, coupon leases, answers, parties, events), in one statement: drafts untouched
 * since before `cutoff` (the order, and every session's last use), whose sessions have all ended
 * and whose holds have all lapsed at `now`, whose day of the funnel is rolled up, and that hold
 * nothing the office wrote or was paid (payments, ledger lines, disputes, notes, tasks). The oldest
 * first; a draft a visitor's transaction holds is skipped (`skip locked`), never waited on.
 */
export async function deleteAbandonedDrafts(db: Database, now: Date, cutoff: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    with gone as (
      delete from ${t.orders} where (company_id, id) in (
        select o.company_id, o.id from ${t.orders} o
        join ${t.funnelRollUps} r
          on r.company_id = o.company_id and r.office_id = o.office_id and o.created_at < r.rolled_before
        where o.status = 'draft' and o.updated_at < ${at(cutoff)}
          and not exists (select 1 from ${t.sessions} s where s.company_id = o.company_id and s.order_id = o.id
            and (s.expires_at > ${at(now)} or s.last_seen_at >= ${at(cutoff)}))
          and not exists (select 1 from ${t.appointments} a where a.company_id = o.company_id and a.order_id = o.id
            and (a.kind <> 'hold' or a.hold_expires_at is null or a.hold_expires_at > ${at(now)}))
          and not ${ofOrder(t.orderPayments)} and not ${ofOrder(t.orderLedger)}
          and not ${ofOrder(t.paymentsToRefund)} and not ${ofOrder(t.paymentDisputes)}
          and not ${ofOrder(t.orderNotes)} and not ${ofOrder(t.orderTasks)}
        order by o.updated_at
        limit ${limit}
        for update of o skip locked)
      returning 1)
    select count(*)::int as n from gone`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

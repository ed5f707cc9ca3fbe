import { sql, type SQL } from 'drizzle-orm';
import type { PaymentsCursor, PaymentLineKind, PaymentLineStatus } from '@scheduler/contracts/ledger';
import { orderIdRangeOf } from '@scheduler/domain/order-reference';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { foldedContaining, searchWords } from '../../db/text-search.ts';

/**
 * The payments page's reads (decision 0083): the lines of one company's ledger rows and disputes
 * over a span of office dates, filtered, paged by keyset, and summed per day, month and method.
 */

/** The filters of the page, its totals and its CSV alike. */
export interface PaymentsFilter {
  from: string;
  to: string;
  kind?: PaymentLineKind | undefined;
  method?: string | undefined;
  status?: PaymentLineStatus | undefined;
  q?: string | undefined;
}

/**
 * A dispute's status on the page. Stripe's later events (won, lost) are not recorded yet: when the
 * dispute's status column is, this is the one place that turns it into the line's status (and
 * PAYMENT_LINE_STATUSES, with the console's STATUS_WORDS, the words).
 */
/** A dispute's line status: its outcome once Stripe closed it (decision 0082), `disputed` before. */
const DISPUTE_STATUS = sql`case d.status when 'won' then 'dispute_won' when 'lost' then 'dispute_lost' else 'disputed' end`;

/**
 * A ledger row's status: voided, a refund given back, or for a payment what the refunds through
 * Stripe given against it (`refund_of`, not voided) add up to. One probe of the refunds' index per
 * payment: computed only for the lines a page shows, unless a status filter needs it for all.
 */
function ledgerStatus(row: { companyId: SQL; id: SQL; voided: SQL; kind: SQL; amount: SQL }): SQL {
  return sql`(case when ${row.voided} then 'voided'
    when ${row.kind} = 'refund' then 'given_back'
    else coalesce((select case when sum(r.amount_cents) >= ${row.amount} then 'refunded_in_full' else 'refunded_in_part' end
      from ${t.orderLedger} r
      where r.company_id = ${row.companyId} and r.refund_of = ${row.id} and r.voided_at is null
      having count(*) > 0), 'received') end)`;
}

/**
 * Every line of the company over the span: each ledger row (its kind as the row says: a payment,
 * a fee, a refund), and each dispute on the office's date it was opened. A ledger row's `status`
 * is null unless `withStatus` (see ledgerStatus); a dispute's is always there (its own column).
 * Instants are kept to the millisecond (the app's clock writes no finer), so that a cursor holds
 * exactly the key it was made from.
 */
function linesOf(companyId: string, span: { from: string; to: string }, withStatus: boolean): SQL {
  const status = withStatus
    ? ledgerStatus({
        companyId: sql`l.company_id`,
        id: sql`l.id`,
        voided: sql`l.voided_at is not null`,
        kind: sql`l.kind`,
        amount: sql`l.amount_cents`,
      })
    : sql`null::text`;
  return sql`(
    select l.id::text as id, l.received_on as on_date, date_trunc('milliseconds', l.recorded_at) as at, l.order_id,
      (case l.kind when 'refund' then 'refund' when 'fee' then 'fee' else 'payment' end) as kind,
      l.method, l.amount_cents as amount, l.currency, l.reference, l.recorded_by_name as recorded_by,
      l.voided_at is not null as voided, ${status} as status
    from ${t.orderLedger} l
    where l.company_id = ${companyId} and l.received_on between ${span.from}::date and ${span.to}::date
    union all
    select d.dispute_id, (d.disputed_at at time zone f.time_zone)::date, date_trunc('milliseconds', d.disputed_at), d.order_id,
      'dispute', 'online', d.amount_cents, d.currency, d.dispute_id, null, false, ${DISPUTE_STATUS}
    from ${t.paymentDisputes} d
    join ${t.orders} o on o.company_id = d.company_id and o.id = d.order_id
    join ${t.offices} f on f.company_id = o.company_id and f.id = o.office_id
    where d.company_id = ${companyId}
      and d.disputed_at >= ((${span.from}::date - 1)::timestamp at time zone 'UTC')
      and d.disputed_at < ((${span.to}::date + 2)::timestamp at time zone 'UTC')
      and (d.disputed_at at time zone f.time_zone)::date between ${span.from}::date and ${span.to}::date
  ) lines`;
}

/**
 * One word of the search: the order's number (the ids that start with it, a range of the primary
 * key) or a word of one of its clients' names or e-mails (the people's folded search text).
 */
function searchCondition(companyId: string, word: string): SQL {
  const ids = orderIdRangeOf(word);
  const byNumber = ids
    ? sql`union all select o.id from ${t.orders} o
      where o.company_id = ${companyId} and o.id between ${ids.first}::uuid and ${ids.last}::uuid`
    : sql``;
  return sql`lines.order_id in (
    select p.order_id from ${t.orderParties} p
    where p.company_id = ${companyId} and p.role = 'client' and p.search_text like ${foldedContaining(word)}
    ${byNumber})`;
}

function filterConditions(companyId: string, filter: PaymentsFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(sql`lines.kind = ${filter.kind}`);
  if (filter.method) conditions.push(sql`lines.method = ${filter.method}`);
  if (filter.status) conditions.push(sql`lines.status = ${filter.status}`);
  for (const word of searchWords(filter.q ?? '', 8)) conditions.push(searchCondition(companyId, word));
  return conditions;
}

const whereOf = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;

export interface PaymentLineRow {
  id: string;
  on: string;
  at: string;
  orderId: string;
  kind: PaymentLineKind;
  method: string;
  amountCents: number;
  currency: string;
  reference: string | null;
  status: PaymentLineStatus;
  recordedBy: string | null;
  client: string;
}

interface RawLine {
  id: string;
  on_date: string;
  at: string;
  order_id: string;
  kind: PaymentLineKind;
  method: string;
  amount: number | string;
  currency: string;
  reference: string | null;
  status: PaymentLineStatus;
  recorded_by: string | null;
  client: string;
}

/**
 * Up to `limit` lines from a cursor in the page's order (the office's date, the instant, the id:
 * ties broken, so a page never repeats or skips a line), and whether more lie beyond them in the
 * direction read. Keyset, never OFFSET: a page deep in a big company's year costs one page.
 */
export async function loadPaymentLines(
  db: Executor,
  companyId: string,
  filter: PaymentsFilter,
  cursor: PaymentsCursor | null,
  limit: number,
): Promise<{ rows: PaymentLineRow[]; more: boolean }> {
  const conditions = filterConditions(companyId, filter);
  const after = cursor?.direction !== 'before';
  if (cursor) {
    const key = sql`(${cursor.on}::date, ${cursor.at}::timestamptz, ${cursor.id}::text)`;
    // The date's own bound beside the row's: it reaches into each side of the union.
    conditions.push(
      after
        ? sql`lines.on_date >= ${cursor.on}::date and (lines.on_date, lines.at, lines.id) > ${key}`
        : sql`lines.on_date <= ${cursor.on}::date and (lines.on_date, lines.at, lines.id) < ${key}`,
    );
  }
  const direction = after ? sql`asc` : sql`desc`;
  // The page's lines are chosen first and only then given their status (unless the filter asks for
  // one) and their client: a year of a big company's ledger computed both for 30,000 lines to keep
  // 50 (decision 0083 measured 2.65 s a page; issue 48).
  const status = ledgerStatus({
    companyId: sql`${companyId}::uuid`,
    id: sql`page.id::uuid`,
    voided: sql`page.voided`,
    kind: sql`page.kind`,
    amount: sql`page.amount`,
  });
  // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`; every value is read as text or an integer.
  const result = (await db.execute(sql`
    select page.id, page.on_date::text as on_date,
      to_char(page.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
      page.order_id::text as order_id, page.kind, page.method, page.amount::int as amount, page.currency,
      page.reference, coalesce(page.status, ${status}) as status, page.recorded_by,
      coalesce((select trim(concat_ws(' ', p.person->>'first', p.person->>'last')) from ${t.orderParties} p
        where p.company_id = ${companyId} and p.order_id = page.order_id and p.role = 'client'
        order by p.position limit 1), '') as client
    from (
      select lines.* from ${linesOf(companyId, filter, filter.status !== undefined)}
      ${whereOf(conditions)}
      order by lines.on_date ${direction}, lines.at ${direction}, lines.id ${direction}
      limit ${limit + 1}
    ) page
    order by page.on_date ${direction}, page.at ${direction}, page.id ${direction}`)) as unknown as {
    rows: RawLine[];
  };
  const more = result.rows.length > limit;
  const page = result.rows.slice(0, limit).map((row): PaymentLineRow => ({
    id: row.id,
    on: row.on_date,
    at: row.at,
    orderId: row.order_id,
    kind: row.kind,
    method: row.method,
    amountCents: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    status: row.status,
    recordedBy: row.recorded_by,
    client: row.client,
  }));
  return { rows: after ? page : page.reverse(), more };
}

export interface PaymentSumRow {
  /** Which sum: per day, per month, per method, or of all. */
  by: 'day' | 'month' | 'method' | 'all';
  key: string;
  currency: string;
  paymentsCents: number;
  feesCents: number;
  refundsCents: number;
  disputedCents: number;
  lines: number;
}

/**
 * The sums of every line the filters match (not only a page), per day, month, method and in all,
 * each per currency, in one read (grouping sets). A voided line is counted as a line and for no
 * money; disputes are summed apart.
 */
export async function loadPaymentSums(
  db: Executor,
  companyId: string,
  filter: PaymentsFilter,
): Promise<PaymentSumRow[]> {
  const month = sql`to_char(lines.on_date, 'YYYY-MM')`;
  const live = sql`not lines.voided`;
  const result = (await db.execute(sql`
    select grouping(lines.on_date) as g_day, grouping(${month}) as g_month, grouping(lines.method) as g_method,
      lines.on_date::text as day, ${month} as month, lines.method, lines.currency,
      coalesce(sum(lines.amount) filter (where lines.kind = 'payment' and ${live}), 0)::text as payments,
      coalesce(sum(lines.amount) filter (where lines.kind = 'fee' and ${live}), 0)::text as fees,
      coalesce(sum(lines.amount) filter (where lines.kind = 'refund' and ${live}), 0)::text as refunds,
      coalesce(sum(lines.amount) filter (where lines.kind = 'dispute'), 0)::text as disputed,
      count(*)::int as lines
    from ${linesOf(companyId, filter, filter.status !== undefined)}
    ${whereOf(filterConditions(companyId, filter))}
    group by grouping sets ((lines.on_date, lines.currency), (${month}, lines.currency), (lines.method, lines.currency), (lines.currency))
  `)) as unknown as {
    rows: Array<{
      g_day: number;
      g_month: number;
      g_method: number;
      day: string | null;
      month: string | null;
      method: string | null;
      currency: string;
      payments: string;
      fees: string;
      refunds: string;
      disputed: string;
      lines: number | string;
    }>;
  };
  return result.rows.map((row) => {
    const [by, key]: [PaymentSumRow['by'], string] =
      Number(row.g_day) === 0
        ? ['day', row.day!]
        : Number(row.g_month) === 0
          ? ['month', row.month!]
          : Number(row.g_method) === 0
            ? ['method', row.method!]
            : ['all', 'all'];
    return {
      by,
      key,
      currency: row.currency,
      paymentsCents: Number(row.payments),
      feesCents: Number(row.fees),
      refundsCents: Number(row.refunds),
      disputedCents: Number(row.disputed),
      lines: Number(row.lines),
    };
  });
}

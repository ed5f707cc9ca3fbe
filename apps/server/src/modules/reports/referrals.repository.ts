import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The job that computes each company's `agent_referral_stats` (decision 0093). */
export const REFERRAL_STATS_JOB = 'referral_stats_refresh';

/** Office-local dates, both included. */
export interface ReferralSpan {
  from: string;
  to: string;
}

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Bounds of the appointments an agent query reads: always one company, and a window of time when one is given. */
type AppointmentBounds = { kind: 'all' } | { kind: 'span'; span: ReferralSpan } | { kind: 'since'; date: string };

/**
 * The window written twice: once a day wider either side in UTC (offsets run from -12 to +14 hours),
 * bounds that name no office, so that the (company, datetime) index bounds the rows read; once on
 * the office's own calendar, which decides (as the company's reports do, decision 0062).
 */
function boundsOf(bounds: AppointmentBounds): SQL {
  switch (bounds.kind) {
    case 'all':
      return sql``;
    case 'span':
      return sql`and o.datetime >= ((${bounds.span.from}::date - 1)::timestamp at time zone 'UTC')
        and o.datetime < ((${bounds.span.to}::date + 2)::timestamp at time zone 'UTC')
        and o.datetime >= (${bounds.span.from}::date::timestamp at time zone f.time_zone)
        and o.datetime < ((${bounds.span.to}::date + 1)::timestamp at time zone f.time_zone)`;
    case 'since':
      return sql`and o.datetime >= ((${bounds.date}::date - 1)::timestamp at time zone 'UTC')
        and o.datetime >= (${bounds.date}::date::timestamp at time zone f.time_zone)`;
  }
}

/**
 * One row per order and agent it names (a buyer's or seller's agent; the same agent named twice
 * on one order once): the order's status, total and office-local date, and the agent as the
 * directory now has them, or as the order typed them.
 */
function agentOrders(companyId: string, bounds: AppointmentBounds): SQL {
  const typedName = sql`trim(coalesce(p.person->>'first', '') || ' ' || coalesce(p.person->>'last', ''))`;
  return sql`select distinct on (o.id, agent_key)
      o.id as order_id, o.datetime, o.status,
      coalesce((o.pricing_snapshot->>'total_cents')::float8, 0) as total_cents,
      (o.datetime at time zone f.time_zone)::date as local_date,
      case when p.agent_id is not null then 'id:' || p.agent_id else 'name:' || left(lower(${typedName}), 200) end as agent_key,
      p.agent_id,
      case when a.id is not null then trim(a.first || ' ' || a.last) else ${typedName} end as name,
      coalesce(a.email, p.person->>'email', '') as email,
      -- A real-estate agent's brokerage is the directory's "company"; an insurance agent's, its "agency".
      trim(case when a.id is not null then coalesce(nullif(a.agency, ''), a.company)
        else coalesce(nullif(p.person->>'agency', ''), p.person->>'company', '') end) as agency
    from ${t.orders} o
      join ${t.offices} f on f.company_id = o.company_id and f.id = o.office_id
      join ${t.orderParties} p on p.company_id = o.company_id and p.order_id = o.id
        and p.role in ('buyers_agent', 'sellers_agent')
      left join ${t.agents} a on a.company_id = p.company_id and a.id = p.agent_id
    where o.company_id = ${companyId} and o.status in ('confirmed', 'cancelled') and o.datetime is not null
      and (p.agent_id is not null or ${typedName} <> '')
      ${boundsOf(bounds)}
    order by o.id, agent_key, p.position`;
}

const isBooked = sql`r.status = 'confirmed'`;
const figures = sql`(count(*) filter (where ${isBooked}))::int as inspections,
  (count(*) filter (where r.status = 'cancelled'))::int as cancelled,
  coalesce(sum(r.total_cents) filter (where ${isBooked}), 0)::float8 as revenue_cents`;

export interface AgentMonthRow {
  agent_key: string;
  agent_id: number | null;
  name: string;
  email: string;
  agency: string;
  month: string;
  /** The agent's first office-local date in this month. */
  first_date: string;
  inspections: number;
  cancelled: number;
  revenue_cents: number;
}

/** Per agent and office-local month of the span: the figures, and the agent as their latest order has them. */
export function agentMonths(db: Executor, companyId: string, span: ReferralSpan): Promise<AgentMonthRow[]> {
  return rowsOf<AgentMonthRow>(
    db,
    sql`select r.agent_key, min(r.agent_id) as agent_id,
        (array_agg(r.name order by r.datetime desc))[1] as name,
        (array_agg(r.email order by r.datetime desc))[1] as email,
        (array_agg(r.agency order by r.datetime desc))[1] as agency,
        to_char(r.local_date, 'YYYY-MM') as month, to_char(min(r.local_date), 'YYYY-MM-DD') as first_date,
        ${figures}
      from (${agentOrders(companyId, { kind: 'span', span })}) r
      group by r.agent_key, 6`,
  );
}

export interface AgencyMonthRow {
  agency: string;
  /** Null: the agency's whole span. */
  month: string | null;
  agents: number;
  inspections: number;
  cancelled: number;
  revenue_cents: number;
}

/**
 * Per agency and month, and per agency over the whole span (`month` null): an order two agents of
 * one agency share counts once for it.
 */
export function agencyMonths(db: Executor, companyId: string, span: ReferralSpan): Promise<AgencyMonthRow[]> {
  const once = sql`r.first_of_agency and r.status`;
  return rowsOf<AgencyMonthRow>(
    db,
    sql`select r.agency, r.month, count(distinct r.agent_key)::int as agents,
        (count(*) filter (where ${once} = 'confirmed'))::int as inspections,
        (count(*) filter (where ${once} = 'cancelled'))::int as cancelled,
        coalesce(sum(r.total_cents) filter (where ${once} = 'confirmed'), 0)::float8 as revenue_cents
      from (
        select x.*, to_char(x.local_date, 'YYYY-MM') as month,
          row_number() over (partition by x.order_id, x.agency order by x.agent_key) = 1 as first_of_agency
        from (${agentOrders(companyId, { kind: 'span', span })}) x
      ) r
      group by grouping sets ((r.agency, r.month), (r.agency))`,
  );
}

export interface SpanTotalsRow {
  inspections: number;
  cancelled: number;
  revenue_cents: number;
}

/** The span's orders with any agent, each once. */
export async function spanTotals(db: Executor, companyId: string, span: ReferralSpan): Promise<SpanTotalsRow> {
  const [row] = await rowsOf<SpanTotalsRow>(
    db,
    sql`select ${figures} from (
        select distinct on (x.order_id) x.* from (${agentOrders(companyId, { kind: 'span', span })}) x order by x.order_id
      ) r`,
  );
  return row ?? { inspections: 0, cancelled: 0, revenue_cents: 0 };
}

export interface StatsRow {
  agent_key: string;
  agent_id: number | null;
  name: string;
  email: string;
  agency: string;
  referrals: number;
  first_referral: string;
  last_referral: string;
}

const statsColumns = sql`agent_key, agent_id, name, email, agency, referrals,
  to_char(first_referral, 'YYYY-MM-DD') as first_referral, to_char(last_referral, 'YYYY-MM-DD') as last_referral`;

/** The stored history of some agents. */
export function statsOf(db: Executor, companyId: string, agentKeys: readonly string[]): Promise<StatsRow[]> {
  if (agentKeys.length === 0) return Promise.resolve([]);
  return rowsOf<StatsRow>(
    db,
    sql`select ${statsColumns} from ${t.agentReferralStats}
      where company_id = ${companyId} and agent_key = any(${`{${agentKeys.map((key) => JSON.stringify(key)).join(',')}}`}::text[])`,
  );
}

/**
 * Agents whose last inspection, by the stored history, came between `lastFrom` and before
 * `lastBefore`, with at least `minReferrals`: the most referrals first, at most `limit`.
 */
export function quietAgents(
  db: Executor,
  companyId: string,
  window: { lastFrom: string; lastBefore: string; minReferrals: number; limit: number },
): Promise<StatsRow[]> {
  return rowsOf<StatsRow>(
    db,
    sql`select ${statsColumns} from ${t.agentReferralStats}
      where company_id = ${companyId} and referrals >= ${window.minReferrals}
        and last_referral >= ${window.lastFrom}::date and last_referral < ${window.lastBefore}::date
      order by referrals desc, last_referral desc, agent_key
      limit ${window.limit}`,
  );
}

/** The agents with an inspection (booked or cancelled) on or after `date`, office-local: the history's newest part. */
export async function agentsSince(db: Executor, companyId: string, date: string): Promise<Set<string>> {
  const rows = await rowsOf<{ agent_key: string }>(
    db,
    sql`select distinct r.agent_key from (${agentOrders(companyId, { kind: 'since', date })}) r`,
  );
  return new Set(rows.map((row) => row.agent_key));
}

/**
 * Computes one company's agent history again from its orders, in one transaction: what the
 * report reads before its span. Reads the company's whole history: the job's work, never a request's.
 */
export async function refreshCompanyStats(db: Database, companyId: string, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${t.agentReferralStats} where company_id = ${companyId}`);
    const result = (await tx.execute(sql`
      insert into ${t.agentReferralStats}
        (company_id, agent_key, agent_id, name, email, agency, referrals, first_referral, last_referral)
      select ${companyId}, r.agent_key, min(r.agent_id),
        (array_agg(r.name order by r.datetime desc))[1],
        (array_agg(r.email order by r.datetime desc))[1],
        (array_agg(r.agency order by r.datetime desc))[1],
        count(*)::int, min(r.local_date), max(r.local_date)
      from (${agentOrders(companyId, { kind: 'all' })}) r
      group by r.agent_key`)) as unknown as { affectedRows?: number; rowCount?: number };
    await tx.execute(sql`
      insert into ${t.agentReferralRefreshes} (company_id, computed_at) values (${companyId}, ${at.toISOString()}::timestamptz)
      on conflict (company_id) do update set computed_at = excluded.computed_at`);
    return result.affectedRows ?? result.rowCount ?? 0;
  });
}

/** Companies whose history was computed before `staleBefore`, or never, the oldest first. */
export async function staleCompanies(db: Executor, staleBefore: Date, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select c.id from ${t.companies} c
      left join ${t.agentReferralRefreshes} r on r.company_id = c.id
      where r.computed_at is null or r.computed_at < ${staleBefore.toISOString()}::timestamptz
      order by r.computed_at nulls first, c.id
      limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * Queues a run of the job for `runAt` under `dedupeKey` (a key queued before is left as it is);
 * with `unlessQueued`, nothing while a run waits (a restart finds one).
 */
export async function queueStatsRun(db: Executor, runAt: Date, dedupeKey: string, unlessQueued: boolean): Promise<void> {
  const waiting = unlessQueued
    ? sql`and not exists (select 1 from ${t.jobs} where kind = ${REFERRAL_STATS_JOB} and done_at is null)`
    : sql``;
  await db.execute(sql`
    insert into ${t.jobs} (company_id, kind, dedupe_key, payload, run_at)
    select null, ${REFERRAL_STATS_JOB}, ${dedupeKey}, '{}'::jsonb, ${runAt.toISOString()}::timestamptz
    where true ${waiting}
    on conflict do nothing`);
}

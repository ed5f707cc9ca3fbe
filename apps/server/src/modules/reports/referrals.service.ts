import {
  REFERRAL_MAX_AGENCIES,
  REFERRAL_MAX_AGENTS,
  REFERRAL_MAX_STOPPED,
  REFERRAL_QUIET_DAYS,
  REFERRAL_STOPPED_LOOKBACK_DAYS,
  REFERRAL_STOPPED_MIN,
  type ReferralAgent,
  type ReferralFigures,
  type ReferralQuery,
  type ReferralResponse,
  type ReferralTable,
} from '@scheduler/contracts/referrals';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import type { Database } from '../../db/connection.ts';
import { NotFoundError } from '../../errors.ts';
import { csvText } from '../../http/csv-text.ts';
import {
  agencyMonths,
  agentMonths,
  agentsSince,
  queueStatsRun,
  quietAgents,
  refreshCompanyStats,
  REFERRAL_STATS_JOB,
  spanTotals,
  staleCompanies,
  statsOf,
  type AgentMonthRow,
} from './referrals.repository.ts';
import { amountCell, monthsOf } from './reports.service.ts';
import { reportCompany } from './reports.repository.ts';

/**
 * The referral report (issue 47, decision 0093): the span's figures per agent, agency and month,
 * read from the span's orders alone; what needs the years before (an agent's first inspection,
 * who went quiet) from `agent_referral_stats`, which a job keeps (refreshReferralStats).
 */

const none = (): ReferralFigures => ({ inspections: 0, cancelled: 0, revenue_cents: 0 });

function add(into: ReferralFigures, row: ReferralFigures): void {
  into.inspections += row.inspections;
  into.cancelled += row.cancelled;
  into.revenue_cents += row.revenue_cents;
}

const byWork = <Row extends ReferralFigures>(a: Row, b: Row) =>
  b.inspections - a.inspections || b.revenue_cents - a.revenue_cents || b.cancelled - a.cancelled;

/** The span's agents, each with their months, their first inspection (the history's or the span's) and whether that is in the span. */
function agentsOf(rows: readonly AgentMonthRow[], firsts: ReadonlyMap<string, string>, from: string): ReferralAgent[] {
  const agents = new Map<string, ReferralAgent>();
  // Rows come in no order: the agent as their latest month names them.
  const latest = new Map<string, string>();
  for (const row of rows) {
    let agent = agents.get(row.agent_key);
    if (!agent) {
      agent = {
        agent_key: row.agent_key,
        agent_id: row.agent_id,
        name: row.name,
        email: row.email,
        agency: row.agency,
        first_referral: row.first_date,
        new_in_span: false,
        by_month: [],
        ...none(),
      };
      agents.set(row.agent_key, agent);
    }
    if (row.month > (latest.get(row.agent_key) ?? '')) {
      latest.set(row.agent_key, row.month);
      Object.assign(agent, { name: row.name, email: row.email, agency: row.agency });
    }
    if (row.first_date < agent.first_referral) agent.first_referral = row.first_date;
    const figures = { inspections: row.inspections, cancelled: row.cancelled, revenue_cents: row.revenue_cents };
    agent.by_month.push({ month: row.month, ...figures });
    add(agent, figures);
  }
  for (const agent of agents.values()) {
    const known = firsts.get(agent.agent_key);
    if (known !== undefined && known < agent.first_referral) agent.first_referral = known;
    agent.new_in_span = agent.first_referral >= from;
    agent.by_month.sort((a, b) => a.month.localeCompare(b.month));
  }
  return [...agents.values()].sort((a, b) => byWork(a, b) || a.name.localeCompare(b.name));
}

/** Per month: the agents with an inspection then, new (their first month) and returning. */
function newVersusReturning(months: readonly string[], agents: readonly ReferralAgent[]) {
  return months.map((month) => {
    const row = { month, new_agents: 0, returning_agents: 0, new_inspections: 0, returning_inspections: 0 };
    for (const agent of agents) {
      const figures = agent.by_month.find((entry) => entry.month === month);
      if (!figures || figures.inspections === 0) continue;
      if (agent.first_referral.slice(0, 7) === month) {
        row.new_agents += 1;
        row.new_inspections += figures.inspections;
      } else {
        row.returning_agents += 1;
        row.returning_inspections += figures.inspections;
      }
    }
    return row;
  });
}

/** The UTC date of an instant. */
const utcDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The span's whole lists (no caps): what the JSON shows the top of and the CSV shows whole. */
async function referralData(db: Database, companyKey: string, query: Pick<ReferralQuery, 'from' | 'to'>, now: number) {
  const company = await reportCompany(db, companyKey);
  if (!company) throw new NotFoundError('The company');
  const span = { from: query.from, to: query.to };
  const asOf = utcDate(now);
  const quietFrom = addDays(asOf, -REFERRAL_QUIET_DAYS);
  const [agentRows, agencyRows, totals, quiet, recent] = await Promise.all([
    agentMonths(db, company.id, span),
    agencyMonths(db, company.id, span),
    spanTotals(db, company.id, span),
    // More than the list shows: some may have come back since the job last ran.
    quietAgents(db, company.id, {
      lastFrom: addDays(quietFrom, -REFERRAL_STOPPED_LOOKBACK_DAYS),
      lastBefore: quietFrom,
      minReferrals: REFERRAL_STOPPED_MIN,
      limit: REFERRAL_MAX_STOPPED * 2,
    }),
    agentsSince(db, company.id, quietFrom),
  ]);
  const keys = [...new Set(agentRows.map((row) => row.agent_key))];
  const firsts = new Map((await statsOf(db, company.id, keys)).map((row) => [row.agent_key, row.first_referral]));
  const agents = agentsOf(agentRows, firsts, query.from);

  const agencies = new Map<string, ReferralResponse['agencies'][number]>();
  for (const row of agencyRows) {
    if (row.month !== null) continue;
    const agency = { agency: row.agency, agents: row.agents, by_month: [], ...none() };
    add(agency, row);
    agencies.set(row.agency, agency);
  }
  for (const row of agencyRows) {
    if (row.month === null) continue;
    const { agency, month, agents, inspections, cancelled, revenue_cents } = row;
    agencies.get(agency)?.by_month.push({ month, agents, inspections, cancelled, revenue_cents });
  }
  for (const agency of agencies.values()) agency.by_month.sort((a, b) => a.month.localeCompare(b.month));

  const stopped = quiet
    .filter((row) => !recent.has(row.agent_key))
    .slice(0, REFERRAL_MAX_STOPPED)
    .map(({ first_referral: _first, ...row }) => row);
  return {
    currency: company.currency,
    asOf,
    totals,
    agents,
    agencies: [...agencies.values()].sort((a, b) => byWork(a, b) || a.agency.localeCompare(b.agency)),
    stopped,
  };
}

/** The referral report of the span, judged "stopped" on `now`'s date. */
export async function referralReport(
  db: Database,
  companyKey: string,
  query: Pick<ReferralQuery, 'from' | 'to'>,
  now: number,
): Promise<ReferralResponse> {
  const data = await referralData(db, companyKey, query, now);
  const months = monthsOf(query.from, query.to);
  return {
    company_key: companyKey,
    from: query.from,
    to: query.to,
    currency: data.currency,
    as_of: data.asOf,
    months,
    totals: { ...data.totals, agents: data.agents.length, agencies: data.agencies.length },
    new_vs_returning: newVersusReturning(months, data.agents),
    agents: data.agents.slice(0, REFERRAL_MAX_AGENTS),
    agents_more: Math.max(0, data.agents.length - REFERRAL_MAX_AGENTS),
    agencies: data.agencies.slice(0, REFERRAL_MAX_AGENCIES),
    agencies_more: Math.max(0, data.agencies.length - REFERRAL_MAX_AGENCIES),
    stopped: data.stopped,
  };
}

/** One table as CSV: unlike the JSON, every agent and agency of the span. */
export async function referralCsv(
  db: Database,
  companyKey: string,
  query: Pick<ReferralQuery, 'from' | 'to'>,
  table: ReferralTable,
  now: number,
): Promise<{ text: string; rows: number }> {
  const data = await referralData(db, companyKey, query, now);
  const money = (minor: number) => amountCell(minor, data.currency);
  const figureCells = (row: ReferralFigures) => [
    String(row.inspections),
    String(row.cancelled),
    money(row.revenue_cents),
    data.currency,
  ];
  let header: string[];
  let rows: string[][];
  if (table === 'agents_by_month') {
    header = ['agent', 'email', 'agency', 'first_referral', 'month', 'inspections', 'cancelled', 'revenue', 'currency'];
    rows = data.agents.flatMap((agent) =>
      agent.by_month.map((month) => [
        agent.name,
        agent.email,
        agent.agency,
        agent.first_referral,
        month.month,
        ...figureCells(month),
      ]),
    );
  } else if (table === 'agencies_by_month') {
    header = ['agency', 'month', 'agents', 'inspections', 'cancelled', 'revenue', 'currency'];
    rows = data.agencies.flatMap((agency) =>
      agency.by_month.map((month) => [agency.agency, month.month, String(month.agents), ...figureCells(month)]),
    );
  } else {
    header = ['agent', 'email', 'agency', 'referrals', 'last_referral'];
    rows = data.stopped.map((row) => [row.name, row.email, row.agency, String(row.referrals), row.last_referral]);
  }
  return { text: csvText([header, ...rows]), rows: rows.length };
}

/** What the referral-stats job needs: the database, how often it runs, the app's clock. */
export interface ReferralStatsDeps {
  db: Database;
  clock: () => number;
  /** How old a company's history may grow before the job computes it again. */
  staleAfterMs: number;
  /** Minutes between runs when every company is fresh. */
  everyMinutes: number;
  /** Companies one run computes at most (each its own transaction). */
  batch?: number;
}

const DEFAULT_BATCH = 20;

/**
 * One run: the stalest companies' agent histories computed again (each in its own short
 * transaction, so no visitor waits on a long one), then the next run queued: at once when more
 * are stale, else `everyMinutes` on. Run again by a worker that died, it queues the next once.
 */
export async function refreshReferralStats(deps: ReferralStatsDeps, jobId: number): Promise<string> {
  const batch = deps.batch ?? DEFAULT_BATCH;
  const now = deps.clock();
  const companies = await staleCompanies(deps.db, new Date(now - deps.staleAfterMs), batch);
  for (const companyId of companies) await refreshCompanyStats(deps.db, companyId, new Date(deps.clock()));
  const more = companies.length === batch;
  const nextAt = more ? deps.clock() : deps.clock() + deps.everyMinutes * 60_000;
  await queueStatsRun(deps.db, new Date(nextAt), `after:${jobId}`, false);
  return `computed ${companies.length}`;
}

/** Queues the first run at start, unless one is waiting already. */
export async function scheduleReferralStats(deps: Pick<ReferralStatsDeps, 'db' | 'clock'>): Promise<void> {
  const at = new Date(deps.clock());
  await queueStatsRun(deps.db, at, `start:${at.toISOString()}`, true);
}

/** The worker's handler of the job (a job of no company). */
export function referralStatsJobHandlers(deps: ReferralStatsDeps) {
  return { [REFERRAL_STATS_JOB]: (job: { id: number }) => refreshReferralStats(deps, job.id) };
}

import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import {
  REFERRAL_MAX_AGENCIES,
  REFERRAL_MAX_AGENTS,
  REFERRAL_QUIET_DAYS,
  REFERRAL_STOPPED_MIN,
  type ReferralFigures,
  type ReferralResponse,
} from '@scheduler/contracts/referrals';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { SpanForm } from '../../../shared/SpanForm.tsx';
import { shortDateText } from '../../../shared/time-text.ts';
import { referralCsvHref, referralQueryOptions } from './report-query.ts';
import { useReportSpan } from './use-report-span.ts';
import { countText, moneyText, monthText } from './report-text.ts';
import { FigureList, FigureTable, figureColumns, type Column } from './ReportTables.tsx';

const TITLE = 'Referrals';

/** /console/{key}/reports/referrals (owner, admin): which agents send the company its work (issue 47). */
export default function ReferralsPage() {
  const { companyKey, membership } = useCompany();
  if (!memberCan(membership, 'reports.read'))
    return (
      <>
        <PageHeading>{TITLE}</PageHeading>
        <Typography>You don&apos;t have access to this.</Typography>
      </>
    );
  return <Referrals companyKey={companyKey} />;
}

function Referrals({ companyKey }: { companyKey: string }) {
  const { from, to, range, change } = useReportSpan();
  const report = useQuery({ ...referralQueryOptions(companyKey, { from, to }), enabled: range.ok });

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Which agents send you work: the inspections each buyer&apos;s and seller&apos;s agent was on, counted on the day
        of the inspection on the office&apos;s calendar.{' '}
        <Link component={RouterLink} to={`/${encodeURIComponent(companyKey)}/reports?from=${from}&to=${to}`}>
          Back to the reports
        </Link>
      </Typography>
      <SpanForm label="Span" from={from} to={to} onChange={change} problem={range.ok ? null : range.message} />
      {range.ok && report.isPending && <Loading label="Loading the referrals…" />}
      {range.ok && report.isError && <Failure error={report.error} onRetry={() => void report.refetch()} />}
      {range.ok && report.data && <ReferralTables companyKey={companyKey} report={report.data} />}
    </>
  );
}

function ReferralTables({ companyKey, report }: { companyKey: string; report: ReferralResponse }) {
  const money = (cents: number) => moneyText(cents, report.currency);
  const csv = (table: Parameters<typeof referralCsvHref>[2]) =>
    referralCsvHref(companyKey, { from: report.from, to: report.to }, table);
  const figures = <Row extends ReferralFigures>() => figureColumns<Row>(report.currency);
  // An agent's orders: the orders list searched by their e-mail (or name) over the same span.
  const ordersOf = (agent: { email: string; name: string }) =>
    `/${encodeURIComponent(companyKey)}/orders?${new URLSearchParams({
      q: agent.email || agent.name,
      from: report.from,
      to: report.to,
      status: 'all',
    }).toString()}`;
  // The agent's name, a link to their orders.
  const agentColumn: Column<{ email: string; name: string }> = {
    title: 'Agent',
    cell: (row) => (
      <Link component={RouterLink} to={ordersOf(row)} aria-label={`Orders of ${row.name}`}>
        {row.name}
      </Link>
    ),
  };
  type Agent = ReferralResponse['agents'][number];
  type Agency = ReferralResponse['agencies'][number];
  type Month = ReferralResponse['new_vs_returning'][number];
  type Stopped = ReferralResponse['stopped'][number];
  const headline: Array<[string, string]> = [
    ['Agents', countText(report.totals.agents)],
    ['Agencies', countText(report.totals.agencies)],
    ['Inspections with an agent', countText(report.totals.inspections)],
    ['Their revenue', money(report.totals.revenue_cents)],
  ];
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        From {shortDateText(report.from)} to {shortDateText(report.to)}.
      </Typography>
      <FigureList figures={headline} columns={4} />
      <FigureTable<Month>
        title="New and returning agents"
        note="An agent is new in the month of their first inspection with you. The CSV of the agents, month by month, holds these figures."
        rows={report.new_vs_returning}
        columns={[
          { title: 'Month', cell: (row) => monthText(row.month) },
          { title: 'New agents', cell: (row) => countText(row.new_agents), number: true },
          { title: 'Inspections by new agents', cell: (row) => countText(row.new_inspections), number: true },
          { title: 'Returning agents', cell: (row) => countText(row.returning_agents), number: true },
          { title: 'Inspections by returning agents', cell: (row) => countText(row.returning_inspections), number: true },
        ]}
        rowKey={(row) => row.month}
        empty="No months."
      />
      <FigureTable<Agent>
        title="By agent"
        note={
          report.agents_more > 0
            ? `The ${REFERRAL_MAX_AGENTS} agents with the most inspections; ${countText(report.agents_more)} more in the CSV, month by month.`
            : 'An inspection two agents share counts for each of them. The CSV gives each agent month by month.'
        }
        rows={report.agents}
        columns={[
          agentColumn,
          { title: 'Agency', cell: (row) => row.agency || '—' },
          {
            title: 'First inspection',
            cell: (row) => (
              <>
                {shortDateText(row.first_referral)}
                {row.new_in_span && <Chip size="small" label="New" color="success" variant="outlined" sx={{ ml: 1 }} />}
              </>
            ),
          },
          ...figures<Agent>(),
        ]}
        rowKey={(row) => row.agent_key}
        csvHref={csv('agents_by_month')}
        empty="No agent on the inspections of these months."
      />
      <FigureTable<Agency>
        title="By agency"
        note={
          report.agencies_more > 0
            ? `The ${REFERRAL_MAX_AGENCIES} agencies with the most inspections; the rest in the CSV.`
            : 'An inspection two agents of one agency share counts once for it.'
        }
        rows={report.agencies}
        columns={[
          { title: 'Agency', cell: (row) => row.agency || 'No agency given' },
          { title: 'Agents', cell: (row) => countText(row.agents), number: true },
          ...figures<Agency>(),
        ]}
        rowKey={(row) => row.agency}
        csvHref={csv('agencies_by_month')}
        empty="No agency on the inspections of these months."
      />
      <FigureTable<Stopped>
        title="Agents who stopped sending work"
        note={`At least ${REFERRAL_STOPPED_MIN} inspections with you, and none in the ${REFERRAL_QUIET_DAYS} days up to ${shortDateText(report.as_of)} or booked since.`}
        rows={report.stopped}
        columns={[
          agentColumn,
          { title: 'Agency', cell: (row) => row.agency || '—' },
          { title: 'Inspections', cell: (row) => countText(row.referrals), number: true },
          { title: 'Last inspection', cell: (row) => shortDateText(row.last_referral) },
        ]}
        rowKey={(row) => row.agent_key}
        csvHref={csv('stopped')}
        empty="No agent has stopped sending work."
      />
    </>
  );
}

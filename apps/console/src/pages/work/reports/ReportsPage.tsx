import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { ReportResponse } from '@scheduler/contracts/reports';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { SpanForm } from '../../../shared/SpanForm.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { shortDateText } from '../../../shared/time-text.ts';
import { reportCsvHref, reportQueryOptions } from './report-query.ts';
import { useReportSpan } from './use-report-span.ts';
import { countText, leadText, moneyText } from './report-text.ts';
import { FigureList, ReportTables } from './ReportTables.tsx';
import { RevenueChart } from './RevenueChart.tsx';

const TITLE = 'Reports';

/** /console/{key}/reports (owner, admin): inspections, cancellations and revenue over months. */
export default function ReportsPage() {
  const { companyKey, membership } = useCompany();
  if (!memberCan(membership, 'reports.read'))
    return (
      <>
        <PageHeading>{TITLE}</PageHeading>
        <Typography>You don&apos;t have access to this.</Typography>
      </>
    );
  return <Reports companyKey={companyKey} />;
}

function Reports({ companyKey }: { companyKey: string }) {
  const { from, to, range, change } = useReportSpan();
  const report = useQuery({ ...reportQueryOptions(companyKey, { from, to }), enabled: range.ok });

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Inspections booked, cancellations and revenue, counted on the day of the inspection on the office&apos;s
        calendar. Revenue is what the inspections booked were confirmed at; cancelled ones are counted apart.{' '}
        <Link component={RouterLink} to={`/${encodeURIComponent(companyKey)}/reports/referrals?from=${from}&to=${to}`}>
          Referrals: which agents send you work
        </Link>
      </Typography>
      <SpanForm
        label="Span"
        from={from}
        to={to}
        onChange={change}
        problem={range.ok ? null : range.message}
      />
      {range.ok && report.isPending && <Loading label="Loading the report…" />}
      {range.ok && report.isError && <Failure error={report.error} onRetry={() => void report.refetch()} />}
      {range.ok && report.data && (
        <>
          <Headline report={report.data} />
          <RevenueChart report={report.data} />
          <ReportTables
            report={report.data}
            csvHref={(table) => reportCsvHref(companyKey, { from: report.data.from, to: report.data.to }, table)}
          />
        </>
      )}
    </>
  );
}

/** The span's five figures, as a list of terms and values. */
function Headline({ report }: { report: ReportResponse }) {
  const { totals, currency } = report;
  const figures: Array<[string, string]> = [
    ['Inspections', countText(totals.inspections)],
    ['Cancellations', countText(totals.cancelled)],
    ['Revenue', moneyText(totals.revenue_cents, currency)],
    ['Average value', totals.average_value_cents === null ? 'none booked' : moneyText(totals.average_value_cents, currency)],
    ['Average lead time', leadText(totals.average_lead_days)],
  ];
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        From {shortDateText(report.from)} to {shortDateText(report.to)}.
      </Typography>
      <FigureList figures={figures} columns={5} />
    </>
  );
}

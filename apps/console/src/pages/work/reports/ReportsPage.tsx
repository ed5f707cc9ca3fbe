import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportResponse } from '@scheduler/contracts/reports';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { SpanForm } from '../../../shared/SpanForm.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { shortDateText } from '../../../shared/time-text.ts';
import { reportCsvHref, reportQueryOptions } from './report-query.ts';
import { checkReportRange, defaultReportRange } from './report-range.ts';
import { countText, leadText, moneyText } from './report-text.ts';
import { ReportTables } from './ReportTables.tsx';
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

/** The span lives in the URL (a view can be shared and reloaded); without it, the last 12 months. */
function Reports({ companyKey }: { companyKey: string }) {
  const [params, setParams] = useSearchParams();
  // Today once per visit: a page left open past midnight keeps the span it showed.
  const [fallback] = useState(() => defaultReportRange(new Date()));
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const range = checkReportRange(from, to);
  const report = useQuery({ ...reportQueryOptions(companyKey, { from, to }), enabled: range.ok });
  const change = (name: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    next.set('from', from);
    next.set('to', to);
    next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Inspections booked, cancellations and revenue, counted on the day of the inspection on the office&apos;s
        calendar. Revenue is what the inspections booked were confirmed at; cancelled ones are counted apart.
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
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr))' },
          gap: 1.5,
          m: 0,
          mb: 2,
        }}
      >
        {figures.map(([term, value]) => (
          <Box key={term} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

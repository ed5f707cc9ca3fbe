import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OfficeFunnel } from '@scheduler/contracts/analytics';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { SpanForm } from '../../../shared/SpanForm.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { shortDateText } from '../../../shared/time-text.ts';
import { apartSentence, biggestDrop, countText, dropSentence } from './funnel-figures.ts';
import { funnelQueryOptions } from './funnel-query.ts';
import { checkRange, defaultRange } from './funnel-range.ts';
import { DaysTable, SourcesTable, StepsTable } from './FunnelTables.tsx';

const TITLE = 'Funnel';

/** /console/{key}/funnel (owner, admin, office): how far visitors get in the scheduler, and where they give up. */
export default function FunnelPage() {
  const { companyKey, membership } = useCompany();
  if (!memberCan(membership, 'funnel.read'))
    return (
      <>
        <PageHeading>{TITLE}</PageHeading>
        <Typography>You don&apos;t have access to this.</Typography>
      </>
    );
  return <Funnel companyKey={companyKey} />;
}

/** The span and office live in the URL (a view can be shared and reloaded); without them, the last 30 days and the first office. */
function Funnel({ companyKey }: { companyKey: string }) {
  const [params, setParams] = useSearchParams();
  // Today once per visit: a page left open past midnight keeps the span it showed.
  const [fallback] = useState(() => defaultRange(new Date()));
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const office = params.get('office');
  const range = checkRange(from, to);
  // Every office of the span: the choice of office, and the first office's figures when none is chosen.
  const all = useQuery({ ...funnelQueryOptions(companyKey, { from, to, office: null }), enabled: range.ok });
  const chosen = useQuery({
    ...funnelQueryOptions(companyKey, { from, to, office }),
    enabled: range.ok && office !== null,
  });
  const shown = office === null ? all : chosen;
  const offices = all.data?.offices ?? [];
  const change = (name: 'from' | 'to' | 'office', value: string) => {
    const next = new URLSearchParams(params);
    next.set('from', from);
    next.set('to', to);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  const officeFunnel = shown.data?.offices.find((item) => office === null || item.office_uuid === office) ?? null;

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        How far visitors get in your scheduler, counted by the day their visit started on the office&apos;s calendar. A
        visit counts once the scheduler showed its first screen to someone; bookings taken by phone or made through the
        API are counted apart.
      </Typography>
      <SpanForm
        label="Span and office"
        from={from}
        to={to}
        onChange={change}
        problem={range.ok ? null : range.message}
        columns={3}
      >
        {offices.length > 1 && (
          <TextField
            select
            size="small"
            label="Office"
            value={office ?? offices[0]!.office_uuid}
            onChange={(event) => change('office', event.target.value)}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          >
            {offices.map((item) => (
              <MenuItem key={item.office_uuid} value={item.office_uuid}>
                {item.office_name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </SpanForm>
      {range.ok && shown.isPending && <Loading label="Loading the funnel…" />}
      {range.ok && shown.isError && <Failure error={shown.error} onRetry={() => void shown.refetch()} />}
      {range.ok && shown.data && officeFunnel && (
        <OfficeFigures office={officeFunnel} from={shown.data.from} to={shown.data.to} several={offices.length > 1} />
      )}
    </>
  );
}

function OfficeFigures({
  office,
  from,
  to,
  several,
}: {
  office: OfficeFunnel;
  from: string;
  to: string;
  several: boolean;
}) {
  const span = `${shortDateText(from)} to ${shortDateText(to)}`;
  const where = several ? ` at ${office.office_name}` : '';
  const apart = apartSentence(office.totals);
  if (office.totals.started === 0)
    return (
      <Typography role="status">
        No visitor started the scheduler{where} from {span}.{apart && ` ${apart}`}
      </Typography>
    );
  const drop = biggestDrop(office);
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {countText(office.totals.started)} visits started{where} from {span}; {countText(office.totals.confirmed)}{' '}
        booked online.{apart && ` ${apart}`}
      </Typography>
      {/* Read with the figures, not announced over them: the status line above already says the figures changed. */}
      <Alert severity={drop ? 'warning' : 'success'} role="note">
        {dropSentence(drop)}
      </Alert>
      <StepsTable office={office} drop={drop} />
      <SourcesTable office={office} />
      <DaysTable office={office} />
    </>
  );
}

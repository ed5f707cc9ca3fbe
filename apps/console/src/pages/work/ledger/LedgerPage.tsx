import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  PAYMENT_LINE_KINDS,
  PAYMENT_LINE_STATUSES,
  PAYMENT_METHODS,
  PAYMENTS_MAX_DAYS,
  PAYMENTS_PER_PAGE_DEFAULT,
  PAYMENTS_SEARCH_MAX,
  paymentsFilterSchema,
  type PaymentLine,
  type PaymentTotal,
  type PaymentsPage,
} from '@scheduler/contracts/ledger';
import { formatMoney } from '@scheduler/domain/money-format';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { CursorPager } from '../../../shared/CursorPager.tsx';
import { Failure } from '../../../shared/Failure.tsx';
import {
  KIND_WORDS,
  METHOD_WORDS,
  STATUS_WORDS,
  paymentsCsvUrl,
  paymentsPageQueryOptions,
  type PaymentsPageQuery,
} from '../../../shared/ledger.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { SpanForm } from '../../../shared/SpanForm.tsx';
import { shortDateText, todayIn } from '../../../shared/time-text.ts';

const TITLE = 'Payments';
const PAGE_SIZES = [25, 50, 100, 200];
const FILTERS = ['from', 'to', 'kind', 'method', 'status', 'q'] as const;
type Filter = (typeof FILTERS)[number];

/** Why the filters cannot be read, in words; null when the API takes them. */
function filterProblem(query: PaymentsPageQuery): string | null {
  if (paymentsFilterSchema.safeParse(withoutEmpty(query)).success) return null;
  if (!query.from || !query.to) return 'Enter both dates.';
  if (query.to < query.from) return 'The last day comes before the first: pick a last day on or after the first.';
  return `At most ${PAYMENTS_MAX_DAYS} days at a time: pick a shorter span.`;
}

function withoutEmpty(query: PaymentsPageQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && entry[1] !== '' && FILTERS.includes(entry[0] as Filter),
    ),
  );
}

/**
 * /console/{key}/ledger (decision 0083): every payment, fee, refund and dispute of the company over
 * a span of the office's dates, filtered and paged by the server (by cursor), the totals per
 * method, month and day of every line the filters match, and the same as CSV for the accountant.
 * Owners and admins; office staff while the company allows it.
 */
export default function LedgerPage() {
  const { companyKey, membership } = useCompany();
  if (!memberCan(membership, 'payments.ledger'))
    return (
      <>
        <PageHeading>{TITLE}</PageHeading>
        <Typography>You don&apos;t have access to this.</Typography>
      </>
    );
  return <Ledger companyKey={companyKey} />;
}

/** The filters and the page's cursor live in the URL (a view can be shared and reloaded); without a span, this month so far. */
function Ledger({ companyKey }: { companyKey: string }) {
  const [params, setParams] = useSearchParams();
  // Today once per visit: a page left open past midnight keeps the span it showed.
  const [today] = useState(() => todayIn(undefined));
  const query: PaymentsPageQuery = {
    from: params.get('from') ?? `${today.slice(0, 8)}01`,
    to: params.get('to') ?? today,
    kind: params.get('kind') ?? undefined,
    method: params.get('method') ?? undefined,
    status: params.get('status') ?? undefined,
    q: params.get('q') ?? undefined,
    cursor: params.get('cursor') ?? undefined,
    per_page: params.get('per_page') ?? undefined,
  };
  const problem = filterProblem(query);
  const page = useQuery({
    ...paymentsPageQueryOptions(companyKey, query),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  /** Another filter starts again at the first page. */
  const change = (changes: PaymentsPageQuery) => {
    const next = new URLSearchParams(params);
    next.set('from', query.from ?? '');
    next.set('to', query.to ?? '');
    if (!('cursor' in changes)) next.delete('cursor');
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next, { replace: true });
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <PageHeading>{TITLE}</PageHeading>
        {problem === null && (
          <Button component="a" href={paymentsCsvUrl(companyKey, query)} variant="outlined" download>
            Download CSV
          </Button>
        )}
      </Box>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Every payment, fee, refund and dispute, on the office&apos;s calendar. Voided entries are listed struck out and
        count for nothing; refunds are subtracted; disputed amounts are totalled apart until Stripe decides them.
      </Typography>
      <SpanForm
        label="Payments between"
        from={query.from ?? ''}
        to={query.to ?? ''}
        onChange={(field, value) => change({ [field]: value })}
        problem={problem}
        columns={3}
      >
        <Choice
          label="Kind"
          value={query.kind}
          options={PAYMENT_LINE_KINDS}
          words={KIND_WORDS}
          onChange={(kind) => change({ kind })}
        />
        <Choice
          label="Method"
          value={query.method}
          options={PAYMENT_METHODS}
          words={METHOD_WORDS}
          onChange={(method) => change({ method })}
        />
        <Choice
          label="Status"
          value={query.status}
          options={PAYMENT_LINE_STATUSES}
          words={STATUS_WORDS}
          onChange={(status) => change({ status })}
        />
        <SearchField value={query.q ?? ''} onSearch={(q) => change({ q })} />
      </SpanForm>
      {problem === null && page.isPending && <Loading label="Loading the payments…" />}
      {problem === null && page.isError && <Failure error={page.error} onRetry={() => void page.refetch()} />}
      {problem === null && page.data && (
        <>
          <Summary page={page.data} updating={page.isFetching} />
          {page.data.lines.length > 0 && <Lines lines={page.data.lines} companyKey={companyKey} />}
          <CursorPager
            label="Pages of payments"
            sizes={PAGE_SIZES}
            perPage={Number(query.per_page ?? PAYMENTS_PER_PAGE_DEFAULT)}
            onPerPage={(size) => change({ per_page: String(size) })}
            atFirst={query.cursor === undefined}
            previous={page.data.previous_cursor}
            next={page.data.next_cursor}
            onCursor={(cursor) => change({ cursor })}
          />
          {page.data.total_lines > 0 && (
            <>
              <Totals
                title="Totals per method"
                first="Method"
                totals={page.data.totals.by_method}
                keyText={methodText}
              />
              <Totals title="Totals per month" first="Month" totals={page.data.totals.by_month} keyText={monthText} />
              <Totals title="Totals per day" first="Day" totals={page.data.totals.by_day} keyText={shortDateText} />
            </>
          )}
        </>
      )}
    </>
  );
}

const methodText = (method: string) => METHOD_WORDS[method as PaymentLine['method']] ?? method;
const monthText = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A select of one filter; "Any" leaves it out. */
function Choice<T extends string>({
  label,
  value,
  options,
  words,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly T[];
  words: Record<T, string>;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value && (options as readonly string[]).includes(value) ? value : ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">Any</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {words[option]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The search applies when the office presses Enter or leaves the field, not at every letter. */
function SearchField({ value, onSearch }: { value: string; onSearch: (q: string | undefined) => void }) {
  const [text, setText] = useState(value);
  const apply = () => {
    if (text.trim() !== value) onSearch(text.trim() || undefined);
  };
  return (
    <TextField
      size="small"
      type="search"
      label="Order number or client"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      slotProps={{ htmlInput: { maxLength: PAYMENTS_SEARCH_MAX }, inputLabel: { shrink: true } }}
    />
  );
}

/** How many lines match, and the net and disputed sums per currency. */
function Summary({ page, updating }: { page: PaymentsPage; updating: boolean }) {
  const sums = page.totals.all
    .map(
      (total) =>
        `net ${formatMoney(total.net_cents, total.currency)}` +
        (total.disputed_cents > 0 ? `, disputed ${formatMoney(total.disputed_cents, total.currency)}` : ''),
    )
    .join('; ');
  return (
    <Typography role="status" sx={{ mb: 1, color: 'text.secondary' }}>
      {page.total_lines === 0
        ? 'No payments match these filters.'
        : `${page.total_lines} line${page.total_lines === 1 ? '' : 's'} from ${shortDateText(page.from)} to ${shortDateText(page.to)}: ${sums}${updating ? ' · Updating…' : ''}`}
    </Typography>
  );
}

const signedMoney = (cents: number, currency: string) =>
  cents < 0 ? `−${formatMoney(-cents, currency)}` : formatMoney(Math.abs(cents), currency);

function Lines({ lines, companyKey }: { lines: readonly PaymentLine[]; companyKey: string }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Payments, scrolls sideways">
      <Table size="small" aria-label="Payments" sx={{ minWidth: 900 }}>
        <caption>Dates on the office&apos;s calendar; refunds and disputes are negative.</caption>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Order</TableCell>
            <TableCell>Client</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Method</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Stripe id or reference</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Recorded by</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => {
            const voided = line.status === 'voided';
            return (
              <TableRow key={`${line.kind}-${line.id}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDateText(line.on)}</TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/${encodeURIComponent(companyKey)}/orders/${encodeURIComponent(line.order_id)}`}
                  >
                    {line.order_reference}
                  </Link>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.client}</TableCell>
                <TableCell>{KIND_WORDS[line.kind]}</TableCell>
                <TableCell>{METHOD_WORDS[line.method]}</TableCell>
                <TableCell
                  align="right"
                  sx={{
                    whiteSpace: 'nowrap',
                    fontVariantNumeric: 'tabular-nums',
                    ...(voided && { textDecoration: 'line-through' }),
                  }}
                >
                  {signedMoney(line.amount_cents, line.currency)}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.reference ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{STATUS_WORDS[line.status]}</TableCell>
                <TableCell>{line.recorded_by ?? 'Stripe'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One table of sums (per method, month or day), each per currency. */
function Totals({
  title,
  first,
  totals,
  keyText,
}: {
  title: string;
  first: string;
  totals: readonly PaymentTotal[];
  keyText: (key: string) => string;
}) {
  const id = `totals-${first.toLowerCase()}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography variant="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label={`${title}, scrolls sideways`}>
        <Table size="small" aria-labelledby={id} sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>{first}</TableCell>
              <TableCell align="right">Payments</TableCell>
              <TableCell align="right">Fees</TableCell>
              <TableCell align="right">Refunds</TableCell>
              <TableCell align="right">Net</TableCell>
              <TableCell align="right">Disputed</TableCell>
              <TableCell align="right">Lines</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {totals.map((total) => (
              <TableRow key={`${total.key}-${total.currency}`}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {keyText(total.key)}
                </TableCell>
                {[
                  total.payments_cents,
                  total.fees_cents,
                  -total.refunds_cents,
                  total.net_cents,
                  -total.disputed_cents,
                ].map((cents, index) => (
                  <TableCell
                    key={index}
                    align="right"
                    sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {signedMoney(cents, total.currency)}
                  </TableCell>
                ))}
                <TableCell align="right">{total.lines}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

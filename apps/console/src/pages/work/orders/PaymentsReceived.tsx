import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { RECONCILE_MAX_DAYS, reconcileQuerySchema, type ReconcileResponse } from '@scheduler/contracts/ledger';
import { formatMoney } from '@scheduler/domain/money-format';
import { Failure } from '../../../shared/Failure.tsx';
import { METHOD_WORDS, reconcileCsvUrl, reconcileQueryOptions } from '../../../shared/ledger.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { SpanForm } from '../../../shared/SpanForm.tsx';
import { shortDateText, todayIn } from '../../../shared/time-text.ts';

/** Why a span cannot be read, in words; null when the API takes it. */
function spanProblem(from: string, to: string): string | null {
  if (reconcileQuerySchema.safeParse({ from, to }).success) return null;
  if (!from || !to) return 'Enter both dates.';
  if (to < from) return 'The last day comes before the first: pick a last day on or after the first.';
  return `At most ${RECONCILE_MAX_DAYS} days at a time: pick a shorter span.`;
}

/**
 * The reconciliation (issue 41 item 4, decision 0064): the payments and refunds received over a
 * span of the office's dates, totals per method, and the same as CSV for the accountant. Shown on
 * the orders page to owners, admins and office staff; voided entries are left out.
 */
export function PaymentsReceived({ companyKey }: { companyKey: string }) {
  const [span, setSpan] = useState(() => {
    const today = todayIn(undefined);
    return { from: `${today.slice(0, 8)}01`, to: today };
  });
  const problem = spanProblem(span.from, span.to);
  const report = useQuery({ ...reconcileQueryOptions(companyKey, span), enabled: problem === null });
  return (
    <Box component="section" aria-labelledby="payments-received-title" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="h2" id="payments-received-title" sx={{ mb: 1.5 }}>
          Payments received
        </Typography>
        {problem === null && (
          <Button component="a" href={reconcileCsvUrl(companyKey, span)} variant="outlined" download>
            Download payments CSV
          </Button>
        )}
      </Box>
      <SpanForm
        label="Payments received between"
        from={span.from}
        to={span.to}
        onChange={(field, value) => setSpan((was) => ({ ...was, [field]: value }))}
        problem={problem}
      />
      {problem === null && report.isPending && <Loading label="Loading the payments…" />}
      {problem === null && report.isError && <Failure error={report.error} onRetry={() => void report.refetch()} />}
      {problem === null && report.data && <Received report={report.data} companyKey={companyKey} />}
    </Box>
  );
}

function Received({ report, companyKey }: { report: ReconcileResponse; companyKey: string }) {
  if (report.lines.length === 0) return <Typography>No payments received in these days.</Typography>;
  const signed = (kind: string, cents: number, currency: string) =>
    kind === 'refund' ? `−${formatMoney(cents, currency)}` : formatMoney(cents, currency);
  return (
    <>
      <TableContainer tabIndex={0} role="region" aria-label="Totals per method, scrolls sideways" sx={{ mb: 2 }}>
        <Table size="small" aria-label="Totals per method" sx={{ minWidth: 420 }}>
          <TableHead>
            <TableRow>
              <TableCell>Method</TableCell>
              <TableCell align="right">Payments</TableCell>
              <TableCell align="right">Refunds</TableCell>
              <TableCell align="right">Net</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.totals.map((total) => (
              <TableRow key={`${total.method}-${total.currency}`}>
                <TableCell>{METHOD_WORDS[total.method]}</TableCell>
                <TableCell align="right">{formatMoney(total.payments_cents, total.currency)}</TableCell>
                <TableCell align="right">{formatMoney(total.refunds_cents, total.currency)}</TableCell>
                <TableCell align="right">{formatMoney(total.net_cents, total.currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {report.truncated && (
        <Typography role="status">The first {report.lines.length} are listed; the totals count them all.</Typography>
      )}
      <TableContainer tabIndex={0} role="region" aria-label="Payments received, scrolls sideways">
        <Table size="small" aria-label="Payments received" sx={{ minWidth: 640 }}>
          <caption>Dates on the office&apos;s calendar</caption>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Order</TableCell>
              <TableCell>Client</TableCell>
              <TableCell>Method</TableCell>
              <TableCell>Reference</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>By</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell>{shortDateText(line.received_on)}</TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/${encodeURIComponent(companyKey)}/orders/${encodeURIComponent(line.order_id)}`}
                  >
                    {line.order_reference}
                  </Link>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.client}</TableCell>
                <TableCell>{METHOD_WORDS[line.method]}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.reference ?? ''}</TableCell>
                <TableCell align="right">{signed(line.kind, line.amount_cents, line.currency)}</TableCell>
                <TableCell>{line.recorded_by ?? 'Stripe'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

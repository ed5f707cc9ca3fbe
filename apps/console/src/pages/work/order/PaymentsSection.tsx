import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { LEDGER_VOID_REASON_MAX, type LedgerEntryView, type OrderLedger } from '@scheduler/contracts/ledger';
import { formatMoney } from '@scheduler/domain/money-format';
import { failureText } from '../../../shared/api.ts';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { METHOD_WORDS, orderLedgerQueryOptions, receiptPdfUrl, useVoidPayment } from '../../../shared/ledger.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { shortDateText } from '../../../shared/time-text.ts';
import { Section } from './OrderSections.tsx';
import { RecordPaymentDialog } from './RecordPaymentDialog.tsx';
import { RefundDialog } from './RefundDialog.tsx';

/**
 * The order's payment ledger (issue 41 item 4, decision 0064): its entries, the total, what was
 * paid and the balance due; owners, admins and office staff record a payment, owners and admins
 * void one (it stays, struck out, with the reason) and refund an online payment through Stripe
 * (decision 0067). A dispute the client's bank opened is said above it all.
 */
export function PaymentsSection({ detail, companyKey }: { detail: ConsoleOrderDetail; companyKey: string }) {
  const { membership } = useCompany();
  const orderId = detail.order.id;
  const ledger = useQuery(orderLedgerQueryOptions(companyKey, orderId));
  const [recording, setRecording] = useState(false);
  const [voiding, setVoiding] = useState<LedgerEntryView | null>(null);
  const [refunding, setRefunding] = useState<LedgerEntryView | null>(null);
  const [said, setSaid] = useState('');
  const canVoid = memberCan(membership, 'payments.void');
  const canRefund = memberCan(membership, 'payments.refund');
  return (
    <Section title="Payments">
      <Typography role="status" sx={{ mb: said ? 1 : 0 }}>
        {said}
      </Typography>
      {ledger.isPending && <Loading label="Loading the payments…" />}
      {ledger.isError && <Failure error={ledger.error} onRetry={() => void ledger.refetch()} />}
      {ledger.data && (
        <>
          <Disputes ledger={ledger.data} />
          <Sums ledger={ledger.data} />
          <Entries
            ledger={ledger.data}
            canVoid={canVoid}
            onVoid={setVoiding}
            canRefund={canRefund}
            onRefund={setRefunding}
            receiptHref={(entryId) => receiptPdfUrl(companyKey, orderId, entryId)}
          />
          {/* A cancelled order's balance is its late fee still due (decision 0081): the office may take it. */}
          {ledger.data.balance_due_cents > 0 && (
            <Button variant="outlined" onClick={() => setRecording(true)}>
              Record a payment
            </Button>
          )}
          {recording && (
            <RecordPaymentDialog
              open
              ledger={ledger.data}
              companyKey={companyKey}
              orderId={orderId}
              onClose={() => setRecording(false)}
              onRecorded={(words) => {
                setRecording(false);
                setSaid(words);
              }}
            />
          )}
          {refunding && (
            <RefundDialog
              entry={refunding}
              companyKey={companyKey}
              orderId={orderId}
              onClose={() => setRefunding(null)}
              onRefunded={(words) => {
                setRefunding(null);
                setSaid(words);
              }}
            />
          )}
          {voiding && (
            <VoidDialog
              entry={voiding}
              companyKey={companyKey}
              orderId={orderId}
              onClose={() => setVoiding(null)}
              onVoided={(words) => {
                setVoiding(null);
                setSaid(words);
              }}
            />
          )}
        </>
      )}
    </Section>
  );
}

function Sums({ ledger }: { ledger: OrderLedger }) {
  const money = (cents: number) => formatMoney(cents, ledger.currency);
  const due = ledger.balance_due_cents;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0, mb: 1 }}>
      <dt>Total</dt>
      <dd style={{ margin: 0 }}>{money(ledger.total_cents)}</dd>
      <dt>Paid</dt>
      <dd style={{ margin: 0 }}>{money(ledger.paid_cents)}</dd>
      <dt>{due < 0 ? 'Overpaid' : 'Balance due'}</dt>
      <Box component="dd" sx={{ m: 0, fontWeight: 650 }}>
        {money(Math.abs(due))}
      </Box>
    </Box>
  );
}

/** Each dispute the client's bank opened on a Stripe payment (decision 0067): the office answers it in Stripe. */
function Disputes({ ledger }: { ledger: OrderLedger }) {
  return ledger.disputes.map((dispute) =>
    dispute.outcome ? (
      // Decided (decision 0082): what the bank decided, and when, in place of the open dispute's notice.
      <Alert key={dispute.id} severity={dispute.status === 'lost' ? 'error' : 'info'} sx={{ mb: 1 }}>
        Disputed: {dispute.outcome}
        {dispute.closed_at ? ` Closed ${shortDateText(dispute.closed_at.slice(0, 10))}` : ''} ({dispute.id}).
      </Alert>
    ) : (
      <Alert key={dispute.id} severity="warning" sx={{ mb: 1 }}>
        Disputed: the client&apos;s bank disputes {formatMoney(dispute.amount_cents, dispute.currency)} (
        {dispute.reason.replaceAll('_', ' ')}) since {shortDateText(dispute.at.slice(0, 10))}. Answer it in Stripe (
        {dispute.id}).
      </Alert>
    ),
  );
}

function Entries({
  ledger,
  canVoid,
  onVoid,
  canRefund,
  onRefund,
  receiptHref,
}: {
  ledger: OrderLedger;
  canVoid: boolean;
  onVoid: (entry: LedgerEntryView) => void;
  canRefund: boolean;
  onRefund: (entry: LedgerEntryView) => void;
  receiptHref: (entryId: string) => string;
}) {
  if (ledger.entries.length === 0) return <Typography sx={{ mb: 1 }}>No payments yet.</Typography>;
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Payments, scrolls sideways" sx={{ mb: 2 }}>
      <Table size="small" aria-label="Payments" sx={{ minWidth: 520 }}>
        <caption>Dates on the office&apos;s calendar ({ledger.time_zone})</caption>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Method</TableCell>
            <TableCell>Reference</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>By</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ledger.entries.map((entry) => {
            const struck = entry.voided ? { textDecoration: 'line-through' } : undefined;
            const amount = formatMoney(entry.amount_cents, entry.currency);
            return (
              <TableRow key={entry.id}>
                <TableCell sx={struck}>{shortDateText(entry.received_on)}</TableCell>
                <TableCell sx={struck}>
                  {entry.kind === 'refund' ? 'Refund, ' : ''}
                  {METHOD_WORDS[entry.method]}
                </TableCell>
                <TableCell sx={{ ...struck, overflowWrap: 'anywhere' }}>{entry.reference ?? ''}</TableCell>
                <TableCell align="right" sx={struck}>
                  {entry.kind === 'refund' ? `−${amount}` : amount}
                </TableCell>
                <TableCell>
                  {entry.recorded_by ?? 'Stripe'}
                  {entry.voided && (
                    <Typography variant="body2">
                      Voided by {entry.voided.by}: {entry.voided.reason}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {!entry.voided && (
                    // A voided entry counts for nothing and receipts nothing (decision 0082).
                    <Link
                      href={receiptHref(entry.id)}
                      download
                      aria-label={`Receipt (PDF) of the ${entry.kind} of ${amount}`}
                      sx={{ mr: 1, whiteSpace: 'nowrap' }}
                    >
                      Receipt (PDF)
                    </Link>
                  )}
                  {canVoid && !entry.voided && entry.method !== 'online' && (
                    <Button size="small" onClick={() => onVoid(entry)} aria-label={`Void ${amount} ${entry.method}`}>
                      Void
                    </Button>
                  )}
                  {canRefund && (entry.refundable_cents ?? 0) > 0 && (
                    <Button size="small" onClick={() => onRefund(entry)} aria-label={`Refund ${amount} online`}>
                      Refund
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function VoidDialog({
  entry,
  companyKey,
  orderId,
  onClose,
  onVoided,
}: {
  entry: LedgerEntryView;
  companyKey: string;
  orderId: string;
  onClose: () => void;
  onVoided: (words: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const voidPayment = useVoidPayment(companyKey, orderId);
  const amount = formatMoney(entry.amount_cents, entry.currency);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    voidPayment.mutate({ entryId: entry.id, reason }, { onSuccess: () => onVoided(`Voided ${amount}.`) });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="void-payment-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="void-payment-title">Void {amount}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            The entry stays in the ledger, struck out, and no longer counts as paid.
          </Typography>
          <TextField
            label="Reason"
            fullWidth
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={missing}
            helperText={missing ? 'Say why.' : ' '}
            slotProps={{ htmlInput: { maxLength: LEDGER_VOID_REASON_MAX } }}
          />
          {voidPayment.isError && <Typography role="alert">{failureText(voidPayment.error)}</Typography>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Keep it</Button>
          <Button type="submit" variant="contained" color="error" disabled={voidPayment.isPending}>
            Void the payment
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

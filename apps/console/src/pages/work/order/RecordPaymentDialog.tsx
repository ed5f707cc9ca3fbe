import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import {
  LEDGER_NOTE_MAX,
  LEDGER_REFERENCE_MAX,
  OFFICE_PAYMENT_METHODS,
  type OrderLedger,
} from '@scheduler/contracts/ledger';
import { formatMoney } from '@scheduler/domain/money-format';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from '../../../shared/api.ts';
import { METHOD_WORDS, useRecordPayment } from '../../../shared/ledger.ts';
import { amountExample, amountText, parseTypedAmount } from '../../../shared/money-amount.ts';

type Method = (typeof OFFICE_PAYMENT_METHODS)[number];

/**
 * "Record a payment": money the office took outside Stripe (a check, cash, a card at the
 * inspection). The amount starts at the balance due, the date at today on the office's calendar;
 * more than the balance is refused (decision 0064), here before asking and by the server after.
 */
export function RecordPaymentDialog({
  open,
  onClose,
  onRecorded,
  ledger,
  companyKey,
  orderId,
}: {
  open: boolean;
  onClose: () => void;
  onRecorded: (words: string) => void;
  ledger: OrderLedger;
  companyKey: string;
  orderId: string;
}) {
  const { currency } = ledger;
  const balance = Math.max(ledger.balance_due_cents, 0);
  const [amount, setAmount] = useState(() => amountText(balance, currency));
  const [method, setMethod] = useState<Method>('check');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(ledger.today);
  const [note, setNote] = useState('');
  const [sendReceipt, setSendReceipt] = useState(false);
  const [amountError, setAmountError] = useState<string | null>(null);
  const record = useRecordPayment(companyKey, orderId);
  const serverField = record.error instanceof ApiError ? record.error.field : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseTypedAmount(amount, currency);
    if (cents === null || cents <= 0) return setAmountError(`Enter an amount, e.g. ${amountExample(currency)}.`);
    if (cents > balance) return setAmountError(`At most the balance due, ${formatMoney(balance, currency)}.`);
    setAmountError(null);
    record.mutate(
      {
        amount_cents: cents,
        method,
        reference,
        received_on: receivedOn,
        note,
        send_receipt: sendReceipt,
      },
      {
        onSuccess: (after) =>
          onRecorded(
            `Recorded ${formatMoney(cents, currency)} (${METHOD_WORDS[method].toLowerCase()}). ` +
              (after.balance_due_cents > 0
                ? `Balance due: ${formatMoney(after.balance_due_cents, currency)}.`
                : 'The order is paid.'),
          ),
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="record-payment-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="record-payment-title">Record a payment</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={`Amount (${currency})`}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={amountError !== null || serverField === 'amount_cents'}
            helperText={amountError ?? `Balance due: ${formatMoney(balance, currency)}`}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
          />
          <TextField select label="Method" value={method} onChange={(event) => setMethod(event.target.value as Method)}>
            {OFFICE_PAYMENT_METHODS.map((option) => (
              <MenuItem key={option} value={option}>
                {METHOD_WORDS[option]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Reference (check number, card slip…)"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            slotProps={{ htmlInput: { maxLength: LEDGER_REFERENCE_MAX } }}
          />
          <TextField
            label="Received on"
            type="date"
            value={receivedOn}
            onChange={(event) => setReceivedOn(event.target.value)}
            helperText={`The office's calendar (${ledger.time_zone})`}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: '2000-01-01', max: '2099-12-31' } }}
          />
          <TextField
            label="Note"
            multiline
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: LEDGER_NOTE_MAX } }}
          />
          <FormControlLabel
            control={<Checkbox checked={sendReceipt} onChange={(event) => setSendReceipt(event.target.checked)} />}
            label="E-mail the client a receipt"
          />
          {record.isError && (
            <Alert severity="error" role="alert">
              {failureText(record.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={record.isPending}>
            Record the payment
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

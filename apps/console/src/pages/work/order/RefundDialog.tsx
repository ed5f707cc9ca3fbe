import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { REFUND_REASON_MAX, type LedgerEntryView } from '@scheduler/contracts/ledger';
import { formatMoney } from '@scheduler/domain/money-format';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from '../../../shared/api.ts';
import { fieldProps } from '../../../shared/form.ts';
import { useRefundPayment } from '../../../shared/ledger.ts';
import { amountExample, amountText, parseTypedAmount } from '../../../shared/money-amount.ts';

/** The dialog's fields: the amount as typed, checked against what is left to refund of the payment. */
function refundFormSchema(refundable: number, currency: string) {
  return z.object({
    amount: z.string().superRefine((typed, ctx) => {
      const cents = parseTypedAmount(typed, currency);
      if (cents === null || cents <= 0)
        ctx.addIssue({ code: 'custom', message: `Enter an amount, e.g. ${amountExample(currency)}.` });
      else if (cents > refundable)
        ctx.addIssue({
          code: 'custom',
          message: `At most what is left to refund, ${formatMoney(refundable, currency)}.`,
        });
    }),
    reason: z.string().trim().min(1, 'Say why.').max(REFUND_REASON_MAX),
    sendReceipt: z.boolean(),
  });
}
type RefundForm = z.infer<ReturnType<typeof refundFormSchema>>;

/**
 * "Refund" on an online payment (decision 0067): gives back part or all of it through Stripe, with
 * a reason, owners and admins only. The amount starts at what is left to refund; more is refused
 * here before asking and by the server after. The dialog's request id is sent with the refund, so
 * pressing again after a lost answer refunds nothing more.
 */
export function RefundDialog({
  entry,
  companyKey,
  orderId,
  onClose,
  onRefunded,
}: {
  entry: LedgerEntryView;
  companyKey: string;
  orderId: string;
  onClose: () => void;
  onRefunded: (words: string) => void;
}) {
  const { currency } = entry;
  const refundable = entry.refundable_cents ?? 0;
  const [requestId] = useState(() => crypto.randomUUID());
  const refund = useRefundPayment(companyKey, orderId);
  const form = useForm<RefundForm>({
    resolver: zodResolver(refundFormSchema(refundable, currency)),
    defaultValues: { amount: amountText(refundable, currency), reason: '', sendReceipt: false },
  });
  const paid = formatMoney(entry.amount_cents, currency);

  const submit = form.handleSubmit(({ amount, reason, sendReceipt }) => {
    const cents = parseTypedAmount(amount, currency)!;
    refund.mutate(
      { entryId: entry.id, body: { amount_cents: cents, reason, send_receipt: sendReceipt, request_id: requestId } },
      {
        onSuccess: () => onRefunded(`Refunded ${formatMoney(cents, currency)} through Stripe.`),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.field === 'amount_cents') form.setError('amount', { message: error.message });
          if (error.field === 'reason') form.setError('reason', { message: error.message });
        },
      },
    );
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="refund-title">
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="refund-title">Refund the online payment of {paid}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Typography>
            The money goes back through Stripe to how the client paid. Left to refund:{' '}
            {formatMoney(refundable, currency)}.
          </Typography>
          <TextField
            label={`Amount to refund (${currency})`}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
            {...fieldProps(form, 'amount', `At most ${formatMoney(refundable, currency)}`)}
          />
          <TextField
            label="Reason"
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
            {...fieldProps(form, 'reason', 'Kept in the order’s history')}
          />
          <Controller
            control={form.control}
            name="sendReceipt"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label="E-mail the client a receipt of the refund"
              />
            )}
          />
          {refund.isError && !(refund.error instanceof ApiError && refund.error.field) && (
            <Alert severity="error" role="alert">
              {failureText(refund.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" color="error" disabled={refund.isPending}>
            Refund
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
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
import { CANCEL_REASON_MAX } from '@scheduler/contracts/manage';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from '../../../shared/api.ts';
import { useCancelOrder } from './order-api.ts';

/**
 * Cancel on the client's behalf: the reason, the fee the policy sets now (from the order's view:
 * never worked out here), "Waive the late fee", and where the policy refuses (inside its
 * cut-off) "Cancel anyway (override the policy)". Both are recorded with who did it.
 */
export function CancelDialog({
  open,
  onClose,
  onCancelled,
  detail,
  companyKey,
}: {
  open: boolean;
  onClose: () => void;
  onCancelled: () => void;
  detail: ConsoleOrderDetail;
  companyKey: string;
}) {
  const { view } = detail;
  const [reason, setReason] = useState('');
  const [waiveFee, setWaiveFee] = useState(false);
  const cancel = useCancelOrder(companyKey, detail.order.id);
  // The policy refuses as the page was read, or said so when asked (it changed meanwhile).
  const refusedNow =
    cancel.error instanceof ApiError && cancel.error.code === 'change_refused' ? cancel.error.message : null;
  const refusal =
    refusedNow ??
    (view.cancel.allowed ? null : (view.cancel.reason ?? 'The cancellation policy does not allow cancelling now.'));
  const hasFee = view.cancel.fee_cents > 0;

  const send = (override: boolean) =>
    cancel.mutate(
      { reason: reason.trim(), override, waive_fee: hasFee && waiveFee },
      { onSuccess: (result) => result.status === 'ok' && onCancelled() },
    );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="cancel-title">
      <DialogTitle id="cancel-title">Cancel the inspection</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {view.order.when.date}, {view.order.when.time}
        </Typography>
        {view.cancel.text && <Typography sx={{ mb: 2, color: 'text.secondary' }}>{view.cancel.text}</Typography>}
        <TextField
          label="Reason (the client sees it)"
          multiline
          minRows={2}
          fullWidth
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CANCEL_REASON_MAX } }}
          sx={{ mb: 2 }}
        />
        {hasFee ? (
          <>
            <Typography>
              The policy sets a late-cancellation fee of {view.cancel.fee ?? 'an amount'} for cancelling now.
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={waiveFee} onChange={(event) => setWaiveFee(event.target.checked)} />}
              label="Waive the late fee"
            />
          </>
        ) : (
          <Typography>Cancelling now costs nothing under the policy.</Typography>
        )}
        {refusal && (
          <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
        {cancel.isError && !refusedNow && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failureText(cancel.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Keep it</Button>
        {refusal ? (
          <Button variant="contained" color="error" disabled={cancel.isPending} onClick={() => send(true)}>
            Cancel anyway (override the policy)
          </Button>
        ) : (
          <Button variant="contained" color="error" disabled={cancel.isPending} onClick={() => send(false)}>
            Cancel the inspection
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

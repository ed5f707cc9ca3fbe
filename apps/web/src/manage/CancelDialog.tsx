import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, type FormEvent } from 'react';
import type { Control } from 'react-hook-form';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import { BusyButton } from '../shared/BusyButton.tsx';
import { useFocusHeadingAfterClose } from '../shared/dialog-focus.ts';
import { focusWhenMounted } from '@scheduler/ui/focus';
import { FormTextField } from '../shared/form/FormTextField.tsx';
import { OfficeContact } from '../shared/OfficeContact.tsx';
import type { CancelFormInput } from './cancel-form.ts';
import { failureText, manageFailure } from './manage-errors.ts';
import { CANCEL_REASON_MAX as REASON_MAX } from '@scheduler/contracts/manage-limits';
import { ManageNotice } from './ManageNotice.tsx';
import { manageTexts as t } from './manage-texts.ts';

/**
 * Cancel: what it costs comes first, then the booking it cancels, an optional reason, and the two
 * answers, the safe one focused. The reason lives in the page's form, so a refusal, a changed fee
 * or closing the dialog never loses what was typed. A changed fee is shown (the booking was read
 * again) before the visitor confirms again; a refusal of the policy shows why and the office.
 */
export default function CancelDialog({
  view,
  control,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  view: ManageOrderView;
  control: Control<CancelFormInput>;
  busy: boolean;
  error: unknown;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
}) {
  const id = useId();
  useFocusHeadingAfterClose();
  const { cancel, order, office } = view;
  const canCancel = order.state === 'booked' && cancel.allowed;
  const fee = cancel.fee_cents > 0 ? cancel.fee : null;
  const failure = manageFailure(error);
  const failureMessage =
    !failure || failure.kind === 'field'
      ? null
      : failure.kind === 'fee-changed'
        ? t.cancelDialog.feeChanged(fee)
        : failureText(failure, office.office_phone);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      disableRestoreFocus
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`} component="h2">
        {t.cancelDialog.title}
      </DialogTitle>
      <DialogContent>
        <Box id={`${id}-text`}>
          {fee && (
            <Typography data-testid="cancel-fee" sx={{ fontWeight: 700, mb: 1 }}>
              {t.cancel.fee(fee)}
            </Typography>
          )}
          {canCancel && cancel.refund && (
            // What cancelling gives back of what was paid, said by the server from the policy (decision 0076).
            <Typography data-testid="cancel-refund" sx={{ mb: 1 }}>
              {cancel.refund}
            </Typography>
          )}
          {canCancel && cancel.charge && (
            // How the fee beyond what was paid is collected: the saved card, or a link by e-mail (decision 0081).
            <Typography data-testid="cancel-charge" sx={{ mb: 1 }}>
              {cancel.charge}
            </Typography>
          )}
          <Typography>{t.cancelDialog.question(`${order.when.date}, ${order.when.time}`)}</Typography>
        </Box>
        {failureMessage && (
          <ManageNotice
            notice={{ tone: failure?.kind === 'fee-changed' ? 'warning' : 'error', text: failureMessage }}
            phone={office.office_phone}
            email={office.office_email}
            sx={{ mt: 2 }}
          />
        )}
        {!canCancel && (
          <Box sx={{ mt: 2 }}>
            <OfficeContact contact={office} />
          </Box>
        )}
        <Box component="form" id={`${id}-form`} noValidate onSubmit={onSubmit} sx={{ mt: 2.5 }}>
          <FormTextField
            control={control}
            name="reason"
            label={t.cancelDialog.reason}
            multiline
            maxLength={REASON_MAX}
            hint={t.cancelDialog.reasonHint(REASON_MAX)}
            autoComplete="off"
            sx={{ width: '100%' }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2.5 }}>
        <Button variant="outlined" onClick={onClose} disabled={busy} ref={focusWhenMounted}>
          {t.cancelDialog.keep}
        </Button>
        {canCancel && (
          <BusyButton variant="contained" color="error" type="submit" form={`${id}-form`} busy={busy}>
            {t.cancelDialog.confirm}
          </BusyButton>
        )}
      </DialogActions>
    </Dialog>
  );
}

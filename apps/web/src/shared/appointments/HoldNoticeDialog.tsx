import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatAppointmentDateTime } from '@scheduler/domain/scheduling-text';
import { useFocusHeadingAfterClose } from '../dialog-focus.ts';
import { holdTexts } from '../hold-texts.ts';
import { texts } from '../texts.ts';
import { focusWhenMounted } from '../focus.ts';

/**
 * After the date and time are saved (decision 0009, holding a time), the visitor is told the slot is held for them.
 * Continue goes on to the next step; Escape (or a click outside) only closes it, on the calendar.
 */
export function HoldNoticeDialog({ slot, minutes, onContinue, onClose }: { slot: AppointmentSlot; minutes: number; onContinue: () => void; onClose: () => void }) {
  const id = useId();
  useFocusHeadingAfterClose();
  return (
    <Dialog open onClose={onClose} disableRestoreFocus aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`} component="h2">
        {holdTexts.dialogTitle}
      </DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`}>{texts.calendar.holding(formatAppointmentDateTime(slot.start_datetime), minutes)}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onContinue} ref={focusWhenMounted}>
          {texts.calendar.continue}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatAppointmentDateTime } from '@scheduler/domain/scheduling-text';
import { ContactText } from '../../shared/ContactText.tsx';
import { useFocusHeadingAfterClose } from '../../shared/dialog-focus.ts';
import { holdTexts } from '../../shared/hold-texts.ts';
import { texts } from '../../shared/texts.ts';
import { SlotPicker, type SlotChoice } from './SlotPicker.tsx';

/**
 * Spec 2.12: the appointment is gone; pick another, or call the office. Every time in the dialog
 * reads as the spec words the dialog's own (M/D/YYYY at h:mmA), so the message and the choices
 * below it spell times alike.
 */
export function NotAvailableDialog({
  slot,
  alternatives,
  describe,
  phone,
  onChoose,
  onClose,
}: {
  slot: AppointmentSlot;
  alternatives: AppointmentSlot[];
  describe: (slot: AppointmentSlot) => SlotChoice;
  phone: string;
  onChoose: (slot: AppointmentSlot) => void;
  onClose: () => void;
}) {
  const id = useId();
  useFocusHeadingAfterClose();
  const choices = alternatives.map((alternative) => ({
    ...describe(alternative),
    label: `${formatAppointmentDateTime(alternative.start_datetime)}${alternative.preferred !== undefined ? ' *' : ''}`,
  }));
  return (
    <Dialog open onClose={onClose} disableRestoreFocus aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`} component="h2">
        {texts.appointmentDialog.title}
      </DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`} sx={{ mb: 2 }}>
          {texts.appointmentDialog.noLongerAvailable(formatAppointmentDateTime(slot.start_datetime))}
        </Typography>
        {alternatives.length ? (
          <>
            <Typography id={`${id}-alternatives`} sx={{ fontWeight: 600, mb: 1 }}>
              {texts.appointmentDialog.selectAnother}
            </Typography>
            <SlotPicker choices={choices} selectedId={null} onSelect={onChoose} labelledBy={`${id}-alternatives`} />
          </>
        ) : (
          <Typography>
            <ContactText text={texts.appointmentDialog.noAlternatives(phone)} phone={phone} />
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.appointmentDialog.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

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
        <Button variant="contained" onClick={onContinue} autoFocus>
          {texts.calendar.continue}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

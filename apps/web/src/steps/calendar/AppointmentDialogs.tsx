import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatAppointmentDateTime } from '@scheduler/domain/scheduling-text';
import { texts } from '../../shared/texts.ts';
import { SlotPicker, type SlotChoice } from './SlotPicker.tsx';

/** Spec 2.12: the appointment is gone; pick another, or call the office. */
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
  return (
    <Dialog open onClose={onClose} aria-labelledby="not-available-title" aria-describedby="not-available-text" fullWidth maxWidth="sm">
      <DialogTitle id="not-available-title">{texts.appointmentDialog.title}</DialogTitle>
      <DialogContent>
        <Typography id="not-available-text" sx={{ mb: 2 }}>
          {texts.appointmentDialog.noLongerAvailable(formatAppointmentDateTime(slot.start_datetime))}
        </Typography>
        {alternatives.length ? (
          <>
            <Typography id="alternatives-label" sx={{ fontWeight: 600, mb: 1 }}>
              {texts.appointmentDialog.selectAnother}
            </Typography>
            <SlotPicker choices={alternatives.map(describe)} selectedId={null} onSelect={onChoose} labelledBy="alternatives-label" />
          </>
        ) : (
          <Typography>{texts.appointmentDialog.noAlternatives(phone)}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.appointmentDialog.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** After the date and time are saved, the visitor is told the slot is held for them (decision 0009, holding a time). */
export function HoldNoticeDialog({ slot, minutes, onContinue }: { slot: AppointmentSlot; minutes: number; onContinue: () => void }) {
  return (
    <Dialog open onClose={onContinue} aria-describedby="hold-notice-text" aria-label={formatAppointmentDateTime(slot.start_datetime)} fullWidth maxWidth="xs">
      <DialogContent>
        <Typography id="hold-notice-text">{texts.calendar.holding(formatAppointmentDateTime(slot.start_datetime), minutes)}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onContinue} autoFocus>
          {texts.calendar.continue}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

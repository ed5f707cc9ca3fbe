import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatAppointmentDateTime } from '@scheduler/domain/scheduling-text';
import { ContactText } from '../ContactText.tsx';
import { useFocusHeadingAfterClose } from '../dialog-focus.ts';
import { SlotChoiceList } from './SlotChoiceList.tsx';
import type { SlotChoice } from './SlotPicker.tsx';
import { appointmentDialogTexts } from '../appointment-texts.ts';

export interface SorryDialogProps {
  /** Why the appointment cannot stay (spec 2.12, 8.2), in the spec's words. */
  message: string;
  alternatives: AppointmentSlot[];
  /** What the picker says of a slot besides its time (the inspectors, when names are shown). */
  describe: (slot: AppointmentSlot) => SlotChoice;
  /** Shown instead of the picker when there is no alternative; it names the office phone. */
  noAlternatives: string;
  phone: string;
  onChoose: (slot: AppointmentSlot) => void;
  onClose: () => void;
}

/**
 * The "Sorry!" dialog of every step that can lose its appointment (spec 2.12, 8.2): why, then
 * "Please select another appointment:" with the alternatives, or the call-the-office text, and
 * Close. Choosing an alternative is the caller's: it holds that time. Every time in the dialog
 * reads as the spec words the dialog's own (M/D/YYYY at h:mmA), so the message and the choices
 * below it spell times alike.
 */
export function SorryDialog({
  message,
  alternatives,
  describe,
  noAlternatives,
  phone,
  onChoose,
  onClose,
}: SorryDialogProps) {
  const id = useId();
  useFocusHeadingAfterClose();
  const choices = alternatives.map((alternative) => ({
    ...describe(alternative),
    label: `${formatAppointmentDateTime(alternative.start_datetime)}${alternative.preferred !== undefined ? ' *' : ''}`,
  }));
  return (
    <Dialog
      open
      onClose={onClose}
      disableRestoreFocus
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`} component="h2">
        {appointmentDialogTexts.title}
      </DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`} sx={{ mb: 2 }}>
          <ContactText text={message} phone={phone} />
        </Typography>
        {alternatives.length ? (
          <>
            <Typography id={`${id}-alternatives`} sx={{ fontWeight: 600, mb: 1 }}>
              {appointmentDialogTexts.selectAnother}
            </Typography>
            <SlotChoiceList choices={choices} onChoose={onChoose} labelledBy={`${id}-alternatives`} />
          </>
        ) : (
          <Typography>
            <ContactText text={noAlternatives} phone={phone} />
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{appointmentDialogTexts.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

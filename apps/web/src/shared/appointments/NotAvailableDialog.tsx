import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatAppointmentDateTime } from '@scheduler/domain/scheduling-text';
import type { SlotChoice } from './SlotPicker.tsx';
import { SorryDialog } from './SorryDialog.tsx';
import { appointmentDialogTexts } from '../appointment-texts.ts';

/**
 * Spec 2.12: the appointment is gone; pick another, or call the office. Used wherever a time is
 * held or held again: the calendar's Next, and the steps after it when a lapsed hold is re-placed.
 */
export function NotAvailableDialog({
  at,
  alternatives,
  describe,
  phone,
  onChoose,
  onClose,
}: {
  /** The appointment that is gone, as office wall time ("YYYY-MM-DD HH:mm:ss"). */
  at: string;
  alternatives: AppointmentSlot[];
  describe: (slot: AppointmentSlot) => SlotChoice;
  phone: string;
  onChoose: (slot: AppointmentSlot) => void;
  onClose: () => void;
}) {
  return (
    <SorryDialog
      message={appointmentDialogTexts.noLongerAvailable(formatAppointmentDateTime(at))}
      alternatives={alternatives}
      describe={describe}
      noAlternatives={appointmentDialogTexts.noAlternatives(phone)}
      phone={phone}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

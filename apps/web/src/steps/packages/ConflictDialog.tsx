import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import type { OfficeResponse } from '@scheduler/contracts/office';
import { formatAppointmentDateTime } from '@scheduler/domain/scheduling-text';
import { describeSlot } from '../../shared/appointments/slot-labels.ts';
import { SorryDialog } from '../../shared/appointments/SorryDialog.tsx';
import { alternativeSlots } from './alternatives.ts';
import { packagesTexts as t } from './packages-texts.ts';
import { appointmentDialogTexts } from '../../shared/appointment-texts.ts';

/**
 * Spec 2.9 inspector conflict and 2.12 not available: the held time no longer suits the cart (or
 * was taken while holding it again). The shared "Sorry!" dialog; choosing a substitute holds it.
 */
export default function ConflictDialog({
  kind,
  datetime,
  appointments,
  showNames,
  users,
  phone,
  onChoose,
  onClose,
}: {
  kind: 'conflict' | 'unavailable';
  /** The held time's start as the order has it (an office wall time with offset). */
  datetime: string;
  appointments: AppointmentSlot[];
  showNames: boolean;
  users: OfficeResponse['users'];
  phone: string;
  onChoose: (slot: AppointmentSlot) => void;
  onClose: () => void;
}) {
  const when = formatAppointmentDateTime(datetime);
  return (
    <SorryDialog
      message={kind === 'conflict' ? t.conflict.message(when) : appointmentDialogTexts.noLongerAvailable(when)}
      alternatives={alternativeSlots(appointments, showNames)}
      describe={(slot) => describeSlot(slot, { long: true, showNames, users })}
      noAlternatives={appointmentDialogTexts.noAlternatives(phone)}
      phone={phone}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

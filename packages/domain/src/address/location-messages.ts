/** The address step's refusals in the spec's words (spec 8.2), for the server's 409 and the wizard's dialogs. */
import type { LocationCode } from '@scheduler/contracts/location-codes';
import { formatPhone } from '../formatting.ts';
import { formatAppointmentDateTime } from '../scheduling-text.ts';

export interface LocationMessageContext {
  /** The held time as office-local "YYYY-MM-DD HH:mm:00", or null when none is selected. */
  appointment: string | null;
  officePhone: string;
}

export function locationMessage(code: LocationCode, context: LocationMessageContext): string {
  const when = context.appointment ? formatAppointmentDateTime(context.appointment) : null;
  switch (code) {
    case 'ERROR_NO_INSPECTORS_FOR_ZIP':
      return `Sorry! We don't service that postal code. If you'd like further assistance, please call our office at ${formatPhone(context.officePhone)}.`;
    case 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP':
      return when
        ? `The postal code initially entered may have changed. Because of this, the appointment you have selected at ${when} cannot be serviced by the assigned inspectors.`
        : 'The appointment selected cannot be serviced by the assigned inspectors.';
    case 'ERROR_EXCEEDS_RADIUS':
    case 'ERROR_EXCEEDS_NEXT_APT_RADIUS':
      return when
        ? `The appointment you have selected at ${when} is out of driving range.`
        : 'The location you have entered is out of our service area.';
  }
}

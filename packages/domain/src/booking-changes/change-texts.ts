/**
 * What the manage page says when the policy refuses a change (issue 24): why, and who to call.
 * "Changes within 24 hours of the inspection: please call (614) 555-0142" is the issue's own
 * example; the other refusals follow its pattern.
 */
import { formatPhone } from '../formatting.ts';
import type { ChangeKind, ChangePolicy, ChangeRefusal } from './change-policy.ts';

export interface OfficeReach {
  phone: string;
  email: string;
}

/** "please call (614) 555-0142", else "please write to office@…", else "please contact the office". */
export function reachTheOffice(office: OfficeReach): string {
  const phone = formatPhone(office.phone) || office.phone.trim();
  if (phone) return `please call ${phone}`;
  if (office.email.trim()) return `please write to ${office.email.trim()}`;
  return 'please contact the office';
}

function hoursText(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** The sentence for one refusal of a reschedule or a cancellation. */
export function refusalText(
  refusal: ChangeRefusal,
  kind: ChangeKind,
  policy: ChangePolicy,
  office: OfficeReach,
): string {
  const reach = reachTheOffice(office);
  switch (refusal) {
    case 'not_booked':
      return 'This inspection is cancelled.';
    case 'started':
      return `This inspection has started or taken place and can no longer be changed online: ${reach}.`;
    case 'agent_not_permitted':
      return kind === 'reschedule'
        ? `Your client or the office can move this inspection: ${reach}`
        : `Your client or the office can cancel this inspection: ${reach}`;
    case 'inside_cutoff': {
      const hours = kind === 'reschedule' ? policy.reschedule_until_hours : policy.cancel_until_hours;
      const what = kind === 'reschedule' ? 'Changes' : 'Cancellations';
      return `${what} within ${hoursText(hours)} of the inspection: ${reach}`;
    }
    case 'reschedule_limit': {
      const most = policy.max_reschedules ?? 0;
      return most === 0
        ? `This inspection cannot be moved online: ${reach}`
        : `This inspection has been moved ${most === 1 ? 'once' : `${most} times`}, the most allowed online: ${reach}`;
    }
  }
}

/** The first refusal's sentence (the hard ones come first), or null when nothing refuses the change. */
export function firstRefusalText(
  refusals: readonly ChangeRefusal[],
  kind: ChangeKind,
  policy: ChangePolicy,
  office: OfficeReach,
): string | null {
  const [first] = refusals;
  return first === undefined ? null : refusalText(first, kind, policy, office);
}

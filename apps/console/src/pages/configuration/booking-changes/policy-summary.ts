import type { ChangePolicy, LateCancelFee } from '@scheduler/domain/booking-changes/change-policy';
import { formatMoney } from '@scheduler/domain/money-format';

/**
 * The booking-change policy in the words a client would understand, for the page's live summary
 * and for each rule's one-sentence explanation. Hours are hours before the inspection's start.
 */

export function hoursText(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** "until 24 hours before", or "until the start" for 0. */
function untilText(hours: number): string {
  return hours === 0 ? 'until the start' : `until ${hoursText(hours)} before`;
}

export function feeText(fee: LateCancelFee, currency: string): string {
  return fee.kind === 'amount' ? formatMoney(fee.amount_cents, currency) : `${fee.percent}% of the order's total`;
}

function timesText(times: number): string {
  return times === 1 ? 'once' : `${times} times`;
}

/** "Free to move until 24 hours before, at most 2 times. Cancel online until 24 hours before. Cancelling within 48 hours costs $75.00." */
export function policySummary(policy: ChangePolicy, currency: string): string {
  const most = policy.max_reschedules;
  const moving =
    most === 0
      ? 'Moving online is off.'
      : `Free to move ${untilText(policy.reschedule_until_hours)}${most === null ? '' : `, at most ${timesText(most)}`}.`;
  const cancelling = `Cancel online ${untilText(policy.cancel_until_hours)}.`;
  // A fee with no window (0 hours) never applies: saying it costs something would mislead.
  const fee =
    policy.late_cancel_fee !== null && policy.late_cancel_within_hours > 0
      ? `Cancelling within ${hoursText(policy.late_cancel_within_hours)} costs ${feeText(policy.late_cancel_fee, currency)}.`
      : 'Cancelling is free.';
  return `${moving} ${cancelling} ${fee}`;
}

/** Each rule's meaning, told as what the client sees; `null` when the value is not (yet) a valid one. */
export const RULE_HELP = {
  rescheduleUntil: (hours: number | null) =>
    hours === null
      ? 'Hours before the start, 0 for until it starts.'
      : hours === 0
        ? 'Clients can move their inspection themselves until it starts.'
        : `Clients can move their inspection themselves until ${hoursText(hours)} before it starts; after that they call the office.`,
  maxReschedules: (times: number | null) =>
    times === null
      ? 'Empty: clients can move their inspection as often as they like.'
      : times === 0
        ? 'Clients cannot move their inspection online at all; they call the office.'
        : `After moving their inspection ${timesText(times)}, clients call the office to move it again.`,
  cancelUntil: (hours: number | null) =>
    hours === null
      ? 'Hours before the start, 0 for until it starts.'
      : hours === 0
        ? 'Clients can cancel their inspection themselves until it starts.'
        : `Clients can cancel their inspection themselves until ${hoursText(hours)} before it starts; after that they call the office.`,
  lateWithin: (hours: number | null) =>
    hours === null
      ? 'Hours before the start.'
      : hours === 0
        ? 'No cancellation is late: the fee is never charged.'
        : `Cancelling less than ${hoursText(hours)} before the start costs the fee below.`,
} as const;

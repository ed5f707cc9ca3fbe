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
  // The late-reschedule fee shares the cancellation's late window (decision 0081).
  const moveFee =
    policy.late_reschedule_fee !== null && policy.late_cancel_within_hours > 0 && most !== 0
      ? ` Moving within ${hoursText(policy.late_cancel_within_hours)} costs ${feeText(policy.late_reschedule_fee, currency)}.`
      : '';
  return `${moving} ${cancelling} ${fee}${moveFee}`;
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

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  ten: 10,
};
const COUNT_WORDS: Readonly<Record<string, number>> = { once: 1, twice: 2 };
const UNIT_HOURS: Readonly<Record<string, number>> = { hour: 1, hr: 1, day: 24, week: 168 };

function amountOf(word: string): number | null {
  const lower = word.toLowerCase();
  return /^\d+$/.test(lower) ? Number(lower) : (NUMBER_WORDS[lower] ?? null);
}

/**
 * What the company's words on the manage page say that the rules do not (issue 42): a notice in
 * hours or days none of the rules has, a number of moves other than the limit, an amount other
 * than the fee. The page states each booking's own hours, count and fee from the rules, so words
 * that restate them can only agree or contradict; null when nothing disagrees. A reader's check,
 * not a parser: it looks for "24 hours", "2 days", "a day", "twice", "3 times", "$75".
 */
export function wordsAgainstRules(text: string, policy: ChangePolicy, currency: string): string | null {
  const hours = new Set([policy.reschedule_until_hours, policy.cancel_until_hours, policy.late_cancel_within_hours]);
  for (const match of text.matchAll(
    /\b(\d+|an?|one|two|three|four|five|six|seven|ten)[\s-]*(hour|hr|day|week)s?\b/gi,
  )) {
    const amount = amountOf(match[1]!);
    const unit = UNIT_HOURS[match[2]!.toLowerCase()];
    if (amount !== null && unit !== undefined && !hours.has(amount * unit))
      return `Your words say “${match[0]}”, which none of the rules above says.`;
  }
  for (const match of text.matchAll(/\b(?:(once|twice)|(\d+|two|three|four|five) times)\b/gi)) {
    const count = match[1] ? COUNT_WORDS[match[1].toLowerCase()] : amountOf(match[2]!);
    if (count !== undefined && count !== null && count !== policy.max_reschedules)
      return `Your words say “${match[0]}”, but the most reschedules rule says ${policy.max_reschedules === null ? 'no limit' : timesText(policy.max_reschedules)}.`;
  }
  const fee = policy.late_cancel_fee;
  for (const match of text.matchAll(/[$€£]\s?(\d[\d,]*(?:\.\d{1,2})?)/g)) {
    const cents = Math.round(Number(match[1]!.replace(/,/g, '')) * 100);
    if (fee === null || fee.kind !== 'amount' || fee.amount_cents !== cents)
      return `Your words say “${match[0]}”, but the late-cancellation fee is ${fee ? feeText(fee, currency) : 'none'}.`;
  }
  return null;
}

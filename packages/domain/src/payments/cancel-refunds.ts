/**
 * What cancelling a paid order gives back under the company's policy (issue 44, decision 0076):
 * everything paid, less the late-cancellation fee when the cancel is late, never below nothing.
 * Online payments are given back through Stripe first, each up to what is left of it; whatever
 * else is due back was paid to the office (check, cash) and is the office's to return. A fee
 * larger than what was paid keeps all of it; the rest is collected by decision 0081's charge
 * (`change-fees.ts`), or not at all when the company takes no payment online. Plain data in, plain data out, and the words said about it.
 */

import { formatMoney } from '../money-format.ts';
import { ledgerTotals } from './ledger.ts';
import { refundableCents, type RefundableEntry } from './refunds.ts';

export interface CancelRefundPlan {
  /** What the order holds: payments less refunds, of the entries not voided (never below 0). */
  paidCents: number;
  /** The part of the late fee that what was paid covers. */
  feeKeptCents: number;
  /** The part of the late fee beyond what was paid: collected by decision 0081's charge, when the company takes payments online. */
  feeNotCollectedCents: number;
  /** The refunds through Stripe: one per online payment with something left to give back, oldest first. */
  stripeRefunds: Array<{ paymentId: string; amountCents: number }>;
  /** Due back beyond what Stripe refunds: paid to the office, for the office to return. */
  officeDueBackCents: number;
}

/** The sum the plan gives back in all, through Stripe and by the office. */
export function refundTotalCents(plan: CancelRefundPlan): number {
  return plan.stripeRefunds.reduce((sum, refund) => sum + refund.amountCents, 0) + plan.officeDueBackCents;
}

/**
 * The plan for an order's ledger (`entries`, oldest first) cancelled with `feeCents` to keep
 * (0 outside the late window, or when the office waived it).
 */
export function cancelRefundPlan(entries: readonly RefundableEntry[], feeCents: number): CancelRefundPlan {
  // The order's total does not enter a refund: what was paid does.
  const totals = ledgerTotals(0, entries);
  const paidCents = Math.max(0, totals.paidCents);
  const fee = Math.max(0, feeCents);
  const feeKeptCents = Math.min(fee, paidCents);
  let due = paidCents - feeKeptCents;
  const stripeRefunds: CancelRefundPlan['stripeRefunds'] = [];
  for (const entry of entries) {
    if (due === 0) break;
    const left = refundableCents(totals, entries, entry.id);
    if (left <= 0) continue;
    const amountCents = Math.min(left, due);
    stripeRefunds.push({ paymentId: entry.id, amountCents });
    due -= amountCents;
  }
  return { paidCents, feeKeptCents, feeNotCollectedCents: fee - feeKeptCents, stripeRefunds, officeDueBackCents: due };
}

/**
 * What the client reads before confirming a cancel, and in the cancellation e-mail: "Cancelling
 * now refunds $325.00 of the $400.00 you paid: the late-cancellation fee of $75.00 is kept."
 * Null when nothing was paid (there is nothing to say). `done` says it of a cancel made.
 * `restCharged`: the part of the fee beyond what was paid is collected (a saved card or a pay link,
 * decision 0081), said in its own sentence (`feeChargeText`), so this one no longer says "not charged".
 */
export function cancelRefundText(
  plan: CancelRefundPlan,
  currency: string,
  done = false,
  restCharged = false,
): string | null {
  if (plan.paidCents === 0) return null;
  const money = (cents: number) => formatMoney(cents, currency);
  const refunds = done ? 'Cancelling refunded' : 'Cancelling now refunds';
  const total = refundTotalCents(plan);
  const head =
    total === 0
      ? `${refunds} nothing of the ${money(plan.paidCents)} you paid`
      : `${refunds} ${money(total)} of the ${money(plan.paidCents)} you paid`;
  return `${head}${feeTail(plan, money, restCharged)}.${officeWords(plan.officeDueBackCents, total, money)}`;
}

/** What became of the late fee, after what was given back: ": the late-cancellation fee of $75.00 is kept". */
function feeTail(plan: CancelRefundPlan, money: (cents: number) => string, restCharged = false): string {
  const fee = plan.feeKeptCents + plan.feeNotCollectedCents;
  if (plan.feeNotCollectedCents > 0 && restCharged) return `: it goes to the late-cancellation fee of ${money(fee)}`;
  if (plan.feeNotCollectedCents > 0)
    return `: it goes to the late-cancellation fee of ${money(fee)}, and the rest of the fee is not charged`;
  return fee > 0 ? `: the late-cancellation fee of ${money(fee)} is kept` : '';
}

/**
 * The office's copy of a cancellation, its payment row: what was decided of the money paid, in the
 * client's e-mail's terms. `byPolicy` false: the company's office refunds by hand (setting
 * `booking_changes.refund_on_cancel` `office`), so nothing was given back yet. Null when nothing
 * was paid (the row then says "Not paid").
 * "Paid $400.00 — refund of $325.00 issued automatically to the card: the late-cancellation fee of $75.00 is kept"
 */
export function officeCancelRefundText(
  plan: CancelRefundPlan,
  currency: string,
  byPolicy: boolean,
  restCharged = false,
): string | null {
  if (plan.paidCents === 0) return null;
  const money = (cents: number) => formatMoney(cents, currency);
  const paid = `Paid ${money(plan.paidCents)}`;
  if (!byPolicy) return `${paid} — no refund made: the refund is left to the office`;
  const total = refundTotalCents(plan);
  const card = total - plan.officeDueBackCents;
  const office = `${money(plan.officeDueBackCents)} paid by check or cash, for the office to return`;
  let decided: string;
  if (total === 0) decided = 'no refund due';
  else if (plan.officeDueBackCents === 0) decided = `refund of ${money(card)} issued automatically to the card`;
  else if (card === 0) decided = `refund of ${office}`;
  else decided = `refund of ${money(total)}: ${money(card)} issued automatically to the card, ${office}`;
  return `${paid} — ${decided}${feeTail(plan, money, restCharged)}`;
}

/** The office's part of a refund: none, all of it, or some of it beside the card's. */
function officeWords(officeCents: number, totalCents: number, money: (cents: number) => string): string {
  if (officeCents === 0) return '';
  if (officeCents === totalCents) return ' The office returns it: it was paid by check or cash.';
  return ` The office returns ${money(officeCents)} of it, paid by check or cash; the rest goes back to your card.`;
}

/** Why the History's refund events give back what they do: "cancelled by the client, less the late-cancellation fee of $75.00". */
function causeText(currency: string, cancelledBy: string, feeCents: number): string {
  const fee = feeCents > 0 ? `, less the late-cancellation fee of ${formatMoney(feeCents, currency)}` : '';
  return `cancelled by ${cancelledBy}${fee}`;
}

/**
 * The audit event of a refund the policy made (the order's History): "Refund of $325.00 through
 * Stripe: cancelled by the client, less the late-cancellation fee of $75.00".
 */
export function policyRefundEventText(amountCents: number, currency: string, cancelledBy: string, feeCents: number) {
  return `Refund of ${formatMoney(amountCents, currency)} through Stripe: ${causeText(currency, cancelledBy, feeCents)}`;
}

/** The audit event of what the office is to return itself: "$100.00 paid to the office is due back to the client: cancelled by …". */
export function officeDueBackEventText(amountCents: number, currency: string, cancelledBy: string, feeCents: number) {
  const amount = formatMoney(amountCents, currency);
  return `${amount} paid to the office is due back to the client: ${causeText(currency, cancelledBy, feeCents)}`;
}

/**
 * The late fees of a booking change that are charged (issue 44, decision 0081): what an order owes
 * once a late cancellation or a late reschedule added its fee, how much of a fee is still to collect
 * after what the order holds, and the words the client and the office read about it. Plain data in,
 * plain data out: the server keeps the ledger by it, the manage page and the e-mails say it.
 *
 * What an order owes: while booked, its confirmed total with tax plus the late-reschedule fees it
 * incurred; once cancelled, its late-cancellation fee alone (the inspection is no longer owed, and
 * the cancel's fee takes the place of earlier fees, as the cancel's refund gives back all that was
 * paid beyond it: decision 0076's plan, one rule for both). The balance due is what it owes less what the ledger holds, so the
 * pay link, `orders.paid` and the order page follow the fees with no second arithmetic.
 */

import { formatMoney } from '../money-format.ts';

export type FeeChange = 'cancel' | 'reschedule';

export interface OwingOrder {
  /** The confirmed total with tax (0 when it priced nothing). */
  totalCents: number;
  cancelled: boolean;
  /** The fee kept at the cancel (null or 0: none, or waived by the office). */
  cancelFeeCents: number | null;
  /** The late-reschedule fees the order incurred, all of them (owed while it is booked). */
  rescheduleFeesCents: number;
}

/** What the order owes in all, before what was paid: the ledger's "total". */
export function owedCents(order: OwingOrder): number {
  if (order.cancelled) return Math.max(0, order.cancelFeeCents ?? 0);
  return Math.max(0, order.totalCents) + Math.max(0, order.rescheduleFeesCents);
}

/**
 * The part of a change's fee still to collect, given the balance due once the fee is owed (what
 * the order owes less what the ledger holds): never more than the fee, never below nothing. A late
 * cancel of an order paid $400 with a fee of $75 has nothing to collect (the fee is kept from the
 * payment); paid $74.00, the other $1.00 is collected.
 */
export function feeToCollectCents(feeCents: number, balanceDueCents: number): number {
  return Math.max(0, Math.min(feeCents, balanceDueCents));
}

/** How the fee is collected: the card the client saved at booking, or a pay link e-mailed to them. */
export type FeeCollector = { kind: 'card'; brand: string | null; last4: string | null } | { kind: 'link' };

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "your Visa ending 4242"; "your card ending 4242" for a brand not named; "your saved card" without its digits. */
export function cardWords(card: { brand: string | null; last4: string | null }, whose = 'your'): string {
  if (card.last4 === null || !/^[0-9]{4}$/.test(card.last4)) return `${whose} saved card`;
  return `${whose} ${BRANDS[card.brand ?? ''] ?? 'card'} ending ${card.last4}`;
}

/** "late-cancellation fee", "late-reschedule fee". */
export function feeName(change: FeeChange): string {
  return change === 'cancel' ? 'late-cancellation fee' : 'late-reschedule fee';
}

/** The fee as its sentence names it: "the late-cancellation fee of $75.00", or "the other $1.00 of …" when what was paid covers the rest. */
export function feePart(change: FeeChange, collectCents: number, feeCents: number, currency: string): string {
  const fee = `the ${feeName(change)} of ${formatMoney(feeCents, currency)}`;
  return collectCents < feeCents ? `the other ${formatMoney(collectCents, currency)} of ${fee}` : fee;
}

/**
 * What the client reads before confirming a change with a fee to collect, and (`done`) in the
 * change's e-mail. Null when nothing is to collect.
 * "Cancelling now charges the late-cancellation fee of $75.00 to your Visa ending 4242."
 * "Moving now costs the late-reschedule fee of $25.00: we will e-mail you a link to pay it."
 * `collector` null: the company takes no online payment; the fee is owed to the office.
 */
export function feeChargeText(
  change: FeeChange,
  amounts: { collectCents: number; feeCents: number },
  currency: string,
  collector: FeeCollector | null,
  done = false,
): string | null {
  if (amounts.collectCents <= 0) return null;
  const part = feePart(change, amounts.collectCents, amounts.feeCents, currency);
  const verb = change === 'cancel' ? 'Cancelling' : 'Moving';
  if (collector === null)
    return done
      ? `You owe ${part}: the office will tell you how to pay it.`
      : `${verb} now costs ${part}: the office will tell you how to pay it.`;
  if (collector.kind === 'link')
    return done
      ? `We will e-mail you a link to pay ${part}.`
      : `${verb} now costs ${part}: we will e-mail you a link to pay it.`;
  const card = cardWords(collector);
  return done
    ? `We are charging ${part} to ${card}; if your bank asks for your approval, we will e-mail you a link to pay it instead.`
    : `${verb} now charges ${part} to ${card}.`;
}

/**
 * The office's copy of a change's e-mail, its fee row: "Late-cancellation fee of $75.00: charged to
 * the client's Visa ending 4242" (or "…: a link to pay it is e-mailed to the client", "…: for the
 * office to collect"); the part beyond what was paid when that covers some of it.
 */
export function officeFeeText(
  change: FeeChange,
  amounts: { collectCents: number; feeCents: number },
  currency: string,
  collector: FeeCollector | null,
): string | null {
  if (amounts.collectCents <= 0) return null;
  const fee = `${capitalised(feeName(change))} of ${formatMoney(amounts.feeCents, currency)}`;
  const part =
    amounts.collectCents < amounts.feeCents
      ? ` (${formatMoney(amounts.collectCents, currency)} beyond what was paid)`
      : '';
  const how =
    collector === null
      ? 'for the office to collect'
      : collector.kind === 'link'
        ? 'a link to pay it is e-mailed to the client'
        : `charged to ${cardWords(collector, "the client's")}`;
  return `${fee}${part}: ${how}`;
}

/** Why a fee went to a pay link rather than the saved card: no card, the bank asked for the client, or it declined. */
export type FeeLinkReason = 'no_card' | 'authentication_required' | 'declined';

const LINK_REASONS: Record<FeeLinkReason, string> = {
  no_card: 'no card was saved',
  authentication_required: "the client's bank asked for their approval",
  declined: 'the card was declined',
};

/** The order's History when the saved card paid the fee: "Late-cancellation fee of $75.00 charged to the Visa ending 4242". */
export function feeChargedEventText(
  change: FeeChange,
  amountCents: number,
  currency: string,
  card: { brand: string | null; last4: string | null },
): string {
  return `${capitalised(feeName(change))} of ${formatMoney(amountCents, currency)} charged to ${cardWords(card, 'the')}`;
}

/** The order's History when the fee went to a pay link: "Late-cancellation fee of $75.00: the card was declined; a link to pay it was e-mailed to the client". */
export function feeLinkEventText(
  change: FeeChange,
  amountCents: number,
  currency: string,
  reason: FeeLinkReason,
): string {
  const fee = `${capitalised(feeName(change))} of ${formatMoney(amountCents, currency)}`;
  return `${fee}: ${LINK_REASONS[reason]}; a link to pay it was e-mailed to the client`;
}

/** The ledger row's note of a fee the card paid: "Late-cancellation fee". */
export function feeLedgerNote(change: FeeChange): string {
  return capitalised(feeName(change));
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

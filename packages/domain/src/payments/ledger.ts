/**
 * An order's payment ledger as arithmetic (issue 41 item 4, decision 0064): what has been paid, the
 * balance due, whether the order counts as paid, and how much a new entry may move. Plain data in,
 * plain data out: the server keeps `orders.paid` by it, the console shows it, the tests pin its bounds.
 */

import { LEDGER_MAX_AMOUNT_CENTS, type LEDGER_KINDS } from '@scheduler/contracts/ledger';

export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The entry as the arithmetic needs it: a voided entry counts for nothing. */
export interface LedgerEntry {
  kind: LedgerKind;
  amountCents: number;
  voided: boolean;
}

export interface LedgerTotals {
  totalCents: number;
  /** Payments less refunds, of the entries not voided. */
  paidCents: number;
  /** The total less what was paid: negative when more came in than the order costs. */
  balanceDueCents: number;
  /** Paid in full: nothing is left due (an order of nothing to pay included). */
  paid: boolean;
}

export function ledgerTotals(totalCents: number, entries: readonly LedgerEntry[]): LedgerTotals {
  let paidCents = 0;
  for (const entry of entries) {
    if (entry.voided) continue;
    paidCents += entry.kind === 'payment' ? entry.amountCents : -entry.amountCents;
  }
  const balanceDueCents = totalCents - paidCents;
  return { totalCents, paidCents, balanceDueCents, paid: balanceDueCents <= 0 };
}

/** Why a new entry is refused; null when it may be recorded. */
export type EntryRefusal = 'not_positive' | 'too_large' | 'more_than_balance' | 'more_than_paid';

/**
 * Whether the office may record `amountCents` of `kind` now: a payment up to the balance due (an
 * overpayment is refused, decision 0064), a refund up to what was paid.
 */
export function refusalOf(totals: LedgerTotals, kind: LedgerKind, amountCents: number): EntryRefusal | null {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 'not_positive';
  if (amountCents > LEDGER_MAX_AMOUNT_CENTS) return 'too_large';
  if (kind === 'payment') return amountCents > totals.balanceDueCents ? 'more_than_balance' : null;
  return amountCents > totals.paidCents ? 'more_than_paid' : null;
}

/**
 * What the pay link charges now (issue 44, decision 0067): the balance due, tax included, after
 * whatever the office took; null when nothing is left to pay (the link then opens no payment).
 */
export function onlineChargeCents(totals: LedgerTotals): number | null {
  return totals.balanceDueCents > 0 ? totals.balanceDueCents : null;
}

/**
 * The balance left once part of the order is paid, as the manage page says it ("Balance due"):
 * null before any payment (the whole total is due: "Not paid yet") and once nothing is left.
 */
export function balanceLeftAfterPart(totalCents: number, balanceDueCents: number): number | null {
  return balanceDueCents > 0 && balanceDueCents < totalCents ? balanceDueCents : null;
}

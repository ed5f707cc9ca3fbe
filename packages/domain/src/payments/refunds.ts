/**
 * What the office may give back of an online payment through Stripe (issue 44, decision 0067):
 * the payment less the refunds already made against it, and never more than the order has been
 * paid in all (a refund the office gave by check counts too). Plain data in, plain data out.
 */

import { LEDGER_MAX_AMOUNT_CENTS } from '@scheduler/contracts/ledger';
import type { LedgerEntry, LedgerTotals } from './ledger.ts';

/** A ledger entry as the refund arithmetic needs it: which payment a refund gives back, if any. */
export interface RefundableEntry extends LedgerEntry {
  id: string;
  method: string;
  /** The payment a refund gives back (Stripe's refunds name theirs); null for a payment, or an office refund of no one payment. */
  refundOf: string | null;
}

/**
 * How much of the online payment `paymentId` may still be refunded: 0 for an entry that is not an
 * online payment, is voided, or is refunded in full already.
 */
export function refundableCents(totals: LedgerTotals, entries: readonly RefundableEntry[], paymentId: string): number {
  const payment = entries.find((entry) => entry.id === paymentId);
  if (!payment || payment.voided || payment.kind !== 'payment' || payment.method !== 'online') return 0;
  let left = payment.amountCents;
  for (const entry of entries)
    if (entry.kind === 'refund' && !entry.voided && entry.refundOf === paymentId) left -= entry.amountCents;
  return Math.max(0, Math.min(left, totals.paidCents));
}

/** Why a refund through Stripe is refused; null when it may be made. */
export type RefundRefusal = 'not_positive' | 'too_large' | 'nothing_to_refund' | 'more_than_refundable';

export function refundRefusalOf(refundable: number, amountCents: number): RefundRefusal | null {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 'not_positive';
  if (amountCents > LEDGER_MAX_AMOUNT_CENTS) return 'too_large';
  if (refundable <= 0) return 'nothing_to_refund';
  return amountCents > refundable ? 'more_than_refundable' : null;
}

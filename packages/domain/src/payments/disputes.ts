/**
 * A dispute (chargeback) of an online payment, from opened to decided (issue 44, decision 0082):
 * which of Stripe's statuses close it, whether a later event may change the status the order
 * holds, how much a lost dispute gives back to the client, and the words the office reads.
 * Plain data in, plain data out.
 */

import { formatMoney } from '../money-format.ts';

/** Stripe's statuses that close a dispute (`charge_refunded` is an older API version's). */
export const CLOSED_DISPUTE_STATUSES = ['won', 'lost', 'warning_closed', 'prevented', 'charge_refunded'] as const;

export function disputeClosed(status: string | null): boolean {
  return status !== null && (CLOSED_DISPUTE_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether an event with `incoming` status, sent by Stripe at `incomingAt`, changes the status held:
 * a closed dispute is never opened again (a late `updated` after `closed` changes nothing), an
 * event older than the one the status came from changes nothing, and the same status is no change.
 */
export function disputeStatusChanges(
  held: { status: string | null; statusAt: Date | null },
  incoming: { status: string; at: Date },
): boolean {
  if (incoming.status === held.status) return false;
  if (disputeClosed(held.status)) return false;
  if (disputeClosed(incoming.status)) return true;
  return held.statusAt === null || incoming.at.getTime() >= held.statusAt.getTime();
}

/**
 * What a lost dispute gives back to the client in the ledger: the disputed amount, never more than
 * is left of the payment (`refundable`: its amount less what was refunded of it already); 0 writes nothing.
 */
export function lostDisputeCents(disputedCents: number, refundable: number): number {
  return Math.max(0, Math.min(disputedCents, refundable));
}

/** "under review", from Stripe's `under_review`. */
export function disputeStatusWords(status: string): string {
  return status.replace(/^warning_/, 'inquiry ').replaceAll('_', ' ');
}

/** The outcome of a closed dispute in the office's words; null while it is open. */
export function disputeOutcomeText(status: string | null, amountCents: number, currency: string): string | null {
  const amount = formatMoney(amountCents, currency);
  switch (status) {
    case 'won':
      return `The bank decided the dispute of ${amount} for the company: won. Stripe gives the money back to the company's balance.`;
    case 'lost':
      return `The bank decided the dispute of ${amount} for the client: lost. The money went back to the client (a refund in the ledger).`;
    case 'warning_closed':
      return `The bank's inquiry about ${amount} was closed without a dispute.`;
    case 'prevented':
      return `The dispute of ${amount} was prevented before it opened.`;
    case 'charge_refunded':
      return `The dispute of ${amount} was closed: the payment had been refunded.`;
    default:
      return null;
  }
}

/** A movement of the company's Stripe balance for a dispute, in the office's words. */
export function disputeFundsText(movement: 'withdrawn' | 'reinstated', amountCents: number, currency: string): string {
  const amount = formatMoney(amountCents, currency);
  return movement === 'withdrawn'
    ? `Stripe took ${amount} from the company's balance while the bank decides the dispute`
    : `Stripe gave ${amount} back to the company's balance after the dispute`;
}

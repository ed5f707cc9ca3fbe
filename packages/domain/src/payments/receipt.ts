/**
 * What a receipt says (issue 44, decision 0082): its number, the order's price lines with every
 * amount and every tax (an invoice shows the tax, whatever the wizard hides), the money received or
 * given back, and the balance due after it. Plain data in, plain data out: the PDF is drawn from it.
 */

import type { Pricing } from '@scheduler/contracts/pricing';
import { formatMoney } from '../money-format.ts';
import { displayLines, DISPLAY_WORDS, type DisplayLine } from '../pricing/display-lines.ts';
import { orderReference } from '../order-reference.ts';
import { ledgerTotals, type LedgerEntry } from './ledger.ts';

/** "R-F80ADF62-1A2B3C4D": the order's number and the ledger entry's, one receipt per entry. */
export function receiptNumber(orderId: string, entryId: string): string {
  return `R-${orderReference(orderId)}-${entryId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export interface ReceiptLines {
  /** Items, savings, fees, coupons, then taxes: every amount shown, summing to `totalCents`. */
  lines: DisplayLine[];
  /** The grand total, tax included: what the order costs. */
  totalCents: number;
}

/**
 * The order's frozen price as a receipt lists it: the lines the thank-you shows, with the amounts
 * and taxes a company may hide in the wizard shown (`displayLines` checks that they add up to the
 * grand total). Null for an order without a frozen pricing or with nothing priced.
 */
export function receiptLines(pricing: Pricing | null): ReceiptLines | null {
  if (!pricing) return null;
  const shown = displayLines({ ...pricing, fees_hidden: false, taxes_hidden: false });
  if (shown.total === null) return null;
  return { lines: shown.lines, totalCents: shown.total };
}

/** A line's label as printed: a tax line says it is a tax, a coupon that it is a coupon. */
export function receiptLineLabel(line: DisplayLine): string {
  return line.kind === 'coupon' ? `${DISPLAY_WORDS.coupon} ${line.label}` : line.label;
}

/**
 * The balance due right after the entry `entryId`: the total less the payments plus the refunds of
 * the entries not voided recorded up to it (by `at`, its recording time; at one same moment the
 * payments before the refunds, which give them back). Null when it is not among them.
 */
export function balanceAfterEntry(
  totalCents: number,
  entries: ReadonlyArray<LedgerEntry & { id: string; at: number }>,
  entryId: string,
): number | null {
  const ordered = [...entries].sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === 'payment' ? -1 : 1));
  const at = ordered.findIndex((entry) => entry.id === entryId);
  if (at < 0) return null;
  return ledgerTotals(totalCents, ordered.slice(0, at + 1)).balanceDueCents;
}

const DATE_WORDS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** An office date ("2026-12-01") in words ("December 1, 2026"): a calendar date, no zone to shift it. */
export function receiptDateText(officeDate: string): string {
  return DATE_WORDS.format(new Date(`${officeDate}T00:00:00Z`));
}

/** How a receipt is offered for download: "Receipt: payment of $425.00 on December 1, 2026". */
export function receiptLinkText(
  kind: 'payment' | 'refund',
  amountCents: number,
  currency: string,
  officeDate: string,
): string {
  return `Receipt: ${kind} of ${formatMoney(amountCents, currency)} on ${receiptDateText(officeDate)}`;
}

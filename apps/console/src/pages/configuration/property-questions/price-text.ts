import { MAX_CENTS } from '@scheduler/contracts/pricing';
import { formatMoney } from '@scheduler/domain/money-format';
import { amountText, parseTypedAmount } from '../../../shared/money-amount.ts';

/**
 * What a question adds to the price, typed as dollars ("35" or "35.00") and kept as integer
 * cents, through the console's one reading of typed money (shared/money-amount.ts).
 */

export const PRICE_PROBLEM = `Enter an amount like 35 or 35.00, up to ${(MAX_CENTS / 100).toLocaleString('en-US')}, or leave it empty.`;

/** The amount in cents; null for an empty field (no amount); 'invalid' for anything else that is not an amount in range. A leading "$" is allowed. */
export function parsePrice(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const cents = parseTypedAmount(trimmed, 'USD');
  return cents !== null && cents <= MAX_CENTS ? cents : 'invalid';
}

/** Cents as the person would type them back: "35.00". */
export function priceText(cents: number): string {
  return amountText(cents, 'USD');
}

/** Cents as a visitor reads them, in the company's currency: "$35.00". */
export function shownPrice(cents: number, currency: string): string {
  return formatMoney(cents, currency);
}

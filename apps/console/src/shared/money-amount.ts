/**
 * An amount of money typed by a person, in the company's currency, read as integer minor units
 * (cents). The text is read digit by digit, never through a float, so "0.10" is 10 cents and not
 * 10.000000000000002.
 */

/** How many decimals the currency has (2 for USD, 0 for JPY), as the rest of the product formats it. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

// Digits, or digits grouped by commas in threes ("1,234"), then an optional decimal part.
const AMOUNT = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

/** The amount in cents, or null when the text is not an amount of this currency (a sign, a letter, too many decimals). */
export function parseAmount(text: string, currency: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const digits = currencyDigits(currency);
  const whole = match[1]!.replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const cents = Number(whole + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as the text a person would type back: "75.00", no sign and no grouping. */
export function amountText(cents: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(cents);
  const padded = String(cents).padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** An example of an amount in the currency, for help texts: "75.50" or "7550". */
export function amountExample(currency: string): string {
  return currencyDigits(currency) === 0 ? '7550' : '75 or 75.50';
}

/** As parseAmount, with a leading "$" (as a person may type it in a field that shows one) allowed. */
export function parseTypedAmount(text: string, currency: string): number | null {
  return parseAmount(text.trim().replace(/^\$\s*/, ''), currency);
}

/** The company document's currency (an ISO code), or USD as the server reads a document without one. */
export function currencyOf(document: Record<string, unknown>): string {
  return typeof document.currency === 'string' && /^[A-Z]{3}$/.test(document.currency) ? document.currency : 'USD';
}

type Whole = { ok: true; value: number | null } | { ok: false };

/** A whole number typed by a person, from min to max (a count, hours, a whole percent); empty text is null. */
export function readWhole(text: string, min: number, max: number): Whole {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+$/.test(trimmed)) return { ok: false };
  const value = Number(trimmed);
  return value >= min && value <= max ? { ok: true, value } : { ok: false };
}

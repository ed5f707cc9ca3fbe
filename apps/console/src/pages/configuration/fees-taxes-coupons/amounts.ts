/**
 * Numbers as a person types them on the pricing page, read exactly: money digit by digit into
 * integer cents (never through a float, so "0.10" is 10 cents), percentages to four decimals the
 * same way. Each reader answers null for text that is not a value of its kind, and the caller
 * says what is wrong in words.
 */
import { amountText, parseTypedAmount } from '../../../shared/money-amount.ts';

/** An amount in the currency's minor units (cents); null when it is not an amount or is past `max`. */
export function parseCents(text: string, currency: string, max: number): number | null {
  const cents = parseTypedAmount(text, currency);
  return cents !== null && cents <= max ? cents : null;
}

/** Cents as the text a person would type back: "75.00", no sign and no grouping. */
export const centsText = amountText;

/** A whole number from min to max (commas allowed as thousands separators); null otherwise. */
export function parseWhole(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^(\d+|\d{1,3}(?:,\d{3})+)$/.test(trimmed)) return null;
  const value = Number(trimmed.replaceAll(',', ''));
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : null;
}

/**
 * A percentage from 0 to 100 with at most four decimals (the schema's `multipleOf(0.0001)`).
 * The number is made from its digits in ten-thousandths, so 6.0625 is exactly what the schema
 * receives and 100.0001 is past the limit rather than rounded to it.
 */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!match) return null;
  const tenThousandths = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  if (tenThousandths > 1_000_000) return null;
  return Number((tenThousandths / 10_000).toFixed(4));
}

/** A code made from a description, as fee codes are written: "Crawlspace access" is "crawlspace-access". */
export function codeFromText(text: string, maxLength = 60): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

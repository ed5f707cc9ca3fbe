// Apart from formatting.ts (phones) because the first step loads that module and never shows a
// price: a module shared by the first step and a later one ends up whole in the first download.

/** An amount of minor units (cents) in the company's currency; "n/a" when it cannot be formatted. */
export function formatMoney(cents: number | null | undefined, currency: string, locale = 'en-US'): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return 'n/a';
  try {
    const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
    return formatter.format(cents / 10 ** digits);
  } catch {
    return 'n/a';
  }
}

/**
 * An amount a visitor typed as digits (the sales price: "300000", "300,000.50"), in cents; null
 * for anything else (empty, zero, or written otherwise, like "$325,000").
 */
export function enteredAmountCents(entered: string): number | null {
  const text = entered.trim().replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const amount = Number(text);
  return amount > 0 ? Math.round(amount * 100) : null;
}

/** The same amount as money, as the wizard shows it ("$300,000.00"); written otherwise, as typed. */
export function enteredAmountText(entered: string, currency: string): string {
  const cents = enteredAmountCents(entered);
  return cents === null ? entered.trim() : formatMoney(cents, currency);
}

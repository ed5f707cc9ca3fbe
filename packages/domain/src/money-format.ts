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

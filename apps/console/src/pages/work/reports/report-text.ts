import { formatMoney } from '@scheduler/domain/money-format';

/** "Jan 2026" for "2026-01". */
export function monthText(month: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
}

/** "1,234". */
export const countText = (n: number) => n.toLocaleString('en-US');

/** "1 inspection", "12 inspections". */
export const inspectionsText = (n: number) => `${countText(n)} ${n === 1 ? 'inspection' : 'inspections'}`;

/** "$1,234.50" in the company's currency. */
export const moneyText = (cents: number, currency: string) => formatMoney(cents, currency);

/** "5.8 days", "1 day"; "none booked" without inspections. */
export function leadText(days: number | null): string {
  if (days === null) return 'none booked';
  return `${days.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * The chart's words for a screen reader: what it shows and its highest month, the table beside it
 * holding every figure.
 */
export function chartSummary(
  months: ReadonlyArray<{ month: string; inspections: number; revenue_cents: number }>,
  currency: string,
): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return 'Revenue and inspections by month: no months.';
  const span = `${monthText(first.month)} to ${monthText(last.month)}`;
  const best = months.reduce((top, row) => (row.revenue_cents > top.revenue_cents ? row : top), first);
  const peak =
    best.revenue_cents > 0
      ? ` Highest revenue in ${monthText(best.month)}: ${moneyText(best.revenue_cents, currency)} from ${inspectionsText(best.inspections)}.`
      : ' No revenue in these months.';
  return `Bar chart of revenue and inspections by month, ${span}.${peak} The table "By month" gives every month's figures.`;
}

/**
 * Months on plain dates (YYYY-MM-DD; a month is named by its first day, YYYY-MM-01): the
 * wizard's calendar, the manage page's and the console's reschedule each page through months.
 */
import { monthName } from './scheduling-text.ts';

/** The first of the month `by` months after `month` (both YYYY-MM-01). */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + by, 1)).toISOString().slice(0, 10);
}

/** The month a date is in. */
export function monthOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** How many days the month has. */
export function daysIn(month: string): number {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** "2026-12-01" -> "December 2026". */
export function monthTitle(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${monthName(m)} ${year}`;
}

/**
 * The dates one availability request asks for: the month's, from today on. A month is at most 31
 * days, within the longest window the server answers (MAX_AVAILABILITY_WINDOW_DAYS).
 */
export function monthWindow(month: string, today: string): { from: string; to: string } {
  const last = new Date(Date.parse(`${shiftMonth(month, 1)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { from: today > month ? today : month, to: last };
}

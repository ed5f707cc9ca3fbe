import type { AdminOrder } from '@scheduler/contracts/confirm';
import { formatListDate, formatLongDateTime, formatTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';

/**
 * The console's times are always the office's wall clock with its zone named: staff read them
 * against the office, wherever their own computer or phone says they are (house rule 6).
 */

/** "14:30" -> "2:30 PM"; "24:00" -> "12:00 AM" (the end of a day). */
export function clockText(hhmm: string): string {
  return formatTime(`2000-01-01 ${hhmm === '24:00' ? '00:00' : hhmm}`);
}

/** Minutes since midnight of "HH:MM" (24:00 is 1440). */
export function minutesOf(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
}

/** An instant as the office's clock time with its zone: "10:42 AM EST". */
export function officeClockText(instant: string, timeZone: string): string {
  return `${formatTime(wallTimeIn(instant, timeZone))} ${zoneAbbreviation(timeZone, Date.parse(instant))}`;
}

/** An instant in full on the office's clock: "Tuesday, December 1st 2026 at 9:30 AM EST". */
export function momentText(instant: string, timeZone: string): string {
  return `${formatLongDateTime(wallTimeIn(instant, timeZone))} ${zoneAbbreviation(timeZone, Date.parse(instant))}`;
}

/** The zones of the dates shown, once each: "All times EST", or "All times EST or EDT" across a change of clocks. */
export function zoneNote(abbreviations: readonly string[]): string {
  const distinct = [...new Set(abbreviations)];
  return distinct.length === 0 ? '' : `All times ${distinct.join(' or ')}`;
}

/** An order's appointment as the office reads it: "Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST"; null without a time. */
export function orderWhenText(
  order: Pick<AdminOrder, 'local_date' | 'local_time' | 'local_end_time' | 'zone_abbreviation'>,
): string | null {
  if (!order.local_date || !order.local_time) return null;
  const end = order.local_end_time ? ` – ${clockText(order.local_end_time)}` : '';
  return `${formatListDate(order.local_date)}, ${clockText(order.local_time)}${end} ${order.zone_abbreviation ?? ''}`.trim();
}

/** A date the way a short table cell shows it: "2026-12-01" -> "Tue 12/1/2026". */
export function shortDateText(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    weekday: 'short',
    timeZone: 'UTC',
  });
  return `${weekday} ${month}/${day}/${year}`;
}

/** The date `days` after an ISO date (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today's date on a zone's clock (the browser's own when none is known yet). */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

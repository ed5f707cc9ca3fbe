import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { monthName } from '@scheduler/domain/scheduling-text';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';

/** The first of the month `by` months after `month` (both YYYY-MM-01). */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + by, 1)).toISOString().slice(0, 10);
}

export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

/** "2026-12-01" -> "December 2026". */
export function monthTitle(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${monthName(m)} ${year}`;
}

/** The dates one availability request asks for: the month's, from today on (within the server's 120-day window). */
export function monthWindow(month: string, today: string): { from: string; to: string } {
  const last = new Date(Date.parse(`${shiftMonth(month, 1)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { from: today > month ? today : month, to: last };
}

/** The answer's start times by day, each time once (the server picks who inspects), days and times in order. */
export function daysWithTimes(slots: readonly AppointmentSlot[]): Array<{ date: string; slots: AppointmentSlot[] }> {
  const byDate = new Map<string, AppointmentSlot[]>();
  for (const slot of slots) {
    const day = byDate.get(slot.date) ?? [];
    if (!day.some((other) => other.timestamp === slot.timestamp)) day.push(slot);
    byDate.set(slot.date, day);
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, day]) => ({ date, slots: day.sort((a, b) => a.timestamp - b.timestamp) }));
}

/** The instant a slot starts, as the reschedule call takes it. */
export const slotInstant = (slot: Pick<AppointmentSlot, 'timestamp'>): string => new Date(slot.timestamp * 1000).toISOString();

/** A start time with its zone: "9:00 AM EST". */
export const slotTimeText = (slot: AppointmentSlot, timeZone: string): string => `${slot.start} ${zoneAbbreviation(timeZone, slot.timestamp * 1000)}`;

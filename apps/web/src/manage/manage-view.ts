/** What the manage page derives from its answers: dates as the wizard words them, and the calendar's months. */
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatListDate, formatLongDateTime, formatTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { zoneAbbreviation, zoneSuffix } from '@scheduler/domain/time-zone-text';

/**
 * A policy's deadline in the office's clock, its zone always named (the visitor reads it against
 * their own calendar): "Monday, November 30th 2026, 9:30 AM EST".
 */
export function deadlineText(deadline: string, timeZone: string): string {
  const wall = wallTimeIn(deadline, timeZone);
  return `${formatListDate(wall)}, ${formatTime(wall)} ${zoneAbbreviation(timeZone, Date.parse(deadline))}`;
}

/** When something happened (history, a cancellation): "Tuesday, November 24th 2026 at 9:00 AM", the zone named when the visitor's clock reads it otherwise. */
export function momentText(at: string, timeZone: string, visitorZone?: string): string {
  return `${formatLongDateTime(wallTimeIn(at, timeZone))}${zoneSuffix(timeZone, Date.parse(at), visitorZone)}`;
}

/** The instant a slot starts, as the hold call takes it. */
export function slotInstant(slot: Pick<AppointmentSlot, 'timestamp'>): string {
  return new Date(slot.timestamp * 1000).toISOString();
}

/**
 * The days of `window` that have times, in date order, each with its times in the wizard's order
 * (preferred, then by time). A time outside the window asked for is not the month's.
 */
export function daysWithTimes(
  slots: readonly AppointmentSlot[],
  window: { from: string; to: string },
): Array<{ date: string; slots: AppointmentSlot[] }> {
  const byDate = new Map<string, AppointmentSlot[]>();
  for (const slot of slots) {
    if (slot.date < window.from || slot.date > window.to) continue;
    const day = byDate.get(slot.date) ?? [];
    // One row a start time: the visitor picks a time, and the server picks who inspects it (the
    // booking's own inspectors first). No inspector is "preferred" here: none is named.
    if (!day.some((other) => other.timestamp === slot.timestamp)) day.push({ ...slot, preferred: undefined });
    byDate.set(slot.date, day);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, day]) => ({ date, slots: day.sort((a, b) => a.timestamp - b.timestamp) }));
}

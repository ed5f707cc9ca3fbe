import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';

/** The answer's start times by day, each time once (the server picks who inspects), days and times in order. */
export function daysWithTimes(slots: readonly AppointmentSlot[]): Array<{ date: string; slots: AppointmentSlot[] }> {
  const byDate = new Map<string, AppointmentSlot[]>();
  for (const slot of slots) {
    const day = byDate.get(slot.date) ?? [];
    if (!day.some((other) => other.timestamp === slot.timestamp)) day.push(slot);
    byDate.set(slot.date, day);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, day]) => ({ date, slots: day.sort((a, b) => a.timestamp - b.timestamp) }));
}

/** The instant a slot starts, as the reschedule call takes it. */
export const slotInstant = (slot: Pick<AppointmentSlot, 'timestamp'>): string =>
  new Date(slot.timestamp * 1000).toISOString();

/** A start time with its zone: "9:00 AM EST". */
export const slotTimeText = (slot: AppointmentSlot, timeZone: string): string =>
  `${slot.start} ${zoneAbbreviation(timeZone, slot.timestamp * 1000)}`;

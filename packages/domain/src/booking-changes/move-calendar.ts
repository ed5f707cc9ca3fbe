/**
 * The calendar a booking is moved on, as the visitor's manage page and the office's reschedule
 * dialog both show it: it opens on the booking's own month (and, in the console, its day), and the
 * booking's own time, which is among the times offered (its rows are not busy to it), is marked as
 * such and is no move.
 */
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { monthOf } from '../months.ts';
import { wallTimeIn } from '../scheduling-text.ts';

/** Whether a slot starts when the booking does: its current time, which is no move. */
export function isBookedTime(slot: Pick<AppointmentSlot, 'timestamp'>, bookedStart: string): boolean {
  return slot.timestamp * 1000 === Date.parse(bookedStart);
}

/** The booking's date in the office's clock (YYYY-MM-DD). */
export function bookedDate(bookedStart: string, timeZone: string): string {
  return wallTimeIn(bookedStart, timeZone).slice(0, 10);
}

/**
 * The month the reschedule calendar opens on: the booking's own, in the office's clock (a move
 * is most often to a nearby day), but never one before today's.
 */
export function openingMonth(bookedStart: string, timeZone: string, today: string): string {
  const booked = monthOf(bookedDate(bookedStart, timeZone));
  const first = monthOf(today);
  return booked > first ? booked : first;
}

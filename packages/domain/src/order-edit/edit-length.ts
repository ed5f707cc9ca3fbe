import { minutesOfTime } from '../availability/zoned-calendar.ts';
import { clockText } from '../scheduling-text.ts';
import { workingHoursOn, type InspectorHours } from '../schedule/working-hours.ts';
import type { EditChange } from './edit-changes.ts';

const MINUTE_MS = 60_000;

/** An inspector of the order: their hours and what else they have that day (other orders' times). */
export interface LengthInspector extends InspectorHours {
  name: string;
  busy: ReadonlyArray<{ start: number; end: number }>;
}

/** The booked inspection and its length before and after the edit, on the office's clock. */
export interface EditedLength {
  /** Local date and the start's minutes after its midnight. */
  date: string;
  startMinutes: number;
  /** The start as an instant (ms). */
  start: number;
  beforeMinutes: number;
  afterMinutes: number;
}

const clockOf = (minutes: number) => clockText(Math.floor(minutes / 60) % 24, minutes % 60);

/**
 * What a longer inspection would collide with, in words (decision 0068, part 3): another of the
 * inspector's bookings that starts before the new end (ending exactly at its start is fine), and
 * an end past the inspector's working hours that day. A shorter (or unchanged) length has none.
 */
export function lengthConflicts(
  length: EditedLength,
  team: readonly LengthInspector[],
): { bookings: string[]; hours: string[] } {
  const none = { bookings: [], hours: [] };
  if (length.afterMinutes <= length.beforeMinutes) return none;
  const end = length.start + length.afterMinutes * MINUTE_MS;
  const endMinutes = length.startMinutes + length.afterMinutes;
  const ends = `The inspection would end at ${clockOf(endMinutes)}`;
  const bookings: string[] = [];
  const hours: string[] = [];
  for (const inspector of team) {
    const next = inspector.busy
      .filter((other) => other.start < end && length.start < other.end)
      .sort((a, b) => a.start - b.start)[0];
    if (next) {
      const at = length.startMinutes + Math.round((next.start - length.start) / MINUTE_MS);
      bookings.push(`${ends}, after ${inspector.name}'s next booking starts at ${clockOf(Math.max(at, 0))}.`);
    }
    const fits = workingHoursOn(inspector, length.date).some(
      (interval) => minutesOfTime(interval.start) <= length.startMinutes && endMinutes <= minutesOfTime(interval.end),
    );
    if (!fits) hours.push(`${ends}, after ${inspector.name}'s working hours.`);
  }
  return { bookings, hours };
}

/** "2 h 30 min", "45 min", "3 h". */
export function lengthText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? `${hours} h` : '', rest > 0 || hours === 0 ? `${rest} min` : ''].filter(Boolean).join(' ');
}

/** The line History keeps for the inspection's new length ("Inspection length: 2 h → 2 h 30 min"). */
export function lengthChanges(beforeMinutes: number, afterMinutes: number): EditChange[] {
  return beforeMinutes === afterMinutes
    ? []
    : [{ label: 'Inspection length', before: lengthText(beforeMinutes), after: lengthText(afterMinutes) }];
}

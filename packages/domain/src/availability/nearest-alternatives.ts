import type { AppointmentSlot } from '@scheduler/contracts/scheduling';

/** The time a visitor had, which alternatives stand in for: when, on which office date, and by whom. */
export interface WantedTime {
  /** UTC ms. */
  start: number;
  /** Office-local date, YYYY-MM-DD. */
  date: string;
  inspectors: readonly number[];
}

const DAY_MS = 86_400_000;

/** Whole days between two office dates (calendar dates, so daylight saving does not count). */
function daysApart(a: string, b: string): number {
  return Math.round(Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS);
}

/** How far apart two instants are in time of day, whatever their days (at most 12 hours). */
function timeOfDayApart(a: number, b: number): number {
  const within = (((a - b) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.min(within, DAY_MS - within);
}

/** Whether the slot (or, without names, any team of its group) keeps every inspector the visitor had. */
function keepsInspectors(slot: AppointmentSlot, inspectors: readonly number[]): boolean {
  const teams = slot.group ?? [slot];
  return inspectors.length > 0 && teams.some((team) => inspectors.every((id) => team.users.includes(id)));
}

/**
 * Alternatives in the order a visitor weighs them (issue 20 item 1): the same day first, then the
 * nearest days; within a day the same inspectors first, then the time of day nearest the one they had.
 * Ties keep the engine's order. Returns a new array.
 */
export function nearestAlternatives(slots: readonly AppointmentSlot[], wanted: WantedTime): AppointmentSlot[] {
  const ranked = slots.map((slot, index) => ({
    slot,
    index,
    days: daysApart(slot.date, wanted.date),
    team: keepsInspectors(slot, wanted.inspectors) ? 0 : 1,
    distance: timeOfDayApart(slot.timestamp * 1000, wanted.start),
  }));
  ranked.sort((a, b) => a.days - b.days || a.team - b.team || a.distance - b.distance || a.index - b.index);
  return ranked.map((entry) => entry.slot);
}

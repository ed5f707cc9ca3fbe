/** Date arithmetic of the month calendar's grid, on plain YYYY-MM-DD dates. */
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { daysIn, shiftMonth } from '@scheduler/domain/months';

export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The same day of the month `by` months away, kept inside the shorter month (Jan 31 -> Feb 28). */
export function sameDayMonthsAway(date: string, by: number): string {
  const target = shiftMonth(`${date.slice(0, 7)}-01`, by);
  const day = Math.min(Number(date.slice(8)), daysIn(target));
  return `${target.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** Arrows move by a day or a week. */
const DAY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** Where a key moves the focused day in the date-picker grid pattern, or null for other keys. */
export function dayAfterKey(date: string, key: string): string | null {
  const step = DAY_STEPS[key];
  if (step !== undefined) return addDays(date, step);
  if (key === 'Home') return addDays(date, -weekdayOf(date));
  if (key === 'End') return addDays(date, 6 - weekdayOf(date));
  if (key === 'PageUp' || key === 'PageDown') return sameDayMonthsAway(date, key === 'PageUp' ? -1 : 1);
  return null;
}

import { WEEKDAYS } from '@scheduler/contracts/company-document';
import { weekdayOf } from '../availability/zoned-calendar.ts';

export interface WorkingInterval {
  start: string;
  end: string;
}

/** An inspector's hours as the company document gives them: a week, and dates that differ from it. */
export interface InspectorHours {
  weeklyHours: Readonly<Record<string, readonly WorkingInterval[]>>;
  overrides: ReadonlyArray<{ date: string; intervals: readonly WorkingInterval[]; note?: string }>;
}

/**
 * An inspector's working intervals on a local date, as the availability engine reads them: the
 * date's override when there is one (no intervals: a day off), else the weekday's hours.
 */
export function workingHoursOn(hours: InspectorHours, date: string): readonly WorkingInterval[] {
  const override = hours.overrides.find((entry) => entry.date === date);
  if (override) return override.intervals;
  return hours.weeklyHours[WEEKDAYS[weekdayOf(date)]!] ?? [];
}

import { timeOfMinutes, ZonedCalendar } from './availability/zoned-calendar.ts';
import { zoneAbbreviation } from './time-zone-text.ts';

/**
 * An instant as the office's own clock reads it, for the office's listings (decision 0031): a
 * spreadsheet shows a UTC instant as UTC, five hours off in Columbus.
 */
export interface OfficeClockReading {
  /** The office-local date, "2026-11-25". */
  date: string;
  /** The office-local time on a 24-hour clock, "09:00". */
  time: string;
  /** The zone's offset from UTC at that instant as ISO 8601 writes it, "-05:00" ("+00:00" at UTC). */
  utcOffset: string;
  /** US English's short name of the zone at that instant, "EST" or "EDT" ("GMT+1" where there is none). */
  abbreviation: string;
}

/** -18_000_000 ms → "-05:00", 19_800_000 → "+05:30", 0 → "+00:00". */
export function utcOffsetText(offsetMs: number): string {
  return `${offsetMs < 0 ? '-' : '+'}${timeOfMinutes(Math.round(Math.abs(offsetMs) / 60_000))}`;
}

/** The office's wall clock in `timeZone` (IANA) at `instant` (ms), daylight-saving time included. */
export function officeClockAt(timeZone: string, instant: number): OfficeClockReading {
  const calendar = ZonedCalendar.of(timeZone);
  const { date, minutes } = calendar.toLocal(instant);
  return {
    date,
    time: timeOfMinutes(minutes),
    utcOffset: utcOffsetText(calendar.offsetAt(instant)),
    abbreviation: zoneAbbreviation(timeZone, instant),
  };
}

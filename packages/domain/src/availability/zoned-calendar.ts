/**
 * Office-local wall-clock time <-> UTC instants for one IANA time zone, with Intl only.
 * Working hours and slots are wall-clock times; storage and comparisons use UTC instants.
 * Daylight-saving days are handled exactly: a wall time that does not exist (the spring-forward
 * gap) converts to null, and one that happens twice (fall-back) converts to its first occurrence.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** "YYYY-MM-DD" of a day number counted from 1970-01-01. */
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayNumberOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** "HH:mm" -> minutes after midnight. */
export function minutesOfTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** "HH:mm" for each minute of the day, built once: slot times are formatted by the thousand. */
const TIMES_OF_DAY: readonly string[] = Array.from(
  { length: 24 * 60 },
  (_, minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
);

export function timeOfMinutes(minutes: number): string {
  return (
    TIMES_OF_DAY[minutes] ??
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  );
}

/**
 * A reading of a time zone that is the same through nearly every UTC day (its offset, its short
 * name), read from Intl once per day: at the day's first second and its last. When the two agree,
 * that is the day's reading throughout (no zone changes its clocks and back within a day); on a
 * day they differ, each instant is read on its own. A schedule or a year's CSV reads thousands of
 * instants, and Intl's parts of a formatted date were most of their time (issue 48).
 */
export class ReadingPerUtcDay<T> {
  /** Per UTC day (days since the epoch): its reading when it holds all day, null on a day it changes. */
  private readonly days = new Map<number, { value: T } | null>();

  constructor(private readonly read: (instant: number) => T) {}

  at(instant: number): T {
    const day = Math.floor(instant / DAY_MS);
    let whole = this.days.get(day);
    if (whole === undefined) {
      const first = this.read(day * DAY_MS);
      whole = first === this.read((day + 1) * DAY_MS - 1000) ? { value: first } : null;
      // Bounded: a long-running server sees a few years of days per zone at most.
      if (this.days.size > 20_000) this.days.clear();
      this.days.set(day, whole);
    }
    return whole ? whole.value : this.read(instant);
  }
}

export class ZonedCalendar {
  private readonly formatter: Intl.DateTimeFormat;
  /** Per local date: local midnight read as UTC, and the offset (local - UTC, ms) at its start and end. */
  private readonly days = new Map<string, { midnightAsUtc: number; start: number; end: number }>();
  /** local - UTC, read once per UTC day. */
  private readonly offsets = new ReadingPerUtcDay((instant) => this.intlOffsetAt(instant));

  /**
   * One calendar per time zone, shared: a day's offsets never change, so every request after the
   * first reads them from memory instead of asking Intl again.
   */
  static of(timeZone: string): ZonedCalendar {
    let calendar = calendars.get(timeZone);
    if (!calendar) {
      calendar = new ZonedCalendar(timeZone);
      calendars.set(timeZone, calendar);
    }
    return calendar;
  }

  constructor(readonly timeZone: string) {
    this.formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** The wall clock at an instant, as if it were UTC (ms, to the whole second). */
  private wallClockMs(instant: number): number {
    const whole = Math.floor(instant / 1000) * 1000;
    return whole + this.offsetAt(whole);
  }

  /** The wall clock at an instant as Intl reads it: exact, and costly (a formatter's parts). */
  private intlWallClockMs(instant: number): number {
    const parts: Record<string, number> = {};
    for (const part of this.formatter.formatToParts(new Date(instant))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  }

  private intlOffsetAt(instant: number): number {
    const whole = Math.floor(instant / 1000) * 1000;
    return this.intlWallClockMs(whole) - whole;
  }

  /** local - UTC at an instant, in ms (negative west of Greenwich): Intl's, read once per UTC day. */
  offsetAt(instant: number): number {
    return this.offsets.at(instant);
  }

  private offsetsOfDay(date: string): { midnightAsUtc: number; start: number; end: number } {
    let day = this.days.get(date);
    if (!day) {
      const midnightAsUtc = Date.parse(`${date}T00:00:00Z`);
      // Probe a little outside the day so a transition at midnight is seen as one.
      const start = this.offsetAt(midnightAsUtc - this.offsetAt(midnightAsUtc) - MINUTE_MS);
      const end = this.offsetAt(midnightAsUtc + DAY_MS - this.offsetAt(midnightAsUtc + DAY_MS) + MINUTE_MS);
      day = { midnightAsUtc, start, end };
      // Bounded: a long-running server sees a few years of dates per zone at most.
      if (this.days.size > 20_000) this.days.clear();
      this.days.set(date, day);
    }
    return day;
  }

  /**
   * Wall time -> instant for one local date, for converting many: plain arithmetic on an ordinary
   * day, `toInstant` (which knows the skipped and repeated hours) on a day the clocks change.
   */
  wallTimesOn(date: string): (minutesAfterMidnight: number) => number | null {
    const { midnightAsUtc, start, end } = this.offsetsOfDay(date);
    if (start !== end) return (minutes) => this.toInstant(date, minutes);
    const midnight = midnightAsUtc - start;
    return (minutes) => midnight + minutes * MINUTE_MS;
  }

  /** True when the clocks change on this local date. */
  hasTransition(date: string): boolean {
    const { start, end } = this.offsetsOfDay(date);
    return start !== end;
  }

  /** The UTC instant of a local wall time, or null when that wall time does not exist. */
  toInstant(date: string, minutesAfterMidnight: number): number | null {
    const offsets = this.offsetsOfDay(date);
    const wall = offsets.midnightAsUtc + minutesAfterMidnight * MINUTE_MS;
    if (offsets.start === offsets.end) return wall - offsets.start;
    // A transition day: try both offsets, keep those that read back as the same wall time.
    const candidates = [wall - offsets.start, wall - offsets.end].filter(
      (instant) => this.wallClockMs(instant) === wall,
    );
    return candidates.length ? Math.min(...candidates) : null;
  }

  /** The local date and minutes after midnight of an instant. */
  toLocal(instant: number): { date: string; minutes: number } {
    const wall = this.wallClockMs(instant);
    const date = new Date(wall).toISOString().slice(0, 10);
    return { date, minutes: Math.floor((wall - Date.parse(`${date}T00:00:00Z`)) / MINUTE_MS) };
  }

  /** The local date of an instant. */
  localDateOf(instant: number): string {
    return this.toLocal(instant).date;
  }

  /**
   * The local wall time a real duration after a local wall time. Arithmetic on ordinary days;
   * Intl only when the clocks change in between.
   */
  wallTimeAfter(
    date: string,
    startMinutes: number,
    start: number,
    durationMinutes: number,
  ): { date: string; minutes: number } {
    const total = startMinutes + durationMinutes;
    const days = Math.floor(total / (24 * 60));
    const lastDate = days === 0 ? date : addDays(date, days);
    if (this.hasTransition(date) || (days > 0 && this.hasTransition(lastDate)))
      return this.toLocal(start + durationMinutes * MINUTE_MS);
    return { date: lastDate, minutes: total - days * 24 * 60 };
  }
}

const calendars = new Map<string, ZonedCalendar>();

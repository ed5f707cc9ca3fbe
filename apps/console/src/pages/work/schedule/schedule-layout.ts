import type { ConsoleInspectorDay, ConsoleSchedule } from '@scheduler/contracts/console';
import { monthOf, shiftMonth } from '@scheduler/domain/months';
import { addDays, minutesOf } from '../../../shared/time-text.ts';

/**
 * The schedule's views: one day (a column per inspector), a week (a row per inspector), or a month
 * (each day's count of inspections per inspector).
 */
export type ScheduleView = 'day' | 'week' | 'month';

/** The view a URL's `view=` names; anything else is the day. */
export const viewOf = (value: string | null): ScheduleView => (value === 'week' || value === 'month' ? value : 'day');

/** Height of an hour in the day view: 64 px keeps a 30-minute booking two lines tall. */
export const HOUR_HEIGHT = 64;

/** The hours the day view spans when nothing on the day says otherwise. */
const DEFAULT_RANGE = { start: 8 * 60, end: 18 * 60 };

export interface MinuteRange {
  start: number;
  end: number;
}

/** A span's minutes on its own day; an end on the next day ("00:30" after "22:00", or "24:00") runs to midnight. */
export function spanMinutes(localStart: string, localEnd: string): MinuteRange {
  const start = minutesOf(localStart);
  const end = minutesOf(localEnd);
  return { start, end: end <= start ? 24 * 60 : end };
}

/**
 * The hours a day view shows: every working hour, booking, hold and partial time off of the
 * inspectors on `date`, widened to whole hours, and 8 AM to 6 PM at least so that an empty day
 * still reads as a day. Whole-day time off does not stretch it to midnight.
 */
export function dayRange(inspectors: readonly ConsoleInspectorDay[], date: string): MinuteRange {
  let { start, end } = DEFAULT_RANGE;
  const widen = (span: { local_date: string; local_start: string; local_end: string }) => {
    if (span.local_date !== date) return;
    const minutes = spanMinutes(span.local_start, span.local_end);
    if (minutes.end - minutes.start >= 24 * 60) return;
    start = Math.min(start, minutes.start);
    end = Math.max(end, minutes.end);
  };
  for (const inspector of inspectors) {
    inspector.working_hours.forEach(widen);
    inspector.bookings.forEach(widen);
    inspector.holds.forEach(widen);
    inspector.time_off.forEach(widen);
  }
  return { start: Math.floor(start / 60) * 60, end: Math.min(24 * 60, Math.ceil(end / 60) * 60) };
}

/** Where a span sits in a day column of `range`, in pixels from the column's top, clipped to it. */
export function placeSpan(localStart: string, localEnd: string, range: MinuteRange): { top: number; height: number } {
  const minutes = spanMinutes(localStart, localEnd);
  const start = Math.max(minutes.start, range.start);
  const end = Math.min(minutes.end, range.end);
  return { top: ((start - range.start) / 60) * HOUR_HEIGHT, height: Math.max(0, ((end - start) / 60) * HOUR_HEIGHT) };
}

/** The whole hours of a range, for the time axis. */
export function hoursOf(range: MinuteRange): number[] {
  const hours: number[] = [];
  for (let minute = range.start; minute < range.end; minute += 60) hours.push(minute / 60);
  return hours;
}

/** One inspector's things on one date. */
export function inspectorOn(inspector: ConsoleInspectorDay, date: string) {
  const on = <T extends { local_date: string; local_start: string }>(items: readonly T[]) =>
    items.filter((item) => item.local_date === date).sort((a, b) => a.local_start.localeCompare(b.local_start));
  return {
    workingHours: on(inspector.working_hours),
    timeOff: on(inspector.time_off),
    bookings: on(inspector.bookings),
    holds: on(inspector.holds),
  };
}

/** The week a date is in, Sunday first (as the companies' American calendars run). */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -weekday);
}

/**
 * The whole weeks a month's grid shows, Sunday first: from the week of its first day to the week
 * of its last, 4 to 6 weeks (within the API's 42 days).
 */
export function monthSpan(date: string): { from: string; days: number } {
  const month = monthOf(date);
  const from = weekStart(month);
  const last = addDays(shiftMonth(month, 1), -1);
  const to = addDays(weekStart(last), 6);
  return { from, days: Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1 };
}

/** What the schedule asks the API for: the day, the week around it, or its month's weeks. */
export function scheduleWindow(date: string, view: ScheduleView): { from: string; days: number } {
  if (view === 'month') return monthSpan(date);
  return view === 'day' ? { from: date, days: 1 } : { from: weekStart(date), days: 7 };
}

/** The date the previous or next button goes to: a day, a week, or the first of a month. */
export function stepDate(date: string, view: ScheduleView, direction: 1 | -1): string {
  if (view === 'month') return shiftMonth(monthOf(date), direction);
  return addDays(date, direction * (view === 'day' ? 1 : 7));
}

/** How finely a drop on the day view places a start: a quarter of an hour. */
export const DROP_STEP_MINUTES = 15;

/**
 * The start a drop at `offsetY` px from a day column's top means: the nearest quarter hour (a
 * pixel's slip either side of a line keeps its time), kept inside the column's range so the start
 * is a time the column shows ("HH:MM").
 */
export function dropStart(offsetY: number, range: MinuteRange): string {
  const minute = range.start + (offsetY / HOUR_HEIGHT) * 60;
  const snapped = Math.round(minute / DROP_STEP_MINUTES) * DROP_STEP_MINUTES;
  const clamped = Math.min(Math.max(snapped, range.start), range.end - DROP_STEP_MINUTES);
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/** One day of the month grid: its inspections per inspector (those with any), and whether it is the month's. */
export interface MonthDay {
  date: string;
  inMonth: boolean;
  total: number;
  perInspector: Array<{ id: number; name: string; count: number }>;
}

/** The month grid's weeks, seven days each, with each day's count of inspections per inspector. */
export function monthWeeks(schedule: ConsoleSchedule, month: string): MonthDay[][] {
  const days = schedule.dates.map((date): MonthDay => {
    const perInspector = schedule.inspectors
      .map((inspector) => ({
        id: inspector.id,
        name: inspector.name,
        count: inspector.bookings.filter((booking) => booking.local_date === date).length,
      }))
      .filter((entry) => entry.count > 0);
    return {
      date,
      inMonth: monthOf(date) === month,
      total: perInspector.reduce((sum, entry) => sum + entry.count, 0),
      perInspector,
    };
  });
  const weeks: MonthDay[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  return weeks;
}

/** The zone's name on a date shown (EST on a winter date, EDT on a summer one). */
export function zoneOn(schedule: ConsoleSchedule, date: string): string {
  return schedule.zone_abbreviations[schedule.dates.indexOf(date)] ?? schedule.zone_abbreviations[0] ?? '';
}

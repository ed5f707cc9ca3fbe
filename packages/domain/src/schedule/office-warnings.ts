import { addDays, minutesOfTime } from '../availability/zoned-calendar.ts';
import { formatListDate, formatTime, joinNames } from '../scheduling-text.ts';
import { workingHoursOn, type InspectorHours } from './working-hours.ts';

/** An inspector as the office's booking is checked against them. */
export interface WarnedInspector extends InspectorHours {
  name: string;
  maxInspectionsPerDay: number;
  services: readonly string[];
  /** Inspections (and live holds of other orders) they already have on the date. */
  bookedThatDay: number;
}

/** A time the office picks for a caller, on the office's clock. */
export interface OfficeBookingTime {
  /** Local date and the start's and end's minutes after its midnight (the end may pass 24:00). */
  date: string;
  startMinutes: number;
  endMinutes: number;
  /** The office's local date today. */
  today: string;
  /** Hours from now to the start. */
  hoursAhead: number;
  minimumNoticeHours: number;
  bookingHorizonDays: number;
  /** The order's services (names, for the words) by id. */
  services: ReadonlyArray<{ id: string; name: string }>;
}

function clockOf(date: string, minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  return formatTime(`${date} ${String(hour).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`);
}

/**
 * What the company's rules would refuse a visitor about a time the office books by phone (issue
 * 25): outside an inspector's hours (or in their time off), a full day, short notice, beyond the
 * booking window, services the team does not cover. The office sees each and may book anyway;
 * an inspector who is booked at that time is never a warning (the database refuses it).
 */
export function officeBookingWarnings(time: OfficeBookingTime, team: readonly WarnedInspector[]): string[] {
  const warnings: string[] = [];
  const when = `${clockOf(time.date, time.startMinutes)} on ${formatListDate(time.date)}`;
  for (const inspector of team) {
    const intervals = workingHoursOn(inspector, time.date);
    const fits = intervals.some(
      (interval) =>
        minutesOfTime(interval.start) <= time.startMinutes && time.endMinutes <= minutesOfTime(interval.end),
    );
    if (!fits)
      warnings.push(
        intervals.length
          ? `${when} is outside ${inspector.name}'s working hours.`
          : `${inspector.name} is not working on ${formatListDate(time.date)}.`,
      );
    if (inspector.bookedThatDay >= inspector.maxInspectionsPerDay) {
      warnings.push(
        `${inspector.name} already has ${inspector.bookedThatDay} ${inspector.bookedThatDay === 1 ? 'inspection' : 'inspections'} that day (the most is ${inspector.maxInspectionsPerDay}).`,
      );
    }
  }
  if (time.hoursAhead < time.minimumNoticeHours)
    warnings.push(`It is less than ${time.minimumNoticeHours} hours away (the notice visitors must give).`);
  if (time.date > addDays(time.today, time.bookingHorizonDays))
    warnings.push(`It is more than ${time.bookingHorizonDays} days ahead (as far as visitors may book).`);
  const uncovered = time.services.filter(
    (service) => !team.some((inspector) => inspector.services.includes(service.id)),
  );
  if (uncovered.length)
    warnings.push(
      `${joinNames(team.map((inspector) => inspector.name))} ${team.length === 1 ? "doesn't" : "don't"} perform ${joinNames(uncovered.map((service) => service.name))}.`,
    );
  return warnings;
}

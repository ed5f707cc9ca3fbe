import { describe, expect, it } from 'vitest';
import type { ConsoleInspectorDay, ConsoleSchedule } from '@scheduler/contracts/console';
import { EMPTY_SCHEDULE } from '../../../test-support/fixtures.ts';
import {
  dayRange,
  dropStart,
  hoursOf,
  HOUR_HEIGHT,
  inspectorOn,
  monthSpan,
  monthWeeks,
  placeSpan,
  scheduleWindow,
  spanMinutes,
  stepDate,
  viewOf,
  weekStart,
  zoneOn,
} from './schedule-layout.ts';

const DATE = '2026-12-01';
const span = (local_start: string, local_end: string, local_date = DATE) => ({ local_date, local_start, local_end });
const timeOff = (local_start: string, local_end: string, local_date = DATE) => ({
  ...span(local_start, local_end, local_date),
  time_off_id: '11111111-2222-4333-8444-555555555555',
  note: '',
  recurring: false,
});
const inspector = (parts: Partial<ConsoleInspectorDay>): ConsoleInspectorDay => ({
  id: 101,
  name: 'Sarah Chen',
  working_hours: [],
  time_off: [],
  bookings: [],
  holds: [],
  ...parts,
});

describe("a span's minutes", () => {
  it('counts from midnight, an end on the next day running to midnight', () => {
    expect(spanMinutes('09:30', '12:00')).toEqual({ start: 570, end: 720 });
    expect(spanMinutes('22:00', '00:30')).toEqual({ start: 1320, end: 1440 });
    expect(spanMinutes('00:00', '24:00')).toEqual({ start: 0, end: 1440 });
  });
});

describe('the hours a day view shows', () => {
  it('is 8 AM to 6 PM for an empty day', () => {
    expect(dayRange([], DATE)).toEqual({ start: 480, end: 1080 });
  });

  it('widens to whole hours for working hours, holds and partial time off on the date, not other dates', () => {
    const early = inspector({
      working_hours: [span('07:15', '16:00')],
      holds: [
        {
          ...span('17:00', '19:20'),
          start: '2026-12-01T22:00:00.000Z',
          end: '2026-12-02T00:20:00.000Z',
          expires_at: '2026-12-01T12:00:00.000Z',
        },
      ],
    });
    const other = inspector({ id: 102, time_off: [timeOff('05:00', '06:00', '2026-12-02')] });
    expect(dayRange([early, other], DATE)).toEqual({ start: 420, end: 1200 });
  });

  it('is not stretched to midnight by a whole day off', () => {
    expect(dayRange([inspector({ time_off: [timeOff('00:00', '24:00')] })], DATE)).toEqual({ start: 480, end: 1080 });
  });

  it('never runs past midnight', () => {
    expect(dayRange([inspector({ working_hours: [span('20:00', '23:45')] })], DATE)).toEqual({ start: 480, end: 1440 });
  });
});

describe('where a span sits', () => {
  const range = { start: 480, end: 1080 };

  it('is its offset and length in hours of HOUR_HEIGHT', () => {
    expect(placeSpan('09:30', '12:00', range)).toEqual({ top: 1.5 * HOUR_HEIGHT, height: 2.5 * HOUR_HEIGHT });
  });

  it('is clipped to the range, and nothing when outside it', () => {
    expect(placeSpan('17:00', '20:00', range)).toEqual({ top: 9 * HOUR_HEIGHT, height: HOUR_HEIGHT });
    expect(placeSpan('19:00', '20:00', range).height).toBe(0);
  });

  it('labels every whole hour of the range', () => {
    expect(hoursOf({ start: 480, end: 720 })).toEqual([8, 9, 10, 11]);
    expect(hoursOf({ start: 480, end: 480 })).toEqual([]);
  });
});

describe("an inspector's things on a date", () => {
  it('keeps those of the date, each kind in order of start', () => {
    const sarah = inspector({
      working_hours: [span('13:00', '17:00'), span('08:00', '12:00'), span('08:00', '17:00', '2026-12-02')],
      time_off: [timeOff('12:00', '13:00')],
    });
    const on = inspectorOn(sarah, DATE);
    expect(on.workingHours.map((hours) => hours.local_start)).toEqual(['08:00', '13:00']);
    expect(on.timeOff).toHaveLength(1);
    expect(on.bookings).toEqual([]);
    expect(on.holds).toEqual([]);
  });
});

describe('the dates the schedule steps through', () => {
  it('starts a week on its Sunday, across months', () => {
    expect(weekStart('2026-12-01')).toBe('2026-11-29');
    expect(weekStart('2026-11-29')).toBe('2026-11-29');
    expect(weekStart('2027-01-02')).toBe('2026-12-27');
  });

  it('steps a day in the day view and a week in the week view, both ways', () => {
    expect(stepDate(DATE, 'day', 1)).toBe('2026-12-02');
    expect(stepDate(DATE, 'day', -1)).toBe('2026-11-30');
    expect(stepDate(DATE, 'week', 1)).toBe('2026-12-08');
    expect(stepDate(DATE, 'week', -1)).toBe('2026-11-24');
    expect(scheduleWindow(DATE, 'day')).toEqual({ from: DATE, days: 1 });
  });
});

describe("the zone's name on a date shown", () => {
  it("is the date's own, else the first one, else nothing", () => {
    const across: ConsoleSchedule = {
      ...EMPTY_SCHEDULE,
      dates: ['2026-11-01', '2026-11-02'],
      zone_abbreviations: ['EDT', 'EST'],
    };
    expect(zoneOn(across, '2026-11-02')).toBe('EST');
    expect(zoneOn(across, '2026-12-25')).toBe('EDT');
    expect(zoneOn({ ...EMPTY_SCHEDULE, zone_abbreviations: [] }, DATE)).toBe('');
  });
});

describe('the month view', () => {
  it('spans whole weeks, Sunday first, from the week of the first to the week of the last', () => {
    // December 2026: Tuesday the 1st to Thursday the 31st, five weeks.
    expect(monthSpan('2026-12-17')).toEqual({ from: '2026-11-29', days: 35 });
    // May 2027: Saturday the 1st to Monday the 31st, six weeks (the API's 42 days at most).
    expect(monthSpan('2027-05-01')).toEqual({ from: '2027-04-25', days: 42 });
    // February 2026 starts on a Sunday and ends on a Saturday: exactly four weeks.
    expect(monthSpan('2026-02-10')).toEqual({ from: '2026-02-01', days: 28 });
    expect(scheduleWindow('2026-12-17', 'month')).toEqual(monthSpan('2026-12-17'));
  });

  it('steps to the first of the next or previous month, across the year', () => {
    expect(stepDate('2026-12-17', 'month', 1)).toBe('2027-01-01');
    expect(stepDate('2026-01-31', 'month', -1)).toBe('2025-12-01');
  });

  it('reads the view from the URL, the day for anything else', () => {
    expect(viewOf('month')).toBe('month');
    expect(viewOf('week')).toBe('week');
    expect(viewOf('year')).toBe('day');
    expect(viewOf(null)).toBe('day');
  });

  it("counts each day's inspections per inspector, leaving out those with none, in weeks of seven", () => {
    const booking = (local_date: string, local_start: string) => ({
      ...span(local_start, '12:00', local_date),
      start: `${local_date}T14:00:00.000Z`,
      end: `${local_date}T17:00:00.000Z`,
      order_id: '11111111-2222-4333-8444-555555555555',
      reference: 'F80ADF62',
      client_name: 'Jane Doe',
      address_line: '1 Main St',
      services: [],
      paid: false,
      booked_by: 'online',
      agreement_unsigned: false,
      latitude: null,
      longitude: null,
    });
    const { from, days } = monthSpan('2026-12-01');
    const dates = Array.from({ length: days }, (_, index) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
    );
    const schedule: ConsoleSchedule = {
      ...EMPTY_SCHEDULE,
      from,
      dates,
      inspectors: [
        inspector({ bookings: [booking('2026-12-01', '09:00'), booking('2026-12-01', '13:00')] }),
        inspector({
          id: 102,
          name: 'Mike Alvarez',
          bookings: [booking('2026-12-01', '09:00'), booking('2026-11-30', '09:00')],
        }),
      ],
    };
    const weeks = monthWeeks(schedule, '2026-12-01');
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    const first = weeks[0]!;
    expect(first[0]).toMatchObject({ date: '2026-11-29', inMonth: false, total: 0, perInspector: [] });
    expect(first[1]).toMatchObject({ date: '2026-11-30', inMonth: false, total: 1 });
    expect(first[2]).toEqual({
      date: '2026-12-01',
      inMonth: true,
      total: 3,
      perInspector: [
        { id: 101, name: 'Sarah Chen', count: 2 },
        { id: 102, name: 'Mike Alvarez', count: 1 },
      ],
    });
    expect(weeks[4]![6]).toMatchObject({ date: '2027-01-02', inMonth: false });
  });
});

describe('where a drop on the day view starts', () => {
  const range = { start: 480, end: 1080 };

  it('is the nearest quarter hour, so a pixel either side of a line keeps its time', () => {
    expect(dropStart(0, range)).toBe('08:00');
    expect(dropStart(2 * HOUR_HEIGHT, range)).toBe('10:00');
    expect(dropStart(2 * HOUR_HEIGHT - 0.4, range)).toBe('10:00');
    expect(dropStart(2 * HOUR_HEIGHT + HOUR_HEIGHT / 8 - 1, range)).toBe('10:00');
    expect(dropStart(2 * HOUR_HEIGHT + HOUR_HEIGHT / 8 + 1, range)).toBe('10:15');
  });

  it('stays inside the hours the column shows', () => {
    expect(dropStart(-30, range)).toBe('08:00');
    expect(dropStart(10 * HOUR_HEIGHT, range)).toBe('17:45');
    expect(dropStart(40 * HOUR_HEIGHT, range)).toBe('17:45');
  });
});

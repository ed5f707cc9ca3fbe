import { describe, expect, it } from 'vitest';
import { blockApplies, overridesWithTimeOff, subtractSpans, type TimeOffBlock } from './time-off.ts';
import type { InspectorHours } from './working-hours.ts';

const hours: InspectorHours = {
  // 2027-03-01 is a Monday.
  weeklyHours: {
    mon: [{ start: '08:00', end: '17:00' }],
    tue: [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ],
    fri: [{ start: '09:00', end: '17:00' }],
  },
  overrides: [{ date: '2027-03-02', intervals: [{ start: '10:00', end: '14:00' }], note: 'Short day' }],
};
const once = (date: string, start: string | null, end: string | null): TimeOffBlock => ({
  from_date: date,
  to_date: date,
  weekdays: null,
  start_time: start,
  end_time: end,
});

describe('subtractSpans', () => {
  it('splits an interval around a span inside it, and keeps the pieces either side', () => {
    expect(subtractSpans([{ start: '08:00', end: '17:00' }], [{ from: 12 * 60, to: 13 * 60 }])).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]);
  });
  it('trims at the edges and leaves an interval that only touches the span whole', () => {
    expect(subtractSpans([{ start: '08:00', end: '12:00' }], [{ from: 7 * 60, to: 9 * 60 }])).toEqual([
      { start: '09:00', end: '12:00' },
    ]);
    expect(subtractSpans([{ start: '08:00', end: '12:00' }], [{ from: 12 * 60, to: 13 * 60 }])).toEqual([
      { start: '08:00', end: '12:00' },
    ]);
    expect(subtractSpans([{ start: '08:00', end: '12:00' }], [{ from: 6 * 60, to: 8 * 60 }])).toEqual([
      { start: '08:00', end: '12:00' },
    ]);
  });
  it('removes an interval the span covers exactly', () => {
    expect(subtractSpans([{ start: '08:00', end: '12:00' }], [{ from: 8 * 60, to: 12 * 60 }])).toEqual([]);
  });
});

describe('blockApplies', () => {
  const weekly: TimeOffBlock = {
    from_date: '2027-03-01',
    to_date: '2027-03-31',
    weekdays: [5],
    start_time: '13:00',
    end_time: '17:00',
  };
  it('applies on its first and last dates, and not a day outside them', () => {
    const range: TimeOffBlock = {
      from_date: '2027-03-03',
      to_date: '2027-03-05',
      weekdays: null,
      start_time: null,
      end_time: null,
    };
    expect(blockApplies(range, '2027-03-03')).toBe(true);
    expect(blockApplies(range, '2027-03-05')).toBe(true);
    expect(blockApplies(range, '2027-03-02')).toBe(false);
    expect(blockApplies(range, '2027-03-06')).toBe(false);
  });
  it('a weekly block applies only on its weekdays', () => {
    expect(blockApplies(weekly, '2027-03-05')).toBe(true); // a Friday
    expect(blockApplies(weekly, '2027-03-04')).toBe(false);
    expect(blockApplies(weekly, '2027-04-02')).toBe(false); // a Friday after its last date
  });
});

describe('overridesWithTimeOff', () => {
  const window = { from: '2027-03-01', to: '2027-03-14' };
  it('turns a whole day off into an override with no hours, keeping the other overrides', () => {
    const result = overridesWithTimeOff(hours, [once('2027-03-01', null, null)], window);
    expect(result).toEqual([
      { date: '2027-03-01', intervals: [], note: 'Time off' },
      { date: '2027-03-02', intervals: [{ start: '10:00', end: '14:00' }], note: 'Short day' },
    ]);
  });
  it("takes hours off a date's own override, not its weekday's", () => {
    const result = overridesWithTimeOff(hours, [once('2027-03-02', '11:00', '12:00')], window);
    expect(result.find((entry) => entry.date === '2027-03-02')).toEqual({
      date: '2027-03-02',
      intervals: [
        { start: '10:00', end: '11:00' },
        { start: '12:00', end: '14:00' },
      ],
      note: 'Short day',
    });
  });
  it('repeats a weekly block on each of its weekdays inside the window only', () => {
    const weekly: TimeOffBlock = {
      from_date: '2027-02-01',
      to_date: '2027-12-31',
      weekdays: [5],
      start_time: '13:00',
      end_time: '17:00',
    };
    const result = overridesWithTimeOff(hours, [weekly], window);
    expect(result.filter((entry) => entry.note === 'Time off').map((entry) => [entry.date, entry.intervals])).toEqual([
      ['2027-03-05', [{ start: '09:00', end: '13:00' }]],
      ['2027-03-12', [{ start: '09:00', end: '13:00' }]],
    ]);
  });
  it('with no blocks, gives the overrides as they were', () => {
    expect(overridesWithTimeOff(hours, [], window)).toEqual([
      { date: '2027-03-02', intervals: [{ start: '10:00', end: '14:00' }], note: 'Short day' },
    ]);
  });
});

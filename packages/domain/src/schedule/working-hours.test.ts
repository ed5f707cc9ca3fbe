import { describe, expect, it } from 'vitest';
import { workingHoursOn, type InspectorHours } from './working-hours.ts';

const hours: InspectorHours = {
  weeklyHours: {
    mon: [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ],
    tue: [{ start: '09:00', end: '15:00' }],
  },
  overrides: [
    { date: '2027-03-02', intervals: [] },
    { date: '2027-03-06', intervals: [{ start: '10:00', end: '14:00' }] },
  ],
};

describe('workingHoursOn', () => {
  it("reads the weekday's intervals on an ordinary date", () => {
    // 2027-03-01 is a Monday.
    expect(workingHoursOn(hours, '2027-03-01')).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]);
    expect(workingHoursOn(hours, '2027-03-09')).toEqual([{ start: '09:00', end: '15:00' }]);
  });

  it("takes a date's override over its weekday: an empty one is a day off, another replaces the hours", () => {
    expect(workingHoursOn(hours, '2027-03-02')).toEqual([]);
    // A Saturday, which has no weekly hours, worked by override.
    expect(workingHoursOn(hours, '2027-03-06')).toEqual([{ start: '10:00', end: '14:00' }]);
  });

  it('has no hours on a weekday the week leaves out', () => {
    expect(workingHoursOn(hours, '2027-03-03')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { officeBookingWarnings, type OfficeBookingTime, type WarnedInspector } from './office-warnings.ts';

// 2027-03-01 is a Monday.
const mike: WarnedInspector = {
  name: 'Mike Alvarez',
  weeklyHours: { mon: [{ start: '09:00', end: '17:00' }] },
  overrides: [],
  maxInspectionsPerDay: 3,
  services: ['home'],
  bookedThatDay: 0,
};
const time: OfficeBookingTime = {
  date: '2027-03-01',
  startMinutes: 9 * 60,
  endMinutes: 12 * 60,
  today: '2027-02-20',
  hoursAhead: 200,
  minimumNoticeHours: 24,
  bookingHorizonDays: 30,
  services: [{ id: 'home', name: 'Home Inspection' }],
};

describe('officeBookingWarnings', () => {
  it('has nothing to say about a time a visitor could book', () => {
    expect(officeBookingWarnings(time, [mike])).toEqual([]);
  });

  it('warns of a time that starts or ends outside the hours, but not of one that fills them exactly', () => {
    expect(officeBookingWarnings({ ...time, startMinutes: 8 * 60 + 30, endMinutes: 11 * 60 + 30 }, [mike])).toEqual([
      "8:30 AM on Monday, March 1st 2027 is outside Mike Alvarez's working hours.",
    ]);
    expect(officeBookingWarnings({ ...time, startMinutes: 15 * 60, endMinutes: 17 * 60 + 1 }, [mike])).toHaveLength(1);
    expect(officeBookingWarnings({ ...time, startMinutes: 9 * 60, endMinutes: 17 * 60 }, [mike])).toEqual([]);
  });

  it('says a day off is a day off (an override without hours, as time off leaves it)', () => {
    const off = { ...mike, overrides: [{ date: '2027-03-01', intervals: [] }] };
    expect(officeBookingWarnings(time, [off])).toEqual(['Mike Alvarez is not working on Monday, March 1st 2027.']);
  });

  it('warns of a full day at the most, not one below it', () => {
    expect(officeBookingWarnings(time, [{ ...mike, bookedThatDay: 2 }])).toEqual([]);
    expect(officeBookingWarnings(time, [{ ...mike, bookedThatDay: 3 }])).toEqual([
      'Mike Alvarez already has 3 inspections that day (the most is 3).',
    ]);
  });

  it('warns of short notice below the minimum, and of a date past the window, each at its bound', () => {
    expect(officeBookingWarnings({ ...time, hoursAhead: 24 }, [mike])).toEqual([]);
    expect(officeBookingWarnings({ ...time, hoursAhead: 23.9 }, [mike])).toEqual([
      'It is less than 24 hours away (the notice visitors must give).',
    ]);
    // 2027-02-20 + 30 days is Monday 2027-03-22: the last date a visitor may book; the Tuesday after is past it.
    const weekdays = { ...mike, weeklyHours: { mon: mike.weeklyHours.mon!, tue: [{ start: '09:00', end: '17:00' }] } };
    expect(officeBookingWarnings({ ...time, date: '2027-03-22' }, [weekdays])).toEqual([]);
    expect(officeBookingWarnings({ ...time, date: '2027-03-23' }, [weekdays])).toEqual([
      'It is more than 30 days ahead (as far as visitors may book).',
    ]);
  });

  it('names services the team does not perform', () => {
    const radon = { ...time, services: [...time.services, { id: 'radon', name: 'Radon Testing' }] };
    expect(officeBookingWarnings(radon, [mike])).toEqual(["Mike Alvarez doesn't perform Radon Testing."]);
    const sarah = { ...mike, name: 'Sarah Chen', services: ['radon'] };
    expect(officeBookingWarnings(radon, [mike, sarah])).toEqual([]);
  });
});

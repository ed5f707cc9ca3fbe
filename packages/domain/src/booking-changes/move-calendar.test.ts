import { describe, expect, it } from 'vitest';
import { bookedDate, isBookedTime, openingMonth } from './move-calendar.ts';

describe("the calendar a booking is moved on (the manage page's and the console's)", () => {
  it("opens on the booking's month in the office's clock, never on a month before today's (issue 42)", () => {
    const zone = 'America/New_York';
    expect(openingMonth('2026-12-01T14:30:00.000Z', zone, '2026-11-20')).toBe('2026-12-01');
    expect(openingMonth('2026-11-27T14:30:00.000Z', zone, '2026-11-20')).toBe('2026-11-01');
    // 1 December 2:30 AM UTC is still 30 November, 9:30 PM in Columbus.
    expect(openingMonth('2026-12-01T02:30:00.000Z', zone, '2026-11-20')).toBe('2026-11-01');
    expect(openingMonth('2026-12-01T02:30:00.000Z', 'Europe/Berlin', '2026-11-20')).toBe('2026-12-01');
    // A booking whose date went by (its page read before the day turned) opens on today's month.
    expect(openingMonth('2026-10-30T14:30:00.000Z', zone, '2026-11-20')).toBe('2026-11-01');
  });

  it("gives the booking's date on the office's clock (issue 41: the console opens on it)", () => {
    expect(bookedDate('2026-12-01T02:30:00.000Z', 'America/New_York')).toBe('2026-11-30');
    expect(bookedDate('2026-12-01T02:30:00.000Z', 'Europe/Berlin')).toBe('2026-12-01');
  });

  it('knows the time the booking already has by its instant', () => {
    const nine = { timestamp: Date.parse('2026-12-01T14:00:00Z') / 1000 };
    expect(isBookedTime(nine, '2026-12-01T14:00:00.000Z')).toBe(true);
    expect(isBookedTime(nine, '2026-12-01T14:00:00Z')).toBe(true);
    expect(isBookedTime(nine, '2026-12-01T14:30:00.000Z')).toBe(false);
  });
});

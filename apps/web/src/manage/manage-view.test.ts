import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { daysWithTimes, deadlineText, momentText, slotInstant } from './manage-view.ts';

const slot = (date: string, hour: number, id = `${date}-${hour}`): AppointmentSlot => ({
  id,
  date,
  start: `${hour % 12 || 12}:00 ${hour < 12 ? 'AM' : 'PM'}`,
  start_datetime: `${date} ${String(hour).padStart(2, '0')}:00:00`,
  end_datetime: `${date} ${String(hour + 3).padStart(2, '0')}:00:00`,
  timestamp: Date.parse(`${date}T${String(hour + 5).padStart(2, '0')}:00:00Z`) / 1000,
  users: [1],
});

describe('the manage page words its dates as the wizard does', () => {
  it("writes a deadline in the office's clock with its zone always named (issue 24's example)", () => {
    expect(deadlineText('2026-11-30T14:30:00.000Z', 'America/New_York')).toBe(
      'Monday, November 30th 2026, 9:30 AM EST',
    );
    expect(deadlineText('2026-07-01T16:00:00Z', 'America/Los_Angeles')).toBe('Wednesday, July 1st 2026, 9:00 AM PDT');
  });

  it("names the office's zone after a moment only when the visitor's clock reads it otherwise", () => {
    expect(momentText('2026-11-24T14:00:00Z', 'America/New_York', 'America/New_York')).toBe(
      'Tuesday, November 24th 2026 at 9:00 AM',
    );
    expect(momentText('2026-11-24T14:00:00Z', 'America/New_York', 'America/Detroit')).toBe(
      'Tuesday, November 24th 2026 at 9:00 AM',
    );
    expect(momentText('2026-11-24T14:00:00Z', 'America/New_York', 'Europe/Berlin')).toBe(
      'Tuesday, November 24th 2026 at 9:00 AM EST',
    );
  });

  it('holds a slot at the instant it starts', () => {
    expect(slotInstant({ timestamp: 1_796_137_200 })).toBe('2026-12-01T15:00:00.000Z');
  });
});

describe("the reschedule calendar's months", () => {
  it("lists the month's days that have times in date order, each slot once, earliest time first", () => {
    const december = { from: '2026-12-01', to: '2026-12-31' };
    const days = daysWithTimes(
      [
        slot('2026-12-02', 9),
        slot('2026-12-01', 13),
        slot('2026-12-01', 9),
        slot('2026-12-01', 9),
        slot('2026-11-30', 9),
        slot('2027-01-01', 9),
      ],
      december,
    );
    expect(days.map((day) => [day.date, day.slots.map((s) => s.start)])).toEqual([
      ['2026-12-01', ['9:00 AM', '1:00 PM']],
      ['2026-12-02', ['9:00 AM']],
    ]);
    expect(daysWithTimes([], december)).toEqual([]);
  });

  it('offers each start time once, in time order, whoever would inspect it, and marks none as preferred', () => {
    const december = { from: '2026-12-01', to: '2026-12-31' };
    const byInspector = (hour: number, user: number) => ({
      ...slot('2026-12-01', hour, `${hour}-${user}`),
      users: [user],
      preferred: user === 1 ? 1 : undefined,
    });
    const [day] = daysWithTimes(
      [byInspector(13, 1), byInspector(9, 1), byInspector(9, 2), byInspector(13, 3), byInspector(8, 2)],
      december,
    );
    expect(day!.slots.map((s) => s.start)).toEqual(['8:00 AM', '9:00 AM', '1:00 PM']);
    expect(day!.slots.every((s) => s.preferred === undefined)).toBe(true);
  });
});

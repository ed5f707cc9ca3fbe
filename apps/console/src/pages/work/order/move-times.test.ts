import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { daysWithTimes, slotInstant, slotTimeText } from './move-times.ts';

const slot = (date: string, start: string, timestamp: number, users = [101]): AppointmentSlot => ({
  id: `${date}-${start}-${users.join('-')}`,
  date,
  start,
  start_datetime: `${date} 09:00:00`,
  end_datetime: `${date} 11:30:00`,
  timestamp,
  users,
});

describe('the times offered', () => {
  it('lists each start time once per day, days and times in order, whoever would inspect', () => {
    const nine = slot('2026-12-02', '9:00 AM', 1_796_220_000);
    const ten = slot('2026-12-02', '10:00 AM', 1_796_223_600);
    const nineByMike = slot('2026-12-02', '9:00 AM', 1_796_220_000, [102]);
    const monday = slot('2026-12-01', '1:00 PM', 1_796_148_000);
    const days = daysWithTimes([ten, nine, nineByMike, monday]);
    expect(days.map((day) => [day.date, day.slots.map((s) => s.start)])).toEqual([
      ['2026-12-01', ['1:00 PM']],
      ['2026-12-02', ['9:00 AM', '10:00 AM']],
    ]);
    expect(daysWithTimes([])).toEqual([]);
  });

  it('gives the instant a slot starts, and its time with the zone at that instant', () => {
    const nine = slot('2026-12-02', '9:00 AM', 1_796_220_000);
    expect(slotInstant(nine)).toBe('2026-12-02T14:00:00.000Z');
    expect(slotTimeText(nine, 'America/New_York')).toBe('9:00 AM EST');
    expect(slotTimeText({ ...nine, timestamp: 1_783_000_000 }, 'America/New_York')).toBe('9:00 AM EDT');
  });
});

import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { daysWithTimes, moveTeams, slotInstant, slotTimeText } from './move-times.ts';

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

describe('who a move may go to (issue 41)', () => {
  const office = (id: number, name: string, office_uuid = 'columbus') => ({
    id,
    name,
    office_uuid,
    office_name: office_uuid,
  });
  const listed = [office(101, 'Mike Alvarez'), office(102, 'Sarah Chen'), office(201, 'Dana Brooks', 'dayton')];

  it("offers the booking's own inspectors first, then each other inspector of their office", () => {
    expect(moveTeams([{ id: 101, name: 'Mike Alvarez' }], listed)).toEqual([
      { key: '101', ids: [101], names: 'Mike Alvarez', label: 'Mike Alvarez (booked now)' },
      { key: '102', ids: [102], names: 'Sarah Chen', label: 'Sarah Chen' },
    ]);
    // A team of two stays one choice; each of them may also take it alone.
    const team = moveTeams(
      [
        { id: 101, name: 'Mike Alvarez' },
        { id: 102, name: 'Sarah Chen' },
      ],
      listed,
    );
    expect(team.map((entry) => entry.label)).toEqual([
      'Mike Alvarez and Sarah Chen (booked now)',
      'Mike Alvarez',
      'Sarah Chen',
    ]);
    expect(team[0]!.ids).toEqual([101, 102]);
  });

  it("offers every office when the booking's inspector is no longer listed, and only its own before the list arrives", () => {
    expect(moveTeams([{ id: 999, name: 'Retired Rita' }], listed).map((entry) => entry.key)).toEqual([
      '999',
      '101',
      '102',
      '201',
    ]);
    expect(moveTeams([{ id: 101, name: 'Mike Alvarez' }], [])).toHaveLength(1);
    expect(moveTeams([], listed).map((entry) => entry.key)).toEqual(['101', '102', '201']);
  });
});

import { describe, expect, it } from 'vitest';
import type { AppointmentSlotBase } from '@scheduler/contracts/scheduling';
import { compareSlots } from './slot-order.ts';

function slot(id: string, timestamp: number, preferred?: number): AppointmentSlotBase {
  const base: AppointmentSlotBase = {
    id,
    date: '2027-03-01',
    start: '9:00 AM',
    start_datetime: '2027-03-01 09:00:00',
    end_datetime: '2027-03-01 12:00:00',
    timestamp,
    users: [1],
  };
  if (preferred !== undefined) base.preferred = preferred;
  return base;
}

/** Spec 4.5's order, which the server and the wizard share: one rule, so both list slots alike. */
describe('compareSlots', () => {
  it('puts preferred slots first, the better rank first, whatever their times', () => {
    const sorted = [slot('late', 3000), slot('rank2', 2000, 2), slot('early', 1000), slot('rank1', 4000, 1)].sort(
      compareSlots,
    );
    expect(sorted.map((s) => s.id)).toEqual(['rank1', 'rank2', 'early', 'late']);
  });

  it('orders equal ranks by time, earlier first', () => {
    expect(compareSlots(slot('a', 1000), slot('b', 2000))).toBeLessThan(0);
    expect(compareSlots(slot('a', 2000), slot('b', 1000))).toBeGreaterThan(0);
  });

  it('orders equal ranks and times by id, so that every sort of the same slots agrees', () => {
    expect(compareSlots(slot('a', 1000), slot('b', 1000))).toBe(-1);
    expect(compareSlots(slot('b', 1000), slot('a', 1000))).toBe(1);
    expect(compareSlots(slot('a', 1000), slot('a', 1000))).toBe(0);
  });
});

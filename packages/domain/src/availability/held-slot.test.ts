import { describe, expect, it } from 'vitest';
import type { AppointmentSlot, AppointmentSlotBase } from '@scheduler/contracts/scheduling';
import { withoutHeldTime } from './held-slot.ts';

function slot(timestamp: number, users: number[], preferred?: number): AppointmentSlotBase {
  const base: AppointmentSlotBase = {
    id: `${timestamp}~${users.join('-')}`,
    date: '2027-03-01',
    start: '9:00 AM',
    start_datetime: '2027-03-01 09:00:00',
    end_datetime: '2027-03-01 12:00:00',
    timestamp,
    users,
  };
  if (preferred !== undefined) base.preferred = preferred;
  return base;
}

function grouped(members: AppointmentSlotBase[]): AppointmentSlot {
  return { ...members[0]!, group: members };
}

describe('alternatives without the held time', () => {
  const held = { start: 1_000_000, users: [2, 1] };

  it('drops the same start for the same team, in any order of its members, and keeps the rest', () => {
    const slots = [slot(1000, [1, 2]), slot(1000, [3]), slot(2000, [1, 2])];
    expect(withoutHeldTime(slots, held).map((s) => s.id)).toEqual(['1000~3', '2000~1-2']);
    expect(withoutHeldTime(slots, null)).toEqual(slots);
  });

  it('compares teams as sets of ids: the listed order of either side does not matter, a different member does', () => {
    expect(withoutHeldTime([slot(1000, [2, 1])], { start: 1_000_000, users: [1, 2] })).toEqual([]);
    // Numbers, not their text: 9 comes before 10.
    expect(withoutHeldTime([slot(1000, [10, 9])], { start: 1_000_000, users: [9, 10] })).toEqual([]);
    // As many members, one of them another inspector: not the held time.
    expect(withoutHeldTime([slot(1000, [1, 3])], held).map((s) => s.id)).toEqual(['1000~1-3']);
  });

  it('leaves the slots it keeps as they were, their members in their own order', () => {
    // At the held start, so that its team is compared with the held one.
    const kept = slot(1000, [3, 1]);
    expect(withoutHeldTime([kept], held)[0]!.users).toEqual([3, 1]);
    expect(kept.users).toEqual([3, 1]);
  });

  it('takes the held member out of a group, led then by the next one with its own rank', () => {
    const result = withoutHeldTime([grouped([slot(1000, [1, 2], 1), slot(1000, [4])])], held);
    expect(result).toEqual([{ ...slot(1000, [4]), group: [slot(1000, [4])] }]);
    expect(result[0]!.preferred).toBeUndefined();
    expect(withoutHeldTime([grouped([slot(1000, [1, 2])])], held)).toEqual([]);
    const untouched = grouped([slot(1000, [4]), slot(1000, [5])]);
    expect(withoutHeldTime([untouched], held)).toEqual([untouched]);
  });
});

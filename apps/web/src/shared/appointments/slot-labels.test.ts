import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { describeSlot, pickMember } from './slot-labels.ts';

const slot: AppointmentSlot = {
  id: 'a',
  date: '2026-12-01',
  start: '9:00 AM',
  start_datetime: '2026-12-01 09:00:00',
  end_datetime: '2026-12-01 12:00:00',
  timestamp: 1,
  users: [101, 102],
  preferred: 1,
};
const users = [
  { id: 101, display: 'Mike Alvarez' },
  { id: 102, display: 'Sarah Chen' },
];

describe('how a slot reads (spec 2.5)', () => {
  it('is the start time in calendar mode, marked when preferred, with the inspectors when named', () => {
    expect(describeSlot(slot, { long: false, showNames: true, users })).toEqual({
      slot,
      label: '9:00 AM *',
      detail: 'with Mike Alvarez and Sarah Chen',
    });
    expect(describeSlot({ ...slot, preferred: undefined }, { long: false, showNames: false, users })).toEqual({
      slot: { ...slot, preferred: undefined },
      label: '9:00 AM',
      detail: undefined,
    });
  });

  it('names the date in list mode and in dialogs', () => {
    expect(describeSlot(slot, { long: true, showNames: false, users }).label).toMatch(
      /^Tuesday, December 1st 2026 at 9:00 AM \*$/,
    );
  });

  it('picks one member of a group', () => {
    const other = { ...slot, id: 'b', users: [103] };
    expect(pickMember({ ...slot, group: [slot, other] }, () => 0.99)).toBe(other);
    expect(pickMember(slot, () => 0.5)).toBe(slot);
  });
});

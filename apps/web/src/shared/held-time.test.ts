import { describe, expect, it } from 'vitest';
import { heldSlotId, heldWallTime } from './held-time.ts';
import { heldTimeOf } from './hold-state.ts';

const slot = (id: string, start: string, users: number[], group?: Array<{ users: number[] }>) => ({
  id,
  start_datetime: start,
  users,
  group,
});

describe('the held time on the calendar', () => {
  it('is the order time in the office wall time', () => {
    expect(heldWallTime({ datetime: '2026-11-24T14:00:00.000Z' }, 'America/New_York')).toBe('2026-11-24 09:00:00');
    expect(heldWallTime({ datetime: null }, 'America/New_York')).toBeNull();
  });
  it('finds the listed slot of the held time and inspectors, alone or among alternates', () => {
    const slots = [
      slot('a', '2026-11-24 09:00:00', [1]),
      slot('b', '2026-11-24 09:00:00', [2]),
      slot('c', '2026-11-24 09:30:00', [3], [{ users: [3] }, { users: [4, 5] }]),
    ];
    expect(heldSlotId(slots, '2026-11-24 09:00:00', [2])).toBe('b');
    expect(heldSlotId(slots, '2026-11-24 09:30:00', [5, 4])).toBe('c');
    expect(heldSlotId(slots, '2026-11-24 09:00:00', [9])).toBe('a');
    expect(heldSlotId(slots, '2026-11-24 10:00:00', [1])).toBeNull();
    expect(heldSlotId(slots, null, [1])).toBeNull();
  });
  it('is shown only while the order has a hold and is not confirmed', () => {
    const order = {
      datetime: '2026-11-24T14:00:00.000Z',
      hold_expires_at: '2026-11-22T22:15:00.000Z',
      confirmed: false,
    };
    expect(heldTimeOf(order, 'UTC')).toEqual({
      datetime: order.datetime,
      holdExpiresAt: order.hold_expires_at,
      timeZone: 'UTC',
    });
    expect(heldTimeOf({ ...order, confirmed: true }, 'UTC')).toBeNull();
    expect(heldTimeOf({ ...order, hold_expires_at: null }, 'UTC')).toBeNull();
    expect(heldTimeOf({ ...order, datetime: null }, 'UTC')).toBeNull();
  });
});

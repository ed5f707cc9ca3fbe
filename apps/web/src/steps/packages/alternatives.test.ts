import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { alternativeSlots } from './alternatives.ts';

const slot = (start: string, users: number[]): AppointmentSlot => ({
  id: `${start}~${users.join('-')}`,
  date: start.slice(0, 10),
  start: '',
  start_datetime: start,
  end_datetime: start,
  timestamp: 0,
  users,
});

const SLOTS = [
  slot('2026-11-25 11:30:00', [102]),
  slot('2026-11-25 11:30:00', [105]),
  slot('2026-11-25 13:00:00', [101, 102]),
];

describe('the substitutes a time dialog offers', () => {
  it('offers one choice per time when inspector names are not shown, keeping the first team', () => {
    expect(alternativeSlots(SLOTS, false).map((s) => s.users)).toEqual([[102], [101, 102]]);
  });

  it('offers each team when names are shown', () => {
    expect(alternativeSlots(SLOTS, true).map((s) => s.id)).toEqual(SLOTS.map((s) => s.id));
  });
});

import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { alternativeChoices } from './alternatives.ts';

const slot = (start: string, users: number[]): AppointmentSlot => ({
  id: `${start}~${users.join('-')}`,
  date: start.slice(0, 10),
  start: '',
  start_datetime: start,
  end_datetime: start,
  timestamp: 0,
  users,
});

const SLOTS = [slot('2026-11-25 11:30:00', [102]), slot('2026-11-25 11:30:00', [105]), slot('2026-11-25 13:00:00', [101, 102])];

describe('the substitutes a time dialog offers', () => {
  it('offers one choice per time when inspector names are not shown, keeping the first team', () => {
    const choices = alternativeChoices(SLOTS, null);
    expect(choices.map((c) => c.label)).toEqual(['11/25/2026 at 11:30AM', '11/25/2026 at 1:00PM']);
    expect(choices[0]!.slot.users).toEqual([102]);
  });

  it('names each team when names are shown', () => {
    const names = new Map([[101, 'Mike Alvarez'], [102, 'Sarah Chen'], [105, 'Tom Nguyen']]);
    expect(alternativeChoices(SLOTS, names).map((c) => c.label)).toEqual([
      '11/25/2026 at 11:30AM with Sarah Chen',
      '11/25/2026 at 11:30AM with Tom Nguyen',
      '11/25/2026 at 1:00PM with Mike Alvarez and Sarah Chen',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { lengthChanges, lengthConflicts, lengthText, type LengthInspector } from './edit-length.ts';

const START = Date.parse('2027-03-08T14:00:00Z'); // 9:00 AM in Columbus
const MIN = 60_000;
const MIKE: LengthInspector = {
  name: 'Mike Alvarez',
  weeklyHours: { mon: [{ start: '08:00', end: '17:00' }] },
  overrides: [],
  // His next booking starts at noon.
  busy: [{ start: START + 180 * MIN, end: START + 300 * MIN }],
};
const length = (afterMinutes: number, beforeMinutes = 120, startMinutes = 9 * 60, start = START) => ({
  date: '2027-03-08',
  startMinutes,
  start,
  beforeMinutes,
  afterMinutes,
});

describe("a longer inspection against the inspector's day", () => {
  it('takes an end exactly at the next booking, and refuses one minute past it, in words', () => {
    expect(lengthConflicts(length(180), [MIKE])).toEqual({ bookings: [], hours: [] });
    expect(lengthConflicts(length(181), [MIKE])).toEqual({
      bookings: ["The inspection would end at 12:01 PM, after Mike Alvarez's next booking starts at 12:00 PM."],
      hours: [],
    });
  });

  it('takes an end exactly at the end of the hours, and refuses one minute past it', () => {
    const late = length(60, 30, 16 * 60, START + 7 * 60 * MIN);
    const free = { ...MIKE, busy: [] };
    expect(lengthConflicts(late, [free])).toEqual({ bookings: [], hours: [] });
    expect(lengthConflicts({ ...late, afterMinutes: 61 }, [free])).toEqual({
      bookings: [],
      hours: ["The inspection would end at 5:01 PM, after Mike Alvarez's working hours."],
    });
  });

  it('always takes a shorter or unchanged length', () => {
    expect(lengthConflicts(length(60, 600), [MIKE])).toEqual({ bookings: [], hours: [] });
    expect(lengthConflicts(length(600, 600), [MIKE])).toEqual({ bookings: [], hours: [] });
  });
});

describe("the inspection's length in words", () => {
  it('says hours and minutes, and nothing when unchanged', () => {
    expect(lengthChanges(120, 150)).toEqual([{ label: 'Inspection length', before: '2 h', after: '2 h 30 min' }]);
    expect(lengthText(45)).toBe('45 min');
    expect(lengthChanges(90, 90)).toEqual([]);
  });
});

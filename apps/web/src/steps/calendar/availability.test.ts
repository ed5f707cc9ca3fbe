import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import {
  afterShowMore,
  listAtEnd,
  MAX_LIST_CHECKS,
  mergeSlots,
  mergeWindows,
  needsAnotherWindow,
} from './availability.ts';

function slot(id: string, date: string, hour: number, preferred?: number): AppointmentSlot {
  const timestamp = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`) / 1000;
  return {
    id,
    date,
    start: `${hour}:00 AM`,
    start_datetime: `${date} ${hour}:00:00`,
    end_datetime: `${date} ${hour + 3}:00:00`,
    timestamp,
    users: [101],
    ...(preferred === undefined ? {} : { preferred }),
  };
}

describe('merging availability windows (spec 4.5)', () => {
  it('groups slots by date, preferred first by rank, then by time', () => {
    const merged = mergeWindows([
      [
        slot('b', '2026-12-01', 11),
        slot('a', '2026-12-01', 9),
        slot('p', '2026-12-01', 13, 1),
        slot('c', '2026-12-02', 9),
      ],
    ]);
    expect([...merged.keys()]).toEqual(['2026-12-01', '2026-12-02']);
    expect(merged.get('2026-12-01')!.map((s) => s.id)).toEqual(['p', 'a', 'b']);
  });

  it('adds a later window to what is loaded, skipping ids already present', () => {
    const first = [slot('a', '2026-12-01', 9)];
    const later = [slot('a', '2026-12-01', 9), slot('b', '2026-12-01', 11), slot('c', '2027-01-12', 9)];
    const merged = mergeWindows([first, later]);
    expect(merged.get('2026-12-01')!.map((s) => s.id)).toEqual(['a', 'b']);
    expect(merged.get('2027-01-12')!.map((s) => s.id)).toEqual(['c']);
  });

  it('an empty fresh load clears every date; an empty later window clears nothing', () => {
    expect(mergeWindows([[]]).size).toBe(0);
    expect(mergeWindows([]).size).toBe(0);
    expect(mergeWindows([[slot('a', '2026-12-01', 9)], []]).get('2026-12-01')).toHaveLength(1);
  });

  it('never changes the map it merges into', () => {
    const current = mergeWindows([[slot('a', '2026-12-01', 9)]]);
    mergeSlots(current, [slot('b', '2026-12-01', 8)]);
    expect(current.get('2026-12-01')!.map((s) => s.id)).toEqual(['a']);
  });
});

describe("list mode's Show More (spec 4.5, 9.1)", () => {
  const start = { visible: 5, checks: 0, exhausted: false };

  it('asks for another window while the next page is not full, at most six times', () => {
    expect(needsAnotherWindow(start, 7, 5)).toBe(true);
    expect(needsAnotherWindow(start, 10, 5)).toBe(false);
    expect(needsAnotherWindow({ ...start, checks: MAX_LIST_CHECKS }, 7, 5)).toBe(false);
  });

  it('shows one more page, and ends the list when the checks could not fill it', () => {
    const full = afterShowMore(start, 12, 5, 1);
    expect(full).toEqual({ visible: 10, checks: 1, exhausted: false });
    expect(listAtEnd(full, 12)).toBe(false);
    const short = afterShowMore(start, 8, 5, MAX_LIST_CHECKS);
    expect(short.exhausted).toBe(true);
    expect(listAtEnd(short, 8)).toBe(true);
  });

  it('keeps the list open when the checks filled the page exactly, and ends it one short', () => {
    expect(afterShowMore(start, 10, 5, 1).exhausted).toBe(false);
    expect(afterShowMore(start, 9, 5, 1).exhausted).toBe(true);
  });

  it('ends the list once every check is spent and everything shows', () => {
    expect(listAtEnd({ visible: 10, checks: MAX_LIST_CHECKS, exhausted: false }, 10)).toBe(true);
    expect(listAtEnd({ visible: 10, checks: MAX_LIST_CHECKS - 1, exhausted: false }, 10)).toBe(false);
  });
});

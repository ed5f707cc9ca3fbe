import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { nearestAlternatives } from './nearest-alternatives.ts';

/** A slot on an office date at an hour (UTC-5, as Columbus in winter), for a team. */
function slot(date: string, hour: number, users: number[], group?: AppointmentSlot[]): AppointmentSlot {
  const timestamp = Date.parse(`${date}T${String(hour + 5).padStart(2, '0')}:00:00Z`) / 1000;
  const start = `${date} ${String(hour).padStart(2, '0')}:00:00`;
  return {
    id: `${date}-${hour}-${users.join('.')}`,
    date,
    start: `${hour}:00`,
    start_datetime: start,
    end_datetime: start,
    timestamp,
    users,
    ...(group ? { group } : {}),
  };
}

const wanted = { start: Date.parse('2026-12-01T15:00:00Z'), date: '2026-12-01', inspectors: [102] };
const ids = (slots: AppointmentSlot[]) => slots.map((s) => s.id);

describe('nearestAlternatives', () => {
  it('puts the same day first, then the nearer days, whatever the engine listed first', () => {
    const slots = [
      slot('2026-12-08', 10, [102]),
      slot('2026-12-02', 10, [102]),
      slot('2026-12-01', 14, [101]),
      slot('2026-11-30', 10, [102]),
    ];
    expect(ids(nearestAlternatives(slots, wanted))).toEqual([
      '2026-12-01-14-101',
      '2026-12-02-10-102',
      '2026-11-30-10-102',
      '2026-12-08-10-102',
    ]);
  });

  it('within a day puts the same inspectors first, then the time nearest the one wanted', () => {
    const slots = [
      slot('2026-12-01', 8, [101]),
      slot('2026-12-01', 13, [102]),
      slot('2026-12-01', 11, [101]),
      slot('2026-12-01', 8, [102, 103]),
    ];
    // 10:00 was wanted: Sarah (102) at 8:00 (2 h away) and at 13:00 (3 h), then the others by distance.
    expect(ids(nearestAlternatives(slots, wanted))).toEqual([
      '2026-12-01-8-102.103',
      '2026-12-01-13-102',
      '2026-12-01-11-101',
      '2026-12-01-8-101',
    ]);
  });

  it('counts a grouped slot as keeping the inspectors when any team of its group does', () => {
    const grouped = slot('2026-12-01', 14, [101], [slot('2026-12-01', 14, [101]), slot('2026-12-01', 14, [102])]);
    const other = slot('2026-12-01', 11, [103]);
    expect(ids(nearestAlternatives([other, grouped], wanted))).toEqual([grouped.id, other.id]);
  });

  it('keeps the engine order for ties, and leaves its input as it was', () => {
    const a = slot('2026-12-03', 9, [101]);
    const b = slot('2026-12-03', 11, [101]);
    const input = [b, a];
    // Both 2 days away, neither keeps 102, 9:00 and 11:00 are 1 h from 10:00: the input order stays.
    expect(ids(nearestAlternatives(input, wanted))).toEqual([b.id, a.id]);
    expect(input).toEqual([b, a]);
    expect(nearestAlternatives([], wanted)).toEqual([]);
  });

  it('with no inspectors to keep, orders by day and time alone', () => {
    const slots = [slot('2026-12-01', 13, [102]), slot('2026-12-01', 11, [101])];
    expect(ids(nearestAlternatives(slots, { ...wanted, inspectors: [] }))).toEqual([
      '2026-12-01-11-101',
      '2026-12-01-13-102',
    ]);
  });

  it('keeps a slot only when it keeps every inspector the visitor had, not some of them', () => {
    const team = { ...wanted, inspectors: [102, 103] };
    // 10:00 was wanted: Sarah alone at 9:00 is nearer, but Sarah and 103 together at 13:00 keep the whole team.
    const slots = [slot('2026-12-01', 9, [102]), slot('2026-12-01', 13, [102, 103])];
    expect(ids(nearestAlternatives(slots, team))).toEqual(['2026-12-01-13-102.103', '2026-12-01-9-102']);
  });

  it('keeps the engine order between slots that are alike in every way it weighs', () => {
    const [first, second] = [slot('2026-12-01', 11, [101]), slot('2026-12-01', 11, [103])];
    expect(ids(nearestAlternatives([first!, second!], wanted))).toEqual([first!.id, second!.id]);
    expect(ids(nearestAlternatives([second!, first!], wanted))).toEqual([second!.id, first!.id]);
  });
});

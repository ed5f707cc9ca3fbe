import { describe, expect, it } from 'vitest';
import { daysIn, monthOf, monthTitle, monthWindow, shiftMonth } from './months.ts';

describe('months', () => {
  it('steps by month across a year, both ways', () => {
    expect(shiftMonth('2026-12-01', 1)).toBe('2027-01-01');
    expect(shiftMonth('2027-01-01', -1)).toBe('2026-12-01');
    expect(shiftMonth('2026-01-01', -1)).toBe('2025-12-01');
    expect(monthOf('2026-11-26')).toBe('2026-11-01');
    expect(monthTitle('2027-02-01')).toBe('February 2027');
  });

  it('counts the days of a month, leap years included', () => {
    expect([daysIn('2026-02-01'), daysIn('2028-02-01'), daysIn('2026-04-01'), daysIn('2026-12-01')]).toEqual([
      28, 29, 30, 31,
    ]);
  });

  it("asks for the month's days from today on, never more than a month", () => {
    expect(monthWindow('2026-11-01', '2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-30' });
    expect(monthWindow('2026-12-01', '2026-11-26')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthWindow('2028-02-01', '2026-11-26')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

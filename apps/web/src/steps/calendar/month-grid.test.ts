import { describe, expect, it } from 'vitest';
import { dayAfterKey, sameDayMonthsAway } from './month-grid.ts';

describe('the month grid keys', () => {
  it('moves by day and week across month ends', () => {
    expect(dayAfterKey('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(dayAfterKey('2026-12-01', 'ArrowLeft')).toBe('2026-11-30');
    expect(dayAfterKey('2026-11-26', 'ArrowDown')).toBe('2026-12-03');
    expect(dayAfterKey('2026-12-03', 'ArrowUp')).toBe('2026-11-26');
  });
  it('goes to the ends of the week with Home and End (weeks start on Sunday)', () => {
    expect(dayAfterKey('2026-11-25', 'Home')).toBe('2026-11-22');
    expect(dayAfterKey('2026-11-25', 'End')).toBe('2026-11-28');
    expect(dayAfterKey('2026-11-22', 'Home')).toBe('2026-11-22');
  });
  it('moves a month with PageUp and PageDown, keeping inside shorter months', () => {
    expect(dayAfterKey('2026-11-24', 'PageDown')).toBe('2026-12-24');
    expect(dayAfterKey('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(dayAfterKey('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(sameDayMonthsAway('2026-12-15', 1)).toBe('2027-01-15');
  });
  it('ignores other keys', () => {
    expect(dayAfterKey('2026-11-24', 'a')).toBeNull();
    expect(dayAfterKey('2026-11-24', 'Enter')).toBeNull();
  });
});

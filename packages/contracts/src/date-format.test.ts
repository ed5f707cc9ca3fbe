import { describe, expect, it } from 'vitest';
import { DEFAULT_DATE_FORMAT, formatIsoDate, isIsoDate, parseDateIn, usableDateFormat } from './date-format.ts';

describe('the company DATE_FORMAT', () => {
  it('writes an ISO date in the format, with the widths it asks for', () => {
    expect(formatIsoDate('2026-12-01', 'MM/DD/YYYY')).toBe('12/01/2026');
    expect(formatIsoDate('2026-12-01', 'DD.MM.YYYY')).toBe('01.12.2026');
    expect(formatIsoDate('2026-12-01', 'YYYY-MM-DD')).toBe('2026-12-01');
    expect(formatIsoDate('2026-03-05', 'M/D/YYYY')).toBe('3/5/2026');
    expect(formatIsoDate('2026-03-05', 'dd/mm/yy')).toBe('05/03/26');
    // What is not an ISO date stays as it is (an answer stored before the format mattered).
    expect(formatIsoDate('next spring', 'MM/DD/YYYY')).toBe('next spring');
  });

  it('reads a date typed in the format as an ISO date, forgiving widths and separators', () => {
    expect(parseDateIn('12/01/2026', 'MM/DD/YYYY')).toBe('2026-12-01');
    expect(parseDateIn('1/5/2026', 'MM/DD/YYYY')).toBe('2026-01-05');
    expect(parseDateIn(' 01-05-2026 ', 'MM/DD/YYYY')).toBe('2026-01-05');
    expect(parseDateIn('01.12.2026', 'DD.MM.YYYY')).toBe('2026-12-01');
    expect(parseDateIn('2026-12-01', 'YYYY-MM-DD')).toBe('2026-12-01');
    expect(parseDateIn('12/01/26', 'MM/DD/YYYY')).toBe('2026-12-01');
  });

  it('refuses what is not a day of the calendar in that format', () => {
    expect(parseDateIn('02/29/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateIn('02/29/2028', 'MM/DD/YYYY')).toBe('2028-02-29');
    expect(parseDateIn('13/01/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateIn('12/31/2026', 'MM/DD/YYYY')).toBe('2026-12-31');
    expect(parseDateIn('12/32/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateIn('00/10/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateIn('12/01', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateIn('12/01/202', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateIn('123/01/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseDateIn('', 'MM/DD/YYYY')).toBeNull();
    // Read in the company's order: 12/01 is the 12th of January in DD/MM/YYYY.
    expect(parseDateIn('12/01/2026', 'DD/MM/YYYY')).toBe('2026-01-12');
  });

  it('falls back to MM/DD/YYYY for a format without a day, a month and a year', () => {
    expect(usableDateFormat('')).toBe(DEFAULT_DATE_FORMAT);
    expect(usableDateFormat(null)).toBe(DEFAULT_DATE_FORMAT);
    expect(usableDateFormat('YYYY')).toBe(DEFAULT_DATE_FORMAT);
    expect(usableDateFormat('MM/MM/YYYY')).toBe(DEFAULT_DATE_FORMAT);
    expect(usableDateFormat('dd/mm/yyyy')).toBe('DD/MM/YYYY');
    expect(parseDateIn('12/01/2026', 'nonsense')).toBe('2026-12-01');
  });

  it('knows an ISO date of the calendar', () => {
    expect(isIsoDate('2026-12-01')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
    expect(isIsoDate('12/01/2026')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  applyOverrideRows,
  isRealDate,
  MAX_OVERRIDE_NOTE,
  overrideRows,
  splitByToday,
  type OverrideRow,
} from './inspector-overrides.ts';

const row = (date: string, hours = '', note = ''): OverrideRow => ({ date, hours, note });

describe('isRealDate', () => {
  it.each([
    ['2026-12-24', true],
    ['2026-01-31', true],
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2028-02-30', false],
    ['2026-04-30', true],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-12-32', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-05-00', false],
    ['2026-5-1', false],
    ['12/24/2026', false],
    ['', false],
  ])('%j is a real date: %s', (text, real) => {
    expect(isRealDate(text)).toBe(real);
  });
});

describe('overrideRows', () => {
  it('lists the overrides by date, hours as the weekly hours are written and a day off as empty', () => {
    expect(
      overrideRows([
        {
          date: '2026-12-31',
          intervals: [
            { start: '08:00', end: '12:00' },
            { start: '13:00', end: '15:00' },
          ],
          note: '',
        },
        { date: '2026-12-25', intervals: [], note: 'Christmas' },
      ]),
    ).toEqual([row('2026-12-25', '', 'Christmas'), row('2026-12-31', '8:00 AM–12:00 PM, 1:00 PM–3:00 PM')]);
  });
});

describe('splitByToday', () => {
  it("puts dates before the office's today in the past, today and later (and rows without a date yet) upcoming", () => {
    const rows = [row('2026-11-25'), row('2026-11-26'), row('2026-11-27'), row(''), row('2026-02-30')];
    expect(splitByToday(rows, '2026-11-26')).toEqual({ past: [0], upcoming: [1, 2, 3, 4] });
    expect(splitByToday(rows, '2026-11-28')).toEqual({ past: [0, 1, 2], upcoming: [3, 4] });
    expect(splitByToday(rows, '2026-01-01')).toEqual({ past: [], upcoming: [0, 1, 2, 3, 4] });
  });
});

describe('applyOverrideRows', () => {
  it('writes the rows sorted by date: a day off, several intervals, the note trimmed', () => {
    expect(
      applyOverrideRows([row('2026-12-31', '8 AM-12 PM, 1 PM-3 PM', ' New Year '), row('2026-12-24', '', 'Day off')]),
    ).toEqual({
      ok: true,
      overrides: [
        { date: '2026-12-24', intervals: [], note: 'Day off' },
        {
          date: '2026-12-31',
          intervals: [
            { start: '08:00', end: '12:00' },
            { start: '13:00', end: '15:00' },
          ],
          note: 'New Year',
        },
      ],
    });
    expect(applyOverrideRows([])).toEqual({ ok: true, overrides: [] });
  });

  it('refuses a date given twice at the later row', () => {
    const result = applyOverrideRows([row('2026-12-24'), row('2026-12-31'), row('2026-12-24', '9 AM-1 PM')]);
    expect(result).toEqual({
      ok: false,
      problems: [{ field: 'overrides.2.date', message: 'This date is already in the list: change that one instead.' }],
    });
  });

  it('refuses a missing date and a date that does not exist, and takes the last day of a month', () => {
    expect(applyOverrideRows([row(''), row('2026-02-29'), row('2026-02-28'), row('2028-02-29')])).toEqual({
      ok: false,
      problems: [
        { field: 'overrides.0.date', message: 'Enter a date.' },
        { field: 'overrides.1.date', message: 'Enter a real date, like 2026-12-24.' },
      ],
    });
    expect(applyOverrideRows([row('2026-02-28'), row('2028-02-29'), row('2026-12-31')]).ok).toBe(true);
  });

  it('refuses hours it cannot read, an end before the start and overlapping intervals, naming the row', () => {
    const result = applyOverrideRows([
      row('2026-12-24', 'noon-ish'),
      row('2026-12-25', '5 PM-8 AM'),
      row('2026-12-26', '8 AM-12 PM, 11 AM-2 PM'),
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => problem.field)).toEqual([
      'overrides.0.hours',
      'overrides.1.hours',
      'overrides.2.hours',
    ]);
    expect(result.problems[1]!.message).toContain('the end is not after the start');
    expect(result.problems[2]!.message).toBe('Two intervals overlap.');
  });

  it(`takes a note of ${MAX_OVERRIDE_NOTE} characters and refuses one more`, () => {
    expect(applyOverrideRows([row('2026-12-24', '', 'x'.repeat(MAX_OVERRIDE_NOTE))]).ok).toBe(true);
    expect(applyOverrideRows([row('2026-12-24', '', 'x'.repeat(MAX_OVERRIDE_NOTE + 1))])).toEqual({
      ok: false,
      problems: [
        {
          field: 'overrides.0.note',
          message: `At most ${MAX_OVERRIDE_NOTE} characters (now ${MAX_OVERRIDE_NOTE + 1}).`,
        },
      ],
    });
  });
});

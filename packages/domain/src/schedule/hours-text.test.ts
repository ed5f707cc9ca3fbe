import { describe, expect, it } from 'vitest';
import { clockText, formatIntervals, MAX_INTERVALS_A_DAY, parseIntervals } from './hours-text.ts';

describe('clockText', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['08:05', '8:05 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['13:30', '1:30 PM'],
    ['23:59', '11:59 PM'],
    ['24:00', '12:00 AM'],
  ])('%s reads %s', (time, text) => expect(clockText(time)).toBe(text));
});

describe('formatIntervals', () => {
  it('writes a day off as nothing, and several intervals joined by commas', () => {
    expect(formatIntervals([])).toBe('');
    expect(
      formatIntervals([
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '17:30' },
      ]),
    ).toBe('8:00 AM–12:00 PM, 1:00 PM–5:30 PM');
  });
});

describe('parseIntervals', () => {
  it('reads an empty text as a day off', () => {
    expect(parseIntervals('')).toEqual({ ok: true, intervals: [] });
    expect(parseIntervals(' , ; ')).toEqual({ ok: true, intervals: [] });
  });

  it.each([
    [
      '8:00 AM–12:00 PM, 1:00 PM–5:30 PM',
      [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '17:30' },
      ],
    ],
    [
      '08:00-12:00; 13:00-17:30',
      [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '17:30' },
      ],
    ],
    ['9 am to 1 pm', [{ start: '09:00', end: '13:00' }]],
    [
      '1 PM - 5 PM, 8 AM - 12 PM',
      [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '17:00' },
      ],
    ],
    ['6 PM-12 AM', [{ start: '18:00', end: '24:00' }]],
    ['0:00-0:00', [{ start: '00:00', end: '24:00' }]],
    ['12 AM-1 AM', [{ start: '00:00', end: '01:00' }]],
    [
      '8:00-12:00, 12:00-17:00',
      [
        { start: '08:00', end: '12:00' },
        { start: '12:00', end: '17:00' },
      ],
    ],
  ])('reads %j', (text, intervals) => expect(parseIntervals(text)).toEqual({ ok: true, intervals }));

  it('round-trips what it formats', () => {
    const intervals = [
      { start: '07:15', end: '11:45' },
      { start: '12:30', end: '24:00' },
    ];
    expect(parseIntervals(formatIntervals(intervals))).toEqual({ ok: true, intervals });
  });

  it.each([
    ['8 AM', 'is not a start and an end'],
    ['8 AM-5 PM-6 PM', 'is not a start and an end'],
    ['8-17', 'has a time we cannot read'],
    ['8:00 XM-5 PM', 'has a time we cannot read'],
    ['5 PM-8 AM', 'the end is not after the start'],
    ['9:00-9:00', 'the end is not after the start'],
    ['8:00-12:00, 11:59-17:00', 'Two intervals overlap.'],
  ])('refuses %j, saying why', (text, message) => {
    const result = parseIntervals(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(message);
  });

  it(`takes ${MAX_INTERVALS_A_DAY} intervals a day and refuses one more`, () => {
    const hours = (count: number) =>
      Array.from(
        { length: count },
        (_, index) => `${String(index + 1).padStart(2, '0')}:00-${String(index + 1).padStart(2, '0')}:30`,
      ).join(', ');
    const most = parseIntervals(hours(MAX_INTERVALS_A_DAY));
    expect(most.ok && most.intervals).toHaveLength(MAX_INTERVALS_A_DAY);
    expect(parseIntervals(hours(MAX_INTERVALS_A_DAY + 1))).toEqual({
      ok: false,
      message: `At most ${MAX_INTERVALS_A_DAY} intervals a day.`,
    });
  });
});

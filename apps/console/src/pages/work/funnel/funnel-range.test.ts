import { describe, expect, it } from 'vitest';
import { checkRange, defaultRange, localDate } from './funnel-range.ts';

describe('defaultRange', () => {
  it("is the last 30 days ending today on the browser's calendar, across a month's end", () => {
    expect(defaultRange(new Date(2026, 2, 10, 23, 30))).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(localDate(new Date(2026, 0, 5, 0, 1))).toBe('2026-01-05');
  });
});

describe('checkRange', () => {
  it('takes a span of one day up to 92 days, both included', () => {
    expect(checkRange('2026-11-01', '2026-11-01')).toEqual({ ok: true });
    expect(checkRange('2026-01-01', '2026-04-02')).toEqual({ ok: true });
  });

  it('refuses 93 days, an end before the start, and a missing date, in words', () => {
    expect(checkRange('2026-01-01', '2026-04-03')).toEqual({
      ok: false,
      message: 'At most 92 days at a time: pick a shorter span.',
    });
    expect(checkRange('2026-11-02', '2026-11-01')).toEqual({
      ok: false,
      message: 'The last day comes before the first: pick a last day on or after the first.',
    });
    expect(checkRange('', '2026-11-01')).toEqual({ ok: false, message: 'Enter both dates.' });
  });
});

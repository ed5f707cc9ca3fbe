import { describe, expect, it } from 'vitest';
import { checkReportRange, defaultReportRange } from './report-range.ts';

describe('the report’s span', () => {
  it('opens on twelve calendar months, this one included, across a new year', () => {
    expect(defaultReportRange(new Date(2026, 10, 29, 23, 30))).toEqual({ from: '2025-12-01', to: '2026-11-29' });
    expect(defaultReportRange(new Date(2027, 0, 1, 0, 5))).toEqual({ from: '2026-02-01', to: '2027-01-01' });
  });

  it('takes 24 months and refuses 25, a last day before the first and a missing date, in words', () => {
    expect(checkReportRange('2025-01-31', '2026-12-01')).toEqual({ ok: true });
    expect(checkReportRange('2025-01-31', '2027-01-01')).toEqual({
      ok: false,
      message: 'At most 24 months at a time: pick a shorter span.',
    });
    expect(checkReportRange('2026-03-02', '2026-03-01')).toEqual({
      ok: false,
      message: 'The last day comes before the first: pick a last day on or after the first.',
    });
    expect(checkReportRange('', '2026-03-01')).toEqual({ ok: false, message: 'Enter both dates.' });
  });
});

import { describe, expect, it } from 'vitest';
import { officeClockAt, utcOffsetText } from './office-clock.ts';

describe("the office's clock", () => {
  it('reads a UTC instant as the office reads it, in winter and in summer', () => {
    expect(officeClockAt('America/New_York', Date.parse('2026-11-25T14:00:00Z'))).toEqual({
      date: '2026-11-25',
      time: '09:00',
      utcOffset: '-05:00',
      abbreviation: 'EST',
    });
    expect(officeClockAt('America/New_York', Date.parse('2026-07-01T13:00:00Z'))).toEqual({
      date: '2026-07-01',
      time: '09:00',
      utcOffset: '-04:00',
      abbreviation: 'EDT',
    });
  });

  it('follows the clocks on either side of a change, and across midnight', () => {
    // New York falls back at 2:00 EDT on 1 November 2026 (06:00 UTC).
    expect(officeClockAt('America/New_York', Date.parse('2026-11-01T05:59:00Z'))).toMatchObject({
      date: '2026-11-01',
      time: '01:59',
      utcOffset: '-04:00',
      abbreviation: 'EDT',
    });
    expect(officeClockAt('America/New_York', Date.parse('2026-11-01T06:00:00Z'))).toMatchObject({
      date: '2026-11-01',
      time: '01:00',
      utcOffset: '-05:00',
      abbreviation: 'EST',
    });
    // An evening inspection in Los Angeles is the next day in UTC.
    expect(officeClockAt('America/Los_Angeles', Date.parse('2026-11-26T03:30:00Z'))).toMatchObject({
      date: '2026-11-25',
      time: '19:30',
      utcOffset: '-08:00',
    });
  });

  it('writes offsets east, west and at UTC as ISO 8601 does', () => {
    expect(officeClockAt('Asia/Kolkata', Date.parse('2026-11-25T04:00:00Z'))).toMatchObject({
      time: '09:30',
      utcOffset: '+05:30',
    });
    expect(officeClockAt('UTC', Date.parse('2026-11-25T14:00:00Z'))).toMatchObject({
      time: '14:00',
      utcOffset: '+00:00',
    });
    expect(utcOffsetText(-18_000_000)).toBe('-05:00');
    expect(utcOffsetText(-9_000_000)).toBe('-02:30');
  });
});

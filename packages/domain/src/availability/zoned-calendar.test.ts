import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneAbbreviation } from '../time-zone-text.ts';
import { timeOfMinutes, ZonedCalendar } from './zoned-calendar.ts';
import { est } from './test-fixtures.ts';

describe('timeOfMinutes', () => {
  it('writes minutes after midnight as HH:mm, past the end of the day too (an inspection that ends after midnight)', () => {
    expect([timeOfMinutes(0), timeOfMinutes(90), timeOfMinutes(23 * 60 + 59)]).toEqual(['00:00', '01:30', '23:59']);
    expect([timeOfMinutes(24 * 60 + 30), timeOfMinutes(24 * 60 + 5)]).toEqual(['24:30', '24:05']);
  });
});

describe('the wall time an inspection ends at', () => {
  const newYork = ZonedCalendar.of('America/New_York');

  it('carries past midnight into the next date', () => {
    expect(newYork.wallTimeAfter('2027-03-01', 23 * 60, est('2027-03-01T23:00'), 120)).toEqual({
      date: '2027-03-02',
      minutes: 60,
    });
    expect(newYork.wallTimeAfter('2027-03-01', 9 * 60, est('2027-03-01T09:00'), 180)).toEqual({
      date: '2027-03-01',
      minutes: 12 * 60,
    });
  });

  it('counts real time into a night the clocks skip an hour, even from the evening before', () => {
    // 23:00 on 13 March 2027 plus four real hours: 02:00 becomes 03:00 on the 14th, so 04:00.
    expect(newYork.wallTimeAfter('2027-03-13', 23 * 60, est('2027-03-13T23:00'), 240)).toEqual({
      date: '2027-03-14',
      minutes: 4 * 60,
    });
  });
});

describe('a zone whose clocks change at midnight (America/Santiago)', () => {
  // 6 September 2026: at midnight Chile's clocks go from 00:00 to 01:00 (UTC-4 to UTC-3).
  const santiago = ZonedCalendar.of('America/Santiago');

  it('sees the change on that date, and has no midnight there', () => {
    expect(santiago.hasTransition('2026-09-06')).toBe(true);
    expect(santiago.hasTransition('2026-09-07')).toBe(false);
    expect(santiago.toInstant('2026-09-06', 0)).toBeNull();
    expect(santiago.toInstant('2026-09-06', 60)).toBe(Date.parse('2026-09-06T04:00:00Z'));
  });

  it('converts the wall times of the next, ordinary day at the new offset', () => {
    const at = santiago.wallTimesOn('2026-09-07');
    expect(at(0)).toBe(Date.parse('2026-09-07T03:00:00Z'));
    expect(at(9 * 60)).toBe(Date.parse('2026-09-07T12:00:00Z'));
  });
});

describe('a zone east of Greenwich whose clocks change at midnight (Asia/Beirut)', () => {
  const beirut = ZonedCalendar.of('Asia/Beirut');

  it('has no midnight on the night the clocks go forward (29 March 2026)', () => {
    expect(beirut.toInstant('2026-03-29', 0)).toBeNull();
    expect(beirut.toInstant('2026-03-29', 60)).toBe(Date.parse('2026-03-28T22:00:00Z'));
  });

  it('takes the first of a repeated late hour on the night the clocks go back (24 October 2026)', () => {
    // 00:00 on the 25th goes back to 23:00 on the 24th: 23:30 happens twice, at +3 and at +2.
    expect(beirut.hasTransition('2026-10-24')).toBe(true);
    expect(beirut.toInstant('2026-10-24', 23 * 60 + 30)).toBe(Date.parse('2026-10-24T20:30:00Z'));
  });
});

describe('offsets and zone names read once per UTC day (issue 48)', () => {
  /** What Intl says at an instant, asked afresh: the ground truth the cached reading must match. */
  function intlOffset(timeZone: string, instant: number): number {
    const whole = Math.floor(instant / 1000) * 1000;
    const wall = new Date(whole).toLocaleString('sv-SE', { timeZone }).replace(' ', 'T');
    return Date.parse(`${wall}Z`) - whole;
  }
  function intlName(timeZone: string, instant: number): string {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(instant);
    return parts.find((part) => part.type === 'timeZoneName')!.value;
  }
  // Half-hour and quarter-hour offsets, a half-hour change (Lord Howe), southern summers, no changes.
  const ZONES = [
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'America/St_Johns',
    'Pacific/Auckland',
    'America/Phoenix',
  ];

  it('matches Intl at every quarter hour of the days the clocks change, and the days around them', () => {
    const QUARTER = 15 * 60_000;
    // New York's two changes of 2027 (UTC days from before local midnight to after the next).
    for (const change of [Date.UTC(2027, 2, 14, 7), Date.UTC(2027, 10, 7, 6)])
      for (let instant = change - 2 * 86_400_000; instant <= change + 2 * 86_400_000; instant += QUARTER) {
        // Each minute around the change itself, and the second before it.
        for (const at of [instant, instant - 1000])
          expect(ZonedCalendar.of('America/New_York').offsetAt(at)).toBe(intlOffset('America/New_York', at));
        expect(zoneAbbreviation('America/New_York', instant)).toBe(intlName('America/New_York', instant));
      }
  });

  it('matches Intl at any instant of any of these zones, asked in any order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        (timeZone, instant) => {
          const calendar = ZonedCalendar.of(timeZone);
          expect(calendar.offsetAt(instant)).toBe(intlOffset(timeZone, instant));
          expect(zoneAbbreviation(timeZone, instant)).toBe(intlName(timeZone, instant));
          // The local date and time, from the offset.
          const wall = new Date(Math.floor(instant / 1000) * 1000 + intlOffset(timeZone, instant));
          expect(calendar.toLocal(instant)).toEqual({
            date: wall.toISOString().slice(0, 10),
            minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
          });
        },
      ),
      { numRuns: 3_000, seed: 20261201 },
    );
  });
});

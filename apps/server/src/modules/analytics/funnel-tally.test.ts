import { FUNNEL_MAX_SOURCES, type FunnelCounts } from '@scheduler/contracts/analytics';
import { describe, expect, it } from 'vitest';
import { noCounts, tallyByOffice, topSources } from './funnel-tally.ts';

const OFFICE = 'c0000000-0000-4000-8000-000000000001';
const OTHER = 'c0000000-0000-4000-8000-000000000002';
const visits = (started: number, confirmed = 0): FunnelCounts => ({ ...noCounts(2), started, confirmed });
const sourcesOf = (count: number) =>
  new Map(Array.from({ length: count }, (_, i) => [`s${String(i).padStart(2, '0')}`, visits(100 - i)]));

describe("the funnel's sums (issue 42)", () => {
  it('adds each row to its day and its source, null as "direct", per office, and the steps by the office\'s order', () => {
    const row = { officeId: OFFICE, day: '2027-03-01', confirmed: 1, bookedByPhone: 0, bookedByApi: 0 };
    const offices = tallyByOffice(
      [
        { ...row, source: 'google', started: 2 },
        { ...row, source: null, started: 1, bookedByPhone: 2 },
        { ...row, source: 'direct', day: '2027-03-02', started: 1, confirmed: 0, bookedByApi: 1 },
        { ...row, officeId: OTHER, source: 'google', started: 7 },
      ],
      [
        { officeId: OFFICE, day: '2027-03-01', source: 'google', step: 'review', reached: 2 },
        { officeId: OFFICE, day: '2027-03-01', source: null, step: 'calendar', reached: 1 },
        // A step the office no longer walks is left out.
        { officeId: OFFICE, day: '2027-03-01', source: null, step: 'postal-code', reached: 1 },
      ],
      ['calendar', 'review'],
    );
    const office = offices.get(OFFICE)!;
    expect(Object.fromEntries(office.byDay)).toEqual({
      '2027-03-01': { started: 3, reached: [1, 2], confirmed: 2, booked_by_phone: 2, booked_by_api: 0 },
      '2027-03-02': { started: 1, reached: [0, 0], confirmed: 0, booked_by_phone: 0, booked_by_api: 1 },
    });
    expect(Object.fromEntries(office.bySource)).toEqual({
      google: { started: 2, reached: [0, 2], confirmed: 1, booked_by_phone: 0, booked_by_api: 0 },
      direct: { started: 2, reached: [1, 0], confirmed: 1, booked_by_phone: 2, booked_by_api: 1 },
    });
    expect(offices.get(OTHER)!.bySource.get('google')!.started).toBe(7);
  });

  it(`names ${FUNNEL_MAX_SOURCES} sources, and adds the ones past them up as one with a null source`, () => {
    const all = topSources(sourcesOf(FUNNEL_MAX_SOURCES), 2);
    expect(all).toHaveLength(FUNNEL_MAX_SOURCES);
    expect(all.every((entry) => entry.source !== null)).toBe(true);
    const more = sourcesOf(FUNNEL_MAX_SOURCES + 2);
    const folded = topSources(more, 2);
    expect(folded).toHaveLength(FUNNEL_MAX_SOURCES + 1);
    expect(folded.slice(0, FUNNEL_MAX_SOURCES).map((entry) => entry.source)).toEqual(
      [...more.keys()].slice(0, FUNNEL_MAX_SOURCES),
    );
    expect(folded.at(-1)).toEqual({
      source: null,
      ...noCounts(2),
      started: 100 - FUNNEL_MAX_SOURCES + (100 - FUNNEL_MAX_SOURCES - 1),
    });
  });

  it('ranks by visits started, then confirmed, then name; a source with nothing counted is left out', () => {
    const ranked = topSources(
      new Map([
        ['b', visits(2, 1)],
        ['a', visits(2, 1)],
        ['c', visits(2, 2)],
        ['d', visits(3)],
        ['bots', visits(0)],
        ['phone', { ...visits(0), booked_by_phone: 1 }],
      ]),
      2,
    );
    expect(ranked.map((entry) => entry.source)).toEqual(['d', 'c', 'a', 'b', 'phone']);
  });
});

import { describe, expect, it } from 'vitest';
import { findSlots, seededRandom, slotsUnchangedUntil, teamsFor } from './engine.ts';
import { COLUMBUS, est, input, inspector, office, request, SERVICE } from './test-fixtures.ts';

const starts = (slots: Array<{ start_datetime: string }>) => slots.map((s) => s.start_datetime);

describe('working hours and duration', () => {
  it('offers every start that leaves room for the whole inspection', () => {
    const slots = findSlots(input());
    expect(starts(slots)).toEqual([
      '2027-03-01 09:00:00',
      '2027-03-01 10:00:00',
      '2027-03-01 11:00:00',
      '2027-03-01 12:00:00',
      '2027-03-01 13:00:00',
      '2027-03-01 14:00:00',
    ]);
    expect(slots[0]).toMatchObject({
      date: '2027-03-01',
      start: '9:00 AM',
      end_datetime: '2027-03-01 12:00:00',
      users: [1],
      timestamp: est('2027-03-01T09:00') / 1000,
    });
  });

  it("reads an inspector's hours again when the office's start rule changes", () => {
    const same = inspector(1);
    expect(findSlots(input({ inspectors: [same], office: office({ slot_granularity_minutes: 60 }) }))).toHaveLength(6);
    expect(findSlots(input({ inspectors: [same], office: office({ slot_granularity_minutes: 30 }) }))).toHaveLength(11);
    expect(starts(findSlots(input({ inspectors: [same], office: office({ fixed_start_times: ['13:30'] }) })))).toEqual([
      '2027-03-01 13:30:00',
    ]);
  });

  it('uses fixed start times when the office sets them', () => {
    const slots = findSlots(input({ office: office({ fixed_start_times: ['08:00', '09:00', '13:30', '15:00'] }) }));
    expect(starts(slots)).toEqual(['2027-03-01 09:00:00', '2027-03-01 13:30:00']);
  });

  it('offers several intervals of one day, and nothing on a day off', () => {
    const split = inspector(1, {
      weekly_hours: {
        sun: [],
        mon: [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
        tue: [],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
      },
    });
    const slots = findSlots(
      input({ inspectors: [split], request: request({ from: '2027-03-01', to: '2027-03-02', durationMinutes: 120 }) }),
    );
    expect(starts(slots)).toEqual([
      '2027-03-01 08:00:00',
      '2027-03-01 09:00:00',
      '2027-03-01 10:00:00',
      '2027-03-01 13:00:00',
      '2027-03-01 14:00:00',
      '2027-03-01 15:00:00',
    ]);
  });
});

describe('daylight-saving changes in America/New_York', () => {
  const everyDay = inspector(1, {
    weekly_hours: {
      sun: [{ start: '08:00', end: '12:00' }],
      mon: [{ start: '08:00', end: '12:00' }],
      tue: [],
      wed: [],
      thu: [],
      fri: [],
      sat: [{ start: '08:00', end: '12:00' }],
    },
  });

  it('keeps slots at the same wall-clock times through the spring-forward weekend', () => {
    const slots = findSlots(
      input({
        inspectors: [everyDay],
        request: request({ from: '2027-03-13', to: '2027-03-15', durationMinutes: 120 }),
      }),
    );
    expect(starts(slots)).toEqual([
      '2027-03-13 08:00:00',
      '2027-03-13 09:00:00',
      '2027-03-13 10:00:00',
      '2027-03-14 08:00:00',
      '2027-03-14 09:00:00',
      '2027-03-14 10:00:00',
      '2027-03-15 08:00:00',
      '2027-03-15 09:00:00',
      '2027-03-15 10:00:00',
    ]);
    // 8 AM is 13:00 UTC in EST and 12:00 UTC in EDT.
    expect(slots[0]!.timestamp * 1000).toBe(Date.parse('2027-03-13T13:00:00Z'));
    expect(slots[3]!.timestamp * 1000).toBe(Date.parse('2027-03-14T12:00:00Z'));
  });

  it('keeps slots at the same wall-clock times through the fall-back weekend', () => {
    const slots = findSlots(
      input({
        now: est('2026-10-01T08:00'),
        inspectors: [everyDay],
        request: request({ from: '2026-10-31', to: '2026-11-02', durationMinutes: 120 }),
      }),
    );
    expect(slots).toHaveLength(9);
    expect(slots[3]).toMatchObject({
      start_datetime: '2026-11-01 08:00:00',
      timestamp: Date.parse('2026-11-01T13:00:00Z') / 1000,
    });
    expect(slots[0]!.timestamp * 1000).toBe(Date.parse('2026-10-31T12:00:00Z'));
  });

  it('creates no slot in the hour the clocks skip, and keeps real durations across it', () => {
    const night = inspector(1, {
      weekly_hours: { sun: [{ start: '00:00', end: '05:00' }], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] },
    });
    const slots = findSlots(
      input({
        inspectors: [night],
        office: office({ slot_granularity_minutes: 30, buffer_minutes: 0 }),
        request: request({ from: '2027-03-14', to: '2027-03-14', durationMinutes: 60 }),
      }),
    );
    expect(starts(slots)).toEqual([
      '2027-03-14 00:00:00',
      '2027-03-14 00:30:00',
      '2027-03-14 01:00:00',
      '2027-03-14 01:30:00',
      '2027-03-14 03:00:00',
      '2027-03-14 03:30:00',
      '2027-03-14 04:00:00',
    ]);
    // 01:30 EST plus one real hour is 03:30 EDT.
    expect(slots[3]!.end_datetime).toBe('2027-03-14 03:30:00');
  });

  it('offers the repeated hour of the fall-back night once', () => {
    const night = inspector(1, {
      weekly_hours: { sun: [{ start: '00:00', end: '04:00' }], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] },
    });
    const slots = findSlots(
      input({
        now: est('2026-10-01T08:00'),
        inspectors: [night],
        office: office({ buffer_minutes: 0 }),
        request: request({ from: '2026-11-01', to: '2026-11-01', durationMinutes: 60 }),
      }),
    );
    expect(starts(slots)).toEqual([
      '2026-11-01 00:00:00',
      '2026-11-01 01:00:00',
      '2026-11-01 02:00:00',
      '2026-11-01 03:00:00',
    ]);
    // 01:00 is its first occurrence (EDT, UTC-4).
    expect(slots[1]!.timestamp * 1000).toBe(Date.parse('2026-11-01T05:00:00Z'));
  });
});

describe('dated overrides', () => {
  it('takes a holiday off', () => {
    const off = inspector(1, { overrides: [{ date: '2027-03-01', intervals: [], note: 'Holiday' }] });
    expect(
      findSlots(input({ inspectors: [off], request: request({ from: '2027-03-01', to: '2027-03-02' }) })).map(
        (s) => s.date,
      ),
    ).not.toContain('2027-03-01');
  });
  it('replaces the week with extra hours', () => {
    const extra = inspector(1, {
      overrides: [{ date: '2027-03-01', intervals: [{ start: '06:00', end: '09:00' }], note: 'Early' }],
    });
    expect(starts(findSlots(input({ inspectors: [extra] })))).toEqual(['2027-03-01 06:00:00']);
  });
});

describe('teams', () => {
  const homeOnly = inspector(1, { services: [SERVICE.home] });
  const radonOnly = inspector(2, { services: [SERVICE.radon] });
  const sewerOnly = inspector(3, { services: [SERVICE.sewer] });

  it('forms the smallest team when no inspector performs every service', () => {
    const slots = findSlots(
      input({
        inspectors: [homeOnly, radonOnly, sewerOnly],
        request: request({ serviceIds: [SERVICE.home, SERVICE.radon] }),
      }),
    );
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) expect(slot.users).toEqual([1, 2]);
  });

  it('prefers one inspector who does it all over a team', () => {
    const allRound = inspector(4);
    expect(teamsFor([homeOnly, radonOnly, allRound], [SERVICE.home, SERVICE.radon])).toEqual([[allRound]]);
  });

  it('offers nothing when nobody covers a service', () => {
    expect(
      findSlots(input({ inspectors: [homeOnly], request: request({ serviceIds: [SERVICE.home, SERVICE.radon] }) })),
    ).toEqual([]);
  });

  it('needs every member free for the whole inspection', () => {
    const busy = [{ inspectorId: 2, start: est('2027-03-01T12:00'), end: est('2027-03-01T13:00'), location: null }];
    const slots = findSlots(
      input({
        inspectors: [homeOnly, radonOnly],
        busy,
        request: request({ serviceIds: [SERVICE.home, SERVICE.radon] }),
      }),
    );
    expect(starts(slots)).toEqual(['2027-03-01 14:00:00']);
  });

  it('offers only the requested team when inspectors are named', () => {
    const slots = findSlots(
      input({ inspectors: [inspector(1), inspector(2)], request: request({ requestedInspectorIds: [2] }) }),
    );
    expect(new Set(slots.flatMap((s) => s.users))).toEqual(new Set([2]));
  });

  it('offers a requested team only at the times every member is free', () => {
    const busy = [{ inspectorId: 2, start: est('2027-03-01T09:00'), end: est('2027-03-01T15:00'), location: null }];
    const slots = findSlots(
      input({
        inspectors: [inspector(1), inspector(2)],
        busy,
        request: request({ requestedInspectorIds: [1, 2], durationMinutes: 60 }),
      }),
    );
    // Inspector 2 is free from 15:30 (the buffer): no slot for inspector 1 alone before then.
    expect(starts(slots)).toEqual(['2027-03-01 16:00:00']);
    expect(slots[0]!.users).toEqual([1, 2]);
  });

  it('ranks a team by its best-ranked member, and names it by its members in its id', () => {
    const ranked = [
      inspector(1, { services: [SERVICE.home], preferred_rank: 3 }),
      inspector(2, { services: [SERVICE.radon], preferred_rank: 1 }),
    ];
    const slots = findSlots(
      input({ inspectors: ranked, request: request({ serviceIds: [SERVICE.home, SERVICE.radon] }) }),
    );
    expect(slots[0]).toMatchObject({ users: [2, 1], preferred: 1, id: '2027-03-01 09:00:00~2-1' });
    const halfRanked = [
      inspector(1, { services: [SERVICE.home] }),
      inspector(2, { services: [SERVICE.radon], preferred_rank: 2 }),
    ];
    expect(
      findSlots(input({ inspectors: halfRanked, request: request({ serviceIds: [SERVICE.home, SERVICE.radon] }) }))[0]!
        .preferred,
    ).toBe(2);
  });

  it('offers nothing, grouped or not, when nobody covers a service', () => {
    const rules = { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots: true };
    expect(
      findSlots(
        input({ inspectors: [homeOnly], rules, request: request({ serviceIds: [SERVICE.home, SERVICE.radon] }) }),
      ),
    ).toEqual([]);
  });

  it('offers a requested team larger than a group of alternates when names are hidden', () => {
    const everyone = [1, 2, 3, 4, 5].map((id) => inspector(id));
    const rules = { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots: true };
    const slots = findSlots(
      input({ inspectors: everyone, rules, request: request({ requestedInspectorIds: [1, 2, 3, 4, 5] }) }),
    );
    expect(slots).toHaveLength(6);
    expect(slots[0]!.users).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('teamsFor', () => {
  const homeOnly = (id: number, changes = {}) => inspector(id, { services: [SERVICE.home], ...changes });
  const radonOnly = (id: number, changes = {}) => inspector(id, { services: [SERVICE.radon], ...changes });

  it('gives only teams that cover every service, the best-ranked team first', () => {
    const [a, b, c] = [homeOnly(1), homeOnly(2, { preferred_rank: 1 }), radonOnly(3)];
    expect(teamsFor([a, b, c], [SERVICE.home, SERVICE.radon])).toEqual([
      [b, c],
      [a, c],
    ]);
  });

  it('forms no team of more than three, however many it would take', () => {
    const four = [
      homeOnly(1),
      radonOnly(2),
      inspector(3, { services: [SERVICE.sewer] }),
      inspector(4, { services: ['00000000-0000-4000-8000-000000000004'] }),
    ];
    expect(
      teamsFor(four, [SERVICE.home, SERVICE.radon, SERVICE.sewer, '00000000-0000-4000-8000-000000000004']),
    ).toEqual([]);
    expect(teamsFor(four.slice(0, 3), [SERVICE.home, SERVICE.radon, SERVICE.sewer])).toEqual([four.slice(0, 3)]);
  });

  it('gives at most the number of teams asked for', () => {
    const five = [1, 2, 3, 4, 5].map((id) => inspector(id));
    expect(teamsFor(five, [SERVICE.home], 4)).toEqual(five.slice(0, 4).map((i) => [i]));
    expect(
      teamsFor([homeOnly(1), homeOnly(2), homeOnly(3), radonOnly(4)], [SERVICE.home, SERVICE.radon], 2),
    ).toHaveLength(2);
  });
});

describe('inspectors of equal rank', () => {
  it('spreads the first alternate among them by the seeded random, the same for the same seed', () => {
    const rules = { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots: true };
    const leader = (seed: number) =>
      findSlots(
        input({ inspectors: [inspector(1), inspector(2), inspector(3)], rules, random: seededRandom(seed) }),
      )[0]!.users[0];
    const leaders = new Set(Array.from({ length: 20 }, (_, seed) => leader(seed)));
    expect(leaders).toEqual(new Set([1, 2, 3]));
    expect(leader(7)).toBe(leader(7));
  });

  it('draws numbers in [0, 1) from a seed, the same ones for the same seed', () => {
    const draws = Array.from({ length: 1000 }, seededRandom(5));
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Array.from({ length: 1000 }, seededRandom(5))).toEqual(draws);
    expect(new Set(draws).size).toBeGreaterThan(990);
  });
});

describe('postal-code restrictions', () => {
  const dublin = inspector(1, { postal_codes: ['43017'], postal_codes_by_weekday: { mon: ['43017'] } });
  const downtown = inspector(2, { postal_codes: ['43215'] });

  it('RESTRICT_INSPECTOR_ZIP offers only inspectors who serve the postal code', () => {
    const rules = { allowToday: false, restrictInspectorZip: true, limitZipByDay: false, groupSlots: false };
    const slots = findSlots(
      input({ inspectors: [dublin, downtown], rules, request: request({ postalCode: '43215' }) }),
    );
    expect(new Set(slots.flatMap((s) => s.users))).toEqual(new Set([2]));
    expect(
      findSlots(input({ inspectors: [dublin, downtown], rules, request: request({ postalCode: '90210' }) })),
    ).toEqual([]);
  });

  it('RESTRICT_INSPECTOR_ZIP leaves inspectors who list no postal codes unrestricted', () => {
    const anywhere = inspector(3, { postal_codes: [] });
    const rules = { allowToday: false, restrictInspectorZip: true, limitZipByDay: false, groupSlots: false };
    const usersFor = (postalCode: string) =>
      new Set(
        findSlots(input({ inspectors: [dublin, downtown, anywhere], rules, request: request({ postalCode }) })).flatMap(
          (s) => s.users,
        ),
      );
    expect(usersFor('43215')).toEqual(new Set([2, 3]));
    expect(usersFor('90210')).toEqual(new Set([3]));
  });

  it('LIMIT_ZIP_BY_DAY offers a weekday only for the postal codes it lists', () => {
    const rules = { allowToday: false, restrictInspectorZip: false, limitZipByDay: true, groupSlots: false };
    const week = request({ from: '2027-03-01', to: '2027-03-02', postalCode: '43215' }); // Monday, Tuesday
    const slots = findSlots(input({ inspectors: [dublin], rules, request: week }));
    expect(new Set(slots.map((s) => s.date))).toEqual(new Set(['2027-03-02']));
    const dublinSlots = findSlots(input({ inspectors: [dublin], rules, request: { ...week, postalCode: '43017' } }));
    expect(new Set(dublinSlots.map((s) => s.date))).toEqual(new Set(['2027-03-01', '2027-03-02']));
  });

  it('LIMIT_ZIP_BY_DAY off: the weekday lists limit nothing', () => {
    const rules = { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots: false };
    const slots = findSlots(
      input({
        inspectors: [dublin],
        rules,
        request: request({ from: '2027-03-01', to: '2027-03-02', postalCode: '43215' }),
      }),
    );
    expect(new Set(slots.map((s) => s.date))).toEqual(new Set(['2027-03-01', '2027-03-02']));
  });
});

describe('inspectors who no longer work', () => {
  it('offers no inactive inspector, and the active ones as usual', () => {
    const slots = findSlots(input({ inspectors: [inspector(1, { active: false }), inspector(2)] }));
    expect(new Set(slots.flatMap((s) => s.users))).toEqual(new Set([2]));
    expect(findSlots(input({ inspectors: [inspector(1, { active: false })] }))).toEqual([]);
  });
});

describe('buffers and travel', () => {
  const morning = [{ inspectorId: 1, start: est('2027-03-01T09:00'), end: est('2027-03-01T11:00'), location: null }];

  it('keeps the office buffer between appointments when no location is known', () => {
    const slots = findSlots(
      input({
        busy: morning,
        office: office({ slot_granularity_minutes: 30, buffer_minutes: 30 }),
        request: request({ durationMinutes: 120 }),
      }),
    );
    expect(starts(slots)[0]).toBe('2027-03-01 11:30:00');
  });

  it('keeps the buffer before the next appointment too', () => {
    const afternoon = [
      { inspectorId: 1, start: est('2027-03-01T14:00'), end: est('2027-03-01T16:00'), location: null },
    ];
    const slots = findSlots(
      input({
        busy: afternoon,
        office: office({ slot_granularity_minutes: 30, buffer_minutes: 30 }),
        request: request({ durationMinutes: 120 }),
      }),
    );
    expect(starts(slots)).toEqual([
      '2027-03-01 09:00:00',
      '2027-03-01 09:30:00',
      '2027-03-01 10:00:00',
      '2027-03-01 10:30:00',
      '2027-03-01 11:00:00',
      '2027-03-01 11:30:00',
    ]);
  });

  it('keeps the office buffer when only the earlier appointment has a known place', () => {
    const placed = [
      { inspectorId: 1, start: est('2027-03-01T09:00'), end: est('2027-03-01T11:00'), location: COLUMBUS },
    ];
    const slots = findSlots(
      input({
        busy: placed,
        office: office({ slot_granularity_minutes: 30, buffer_minutes: 30 }),
        request: request({ durationMinutes: 120, location: null }),
      }),
    );
    expect(starts(slots)[0]).toBe('2027-03-01 11:30:00');
  });

  it('ignores the commitments of inspectors who are not eligible', () => {
    const others = [{ inspectorId: 99, start: est('2027-03-01T09:00'), end: est('2027-03-01T17:00'), location: null }];
    expect(starts(findSlots(input({ busy: others })))[0]).toBe('2027-03-01 09:00:00');
  });

  it('waits for the drive from the previous appointment when both places are known', () => {
    // Dublin to Pickerington: about 25 miles straight, 33 by road at 30 mph is 66 minutes.
    const dublin = { latitude: 40.0992, longitude: -83.1141 };
    const pickerington = { latitude: 39.8842, longitude: -82.7535 };
    const busy = [{ inspectorId: 1, start: est('2027-03-01T09:00'), end: est('2027-03-01T11:00'), location: dublin }];
    const slots = findSlots(
      input({
        busy,
        office: office({ slot_granularity_minutes: 15, buffer_minutes: 0 }),
        request: request({ durationMinutes: 60, location: pickerington }),
      }),
    );
    expect(starts(slots)[0]).toBe('2027-03-01 12:15:00');
  });

  it('offers no inspector whose home base is beyond their driving radius', () => {
    const cleveland = { latitude: 41.4993, longitude: -81.6944 };
    expect(findSlots(input({ request: request({ location: cleveland }) }))).toEqual([]);
    expect(findSlots(input({ request: request({ location: COLUMBUS }) })).length).toBeGreaterThan(0);
  });

  it("counts the inspections of the office's day, not of the UTC day", () => {
    // 7 PM to 9 PM in New York on Monday is 00:00 to 02:00 UTC on Tuesday.
    const evening = [{ inspectorId: 1, start: est('2027-03-01T19:00'), end: est('2027-03-01T21:00'), location: null }];
    const onePerDay = inspector(1, { max_inspections_per_day: 1 });
    const slots = findSlots(
      input({ inspectors: [onePerDay], busy: evening, request: request({ from: '2027-03-01', to: '2027-03-02' }) }),
    );
    expect(new Set(slots.map((s) => s.date))).toEqual(new Set(['2027-03-02']));
    // And the last minute of the office's day still counts for that day.
    const lateNight = [
      { inspectorId: 1, start: est('2027-03-01T23:59'), end: est('2027-03-02T00:30'), location: null },
    ];
    const late = findSlots(
      input({ inspectors: [onePerDay], busy: lateNight, request: request({ from: '2027-03-01', to: '2027-03-02' }) }),
    );
    expect(new Set(late.map((s) => s.date))).toEqual(new Set(['2027-03-02']));
  });

  it("counts an inspection starting at the office's midnight for the day it starts, not the day before", () => {
    const midnight = [{ inspectorId: 1, start: est('2027-03-02T00:00'), end: est('2027-03-02T01:00'), location: null }];
    const onePerDay = inspector(1, { max_inspections_per_day: 1 });
    const slots = findSlots(
      input({ inspectors: [onePerDay], busy: midnight, request: request({ from: '2027-03-01', to: '2027-03-02' }) }),
    );
    expect(new Set(slots.map((s) => s.date))).toEqual(new Set(['2027-03-01']));
  });

  it('stops at the most inspections a day', () => {
    const busy = [
      { inspectorId: 1, start: est('2027-03-01T09:00'), end: est('2027-03-01T10:00'), location: null },
      { inspectorId: 1, start: est('2027-03-01T15:00'), end: est('2027-03-01T16:00'), location: null },
    ];
    const limited = inspector(1, { max_inspections_per_day: 2 });
    expect(findSlots(input({ inspectors: [limited], busy, request: request({ durationMinutes: 60 }) }))).toEqual([]);
    expect(
      findSlots(
        input({
          inspectors: [{ ...limited, max_inspections_per_day: 3 }],
          busy,
          request: request({ durationMinutes: 60 }),
        }),
      ).length,
    ).toBeGreaterThan(0);
  });

  it("counts each inspector's inspections apart: one at their most leaves the others free", () => {
    const busy = [
      { inspectorId: 1, start: est('2027-03-01T09:00'), end: est('2027-03-01T10:00'), location: null },
      { inspectorId: 1, start: est('2027-03-01T15:00'), end: est('2027-03-01T16:00'), location: null },
    ];
    const inspectors = [inspector(1, { max_inspections_per_day: 2 }), inspector(2, { max_inspections_per_day: 2 })];
    const slots = findSlots(input({ inspectors, busy, request: request({ durationMinutes: 60 }) }));
    expect(new Set(slots.flatMap((s) => s.users))).toEqual(new Set([2]));
  });
});

describe('notice, today and horizon', () => {
  const today = request({ from: '2027-03-01', to: '2027-03-02', durationMinutes: 60 });

  it('offers nothing today unless ALLOW_TODAY is on', () => {
    const now = est('2027-03-01T07:00');
    expect(new Set(findSlots(input({ now, request: today })).map((s) => s.date))).toEqual(new Set(['2027-03-02']));
    const rules = { allowToday: true, restrictInspectorZip: false, limitZipByDay: false, groupSlots: false };
    expect(findSlots(input({ now, rules, request: today }))[0]!.start_datetime).toBe('2027-03-01 09:00:00');
  });

  it('keeps the minimum notice', () => {
    const rules = { allowToday: true, restrictInspectorZip: false, limitZipByDay: false, groupSlots: false };
    const slots = findSlots(
      input({ now: est('2027-03-01T07:00'), rules, office: office({ minimum_notice_hours: 4 }), request: today }),
    );
    expect(slots[0]!.start_datetime).toBe('2027-03-01 11:00:00');
  });

  it('offers nothing beyond the booking horizon', () => {
    const slots = findSlots(
      input({
        now: est('2027-03-01T07:00'),
        office: office({ booking_horizon_days: 2 }),
        request: request({ from: '2027-03-01', to: '2027-03-10' }),
      }),
    );
    expect(new Set(slots.map((s) => s.date))).toEqual(new Set(['2027-03-02', '2027-03-03']));
  });
});

describe('grouping, sorting and limit', () => {
  const people = [inspector(1), inspector(2, { preferred_rank: 2 }), inspector(3, { preferred_rank: 1 })];

  it('groups equal date and start when names are hidden, best-ranked alternate first', () => {
    const rules = { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots: true };
    const slots = findSlots(input({ inspectors: people, rules }));
    expect(slots).toHaveLength(6);
    for (const slot of slots) {
      expect(slot.group!.map((member) => member.users[0])).toEqual([3, 2, 1]);
      expect(slot.users).toEqual([3]);
      expect(slot.preferred).toBe(1);
    }
  });

  it('keeps at most four alternates in a group, the best-ranked ones', () => {
    const rules = { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots: true };
    const many = [...people, inspector(4, { preferred_rank: 3 }), inspector(5), inspector(6, { preferred_rank: 4 })];
    const slots = findSlots(input({ inspectors: many, rules }));
    expect(slots).toHaveLength(6);
    for (const slot of slots) expect(slot.group!.map((member) => member.users[0])).toEqual([3, 2, 4, 6]);
  });

  it('lists one slot per inspector when names are shown, preferred first by rank, then by time', () => {
    const slots = findSlots(input({ inspectors: people }));
    expect(slots).toHaveLength(18);
    expect(slots.slice(0, 6).every((s) => s.preferred === 1)).toBe(true);
    expect(slots.slice(6, 12).every((s) => s.preferred === 2)).toBe(true);
    expect(slots.slice(12).every((s) => s.preferred === undefined)).toBe(true);
    expect(starts(slots.slice(12))).toEqual([...starts(slots.slice(12))].sort());
  });

  it('sorts by day first, and offers at most `limit` slots a day, the best-ranked ones', () => {
    const slots = findSlots(
      input({ inspectors: people, request: request({ from: '2027-03-01', to: '2027-03-03', limit: 4 }) }),
    );
    expect(slots.map((s) => s.date)).toEqual([
      ...Array(4).fill('2027-03-01'),
      ...Array(4).fill('2027-03-02'),
      ...Array(4).fill('2027-03-03'),
    ]);
    expect(slots.slice(0, 4).every((s) => s.preferred === 1)).toBe(true);
    expect(findSlots(input({ inspectors: people, request: request({ limit: 0 }) }))).toHaveLength(18);
  });

  it('gives a slot the same id on every request, whatever its window and limit', () => {
    const idsByStart = (slots: Array<{ id: string; timestamp: number; users: number[] }>) =>
      new Map(slots.map((s) => [`${s.timestamp}:${s.users.join('-')}`, s.id]));
    const wide = idsByStart(
      findSlots(input({ inspectors: people, request: request({ from: '2027-03-01', to: '2027-03-05', limit: 0 }) })),
    );
    const narrow = findSlots(
      input({ inspectors: people, request: request({ from: '2027-03-03', to: '2027-03-04', limit: 2 }) }),
    );
    const single = findSlots(
      input({ inspectors: people, request: request({ from: '2027-03-04', to: '2027-03-04', limit: 5 }) }),
    );
    expect(narrow).toHaveLength(4);
    expect(single).toHaveLength(5);
    for (const slot of [...narrow, ...single])
      expect(slot.id).toBe(wide.get(`${slot.timestamp}:${slot.users.join('-')}`));
    // Ids tell slots apart: no two slots of one answer share one.
    expect(new Set(wide.values()).size).toBe(wide.size);
  });
});

describe('how long an answer holds', () => {
  it('holds until the earliest slot falls inside the minimum notice', () => {
    const now = est('2027-03-01T06:00');
    const request_ = request({ from: '2027-03-01', to: '2027-03-02' });
    const withNotice = input({
      office: office({ minimum_notice_hours: 2 }),
      now,
      request: request_,
      rules: { allowToday: true, restrictInspectorZip: false, limitZipByDay: false, groupSlots: false },
    });
    const slots = findSlots(withNotice);
    expect(starts(slots)[0]).toBe('2027-03-01 09:00:00');
    expect(slotsUnchangedUntil(withNotice, slots)).toBe(est('2027-03-01T07:00'));
    // One millisecond later the 9:00 start is inside the notice and gone.
    const later = findSlots({ ...withNotice, now: est('2027-03-01T07:00') + 1 });
    expect(starts(later)[0]).toBe('2027-03-01 10:00:00');
  });

  it('holds until the office day ends when no slot is nearer', () => {
    const now = est('2027-03-01T06:00');
    const late = input({ now, request: request({ from: '2027-03-05', to: '2027-03-05' }) });
    expect(slotsUnchangedUntil(late, findSlots(late))).toBe(est('2027-03-02T00:00'));
  });

  it("holds until the office's next day begins where the clocks skip its midnight (Santiago, 6 September 2026)", () => {
    // Chile goes from 00:00 to 01:00 that night: the day begins at 01:00, 04:00 UTC.
    const chile = { ...office(), time_zone: 'America/Santiago' };
    expect(slotsUnchangedUntil({ office: chile, now: Date.parse('2026-09-05T15:00:00Z') }, [])).toBe(
      Date.parse('2026-09-06T04:00:00Z'),
    );
  });
});

describe("time off from the inspector's own calendar (decision 0089)", () => {
  it('blocks every slot it overlaps, even around an inspection inside it', () => {
    // A whole-morning event from 08:00 to 13:00 with a booked inspection 09:00-10:00 inside it:
    // the inspection starts last before 11:00 but ends first; the event still holds 11:00 and 12:00.
    const busy = [
      { inspectorId: 1, start: est('2027-03-01T08:00'), end: est('2027-03-01T13:00'), location: null, timeOff: true },
      { inspectorId: 1, start: est('2027-03-01T09:00'), end: est('2027-03-01T10:00'), location: null },
    ];
    expect(starts(findSlots(input({ busy })))).toEqual(['2027-03-01 14:00:00']);
    // The same as an inspection of its own would be: without the flag, the later-starting one was taken as the last to end.
    expect(starts(findSlots(input({ busy: [busy[0]!] })))).toEqual(['2027-03-01 14:00:00']);
  });

  it("does not count toward the inspector's inspections per day", () => {
    const one = inspector(1, { max_inspections_per_day: 1 });
    const event = { inspectorId: 1, start: est('2027-03-01T07:00'), end: est('2027-03-01T08:00'), location: null };
    expect(starts(findSlots(input({ inspectors: [one], busy: [{ ...event, timeOff: true }] })))).toHaveLength(6);
    // As an inspection, it uses the day's one.
    expect(findSlots(input({ inspectors: [one], busy: [event] }))).toEqual([]);
  });
});

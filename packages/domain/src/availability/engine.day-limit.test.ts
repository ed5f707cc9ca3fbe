/**
 * A day's `limit` (spec 2.5: the day's best N) since decision 0103: the engine searches a day a
 * window of start times at a time and stops once no later start can beat the N it keeps. These
 * tests hold it to the full computation: every slot of the day, sorted, then its first N.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import type { Inspector } from '@scheduler/contracts/company-document';
import { WEEKDAYS } from '@scheduler/contracts/company-document';
import { findSlots, seededRandom, TimeOffByInspector, type AvailabilityInput, type BusyInterval } from './engine.ts';
import { addDays, timeOfMinutes, ZonedCalendar } from './zoned-calendar.ts';
import { COLUMBUS, input, inspector, office, request, minuteOfDay, SERVICE } from './test-fixtures.ts';

const calendar = new ZonedCalendar('America/New_York');
const MINUTE = 60_000;

/** A weekday's hours: none, the usual day, or up to two intervals anywhere on a 15-minute grid (the small hours included). */
type Hours = Array<{ start: string; end: string }>;

const dayHours = fc.oneof(
  fc.constant<Hours>([]),
  fc.constant<Hours>([{ start: '08:00', end: '18:00' }]),
  fc
    .uniqueArray(fc.integer({ min: 0, max: 95 }), { minLength: 2, maxLength: 4 })
    .map((marks) => [...marks].sort((a, b) => a - b))
    .map((marks) =>
      [0, 2]
        .filter((i) => i + 1 < marks.length)
        .map((i) => ({ start: timeOfMinutes(marks[i]! * 15), end: timeOfMinutes(marks[i + 1]! * 15) })),
    ),
);

const weeklyHours = fc
  .tuple(...WEEKDAYS.map(() => dayHours))
  .map((days) => Object.fromEntries(WEEKDAYS.map((day, i) => [day, days[i]])) as Inspector['weekly_hours']);

const SERVICES = [SERVICE.home, SERVICE.radon, SERVICE.sewer];

/** An inspector: hours, a rank or none, all services or some (teams then form), a daily cap, perhaps a dated override. */
const person = fc.record({
  hours: weeklyHours,
  rank: fc.constantFrom(null, null, 1, 2, 3),
  services: fc.oneof(fc.constant(SERVICES), fc.subarray(SERVICES, { minLength: 1 })),
  maxPerDay: fc.integer({ min: 1, max: 5 }),
  override: fc.option(fc.record({ day: fc.integer({ min: 0, max: 13 }), hours: dayHours }), { nil: null }),
});

/** Two weeks around each change of New York's clocks in 2027 (spring forward 14 March, fall back 7 November). */
const windows = [
  { from: '2027-03-08', to: '2027-03-21' },
  { from: '2027-11-01', to: '2027-11-14' },
];

const EAST = { latitude: COLUMBUS.latitude, longitude: COLUMBUS.longitude + 0.3 };

/** An inspection or hold (some with a place, so drives count), or an event of the inspector's own calendar. */
const commitmentFor = fc.record({
  // 7 is no inspector of the company: a row that is not its own must change nothing.
  inspectorId: fc.constantFrom(1, 2, 3, 4, 5, 6, 7),
  day: fc.integer({ min: -1, max: 14 }),
  minute: minuteOfDay,
  minutes: fc.oneof(
    fc.integer({ min: 1, max: 16 }).map((quarters) => quarters * 15),
    fc.integer({ min: 1, max: 600 }),
  ),
  place: fc.constantFrom(null, COLUMBUS, EAST),
  timeOff: fc.boolean(),
});

/** Appointments and holds of one inspector never overlap (the database's exclusion constraint). */
function withoutOverlaps(busy: BusyInterval[]): BusyInterval[] {
  const kept: BusyInterval[] = [];
  for (const interval of busy)
    if (
      interval.timeOff ||
      !kept.some(
        (k) => !k.timeOff && k.inspectorId === interval.inspectorId && k.start < interval.end && interval.start < k.end,
      )
    )
      kept.push(interval);
  return kept;
}

/** The full computation's answer with a limit: every slot of each day (they come day by day, each day sorted), its first N. */
function firstOfEachDay(all: readonly AppointmentSlot[], limit: number): AppointmentSlot[] {
  const byDate = new Map<string, AppointmentSlot[]>();
  for (const slot of all) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  return [...byDate.values()].flatMap((day) => day.slice(0, limit));
}

/** How many slots each day has, of the days that have any. */
function perDay(all: readonly AppointmentSlot[]): number[] {
  const counts = new Map<string, number>();
  for (const slot of all) counts.set(slot.date, (counts.get(slot.date) ?? 0) + 1);
  return [...counts.values()];
}

describe("a day's limit against the full computation (decision 0103)", () => {
  it("keeps exactly each day's first N of all its slots, for any N, at the day's count and one less", () => {
    fc.assert(
      fc.property(
        fc.array(person, { minLength: 1, maxLength: 6 }),
        fc.array(commitmentFor, { maxLength: 40 }),
        fc.constantFrom(...windows),
        fc.record({
          duration: fc.oneof(fc.constantFrom(60, 180), fc.integer({ min: 15, max: 600 })),
          granularity: fc.constantFrom(15, 30, 60),
          // Fixed start times in order, and out of order (searched whole, as before).
          fixed: fc.oneof(
            fc.constant([] as string[]),
            fc.constant(['08:00', '09:30', '13:00', '16:00']),
            fc.constant(['13:00', '08:00', '16:00', '09:30']),
          ),
          buffer: fc.oneof(fc.constantFrom(0, 15, 30, 60), fc.integer({ min: 0, max: 90 })),
          notice: fc.constantFrom(0, 12, 48),
        }),
        fc.record({
          groupSlots: fc.boolean(),
          // Some days before the window, or well inside it (today allowed or not), so the notice cuts a day.
          nowDay: fc.integer({ min: -3, max: 5 }),
          nowMinute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
          allowToday: fc.boolean(),
          services: fc.oneof(fc.constant([SERVICE.home]), fc.constant(SERVICES), fc.constant([] as string[])),
          located: fc.boolean(),
          team: fc.constantFrom(null, [1], [1, 2]),
          prepared: fc.boolean(),
        }),
        fc.integer({ min: 1, max: 40 }),
        (people, raw, window, scheduling, ask, anyLimit) => {
          const dayStart = (day: number) => calendar.toInstant(addDays(window.from, day), 0)!;
          const inspectors = people.map((p, i) =>
            inspector(i + 1, {
              weekly_hours: p.hours,
              preferred_rank: p.rank,
              services: p.services,
              max_inspections_per_day: p.maxPerDay,
              overrides: p.override
                ? [{ date: addDays(window.from, p.override.day), intervals: [...p.override.hours], note: '' }]
                : [],
            }),
          );
          const commitments = withoutOverlaps(
            raw.map((c) => {
              const start = dayStart(c.day) + c.minute * MINUTE;
              return {
                inspectorId: c.inspectorId,
                start,
                end: start + c.minutes * MINUTE,
                location: c.place,
                ...(c.timeOff ? { timeOff: true } : {}),
              };
            }),
          ).sort((a, b) => a.start - b.start);
          const search = (limit: number): AppointmentSlot[] => {
            const base: AvailabilityInput = {
              office: office({
                slot_granularity_minutes: scheduling.granularity,
                fixed_start_times: [...scheduling.fixed],
                buffer_minutes: scheduling.buffer,
                minimum_notice_hours: scheduling.notice,
              }),
              inspectors,
              // The store's way too: time off merged beforehand, the appointments and holds passed.
              busy: ask.prepared ? commitments.filter((c) => !c.timeOff) : commitments,
              ...(ask.prepared ? { timeOff: new TimeOffByInspector(commitments) } : {}),
              request: request({
                ...window,
                durationMinutes: scheduling.duration,
                serviceIds: ask.services,
                location: ask.located ? COLUMBUS : null,
                requestedInspectorIds: ask.team ?? [],
                limit,
              }),
              rules: {
                allowToday: ask.allowToday,
                restrictInspectorZip: false,
                limitZipByDay: false,
                groupSlots: ask.groupSlots,
              },
              now: dayStart(ask.nowDay) + ask.nowMinute * MINUTE,
              random: seededRandom(7),
            };
            return findSlots(base);
          };
          const all = search(0);
          const counts = perDay(all);
          // Any N; 1; and at each day's count of slots and one less (the bound: stopping exactly
          // when the last wanted slot is found, and one slot before it).
          const limits = new Set([anyLimit, 1, ...counts, ...counts.map((count) => count - 1)].filter((n) => n > 0));
          for (const limit of limits) expect(search(limit)).toEqual(firstOfEachDay(all, limit));
        },
      ),
      { numRuns: 200, seed: 20261130 },
    );
  }, 120_000);
});

describe("a day's limit at its bounds (decision 0103)", () => {
  // Monday 1 March 2027, hour-long slots on the hour, 09:00 to 17:00.
  const day = (changes: Partial<AvailabilityInput['request']>, inspectors: Inspector[], groupSlots = false) =>
    findSlots(
      input({
        inspectors,
        request: request({ durationMinutes: 60, ...changes }),
        rules: { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots },
      }),
    ).map((slot) => `${slot.start} ${slot.users.join('-')}`);

  it('keeps a preferred inspector free only late in the day ahead of the early slots of the others', () => {
    const late = inspector(2, {
      preferred_rank: 1,
      weekly_hours: Object.fromEntries(
        WEEKDAYS.map((weekday) => [weekday, [{ start: '16:00', end: '17:00' }]]),
      ) as Inspector['weekly_hours'],
    });
    expect(day({ limit: 1 }, [inspector(1), late])).toEqual(['4:00 PM 2']);
    expect(day({ limit: 2 }, [inspector(1), late])).toEqual(['4:00 PM 2', '9:00 AM 1']);
  });

  it('orders the inspectors free at the last kept time by their slot ids, as the full sort does', () => {
    // Inspectors 10 and 9 free at 09:00: "…~10" sorts before "…~9".
    expect(day({ limit: 1 }, [inspector(9), inspector(10)])).toEqual(['9:00 AM 10']);
    expect(day({ limit: 3 }, [inspector(9), inspector(10)])).toEqual(['9:00 AM 10', '9:00 AM 9', '10:00 AM 10']);
  });

  it('keeps the N earliest of a day that has exactly N, N + 1 and N - 1 times', () => {
    // Eight hour-long starts, 09:00 to 16:00, names hidden: one slot a start.
    const starts = (limit: number) => day({ limit }, [inspector(1)], true).length;
    expect([starts(7), starts(8), starts(9)]).toEqual([7, 8, 8]);
  });
});

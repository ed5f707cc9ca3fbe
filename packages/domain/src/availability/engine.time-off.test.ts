/**
 * Time off from the inspectors' own calendars (decision 0089) as the engine checks it since
 * decision 0095: merged per inspector and walked with a cursor. These tests hold it to the plain
 * rule, every event checked against every slot, over random calendars, and at its bounds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import type { Inspector } from '@scheduler/contracts/company-document';
import { WEEKDAYS } from '@scheduler/contracts/company-document';
import { findSlots, seededRandom, TimeOffByInspector, type BusyInterval } from './engine.ts';
import { addDays, timeOfMinutes, ZonedCalendar } from './zoned-calendar.ts';
import { COLUMBUS, est, input, inspector, office, request, minuteOfDay, SERVICE } from './test-fixtures.ts';

const calendar = new ZonedCalendar('America/New_York');
const MINUTE = 60_000;

/** A weekday's hours: one interval on a 15-minute grid, or none. */
const dayHours = fc
  .option(
    fc
      .tuple(fc.integer({ min: 0, max: 94 }), fc.integer({ min: 1, max: 40 }))
      .map(([from, length]) => [
        { start: timeOfMinutes(from * 15), end: timeOfMinutes(Math.min(95, from + length) * 15) },
      ]),
    { nil: [] as Array<{ start: string; end: string }>, freq: 6 },
  )
  .map((intervals) => intervals.filter((interval) => interval.start < interval.end));

const weeklyHours = fc
  .tuple(...WEEKDAYS.map(() => fc.oneof(fc.constant([{ start: '08:00', end: '18:00' }]), dayHours)))
  .map((days) => Object.fromEntries(WEEKDAYS.map((day, i) => [day, days[i]])) as Inspector['weekly_hours']);

/**
 * Two weeks around a change of the clocks in New York (spring forward on 14 March 2027, fall back
 * on 7 November 2027), and the events of a calendar around them: from a day before the window to
 * a day after it, any minute, any length up to two days; some all-day (local midnight to midnight).
 */
const windows = [
  { from: '2027-03-08', to: '2027-03-21' },
  { from: '2027-11-01', to: '2027-11-14' },
];

const eventFor = (ids: number[]) =>
  fc.record({
    inspectorId: fc.constantFrom(...ids),
    day: fc.integer({ min: -2, max: 15 }),
    // Often on the slots' grid, where an event's end meets a slot's start exactly.
    minute: minuteOfDay,
    minutes: fc.oneof(
      fc.integer({ min: 1, max: 16 }).map((quarters) => quarters * 15),
      fc.integer({ min: 1, max: 240 }),
      fc.integer({ min: 1, max: 2 * 24 * 60 }),
    ),
    // 0: a timed event; 1 or 2: an all-day event of that many days.
    allDay: fc.constantFrom(0, 0, 0, 0, 1, 2),
  });

/** An inspection or hold on the grid; the appointments of one inspector never overlap. */
const appointmentFor = (ids: number[]) =>
  fc.record({
    inspectorId: fc.constantFrom(...ids),
    day: fc.integer({ min: -1, max: 14 }),
    quarter: fc.integer({ min: 0, max: 90 }),
    quarters: fc.integer({ min: 1, max: 16 }),
  });

function withoutOverlaps(busy: BusyInterval[]): BusyInterval[] {
  const kept: BusyInterval[] = [];
  for (const interval of busy)
    if (!kept.some((k) => k.inspectorId === interval.inspectorId && k.start < interval.end && interval.start < k.end))
      kept.push(interval);
  return kept;
}

/** The plain rule: an event blocks a slot of its inspector that it overlaps, the office's buffer kept on both sides. */
function blockedBy(events: readonly BusyInterval[], inspectorId: number, start: number, end: number, bufferMs: number) {
  return events.some((e) => e.inspectorId === inspectorId && e.start < end + bufferMs && start < e.end + bufferMs);
}

const members = (slot: AppointmentSlot) => slot.group ?? [slot];

describe('time off against the plain rule (decision 0095)', () => {
  it('offers exactly the slots that the appointments leave and no event of the inspector overlaps, buffer kept', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ hours: weeklyHours, rank: fc.constantFrom(null, 1, 2) }), { minLength: 1, maxLength: 4 }),
        fc.array(appointmentFor([1, 2, 3, 4]), { maxLength: 20 }),
        fc.array(eventFor([1, 2, 3, 4]), { minLength: 5, maxLength: 50 }),
        fc.constantFrom(...windows),
        fc.integer({ min: 15, max: 300 }),
        fc.constantFrom(15, 30, 60),
        fc.oneof(fc.constantFrom(0, 15, 30, 60), fc.integer({ min: 0, max: 60 })),
        fc.boolean(),
        (people, rawAppointments, rawEvents, window, duration, granularity, buffer, shuffled) => {
          const inspectors = people.map((person, i) =>
            inspector(i + 1, { weekly_hours: person.hours, preferred_rank: person.rank, max_inspections_per_day: 3 }),
          );
          const dayStart = (day: number) => calendar.toInstant(addDays(window.from, day), 0)!;
          const appointments = withoutOverlaps(
            rawAppointments
              .filter((a) => a.inspectorId <= inspectors.length)
              .map((a) => {
                const start = dayStart(a.day) + a.quarter * 15 * MINUTE;
                return { inspectorId: a.inspectorId, start, end: start + a.quarters * 15 * MINUTE, location: null };
              }),
          ).sort((a, b) => a.start - b.start);
          const events: BusyInterval[] = rawEvents
            .filter((e) => e.inspectorId <= inspectors.length)
            .map((e) => {
              // An all-day event runs from local midnight to local midnight, 23 or 25 hours on the days the clocks change.
              const start = e.allDay ? dayStart(e.day) : dayStart(e.day) + e.minute * MINUTE;
              const end = e.allDay ? dayStart(e.day + e.allDay) : start + e.minutes * MINUTE;
              return { inspectorId: e.inspectorId, start, end, location: null, timeOff: true };
            });
          const ordered = [...appointments, ...events].sort((a, b) => a.start - b.start);
          // The server hands them over in order of start; any order must give the same answer.
          const busy = shuffled ? [...ordered].reverse() : ordered;
          const search = (commitments: readonly BusyInterval[], groupSlots: boolean, timeOff?: TimeOffByInspector) =>
            findSlots({
              office: office({ slot_granularity_minutes: granularity, buffer_minutes: buffer }),
              inspectors,
              busy: commitments,
              ...(timeOff ? { timeOff } : {}),
              request: request({ ...window, durationMinutes: duration, serviceIds: [SERVICE.home] }),
              rules: { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots },
              now: est('2027-02-01T00:00'),
              random: seededRandom(3),
            });
          const free = (slot: AppointmentSlot) =>
            !blockedBy(
              events,
              slot.users[0]!,
              slot.timestamp * 1000,
              slot.timestamp * 1000 + duration * MINUTE,
              buffer * MINUTE,
            );
          // Every inspector performs the service alone, so each slot is one inspector's.
          const reference = search(appointments, false).filter(free);
          expect(search(busy, false)).toEqual(reference);
          // The same with the events merged beforehand, as the server's cached weeks keep them,
          // some of them still among the request's commitments.
          const half = Math.floor(events.length / 2);
          expect(
            search([...appointments, ...events.slice(half)], false, new TimeOffByInspector(events.slice(0, half))),
          ).toEqual(reference);
          // The same with the events kept per week and merged for the request, as the server's
          // store does (decision 0105): each event in every week (of three days here) it touches.
          const WEEK = 3 * 24 * 60 * MINUTE;
          const weekOf = (instant: number) => Math.floor(instant / WEEK);
          const weeks = new Map<number, BusyInterval[]>();
          for (const event of events)
            for (let week = weekOf(event.start); week <= weekOf(event.end - 1); week++)
              weeks.set(week, [...(weeks.get(week) ?? []), event]);
          const perWeek = [...weeks.entries()]
            .sort(([a], [b]) => a - b)
            .map(([, list]) => new TimeOffByInspector(list));
          expect(search(appointments, false, TimeOffByInspector.merged(perWeek))).toEqual(reference);
          // Names hidden: at each start, the best four free inspectors of the plain rule, in the engine's order.
          const grouped = search(busy, true);
          const byStart = new Map<string, number[]>();
          for (const slot of reference)
            byStart.set(slot.start_datetime, [...(byStart.get(slot.start_datetime) ?? []), slot.users[0]!]);
          expect(grouped.map((slot) => slot.start_datetime).sort()).toEqual([...byStart.keys()].sort());
          for (const slot of grouped) {
            const ids = members(slot).map((member) => member.users[0]!);
            expect(ids.length).toBe(Math.min(4, byStart.get(slot.start_datetime)!.length));
            for (const id of ids) expect(byStart.get(slot.start_datetime)).toContain(id);
          }
        },
      ),
      { numRuns: 100, seed: 20261130 },
    );
  });
});

describe('time off at its bounds (decision 0095)', () => {
  // One inspector 09:00-17:00, hour-long slots on the hour, on Monday 1 March 2027.
  const startsWith = (events: Array<[string, string]>, buffer = 0) =>
    findSlots(
      input({
        office: office({ buffer_minutes: buffer }),
        busy: events.map(([from, to]) => ({
          inspectorId: 1,
          start: est(`2027-03-01T${from}`),
          end: est(`2027-03-01T${to}`),
          location: null,
          timeOff: true,
        })),
        request: request({ durationMinutes: 60 }),
      }),
    ).map((slot) => slot.start);

  it('does not block a slot when it ends exactly at its start or starts exactly at its end', () => {
    expect(startsWith([['09:00', '10:00']])).toContain('10:00 AM');
    expect(startsWith([['11:00', '12:00']])).toContain('10:00 AM');
    expect(
      startsWith([
        ['09:00', '10:00'],
        ['11:00', '12:00'],
      ]),
    ).toEqual(['10:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
  });

  it('blocks a slot it overlaps by one minute at either end', () => {
    expect(startsWith([['09:00', '10:01']])).not.toContain('10:00 AM');
    expect(startsWith([['10:59', '12:00']])).not.toContain('10:00 AM');
  });

  it("keeps the office's buffer on both sides: a minute inside it blocks, its edge does not", () => {
    expect(startsWith([['09:00', '09:30']], 30)).toContain('10:00 AM');
    expect(startsWith([['09:00', '09:31']], 30)).not.toContain('10:00 AM');
    expect(startsWith([['11:30', '12:00']], 30)).toContain('10:00 AM');
    expect(startsWith([['11:29', '12:00']], 30)).not.toContain('10:00 AM');
  });

  it('blocks as the union of touching and overlapping events does', () => {
    // 09:00-10:00 and 10:00-11:30 touch; 10:30-12:15 overlaps the second: one block to 12:15.
    expect(
      startsWith([
        ['10:30', '12:15'],
        ['09:00', '10:00'],
        ['10:00', '11:30'],
      ]),
    ).toEqual(['1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
  });

  it("does not hide an inspection's drive behind an event that ends with it", () => {
    // An inspection 25 miles east until 09:00 (about an hour's drive back), and an event of the
    // inspector's own calendar 08:30-09:00. The drive, not the event's 30-minute buffer, decides: 10:00 is too soon.
    const far = { latitude: COLUMBUS.latitude, longitude: COLUMBUS.longitude + 0.47 };
    const slots = findSlots(
      input({
        busy: [
          { inspectorId: 1, start: est('2027-03-01T07:00'), end: est('2027-03-01T09:00'), location: far },
          {
            inspectorId: 1,
            start: est('2027-03-01T08:30'),
            end: est('2027-03-01T09:00'),
            location: null,
            timeOff: true,
          },
        ],
        request: request({ durationMinutes: 60, location: COLUMBUS }),
      }),
    );
    expect(slots[0]!.start).toBe('11:00 AM');
  });
});

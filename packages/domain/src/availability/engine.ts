/**
 * The availability engine: which appointment slots an office can offer. Pure: plain data in,
 * plain data out; the clock (`now`) and randomness (`random`) are passed in.
 */
import type { Inspector, Office } from '@scheduler/contracts/company-document';
import type { AppointmentSlot, AppointmentSlotBase } from '@scheduler/contracts/scheduling';
import { compareSlots } from './slot-order.ts';
import { straightLineEstimator, type DriveTimeEstimator, type LatLng } from './geo.ts';
import { addDays, dayNumberOf, minutesOfTime, timeOfMinutes, weekdayOf, ZonedCalendar } from './zoned-calendar.ts';
import { WEEKDAYS } from '@scheduler/contracts/company-document';
import { servesPostalCode, servesPostalCodeOn, withinDrivingRadius } from './service-area.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Alternates kept in a group: enough to spread the work, not every inspector of a large office. */
const MAX_GROUP_SIZE = 4;
/** Teams larger than this are not searched: no real inspection needs more people. */
const MAX_TEAM_SIZE = 3;
/** Wall-clock minutes in a day; a start is at most this (a repeated fall-back hour still reads as one). */
const MINUTES_PER_DAY = 24 * 60;

/** Time an inspector is already committed: an appointment, or another session's hold. */
export interface BusyInterval {
  inspectorId: number;
  /** UTC ms, half-open [start, end). */
  start: number;
  end: number;
  /** Where it takes place, when known; drives the travel-time check. */
  location: LatLng | null;
  /**
   * Busy time that is no inspection (an event of the inspector's own calendar, decision 0089):
   * it blocks its time but does not count toward the inspector's inspections per day, and it has
   * no place (its `location` is not read): the office's buffer is its gap on both sides. Time off
   * may overlap anything; appointments and holds never overlap each other (decision 0095).
   */
  timeOff?: boolean;
}

export interface AvailabilityRules {
  allowToday: boolean;
  restrictInspectorZip: boolean;
  limitZipByDay: boolean;
  /** Inspector names hidden: slots of equal date and start are grouped (spec 4.5). */
  groupSlots: boolean;
}

export interface AvailabilityRequest {
  /** Office-local dates, inclusive. */
  from: string;
  to: string;
  durationMinutes: number;
  postalCode: string | null;
  /** The property's location, when known (address or postal-code centroid). */
  location: LatLng | null;
  /** When given, only slots this exact team can perform. */
  requestedInspectorIds: readonly number[];
  serviceIds: readonly string[];
  /** The most slots offered on one day, best first; 0 means no limit. */
  limit: number;
}

export interface AvailabilityInput {
  office: Pick<Office, 'time_zone' | 'scheduling'>;
  inspectors: readonly Inspector[];
  busy: readonly BusyInterval[];
  request: AvailabilityRequest;
  rules: AvailabilityRules;
  now: number;
  /** A seeded source of numbers in [0, 1), to spread equal choices across inspectors. */
  random: () => number;
  /** Defaults to the office's straight-line estimate. */
  driveTimes?: DriveTimeEstimator;
  /** Time off prepared once for many requests; it adds to any time off in `busy` (decision 0095). */
  timeOff?: TimeOffByInspector;
}

/** A working interval in minutes after midnight, with its candidate start times. */
interface WorkingInterval {
  from: number;
  to: number;
  starts: number[];
  /** The starts strictly ascend (always, unless the office lists fixed start times out of order or twice). */
  ascending: boolean;
}

interface WorkingMinutes {
  /** By weekday, 0 = Sunday. */
  weekly: WorkingInterval[][];
  /** Dated overrides replace the weekday. */
  overrides: Map<string, WorkingInterval[]>;
}

interface Candidate {
  date: string;
  startMinutes: number;
  start: number;
  end: number;
}

/**
 * An inspector's appointments and other sessions' holds, sorted by start, as parallel arrays: the
 * engine walks them with a cursor while it walks the day's start times, so checking a start costs
 * a comparison or two. They never overlap (the database's exclusion constraint), so the one that
 * starts last before a slot is the one that ends last.
 */
class Commitments {
  readonly starts: number[];
  readonly ends: number[];
  readonly locations: Array<LatLng | null>;
  constructor(intervals: BusyInterval[]) {
    // The server loads commitments ordered by start; sorting is only needed when they are not.
    if (!isSortedByStart(intervals)) intervals.sort((a, b) => a.start - b.start);
    this.starts = intervals.map((i) => i.start);
    this.ends = intervals.map((i) => i.end);
    this.locations = intervals.map((i) => i.location);
  }

  /** Index of the first commitment that starts at or after `time`. */
  firstStartingFrom(time: number): number {
    return firstAtOrAfter(this.starts, time);
  }

  /** The commitments that start in [from, to). */
  countBetween(from: number, to: number): number {
    return this.firstStartingFrom(to) - this.firstStartingFrom(from);
  }
}

/**
 * An inspector's busy time from their own calendar (decision 0089), merged: sorted by start, with
 * overlapping and touching events joined into one interval. Time off has no place, so the office
 * buffer is its gap on both sides, and a start is blocked by the union of the events exactly when
 * it is blocked by one of them. The merged intervals are disjoint, so their ends are in order too:
 * the first one that ends after the start (less the buffer) is the only one that can block it,
 * found with a cursor that only moves forward.
 */
class TimeOff {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  /** False once an event came before the one added last: then `finish` sorts and merges again. */
  private inOrder = true;

  /** Adds one event, joined with the last interval when it overlaps or touches it. */
  add(start: number, end: number): void {
    const last = this.starts.length - 1;
    if (last >= 0 && start < this.starts[last]!) this.inOrder = false;
    if (this.inOrder && last >= 0 && start <= this.ends[last]!) {
      if (end > this.ends[last]!) this.ends[last] = end;
    } else {
      this.starts.push(start);
      this.ends.push(end);
    }
  }

  /** Sorts and merges the intervals when they were not added in order of start (the server adds them in order). */
  finish(): this {
    if (this.inOrder) return this;
    const order = this.starts.map((_, index) => index).sort((a, b) => this.starts[a]! - this.starts[b]!);
    const starts = order.map((index) => this.starts[index]!);
    const ends = order.map((index) => this.ends[index]!);
    this.starts.length = 0;
    this.ends.length = 0;
    this.inOrder = true;
    starts.forEach((start, index) => this.add(start, ends[index]!));
    return this;
  }

  /** A new set of intervals: these and another's, merged. */
  with(other: TimeOff): TimeOff {
    const both = new TimeOff();
    for (const timeOff of [this, other])
      timeOff.starts.forEach((start, index) => both.add(start, timeOff.ends[index]!));
    return both.finish();
  }

  /** Index of the first interval that ends after `time`. */
  firstEndingAfter(time: number): number {
    let low = 0;
    let high = this.ends.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.ends[mid]! <= time) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/**
 * The inspectors' time off, merged per inspector once for many requests: the server keeps it with
 * its cached weeks of commitments, so a request does not group and merge thousands of events again.
 */
export class TimeOffByInspector {
  private readonly byInspector = new Map<number, TimeOff>();
  /** Takes the intervals marked `timeOff`; others are left out. */
  constructor(busy: readonly BusyInterval[]) {
    for (const interval of busy) {
      if (!interval.timeOff) continue;
      let timeOff = this.byInspector.get(interval.inspectorId);
      if (!timeOff) this.byInspector.set(interval.inspectorId, (timeOff = new TimeOff()));
      timeOff.add(interval.start, interval.end);
    }
    for (const timeOff of this.byInspector.values()) timeOff.finish();
  }

  /**
   * The time off of several, merged per inspector: the server keeps it per week, and a request
   * spans a few weeks (an event across a week's edge is in both, and merges into one interval).
   */
  static merged(parts: readonly TimeOffByInspector[]): TimeOffByInspector {
    if (parts.length === 1) return parts[0]!;
    const merged = new TimeOffByInspector([]);
    for (const part of parts)
      for (const [inspectorId, timeOff] of part.byInspector) {
        const earlier = merged.byInspector.get(inspectorId);
        merged.byInspector.set(inspectorId, earlier ? earlier.with(timeOff) : timeOff);
      }
    return merged;
  }

  of(inspectorId: number): TimeOff | undefined {
    return this.byInspector.get(inspectorId);
  }
}

/** Index of the first value at or after `time` in an ascending array. */
function firstAtOrAfter(values: readonly number[], time: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (values[mid]! < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

function isSortedByStart(intervals: readonly BusyInterval[]): boolean {
  for (let i = 1; i < intervals.length; i++) if (intervals[i - 1]!.start > intervals[i]!.start) return false;
  return true;
}

/** One eligible inspector, prepared once per request. */
interface InspectorPlan {
  inspector: Inspector;
  /** Performs every service of the request alone. */
  qualified: boolean;
  hours: WorkingMinutes;
  commitments: Commitments;
  timeOff: TimeOff;
}

/** The inspectors free at one start time of a day, in the order of the eligible list. */
interface FreeAtStart {
  start: number;
  /** Inspectors who could do the whole request alone. */
  singles: Inspector[];
  /** Everyone free, qualified alone or not: the pool for teams. */
  all: Inspector[];
}

/** Who is free at each start of one day: by minute after local midnight, and the minutes that have anyone. */
interface FreeAtDay {
  byMinute: Array<FreeAtStart | undefined>;
  minutes: number[];
}

/** An inspector who may work a given day (its postal codes, its inspections per day), with that day's hours. */
interface Worker {
  plan: InspectorPlan;
  intervals: readonly WorkingInterval[];
}

/** One bookable day: its date, its wall-time conversion and its workers in the plans' order. */
interface Day {
  date: string;
  instantOf: (minutesAfterMidnight: number) => number | null;
  workers: Worker[];
}

/** The first window of start times a day with a limit is searched in; each next window is twice as wide. */
const FIRST_WINDOW_MINUTES = 60;

/**
 * Where a day's candidate starts lie, the best rank any slot of the day can have, and whether
 * every worker's starts ascend (the windows need it).
 */
function spanOf(workers: readonly Worker[]): {
  earliest: number;
  latest: number;
  bestRank: number;
  ascending: boolean;
} {
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  let bestRank = Number.MAX_SAFE_INTEGER;
  let ascending = true;
  for (const { plan, intervals } of workers) {
    for (const { starts, ascending: inOrder } of intervals) {
      ascending &&= inOrder;
      if (!starts.length) continue;
      earliest = Math.min(earliest, starts[0]!);
      latest = Math.max(latest, starts[starts.length - 1]! + 1);
    }
    bestRank = Math.min(bestRank, plan.inspector.preferred_rank ?? Number.MAX_SAFE_INTEGER);
  }
  return { earliest, latest, bestRank, ascending };
}

/**
 * Working hours parsed into minutes, kept per inspector object: a server that reuses the same
 * company configuration for many requests parses each inspector's hours once.
 */
const parsedHours = new WeakMap<Inspector, { startRule: string; hours: WorkingMinutes }>();

/** "h:mm AM" for each minute of the day, built once: every slot of every request needs one. */
const DISPLAY_TIMES: readonly string[] = Array.from({ length: 24 * 60 }, (_, minutes) => {
  const hours = Math.floor(minutes / 60);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
});

/** The rank of a team: its best (lowest) preferred rank, if any member has one. */
function teamRank(team: readonly Inspector[]): number | undefined {
  const ranks = team.map((i) => i.preferred_rank).filter((rank): rank is number => rank !== null);
  return ranks.length ? Math.min(...ranks) : undefined;
}

function compareInspectors(a: Inspector, b: Inspector): number {
  return (a.preferred_rank ?? Number.MAX_SAFE_INTEGER) - (b.preferred_rank ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;
}

/** Does the team, together, perform every service? An empty cart needs nobody in particular. */
function covers(team: readonly Inspector[], services: readonly string[]): boolean {
  return services.every((service) => team.some((inspector) => inspector.services.includes(service)));
}

/**
 * The teams that can perform the services at one time, from the inspectors free then: every
 * inspector qualified for all of them alone; failing that, every smallest team that covers them.
 */
export function teamsFor(
  free: readonly Inspector[],
  services: readonly string[],
  maxTeams = Number.POSITIVE_INFINITY,
): Inspector[][] {
  const singles: Inspector[][] = [];
  for (const inspector of free) {
    if (singles.length >= maxTeams) break;
    if (covers([inspector], services)) singles.push([inspector]);
  }
  if (singles.length) return singles;
  const useful = free.filter((inspector) => services.some((service) => inspector.services.includes(service)));
  for (let size = 2; size <= Math.min(MAX_TEAM_SIZE, useful.length); size++) {
    const teams: Inspector[][] = [];
    const pick = (startAt: number, team: Inspector[]) => {
      if (team.length === size) {
        if (covers(team, services)) teams.push([...team]);
        return;
      }
      for (let i = startAt; i < useful.length; i++) pick(i + 1, [...team, useful[i]!]);
    };
    pick(0, []);
    if (teams.length)
      return teams
        .sort((a, b) => (teamRank(a) ?? Number.MAX_SAFE_INTEGER) - (teamRank(b) ?? Number.MAX_SAFE_INTEGER))
        .slice(0, maxTeams);
  }
  return [];
}

export class AvailabilityEngine {
  private readonly calendar: ZonedCalendar;
  private readonly driveTimes: DriveTimeEstimator;
  /**
   * The drive gaps asked so far, by the two places' objects: a day's candidate starts ask about
   * the same few pairs (a commitment's place and the property) again and again.
   */
  private readonly gaps = new Map<LatLng, Map<LatLng, number>>();
  private readonly fixedStarts: number[];
  private readonly bufferMs: number;
  /** Who is free at each minute of the day being searched; emptied after each day. */
  private readonly byMinute = new Array<FreeAtStart | undefined>(MINUTES_PER_DAY);

  constructor(private readonly input: AvailabilityInput) {
    this.calendar = ZonedCalendar.of(input.office.time_zone);
    const { road_factor, average_speed_mph } = input.office.scheduling;
    this.driveTimes = input.driveTimes ?? straightLineEstimator(road_factor, average_speed_mph);
    this.fixedStarts = input.office.scheduling.fixed_start_times.map(minutesOfTime);
    this.bufferMs = input.office.scheduling.buffer_minutes * MINUTE_MS;
  }

  /** Inspectors who could take this request at all: active, in range, serving the postal code. */
  private eligibleInspectors(): Inspector[] {
    const { request, rules } = this.input;
    const requested = new Set(request.requestedInspectorIds);
    return this.input.inspectors.filter((inspector) => {
      if (!inspector.active) return false;
      if (requested.size && !requested.has(inspector.id)) return false;
      return (
        servesPostalCode(inspector, request.postalCode, rules) &&
        withinDrivingRadius(inspector, request.location, this.driveTimes)
      );
    });
  }

  /** An inspector's hours in minutes after midnight, with the candidate start times of each interval. */
  private hoursOf(inspector: Inspector): WorkingMinutes {
    const { slot_granularity_minutes, fixed_start_times } = this.input.office.scheduling;
    const startRule = `${slot_granularity_minutes}|${fixed_start_times.join(',')}`;
    const cached = parsedHours.get(inspector);
    if (cached?.startRule === startRule) return cached.hours;
    const toMinutes = (intervals: ReadonlyArray<{ start: string; end: string }>) =>
      intervals.map((i) => {
        const from = minutesOfTime(i.start);
        const to = minutesOfTime(i.end);
        const starts = this.startsWithin(from, to);
        return { from, to, starts, ascending: starts.every((start, k) => k === 0 || starts[k - 1]! < start) };
      });
    const hours = {
      weekly: WEEKDAYS.map((day) => toMinutes(inspector.weekly_hours[day])),
      overrides: new Map(inspector.overrides.map((o) => [o.date, toMinutes(o.intervals)])),
    };
    parsedHours.set(inspector, { startRule, hours });
    return hours;
  }

  /** Candidate start times (minutes after midnight) of a working interval, before any check. */
  private startsWithin(from: number, to: number): number[] {
    const { slot_granularity_minutes } = this.input.office.scheduling;
    if (this.fixedStarts.length) return this.fixedStarts.filter((start) => start >= from && start < to);
    const starts: number[] = [];
    for (let start = from; start < to; start += slot_granularity_minutes) starts.push(start);
    return starts;
  }

  /** Time an inspector needs between two places: the drive when both are known, else the office buffer. */
  private gapMs(from: LatLng | null, to: LatLng | null): number {
    if (!from || !to) return this.bufferMs;
    let fromHere = this.gaps.get(from);
    if (!fromHere) this.gaps.set(from, (fromHere = new Map()));
    let gap = fromHere.get(to);
    if (gap === undefined) fromHere.set(to, (gap = this.driveTimes.minutes(from, to) * MINUTE_MS));
    return gap;
  }

  /** The first and last local dates that may be offered. */
  private bookableDates(): { first: string; last: string } {
    const { now, rules, office, request } = this.input;
    const today = this.calendar.localDateOf(now);
    const earliest = rules.allowToday ? today : addDays(today, 1);
    const latest = addDays(today, office.scheduling.booking_horizon_days);
    return {
      first: request.from > earliest ? request.from : earliest,
      last: request.to < latest ? request.to : latest,
    };
  }

  /** The eligible inspectors, best-ranked first, each with its hours and commitments. */
  private plans(first: string, last: string): InspectorPlan[] {
    const { request, busy } = this.input;
    // Equal ranks in a seeded random order, so that work spreads across inspectors while one
    // visitor sees a stable order. Every list built from the plans keeps this order.
    const tieBreak = new Map(this.input.inspectors.map((inspector) => [inspector.id, this.input.random()]));
    const eligible = this.eligibleInspectors().sort(
      (a, b) =>
        (a.preferred_rank ?? Number.MAX_SAFE_INTEGER) - (b.preferred_rank ?? Number.MAX_SAFE_INTEGER) ||
        tieBreak.get(a.id)! - tieBreak.get(b.id)!,
    );
    // One pass over the commitments, each to its inspector's appointments and holds, or merged
    // into their time off. Time off that can touch no slot is left out: a slot starts on a
    // bookable day and ends within its length after it, and the buffer is time off's gap.
    const dayOne = this.calendar.toInstant(first, 0);
    const dayAfterNext = this.calendar.toInstant(addDays(last, 2), 0);
    const offFrom = dayOne === null ? Number.NEGATIVE_INFINITY : dayOne - this.bufferMs;
    const offTo =
      dayAfterNext === null
        ? Number.POSITIVE_INFINITY
        : dayAfterNext + request.durationMinutes * MINUTE_MS + this.bufferMs;
    const groups = new Map(
      eligible.map((inspector) => [inspector.id, { commitments: [] as BusyInterval[], timeOff: new TimeOff() }]),
    );
    for (const interval of busy) {
      const group = groups.get(interval.inspectorId);
      if (!group) continue;
      if (interval.timeOff) {
        if (interval.end > offFrom && interval.start < offTo) group.timeOff.add(interval.start, interval.end);
      } else group.commitments.push(interval);
    }
    return eligible.map((inspector) => {
      const group = groups.get(inspector.id)!;
      return {
        inspector,
        qualified: covers([inspector], request.serviceIds),
        hours: this.hoursOf(inspector),
        commitments: new Commitments(group.commitments),
        timeOff: this.timeOffOf(inspector.id, group.timeOff.finish()),
      };
    });
  }

  /** An inspector's time off: that of the request's commitments, with the prepared one's. */
  private timeOffOf(inspectorId: number, own: TimeOff): TimeOff {
    const prepared = this.input.timeOff?.of(inspectorId);
    if (!prepared) return own;
    return own.starts.length ? prepared.with(own) : prepared;
  }

  /** Every slot of the request, sorted, grouped and limited as spec 4.5 says. */
  run(): AppointmentSlot[] {
    const { first, last } = this.bookableDates();
    const plans = this.plans(first, last);
    const slots: AppointmentSlot[] = [];
    for (let day = dayNumberOf(first); day <= dayNumberOf(last); day++) {
      const date = addDays('1970-01-01', day);
      slots.push(...this.keptSlotsOfDay(this.dayOf(date, plans)));
    }
    return slots;
  }

  /** A day's conversions and the inspectors who may work it, prepared once for all its start times. */
  private dayOf(date: string, plans: readonly InspectorPlan[]): Day {
    const { request, rules } = this.input;
    const dayStart = this.calendar.toInstant(date, 0);
    const dayEnd = this.calendar.toInstant(addDays(date, 1), 0);
    const weekday = weekdayOf(date);
    const workers: Worker[] = [];
    for (const plan of plans) {
      const { inspector, commitments, hours } = plan;
      if (!servesPostalCodeOn(inspector, request.postalCode, date, rules)) continue;
      if (
        dayStart !== null &&
        dayEnd !== null &&
        commitments.countBetween(dayStart, dayEnd) >= inspector.max_inspections_per_day
      )
        continue;
      workers.push({ plan, intervals: hours.overrides.get(date) ?? hours.weekly[weekday]! });
    }
    return { date, instantOf: this.calendar.wallTimesOn(date), workers };
  }

  /** The day's slots that the answer keeps, sorted (`searchDay`). */
  private keptSlotsOfDay(day: Day): AppointmentSlot[] {
    const freeAt: FreeAtDay = { byMinute: this.byMinute, minutes: [] };
    const slots = this.searchDay(day, freeAt);
    // The index serves all the request's days: emptied, not allocated again for each.
    for (const minutes of freeAt.minutes) freeAt.byMinute[minutes] = undefined;
    return slots;
  }

  /**
   * A day's slots, sorted: all of them, or with a `limit` its best N (spec 2.5 "limited to N
   * appointments"). With a limit, the day is searched a window of start times at a time, earliest
   * first, each window twice as wide as the last, and the search stops once no later start can
   * make a slot that sorts before the N kept (decision 0103): a big office's first hour often
   * fills them. Each window's slots join those kept, and only the best N stay.
   */
  private searchDay(day: Day, freeAt: FreeAtDay): AppointmentSlot[] {
    const { limit } = this.input.request;
    const { earliest, latest, bestRank, ascending } = spanOf(day.workers);
    // Start times listed out of order are searched whole, as before the windows: an interval's
    // walk stops at its first start whose slot would end past it.
    if (limit <= 0 || !ascending) {
      this.findFree(day, 0, Number.POSITIVE_INFINITY, freeAt);
      const all = this.slotsAt(day.date, freeAt, freeAt.minutes).sort(compareSlots);
      return limit > 0 ? all.slice(0, limit) : all;
    }
    let kept: AppointmentSlot[] = [];
    let width = FIRST_WINDOW_MINUTES;
    for (let from = earliest; from < latest; from += width, width *= 2) {
      const to = from + width;
      const known = freeAt.minutes.length;
      this.findFree(day, from, to, freeAt);
      kept = [...kept, ...this.slotsAt(day.date, freeAt, freeAt.minutes.slice(known))].sort(compareSlots);
      if (kept.length < limit) continue;
      kept.length = limit;
      // compareSlots sorts by rank, then time, then id. A later start's slot has a rank no better
      // than the day's best inspector's (a team's is its best member's), and a later time: wall
      // times convert to instants in order (a repeated one to its first). So once the last kept
      // slot has that best rank, nothing later sorts before it.
      if ((kept[limit - 1]!.preferred ?? Number.MAX_SAFE_INTEGER) <= bestRank) break;
    }
    return kept;
  }

  /**
   * Who is free for the whole duration at each start time of a day in [fromMinutes, toMinutes),
   * indexed by minutes after local midnight, added to `freeAt`.
   */
  private findFree(day: Day, fromMinutes: number, toMinutes: number, freeAt: FreeAtDay): void {
    const { request, now, office, rules } = this.input;
    const durationMs = request.durationMinutes * MINUTE_MS;
    const earliestStart = now + office.scheduling.minimum_notice_hours * HOUR_MS;
    // Grouped slots keep only the best few alternates, and the plans are best-first: once a
    // start has enough, later inspectors cannot change it. A requested team needs all its members.
    const enough =
      rules.groupSlots && request.requestedInspectorIds.length === 0 ? MAX_GROUP_SIZE : Number.POSITIVE_INFINITY;
    const location = request.location;
    const instantOf = day.instantOf;

    const bufferMs = this.bufferMs;
    for (const { plan, intervals } of day.workers) {
      const { inspector, qualified, commitments, timeOff } = plan;
      const { starts: busyStarts, ends: busyEnds, locations: busyLocations } = commitments;
      const { starts: offStarts, ends: offEnds } = timeOff;
      for (const interval of intervals) {
        const starts = interval.starts;
        let index = fromMinutes > 0 ? firstAtOrAfter(starts, fromMinutes) : 0;
        if (index >= starts.length || starts[index]! >= toMinutes) continue;
        const intervalEnd = instantOf(interval.to);
        if (intervalEnd === null) continue;
        // `next` is the first commitment starting at or after the candidate start; it only moves forward.
        let next = -1;
        // `off` is the first interval of time off that ends after the candidate start less the
        // buffer (the only one that can block it); it only moves forward too.
        let off = -1;
        for (; index < starts.length; index++) {
          const startMinutes = starts[index]!;
          if (startMinutes >= toMinutes) break;
          const entry = freeAt.byMinute[startMinutes];
          if (entry && entry.singles.length >= enough) continue;
          const start = instantOf(startMinutes);
          // A wall time the clocks skip over is no slot. The end is the start plus the real
          // duration, so a slot across a clock change keeps its length.
          if (start === null || start < earliestStart) continue;
          const end = start + durationMs;
          if (end > intervalEnd) break;
          if (offStarts.length) {
            if (off < 0) off = timeOff.firstEndingAfter(start - bufferMs);
            while (off < offEnds.length && offEnds[off]! + bufferMs <= start) off++;
            if (off < offStarts.length && offStarts[off]! < end + bufferMs) continue;
          }
          if (next < 0) next = commitments.firstStartingFrom(start);
          while (next < busyStarts.length && busyStarts[next]! < start) next++;
          const previous = next - 1;
          if (previous >= 0 && busyEnds[previous]! + this.gapMs(busyLocations[previous]!, location) > start) continue;
          if (next < busyStarts.length && end + this.gapMs(location, busyLocations[next]!) > busyStarts[next]!)
            continue;
          if (entry) {
            entry.all.push(inspector);
            if (qualified) entry.singles.push(inspector);
          } else {
            freeAt.byMinute[startMinutes] = { start, singles: qualified ? [inspector] : [], all: [inspector] };
            freeAt.minutes.push(startMinutes);
          }
        }
      }
    }
  }

  /** The slots at some start times of a day, from who is free then: the teams, then one slot per team or per start. */
  private slotsAt(date: string, freeAt: FreeAtDay, minutes: readonly number[]): AppointmentSlot[] {
    const { request, rules } = this.input;
    const maxTeams = rules.groupSlots ? MAX_GROUP_SIZE : Number.POSITIVE_INFINITY;
    const requestedCount = request.requestedInspectorIds.length;
    const daySlots: AppointmentSlot[] = [];
    for (const startMinutes of minutes) {
      const entry = freeAt.byMinute[startMinutes]!;
      const teams = requestedCount
        ? entry.all.length === requestedCount
          ? [entry.all]
          : []
        : entry.singles.length
          ? entry.singles.slice(0, maxTeams).map((inspector) => [inspector])
          : teamsFor(entry.all, request.serviceIds, maxTeams);
      if (!teams.length) continue;
      const times = this.timesOf({
        date,
        startMinutes,
        start: entry.start,
        end: entry.start + request.durationMinutes * MINUTE_MS,
      });
      if (rules.groupSlots) {
        const group = teams.map((team) => this.slotOf(times, team));
        const first = group[0]!;
        const grouped: AppointmentSlot = {
          id: first.id,
          date: first.date,
          start: first.start,
          start_datetime: first.start_datetime,
          end_datetime: first.end_datetime,
          timestamp: first.timestamp,
          users: first.users,
          group,
        };
        if (first.preferred !== undefined) grouped.preferred = first.preferred;
        daySlots.push(grouped);
      } else {
        for (const team of teams) daySlots.push(this.slotOf(times, team));
      }
    }
    return daySlots;
  }

  /** What every slot at one start has in common, computed once for all its teams. */
  private timesOf(candidate: Candidate): Omit<AppointmentSlotBase, 'id' | 'users' | 'preferred'> {
    const endLocal = this.calendar.wallTimeAfter(
      candidate.date,
      candidate.startMinutes,
      candidate.start,
      (candidate.end - candidate.start) / MINUTE_MS,
    );
    return {
      date: candidate.date,
      start: DISPLAY_TIMES[candidate.startMinutes]!,
      start_datetime: `${candidate.date} ${timeOfMinutes(candidate.startMinutes)}:00`,
      end_datetime: `${endLocal.date} ${timeOfMinutes(endLocal.minutes)}:00`,
      timestamp: Math.floor(candidate.start / 1000),
    };
  }

  private slotOf(
    times: Omit<AppointmentSlotBase, 'id' | 'users' | 'preferred'>,
    team: Inspector[],
  ): AppointmentSlotBase {
    const single = team.length === 1 ? team[0]! : null;
    const users = single ? [single.id] : [...team].sort(compareInspectors).map((inspector) => inspector.id);
    const rank = single ? (single.preferred_rank ?? undefined) : teamRank(team);
    const slot: AppointmentSlotBase = {
      id: `${times.start_datetime}~${single ? single.id : users.join('-')}`,
      date: times.date,
      start: times.start,
      start_datetime: times.start_datetime,
      end_datetime: times.end_datetime,
      timestamp: times.timestamp,
      users,
    };
    if (rank !== undefined) slot.preferred = rank;
    return slot;
  }
}

export function findSlots(input: AvailabilityInput): AppointmentSlot[] {
  return new AvailabilityEngine(input).run();
}

/** A seeded pseudo-random source (mulberry32), so that tests and requests are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Until when (epoch ms) the same request over the same commitments finds the same slots. Time
 * alone changes the answer in two ways: the earliest offered start falls inside the minimum
 * notice, or the office's day ends (which moves "today" and the booking horizon). Starts that
 * were left out for short notice never come back, so nothing else changes with time. Holds that
 * expire are the caller's to add: the engine only sees the live ones.
 */
export function slotsUnchangedUntil(
  input: Pick<AvailabilityInput, 'office' | 'now'>,
  slots: readonly AppointmentSlotBase[],
): number {
  const calendar = ZonedCalendar.of(input.office.time_zone);
  const tomorrow = addDays(calendar.localDateOf(input.now), 1);
  // A zone whose clocks skip midnight starts the day at the first wall time that exists.
  let dayEnds: number | null = null;
  for (let minutes = 0; dayEnds === null && minutes <= 120; minutes += 15)
    dayEnds = calendar.toInstant(tomorrow, minutes);
  let until = dayEnds ?? input.now + HOUR_MS;
  const noticeMs = input.office.scheduling.minimum_notice_hours * HOUR_MS;
  for (const slot of slots) until = Math.min(until, slot.timestamp * 1000 - noticeMs);
  return until;
}

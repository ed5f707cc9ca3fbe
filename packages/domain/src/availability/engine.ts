/**
 * The availability engine: which appointment slots an office can offer. Pure: plain data in,
 * plain data out; the clock (`now`) and randomness (`random`) are passed in.
 */
import type { Inspector, Office } from '@scheduler/contracts/company-document';
import type { AppointmentSlot, AppointmentSlotBase } from '@scheduler/contracts/scheduling';
import { straightLineEstimator, type DriveTimeEstimator, type LatLng } from './geo.ts';
import { addDays, dayNumberOf, minutesOfTime, timeOfMinutes, weekdayOf, ZonedCalendar } from './zoned-calendar.ts';
import { WEEKDAYS } from '@scheduler/contracts/company-document';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Alternates kept in a group: enough to spread the work, not every inspector of a large office. */
const MAX_GROUP_SIZE = 8;
/** Teams larger than this are not searched: no real inspection needs more people. */
const MAX_TEAM_SIZE = 3;

/** Time an inspector is already committed: an appointment, or another session's hold. */
export interface BusyInterval {
  inspectorId: number;
  /** UTC ms, half-open [start, end). */
  start: number;
  end: number;
  /** Where it takes place, when known; drives the travel-time check. */
  location: LatLng | null;
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
  /** 0 means no limit. */
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
}

interface Candidate {
  date: string;
  startMinutes: number;
  start: number;
  end: number;
}

/** An inspector's commitments, sorted by start, with binary search for the neighbours of a time. */
class Commitments {
  private readonly sorted: BusyInterval[];
  constructor(intervals: BusyInterval[]) {
    this.sorted = intervals.sort((a, b) => a.start - b.start);
  }

  /** Index of the first commitment that starts at or after `time`. */
  private firstStartingFrom(time: number): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.sorted[mid]!.start < time) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The commitment right before `start` (possibly overlapping it), and the first one at or after it. */
  neighbours(start: number): { previous: BusyInterval | undefined; next: BusyInterval | undefined } {
    const index = this.firstStartingFrom(start);
    // Commitments never overlap each other (the database forbids it), so the latest-ending one
    // before `index` is the one just before it.
    return { previous: this.sorted[index - 1], next: this.sorted[index] };
  }

  countBetween(from: number, to: number): number {
    let count = 0;
    for (let i = this.firstStartingFrom(from); i < this.sorted.length && this.sorted[i]!.start < to; i++) count++;
    return count;
  }
}

function displayTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
}

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
export function teamsFor(free: readonly Inspector[], services: readonly string[]): Inspector[][] {
  const singles = free.filter((inspector) => covers([inspector], services));
  if (singles.length) return singles.map((inspector) => [inspector]);
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
    if (teams.length) return teams;
  }
  return [];
}

export class AvailabilityEngine {
  private readonly calendar: ZonedCalendar;
  private readonly driveTimes: DriveTimeEstimator;

  constructor(private readonly input: AvailabilityInput) {
    this.calendar = new ZonedCalendar(input.office.time_zone);
    const { road_factor, average_speed_mph } = input.office.scheduling;
    this.driveTimes = input.driveTimes ?? straightLineEstimator(road_factor, average_speed_mph);
  }

  /** Inspectors who could take this request at all: active, in range, serving the postal code. */
  private eligibleInspectors(): Inspector[] {
    const { request, rules } = this.input;
    const requested = new Set(request.requestedInspectorIds);
    return this.input.inspectors.filter((inspector) => {
      if (!inspector.active) return false;
      if (requested.size && !requested.has(inspector.id)) return false;
      if (rules.restrictInspectorZip && request.postalCode && inspector.postal_codes.length && !inspector.postal_codes.includes(request.postalCode)) {
        return false;
      }
      if (request.location && this.driveTimes.miles(inspector.home_base, request.location) > inspector.max_drive_miles) return false;
      return true;
    });
  }

  /** LIMIT_ZIP_BY_DAY: a weekday that lists postal codes serves only those. */
  private servesPostalCodeOn(inspector: Inspector, date: string): boolean {
    const { request, rules } = this.input;
    if (!rules.limitZipByDay || !request.postalCode) return true;
    const codes = inspector.postal_codes_by_weekday[WEEKDAYS[weekdayOf(date)]!];
    return codes === undefined || codes.includes(request.postalCode);
  }

  private workingIntervals(inspector: Inspector, date: string) {
    const override = inspector.overrides.find((o) => o.date === date);
    return override ? override.intervals : inspector.weekly_hours[WEEKDAYS[weekdayOf(date)]!];
  }

  /** Candidate start times (minutes after midnight) of a working interval, before any check. */
  private startsWithin(interval: { start: string; end: string }): number[] {
    const from = minutesOfTime(interval.start);
    const to = minutesOfTime(interval.end);
    const { fixed_start_times, slot_granularity_minutes } = this.input.office.scheduling;
    if (fixed_start_times.length) return fixed_start_times.map(minutesOfTime).filter((start) => start >= from && start < to);
    const starts: number[] = [];
    for (let start = from; start < to; start += slot_granularity_minutes) starts.push(start);
    return starts;
  }

  /** Minutes an inspector needs between two commitments: the drive when both places are known, else the office buffer. */
  private gapMinutes(from: LatLng | null, to: LatLng | null): number {
    if (from && to) return this.driveTimes.minutes(from, to);
    return this.input.office.scheduling.buffer_minutes;
  }

  private isFree(commitments: Commitments, candidate: Candidate): boolean {
    const location = this.input.request.location;
    const { previous, next } = commitments.neighbours(candidate.start);
    if (previous && previous.end + this.gapMinutes(previous.location, location) * MINUTE_MS > candidate.start) return false;
    if (next && candidate.end + this.gapMinutes(location, next.location) * MINUTE_MS > next.start) return false;
    return true;
  }

  /** The first and last local dates that may be offered. */
  private bookableDates(): { first: string; last: string } {
    const { now, rules, office, request } = this.input;
    const today = this.calendar.localDateOf(now);
    const earliest = rules.allowToday ? today : addDays(today, 1);
    const latest = addDays(today, office.scheduling.booking_horizon_days);
    return { first: request.from > earliest ? request.from : earliest, last: request.to < latest ? request.to : latest };
  }

  /** Every slot of the request, sorted, grouped and limited as spec 4.5 says. */
  run(): AppointmentSlot[] {
    const { request, busy, now, office } = this.input;
    const duration = request.durationMinutes;
    const earliestStart = now + office.scheduling.minimum_notice_hours * HOUR_MS;
    const eligible = this.eligibleInspectors().sort(compareInspectors);
    const commitments = new Map(eligible.map((inspector) => [inspector.id, new Commitments(busy.filter((b) => b.inspectorId === inspector.id))]));
    const requestedTeam = request.requestedInspectorIds.length > 0;
    const { first, last } = this.bookableDates();
    const slots: AppointmentSlot[] = [];

    for (let day = dayNumberOf(first); day <= dayNumberOf(last); day++) {
      const date = addDays('1970-01-01', day);
      const dayStart = this.calendar.toInstant(date, 0);
      const dayEnd = this.calendar.toInstant(addDays(date, 1), 0);
      // Free inspectors by start time (minutes after local midnight).
      const freeAt = new Map<number, { candidate: Candidate; inspectors: Inspector[] }>();
      for (const inspector of eligible) {
        if (!this.servesPostalCodeOn(inspector, date)) continue;
        const own = commitments.get(inspector.id)!;
        if (dayStart !== null && dayEnd !== null && own.countBetween(dayStart, dayEnd) >= inspector.max_inspections_per_day) continue;
        for (const interval of this.workingIntervals(inspector, date)) {
          const intervalEnd = this.calendar.toInstant(date, minutesOfTime(interval.end));
          if (intervalEnd === null) continue;
          for (const startMinutes of this.startsWithin(interval)) {
            const start = this.calendar.toInstant(date, startMinutes);
            // A wall time the clocks skip over is no slot. The end is the start plus the real
            // duration, so a slot across a clock change keeps its length.
            if (start === null || start < earliestStart) continue;
            const end = start + duration * MINUTE_MS;
            if (end > intervalEnd) continue;
            const candidate = { date, startMinutes, start, end };
            if (!this.isFree(own, candidate)) continue;
            const entry = freeAt.get(startMinutes) ?? { candidate, inspectors: [] };
            entry.inspectors.push(inspector);
            freeAt.set(startMinutes, entry);
          }
        }
      }

      const daySlots: AppointmentSlot[] = [];
      for (const { candidate, inspectors } of freeAt.values()) {
        const teams = requestedTeam
          ? inspectors.length === request.requestedInspectorIds.length
            ? [inspectors]
            : []
          : teamsFor(inspectors, request.serviceIds);
        if (!teams.length) continue;
        const members = this.orderAlternates(teams).map((team) => this.slotOf(candidate, team));
        if (this.input.rules.groupSlots) {
          const group = members.slice(0, MAX_GROUP_SIZE);
          daySlots.push({ ...group[0]!, group });
        } else {
          daySlots.push(...members);
        }
      }
      daySlots.sort(compareSlots);
      slots.push(...daySlots);
      if (request.limit > 0 && slots.length >= request.limit) return slots.slice(0, request.limit);
    }
    return slots;
  }

  /** Best-ranked teams first; teams of equal rank in a random order, so work spreads evenly. */
  private orderAlternates(teams: Inspector[][]): Inspector[][] {
    const keyed = teams.map((team) => ({ team, rank: teamRank(team) ?? Number.MAX_SAFE_INTEGER, tie: this.input.random() }));
    keyed.sort((a, b) => a.rank - b.rank || a.team.length - b.team.length || a.tie - b.tie);
    return keyed.map((k) => k.team);
  }

  private slotOf(candidate: Candidate, team: Inspector[]): AppointmentSlotBase {
    const users = [...team].sort(compareInspectors).map((inspector) => inspector.id);
    const endLocal = this.calendar.toLocal(candidate.end);
    const rank = teamRank(team);
    return {
      id: `${candidate.date}T${timeOfMinutes(candidate.startMinutes)}~${users.join('-')}`,
      date: candidate.date,
      start: displayTime(candidate.startMinutes),
      start_datetime: `${candidate.date} ${timeOfMinutes(candidate.startMinutes)}:00`,
      end_datetime: `${endLocal.date} ${timeOfMinutes(endLocal.minutes)}:00`,
      timestamp: Math.floor(candidate.start / 1000),
      users,
      ...(rank !== undefined ? { preferred: rank } : {}),
    };
  }
}

/** Spec 4.5: preferred slots first by rank, then the rest by time. */
export function compareSlots(a: AppointmentSlotBase, b: AppointmentSlotBase): number {
  const rankA = a.preferred ?? Number.MAX_SAFE_INTEGER;
  const rankB = b.preferred ?? Number.MAX_SAFE_INTEGER;
  return rankA - rankB || a.timestamp - b.timestamp || a.id.localeCompare(b.id);
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

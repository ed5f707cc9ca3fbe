/**
 * Whether inspectors can serve a property's location: the postal codes they serve, their driving
 * radius from home base, and the drive from and to their neighbouring appointments of the day.
 * The availability engine filters by the same predicates, so a location this module accepts is
 * one the engine offers times for.
 */
import { WEEKDAYS, type Inspector } from '@scheduler/contracts/company-document';
import type { LocationCode } from '@scheduler/contracts/location-codes';
import type { DriveTimeEstimator, LatLng } from './geo.ts';
import { weekdayOf } from './zoned-calendar.ts';

const MINUTE_MS = 60_000;

export interface PostalCodeRules {
  restrictInspectorZip: boolean;
  limitZipByDay: boolean;
}

/** RESTRICT_INSPECTOR_ZIP: an inspector who lists postal codes serves only those. */
export function servesPostalCode(
  inspector: Inspector,
  postalCode: string | null,
  rules: Pick<PostalCodeRules, 'restrictInspectorZip'>,
): boolean {
  return !(
    rules.restrictInspectorZip &&
    postalCode &&
    inspector.postal_codes.length &&
    !inspector.postal_codes.includes(postalCode)
  );
}

/** LIMIT_ZIP_BY_DAY: a weekday that lists postal codes serves only those; `date` null asks about any weekday. */
export function servesPostalCodeOn(
  inspector: Inspector,
  postalCode: string | null,
  date: string | null,
  rules: Pick<PostalCodeRules, 'limitZipByDay'>,
): boolean {
  if (!rules.limitZipByDay || !postalCode) return true;
  const days = date === null ? WEEKDAYS : [WEEKDAYS[weekdayOf(date)]!];
  return days.some((day) => {
    const codes = inspector.postal_codes_by_weekday[day];
    return codes === undefined || codes.includes(postalCode);
  });
}

/** The driving radius from home base; an unknown location is in every radius. */
export function withinDrivingRadius(
  inspector: Inspector,
  location: LatLng | null,
  driveTimes: DriveTimeEstimator,
): boolean {
  return !location || driveTimes.miles(inspector.home_base, location) <= inspector.max_drive_miles;
}

/** An appointment or hold of the team's, placed when its place is known. */
export interface Neighbour {
  inspectorId: number;
  start: number;
  end: number;
  location: LatLng | null;
}

export interface LocationCheckInput {
  /** The office's inspectors. */
  inspectors: readonly Inspector[];
  rules: PostalCodeRules;
  postalCode: string | null;
  /** The property's place: its coordinates, else its postal code's centroid; null when unknown. */
  location: LatLng | null;
  /** The inspectors of the order's time; empty when none are chosen. */
  team: readonly number[];
  /** The order's time (UTC ms) and its office-local date, when it has one. */
  appointment: { date: string; start: number; end: number } | null;
  /** The inspectors' other commitments that day. */
  neighbours: readonly Neighbour[];
  driveTimes: DriveTimeEstimator;
}

export interface LocationCheck {
  code: LocationCode | 'ok';
  /** The inspector the answer is about, when it is about one. */
  inspectorId: number | null;
  /** Miles to the property from the previous appointment (or home), or on to the next: the longer. */
  miles: number | null;
  maxMiles: number | null;
}

const SEVERITY: Record<LocationCheck['code'], number> = {
  ok: 0,
  ERROR_EXCEEDS_NEXT_APT_RADIUS: 1,
  ERROR_EXCEEDS_RADIUS: 2,
  ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP: 3,
  ERROR_NO_INSPECTORS_FOR_ZIP: 4,
};

function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** One inspector against the location, at the order's time when it has one. */
function assess(inspector: Inspector, input: LocationCheckInput): LocationCheck {
  const { location, appointment, driveTimes, postalCode, rules } = input;
  const serves =
    servesPostalCode(inspector, postalCode, rules) &&
    servesPostalCodeOn(inspector, postalCode, appointment?.date ?? null, rules);
  // Where the property is, nobody knows yet: only its postal code can be checked.
  if (!location)
    return serves
      ? { code: 'ok', inspectorId: null, miles: null, maxMiles: null }
      : { code: 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP', inspectorId: inspector.id, miles: null, maxMiles: null };
  const max = inspector.max_drive_miles;
  const fromHome = driveTimes.miles(inspector.home_base, location);
  let previous: Neighbour | undefined;
  let next: Neighbour | undefined;
  if (appointment) {
    const own = input.neighbours.filter((n) => n.inspectorId === inspector.id).sort((a, b) => a.start - b.start);
    previous = own.filter((n) => n.end <= appointment.start).at(-1);
    next = own.find((n) => n.start >= appointment.end);
  }
  // A neighbour whose place is unknown is kept apart by the office buffer, which no address changes.
  const fromPrevious = previous?.location ? driveTimes.miles(previous.location, location) : null;
  const toNext = next?.location ? driveTimes.miles(location, next.location) : null;
  const tooFarFromNeighbours =
    (previous?.location &&
      appointment &&
      (fromPrevious! > max ||
        previous.end + driveTimes.minutes(previous.location, location) * MINUTE_MS > appointment.start)) ||
    (next?.location &&
      appointment &&
      (toNext! > max || appointment.end + driveTimes.minutes(location, next.location) * MINUTE_MS > next.start));
  const code = !serves
    ? 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP'
    : fromHome > max
      ? 'ERROR_EXCEEDS_RADIUS'
      : tooFarFromNeighbours
        ? 'ERROR_EXCEEDS_NEXT_APT_RADIUS'
        : 'ok';
  return {
    code,
    inspectorId: inspector.id,
    miles: roundMiles(Math.max(fromPrevious ?? fromHome, toNext ?? 0)),
    maxMiles: max,
  };
}

/** Worse first: the more severe code, then the farther past its radius. */
function worse(a: LocationCheck, b: LocationCheck): LocationCheck {
  if (SEVERITY[a.code] !== SEVERITY[b.code]) return SEVERITY[a.code] > SEVERITY[b.code] ? a : b;
  return (a.miles ?? 0) - (a.maxMiles ?? 0) >= (b.miles ?? 0) - (b.maxMiles ?? 0) ? a : b;
}

/**
 * Whether the order's location can be served, and if not, why:
 * - ERROR_NO_INSPECTORS_FOR_ZIP: no active inspector serves it at all (postal-code lists when
 *   restricted, and the driving radius from home base);
 * - ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP: some do, but not every inspector of the order;
 * - ERROR_EXCEEDS_RADIUS: an inspector of the order would drive beyond their radius from home;
 * - ERROR_EXCEEDS_NEXT_APT_RADIUS: an inspector of the order could not get there from their
 *   previous appointment of the day, or on to their next one, within their radius and in time.
 * With a team, its worst member decides (every member must go); without one, the best inspector.
 */
export function checkLocation(input: LocationCheckInput): LocationCheck {
  const active = input.inspectors.filter((i) => i.active);
  const reaches = (i: Inspector) =>
    servesPostalCode(i, input.postalCode, input.rules) &&
    servesPostalCodeOn(i, input.postalCode, null, input.rules) &&
    withinDrivingRadius(i, input.location, input.driveTimes);
  const everyone = active.map((i) => assess(i, input));
  if (!active.some(reaches)) {
    const nearest = everyone.reduce<LocationCheck | null>(
      (best, check) => (!best || worse(best, check) === best ? check : best),
      null,
    );
    return {
      code: 'ERROR_NO_INSPECTORS_FOR_ZIP',
      inspectorId: null,
      miles: nearest?.miles ?? null,
      maxMiles: nearest?.maxMiles ?? null,
    };
  }
  if (input.team.length === 0) {
    return everyone.reduce((best, check) => (worse(best, check) === best ? check : best));
  }
  const byId = new Map(input.inspectors.map((i) => [i.id, i]));
  return input.team
    .map((id): LocationCheck => {
      const inspector = byId.get(id);
      // An inspector who no longer works for the office serves nothing.
      return inspector?.active
        ? assess(inspector, input)
        : { code: 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP', inspectorId: id, miles: null, maxMiles: null };
    })
    .reduce(worse);
}

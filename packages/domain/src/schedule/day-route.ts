import { straightLineEstimator, type LatLng } from '../availability/geo.ts';

/** A stop of an inspector's day: where it is, when known. */
export interface RouteStop {
  latitude: number | null;
  longitude: number | null;
}

/** The drive from one stop to the next, as the availability engine estimates it. */
export interface RouteLeg {
  miles: number;
  minutes: number;
}

const placeOf = (stop: RouteStop): LatLng | null =>
  stop.latitude === null || stop.longitude === null ? null : { latitude: stop.latitude, longitude: stop.longitude };

/**
 * The drives between a day's stops, in the order given (the day's route: by start time): one leg
 * fewer than stops, null where either end was never located. The estimate is the one the engine
 * schedules with (straight line times the office's road factor, at its average speed), so the map
 * says the same drive the engine left room for.
 */
export function routeLegs(
  stops: readonly RouteStop[],
  drive: { roadFactor: number; averageSpeedMph: number },
): Array<RouteLeg | null> {
  const estimator = straightLineEstimator(drive.roadFactor, drive.averageSpeedMph);
  return stops.slice(1).map((stop, index) => {
    const from = placeOf(stops[index]!);
    const to = placeOf(stop);
    if (!from || !to) return null;
    return { miles: estimator.miles(from, to), minutes: estimator.minutes(from, to) };
  });
}

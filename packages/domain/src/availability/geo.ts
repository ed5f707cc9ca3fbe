export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;

// At module level, not inside greatCircleMiles: a function made on every call costs more than the
// arithmetic (the server runs through tsx, which also names each such function as it is made).
function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance in miles. */
export function greatCircleMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How long a drive takes. The engine asks this interface, so that a routing engine can later
 * answer instead of the estimate.
 */
export interface DriveTimeEstimator {
  /** Road miles between two points. */
  miles(from: LatLng, to: LatLng): number;
  /** Whole minutes of driving between two points, rounded up. */
  minutes(from: LatLng, to: LatLng): number;
}

/** Great-circle distance times a road factor, at an average speed (office settings). */
export function straightLineEstimator(roadFactor: number, averageSpeedMph: number): DriveTimeEstimator {
  const miles = (from: LatLng, to: LatLng) => greatCircleMiles(from, to) * roadFactor;
  return { miles, minutes: (from, to) => Math.ceil((miles(from, to) / averageSpeedMph) * 60) };
}

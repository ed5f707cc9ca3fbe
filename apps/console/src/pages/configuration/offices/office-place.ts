import { placeSchema, type Place } from '@scheduler/contracts/onboarding';
import { callApi } from '../../../shared/api.ts';

/**
 * Where an office is: its address found on the map (the console's geocode route, which also says
 * the time zone there), and the time zones a person may choose from instead.
 */

/** The typed address as one line, the way the geocode route reads it. */
export function addressLine(address: {
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
}): string {
  const cityLine = [address.city.trim(), [address.state.trim(), address.postalCode.trim()].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.address1.trim(), address.address2.trim(), cityLine].filter(Boolean).join(', ');
}

export function findPlace(line: string, signal?: AbortSignal): Promise<Place> {
  return callApi(`/api/console/geocode?address=${encodeURIComponent(line)}`, placeSchema, { signal });
}

/** "Placed at 39.96, -83.00 in America/New_York": close enough to recognise, not a surveyor's figures. */
export function placedText(place: { latitude: number; longitude: number; timeZone: string }): string {
  return `Placed at ${place.latitude.toFixed(2)}, ${place.longitude.toFixed(2)} in ${place.timeZone}`;
}

/** The zones of the 50 states and the territories, east to west: an American company's office is almost always in one. */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Chicago',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'Pacific/Guam',
] as const;

/**
 * Every IANA zone the browser knows, the US ones first, then the rest in alphabetical order; the
 * office's current zone is kept even when this browser does not list it.
 */
export function timeZoneChoices(
  current: string,
  known: readonly string[] = Intl.supportedValuesOf('timeZone'),
): string[] {
  const us: string[] = [...US_TIME_ZONES];
  const rest = [...new Set([...known, ...(current ? [current] : [])])].filter((zone) => !us.includes(zone)).sort();
  return [...us, ...rest];
}

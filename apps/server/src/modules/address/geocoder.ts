/**
 * Geocoding providers behind one interface. The offline provider always answers from the bundled
 * postal codes; a network provider (Nominatim, Google) answers better when it answers at all, and
 * the geocoding service falls back to the offline one when it does not.
 */
import type { z } from 'zod';
import {
  addressLine1,
  addressLine2,
  parseUsAddress,
  postalCodeOf,
  type UsAddress,
} from '@scheduler/domain/address/us-address';
import { fiveDigitZip } from '@scheduler/contracts/postal-code';

export interface GeocodeRequest {
  /** The address as the visitor typed it, on one line. */
  text: string;
  /** The same address read into its parts. */
  parsed: UsAddress;
  /** The office's state (two-letter code): where an address typed without a state is looked for. */
  defaultState: string;
}

export interface GeocodedAddress {
  address1: string;
  address2: string;
  city: string;
  /** Two-letter code. */
  state: string;
  postalCode: string;
  county: string;
  latitude: number;
  longitude: number;
}

export interface Geocoder {
  readonly name: 'offline' | 'nominatim' | 'google';
  /** The address found, or null when there is none; throws GeocoderError when the service fails. */
  geocode(request: GeocodeRequest): Promise<GeocodedAddress | null>;
}

/** A provider that failed. `code` is what the log says; it never carries the address. */
export class GeocoderError extends Error {
  constructor(
    readonly code:
      | 'geocoder_timeout'
      | 'geocoder_unreachable'
      | 'geocoder_http_error'
      | 'geocoder_bad_response'
      | 'geocoder_refused',
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'GeocoderError';
  }
}

/**
 * GETs a provider's JSON and checks its shape, within the timeout. A failure is a timeout when the
 * timeout's signal fired, while connecting or while the answer was still arriving.
 */
export async function fetchProviderJson<T extends z.ZodType>(
  url: URL,
  schema: T,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<z.infer<T>> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    // A configured service answers where it is configured: a redirect could carry the query (and a key) elsewhere.
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal, redirect: 'error' });
  } catch (error) {
    throw new GeocoderError(signal.aborted ? 'geocoder_timeout' : 'geocoder_unreachable', { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeocoderError('geocoder_http_error');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new GeocoderError(signal.aborted ? 'geocoder_timeout' : 'geocoder_bad_response', { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new GeocoderError('geocoder_bad_response');
  return parsed.data;
}

/**
 * A provider's street in USPS form, and the unit as typed (providers seldom return units). A
 * provider that matched only the street keeps the typed house number.
 */
export function providerStreetLines(
  typed: UsAddress,
  houseNumber: string | undefined,
  road: string | undefined,
  unit?: string,
): { address1: string; address2: string } {
  const street = road ? parseUsAddress(`${houseNumber || typed.number} ${road}`) : typed;
  const address2 = addressLine2(typed) || (unit ? `#${unit}` : '');
  return { address1: addressLine1(street), address2 };
}

/**
 * "43017-4410" or "43017", keeping the typed four more digits when the provider agrees on the five;
 * the typed postal code when the provider gives none.
 */
export function providerPostalCode(typed: UsAddress, postcode: string | undefined, suffix?: string): string {
  const text = (postcode ?? '').trim();
  const zip = fiveDigitZip(text);
  if (!zip) return postalCodeOf(typed);
  const plus4 = suffix ?? /^\d{5}-?(\d{4})$/.exec(text)?.[1] ?? (typed.zip === zip ? typed.plus4 : '');
  return plus4 ? `${zip}-${plus4}` : zip;
}

/** "Franklin County" is "Franklin", as the bundled data names it. */
export function countyName(name: string | undefined): string {
  return (name ?? '').replace(/\s+(County|Parish|Borough|Census Area|Municipality|City and Borough)$/i, '').trim();
}

/** A latitude and longitude on the globe; NaN and infinities fail the bounds (every comparison with NaN is false). */
export function isCoordinate(latitude: number, longitude: number): boolean {
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

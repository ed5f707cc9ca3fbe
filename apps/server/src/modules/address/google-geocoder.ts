import { z } from 'zod';
import {
  countyName,
  fetchProviderJson,
  GeocoderError,
  isCoordinate,
  providerPostalCode,
  providerStreetLines,
  type GeocodedAddress,
  type Geocoder,
  type GeocodeRequest,
} from './geocoder.ts';

export const GOOGLE_MAPS_URL = 'https://maps.googleapis.com';

const componentSchema = z.object({
  long_name: z.string().max(300),
  short_name: z.string().max(300),
  types: z.array(z.string().max(60)).max(20),
});

/** The parts of the Geocoding API's JSON answer that a suggestion needs. */
const googleResponseSchema = z.object({
  status: z.string().max(40),
  results: z
    .array(
      z.object({
        address_components: z.array(componentSchema).max(40),
        geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
      }),
    )
    .max(20)
    .default([]),
});

/** Google's Geocoding API, restricted to the United States. */
export class GoogleGeocoder implements Geocoder {
  readonly name = 'google';
  private readonly endpoint: URL;

  constructor(
    private readonly apiKey: string,
    private readonly timeoutMs: number,
    baseUrl: string = GOOGLE_MAPS_URL,
  ) {
    this.endpoint = new URL('maps/api/geocode/json', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  }

  async geocode({ text, parsed }: GeocodeRequest): Promise<GeocodedAddress | null> {
    const url = new URL(this.endpoint);
    url.search = new URLSearchParams({ address: text, components: 'country:US', key: this.apiKey }).toString();
    const body = await fetchProviderJson(url, googleResponseSchema, this.timeoutMs);
    if (body.status === 'ZERO_RESULTS') return null;
    // OVER_QUERY_LIMIT, REQUEST_DENIED, INVALID_REQUEST, UNKNOWN_ERROR: the service did not answer.
    if (body.status !== 'OK') throw new GeocoderError('geocoder_refused');
    const best = body.results[0];
    if (!best) return null;
    const part = (type: string, form: 'long_name' | 'short_name' = 'long_name') =>
      best.address_components.find((c) => c.types.includes(type))?.[form];
    const { lat: latitude, lng: longitude } = best.geometry.location;
    if (!isCoordinate(latitude, longitude)) return null;
    return {
      ...providerStreetLines(parsed, part('street_number'), part('route', 'short_name'), part('subpremise')),
      city: part('locality') ?? part('postal_town') ?? part('sublocality') ?? part('neighborhood') ?? parsed.city,
      state: part('administrative_area_level_1', 'short_name') ?? parsed.state,
      postalCode: providerPostalCode(parsed, part('postal_code'), part('postal_code_suffix')),
      county: countyName(part('administrative_area_level_2')),
      latitude,
      longitude,
    };
  }
}

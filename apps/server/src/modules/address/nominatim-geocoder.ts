import { z } from 'zod';
import { stateCode } from '@scheduler/domain/address/us-states';
import {
  countyName,
  fetchProviderJson,
  isCoordinate,
  providerPostalCode,
  providerStreetLines,
  type GeocodedAddress,
  type Geocoder,
  type GeocodeRequest,
} from './geocoder.ts';

const text = z.string().max(300).optional();

/** The parts of Nominatim's `/search?format=jsonv2&addressdetails=1` answer that a suggestion needs. */
const nominatimResultsSchema = z
  .array(
    z.object({
      lat: z.string().max(40),
      lon: z.string().max(40),
      address: z.object({
        house_number: text,
        road: text,
        city: text,
        town: text,
        village: text,
        hamlet: text,
        municipality: text,
        county: text,
        state: text,
        'ISO3166-2-lvl4': text,
        postcode: text,
        country_code: text,
      }),
    }),
  )
  .max(50);

/** A Nominatim server (OpenStreetMap's geocoder, often self-hosted), asked for US addresses only. */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim';
  private readonly searchUrl: URL;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.searchUrl = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  }

  async geocode({ text: query, parsed }: GeocodeRequest): Promise<GeocodedAddress | null> {
    const url = new URL(this.searchUrl);
    url.search = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      addressdetails: '1',
      limit: '1',
      countrycodes: 'us',
    }).toString();
    // Nominatim's usage policy asks every client to name itself.
    const results = await fetchProviderJson(url, nominatimResultsSchema, this.timeoutMs, {
      'user-agent': 'online-scheduler (address verification)',
    });
    const best = results[0];
    if (!best) return null;
    const { address } = best;
    const latitude = Number(best.lat);
    const longitude = Number(best.lon);
    if (!isCoordinate(latitude, longitude)) return null;
    const iso = /^US-([A-Z]{2})$/.exec(address['ISO3166-2-lvl4'] ?? '')?.[1];
    return {
      ...providerStreetLines(parsed, address.house_number, address.road),
      city: address.city ?? address.town ?? address.village ?? address.hamlet ?? address.municipality ?? parsed.city,
      state: iso ?? stateCode(address.state ?? '') ?? parsed.state,
      postalCode: providerPostalCode(parsed, address.postcode),
      county: countyName(address.county),
      latitude,
      longitude,
    };
  }
}

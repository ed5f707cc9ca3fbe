import { addressLine1, addressLine2, postalCodeOf } from '@scheduler/domain/address/us-address';
import type { PostalCodeDirectory, PostalCodePlace } from '../scheduling/postal-codes.ts';
import type { GeocodedAddress, Geocoder, GeocodeRequest } from './geocoder.ts';

/** The middle of a city with several postal codes: the mean of their centroids, which lie close together. */
function middleOf(places: PostalCodePlace[]): { latitude: number; longitude: number } {
  const sum = places.reduce(
    (acc, p) => ({ latitude: acc.latitude + p.latitude, longitude: acc.longitude + p.longitude }),
    { latitude: 0, longitude: 0 },
  );
  return {
    latitude: Math.round((sum.latitude / places.length) * 1e4) / 1e4,
    longitude: Math.round((sum.longitude / places.length) * 1e4) / 1e4,
  };
}

/**
 * Geocoding without a network: the typed street in USPS form, placed at its postal code's
 * centroid, with the city, state and county the postal code names. Without a postal code, the
 * city (in the typed state, else the office's) places it, and gives its postal code when it has one.
 */
export class OfflineGeocoder implements Geocoder {
  readonly name = 'offline';

  constructor(private readonly places: PostalCodeDirectory) {}

  async geocode({ parsed, defaultState }: GeocodeRequest): Promise<GeocodedAddress | null> {
    const street = { address1: addressLine1(parsed), address2: addressLine2(parsed) };
    if (parsed.zip) {
      const place = await this.places.find(parsed.zip);
      if (!place) return null;
      return {
        ...street,
        city: place.city,
        state: place.stateCode,
        postalCode: postalCodeOf(parsed),
        county: place.county,
        latitude: place.latitude,
        longitude: place.longitude,
      };
    }
    if (!parsed.city) return null;
    const places = await this.places.findByCity(parsed.city, parsed.state || defaultState);
    if (places.length === 0) return null;
    const only = places.length === 1 ? places[0]! : null;
    const counties = new Set(places.map((p) => p.county));
    return {
      ...street,
      city: places[0]!.city,
      state: places[0]!.stateCode,
      postalCode: only?.postalCode ?? '',
      county: counties.size === 1 ? places[0]!.county : '',
      ...(only ? { latitude: only.latitude, longitude: only.longitude } : middleOf(places)),
    };
  }
}

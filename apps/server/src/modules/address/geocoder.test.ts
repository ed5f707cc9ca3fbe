import { describe, expect, it } from 'vitest';
import { parseUsAddress } from '@scheduler/domain/address/us-address';
import { countyName, isCoordinate, providerPostalCode } from './geocoder.ts';

/**
 * How a provider's answer is read into a suggestion, whichever provider gave it: its postal code,
 * its county's name, and whether its coordinates are a place at all.
 */
describe("reading a provider's answer", () => {
  describe('the postal code', () => {
    const typed = (text: string) => parseUsAddress(`6000 Sawmill Rd, Dublin, OH ${text}`.trim());

    it.each([
      ['43017', '43017-4410', undefined, '43017-4410'],
      ['43017', '430174410', undefined, '43017-4410'],
      ['43017', ' 43017-4410 ', undefined, '43017-4410'],
      ['43017', '43017', '4410', '43017-4410'],
      ['43017', '43017', undefined, '43017'],
    ])("typed %j, the provider's %j (suffix %j): %j", (typedZip, postcode, suffix, expected) => {
      expect(providerPostalCode(typed(typedZip), postcode, suffix)).toBe(expected);
    });

    it('keeps the four more digits typed when the provider agrees on the five, and drops them when it does not', () => {
      expect(providerPostalCode(typed('43017-4410'), '43017')).toBe('43017-4410');
      expect(providerPostalCode(typed('43017-4410'), '43016')).toBe('43016');
    });

    it('keeps the typed postal code when the provider gives none, or none that is one', () => {
      expect(providerPostalCode(typed('43017-4410'), undefined)).toBe('43017-4410');
      expect(providerPostalCode(typed('43017'), undefined)).toBe('43017');
      expect(providerPostalCode(typed('43017'), 'OH')).toBe('43017');
      expect(providerPostalCode(typed(''), undefined)).toBe('');
    });
  });

  describe("the county's name, as the bundled data spells it", () => {
    it.each([
      ['Franklin County', 'Franklin'],
      ['Orleans Parish', 'Orleans'],
      ['Matanuska-Susitna Borough', 'Matanuska-Susitna'],
      ['Bethel Census Area', 'Bethel'],
      ['Anchorage Municipality', 'Anchorage'],
      ['Juneau City and Borough', 'Juneau'],
      ['franklin county', 'franklin'],
      // A kind named first is part of the name: nothing is cut from its middle.
      ['City and Borough of Juneau', 'City and Borough of Juneau'],
      ['  Franklin', 'Franklin'],
      [undefined, ''],
    ])('%j is %j', (name, expected) => {
      expect(countyName(name)).toBe(expected);
    });
  });

  describe('coordinates', () => {
    it.each([
      [40.0981, -83.1392, true],
      [90, 180, true],
      [-90, -180, true],
      [90.0001, -83.1392, false],
      [-90.0001, -83.1392, false],
      [40.0981, 180.0001, false],
      [40.0981, -180.0001, false],
      [Number.NaN, -83.1392, false],
      [40.0981, Number.NaN, false],
      [Number.POSITIVE_INFINITY, -83.1392, false],
      [40.0981, Number.NEGATIVE_INFINITY, false],
    ])('%d, %d is a place on the globe: %s', (latitude, longitude, expected) => {
      expect(isCoordinate(latitude, longitude)).toBe(expected);
    });
  });
});

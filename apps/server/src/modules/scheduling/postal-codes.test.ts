import { describe, expect, it } from 'vitest';
import { fiveDigitZip as fivedigitZip } from '@scheduler/contracts/postal-code';
import { bundledPostalCodes } from './postal-codes.ts';

describe('the bundled postal-code directory', () => {
  it('knows where a US postal code is, with its city, state and county', async () => {
    const dublin = await bundledPostalCodes.find('43017');
    expect(dublin).toMatchObject({ postalCode: '43017', city: 'Dublin', stateCode: 'OH', county: 'Franklin' });
    // Dublin, Ohio lies northwest of downtown Columbus.
    expect(dublin!.latitude).toBeCloseTo(40.11, 1);
    expect(dublin!.longitude).toBeCloseTo(-83.11, 1);
    expect(await bundledPostalCodes.find('43017-4410')).toMatchObject({ postalCode: '43017', city: 'Dublin' });
  });

  it('finds nothing for a code that does not exist or is not a US postal code', async () => {
    expect(await bundledPostalCodes.find('00000')).toBeNull();
    expect(await bundledPostalCodes.find('K1A 0B1')).toBeNull();
    expect(await bundledPostalCodes.find('')).toBeNull();
  });

  it("finds a city's postal codes, whatever the case and however 'Saint' is written", async () => {
    expect((await bundledPostalCodes.findByCity('dublin', 'oh')).map((p) => p.postalCode).sort()).toEqual([
      '43016',
      '43017',
    ]);
    const stLouis = await bundledPostalCodes.findByCity('St. Louis', 'MO');
    expect(stLouis.length).toBeGreaterThan(10);
    expect(stLouis[0]).toMatchObject({ city: 'Saint Louis', stateCode: 'MO' });
    expect(await bundledPostalCodes.findByCity('Dublin', 'ZZ')).toEqual([]);
    expect(await bundledPostalCodes.findByCity('Atlantis', 'OH')).toEqual([]);
  });

  it('reads five digits, with or without the four more', () => {
    expect(fivedigitZip(' 43215 ')).toBe('43215');
    expect(fivedigitZip('43215-0001')).toBe('43215');
    expect(fivedigitZip('432150001')).toBe('43215');
    expect(fivedigitZip('4321')).toBeNull();
    expect(fivedigitZip('43215-01')).toBeNull();
  });
});

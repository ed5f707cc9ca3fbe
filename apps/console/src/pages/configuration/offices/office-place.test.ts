import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressLine, findPlace, placedText, timeZoneChoices, US_TIME_ZONES } from './office-place.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an office's place", () => {
  it('writes the typed address as one line, leaving out what is empty', () => {
    expect(
      addressLine({
        address1: ' 1105 Schrock Rd ',
        address2: 'Suite 300',
        city: 'Columbus',
        state: 'OH',
        postalCode: '43229',
      }),
    ).toBe('1105 Schrock Rd, Suite 300, Columbus, OH 43229');
    expect(addressLine({ address1: '1 S High St', address2: '', city: '', state: 'OH', postalCode: '' })).toBe(
      '1 S High St, OH',
    );
    expect(addressLine({ address1: '', address2: '', city: 'Dayton', state: '', postalCode: '45402' })).toBe(
      'Dayton, 45402',
    );
    expect(addressLine({ address1: '', address2: '', city: '', state: '', postalCode: '' })).toBe('');
  });

  it('asks the geocode route for the line, encoded', async () => {
    const paths: string[] = [];
    const place = {
      address1: '1 S High St',
      address2: '',
      city: 'Columbus',
      state: 'OH',
      postal_code: '43215',
      latitude: 39.9612,
      longitude: -82.9988,
      time_zone: 'America/New_York',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        paths.push(path);
        return new Response(JSON.stringify(place), { status: 200 });
      }),
    );
    await expect(findPlace('1 S High St, OH')).resolves.toEqual(place);
    expect(paths).toEqual(['/api/console/geocode?address=1%20S%20High%20St%2C%20OH']);
  });

  it('says where a place is, to two decimals', () => {
    expect(placedText({ latitude: 39.9612, longitude: -82.9988, timeZone: 'America/Chicago' })).toBe(
      'Placed at 39.96, -83.00 in America/Chicago',
    );
  });

  it('offers the US zones first, then the rest in order, the current one kept even when unknown here', () => {
    const choices = timeZoneChoices('Mars/Olympus_Mons', ['Europe/Paris', 'America/New_York', 'Asia/Tokyo']);
    expect(choices.slice(0, US_TIME_ZONES.length)).toEqual([...US_TIME_ZONES]);
    expect(choices.slice(US_TIME_ZONES.length)).toEqual(['Asia/Tokyo', 'Europe/Paris', 'Mars/Olympus_Mons']);
    expect(new Set(choices).size).toBe(choices.length);
    expect(timeZoneChoices('', [])).toEqual([...US_TIME_ZONES]);
  });

  it('lists every zone the runtime knows by default', () => {
    expect(timeZoneChoices('America/New_York')).toContain('Europe/London');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookUpPlace, placeLine } from './places.ts';

const PLACE = {
  address1: '4200 Sawmill Rd',
  address2: '',
  city: 'Columbus',
  state: 'OH',
  postal_code: '43220',
  latitude: 40.06,
  longitude: -83.07,
  time_zone: 'America/New_York',
};

function answer(status: number, body: unknown) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return paths;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lookUpPlace', () => {
  it('asks the geocoder for the trimmed address and answers the place', async () => {
    const paths = answer(200, PLACE);
    await expect(lookUpPlace('  4200 Sawmill Rd, Columbus OH ')).resolves.toEqual(PLACE);
    expect(paths).toEqual(['/api/console/geocode?address=4200+Sawmill+Rd%2C+Columbus+OH']);
  });

  it('answers null when nobody can place the address, and throws any other failure', async () => {
    answer(404, { error: { code: 'not_found', message: 'No place found.' } });
    await expect(lookUpPlace('nowhere')).resolves.toBeNull();
    answer(503, { error: { code: 'unavailable', message: 'The geocoder is down.' } });
    await expect(lookUpPlace('somewhere')).rejects.toMatchObject({ status: 503 });
  });
});

describe('placeLine', () => {
  it('writes a place on one line, leaving out the empty parts', () => {
    expect(placeLine(PLACE)).toBe('4200 Sawmill Rd, Columbus, OH 43220');
    expect(placeLine({ ...PLACE, address2: 'Suite 300' })).toBe('4200 Sawmill Rd Suite 300, Columbus, OH 43220');
    expect(placeLine({ ...PLACE, address1: '', city: '' })).toBe('OH 43220');
    expect(placeLine({ ...PLACE, postal_code: '' })).toBe('4200 Sawmill Rd, Columbus, OH');
    expect(placeLine({ address1: ' ', address2: '', city: '', state: '', postal_code: '' })).toBe('');
  });
});

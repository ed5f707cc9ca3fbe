import { describe, expect, it } from 'vitest';
import type { GeocodeSuggestion } from '@scheduler/contracts/address';
import { acceptedValues, geocodeLine, placeOf, suggestionMatchesTyped } from './address-lookup.ts';

const states = [{ id: 36, abbreviation: 'OH' }];
const typed = { address1: '6000 sawmill road', address2: 'apt 4b', city: 'dublin', state: '', postal_code: '43017' };

describe('the address the geocoder is asked about', () => {
  it('joins the typed parts as one line, the state as its abbreviation', () => {
    expect(geocodeLine({ ...typed, state: '36' }, states)).toBe('6000 sawmill road, apt 4b, dublin, OH 43017');
    expect(
      geocodeLine({ address1: ' 1 Main St ', address2: '', city: 'Dublin', state: '', postal_code: '' }, states),
    ).toBe('1 Main St, Dublin');
  });

  it('is not asked until address1 and city are there (spec 4.7), nor beyond what it takes', () => {
    expect(geocodeLine({ ...typed, city: ' ' }, states)).toBeNull();
    expect(geocodeLine({ ...typed, address1: '' }, states)).toBeNull();
    expect(
      geocodeLine({ ...typed, address1: 'x'.repeat(120), address2: 'y'.repeat(120), city: 'z'.repeat(80) }, states),
    ).toBeNull();
  });
});

describe('what Yes applies', () => {
  const suggestion: GeocodeSuggestion = {
    no_results: false,
    address1: '6000 Sawmill Rd',
    address2: 'Apt 4B',
    city: 'Dublin',
    state: 'OH',
    state_id: 36,
    postal_code: '',
    county: 'Franklin',
    latitude: 40.1,
    longitude: -83.1,
    conflicts: [],
    refusal: null,
  };

  it("takes the suggestion's parts, keeping what the visitor typed where it found nothing", () => {
    expect(acceptedValues(suggestion, typed)).toEqual({
      address1: '6000 Sawmill Rd',
      address2: 'Apt 4B',
      city: 'Dublin',
      state: '36',
      postal_code: '43017',
    });
    expect(acceptedValues({ ...suggestion, state_id: null }, { ...typed, state: '12' }).state).toBe('12');
  });

  it('gives the order its coordinates and county', () => {
    expect(placeOf(suggestion)).toEqual({ latitude: 40.1, longitude: -83.1, county: 'Franklin' });
  });

  it('needs no Yes when the verified form is exactly what was typed, spaces aside, and asks for any other difference', () => {
    const exact = {
      address1: '6000 Sawmill Rd',
      address2: 'Apt 4B',
      city: 'Dublin',
      state: '36',
      postal_code: '43017',
    };
    expect(suggestionMatchesTyped(suggestion, exact)).toBe(true);
    expect(suggestionMatchesTyped(suggestion, { ...exact, city: ' Dublin ' })).toBe(true);
    expect(suggestionMatchesTyped(suggestion, typed)).toBe(false);
    expect(suggestionMatchesTyped(suggestion, { ...exact, state: '' })).toBe(false);
    expect(suggestionMatchesTyped(suggestion, { ...exact, address1: '6000 Sawmill Road' })).toBe(false);
    expect(suggestionMatchesTyped({ ...suggestion, postal_code: '43016' }, exact)).toBe(false);
  });
});

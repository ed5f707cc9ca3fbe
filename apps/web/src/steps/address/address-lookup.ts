import type { GeocodeSuggestion } from '@scheduler/contracts/address';
import type { AddressFormInput } from '@scheduler/contracts/forms/address';

/** The form's fields, in the order the visitor meets them. */
export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'postal_code'] as const satisfies ReadonlyArray<
  keyof AddressFormInput
>;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The geocoder takes at most this many characters (`geocodeQuerySchema`). */
const MAX_LOOKUP = 300;

/** Where the property is, as the form last learnt it: the suggestion's place, or 0,0 for "not verified". */
export interface Place {
  latitude: number;
  longitude: number;
  county: string;
}

export const UNVERIFIED: Place = { latitude: 0, longitude: 0, county: '' };

/**
 * The typed address as one line for the geocoder (spec 7.5: the concatenated address), or null
 * while there is nothing to ask about: spec 4.7 asks only once address1 and city are present.
 */
export function geocodeLine(
  values: Partial<AddressFormInput>,
  states: ReadonlyArray<{ id: number; abbreviation: string }>,
): string | null {
  const address1 = values.address1?.trim() ?? '';
  const city = values.city?.trim() ?? '';
  if (!address1 || !city) return null;
  const state = states.find((s) => String(s.id) === values.state)?.abbreviation ?? '';
  const region = [state, values.postal_code?.trim() ?? ''].filter(Boolean).join(' ');
  const line = [address1, values.address2?.trim() ?? '', city, region].filter(Boolean).join(', ');
  return line.length <= MAX_LOOKUP ? line : null;
}

/**
 * What "Yes" puts in the fields (spec 4.7: the suggested address): each part the geocoder
 * found, and what the visitor typed where it found nothing (a postal code it could not tell).
 */
export function acceptedValues(suggestion: GeocodeSuggestion, typed: AddressFormInput): AddressFormInput {
  return {
    address1: suggestion.address1 || typed.address1,
    address2: suggestion.address2 || typed.address2,
    city: suggestion.city || typed.city,
    state: suggestion.state_id !== null ? String(suggestion.state_id) : typed.state,
    postal_code: suggestion.postal_code || typed.postal_code,
  };
}

/**
 * Whether the verified form of the address is what the visitor typed (issue 20 item 10): then
 * there is nothing to confirm, and it is taken as verified without asking. Compared field by field
 * as the form would hold them after Yes, ignoring only surrounding spaces.
 */
export function suggestionMatchesTyped(suggestion: GeocodeSuggestion, typed: AddressFormInput): boolean {
  const accepted = acceptedValues(suggestion, typed);
  return ADDRESS_FIELDS.every((field) => String(accepted[field] ?? '').trim() === String(typed[field] ?? '').trim());
}

/** The place "Yes" gives the order: the suggestion's coordinates and county. */
export function placeOf(suggestion: GeocodeSuggestion): Place {
  return { latitude: suggestion.latitude, longitude: suggestion.longitude, county: suggestion.county };
}

import { placeSchema, type Place } from '@scheduler/contracts/onboarding';
import { callApi } from './api.ts';
import { ApiError } from '@scheduler/ui/api-error';

/**
 * Where an address is, with the time zone there (GET /api/console/geocode): for a new company's
 * first office and the Offices editor. Null when nobody can place it; other failures throw.
 */
export async function lookUpPlace(address: string, signal?: AbortSignal): Promise<Place | null> {
  try {
    return await callApi(
      `/api/console/geocode?${new URLSearchParams({ address: address.trim() }).toString()}`,
      placeSchema,
      { signal },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A place in one line, as a person reads an address: "4200 Sawmill Rd, Columbus, OH 43220". */
export function placeLine(place: Pick<Place, 'address1' | 'address2' | 'city' | 'state' | 'postal_code'>): string {
  const street = [place.address1, place.address2].filter((part) => part.trim() !== '').join(' ');
  return [street, place.city, [place.state, place.postal_code].filter(Boolean).join(' ')]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

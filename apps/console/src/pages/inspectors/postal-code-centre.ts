import { placeSchema, type Place } from '@scheduler/contracts/onboarding';
import { ApiError, callApi } from '../../shared/api.ts';

/**
 * Where a postal code is (GET /api/console/geocode, the place at the code's centre), for an
 * inspector's home base. A code the server cannot place is an answer (null), not a failure.
 */
export async function postalCodeCentre(postalCode: string): Promise<Place | null> {
  try {
    return await callApi(`/api/console/geocode?address=${encodeURIComponent(postalCode)}`, placeSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === 'address_not_found') return null;
    throw error;
  }
}

import { z } from 'zod';

/** Why a property's location cannot be served (spec 8.2), from the most to the least general. */
export const LOCATION_CODES = [
  'ERROR_NO_INSPECTORS_FOR_ZIP',
  'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP',
  'ERROR_EXCEEDS_RADIUS',
  'ERROR_EXCEEDS_NEXT_APT_RADIUS',
] as const;
export type LocationCode = (typeof LOCATION_CODES)[number];
export const locationCodeSchema = z.enum(LOCATION_CODES);

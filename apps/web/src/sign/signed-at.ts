import { formatLongDateTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';

/**
 * When the signer signed, with its zone named ("Friday, November 20th 2026 at 1:05 PM EST"): on
 * the office's clock, as the appointment above it is and the signature certificate writes it.
 */
export function signedAtText(at: string, timeZone: string): string {
  return `${formatLongDateTime(wallTimeIn(at, timeZone))} ${zoneAbbreviation(timeZone, Date.parse(at))}`;
}

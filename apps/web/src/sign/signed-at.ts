import { formatLongDateTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { visitorTimeZone, zoneAbbreviation } from '@scheduler/domain/time-zone-text';

/**
 * When the signer signed, on their own clock with its zone named ("Friday, November 20th 2026 at
 * 1:05 PM EST"): the signing view names no office zone, and the signer reads the time they just
 * signed at against the clock in front of them.
 */
export function signedAtText(at: string, timeZone = visitorTimeZone()): string {
  return `${formatLongDateTime(wallTimeIn(at, timeZone))} ${zoneAbbreviation(timeZone, Date.parse(at))}`;
}

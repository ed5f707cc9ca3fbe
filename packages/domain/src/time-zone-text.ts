/**
 * Times are the office's wall time (spec 2.5). A visitor elsewhere must be told whose clock that
 * is, and everyone how long the inspection takes (issue 20, decision 0029).
 */
import { ReadingPerUtcDay } from './availability/zoned-calendar.ts';

/** The visitor's own time zone, as the browser knows it ("America/Los_Angeles"). */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Minutes east of UTC of `timeZone` at `instant`. */
function offsetMinutes(timeZone: string, instant: number): number {
  const wall = new Date(instant).toLocaleString('sv-SE', { timeZone }).replace(' ', 'T');
  return Math.round((Date.parse(`${wall}Z`) - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * Whether a visitor in `visitorZone` would read the office's wall time at `instant` as another
 * time: zones of other names with the same offset then (Detroit and New York) read alike.
 */
export function zonesDiffer(officeZone: string, visitorZone: string, instant: number): boolean {
  if (officeZone === visitorZone) return false;
  return offsetMinutes(officeZone, instant) !== offsetMinutes(visitorZone, instant);
}

/**
 * One formatter per zone, kept: making an Intl.DateTimeFormat costs far more than using one (an
 * order list's CSV names the zone of 1,000 instants; making one each time was a third of its time).
 */
const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();
/** Each zone's short name, read once per UTC day (a year's CSV names the zone of thousands of instants). */
const zoneNames = new Map<string, ReadingPerUtcDay<string>>();

function intlZoneAbbreviation(timeZone: string, instant: number): string {
  let formatter = zoneNameFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNameFormatters.set(timeZone, formatter);
  }
  const part = formatter.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** The office zone's short name at `instant`, as US English writes it ("EST", "PDT"; "GMT+1" where there is none). */
export function zoneAbbreviation(timeZone: string, instant: number): string {
  let names = zoneNames.get(timeZone);
  if (!names) zoneNames.set(timeZone, (names = new ReadingPerUtcDay((at) => intlZoneAbbreviation(timeZone, at))));
  return names.at(instant);
}

/** " EST" after an office time when the visitor's zone reads it differently, else nothing. */
export function zoneSuffix(officeZone: string, instant: number, visitorZone = visitorTimeZone()): string {
  return zonesDiffer(officeZone, visitorZone, instant) ? ` ${zoneAbbreviation(officeZone, instant)}` : '';
}

/**
 * How long an inspection takes, as a person says it: "about 45 minutes", "about 1 hour",
 * "about 3½ hours" (to the nearest half hour from an hour on). Null without a length.
 */
export function lengthText(minutes: number): string | null {
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  if (minutes < 60) return `about ${Math.max(5, Math.round(minutes / 5) * 5)} minutes`;
  const halves = Math.round(minutes / 30);
  const hours = Math.floor(halves / 2);
  const half = halves % 2 === 1 ? '½' : '';
  return `about ${hours}${half} ${hours === 1 && !half ? 'hour' : 'hours'}`;
}

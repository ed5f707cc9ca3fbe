import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import type { BusyEvent } from '../../provider.ts';

/**
 * The property every booking this product writes carries (decision 0089): an event that has it is
 * never read back as busy time (the booking is already a commitment of its own).
 */
export const BOOKING_MARKER = 'X-ONLINE-SCHEDULER-BOOKING';

/** A recurring series is expanded at most this many instances into the window (a guard against an unbounded rule). */
const MAX_INSTANCES_PER_SERIES = 5_000;
/** A series whose instances never reach the window is given up after this many steps. */
const MAX_STEPS_PER_SERIES = 100_000;

function isIanaZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * An iCalendar time as an instant: a date (all-day) at midnight of the calendar's zone; a floating
 * time in the calendar's zone; a TZID that is an IANA name through the platform's zone rules (DST
 * included); any other zone through the VTIMEZONE the object carries (ical.js).
 */
export function instantOf(time: ICAL.Time, calendarZone: string): number {
  const tzid = time.zone?.tzid ?? (time as unknown as { timezone?: string }).timezone ?? 'floating';
  if (!time.isDate && tzid === 'UTC') return time.toUnixTime() * 1000;
  const zone = time.isDate || tzid === 'floating' ? calendarZone : isIanaZone(tzid) ? tzid : null;
  if (zone === null) return time.toUnixTime() * 1000;
  return new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, zone).getTime();
}

/** Whether one instance (the series' master or an exception) keeps its owner busy. */
function keepsBusy(event: ICAL.Component, owner: string | null): boolean {
  if (event.hasProperty(BOOKING_MARKER.toLowerCase())) return false;
  const transparency = String(event.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase();
  if (transparency === 'TRANSPARENT') return false;
  const status = String(event.getFirstPropertyValue('status') ?? 'CONFIRMED').toUpperCase();
  if (status === 'TENTATIVE' || status === 'CANCELLED') return false;
  if (owner) {
    for (const attendee of event.getAllProperties('attendee')) {
      const address = String(attendee.getFirstValue() ?? '')
        .replace(/^mailto:/i, '')
        .toLowerCase();
      if (address === owner && String(attendee.getParameter('partstat') ?? '').toUpperCase() === 'DECLINED')
        return false;
    }
  }
  return true;
}

/** An instance's end: DTEND, else DTSTART plus DURATION, else a day for an all-day event and nothing for a timed one. */
function endOf(start: ICAL.Time, end: ICAL.Time | null, calendarZone: string): number {
  if (end) return instantOf(end, calendarZone);
  const startMs = instantOf(start, calendarZone);
  if (!start.isDate) return startMs;
  const next = start.clone();
  next.addDuration(ICAL.Duration.fromSeconds(86_400));
  return instantOf(next, calendarZone);
}

/**
 * The busy instances of one calendar object resource (its VEVENTs: a single event, or a series with
 * its exceptions) that touch [from, to). Instance ids are `<resource>` for a single event and
 * `<resource>#<recurrence id>` for a series' instances, stable across reads.
 */
export function busyInstances(
  resource: string,
  ics: string,
  window: { from: number; to: number },
  calendarZone: string,
  owner: string | null,
): BusyEvent[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return [];
  }
  // The object's own zone definitions, for TZIDs that are not IANA names (Outlook's "Eastern Standard Time").
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    const timezone = new ICAL.Timezone(zone);
    if (timezone.tzid && !ICAL.TimezoneService.has(timezone.tzid)) ICAL.TimezoneService.register(timezone);
  }
  const events = root.getAllSubcomponents('vevent');
  const master = events.find((event) => !event.hasProperty('recurrence-id'));
  const busy: BusyEvent[] = [];
  const push = (eventId: string, start: number, end: number) => {
    if (end > window.from && start < window.to && end > start) busy.push({ eventId, start, end });
  };
  if (!master || (!master.hasProperty('rrule') && !master.hasProperty('rdate'))) {
    // Single events, or exceptions that came without their master (an invitation to one instance).
    for (const component of events) {
      if (!keepsBusy(component, owner)) continue;
      const event = new ICAL.Event(component);
      if (!event.startDate) continue;
      const recurrence = component.hasProperty('recurrence-id') ? `#${event.recurrenceId.toString()}` : '';
      push(
        `${resource}${recurrence}`,
        instantOf(event.startDate, calendarZone),
        endOf(
          event.startDate,
          component.hasProperty('dtend') || component.hasProperty('duration') ? event.endDate : null,
          calendarZone,
        ),
      );
    }
    return busy;
  }
  const series = new ICAL.Event(master, { strictExceptions: true });
  for (const exception of events) if (exception !== master) series.relateException(exception);
  const iterator = series.iterator();
  const durationMs =
    endOf(
      series.startDate,
      master.hasProperty('dtend') || master.hasProperty('duration') ? series.endDate : null,
      calendarZone,
    ) - instantOf(series.startDate, calendarZone);
  let steps = 0;
  let instances = 0;
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (++steps > MAX_STEPS_PER_SERIES || instances >= MAX_INSTANCES_PER_SERIES) break;
    const details = series.getOccurrenceDetails(next);
    const start = instantOf(details.startDate, calendarZone);
    // An exception may move an instance anywhere; the series' own instances are in order.
    const isException = details.item.component !== master;
    if (!isException && start >= window.to) break;
    const end = isException ? instantOf(details.endDate, calendarZone) : start + durationMs;
    if (end <= window.from && !isException) continue;
    if (!keepsBusy(details.item.component, owner)) continue;
    instances++;
    push(`${resource}#${details.recurrenceId.toString()}`, start, end);
  }
  return busy;
}

import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical from 'ical-generator';
import { calendarQuery, createObject, deleteObject, propfind, updateObject, type DAVResponse } from 'tsdav';
import {
  CalendarAuthError,
  CalendarRateLimitError,
  CalendarUnavailableError,
  EventGoneError,
  type BookingEvent,
  type BusyRead,
  type CalendarProvider,
  type EventRef,
  type ProviderCalendar,
} from '../../provider.ts';
import { BOOKING_MARKER, busyInstances } from './busy-instances.ts';
import { retryAfterMs } from '../../../../http/retry-after.ts';

/** What an inspector gives to connect a CalDAV account (iCloud, Fastmail, Nextcloud, any server). */
export interface CalDavCredentials {
  url: string;
  username: string;
  /** An app password (iCloud and Fastmail ask for one). */
  password: string;
}

export interface CalDavOptions {
  /** Each request's limit; absent: 30 s (a big calendar's query takes a slow server a while). */
  timeoutMs?: number;
  /** The zone of all-day and floating events when the calendar names none (the office's). */
  defaultTimeZone?: string;
}

const DAY_MS = 86_400_000;
const RETRY_AFTER_DEFAULT_MS = 60_000;
/** A server's Retry-After is honoured up to this: a CalDAV server is polled every minute. */
const RETRY_AFTER_MAX_MS = 3_600_000;

/** What `readBusy` passes itself next time: the collection's change tag, and the days of the window it read. */
interface Cursor {
  ctag: string;
  fromDay: number;
  toDay: number;
}

function parseCursor(cursor: string | null): Cursor | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(cursor) as Partial<Cursor>;
    return typeof value.ctag === 'string' && typeof value.fromDay === 'number' && typeof value.toDay === 'number'
      ? { ctag: value.ctag, fromDay: value.fromDay, toDay: value.toDay }
      : null;
  } catch {
    return null;
  }
}

/** RFC 5545's UTC form, as a calendar-query's time-range takes it. */
function utcStamp(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && '_cdata' in (value as object)) return String((value as { _cdata: unknown })._cdata);
  return String(value);
}

function hrefOf(value: unknown): string | null {
  const href = (value as { href?: unknown } | undefined)?.href;
  const first = Array.isArray(href) ? href[0] : href;
  return first === undefined || first === null ? null : String(first);
}

/**
 * A CalDAV account through `tsdav`'s requests (PROPFIND, REPORT, PUT, DELETE), each under a time
 * limit, and `ical.js` to expand what the server returns (decision 0089). Authorisation failures,
 * rate limits and outages become the contract's errors; the password never leaves this object.
 */
export class CalDavProvider implements CalendarProvider {
  readonly kind = 'caldav' as const;
  private readonly authorization: string;
  private readonly timeoutMs: number;
  private readonly defaultTimeZone: string;

  constructor(
    private readonly credentials: CalDavCredentials,
    options: CalDavOptions = {},
  ) {
    this.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.defaultTimeZone = options.defaultTimeZone ?? 'UTC';
  }

  /** Every request: the account's authorisation, a time limit, and the contract's errors for 401, 429 and 5xx. */
  private readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('Authorization', this.authorization);
    let response: Response;
    try {
      response = await fetch(input, { ...init, headers, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const name = (error as { name?: unknown }).name;
      throw new CalendarUnavailableError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new CalendarAuthError(`http_${response.status}`);
    }
    if (response.status === 429 || (response.status === 503 && response.headers.has('retry-after'))) {
      await response.body?.cancel();
      throw new CalendarRateLimitError(
        retryAfterMs(response.headers.get('retry-after'), Date.now(), RETRY_AFTER_MAX_MS) ?? RETRY_AFTER_DEFAULT_MS,
      );
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new CalendarUnavailableError(`http_${response.status}`);
    }
    return response;
  };

  private url(path: string, base: string = this.credentials.url): string {
    return new URL(path, base).toString();
  }

  private async propfindOne(url: string, props: Record<string, unknown>, depth: '0' | '1' = '0') {
    return propfind({ url, props, depth, fetch: this.fetch });
  }

  listCalendars = async (): Promise<ProviderCalendar[]> => {
    const principal = await this.principal();
    const [home] = await this.propfindOne(principal, { 'c:calendar-home-set': {} });
    const homeHref = hrefOf(home?.props?.calendarHomeSet);
    if (!homeHref) throw new CalendarUnavailableError('no_calendar_home');
    const homeUrl = this.url(homeHref, principal);
    const responses = await this.propfindOne(
      homeUrl,
      {
        'd:resourcetype': {},
        'd:displayname': {},
        'd:current-user-privilege-set': {},
        'c:supported-calendar-component-set': {},
        'c:calendar-timezone': {},
      },
      '1',
    );
    const calendars: ProviderCalendar[] = [];
    for (const response of responses) {
      const props = response.props ?? {};
      if (!response.href || !props.resourcetype || !('calendar' in (props.resourcetype as object))) continue;
      const components = JSON.stringify(props.supportedCalendarComponentSet ?? '');
      if (props.supportedCalendarComponentSet && !components.includes('VEVENT')) continue;
      const privileges = JSON.stringify(props.currentUserPrivilegeSet ?? '');
      const id = this.url(response.href, homeUrl);
      calendars.push({
        id,
        name: text(props.displayname) || decodeURIComponent(id.replace(/\/$/, '').split('/').pop() ?? ''),
        primary: false,
        // A server that does not say is taken at its word when a booking is written.
        writable: !props.currentUserPrivilegeSet || /write|all/i.test(privileges),
        timeZone: zoneOf(text(props.calendarTimezone)),
      });
    }
    calendars.sort((a, b) => a.id.localeCompare(b.id));
    const first = calendars.find((calendar) => calendar.writable);
    if (first) first.primary = true;
    return calendars;
  };

  /** The account's principal: from the URL given, else from the server's /.well-known/caldav. */
  private async principal(): Promise<string> {
    for (const candidate of [this.credentials.url, this.url('/.well-known/caldav')]) {
      const [response] = await this.propfindOne(candidate, { 'd:current-user-principal': {} });
      const href = hrefOf(response?.props?.currentUserPrincipal);
      if (href) return this.url(href, candidate);
    }
    throw new CalendarUnavailableError('not_caldav');
  }

  readBusy = async (
    calendarId: string,
    window: { from: number; to: number },
    cursor: string | null,
  ): Promise<BusyRead> => {
    const [collection] = await this.propfindOne(calendarId, {
      'cs:getctag': {},
      'd:sync-token': {},
      'c:calendar-timezone': {},
    });
    if (!collection?.ok && collection?.status === 404) throw new CalendarUnavailableError('calendar_gone');
    const props = collection?.props ?? {};
    const ctag = text(props.getctag) || text(props.syncToken);
    const next: Cursor = { ctag, fromDay: Math.floor(window.from / DAY_MS), toDay: Math.floor(window.to / DAY_MS) };
    const earlier = parseCursor(cursor);
    // The cheap check: the collection has not changed since, and the window covers the same days.
    if (earlier && ctag && earlier.ctag === ctag && earlier.fromDay === next.fromDay && earlier.toDay === next.toDay)
      return { mode: 'changes', busy: [], removed: [], cursor: cursor };
    const zone = zoneOf(text(props.calendarTimezone)) ?? this.defaultTimeZone;
    const responses = await calendarQuery({
      url: calendarId,
      props: { 'd:getetag': {}, 'c:calendar-data': {} },
      filters: {
        'comp-filter': {
          _attributes: { name: 'VCALENDAR' },
          'comp-filter': {
            _attributes: { name: 'VEVENT' },
            'time-range': { _attributes: { start: utcStamp(window.from), end: utcStamp(window.to) } },
          },
        },
      },
      depth: '1',
      fetch: this.fetch,
    });
    failIfRefused(responses);
    const owner = this.credentials.username.toLowerCase();
    const busy = responses.flatMap((response) => {
      const data = text(response.props?.calendarData);
      return response.href && data ? busyInstances(response.href, data, window, zone, owner) : [];
    });
    return { mode: 'full', busy, removed: [], cursor: ctag ? JSON.stringify(next) : null };
  };

  createEvent = async (calendarId: string, event: BookingEvent): Promise<EventRef> => {
    const url = this.resourceUrl(calendarId, event.uid);
    const response = await createObject({
      url,
      data: bookingIcs(event),
      headers: { 'content-type': 'text/calendar; charset=utf-8', 'If-None-Match': '*' },
      fetch: this.fetch,
    });
    await response.body?.cancel();
    // 412: the resource of this uid exists already (an earlier run wrote it): that is the event.
    if (response.status === 412) return { calendarId, eventId: url, etag: await this.etagOf(url) };
    if (!response.ok) throw new CalendarUnavailableError(`http_${response.status}`);
    return { calendarId, eventId: url, etag: response.headers.get('etag') ?? (await this.etagOf(url)) };
  };

  updateEvent = async (ref: EventRef, event: BookingEvent): Promise<EventRef> => {
    let etag = ref.etag ?? '*';
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await updateObject({
        url: ref.eventId,
        data: bookingIcs(event),
        etag,
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
        fetch: this.fetch,
      });
      await response.body?.cancel();
      if (response.ok) return { ...ref, etag: response.headers.get('etag') ?? (await this.etagOf(ref.eventId)) };
      if (response.status === 404 || response.status === 410) throw new EventGoneError();
      if (response.status !== 412) throw new CalendarUnavailableError(`http_${response.status}`);
      // Changed since we wrote it (the inspector's app touched it): ours still, written over once.
      const current = await this.etagOf(ref.eventId);
      if (current === null) throw new EventGoneError();
      etag = current;
    }
    throw new CalendarUnavailableError('etag_conflict');
  };

  deleteEvent = async (ref: EventRef): Promise<void> => {
    const response = await deleteObject({ url: ref.eventId, fetch: this.fetch });
    await response.body?.cancel();
    if (response.ok || response.status === 404 || response.status === 410) return;
    throw new CalendarUnavailableError(`http_${response.status}`);
  };

  private resourceUrl(calendarId: string, uid: string): string {
    const base = calendarId.endsWith('/') ? calendarId : `${calendarId}/`;
    return new URL(`${encodeURIComponent(uid)}.ics`, base).toString();
  }

  /** The resource's ETag now; null when it is not there. */
  private async etagOf(url: string): Promise<string | null> {
    const [response] = await this.propfindOne(url, { 'd:getetag': {} });
    if (!response || response.status === 404) return null;
    const etag = text(response.props?.getetag);
    return etag || null;
  }
}

/** A REPORT the server refused as a whole (not a multistatus). */
function failIfRefused(responses: DAVResponse[]): void {
  const [first] = responses;
  if (responses.length === 1 && first && !first.ok && !first.props && first.status >= 400)
    throw new CalendarUnavailableError(`http_${first.status}`);
}

/** The TZID a calendar-timezone property's VTIMEZONE names, when it is an IANA zone. */
function zoneOf(vtimezone: string): string | null {
  const tzid = /^TZID:(.+)$/m.exec(vtimezone)?.[1]?.trim();
  if (!tzid) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tzid });
    return tzid;
  } catch {
    return null;
  }
}

/** A booking as one iCalendar object, in the office's zone with its VTIMEZONE, marked as ours. */
export function bookingIcs(event: BookingEvent): string {
  const calendar = ical({ prodId: { company: 'online-scheduler', product: 'inspector-booking' } });
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const entry = calendar.createEvent({
    id: event.uid,
    start: new TZDate(event.start, event.timeZone),
    end: new TZDate(event.end, event.timeZone),
    timezone: event.timeZone,
    summary: event.title,
    description: event.description,
    location: event.location,
    stamp: new Date(event.start),
  });
  entry.x([{ key: BOOKING_MARKER, value: '1' }]);
  return calendar.toString();
}

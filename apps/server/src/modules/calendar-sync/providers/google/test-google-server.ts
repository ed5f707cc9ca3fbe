import { ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { FakeOAuthGrants, startStandIn, type StandInAnswer, type StandInRequest } from '../oauth/test-oauth-grants.ts';

/** An event as the stand-in keeps it, in Calendar API v3's wire format (the fields the adapter reads, and a few more). */
export interface FakeGoogleEvent {
  kind: 'calendar#event';
  id: string;
  etag: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  transparency?: 'opaque' | 'transparent';
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  attendees?: Array<{ email: string; self?: boolean; responseStatus: string }>;
  extendedProperties?: { private?: Record<string, string> };
  /** A series' rule: the master is listed only when singleEvents is off. */
  recurrence?: string[];
  /** An instance's series. */
  recurringEventId?: string;
  /** The stand-in's change counter at the last change: what a sync token compares. */
  sequenceOfChange: number;
}

interface FakeCalendar {
  id: string;
  summary: string;
  timeZone: string;
  accessRole: 'owner' | 'writer' | 'reader';
  primary: boolean;
  events: Map<string, FakeGoogleEvent>;
}

/** Google's error envelope: `{error: {code, message, errors: [{domain, reason, message}]}}`. */
function googleError(status: number, reason: string, message: string, headers?: Record<string, string>): StandInAnswer {
  return {
    status,
    body: { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } },
    ...(headers ? { headers } : {}),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const BASE32HEX = /^[a-v0-9]{5,1024}$/;

/**
 * A local HTTP server standing in for Google Calendar API v3 and Google's OAuth endpoints: the
 * calendar list, events.list with singleEvents (a series' instances, its exceptions applied),
 * timeMin/timeMax, paging (maxResults up to 2500) and sync tokens (410 fullSyncRequired once
 * expired), insert with a client-chosen id (409 when taken), get, update, delete (a deleted event
 * stays as cancelled, as Google keeps it), events.watch channels and channels.stop. Access tokens
 * are short-lived and refused with 401 once expired. Tests add and change events, expire sync
 * tokens, queue failures (a 429, a 503) and make it hang.
 */
export class FakeGoogle {
  readonly oauth = new FakeOAuthGrants('google-client', 'google-secret');
  readonly calendars = new Map<string, FakeCalendar>();
  readonly channels = new Map<
    string,
    { id: string; resourceId: string; address: string; token: string; expiration: number; calendarId: string }
  >();
  /** Every API call received (not the token endpoint's). */
  readonly calls: Array<{ method: string; path: string; query: URLSearchParams }> = [];
  /** Answered once each, in order, before any API call is served. */
  readonly queued: StandInAnswer[] = [];
  /** While true no API call is answered. */
  hang = false;
  /**
   * While true, events.watch posts the channel's first message (`sync`) to its address before it
   * answers, as Google may: the statuses it got are kept in `syncAnswers`.
   */
  sendSyncOnWatch = false;
  readonly syncAnswers: number[] = [];
  private sequence = 0;
  private syncTokens = new Map<string, { calendarId: string; sequence: number }>();
  private next = 1;

  private constructor(
    readonly baseUrl: string,
    private readonly stopServer: () => Promise<void>,
  ) {}

  static async start(): Promise<FakeGoogle> {
    // The server answers through the stand-in made once it listens (its address is the stand-in's).
    const made: { fake?: FakeGoogle } = {};
    const { baseUrl, stop } = await startStandIn((request) => made.fake!.handle(request));
    const fake = new FakeGoogle(baseUrl, stop);
    made.fake = fake;
    fake.addCalendar('primary@example.com', { summary: 'Mike', primary: true });
    return fake;
  }

  stop(): Promise<void> {
    return this.stopServer();
  }

  get apiBase(): string {
    return `${this.baseUrl}/calendar/v3`;
  }
  get tokenUrl(): string {
    return `${this.baseUrl}/token`;
  }
  get authorizeUrl(): string {
    return `${this.baseUrl}/o/oauth2/v2/auth`;
  }

  addCalendar(
    id: string,
    input: { summary: string; timeZone?: string; accessRole?: 'owner' | 'writer' | 'reader'; primary?: boolean },
  ): void {
    this.calendars.set(id, {
      id,
      summary: input.summary,
      timeZone: input.timeZone ?? 'America/New_York',
      accessRole: input.accessRole ?? 'owner',
      primary: input.primary ?? false,
      events: new Map(),
    });
  }

  private calendar(id: string): FakeCalendar {
    const calendar = this.calendars.get(id);
    if (!calendar) throw new Error(`no calendar ${id}`);
    return calendar;
  }

  private store(
    calendarId: string,
    event: Omit<FakeGoogleEvent, 'kind' | 'etag' | 'sequenceOfChange'>,
  ): FakeGoogleEvent {
    this.sequence += 1;
    const stored: FakeGoogleEvent = {
      kind: 'calendar#event',
      ...event,
      etag: `"${this.sequence}"`,
      sequenceOfChange: this.sequence,
    };
    this.calendar(calendarId).events.set(stored.id, stored);
    return stored;
  }

  /** An event the inspector made in Google Calendar (timed: instants; all-day: `date`s, end exclusive). */
  addEvent(
    calendarId: string,
    input: Partial<Omit<FakeGoogleEvent, 'kind' | 'etag' | 'sequenceOfChange'>> &
      ({ start: number; end: number } | { date: string; endDate: string }),
  ): FakeGoogleEvent {
    const {
      start: _start,
      end: _end,
      date: _date,
      endDate: _endDate,
      ...rest
    } = input as typeof input & {
      start?: unknown;
      end?: unknown;
      date?: unknown;
      endDate?: unknown;
    };
    const times =
      'date' in input
        ? { start: { date: input.date }, end: { date: input.endDate } }
        : {
            start: { dateTime: new Date(input.start).toISOString() },
            end: { dateTime: new Date(input.end).toISOString() },
          };
    return this.store(calendarId, { id: `ev${this.next++}`, status: 'confirmed', ...rest, ...times });
  }

  /**
   * A daily series of `count` instances from `start`, as Google expands it for singleEvents: the
   * instances' ids are `<series>_<start as yyyymmddThhmmssZ>`; `moved` shifts an instance (an
   * exception), `cancelled` removes one.
   */
  addDailySeries(
    calendarId: string,
    input: { start: number; durationMs: number; count: number; moved?: Record<number, number>; cancelled?: number[] },
  ): { seriesId: string; instanceIds: string[] } {
    const seriesId = `series${this.next++}`;
    const iso = (instant: number) => new Date(instant).toISOString();
    this.store(calendarId, {
      id: seriesId,
      status: 'confirmed',
      start: { dateTime: iso(input.start) },
      end: { dateTime: iso(input.start + input.durationMs) },
      recurrence: [`RRULE:FREQ=DAILY;COUNT=${input.count}`],
    });
    const instanceIds: string[] = [];
    for (let index = 0; index < input.count; index += 1) {
      const original = input.start + index * DAY_MS;
      const id = `${seriesId}_${iso(original)
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`;
      const start = input.moved?.[index] ?? original;
      instanceIds.push(id);
      this.store(calendarId, {
        id,
        status: input.cancelled?.includes(index) ? 'cancelled' : 'confirmed',
        recurringEventId: seriesId,
        start: { dateTime: iso(start) },
        end: { dateTime: iso(start + input.durationMs) },
      });
    }
    return { seriesId, instanceIds };
  }

  /** The inspector edits an event in Google Calendar. */
  changeEvent(calendarId: string, id: string, change: Partial<Omit<FakeGoogleEvent, 'kind' | 'id'>>): void {
    const event = this.calendar(calendarId).events.get(id)!;
    this.store(calendarId, { ...event, ...change, id });
  }

  /** The inspector deletes an event in Google Calendar: it stays, cancelled, for sync tokens to report. */
  deleteEvent(calendarId: string, id: string): void {
    this.changeEvent(calendarId, id, { status: 'cancelled' });
  }

  /** The events of a calendar that are not deleted. */
  liveEvents(calendarId: string): FakeGoogleEvent[] {
    return [...this.calendar(calendarId).events.values()].filter((event) => event.status !== 'cancelled');
  }

  /** Google forgets every sync token it gave (they expire, or Google decides so): the next use is 410. */
  expireSyncTokens(): void {
    this.syncTokens.clear();
  }

  /** What Google POSTs to a channel's address when its calendar changes (Calendar API "Push notifications"). */
  async notify(channelId: string, state: 'sync' | 'exists' = 'exists'): Promise<number> {
    const channel = this.channels.get(channelId)!;
    const response = await fetch(channel.address, {
      method: 'POST',
      headers: {
        'X-Goog-Channel-ID': channel.id,
        'X-Goog-Channel-Token': channel.token,
        'X-Goog-Channel-Expiration': new Date(channel.expiration).toUTCString(),
        'X-Goog-Resource-ID': channel.resourceId,
        'X-Goog-Resource-URI': `${this.apiBase}/calendars/${encodeURIComponent(channel.calendarId)}/events?alt=json`,
        'X-Goog-Resource-State': state,
        'X-Goog-Message-Number': String(this.next++),
      },
    });
    return response.status;
  }

  private instantOf(time: FakeGoogleEvent['start'], timeZone: string): number {
    if (time.dateTime !== undefined) return Date.parse(time.dateTime);
    return ZonedCalendar.of(timeZone).toInstant(time.date!, 0)!;
  }

  private async handle(request: StandInRequest): Promise<StandInAnswer> {
    const { method, url } = request;
    if (method === 'POST' && url.pathname === '/token') return this.oauth.token(new URLSearchParams(request.body));
    if (method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return this.oauth.consent(url);
    if (this.hang) return 'hang';
    this.calls.push({ method, path: url.pathname, query: url.searchParams });
    const queued = this.queued.shift();
    if (queued !== undefined) return queued;
    if (!this.oauth.authorizes(request.headers.authorization))
      return googleError(401, 'authError', 'Invalid Credentials', {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/"',
      });
    const path = url.pathname.replace(/^\/calendar\/v3/, '');
    const body = request.body === '' ? {} : (JSON.parse(request.body) as Record<string, unknown>);
    if (method === 'GET' && path === '/users/me/calendarList') return this.calendarList();
    if (method === 'POST' && path === '/channels/stop') {
      if (!this.channels.delete(String(body.id))) return googleError(404, 'notFound', 'Channel not found');
      return { status: 204 };
    }
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    const calendar = match ? this.calendars.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !calendar) return googleError(404, 'notFound', 'Not Found');
    const eventId = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
    if (eventId === 'watch' && method === 'POST') return this.watch(calendar, body);
    if (eventId === undefined && method === 'GET') return this.list(calendar, url.searchParams);
    if (eventId === undefined && method === 'POST') return this.insert(calendar, body);
    const existing = eventId === undefined ? undefined : calendar.events.get(eventId);
    if (!existing) return googleError(404, 'notFound', 'Not Found');
    if (method === 'GET') return { status: 200, body: this.wire(existing) };
    if (method === 'PUT') {
      const written = this.store(calendar.id, {
        ...this.fromBody(body),
        id: existing.id,
        status: (body.status as FakeGoogleEvent['status'] | undefined) ?? existing.status,
      });
      return { status: 200, body: this.wire(written) };
    }
    if (method === 'DELETE') {
      if (existing.status === 'cancelled') return googleError(410, 'deleted', 'Resource has been deleted');
      this.deleteEvent(calendar.id, existing.id);
      return { status: 204 };
    }
    return googleError(405, 'methodNotAllowed', 'Method Not Allowed');
  }

  /** The wire form: the stand-in's own bookkeeping left out. */
  private wire(event: FakeGoogleEvent): Omit<FakeGoogleEvent, 'sequenceOfChange'> {
    const { sequenceOfChange: _sequence, ...wire } = event;
    return wire;
  }

  private fromBody(
    body: Record<string, unknown>,
  ): Omit<FakeGoogleEvent, 'kind' | 'etag' | 'sequenceOfChange' | 'id' | 'status'> {
    return {
      summary: body.summary as string,
      description: body.description as string,
      location: body.location as string,
      transparency: body.transparency as 'opaque' | 'transparent',
      start: body.start as FakeGoogleEvent['start'],
      end: body.end as FakeGoogleEvent['end'],
      ...(body.extendedProperties
        ? { extendedProperties: body.extendedProperties as FakeGoogleEvent['extendedProperties'] }
        : {}),
    };
  }

  private calendarList(): StandInAnswer {
    return {
      status: 200,
      body: {
        kind: 'calendar#calendarList',
        items: [...this.calendars.values()].map((calendar) => ({
          kind: 'calendar#calendarListEntry',
          id: calendar.id,
          summary: calendar.summary,
          timeZone: calendar.timeZone,
          accessRole: calendar.accessRole,
          ...(calendar.primary ? { primary: true } : {}),
        })),
      },
    };
  }

  private insert(calendar: FakeCalendar, body: Record<string, unknown>): StandInAnswer {
    const id = typeof body.id === 'string' ? body.id : `ev${this.next++}`;
    if (!BASE32HEX.test(id)) return googleError(400, 'invalid', 'Invalid resource id value.');
    if (calendar.events.has(id)) return googleError(409, 'duplicate', 'The requested identifier already exists.');
    const stored = this.store(calendar.id, { ...this.fromBody(body), id, status: 'confirmed' });
    return { status: 200, body: this.wire(stored) };
  }

  private list(calendar: FakeCalendar, query: URLSearchParams): StandInAnswer {
    const syncToken = query.get('syncToken');
    if (syncToken !== null && (query.has('timeMin') || query.has('timeMax')))
      return googleError(400, 'invalid', 'Sync token cannot be used with timeMin or timeMax.');
    const singleEvents = query.get('singleEvents') === 'true';
    const maxResults = Math.min(Number(query.get('maxResults') ?? '250'), 2500);
    let since: number | null = null;
    if (syncToken !== null) {
      const known = this.syncTokens.get(syncToken);
      if (!known || known.calendarId !== calendar.id)
        return googleError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.');
      since = known.sequence;
    }
    // A page token pins the sequence the listing started at, so a change between pages waits for the next sync.
    const pageToken = query.get('pageToken');
    const [offset, asOf] = pageToken === null ? [0, this.sequence] : pageToken.split('.').map(Number);
    const timeMin = query.has('timeMin') ? Date.parse(query.get('timeMin')!) : -Infinity;
    const timeMax = query.has('timeMax') ? Date.parse(query.get('timeMax')!) : Infinity;
    const matching = [...calendar.events.values()].filter((event) => {
      if (event.sequenceOfChange > asOf!) return false;
      if (singleEvents ? event.recurrence !== undefined : event.recurringEventId !== undefined) return false;
      if (since !== null) return event.sequenceOfChange > since;
      if (event.status === 'cancelled') return false;
      return (
        this.instantOf(event.start, calendar.timeZone) < timeMax &&
        this.instantOf(event.end, calendar.timeZone) > timeMin
      );
    });
    const page = matching.slice(offset, offset! + maxResults);
    const more = offset! + maxResults < matching.length;
    const answer: Record<string, unknown> = {
      kind: 'calendar#events',
      summary: calendar.summary,
      timeZone: calendar.timeZone,
      items: page.map((event) => this.wire(event)),
    };
    if (more) answer.nextPageToken = `${offset! + maxResults}.${asOf}`;
    else {
      const token = `sync_${this.next++}`;
      this.syncTokens.set(token, { calendarId: calendar.id, sequence: asOf! });
      answer.nextSyncToken = token;
    }
    return { status: 200, body: answer };
  }

  private async watch(calendar: FakeCalendar, body: Record<string, unknown>): Promise<StandInAnswer> {
    if (body.type !== 'web_hook' || typeof body.address !== 'string' || typeof body.id !== 'string')
      return googleError(400, 'invalid', 'Invalid channel');
    const channel = {
      id: body.id,
      resourceId: `res_${this.next++}`,
      address: body.address,
      token: typeof body.token === 'string' ? body.token : '',
      // Google caps a channel's life (a week for events); it answers the expiration it granted.
      expiration: Math.min(Number(body.expiration ?? Infinity), this.oauth.now() + 7 * DAY_MS),
      calendarId: calendar.id,
    };
    this.channels.set(channel.id, channel);
    if (this.sendSyncOnWatch) this.syncAnswers.push(await this.notify(channel.id, 'sync'));
    return {
      status: 200,
      body: {
        kind: 'api#channel',
        id: channel.id,
        resourceId: channel.resourceId,
        resourceUri: `${this.apiBase}/calendars/${encodeURIComponent(calendar.id)}/events?alt=json`,
        token: channel.token,
        expiration: String(channel.expiration),
      },
    };
  }
}

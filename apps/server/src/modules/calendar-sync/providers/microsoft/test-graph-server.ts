import { ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { FakeOAuthGrants, startStandIn, type StandInAnswer, type StandInRequest } from '../oauth/test-oauth-grants.ts';

/** An event as the stand-in keeps it: Graph's fields, times as instants (timed) or dates (all-day). */
export interface FakeGraphEvent {
  id: string;
  subject: string;
  type: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster';
  seriesMasterId?: string;
  showAs: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
  isCancelled: boolean;
  isAllDay: boolean;
  /** Timed: epoch ms. All-day: the first day and the day after the last, yyyy-mm-dd. */
  start: number | string;
  end: number | string;
  responseStatus: { response: 'none' | 'organizer' | 'accepted' | 'tentativelyAccepted' | 'declined' | 'notResponded' };
  transactionId: string | null;
  singleValueExtendedProperties: Array<{ id: string; value: string }>;
  body?: { contentType: string; content: string };
  location?: { displayName: string };
  changeKey: string;
  sequenceOfChange: number;
}

interface FakeGraphCalendar {
  id: string;
  name: string;
  isDefaultCalendar: boolean;
  canEdit: boolean;
  events: Map<string, FakeGraphEvent>;
  /** Deleted events' ids and when: what a delta round reports as @removed. */
  removed: Map<string, number>;
}

interface DeltaState {
  calendarId: string;
  start: number;
  end: number;
  /** Changes after this sequence (null: a full round). */
  since: number | null;
  asOf: number;
  offset: number;
  /** The round's entries, listed on its first page: later pages are slices of the same listing. */
  entries?: Array<Record<string, unknown>>;
}

/** Graph's error envelope: `{error: {code, message}}`. */
function graphError(status: number, code: string, message: string, headers?: Record<string, string>): StandInAnswer {
  return { status, body: { error: { code, message } }, ...(headers ? { headers } : {}) };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Graph's wire form of a UTC time: seven fraction digits, no zone letter. */
const graphUtc = (instant: number) => new Date(instant).toISOString().replace(/\.(\d{3})Z$/, '.$10000');

/**
 * A local HTTP server standing in for Microsoft Graph v1.0's calendars and the Microsoft identity
 * platform's v2.0 endpoints: /me/calendars, /me/mailboxSettings, calendarView/delta with
 * startDateTime/endDateTime (a series' occurrences and exceptions, @odata.nextLink pages of
 * `Prefer: odata.maxpagesize`, a @odata.deltaLink, @removed entries, 410 SyncStateNotFound once
 * expired), events created with a transactionId (409 when used before), found by an extended
 * property's value, patched and deleted, and /subscriptions with Graph's validation handshake and
 * clientState. Access tokens are short-lived and refused with 401 once expired. Tests add and
 * change events, expire delta links, queue failures and make it hang.
 */
export class FakeGraph {
  readonly oauth = new FakeOAuthGrants('graph-client', 'graph-secret');
  readonly calendars = new Map<string, FakeGraphCalendar>();
  readonly subscriptions = new Map<
    string,
    { id: string; notificationUrl: string; clientState: string; resource: string; expirationDateTime: string }
  >();
  readonly calls: Array<{ method: string; path: string; query: URLSearchParams; prefer: string | undefined }> = [];
  readonly queued: StandInAnswer[] = [];
  hang = false;
  /** mailboxSettings.timeZone: Outlook keeps a Windows zone name. */
  mailboxTimeZone = 'Eastern Standard Time';
  private sequence = 0;
  private readonly deltaTokens = new Map<string, DeltaState>();
  private readonly usedTransactionIds = new Set<string>();
  private next = 1;

  private constructor(
    readonly baseUrl: string,
    private readonly stopServer: () => Promise<void>,
  ) {}

  static async start(): Promise<FakeGraph> {
    // The server answers through the stand-in made once it listens (its address is the stand-in's).
    const made: { fake?: FakeGraph } = {};
    const { baseUrl, stop } = await startStandIn((request) => made.fake!.handle(request));
    const fake = new FakeGraph(baseUrl, stop);
    made.fake = fake;
    fake.addCalendar('AAMkCalendar', { name: 'Calendar', isDefaultCalendar: true });
    return fake;
  }

  stop(): Promise<void> {
    return this.stopServer();
  }

  get apiBase(): string {
    return `${this.baseUrl}/v1.0`;
  }
  get tokenUrl(): string {
    return `${this.baseUrl}/common/oauth2/v2.0/token`;
  }
  get authorizeUrl(): string {
    return `${this.baseUrl}/common/oauth2/v2.0/authorize`;
  }

  addCalendar(id: string, input: { name: string; isDefaultCalendar?: boolean; canEdit?: boolean }): void {
    this.calendars.set(id, {
      id,
      name: input.name,
      isDefaultCalendar: input.isDefaultCalendar ?? false,
      canEdit: input.canEdit ?? true,
      events: new Map(),
      removed: new Map(),
    });
  }

  private calendar(id: string): FakeGraphCalendar {
    const calendar = this.calendars.get(id);
    if (!calendar) throw new Error(`no calendar ${id}`);
    return calendar;
  }

  private store(calendarId: string, event: Omit<FakeGraphEvent, 'changeKey' | 'sequenceOfChange'>): FakeGraphEvent {
    this.sequence += 1;
    const stored = { ...event, changeKey: `ck${this.sequence}`, sequenceOfChange: this.sequence };
    this.calendar(calendarId).events.set(stored.id, stored);
    return stored;
  }

  /** An event the inspector made in Outlook. */
  addEvent(
    calendarId: string,
    input: Partial<FakeGraphEvent> & { start: number | string; end: number | string },
  ): FakeGraphEvent {
    return this.store(calendarId, {
      id: `AAMkEv${this.next++}`,
      subject: 'Busy',
      type: 'singleInstance',
      showAs: 'busy',
      isCancelled: false,
      isAllDay: typeof input.start === 'string',
      responseStatus: { response: 'organizer' },
      transactionId: null,
      singleValueExtendedProperties: [],
      ...input,
    });
  }

  /** A daily series: a master and its occurrences; `moved` makes exceptions, `cancelled` drops occurrences. */
  addDailySeries(
    calendarId: string,
    input: { start: number; durationMs: number; count: number; moved?: Record<number, number>; cancelled?: number[] },
  ): { seriesId: string; occurrenceIds: string[] } {
    const master = this.addEvent(calendarId, {
      type: 'seriesMaster',
      start: input.start,
      end: input.start + input.durationMs,
    });
    const occurrenceIds: string[] = [];
    for (let index = 0; index < input.count; index += 1) {
      const id = `${master.id}_occ${index}`;
      occurrenceIds.push(id);
      if (input.cancelled?.includes(index)) continue;
      const moved = input.moved?.[index];
      const start = moved ?? input.start + index * DAY_MS;
      this.addEvent(calendarId, {
        id,
        type: moved === undefined ? 'occurrence' : 'exception',
        seriesMasterId: master.id,
        start,
        end: start + input.durationMs,
      });
    }
    return { seriesId: master.id, occurrenceIds };
  }

  changeEvent(calendarId: string, id: string, change: Partial<FakeGraphEvent>): void {
    const event = this.calendar(calendarId).events.get(id)!;
    this.store(calendarId, { ...event, ...change, id });
  }

  /** The inspector deletes an event in Outlook: gone, and reported @removed to a delta round. */
  deleteEvent(calendarId: string, id: string): void {
    const calendar = this.calendar(calendarId);
    calendar.events.delete(id);
    this.sequence += 1;
    calendar.removed.set(id, this.sequence);
  }

  liveEvents(calendarId: string): FakeGraphEvent[] {
    return [...this.calendar(calendarId).events.values()];
  }

  /** Graph forgets every delta token (they expire): the next use is 410 SyncStateNotFound. */
  expireDeltaLinks(): void {
    this.deltaTokens.clear();
  }

  /** What Graph POSTs to a subscription's notification URL when an event changes. */
  async notify(subscriptionId: string, eventId: string, changeType = 'updated'): Promise<number> {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const response = await fetch(subscription.notificationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        value: [
          {
            subscriptionId,
            subscriptionExpirationDateTime: subscription.expirationDateTime,
            changeType,
            resource: `Users/u1/Events/${eventId}`,
            resourceData: {
              '@odata.type': '#Microsoft.Graph.Event',
              '@odata.id': `Users/u1/Events/${eventId}`,
              id: eventId,
            },
            clientState: subscription.clientState,
            tenantId: 'tenant-1',
          },
        ],
      }),
    });
    return response.status;
  }

  private instants(event: FakeGraphEvent, timeZone: string): { start: number; end: number } {
    const at = (value: number | string) =>
      typeof value === 'number' ? value : ZonedCalendar.of(timeZone).toInstant(value, 0)!;
    return { start: at(event.start), end: at(event.end) };
  }

  /** The wire form, times in UTC as `Prefer: outlook.timezone="UTC"` asks; all-day days as UTC midnights (floating). */
  private wire(event: FakeGraphEvent): Record<string, unknown> {
    const time = (value: number | string) => ({
      dateTime: typeof value === 'number' ? graphUtc(value) : `${value}T00:00:00.0000000`,
      timeZone: 'UTC',
    });
    const { sequenceOfChange: _sequence, singleValueExtendedProperties: _properties, start, end, ...rest } = event;
    return { ...rest, '@odata.etag': `W/"${event.changeKey}"`, start: time(start), end: time(end) };
  }

  private async handle(request: StandInRequest): Promise<StandInAnswer> {
    const { method, url } = request;
    if (method === 'POST' && url.pathname === '/common/oauth2/v2.0/token')
      return this.oauth.token(new URLSearchParams(request.body));
    if (method === 'GET' && url.pathname === '/common/oauth2/v2.0/authorize') return this.oauth.consent(url);
    if (this.hang) return 'hang';
    const prefer = request.headers.prefer as string | undefined;
    this.calls.push({ method, path: url.pathname, query: url.searchParams, prefer });
    const queued = this.queued.shift();
    if (queued !== undefined) return queued;
    if (!this.oauth.authorizes(request.headers.authorization))
      return graphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
    const path = url.pathname.replace(/^\/v1\.0/, '');
    const body = request.body === '' ? {} : (JSON.parse(request.body) as Record<string, unknown>);
    if (method === 'GET' && path === '/me/mailboxSettings')
      return { status: 200, body: { timeZone: this.mailboxTimeZone } };
    if (method === 'GET' && path === '/me/calendars')
      return {
        status: 200,
        body: {
          value: [...this.calendars.values()].map(({ id, name, isDefaultCalendar, canEdit }) => ({
            id,
            name,
            isDefaultCalendar,
            canEdit,
          })),
        },
      };
    if (method === 'POST' && path === '/subscriptions') return this.subscribe(body);
    const subscription = /^\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && subscription) {
      if (!this.subscriptions.delete(decodeURIComponent(subscription[1]!)))
        return graphError(404, 'ResourceNotFound', 'Not found');
      return { status: 204 };
    }
    const match = /^\/me\/calendars\/([^/]+)\/(calendarView\/delta|events)(?:\/([^/]+))?$/.exec(path);
    const calendar = match ? this.calendars.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !calendar)
      return graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    if (match[2] === 'calendarView/delta' && method === 'GET') return this.delta(calendar, url.searchParams, prefer);
    const eventId = match[3] === undefined ? undefined : decodeURIComponent(match[3]);
    if (eventId === undefined && method === 'POST') return this.create(calendar, body);
    if (eventId === undefined && method === 'GET')
      return this.findByProperty(calendar, url.searchParams.get('$filter') ?? '');
    const existing = eventId === undefined ? undefined : calendar.events.get(eventId);
    if (!existing) return graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    if (method === 'PATCH') {
      const written = this.store(calendar.id, { ...existing, ...this.fromBody(body) });
      return { status: 200, body: this.wire(written) };
    }
    if (method === 'DELETE') {
      this.deleteEvent(calendar.id, existing.id);
      return { status: 204 };
    }
    if (method === 'GET') return { status: 200, body: this.wire(existing) };
    return graphError(405, 'ErrorInvalidRequest', 'Method not allowed');
  }

  private fromBody(body: Record<string, unknown>): Partial<FakeGraphEvent> {
    const instant = (time: unknown) => {
      const { dateTime, timeZone } = time as { dateTime: string; timeZone: string };
      if (timeZone !== 'UTC') throw new Error(`the stand-in reads UTC times only, not ${timeZone}`);
      return Date.parse(`${dateTime}Z`);
    };
    const change: Partial<FakeGraphEvent> = {};
    if (typeof body.subject === 'string') change.subject = body.subject;
    if (body.body) change.body = body.body as FakeGraphEvent['body'];
    if (body.location) change.location = body.location as FakeGraphEvent['location'];
    if (typeof body.showAs === 'string') change.showAs = body.showAs as FakeGraphEvent['showAs'];
    if (body.start) change.start = instant(body.start);
    if (body.end) change.end = instant(body.end);
    return change;
  }

  private create(calendar: FakeGraphCalendar, body: Record<string, unknown>): StandInAnswer {
    const transactionId = typeof body.transactionId === 'string' ? body.transactionId : null;
    if (transactionId !== null && this.usedTransactionIds.has(transactionId))
      return graphError(
        409,
        'ErrorDuplicateTransactionId',
        'Your request can\u2019t be completed. A transaction with the same ID already exists.',
      );
    if (transactionId !== null) this.usedTransactionIds.add(transactionId);
    const created = this.addEvent(calendar.id, {
      start: 0,
      end: 0,
      ...this.fromBody(body),
      isAllDay: false,
      transactionId,
      singleValueExtendedProperties:
        (body.singleValueExtendedProperties as FakeGraphEvent['singleValueExtendedProperties']) ?? [],
    });
    return { status: 201, body: this.wire(created) };
  }

  /** `$filter=singleValueExtendedProperties/Any(ep: ep/id eq '…' and ep/value eq '…')`, the one filter the adapter sends. */
  private findByProperty(calendar: FakeGraphCalendar, filter: string): StandInAnswer {
    const match = /^singleValueExtendedProperties\/Any\(ep: ep\/id eq '(.+)' and ep\/value eq '((?:[^']|'')*)'\)$/.exec(
      filter,
    );
    if (!match) return graphError(400, 'ErrorInvalidUrlQueryFilter', 'The filter is not supported by the stand-in.');
    const [id, value] = [match[1]!.toLowerCase(), match[2]!.replaceAll("''", "'")];
    const found = [...calendar.events.values()].filter((event) =>
      event.singleValueExtendedProperties.some(
        (property) => property.id.toLowerCase() === id && property.value === value,
      ),
    );
    return {
      status: 200,
      body: { value: found.map((event) => ({ id: event.id, '@odata.etag': `W/"${event.changeKey}"` })) },
    };
  }

  private delta(calendar: FakeGraphCalendar, query: URLSearchParams, prefer: string | undefined): StandInAnswer {
    const pageSize = Math.min(Number(/odata\.maxpagesize=(\d+)/.exec(prefer ?? '')?.[1] ?? '10'), 1000);
    const token = query.get('$deltatoken') ?? query.get('$skiptoken');
    let state: DeltaState;
    if (token !== null) {
      const known = this.deltaTokens.get(token);
      if (!known) return graphError(410, 'SyncStateNotFound', 'The sync state generation is not found.');
      state = query.has('$deltatoken') ? { ...known, since: known.asOf, asOf: this.sequence, offset: 0 } : known;
    } else {
      const start = Date.parse(query.get('startDateTime') ?? '');
      const end = Date.parse(query.get('endDateTime') ?? '');
      if (Number.isNaN(start) || Number.isNaN(end))
        return graphError(400, 'ErrorInvalidParameter', 'startDateTime and endDateTime are required.');
      state = { calendarId: calendar.id, start, end, since: null, asOf: this.sequence, offset: 0 };
    }
    const timeZone = this.mailboxZone();
    const inView = (event: FakeGraphEvent) => {
      const { start, end } = this.instants(event, timeZone);
      return event.type !== 'seriesMaster' && start < state.end && end > state.start;
    };
    const entries: Array<Record<string, unknown>> = state.entries ?? [];
    if (state.entries === undefined)
      for (const event of calendar.events.values()) {
        if (event.sequenceOfChange > state.asOf) continue;
        if (state.since === null) {
          if (inView(event)) entries.push(this.wire(event));
        } else if (event.sequenceOfChange > state.since && event.type !== 'seriesMaster') {
          // An event moved out of the view leaves it: @removed, as Graph reports it.
          entries.push(inView(event) ? this.wire(event) : { id: event.id, '@removed': { reason: 'deleted' } });
        }
      }
    if (state.entries === undefined && state.since !== null)
      for (const [id, at] of calendar.removed)
        if (at > state.since && at <= state.asOf) entries.push({ id, '@removed': { reason: 'deleted' } });
    const page = entries.slice(state.offset, state.offset + pageSize);
    const link = `${this.apiBase}/me/calendars/${encodeURIComponent(calendar.id)}/calendarView/delta`;
    const answer: Record<string, unknown> = {
      '@odata.context': `${this.apiBase}/$metadata#Collection(event)`,
      value: page,
    };
    const key = `tok${this.next++}`;
    if (state.offset + pageSize < entries.length) {
      this.deltaTokens.set(key, { ...state, offset: state.offset + pageSize, entries });
      answer['@odata.nextLink'] = `${link}?$skiptoken=${key}`;
    } else {
      this.deltaTokens.set(key, { ...state, offset: 0, entries: undefined });
      answer['@odata.deltaLink'] = `${link}?$deltatoken=${key}`;
    }
    return { status: 200, body: answer };
  }

  private mailboxZone(): string {
    return this.mailboxTimeZone === 'Eastern Standard Time' ? 'America/New_York' : this.mailboxTimeZone;
  }

  /** POST /subscriptions: Graph first checks the notification URL answers its validationToken. */
  private async subscribe(body: Record<string, unknown>): Promise<StandInAnswer> {
    const notificationUrl = String(body.notificationUrl);
    const validationToken = `Validation: Testing client application reachability for subscription Request-Id: ${this.next++}`;
    const check = await fetch(`${notificationUrl}?validationToken=${encodeURIComponent(validationToken)}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (check === null || check.status !== 200 || (await check.text()) !== validationToken)
      return graphError(
        400,
        'ValidationError',
        'Subscription validation request failed. Response must exactly match validationToken query parameter.',
      );
    const id = `sub-${this.next++}`;
    const expiration = Math.min(Date.parse(String(body.expirationDateTime)), this.oauth.now() + 10_080 * 60 * 1000);
    const created = {
      id,
      notificationUrl,
      clientState: String(body.clientState ?? ''),
      resource: String(body.resource),
      expirationDateTime: new Date(expiration).toISOString(),
    };
    this.subscriptions.set(id, created);
    return { status: 201, body: { ...created, changeType: body.changeType } };
  }
}

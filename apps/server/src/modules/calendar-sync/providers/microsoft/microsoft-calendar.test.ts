import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CalendarAuthError,
  CalendarRateLimitError,
  CalendarUnavailableError,
  EventGoneError,
  type CalendarProvider,
  type OAuthTokens,
} from '../../provider.ts';
import { pushTokenMatches } from '../oauth/provider-http.ts';
import { bookingEvent, DAY, HOUR, T0, WINDOW } from '../oauth/test-calendar-fixtures.ts';
import { graphValidationToken, parseGraphNotifications, type GraphNotification } from './graph-push.ts';
import {
  createMicrosoftCalendarProvider,
  createMicrosoftOAuthClient,
  GRAPH_MARKER_ID,
  GRAPH_TRANSACTION_PREFIX,
} from './microsoft-calendar.ts';
import { FakeGraph } from './test-graph-server.ts';

const CAL = 'AAMkCalendar';

let graph: FakeGraph;
let stored: OAuthTokens[];
let grantId: string;
let initial: OAuthTokens;

function oauthClient() {
  return createMicrosoftOAuthClient({
    clientId: 'graph-client',
    clientSecret: 'graph-secret',
    authorizeUrl: graph.authorizeUrl,
    tokenUrl: graph.tokenUrl,
  });
}

function provider(options: { now?: () => number; timeoutMs?: number; pageSize?: number } = {}): CalendarProvider {
  const granted = graph.oauth.grant();
  grantId = granted.grantId;
  initial = granted;
  return createMicrosoftCalendarProvider({
    tokens: granted,
    onTokens: (tokens) => void stored.push(tokens),
    oauth: oauthClient(),
    defaultTimeZone: 'America/Chicago',
    apiBase: graph.apiBase,
    ...options,
  });
}

const booking = bookingEvent;

beforeEach(async () => {
  graph = await FakeGraph.start();
  stored = [];
});
afterEach(() => graph.stop());

describe('Microsoft Graph adapter against the stand-in', () => {
  it("lists the calendars: the default one, writable by canEdit, the mailbox's zone", async () => {
    graph.addCalendar('AAMkShared', { name: 'Team', canEdit: false });
    expect(await provider().listCalendars()).toEqual([
      { id: CAL, name: 'Calendar', primary: true, writable: true, timeZone: 'America/New_York' },
      { id: 'AAMkShared', name: 'Team', primary: false, writable: false, timeZone: 'America/New_York' },
    ]);
    graph.mailboxTimeZone = 'Nowhere Standard Time';
    expect((await provider().listCalendars())[0]!.timeZone).toBe('America/Chicago');
  });

  it('reads the window in full, then only what changed (delta link): added, moved, deleted', async () => {
    const calendar = provider();
    const kept = graph.addEvent(CAL, { start: T0 + 10 * HOUR, end: T0 + 11 * HOUR });
    const moved = graph.addEvent(CAL, { start: T0 + DAY, end: T0 + DAY + HOUR });
    const deleted = graph.addEvent(CAL, { start: T0 + 2 * DAY, end: T0 + 2 * DAY + HOUR });
    graph.addEvent(CAL, { start: T0 + 40 * DAY, end: T0 + 40 * DAY + HOUR });
    const full = await calendar.readBusy(CAL, WINDOW, null);
    expect(full.mode).toBe('full');
    expect(full.busy.map((event) => event.eventId).sort()).toEqual([kept.id, moved.id, deleted.id].sort());
    expect(full.cursor).toContain('$deltatoken=');
    expect(
      graph.calls.every(
        (call) => call.path.endsWith('/mailboxSettings') || call.prefer?.includes('outlook.timezone="UTC"'),
      ),
    ).toBe(true);

    const added = graph.addEvent(CAL, { start: T0 + 3 * DAY, end: T0 + 3 * DAY + HOUR });
    graph.changeEvent(CAL, moved.id, { start: T0 + DAY + 5 * HOUR, end: T0 + DAY + 6 * HOUR });
    graph.deleteEvent(CAL, deleted.id);
    const changes = await calendar.readBusy(CAL, WINDOW, full.cursor);
    expect(changes.mode).toBe('changes');
    expect(changes.busy).toHaveLength(2);
    expect(changes.busy).toEqual(
      expect.arrayContaining([
        { eventId: added.id, start: T0 + 3 * DAY, end: T0 + 3 * DAY + HOUR },
        { eventId: moved.id, start: T0 + DAY + 5 * HOUR, end: T0 + DAY + 6 * HOUR },
      ]),
    );
    expect(changes.removed).toEqual([deleted.id]);
    const quiet = await calendar.readBusy(CAL, WINDOW, changes.cursor);
    expect(quiet).toMatchObject({ mode: 'changes', busy: [], removed: [] });
  });

  it('answers a full read when the delta link has expired (410 SyncStateNotFound) or is not a Graph link', async () => {
    const calendar = provider();
    const event = graph.addEvent(CAL, { start: T0 + HOUR, end: T0 + 2 * HOUR });
    const first = await calendar.readBusy(CAL, WINDOW, null);
    graph.expireDeltaLinks();
    expect(await calendar.readBusy(CAL, WINDOW, first.cursor)).toMatchObject({
      mode: 'full',
      busy: [{ eventId: event.id }],
    });
    const before = graph.calls.length;
    expect(await calendar.readBusy(CAL, WINDOW, 'https://attacker.example/steal')).toMatchObject({ mode: 'full' });
    expect(graph.calls.slice(before).every((call) => call.path.endsWith('/calendarView/delta'))).toBe(true);
  });

  it('follows @odata.nextLink through 10,000 events', async () => {
    for (let index = 0; index < 10_000; index += 1)
      graph.addEvent(CAL, { start: T0 + index * HOUR, end: T0 + index * HOUR + 30 * 60 * 1000 });
    const read = await provider().readBusy(CAL, { from: T0, to: T0 + 10_000 * HOUR }, null);
    expect(read.busy).toHaveLength(10_000);
    expect(new Set(read.busy.map((event) => event.eventId)).size).toBe(10_000);
    expect(graph.calls.filter((call) => call.path.endsWith('/calendarView/delta'))).toHaveLength(20); // 500 a page
  });

  it('reads a series as its occurrences and exceptions, never the master', async () => {
    const start = T0 + 9 * HOUR;
    const { occurrenceIds } = graph.addDailySeries(CAL, {
      start,
      durationMs: HOUR,
      count: 5,
      moved: { 1: start + DAY + 3 * HOUR },
      cancelled: [3],
    });
    const read = await provider().readBusy(CAL, WINDOW, null);
    expect(read.busy.sort((a, b) => a.start - b.start)).toEqual([
      { eventId: occurrenceIds[0], start, end: start + HOUR },
      { eventId: occurrenceIds[1], start: start + DAY + 3 * HOUR, end: start + DAY + 4 * HOUR },
      { eventId: occurrenceIds[2], start: start + 2 * DAY, end: start + 2 * DAY + HOUR },
      { eventId: occurrenceIds[4], start: start + 4 * DAY, end: start + 4 * DAY + HOUR },
    ]);
  });

  it("places an all-day event's days in the mailbox's zone, across the spring-forward day in New York", async () => {
    const day = graph.addEvent(CAL, { start: '2026-03-08', end: '2026-03-09' });
    const read = await provider().readBusy(
      CAL,
      { from: Date.parse('2026-03-01T00:00:00Z'), to: Date.parse('2026-03-15T00:00:00Z') },
      null,
    );
    expect(read.busy).toEqual([
      { eventId: day.id, start: Date.parse('2026-03-08T05:00:00Z'), end: Date.parse('2026-03-09T04:00:00Z') },
    ]);
  });

  it('does not count free, tentative, working elsewhere, declined or cancelled events, nor our own', async () => {
    const at = (day: number) => ({ start: T0 + day * DAY, end: T0 + day * DAY + HOUR });
    graph.addEvent(CAL, { ...at(1), showAs: 'free' });
    graph.addEvent(CAL, { ...at(2), showAs: 'tentative' });
    graph.addEvent(CAL, { ...at(3), showAs: 'workingElsewhere' });
    graph.addEvent(CAL, { ...at(4), responseStatus: { response: 'declined' } });
    graph.addEvent(CAL, { ...at(5), isCancelled: true });
    const away = graph.addEvent(CAL, { ...at(6), showAs: 'oof' });
    const unanswered = graph.addEvent(CAL, { ...at(7), responseStatus: { response: 'notResponded' } });
    const calendar = provider();
    await calendar.createEvent(CAL, booking());
    const read = await calendar.readBusy(CAL, WINDOW, null);
    expect(read.busy.map((event) => event.eventId).sort()).toEqual([away.id, unanswered.id].sort());

    graph.changeEvent(CAL, away.id, { showAs: 'free' });
    expect(await calendar.readBusy(CAL, WINDOW, read.cursor)).toMatchObject({ busy: [], removed: [away.id] });
  });

  it('creates a booking once: transactionId and marker from the uid, a second create answers the same event', async () => {
    const calendar = provider();
    const first = await calendar.createEvent(CAL, booking());
    const second = await calendar.createEvent(CAL, booking());
    expect(second.eventId).toBe(first.eventId);
    const live = graph.liveEvents(CAL);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      subject: 'Inspection: Smith',
      start: T0 + 14 * HOUR,
      end: T0 + 17 * HOUR,
      transactionId: `${GRAPH_TRANSACTION_PREFIX}order-1-inspector-7-o'neil`,
      singleValueExtendedProperties: [{ id: GRAPH_MARKER_ID, value: "order-1-inspector-7-o'neil" }],
    });
    expect(graph.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/events'))).toHaveLength(2);
  });

  it('moves a booking, answers EventGoneError once deleted, deletes tolerantly, and books again after a deletion', async () => {
    const calendar = provider();
    const ref = await calendar.createEvent(CAL, booking());
    const moved = await calendar.updateEvent(ref, booking({ start: T0 + 20 * HOUR, end: T0 + 22 * HOUR }));
    expect(moved.etag).not.toBe(ref.etag);
    expect(graph.liveEvents(CAL)[0]!.start).toBe(T0 + 20 * HOUR);
    graph.deleteEvent(CAL, ref.eventId);
    await expect(calendar.updateEvent(ref, booking())).rejects.toBeInstanceOf(EventGoneError);
    await calendar.deleteEvent(ref);
    // The transactionId stays used after the deletion: the adapter writes the booking without it.
    const again = await calendar.createEvent(CAL, booking());
    expect(again.eventId).not.toBe(ref.eventId);
    expect(graph.liveEvents(CAL)).toHaveLength(1);
    await calendar.deleteEvent(again);
    expect(graph.liveEvents(CAL)).toHaveLength(0);
  });
});

describe('Microsoft OAuth against the stand-in', () => {
  it('refreshes an access token refused as expired (401) once, and reports the rotated refresh token', async () => {
    const calendar = provider();
    graph.oauth.now = () => Date.now() + 2 * HOUR;
    await calendar.readBusy(CAL, WINDOW, null);
    await calendar.listCalendars();
    expect(graph.oauth.refreshes).toBe(1);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.refreshToken).not.toBe(initial.refreshToken);
    await expect(oauthClient().refresh(initial.refreshToken)).rejects.toEqual(new CalendarAuthError('invalid_grant'));
    await expect(oauthClient().refresh(stored[0]!.refreshToken)).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it('answers CalendarAuthError when the grant was revoked', async () => {
    const calendar = provider();
    graph.oauth.revoke(grantId);
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarAuthError('invalid_grant'));
  });

  it('runs the authorisation-code flow with PKCE against the v2.0 endpoints', async () => {
    const oauth = oauthClient();
    const verifier = 'x'.repeat(50);
    const url = new URL(
      oauth.authorizationUrl({
        state: 'st',
        redirectUri: 'https://app.example/cb',
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      }),
    );
    expect(url.searchParams.get('scope')).toContain('offline_access');
    const consent = await fetch(url, { redirect: 'manual' });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const tokens = await oauth.exchangeCode({ code, redirectUri: 'https://app.example/cb', codeVerifier: verifier });
    const calendars = await createMicrosoftCalendarProvider({
      tokens,
      onTokens: () => {},
      oauth,
      defaultTimeZone: 'UTC',
      apiBase: graph.apiBase,
    }).listCalendars();
    expect(calendars).toHaveLength(1);
  });
});

describe('Microsoft failures', () => {
  it('turns a 429 with Retry-After into CalendarRateLimitError; a hang is a timeout; a 502 and a refused connection are unavailable', async () => {
    const calendar = provider({ timeoutMs: 200 });
    graph.queued.push({ status: 429, headers: { 'retry-after': '5' }, body: { error: { code: 'TooManyRequests' } } });
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarRateLimitError(5_000));
    graph.queued.push({ status: 503, headers: { 'retry-after': '2' }, body: {} });
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarRateLimitError(2_000));
    graph.hang = true;
    const started = Date.now();
    await expect(calendar.readBusy(CAL, WINDOW, null)).rejects.toEqual(new CalendarUnavailableError('timeout'));
    expect(Date.now() - started).toBeLessThan(2_000);
    graph.hang = false;
    graph.queued.push({ status: 502, body: {} });
    await expect(calendar.readBusy(CAL, WINDOW, null)).rejects.toEqual(new CalendarUnavailableError('http_502'));
    await graph.stop();
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarUnavailableError('network'));
    graph = await FakeGraph.start();
  });
});

describe('Graph subscriptions', () => {
  it('subscribes through the validation handshake, reads notifications, refuses a wrong clientState, unsubscribes', async () => {
    const received: GraphNotification[][] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const token = graphValidationToken(new URL(request.url ?? '/', 'http://receiver').searchParams);
        if (token !== null) {
          response.writeHead(200, { 'content-type': 'text/plain' }).end(token);
          return;
        }
        received.push(parseGraphNotifications(JSON.parse(body)) ?? []);
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push/microsoft`;
      const calendar = provider();
      const expiresAt = Date.now() + 2 * DAY;
      const channel = await calendar.watch!(CAL, { address, channelId: 'chan-1', token: 'client-state-1', expiresAt });
      expect(channel).toEqual({ channelId: 'chan-1', resourceId: expect.stringMatching(/^sub-/), expiresAt });
      expect(graph.subscriptions.get(channel.resourceId!)).toMatchObject({
        resource: `me/calendars/${CAL}/events`,
        clientState: 'client-state-1',
      });

      expect(await graph.notify(channel.resourceId!, 'AAMkEv1')).toBe(202);
      const [notification] = received[0]!;
      expect(notification).toMatchObject({
        subscriptionId: channel.resourceId,
        changeType: 'updated',
        eventId: 'AAMkEv1',
      });
      expect(pushTokenMatches(notification!.clientState, 'client-state-1')).toBe(true);
      expect(pushTokenMatches(notification!.clientState, 'client-state-2')).toBe(false);
      expect(parseGraphNotifications({ value: [{ clientState: 'x' }] })).toBeNull();
      expect(graphValidationToken(new URLSearchParams())).toBeNull();

      await calendar.stopWatch!(channel);
      expect(graph.subscriptions.size).toBe(0);
      await calendar.stopWatch!(channel);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('is refused a subscription when the notification URL does not echo the validation token', async () => {
    const receiver = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end('nope'),
    );
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push`;
      await expect(
        provider().watch!(CAL, { address, channelId: 'c', token: 't', expiresAt: Date.now() + DAY }),
      ).rejects.toEqual(new CalendarUnavailableError('http_400'));
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

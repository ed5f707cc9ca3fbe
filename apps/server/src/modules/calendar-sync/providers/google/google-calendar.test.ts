import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
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
import {
  createGoogleCalendarProvider,
  createGoogleOAuthClient,
  googleEventIdOf,
  GOOGLE_MARKER,
} from './google-calendar.ts';
import { parseGooglePush } from './google-push.ts';
import { FakeGoogle } from './test-google-server.ts';

const CAL = 'primary@example.com';

let google: FakeGoogle;
let stored: OAuthTokens[];
let grantId: string;
/** The tokens the last `provider()` started with. */
let initial: OAuthTokens;

function provider(options: { now?: () => number; timeoutMs?: number; tokens?: OAuthTokens } = {}): CalendarProvider {
  const granted = google.oauth.grant();
  grantId = granted.grantId;
  initial = options.tokens ?? granted;
  return createGoogleCalendarProvider({
    tokens: options.tokens ?? granted,
    onTokens: (tokens) => void stored.push(tokens),
    oauth: createGoogleOAuthClient({
      clientId: 'google-client',
      clientSecret: 'google-secret',
      tokenUrl: google.tokenUrl,
    }),
    apiBase: google.apiBase,
    ...options,
  });
}

const booking = bookingEvent;

beforeEach(async () => {
  google = await FakeGoogle.start();
  stored = [];
});
afterEach(() => google.stop());

describe('Google Calendar adapter against the stand-in', () => {
  it('lists the calendars: primary, writable by access role, their zones', async () => {
    google.addCalendar('shared@example.com', { summary: 'Team', accessRole: 'reader', timeZone: 'America/Chicago' });
    const calendars = await provider().listCalendars();
    expect(calendars).toEqual([
      { id: CAL, name: 'Mike', primary: true, writable: true, timeZone: 'America/New_York' },
      { id: 'shared@example.com', name: 'Team', primary: false, writable: false, timeZone: 'America/Chicago' },
    ]);
  });

  it('reads the window in full, then only what changed: an event added, one moved, one deleted', async () => {
    const calendar = provider();
    const kept = google.addEvent(CAL, { start: T0 + 10 * HOUR, end: T0 + 11 * HOUR });
    const moved = google.addEvent(CAL, { start: T0 + DAY + 10 * HOUR, end: T0 + DAY + 11 * HOUR });
    const deleted = google.addEvent(CAL, { start: T0 + 2 * DAY + 10 * HOUR, end: T0 + 2 * DAY + 11 * HOUR });
    google.addEvent(CAL, { start: T0 + 40 * DAY, end: T0 + 40 * DAY + HOUR }); // outside the window
    const full = await calendar.readBusy(CAL, WINDOW, null);
    expect(full.mode).toBe('full');
    expect(full.busy.map((event) => event.eventId).sort()).toEqual([kept.id, moved.id, deleted.id].sort());
    expect(full.cursor).not.toBeNull();

    const added = google.addEvent(CAL, { start: T0 + 3 * DAY, end: T0 + 3 * DAY + HOUR });
    google.changeEvent(CAL, moved.id, {
      start: { dateTime: new Date(T0 + DAY + 15 * HOUR).toISOString() },
      end: { dateTime: new Date(T0 + DAY + 16 * HOUR).toISOString() },
    });
    google.deleteEvent(CAL, deleted.id);
    const changes = await calendar.readBusy(CAL, WINDOW, full.cursor);
    expect(changes.mode).toBe('changes');
    expect(changes.busy).toEqual(
      expect.arrayContaining([
        { eventId: added.id, start: T0 + 3 * DAY, end: T0 + 3 * DAY + HOUR },
        { eventId: moved.id, start: T0 + DAY + 15 * HOUR, end: T0 + DAY + 16 * HOUR },
      ]),
    );
    expect(changes.busy).toHaveLength(2);
    expect(changes.removed).toEqual([deleted.id]);
    expect(changes.cursor).not.toBe(full.cursor);
    // Nothing changed since: an empty change set.
    const quiet = await calendar.readBusy(CAL, WINDOW, changes.cursor);
    expect(quiet).toMatchObject({ mode: 'changes', busy: [], removed: [] });
    // A sync token is never sent with timeMin/timeMax (Google refuses the pair).
    const incremental = google.calls.filter((call) => call.query.has('syncToken'));
    expect(incremental.length).toBe(2);
    expect(incremental.every((call) => !call.query.has('timeMin'))).toBe(true);
  });

  it('answers a full read, not an error, when the sync token has expired (410 fullSyncRequired)', async () => {
    const calendar = provider();
    const event = google.addEvent(CAL, { start: T0 + HOUR, end: T0 + 2 * HOUR });
    const first = await calendar.readBusy(CAL, WINDOW, null);
    google.expireSyncTokens();
    const again = await calendar.readBusy(CAL, WINDOW, first.cursor);
    expect(again).toMatchObject({ mode: 'full', busy: [{ eventId: event.id }], removed: [] });
    expect(again.cursor).not.toBe(first.cursor);
  });

  it('pages through 10,000 events in the window (2,500 a page)', async () => {
    for (let index = 0; index < 10_000; index += 1)
      google.addEvent(CAL, { start: T0 + index * HOUR, end: T0 + index * HOUR + 30 * 60 * 1000 });
    const read = await provider().readBusy(CAL, { from: T0, to: T0 + 10_000 * HOUR }, null);
    expect(read.busy).toHaveLength(10_000);
    expect(new Set(read.busy.map((event) => event.eventId)).size).toBe(10_000);
    const pages = google.calls.filter((call) => call.path.endsWith('/events'));
    expect(pages).toHaveLength(4);
    expect(pages.every((call) => call.query.get('maxResults') === '2500')).toBe(true);
  });

  it('reads a recurring series as its instances, with a moved instance and a cancelled one', async () => {
    const start = T0 + 9 * HOUR;
    const { instanceIds } = google.addDailySeries(CAL, {
      start,
      durationMs: HOUR,
      count: 5,
      moved: { 1: start + DAY + 3 * HOUR },
      cancelled: [3],
    });
    const read = await provider().readBusy(CAL, WINDOW, null);
    expect(read.busy.sort((a, b) => a.start - b.start)).toEqual([
      { eventId: instanceIds[0], start, end: start + HOUR },
      { eventId: instanceIds[1], start: start + DAY + 3 * HOUR, end: start + DAY + 4 * HOUR },
      { eventId: instanceIds[2], start: start + 2 * DAY, end: start + 2 * DAY + HOUR },
      { eventId: instanceIds[4], start: start + 4 * DAY, end: start + 4 * DAY + HOUR },
    ]);
  });

  it("spans an all-day event's days in the calendar's zone, across the spring-forward day in New York", async () => {
    const day = google.addEvent(CAL, { date: '2026-03-08', endDate: '2026-03-09' });
    const weekend = google.addEvent(CAL, { date: '2026-03-07', endDate: '2026-03-09' });
    const read = await provider().readBusy(
      CAL,
      { from: Date.parse('2026-03-01T00:00:00Z'), to: Date.parse('2026-03-15T00:00:00Z') },
      null,
    );
    const byId = new Map(read.busy.map((event) => [event.eventId, event]));
    // Midnight EST (UTC-5) to midnight EDT (UTC-4): a 23-hour day.
    expect(byId.get(day.id)).toEqual({
      eventId: day.id,
      start: Date.parse('2026-03-08T05:00:00Z'),
      end: Date.parse('2026-03-09T04:00:00Z'),
    });
    expect(byId.get(weekend.id)!.end - byId.get(weekend.id)!.start).toBe(47 * HOUR);
  });

  it('does not count free, tentative, declined or cancelled events, nor our own; counts an invitation not yet answered', async () => {
    const at = (day: number) => ({ start: T0 + day * DAY, end: T0 + day * DAY + HOUR });
    google.addEvent(CAL, { ...at(1), transparency: 'transparent' });
    google.addEvent(CAL, { ...at(2), status: 'tentative' });
    google.addEvent(CAL, {
      ...at(3),
      attendees: [{ email: 'mike@example.com', self: true, responseStatus: 'declined' }],
    });
    const cancelled = google.addEvent(CAL, at(4));
    google.deleteEvent(CAL, cancelled.id);
    google.addEvent(CAL, { ...at(5), extendedProperties: { private: { [GOOGLE_MARKER]: 'order-9' } } });
    const pending = google.addEvent(CAL, {
      ...at(6),
      attendees: [
        { email: 'boss@example.com', responseStatus: 'declined' },
        { email: 'mike@example.com', self: true, responseStatus: 'needsAction' },
      ],
    });
    const calendar = provider();
    await calendar.createEvent(CAL, booking());
    const read = await calendar.readBusy(CAL, WINDOW, null);
    expect(read.busy.map((event) => event.eventId)).toEqual([pending.id]);

    // Turning an event free is a removal in the next changes.
    const busy = google.addEvent(CAL, at(7));
    const before = await calendar.readBusy(CAL, WINDOW, read.cursor);
    expect(before.busy.map((event) => event.eventId)).toEqual([busy.id]);
    google.changeEvent(CAL, busy.id, { transparency: 'transparent' });
    const after = await calendar.readBusy(CAL, WINDOW, before.cursor);
    expect(after).toMatchObject({ busy: [], removed: [busy.id] });
  });

  it('creates a booking once: the id is derived from the uid, a second create answers the same event', async () => {
    const calendar = provider();
    const first = await calendar.createEvent(CAL, booking());
    const second = await calendar.createEvent(CAL, booking());
    expect(first.eventId).toBe(googleEventIdOf("order-1-inspector-7-o'neil"));
    expect(first.eventId).toMatch(/^[a-v0-9]{5,1024}$/);
    expect(second.eventId).toBe(first.eventId);
    const live = google.liveEvents(CAL);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      summary: 'Inspection: Smith',
      location: '1 Main St, Columbus, OH',
      start: { dateTime: new Date(T0 + 14 * HOUR).toISOString(), timeZone: 'America/New_York' },
      extendedProperties: { private: { [GOOGLE_MARKER]: "order-1-inspector-7-o'neil" } },
    });
    expect(googleEventIdOf('order-2-inspector-7')).not.toBe(first.eventId);
  });

  it('moves a booking, answers EventGoneError once the inspector deleted it, and deletes tolerantly', async () => {
    const calendar = provider();
    const ref = await calendar.createEvent(CAL, booking());
    const moved = await calendar.updateEvent(ref, booking({ start: T0 + 20 * HOUR, end: T0 + 22 * HOUR }));
    expect(moved.etag).not.toBe(ref.etag);
    expect(google.liveEvents(CAL)[0]!.start.dateTime).toBe(new Date(T0 + 20 * HOUR).toISOString());

    google.deleteEvent(CAL, ref.eventId);
    await expect(calendar.updateEvent(ref, booking())).rejects.toBeInstanceOf(EventGoneError);
    await expect(calendar.updateEvent({ ...ref, eventId: 'neverexisted' }, booking())).rejects.toBeInstanceOf(
      EventGoneError,
    );
    expect(google.liveEvents(CAL)).toHaveLength(0);
    await calendar.deleteEvent(ref); // already deleted: 410
    await calendar.deleteEvent({ ...ref, eventId: 'neverexisted' }); // 404

    // Booked again after the inspector deleted it: the same id comes back to life.
    const again = await calendar.createEvent(CAL, booking());
    expect(again.eventId).toBe(ref.eventId);
    expect(google.liveEvents(CAL)).toHaveLength(1);
    await calendar.deleteEvent(again);
    expect(google.liveEvents(CAL)).toHaveLength(0);
  });
});

describe('Google OAuth against the stand-in', () => {
  it('refreshes an access token the stand-in refuses as expired (401) once, and reports the rotated tokens', async () => {
    const calendar = provider();
    google.oauth.now = () => Date.now() + 2 * HOUR; // Google's clock: the token the adapter holds has expired
    google.addEvent(CAL, { start: T0, end: T0 + HOUR });
    await calendar.readBusy(CAL, WINDOW, null);
    await calendar.listCalendars();
    expect(google.oauth.refreshes).toBe(1);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.refreshToken).not.toBe(initial.refreshToken);
    expect(stored[0]!.accessToken).not.toBe(initial.accessToken);
    expect(google.calls.filter((call) => call.path.endsWith('/events'))).toHaveLength(2); // the 401, then the retry
    // The old refresh token was rotated away: using it again is invalid_grant.
    const oauth = createGoogleOAuthClient({
      clientId: 'google-client',
      clientSecret: 'google-secret',
      tokenUrl: google.tokenUrl,
    });
    const granted = google.oauth.grant();
    await oauth.refresh(granted.refreshToken);
    await expect(oauth.refresh(granted.refreshToken)).rejects.toEqual(new CalendarAuthError('invalid_grant'));
  });

  it('refreshes before the call when the stored expiry has passed, without a 401', async () => {
    const later = () => Date.now() + 2 * HOUR;
    google.oauth.now = later;
    const calendar = provider({ now: later, tokens: { accessToken: 'old', refreshToken: 'x', expiresAt: Date.now() } });
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarAuthError('invalid_grant')); // 'x' is no grant
    const granted = google.oauth.grant();
    const fresh = provider({ now: later, tokens: { ...granted, expiresAt: Date.now() } });
    await fresh.listCalendars();
    expect(google.calls.filter((call) => call.path.endsWith('/calendarList'))).toHaveLength(1);
    expect(stored).toHaveLength(1);
  });

  it('refreshes once for requests that find the token expired together (a rotated token is used once)', async () => {
    const calendar = provider();
    google.oauth.now = () => Date.now() + 2 * HOUR;
    const held = initial;
    const later = provider({ tokens: { ...held, expiresAt: Date.now() } });
    await Promise.all([later.listCalendars(), later.listCalendars(), later.readBusy(CAL, WINDOW, null)]);
    expect(google.oauth.refreshes).toBe(1);
    expect(stored).toHaveLength(1);
    // The first adapter still holds the rotated-away refresh token: its grant answers invalid_grant.
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarAuthError('invalid_grant'));
  });

  it('answers CalendarAuthError when the inspector revoked the grant', async () => {
    const calendar = provider();
    google.oauth.revoke(grantId);
    await expect(calendar.readBusy(CAL, WINDOW, null)).rejects.toEqual(new CalendarAuthError('invalid_grant'));
    expect(stored).toHaveLength(0);
  });

  it('runs the authorisation-code flow with PKCE: consent, code, tokens that open the calendars', async () => {
    const oauth = createGoogleOAuthClient({
      clientId: 'google-client',
      clientSecret: 'google-secret',
      authorizeUrl: google.authorizeUrl,
      tokenUrl: google.tokenUrl,
    });
    const verifier = 'v'.repeat(64);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = new URL(
      oauth.authorizationUrl({ state: 's1', redirectUri: 'https://app.example/cb', codeChallenge: challenge }),
    );
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar');
    const consent = await fetch(url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('s1');
    const code = back.searchParams.get('code')!;
    await expect(
      oauth.exchangeCode({ code, redirectUri: 'https://app.example/cb', codeVerifier: 'w'.repeat(64) }),
    ).rejects.toEqual(new CalendarAuthError('invalid_grant'));
    const consent2 = await fetch(url, { redirect: 'manual' });
    const code2 = new URL(consent2.headers.get('location')!).searchParams.get('code')!;
    const tokens = await oauth.exchangeCode({
      code: code2,
      redirectUri: 'https://app.example/cb',
      codeVerifier: verifier,
    });
    const calendars = await createGoogleCalendarProvider({
      tokens,
      onTokens: () => {},
      oauth,
      apiBase: google.apiBase,
    }).listCalendars();
    expect(calendars).toHaveLength(1);
  });
});

describe('Google failures', () => {
  it('turns a 429 with Retry-After (seconds or a date), a 503 with Retry-After and a 403 rateLimitExceeded into CalendarRateLimitError', async () => {
    const calendar = provider();
    google.queued.push({ status: 429, headers: { 'retry-after': '17' }, body: {} });
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarRateLimitError(17_000));
    google.queued.push({ status: 503, headers: { 'retry-after': new Date(Date.now() + 120_000).toUTCString() } });
    const error = await calendar.listCalendars().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CalendarRateLimitError);
    expect((error as CalendarRateLimitError).retryAfterMs).toBeGreaterThan(118_000);
    expect((error as CalendarRateLimitError).retryAfterMs).toBeLessThanOrEqual(120_000);
    google.queued.push({
      status: 403,
      body: {
        error: {
          code: 403,
          message: 'Rate Limit Exceeded',
          errors: [{ domain: 'usageLimits', reason: 'rateLimitExceeded' }],
        },
      },
    });
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarRateLimitError(60_000));
  });

  it('gives up on a hanging stand-in at the timeout; a 500 and a refused connection are CalendarUnavailableError', async () => {
    const calendar = provider({ timeoutMs: 200 });
    google.hang = true;
    const started = Date.now();
    await expect(calendar.readBusy(CAL, WINDOW, null)).rejects.toEqual(new CalendarUnavailableError('timeout'));
    expect(Date.now() - started).toBeLessThan(2_000);
    google.hang = false;
    google.queued.push({ status: 500, body: {} });
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarUnavailableError('http_500'));
    await google.stop();
    await expect(calendar.listCalendars()).rejects.toEqual(new CalendarUnavailableError('network'));
    google = await FakeGoogle.start(); // for afterEach
  });
});

describe('Google push channels', () => {
  it('opens a channel, reads its notifications (sync, then a change), refuses a wrong token, stops it', async () => {
    const received: IncomingHttpHeaders[] = [];
    const receiver = createServer((request, response) => {
      received.push(request.headers);
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push/google`;
    try {
      const calendar = provider();
      const expiresAt = Date.now() + DAY;
      const channel = await calendar.watch!(CAL, { address, channelId: 'chan-1', token: 'secret-token', expiresAt });
      expect(channel).toEqual({ channelId: 'chan-1', resourceId: expect.any(String), expiresAt });
      await google.notify('chan-1', 'sync');
      await google.notify('chan-1', 'exists');
      const [sync, change] = received.map((headers) => parseGooglePush(headers));
      expect(sync).toMatchObject({
        channelId: 'chan-1',
        state: 'sync',
        changed: false,
        resourceId: channel.resourceId,
      });
      expect(change).toMatchObject({ channelId: 'chan-1', state: 'exists', changed: true, token: 'secret-token' });
      expect(pushTokenMatches(change!.token, 'secret-token')).toBe(true);
      expect(pushTokenMatches(change!.token, 'secret-tokem')).toBe(false);
      expect(pushTokenMatches(null, 'secret-token')).toBe(false);
      expect(parseGooglePush({ 'x-goog-channel-id': 'chan-1' })).toBeNull();
      expect(parseGooglePush({ ...received[1], 'x-goog-resource-state': 'bogus' })).toBeNull();

      await calendar.stopWatch!(channel);
      expect(google.channels.size).toBe(0);
      await calendar.stopWatch!(channel); // already stopped: 404 tolerated
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { startDemoSession, startTestApp, testConfig, type TestApp } from '../../test-support/test-app.ts';
import { ManagedBooking, setClock, slotsOn } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { calendarCredentialsContext, type CalendarSyncDeps } from './calendar-sync-deps.ts';
import { oauthClientsOf, withOAuthProviders } from './oauth-providers.ts';
import type { OAuthTokens } from './provider.ts';
import { defaultProviders } from './provider-registry.ts';
import { FakeGoogle } from './providers/google/test-google-server.ts';
import { FakeGraph } from './providers/microsoft/test-graph-server.ts';
import { calendarJobHandlers } from './sync-jobs.ts';
import { writeCalendarJobHandlers } from './write-calendar-jobs.ts';

const MONDAY = '2027-02-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const KEY = DataEncryption.newKeyEntry('t1');
const MIKE = 101;
const SARAH = 102;
const PRIMARY = 'primary@example.com';

/**
 * Connecting an inspector's Google Calendar and Microsoft 365 through OAuth, end to end through the
 * console's routes against the local stand-ins (decision 0090, "Wiring").
 */
describeOnEachDatabase('calendar OAuth', (factory) => {
  let harness: TestApp;
  let google: FakeGoogle;
  let graph: FakeGraph;
  let owner: ConsolePerson;
  let mike: ConsolePerson;
  let sarah: ConsolePerson;
  let worker: NotificationWorker;
  let outbox: string;
  let deps: CalendarSyncDeps;
  let visitor: string;
  const day = demoOrdinaryWeekday('2027-02-08');
  /** 10:00 in Columbus (EST) on the day. */
  const tenOClock = Date.parse(`${day}T15:00:00.000Z`);

  const call = (method: 'GET' | 'POST', url: string, person: ConsolePerson, headers: Record<string, string> = {}) =>
    harness.app.inject({ method, url, headers: { ...person.headers, ...headers } });
  const aMinuteLater = async (ms = 60_000) => {
    harness.clock.advance(ms);
    await worker.runDue();
    await harness.database.changes.flush();
  };
  const mikeAtTen = async () =>
    (await slotsOn(harness.app, visitor, day)).some(
      (slot: AppointmentSlot) => slot.timestamp * 1000 === tenOClock && slot.users.includes(MIKE),
    );
  const rowOf = async (inspectorId: number, provider: 'google' | 'microsoft') => {
    const rows = await harness.database.db
      .select()
      .from(t.calendarConnections)
      .where(eq(t.calendarConnections.inspectorId, inspectorId));
    return rows.find((row) => row.provider === provider)!;
  };
  const tokensOf = (row: { credentialsEncrypted: string; companyId: string; id: string }) =>
    JSON.parse(
      deps.encryption!.decrypt(row.credentialsEncrypted, calendarCredentialsContext(row.companyId, row.id)),
    ) as OAuthTokens;

  /** The start route's consent address, followed as the browser would: the stand-in consents and redirects back. */
  async function consent(person: ConsolePerson, inspectorId: number, provider: 'google' | 'microsoft') {
    const started = await call(
      'POST',
      `${DEMO}/inspectors/${inspectorId}/calendar-connections/oauth/${provider}`,
      person,
    );
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json<{ authorization_url: string }>().authorization_url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await fetch(url, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(location.pathname).toBe(`/api/console/calendar-oauth/${provider}/callback`);
    return `${location.pathname}${location.search}`;
  }
  async function connect(person: ConsolePerson, inspectorId: number, provider: 'google' | 'microsoft') {
    const callback = await call('GET', await consent(person, inspectorId, provider), person, { accept: 'text/html' });
    expect(callback.statusCode, callback.body).toBe(303);
    return new URL(callback.headers.location as string, 'http://console.example');
  }

  beforeAll(async () => {
    google = await FakeGoogle.start();
    graph = await FakeGraph.start();
    const config = {
      SESSION_RATE_LIMIT: '1000',
      SEARCH_RATE_LIMIT: '1000',
      WRITE_RATE_LIMIT: '1000',
      DATA_ENCRYPTION_KEY: KEY,
      GOOGLE_CALENDAR_CLIENT_ID: 'google-client',
      GOOGLE_CALENDAR_CLIENT_SECRET: 'google-secret',
      GOOGLE_CALENDAR_BASE_URL: google.baseUrl,
      MICROSOFT_CALENDAR_CLIENT_ID: 'graph-client',
      MICROSOFT_CALENDAR_CLIENT_SECRET: 'graph-secret',
      MICROSOFT_CALENDAR_BASE_URL: graph.baseUrl,
    };
    harness = await startTestApp(factory, { config });
    setClock(harness, MONDAY);
    google.oauth.now = harness.clock.now;
    graph.oauth.now = harness.clock.now;
    owner = await signedInMember(harness, 'owner@oauth.example', 'owner');
    mike = await signedInMember(harness, 'mike@oauth.example', 'inspector', 'demo', MIKE);
    sarah = await signedInMember(harness, 'sarah@oauth.example', 'inspector', 'demo', SARAH);
    outbox = await mkdtemp(join(tmpdir(), 'calendar-oauth-'));
    // The worker's deps as background-jobs.ts builds them from the same configuration.
    const parsed = testConfig(config);
    deps = {
      db: harness.database.db,
      encryption: DataEncryption.fromEnv(KEY),
      providers: withOAuthProviders(defaultProviders, parsed, harness.clock.now),
      oauth: oauthClientsOf(parsed, harness.clock.now),
      publicBaseUrl: () => 'https://book.example.com',
      now: () => new Date(harness.clock.now()),
      pollMs: 60_000,
      log: { info: () => {}, warn: () => {} },
    };
    worker = testWorker(harness.database.db, outbox, {
      jobHandlers: { ...calendarJobHandlers(deps), ...writeCalendarJobHandlers(deps) },
      now: harness.clock.now,
    });
    const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await order.fillIn({ clientEmail: 'dana@example.com' });
    visitor = order.token;
  });
  afterAll(async () => {
    await harness.close();
    await google.stop();
    await graph.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it('offers the configured providers; the start route is the inspector’s own, its consent address sealed and PKCE', async () => {
    const listed = await call('GET', `${DEMO}/calendar-connections`, mike);
    expect(listed.json()).toMatchObject({ connections: [], offered_providers: ['google', 'microsoft'] });
    expect((await call('POST', `${DEMO}/inspectors/${MIKE}/calendar-connections/oauth/google`, sarah)).statusCode).toBe(
      403,
    );
    expect((await call('POST', `${DEMO}/inspectors/999/calendar-connections/oauth/google`, owner)).statusCode).toBe(
      404,
    );
    const started = await call('POST', `${DEMO}/inspectors/${MIKE}/calendar-connections/oauth/google`, mike);
    const url = new URL(started.json<{ authorization_url: string }>().authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(google.authorizeUrl);
    expect(url.searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/localhost:\d+\/api\/console\/calendar-oauth\/google\/callback$/,
    );
    expect(url.searchParams.get('state')).not.toContain(String(MIKE));
  });

  it("connects Mike's Google Calendar: tokens kept encrypted, the primary calendar busy and taking bookings, read at once", async () => {
    expect(await mikeAtTen()).toBe(true);
    const dentist = google.addEvent(PRIMARY, { start: tenOClock, end: tenOClock + 3_600_000, summary: 'Dentist' });
    const page = await connect(mike, MIKE, 'google');
    expect(page.pathname).toBe('/console/demo/account');
    expect(Object.fromEntries(page.searchParams)).toEqual({ calendar: 'connected', provider: 'google' });
    const row = await rowOf(MIKE, 'google');
    expect(row).toMatchObject({
      status: 'active',
      accountLabel: PRIMARY,
      busyCalendarIds: [PRIMARY],
      writeCalendarId: PRIMARY,
    });
    const tokens = tokensOf(row);
    expect(tokens.refreshToken).toMatch(/^rt_/);
    expect(row.credentialsEncrypted).not.toContain(tokens.refreshToken);
    expect(row.credentialsEncrypted).not.toContain(tokens.accessToken);
    // The first read was queued with the connection: the wizard no longer offers Mike at ten.
    await worker.runDue();
    await harness.database.changes.flush();
    expect(await mikeAtTen()).toBe(false);
    google.deleteEvent(PRIMARY, dentist.id);
    await aMinuteLater();
    expect(await mikeAtTen()).toBe(true);
  });

  it('writes a confirmed booking into the Google calendar once', async () => {
    const booking = await ManagedBooking.book(harness, day, {
      pick: (slots) => slots.find((slot) => slot.users.length === 1 && slot.users[0] === MIKE),
    });
    await worker.runDue();
    await aMinuteLater();
    const ours = () =>
      google.liveEvents(PRIMARY).filter((event) => event.extendedProperties?.private?.onlineSchedulerBooking);
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.description).toContain(`/console/demo/orders/${booking.orderId}`);
    await aMinuteLater();
    expect(ours()).toHaveLength(1);
    // Read back, it is not busy time.
    expect(await harness.database.db.select().from(t.calendarBusy)).toEqual([]);
    await booking.cancel(0);
    await worker.runDue();
    expect(ours()).toEqual([]);
  });

  it('refreshes an expired access token during a sync and stores the rotated refresh token', async () => {
    const before = tokensOf(await rowOf(MIKE, 'google'));
    const refreshes = google.oauth.refreshes;
    await aMinuteLater(61 * 60_000);
    expect(google.oauth.refreshes).toBe(refreshes + 1);
    const row = await rowOf(MIKE, 'google');
    expect(row.status).toBe('active');
    const after = tokensOf(row);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(row.credentialsEncrypted).not.toContain(after.refreshToken);
    // The next sync uses what was stored: no second refresh.
    await aMinuteLater();
    expect(google.oauth.refreshes).toBe(refreshes + 1);
    expect((await rowOf(MIKE, 'google')).lastSyncedAt!.getTime()).toBe(harness.clock.now());
  });

  it('a 429 with Retry-After backs the connection off, and the sync does not call Google before then', async () => {
    google.queued.push({
      status: 429,
      headers: { 'retry-after': '300' },
      body: { error: { code: 429, message: 'Too many', errors: [{ reason: 'rateLimitExceeded' }] } },
    });
    await aMinuteLater();
    const row = await rowOf(MIKE, 'google');
    expect(row.backingOffUntil!.getTime()).toBe(harness.clock.now() + 300_000);
    expect(row.lastErrorCode).toBeTruthy();
    const calls = google.calls.length;
    await aMinuteLater(299_000);
    expect(google.calls.length).toBe(calls);
    await aMinuteLater(1_000);
    expect(google.calls.length).toBeGreaterThan(calls);
    expect(await rowOf(MIKE, 'google')).toMatchObject({ status: 'active', failures: 0, backingOffUntil: null });
  });

  it('a revoked grant asks to reconnect; reconnecting through the flow restores the same connection', async () => {
    const before = await rowOf(MIKE, 'google');
    google.oauth.revoke(google.oauth.lastGrantId!);
    await aMinuteLater();
    expect(await rowOf(MIKE, 'google')).toMatchObject({ status: 'reconnect', lastErrorCode: 'auth_invalid_grant' });
    // (A second later: a sync is queued once per instant, and the refused one ran at this one.)
    harness.clock.advance(1_000);
    const page = await connect(mike, MIKE, 'google');
    expect(page.searchParams.get('calendar')).toBe('connected');
    const after = await rowOf(MIKE, 'google');
    expect(after).toMatchObject({ id: before.id, status: 'active', lastErrorCode: null });
    expect(tokensOf(after).refreshToken).not.toBe(tokensOf(before).refreshToken);
    await worker.runDue();
    expect((await rowOf(MIKE, 'google')).lastSyncedAt!.getTime()).toBe(harness.clock.now());
  });

  it('refuses the callback in another user’s session, with an expired state and with a forged one; a refused code is a message', async () => {
    const callback = await consent(mike, MIKE, 'google');
    // Signed out: told to sign in, in a page for the browser, the envelope otherwise.
    const signedOut = await harness.app.inject({ method: 'GET', url: callback, headers: { accept: 'text/html' } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).toContain('Sign in to finish connecting');
    const signedOutApi = await harness.app.inject({ method: 'GET', url: callback });
    expect(signedOutApi.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    const foreign = await call('GET', callback, sarah, { accept: 'text/html' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['content-type']).toContain('text/html');
    expect(foreign.body).toContain('started by another console user');
    expect((await call('GET', callback, owner)).json()).toMatchObject({ error: { code: 'forbidden' } });
    // The state lapses at 15 minutes.
    harness.clock.advance(15 * 60_000);
    const expired = await call('GET', callback, mike, { accept: 'text/html' });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('has expired');
    harness.clock.advance(-1);
    // A minute less is still good, and the code was not used by the refused tries.
    expect((await call('GET', callback, mike)).statusCode).toBe(303);
    harness.clock.advance(1);
    const forged = await call('GET', callback.replace(/state=[^&]+/, 'state=AAAAforged'), mike);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'calendar_oauth_state_invalid' } });
    // A code used once is refused by the provider (invalid_grant): a message, not a 500.
    const reused = await call('GET', callback, mike);
    expect(reused.statusCode).toBe(400);
    const fresh = await consent(mike, MIKE, 'google');
    expect((await call('GET', fresh, mike)).statusCode).toBe(303);
    const again = await call('GET', fresh, mike);
    expect(new URL(again.headers.location as string, 'http://x').searchParams.get('calendar')).toBe('refused');
    // The inspector said no at the provider.
    const denied = await call('GET', fresh.replace(/code=[^&]+/, 'error=access_denied'), mike);
    expect(new URL(denied.headers.location as string, 'http://x').searchParams.get('calendar')).toBe('denied');
    // Google failing at the callback (the calendar list answers 503).
    const down = await consent(mike, MIKE, 'google');
    google.queued.push({ status: 503, body: {} });
    const unavailable = await call('GET', down, mike);
    expect(new URL(unavailable.headers.location as string, 'http://x').searchParams.get('calendar')).toBe(
      'unavailable',
    );
  });

  it("connects Sarah's Microsoft 365 the same way", async () => {
    const page = await connect(sarah, SARAH, 'microsoft');
    expect(Object.fromEntries(page.searchParams)).toEqual({ calendar: 'connected', provider: 'microsoft' });
    const row = await rowOf(SARAH, 'microsoft');
    expect(row).toMatchObject({ status: 'active', busyCalendarIds: ['AAMkCalendar'], writeCalendarId: 'AAMkCalendar' });
    expect(row.credentialsEncrypted).not.toContain(tokensOf(row).refreshToken);
    await worker.runDue();
    expect((await rowOf(SARAH, 'microsoft')).lastSyncedAt!.getTime()).toBe(harness.clock.now());
    const listed = await call('GET', `${DEMO}/calendar-connections?inspector_id=${SARAH}`, owner);
    expect(listed.json().connections).toMatchObject([{ provider: 'microsoft', status: 'active' }]);
  });

  it("an owner who connects an inspector's calendar goes back to the Inspectors page, at that inspector (decision 0097)", async () => {
    const page = await connect(owner, MIKE, 'microsoft');
    expect(page.pathname).toBe('/console/demo/inspectors');
    expect(Object.fromEntries(page.searchParams)).toEqual({
      calendar: 'connected',
      provider: 'microsoft',
      inspector: String(MIKE),
    });
    expect(await rowOf(MIKE, 'microsoft')).toMatchObject({ status: 'active', writeCalendarId: 'AAMkCalendar' });
  });
});

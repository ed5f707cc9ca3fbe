import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { startTestApp, testConfig, type TestApp } from '../../test-support/test-app.ts';
import { setClock } from '../booking-changes/manage-test-support.ts';
import { CONSOLE_ORIGIN, signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { CALENDAR_PUSH_POLL_MS, type CalendarSyncDeps } from './calendar-sync-deps.ts';
import { CALENDAR_SYNC_JOB } from './calendar-jobs.ts';
import { oauthClientsOf, withOAuthProviders } from './oauth-providers.ts';
import { defaultProviders } from './provider-registry.ts';
import { FakeGoogle } from './providers/google/test-google-server.ts';
import { FakeGraph } from './providers/microsoft/test-graph-server.ts';
import { pushBaseUrlOf, PUSH_CHANNEL_LIFE_MS, PUSH_RENEW_BEFORE_MS, updatesOf } from './push-channels.ts';
import { calendarJobHandlers, syncConnection } from './sync-jobs.ts';

const MONDAY = '2027-02-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const KEY = DataEncryption.newKeyEntry('t1');
const MIKE = 101;
const SARAH = 102;
const PRIMARY = 'primary@example.com';
const GRAPH_CALENDAR = 'AAMkCalendar';
const HOUR = 3_600_000;

/**
 * Push notifications for Google's and Microsoft's busy calendars (decision 0096), end to end: the
 * app listens on a local port, the stand-ins open channels and subscriptions on it and post their
 * notifications there, and the sync job runs through the queue on the app's clock. The notification
 * address is this listener (http): the https rule of the configured deps is tested on its own.
 */
describeOnEachDatabase('calendar push', (factory) => {
  let harness: TestApp;
  let google: FakeGoogle;
  let graph: FakeGraph;
  let owner: ConsolePerson;
  let mike: ConsolePerson;
  let sarah: ConsolePerson;
  let worker: NotificationWorker;
  let outbox: string;
  let deps: CalendarSyncDeps;
  let listener: string;
  const day = demoOrdinaryWeekday('2027-02-08');
  const tenOClock = Date.parse(`${day}T15:00:00.000Z`);

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    person: ConsolePerson,
    payload?: Record<string, unknown>,
  ) => {
    const options: InjectOptions = { method, url, headers: person.headers };
    if (payload !== undefined) options.payload = payload;
    return harness.app.inject(options);
  };
  const setTime = (at: number) => harness.clock.advance(at - harness.clock.now());
  const run = async () => {
    await worker.runDue();
    await harness.database.changes.flush();
  };
  const connectionOf = async (inspectorId: number, provider: 'google' | 'microsoft') => {
    const rows = await harness.database.db
      .select()
      .from(t.calendarConnections)
      .where(eq(t.calendarConnections.inspectorId, inspectorId));
    return rows.find((row) => row.provider === provider)!;
  };
  const channelsOf = async (connectionId: string) =>
    harness.database.db
      .select()
      .from(t.calendarPushChannels)
      .where(eq(t.calendarPushChannels.connectionId, connectionId));
  const busyOf = async (connectionId: string) =>
    harness.database.db.select().from(t.calendarBusy).where(eq(t.calendarBusy.connectionId, connectionId));
  /** The connection's syncs not yet run, by when. */
  const pendingSyncs = async (connectionId: string) =>
    (
      await harness.database.db
        .select({ runAt: t.jobs.runAt })
        .from(t.jobs)
        .where(
          and(
            eq(t.jobs.kind, CALENDAR_SYNC_JOB),
            isNull(t.jobs.doneAt),
            sql`${t.jobs.payload} ->> 'connection_id' = ${connectionId}`,
          ),
        )
    )
      .map((row) => row.runAt.getTime() - harness.clock.now())
      .sort((a, b) => a - b);

  async function connect(person: ConsolePerson, inspectorId: number, provider: 'google' | 'microsoft') {
    const started = await call(
      'POST',
      `${DEMO}/inspectors/${inspectorId}/calendar-connections/oauth/${provider}`,
      person,
    );
    expect(started.statusCode, started.body).toBe(200);
    const back = await fetch(started.json<{ authorization_url: string }>().authorization_url, { redirect: 'manual' });
    const location = new URL(back.headers.get('location')!);
    const callback = await harness.app.inject({
      method: 'GET',
      url: `${location.pathname}${location.search}`,
      headers: { ...person.headers, accept: 'text/html' },
    });
    expect(callback.statusCode, callback.body).toBe(303);
    await run();
    return connectionOf(inspectorId, provider);
  }
  /** A Google notification as Google sends it, with headers a test may change. */
  const googlePush = (headers: Record<string, string>) =>
    fetch(`${listener}/api/hooks/calendar/google`, { method: 'POST', headers });
  const graphPush = (value: unknown[]) =>
    fetch(`${listener}/api/hooks/calendar/microsoft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value }),
    });

  beforeAll(async () => {
    google = await FakeGoogle.start();
    graph = await FakeGraph.start();
    const config = {
      // The console's origin, as its tests sign in; http, so the console's own deps push nothing.
      PUBLIC_URL: CONSOLE_ORIGIN,
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
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const address = harness.app.server.address();
    listener = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    setClock(harness, MONDAY);
    google.oauth.now = harness.clock.now;
    google.sendSyncOnWatch = true;
    graph.oauth.now = harness.clock.now;
    owner = await signedInMember(harness, 'owner@push.example', 'owner');
    mike = await signedInMember(harness, 'mike@push.example', 'inspector', 'demo', MIKE);
    sarah = await signedInMember(harness, 'sarah@push.example', 'inspector', 'demo', SARAH);
    outbox = await mkdtemp(join(tmpdir(), 'calendar-push-'));
    const parsed = testConfig(config);
    deps = {
      db: harness.database.db,
      encryption: DataEncryption.fromEnv(KEY),
      providers: withOAuthProviders(defaultProviders, parsed, harness.clock.now),
      oauth: oauthClientsOf(parsed, harness.clock.now),
      publicBaseUrl: () => 'https://book.example.com',
      pushBaseUrl: () => listener,
      now: () => new Date(harness.clock.now()),
      pollMs: 60_000,
      log: { info: () => {}, warn: () => {} },
    };
    worker = testWorker(harness.database.db, outbox, {
      jobHandlers: calendarJobHandlers(deps),
      now: harness.clock.now,
    });
  });
  afterAll(async () => {
    await harness.close();
    await google.stop();
    await graph.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it('pushes only to an https public URL', () => {
    expect(pushBaseUrlOf('https://book.example.com/')).toBe('https://book.example.com');
    expect(pushBaseUrlOf('http://localhost:3000')).toBeNull();
    expect(pushBaseUrlOf('http://book.example.com')).toBeNull();
  });

  it("opens a Google channel on Mike's busy calendar; a change notified is read at once, without the poll", async () => {
    const connection = await connect(mike, MIKE, 'google');
    const [channel, ...others] = await channelsOf(connection.id);
    expect(others).toEqual([]);
    const atGoogle = google.channels.get(channel!.id)!;
    expect(atGoogle).toMatchObject({ address: `${listener}/api/hooks/calendar/google`, calendarId: PRIMARY });
    // The token is kept hashed; the channel's life is Google's grant.
    expect(atGoogle.token.length).toBeGreaterThanOrEqual(40);
    expect(channel!.tokenHash).not.toContain(atGoogle.token);
    expect(channel!).toMatchObject({ resourceId: atGoogle.resourceId, calendarId: PRIMARY });
    expect(channel!.expiresAt.getTime()).toBe(harness.clock.now() + PUSH_CHANNEL_LIFE_MS);
    // With push, one next read, five minutes on (a safety net).
    expect(await pendingSyncs(connection.id)).toEqual([CALENDAR_PUSH_POLL_MS]);
    // Google's opening message, sent before watch answered, found the channel (its row comes first).
    expect(google.syncAnswers).toEqual([200]);
    // It is acknowledged and reads nothing.
    expect(await google.notify(channel!.id, 'sync')).toBe(200);
    expect(await pendingSyncs(connection.id)).toEqual([CALENDAR_PUSH_POLL_MS]);

    const dentist = google.addEvent(PRIMARY, { start: tenOClock, end: tenOClock + HOUR, summary: 'Dentist' });
    await run();
    expect(await busyOf(connection.id)).toEqual([]);
    expect(await google.notify(channel!.id)).toBe(200);
    // A burst of notifications makes one read.
    expect(await google.notify(channel!.id)).toBe(200);
    expect(await pendingSyncs(connection.id)).toEqual([0, CALENDAR_PUSH_POLL_MS]);
    await run();
    expect((await busyOf(connection.id)).map((row) => row.eventId)).toEqual([dentist.id]);
    // The read kept one next run, five minutes on.
    expect(await pendingSyncs(connection.id)).toEqual([CALENDAR_PUSH_POLL_MS]);
    const listed = await call('GET', `${DEMO}/calendar-connections`, mike);
    // The console's deps see this app's own public URL, http://localhost:3000: push is off there, and it says so.
    expect(listed.json().connections).toMatchObject([{ provider: 'google', updates: 'polling_public_url_not_https' }]);
    expect(await updatesOf(deps, connection)).toBe('push');
    google.deleteEvent(PRIMARY, dentist.id);
    await google.notify(channel!.id);
    await run();
    expect(await busyOf(connection.id)).toEqual([]);
  });

  it("refuses a forged Google notification: a wrong token, another connection's channel, an unknown channel", async () => {
    const mikes = await connectionOf(MIKE, 'google');
    const sarahs = await connect(sarah, SARAH, 'google');
    const [mine] = await channelsOf(mikes.id);
    const [hers] = await channelsOf(sarahs.id);
    const real = google.channels.get(mine!.id)!;
    const herReal = google.channels.get(hers!.id)!;
    google.addEvent(PRIMARY, { start: tenOClock, end: tenOClock + HOUR, summary: 'Second job' });
    const genuine = {
      'x-goog-channel-id': real.id,
      'x-goog-channel-token': real.token,
      'x-goog-resource-id': real.resourceId,
      'x-goog-resource-state': 'exists',
      'x-goog-message-number': '9',
    };
    const refused = [
      { ...genuine, 'x-goog-channel-token': `${real.token.slice(0, -1)}x` },
      { ...genuine, 'x-goog-channel-token': '' },
      // Her channel with Mike's token, and Mike's channel with hers.
      { ...genuine, 'x-goog-channel-id': herReal.id, 'x-goog-resource-id': herReal.resourceId },
      { ...genuine, 'x-goog-channel-token': herReal.token },
      { ...genuine, 'x-goog-resource-id': herReal.resourceId },
      { ...genuine, 'x-goog-channel-id': '4b7c1a9e-0000-4000-8000-000000000000' },
      { ...genuine, 'x-goog-channel-id': 'not-a-uuid' },
    ];
    for (const headers of refused) {
      const answer = await googlePush(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(404);
    }
    const { 'x-goog-resource-state': _state, ...stateless } = genuine;
    expect((await googlePush(stateless)).status).toBe(400);
    expect((await googlePush({ ...genuine, 'x-goog-channel-token': 'x'.repeat(1025) })).status).toBe(400);
    // Nothing was made due: neither connection reads before its poll.
    expect(await pendingSyncs(mikes.id)).toEqual([CALENDAR_PUSH_POLL_MS]);
    expect((await pendingSyncs(sarahs.id)).every((inMs) => inMs > 0)).toBe(true);
    const before = (await busyOf(mikes.id)).length;
    await run();
    expect((await busyOf(mikes.id)).length).toBe(before);
    // The genuine one is accepted.
    expect((await googlePush(genuine)).status).toBe(200);
    await run();
    expect((await busyOf(mikes.id)).length).toBe(before + 1);
  });

  it('stops the channel when the calendar is no longer busy, and when push is off (an http public URL)', async () => {
    const connection = await connectionOf(SARAH, 'google');
    const [channel] = await channelsOf(connection.id);
    expect(google.channels.has(channel!.id)).toBe(true);
    const chosen = await call('PUT', `${DEMO}/calendar-connections/${connection.id}`, sarah, {
      busy_calendar_ids: [],
      write_calendar_id: PRIMARY,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await run();
    expect(google.channels.has(channel!.id)).toBe(false);
    expect(await channelsOf(connection.id)).toEqual([]);
    await call('PUT', `${DEMO}/calendar-connections/${connection.id}`, sarah, {
      busy_calendar_ids: [PRIMARY],
      write_calendar_id: PRIMARY,
    });
    await run();
    const [reopened] = await channelsOf(connection.id);
    expect(google.channels.has(reopened!.id)).toBe(true);
    // The public URL not https: the channel is stopped, and the connection read each minute.
    const http = { ...deps, pushBaseUrl: () => pushBaseUrlOf('http://localhost:3000') };
    harness.clock.advance(1_000);
    expect(await syncConnection(http, connection.companyId, connection.id)).toMatch(/SYNCED|UNCHANGED/);
    expect(google.channels.has(reopened!.id)).toBe(false);
    expect(await channelsOf(connection.id)).toEqual([]);
    expect(await pendingSyncs(connection.id)).toEqual([60_000]);
    expect(await updatesOf(http, connection)).toBe('polling_public_url_not_https');
    expect(await updatesOf(deps, connection)).toBe('polling');
    expect((await call('DELETE', `${DEMO}/calendar-connections/${connection.id}`, sarah)).statusCode).toBeLessThan(300);
  });

  it('renews a channel within an hour of its end (Google refusing once: the old one stands), and answers 410 for a lapsed channel', async () => {
    const connection = await connectionOf(MIKE, 'google');
    const [old] = await channelsOf(connection.id);
    // More than an hour before its end: the read leaves it.
    setTime(old!.expiresAt.getTime() - PUSH_RENEW_BEFORE_MS - 1_000);
    await run();
    expect((await channelsOf(connection.id)).map((row) => row.id)).toEqual([old!.id]);
    // At the next read, within the hour, Google refuses the new channel once (503): the old one stands.
    harness.clock.advance(CALENDAR_PUSH_POLL_MS);
    google.queued.push({ status: 503, body: { error: { code: 503, message: 'Backend Error' } } });
    await run();
    expect((await channelsOf(connection.id)).map((row) => row.id)).toEqual([old!.id]);
    expect(await pendingSyncs(connection.id)).toEqual([CALENDAR_PUSH_POLL_MS]);
    // Past its end, a notification on it is 410 and makes nothing due.
    setTime(old!.expiresAt.getTime());
    const due = await pendingSyncs(connection.id);
    expect(await google.notify(old!.id)).toBe(410);
    expect(await pendingSyncs(connection.id)).toEqual(due);
    // The next read opens a new channel; the lapsed one is forgotten, and notifies nothing any more.
    await run();
    const renewed = await channelsOf(connection.id);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.id).not.toBe(old!.id);
    expect(renewed[0]!.expiresAt.getTime()).toBe(harness.clock.now() + PUSH_CHANNEL_LIFE_MS);
    expect(await google.notify(old!.id)).toBe(404);
    expect(await pendingSyncs(connection.id)).toEqual([CALENDAR_PUSH_POLL_MS]);

    // A renewal while the channel is live: the new one opened, then the old one stopped at Google.
    const live = renewed[0]!;
    const stops = google.calls.filter((c) => c.path.endsWith('/channels/stop')).length;
    setTime(live.expiresAt.getTime() - PUSH_RENEW_BEFORE_MS);
    await run();
    const [next, ...more] = await channelsOf(connection.id);
    expect(more).toEqual([]);
    expect(next!.id).not.toBe(live.id);
    expect(google.channels.has(live.id)).toBe(false);
    expect(google.channels.has(next!.id)).toBe(true);
    expect(google.calls.filter((c) => c.path.endsWith('/channels/stop')).length).toBe(stops + 1);
  });

  it('a disconnect stops the channel at Google; its notifications then find nothing', async () => {
    const connection = await connectionOf(MIKE, 'google');
    const [channel] = await channelsOf(connection.id);
    const token = google.channels.get(channel!.id)!.token;
    const gone = await call('DELETE', `${DEMO}/calendar-connections/${connection.id}`, mike);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(google.channels.has(channel!.id)).toBe(false);
    expect(await channelsOf(connection.id)).toEqual([]);
    const late = await googlePush({
      'x-goog-channel-id': channel!.id,
      'x-goog-channel-token': token,
      'x-goog-resource-id': channel!.resourceId!,
      'x-goog-resource-state': 'exists',
    });
    expect(late.status).toBe(404);
  });

  it("subscribes to Sarah's Microsoft 365 calendar through Graph's handshake; a notification reads it at once, a forged one is refused", async () => {
    const connection = await connect(sarah, SARAH, 'microsoft');
    const [channel, ...others] = await channelsOf(connection.id);
    expect(others).toEqual([]);
    const subscription = graph.subscriptions.get(channel!.resourceId!)!;
    expect(subscription).toMatchObject({
      notificationUrl: `${listener}/api/hooks/calendar/microsoft`,
      resource: `me/calendars/${GRAPH_CALENDAR}/events`,
    });
    expect(channel!.tokenHash).not.toContain(subscription.clientState);
    // Graph's maximum for events, less the adapter's hour.
    expect(channel!.expiresAt.getTime()).toBe(harness.clock.now() + 10_080 * 60_000 - HOUR);
    // The handshake: 200, text/plain, the token as sent.
    const handshake = await fetch(
      `${listener}/api/hooks/calendar/microsoft?validationToken=${encodeURIComponent('Validation: a&b <c>')}`,
      { method: 'POST', headers: { 'content-type': 'text/plain' } },
    );
    expect(handshake.status).toBe(200);
    expect(handshake.headers.get('content-type')).toContain('text/plain');
    expect(await handshake.text()).toBe('Validation: a&b <c>');

    // The clock has moved on by the renewals: an event two days from now.
    const soon = Math.ceil(harness.clock.now() / HOUR) * HOUR + 48 * HOUR;
    const event = graph.addEvent(GRAPH_CALENDAR, { start: soon, end: soon + HOUR });
    await run();
    expect(await busyOf(connection.id)).toEqual([]);
    const genuine = {
      subscriptionId: subscription.id,
      clientState: subscription.clientState,
      changeType: 'created',
      resource: `Users/u1/Events/${event.id}`,
      resourceData: { id: event.id },
    };
    expect((await graphPush([{ ...genuine, clientState: 'guessed' }])).status).toBe(404);
    expect((await graphPush([{ ...genuine, clientState: null }])).status).toBe(404);
    expect((await graphPush([{ ...genuine, subscriptionId: 'sub-unknown' }])).status).toBe(404);
    expect((await graphPush([{ nothing: true }])).status).toBe(400);
    const junk = await fetch(`${listener}/api/hooks/calendar/microsoft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(junk.status).toBe(400);
    await run();
    expect(await busyOf(connection.id)).toEqual([]);
    expect(await graph.notify(subscription.id, event.id, 'created')).toBe(202);
    await run();
    expect((await busyOf(connection.id)).map((row) => row.eventId)).toEqual([event.id]);
    expect(await pendingSyncs(connection.id)).toEqual([CALENDAR_PUSH_POLL_MS]);
  });

  it('bounds the notification body', async () => {
    const big = await fetch(`${listener}/api/hooks/calendar/microsoft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: [], pad: 'x'.repeat(512 * 1024) }),
    });
    expect(big.status).toBe(413);
    const withinBound = await fetch(`${listener}/api/hooks/calendar/microsoft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: Array.from({ length: 1_000 }, () => ({ subscriptionId: 'sub-unknown' })) }),
    });
    expect(withinBound.status).toBe(404);
    const overCount = await fetch(`${listener}/api/hooks/calendar/microsoft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: Array.from({ length: 1_001 }, () => ({ subscriptionId: 'sub-unknown' })) }),
    });
    expect(overCount.status).toBe(400);
  });

  it('limits each sending address to 600 notifications a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 601; i += 1)
      statuses.push(
        (
          await harness.app.inject({
            method: 'POST',
            url: '/api/hooks/calendar/google',
            headers: { 'x-goog-channel-id': 'nope', 'x-goog-resource-id': 'r', 'x-goog-resource-state': 'exists' },
          })
        ).statusCode,
      );
    // The file's earlier notifications (a few dozen) count in the same minute.
    expect(statuses.slice(0, 500)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it("a disconnect deletes the Graph subscription; the owner's own list is unaffected", async () => {
    const connection = await connectionOf(SARAH, 'microsoft');
    const [channel] = await channelsOf(connection.id);
    expect(graph.subscriptions.has(channel!.resourceId!)).toBe(true);
    const gone = await call('DELETE', `${DEMO}/calendar-connections/${connection.id}`, owner);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(graph.subscriptions.has(channel!.resourceId!)).toBe(false);
    expect(await channelsOf(connection.id)).toEqual([]);
  });
});

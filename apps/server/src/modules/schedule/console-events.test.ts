import { performance } from 'node:perf_hooks';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { setClock, slotsOn } from '../booking-changes/manage-test-support.ts';

/** A Monday, 9 AM in Columbus (EST): every test runs on this clock, whatever the real date. */
const MONDAY = '2027-03-01T14:00:00.000Z';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000ee';
/** Instances that share a database share the secret that signs their cookies. */
const CONFIG = {
  SESSION_RATE_LIMIT: '1000',
  SEARCH_RATE_LIMIT: '1000',
  WRITE_RATE_LIMIT: '1000',
  AUTH_SECRET: 'console-events-test-secret-0123456789abcdef',
};
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** A console's event stream read as it comes, each event stamped with the real time it arrived. */
class EventStream {
  readonly events: Array<{ name: string; data: string; at: number }> = [];
  ended = false;
  status = 0;
  headers = new Headers();
  private readonly controller = new AbortController();

  static async open(url: string, cookie: string): Promise<EventStream> {
    const stream = new EventStream();
    const response = await fetch(url, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: stream.controller.signal,
    });
    stream.status = response.status;
    stream.headers = response.headers;
    if (response.body) void stream.read(response.body.getReader());
    else stream.ended = true;
    return stream;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trim();
          const name = field('event');
          if (name) this.events.push({ name, data: field('data') ?? '', at: performance.now() });
        }
      }
    } catch {
      // Aborted, or the connection dropped: either way the stream is over.
    } finally {
      this.ended = true;
    }
  }

  /** The events named `name` that arrived after the real instant `since`. */
  after(name: string, since: number) {
    return this.events.filter((event) => event.name === name && event.at >= since);
  }

  /** The real instant the first event named `name` arrived after `since`, or null when none came within `timeoutMs`. */
  async waitFor(name: string, since: number, timeoutMs: number): Promise<number | null> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const event = this.after(name, since)[0];
      if (event) return event.at;
      if (performance.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async waitForEnd(timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (!this.ended && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    return this.ended;
  }

  close(): void {
    this.controller.abort();
  }
}

/** How long a promise takes, in real milliseconds, or Infinity when it does not settle within `limitMs`. */
async function timed(promise: Promise<unknown>, limitMs: number): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    promise.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), limitMs))),
  ]);
  clearTimeout(timer);
  return settled ? performance.now() - started : Infinity;
}

describeOnEachDatabase('the console event stream', (factory) => {
  let harness: TestApp;
  let office: ConsolePerson;
  let base: string;
  let appClosed = false;
  const streams: EventStream[] = [];
  const dayAfter = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));

  beforeAll(async () => {
    harness = await startTestApp(factory, { config: CONFIG });
    const other = demoDocument() as Record<string, any>;
    other.key = 'other';
    other.offices[0].uuid = OTHER_OFFICE;
    for (const inspector of other.inspectors) inspector.office = OTHER_OFFICE;
    expect(
      (await harness.app.inject({ method: 'PUT', url: '/api/admin/companies/other', headers: admin, payload: other }))
        .statusCode,
    ).toBe(200);
    setClock(harness, MONDAY);
    office = await signedInMember(harness, 'office@example.com', 'office');
    base = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    if (appClosed) await harness.database.close();
    else await harness.close();
  });

  async function openStream(
    url = `${base}/api/console/companies/demo/events`,
    cookie = office.cookie,
  ): Promise<EventStream> {
    const stream = await EventStream.open(url, cookie);
    streams.push(stream);
    expect(stream.status).toBe(200);
    // The stream says hello at once.
    expect(await stream.waitFor('ping', 0, 1000)).not.toBeNull();
    return stream;
  }

  /** A visitor of `companyKey` with a filled-in order, and a slot of `day` to hold. */
  async function visitor(
    companyKey: 'demo' | 'other',
    day: string,
    app = harness.app,
  ): Promise<{ order: DemoOrder; slot: AppointmentSlot }> {
    const order = await DemoOrder.start(
      app,
      harness.database.db,
      await startDemoSession(app, companyKey === 'other' ? OTHER_OFFICE : undefined, companyKey),
      companyKey,
    );
    await order.fillIn();
    const slot = (await slotsOn(app, order.token, day, companyKey))[0];
    expect(slot).toBeDefined();
    return { order, slot: slot! };
  }

  /** Lets any event already on its way arrive, so that what follows is about the next change only. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  it("sends a schedule event within a second of a visitor's hold, a booking and the office's cancellation", async () => {
    const stream = await openStream();
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    const { order, slot } = await visitor('demo', dayAfter(7));
    await settle();

    let since = performance.now();
    expect((await order.hold(slot)).statusCode).toBe(200);
    const held = await stream.waitFor('schedule', since, 1000);
    expect(held).not.toBeNull();
    expect(held! - since).toBeLessThan(1000);

    await settle();
    since = performance.now();
    const confirmed = await order.confirm();
    expect(confirmed.statusCode).toBe(200);
    const booked = await stream.waitFor('schedule', since, 1000);
    expect(booked).not.toBeNull();
    expect(booked! - since).toBeLessThan(1000);

    await settle();
    since = performance.now();
    const cancelled = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/orders/${order.orderId}/cancel`,
      headers: office.headers,
      payload: { reason: 'stream', override: true },
    });
    expect(cancelled.statusCode).toBe(200);
    const gone = await stream.waitFor('schedule', since, 1000);
    expect(gone).not.toBeNull();
    expect(gone! - since).toBeLessThan(1000);
    stream.close();
  });

  it("sends nothing about another company's bookings", async () => {
    const stream = await openStream();
    const { order, slot } = await visitor('other', dayAfter(8));
    await settle();
    const since = performance.now();
    expect((await order.hold(slot)).statusCode).toBe(200);
    expect((await order.confirm()).statusCode).toBe(200);
    expect(await stream.waitFor('schedule', since, 300)).toBeNull();
    // The stream is alive all the same: a change of the demo's own comes through.
    const own = await visitor('demo', dayAfter(8));
    const later = performance.now();
    expect((await own.order.hold(own.slot)).statusCode).toBe(200);
    expect(await stream.waitFor('schedule', later, 1000)).not.toBeNull();
    stream.close();
  });

  it('lets go of a stream the console closes: no listener is left behind', async () => {
    const listeners = () => (harness.database.changes as unknown as { listeners: Set<unknown> }).listeners.size;
    // Streams of the tests before are let go of as their connections close: wait for them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = listeners();
    const stream = await openStream();
    expect(listeners()).toBe(before + 1);
    stream.close();
    const deadline = performance.now() + 1000;
    while (listeners() !== before && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(listeners()).toBe(before);
  });

  it('ends a stream once its session is revoked, sending nothing more (issue 39)', async () => {
    const clerk = await signedInMember(harness, 'revoked-clerk@example.com', 'office');
    const owner = await signedInMember(harness, 'revoking-owner@example.com', 'owner');
    const stream = await openStream(undefined, clerk.cookie);
    const revoked = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/members/${clerk.userId}/sign-out`,
      headers: owner.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const { order, slot } = await visitor('demo', dayAfter(9));
    const since = performance.now();
    expect((await order.hold(slot)).statusCode).toBe(200);
    expect(await stream.waitForEnd(2000)).toBe(true);
    expect(stream.after('schedule', since)).toEqual([]);
  });

  it('ends a stream once the member’s role changes, and keeps one whose member is unchanged', async () => {
    const clerk = await signedInMember(harness, 'promoted-clerk@example.com', 'office');
    const steady = await openStream();
    const stream = await openStream(undefined, clerk.cookie);
    await harness.database.db
      .update(t.authMembers)
      .set({ role: 'inspector', inspectorId: 101 })
      .where(eq(t.authMembers.userId, clerk.userId));
    const { order, slot } = await visitor('demo', dayAfter(10));
    const since = performance.now();
    expect((await order.hold(slot)).statusCode).toBe(200);
    expect(await stream.waitForEnd(2000)).toBe(true);
    expect(stream.after('schedule', since)).toEqual([]);
    expect(await steady.waitFor('schedule', since, 1000)).not.toBeNull();
    expect(steady.ended).toBe(false);
    steady.close();
  });

  it("is not open to a member of another company's key, nor to nobody", async () => {
    const refused = await fetch(`${base}/api/console/companies/other/events`, { headers: { cookie: office.cookie } });
    expect(refused.status).toBe(403);
    await refused.body?.cancel();
    const anonymous = await fetch(`${base}/api/console/companies/demo/events`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
  });

  if (factory.name === 'postgres') {
    it('carries a change made through one instance to a stream open on another over the same database', async () => {
      const second = await startTestApp(
        { name: 'postgres', open: () => openDatabase({ kind: 'postgres', url: harness.database.url! }) },
        { config: CONFIG },
      );
      try {
        second.clock.advance(harness.clock.now() - second.clock.now());
        const otherBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
        const stream = await openStream(`${otherBase}/api/console/companies/demo/events`);
        const { order, slot } = await visitor('demo', dayAfter(9));
        await settle();
        const since = performance.now();
        expect((await order.hold(slot)).statusCode).toBe(200);
        const heard = await stream.waitFor('schedule', since, 1000);
        expect(heard).not.toBeNull();
        expect(heard! - since).toBeLessThan(1000);
        // And the other way round: a change through the second instance reaches a stream on the first.
        const onFirst = await openStream();
        const { order: secondOrder, slot: secondSlot } = await visitor('demo', dayAfter(10), second.app);
        await settle();
        const later = performance.now();
        expect((await secondOrder.hold(secondSlot)).statusCode).toBe(200);
        const back = await onFirst.waitFor('schedule', later, 1000);
        expect(back).not.toBeNull();
        expect(back! - later).toBeLessThan(1000);
        stream.close();
        onFirst.close();
      } finally {
        expect(await timed(second.close(), 2000)).toBeLessThan(2000);
      }
    });
  }

  it('ends the open streams when the app closes, and the close does not wait for them', async () => {
    const first = await openStream();
    const second = await openStream();
    const took = await timed(harness.app.close(), 2000);
    appClosed = true;
    expect(took).toBeLessThan(2000);
    expect(await first.waitForEnd(1000)).toBe(true);
    expect(await second.waitForEnd(1000)).toBe(true);
  });
});

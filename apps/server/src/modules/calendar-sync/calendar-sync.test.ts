import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { CalendarConnectionWithCalendars } from '@scheduler/contracts/calendar-sync';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatMoney } from '@scheduler/domain/money-format';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { instantOf, ManagedBooking, setClock, slotsOn } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { listOrders } from '../order-list/admin-orders.service.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { calendarCredentialsContext, type CalendarSyncDeps } from './calendar-sync-deps.ts';
import { defaultProviders, withProvider } from './provider-registry.ts';
import { CalDavProvider } from './providers/caldav/caldav-provider.ts';
import { eventIcs, startRadicale, type Radicale } from './providers/caldav/test-radicale.ts';
import { calendarJobHandlers, syncOrderEvents } from './sync-jobs.ts';
import { writeCalendarJobHandlers } from './write-calendar-jobs.ts';

const MONDAY = '2027-02-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const KEY = DataEncryption.newKeyEntry('t1');
const MIKE = 101;
const PASSWORD = 'app-password-1';

function vevent(uid: string, startUtc: string, endUtc: string): string {
  return eventIcs(uid, [`DTSTART:${startUtc}`, `DTEND:${endUtc}`, 'SUMMARY:Dentist']);
}

describeOnEachDatabase('calendar sync', (factory) => {
  let harness: TestApp;
  let radicale: Radicale;
  let calendar: string;
  let owner: ConsolePerson;
  let office: ConsolePerson;
  let mike: ConsolePerson;
  let sarah: ConsolePerson;
  let worker: NotificationWorker;
  let outbox: string;
  let deps: CalendarSyncDeps;
  let visitor: string;
  const day = demoOrdinaryWeekday('2027-02-08');
  /** 10:00 in Columbus (EST) on the day. */
  const tenOClock = Date.parse(`${day}T15:00:00.000Z`);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, person: ConsolePerson, payload?: object) =>
    harness.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
  /** Lets a minute pass and runs every job due. */
  const aMinuteLater = async (ms = 60_000) => {
    harness.clock.advance(ms);
    await worker.runDue();
    await harness.database.changes.flush();
  };
  const mikeAtTen = async () =>
    (await slotsOn(harness.app, visitor, day)).some(
      (slot: AppointmentSlot) => slot.timestamp * 1000 === tenOClock && slot.users.includes(MIKE),
    );
  const connectionRow = async () => {
    const [row] = await harness.database.db
      .select()
      .from(t.calendarConnections)
      .where(eq(t.calendarConnections.inspectorId, MIKE));
    return row!;
  };

  beforeAll(async () => {
    radicale = await startRadicale({ mike: PASSWORD });
    calendar = await radicale.makeCalendar('mike', 'work', { displayName: 'Work' });
    harness = await startTestApp(factory, {
      config: {
        SESSION_RATE_LIMIT: '1000',
        SEARCH_RATE_LIMIT: '1000',
        WRITE_RATE_LIMIT: '1000',
        DATA_ENCRYPTION_KEY: KEY,
      },
    });
    setClock(harness, MONDAY);
    owner = await signedInMember(harness, 'owner@cal.example', 'owner');
    office = await signedInMember(harness, 'office@cal.example', 'office');
    mike = await signedInMember(harness, 'mike@cal.example', 'inspector', 'demo', MIKE);
    sarah = await signedInMember(harness, 'sarah@cal.example', 'inspector', 'demo', 102);
    outbox = await mkdtemp(join(tmpdir(), 'calendar-sync-'));
    deps = {
      db: harness.database.db,
      encryption: DataEncryption.fromEnv(KEY),
      providers: defaultProviders,
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
  beforeEach(async () => {
    await worker.runDue();
  });
  afterAll(async () => {
    await harness.close();
    await radicale.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it("connects an inspector's CalDAV account: credentials tested on save, the inspector's own only, secrets kept encrypted", async () => {
    const wrong = await call('POST', `${DEMO}/calendar-connections/caldav`, owner, {
      inspector_id: MIKE,
      url: `${radicale.url}mike/`,
      username: 'mike',
      password: 'not-it',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'calendar_auth_failed', field: 'password' } });
    const nowhere = await call('POST', `${DEMO}/calendar-connections/caldav`, owner, {
      inspector_id: MIKE,
      url: 'http://127.0.0.1:1/',
      username: 'mike',
      password: PASSWORD,
    });
    expect(nowhere.json()).toMatchObject({ error: { code: 'calendar_unreachable', field: 'url' } });
    // The office cannot; an inspector only their own.
    const body = { inspector_id: MIKE, url: `${radicale.url}mike/`, username: 'mike', password: PASSWORD };
    expect((await call('POST', `${DEMO}/calendar-connections/caldav`, office, body)).statusCode).toBe(403);
    expect((await call('POST', `${DEMO}/calendar-connections/caldav`, sarah, body)).statusCode).toBe(403);
    const made = await call('POST', `${DEMO}/calendar-connections/caldav`, mike, body);
    expect(made.statusCode, made.body).toBe(201);
    const connection = made.json<CalendarConnectionWithCalendars>();
    expect(connection.calendars.map((c) => c.name)).toEqual(['Work']);
    expect(connection).toMatchObject({ status: 'active', busy_calendar_ids: [calendar], write_calendar_id: calendar });
    const row = await connectionRow();
    expect(row.credentialsEncrypted).not.toContain(PASSWORD);
    expect(
      JSON.parse(deps.encryption!.decrypt(row.credentialsEncrypted, calendarCredentialsContext(row.companyId, row.id))),
    ).toMatchObject({ password: PASSWORD });
    const listed = await call('GET', `${DEMO}/calendar-connections?inspector_id=${MIKE}`, owner);
    expect(listed.json().connections).toHaveLength(1);
    // No Google or Microsoft client configured here: neither is offered, nor can be started.
    expect(listed.json().offered_providers).toEqual([]);
    const google = await call('POST', `${DEMO}/inspectors/${MIKE}/calendar-connections/oauth/google`, mike);
    expect(google.statusCode).toBe(409);
    expect(google.json()).toMatchObject({ error: { code: 'calendars_not_configured' } });
    expect((await call('GET', `${DEMO}/calendar-connections`, sarah)).json().connections).toEqual([]);
    await worker.runDue();
    expect((await connectionRow()).lastSyncedAt?.toISOString()).toBe(new Date(harness.clock.now()).toISOString());
  });

  it("an event added in the inspector's calendar stops the wizard offering that time within a minute, and its removal frees it", async () => {
    expect(await mikeAtTen()).toBe(true);
    const stamp = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    await radicale.put('mike', calendar, 'dentist', vevent('dentist', stamp(tenOClock), stamp(tenOClock + 3_600_000)));
    await aMinuteLater();
    expect(await mikeAtTen()).toBe(false);
    const [busy] = await harness.database.db.select().from(t.calendarBusy);
    expect(busy).toMatchObject({ inspectorId: MIKE, calendarId: calendar });
    await radicale.remove('mike', `${calendar}dentist.ics`);
    await aMinuteLater();
    expect(await mikeAtTen()).toBe(true);
    expect(await harness.database.db.select().from(t.calendarBusy)).toEqual([]);
  });

  it('a sync that fails keeps the busy times last read and backs off; a refused password asks to reconnect', async () => {
    const stamp = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    await radicale.put('mike', calendar, 'school', vevent('school', stamp(tenOClock), stamp(tenOClock + 3_600_000)));
    await aMinuteLater();
    expect(await mikeAtTen()).toBe(false);
    const row = await connectionRow();
    const encrypt = (credentials: object) =>
      deps.encryption!.encrypt(JSON.stringify(credentials), calendarCredentialsContext(row.companyId, row.id));
    // The server down: an outage is retried later, the busy time stands.
    await radicale.stop();
    try {
      await aMinuteLater();
      const failed = await connectionRow();
      expect(failed).toMatchObject({ status: 'active', failures: 1, lastErrorCode: 'network' });
      expect(failed.backingOffUntil!.getTime()).toBe(harness.clock.now() + 120_000);
      expect(await mikeAtTen()).toBe(false);
    } finally {
      radicale = await startRadicale({ mike: PASSWORD });
    }
    // (A new server on a new port: the calendar URL the connection names no longer answers; the
    // password test below needs only the refusal.)
    await harness.database.db
      .update(t.calendarConnections)
      .set({
        credentialsEncrypted: encrypt({ url: `${radicale.url}mike/`, username: 'mike', password: 'changed' }),
        busyCalendarIds: [`${radicale.url}mike/work/`],
        backingOffUntil: null,
      })
      .where(eq(t.calendarConnections.id, row.id));
    await radicale.makeCalendar('mike', 'work');
    // The next try comes at the back-off's end, two minutes after the failure.
    await aMinuteLater(120_000);
    expect(await connectionRow()).toMatchObject({ status: 'reconnect', lastErrorCode: 'auth_http_401' });
    // The inspector and the owner are told, once.
    const told = (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'account_email')))
      .filter((job) => job.payload.type === 'calendar_reconnect')
      .map((job) => job.payload.to)
      .sort();
    expect(told).toEqual(['mike@sciotovalleyinspections.com', 'owner@cal.example']);
    await aMinuteLater(600_000);
    const sent = (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'account_email'))).filter(
      (job) => job.payload.type === 'calendar_reconnect',
    );
    expect(sent.map((job) => [job.doneAt !== null, job.lastError])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(await mikeAtTen()).toBe(false);
    // Reconnecting with the right password reads again (and the calendar there has no event).
    calendar = `${radicale.url}mike/work/`;
    const again = await call('POST', `${DEMO}/calendar-connections/caldav`, mike, {
      inspector_id: MIKE,
      url: `${radicale.url}mike/`,
      username: 'mike',
      password: PASSWORD,
    });
    expect(again.statusCode, again.body).toBe(201);
    const chosen = await call('PUT', `${DEMO}/calendar-connections/${row.id}`, mike, {
      busy_calendar_ids: [calendar],
      write_calendar_id: calendar,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await worker.runDue();
    expect(await connectionRow()).toMatchObject({ status: 'active', failures: 0 });
    expect(await mikeAtTen()).toBe(true);
  });

  it("writes each booking into the inspector's calendar once: confirm, reschedule, cancel; never read back as busy", async () => {
    const booking = await ManagedBooking.book(harness, day, {
      pick: (slots) => slots.find((slot) => slot.users.length === 1 && slot.users[0] === MIKE),
    });
    await worker.runDue();
    let objects = await radicale.list('mike', calendar);
    expect(objects).toHaveLength(1);
    const ics = objects[0]!.ics.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`DTSTART;TZID=America/New_York:${booking.start.slice(0, 10).replace(/-/g, '')}`);
    expect(ics).toMatch(/SUMMARY:.+/);
    expect(ics).toContain(`/console/demo/orders/${booking.orderId}`);
    expect(ics).toContain('1450 Morse Rd');
    expect(ics).not.toMatch(/\$\d/);
    // Read back, it is not busy time of its own.
    await aMinuteLater();
    expect(await harness.database.db.select().from(t.calendarBusy)).toEqual([]);

    const slots = (await booking.availability(day)).json<AppointmentSlot[]>();
    const later = slots.map(instantOf).find((start) => start > booking.start)!;
    const moved = await call('POST', `${DEMO}/orders/${booking.orderId}/reschedule`, owner, {
      start: later,
      override: true,
      inspector_ids: [MIKE],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await worker.runDue();
    objects = await radicale.list('mike', calendar);
    expect(objects).toHaveLength(1);
    const wall = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(later))
      .replace(':', '');
    expect(objects[0]!.ics).toContain(`T${wall}00`);

    const cancelled = await booking.cancel(0);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await worker.runDue();
    expect(await radicale.list('mike', calendar)).toEqual([]);
    expect(
      await harness.database.db
        .select()
        .from(t.calendarBookingEvents)
        .where(eq(t.calendarBookingEvents.orderId, booking.orderId)),
    ).toEqual([]);
  });

  it("shows the order's total in the inspector's calendar only when the company chooses it", async () => {
    const showPrices = (on: boolean) =>
      harness.database.db
        .update(t.companies)
        .set({
          consoleSettings: sql`console_settings || ${JSON.stringify({ calendar_events_show_prices: on })}::jsonb`,
        })
        .where(eq(t.companies.key, 'demo'));
    await showPrices(true);
    try {
      const booking = await ManagedBooking.book(harness, day, {
        pick: (slots) => slots.find((slot) => slot.users.length === 1 && slot.users[0] === MIKE),
      });
      await worker.runDue();
      const [object] = await radicale.list('mike', calendar);
      const listed = await listOrders(harness.database.db, 'demo', {
        status: 'all',
        orderId: booking.orderId,
        page: 1,
        per_page: 1,
      });
      const order = listed.orders[0]!;
      expect(order.total_cents).toBeGreaterThan(0);
      const description = object!.ics.replace(/\r\n[ \t]/g, '').replace(/\\n/g, '\n');
      expect(description).toContain(`Total: ${formatMoney(order.total_cents, order.currency)}`);
      const cancelled = await booking.cancel(0);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await worker.runDue();
      expect(await radicale.list('mike', calendar)).toEqual([]);
    } finally {
      await showPrices(false);
    }
  });

  it('a run killed between its write and its record writes no second event when the job runs again', async () => {
    // The job's first run dies right after the PUT (before its record is kept and the job marked done).
    const dying: CalendarSyncDeps = {
      ...deps,
      providers: withProvider(defaultProviders, 'caldav', ({ credentials }) => {
        const real = new CalDavProvider(credentials as never);
        return Object.assign(Object.create(real) as CalDavProvider, {
          createEvent: async (...args: Parameters<CalDavProvider['createEvent']>) => {
            await real.createEvent(...args);
            throw Object.assign(new Error('killed'), { code: 'KILLED' });
          },
        });
      }),
    };
    const booking = await ManagedBooking.book(harness, day, {
      pick: (slots) => slots.find((slot) => slot.users.length === 1 && slot.users[0] === MIKE),
    });
    const [job] = await harness.database.db
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, 'calendar_booking'), eq(t.jobs.orderId, booking.orderId)));
    expect(job?.doneAt).toBeNull();
    await expect(syncOrderEvents(dying, job!.companyId!, booking.orderId)).rejects.toThrow('killed');
    expect(await radicale.list('mike', calendar)).toHaveLength(1);
    // The queue runs the job (again): the event exists, so its ref is recorded, not a second one made.
    await worker.runDue();
    expect(await radicale.list('mike', calendar)).toHaveLength(1);
    const [record] = await harness.database.db
      .select()
      .from(t.calendarBookingEvents)
      .where(eq(t.calendarBookingEvents.orderId, booking.orderId));
    expect(record).toMatchObject({ inspectorId: MIKE, calendarId: calendar });
    // And once more, as a worker that took the job over after a lease would: nothing new.
    expect(await syncOrderEvents(deps, job!.companyId!, booking.orderId)).toBe('UNCHANGED');
    expect(await radicale.list('mike', calendar)).toHaveLength(1);
    await booking.cancel(0);
    await worker.runDue();
    expect(await radicale.list('mike', calendar)).toEqual([]);
  });

  it('disconnecting removes the credentials and the busy time; another company reads none of it', async () => {
    const row = await connectionRow();
    expect((await call('DELETE', `${DEMO}/calendar-connections/${row.id}`, sarah)).statusCode).toBe(403);
    const other = await signedInMember(harness, 'owner@cal-other.example', 'owner');
    expect((await call('DELETE', `/api/console/companies/nope/calendar-connections/${row.id}`, other)).statusCode).toBe(
      403,
    );
    const gone = await call('DELETE', `${DEMO}/calendar-connections/${row.id}`, mike);
    expect(gone.statusCode).toBe(204);
    expect(await harness.database.db.select().from(t.calendarConnections)).toEqual([]);
    expect((await call('DELETE', `${DEMO}/calendar-connections/${row.id}`, owner)).statusCode).toBe(404);
  });
});

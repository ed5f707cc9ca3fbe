import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CalendarConnection, CalendarConnectionWithCalendars } from '@scheduler/contracts/calendar-sync';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { importDemoCopy, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ManagedBooking, setClock } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { calendarCredentialsContext, type CalendarSyncDeps } from './calendar-sync-deps.ts';
import { inspectorHorizon } from './calendar-sync.repository.ts';
import { defaultProviders, withProvider } from './provider-registry.ts';
import { CalDavProvider } from './providers/caldav/caldav-provider.ts';
import { eventIcs, startRadicale, type Radicale } from './providers/caldav/test-radicale.ts';
import { calendarJobHandlers } from './sync-jobs.ts';
import {
  CALENDAR_BACKFILL_JOB,
  CALENDAR_REMOVE_EVENTS_JOB,
  removalCredentialsContext,
  writeCalendarJobHandlers,
} from './write-calendar-jobs.ts';

const MONDAY = '2027-02-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const KEY = DataEncryption.newKeyEntry('t1');
const MIKE = 101;
const SARAH = 102;
const PASSWORDS = { mike: 'app-password-1', sarah: 'app-password-2' };
const OTHER = { key: 'other-cal', officeUuid: '8d0e7c52-5a1c-4f7e-9a51-3f1f0c2b9e11' };
/** Back-fill batches of two here, so four orders take three runs (two full batches, then none). */
const BATCH = 2;

describeOnEachDatabase("a write calendar's back-fill and the removal of our events at a disconnect", (factory) => {
  let harness: TestApp;
  let radicale: Radicale;
  let work: string;
  let home: string;
  let sarahs: string;
  let owner: ConsolePerson;
  let mike: ConsolePerson;
  let sarah: ConsolePerson;
  let worker: NotificationWorker;
  let outbox: string;
  let deps: CalendarSyncDeps;
  const warnings: Array<Record<string, unknown>> = [];
  // Each booking on a day of its own (an inspector takes a few a day).
  let nextDay = '2027-02-08';
  const aDay = () => {
    const day = demoOrdinaryWeekday(nextDay);
    nextDay = addDays(day, 1);
    return day;
  };
  /** The orders a back-fill of Mike's calendar must write, and those it must not. */
  const expected: string[] = [];
  const notExpected: Record<string, string> = {};
  let connectionId = '';

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, person: ConsolePerson, payload?: object) =>
    harness.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
  const runDue = async () => {
    await worker.runDue();
    await harness.database.changes.flush();
  };
  /** The orders whose events stand in a calendar, read from the events' uids. */
  const ordersIn = async (user: string, calendar: string) =>
    (await radicale.list(user, calendar))
      .map(
        (object) => /UID:order-([0-9a-f-]{36})-inspector-/.exec(object.ics.replace(/\r\n[ \t]/g, ''))?.[1] ?? 'foreign',
      )
      .sort();
  const bookMike = async (company?: typeof OTHER) =>
    ManagedBooking.book(harness, aDay(), {
      pick: (slots) => slots.find((slot) => slot.users.length === 1 && slot.users[0] === MIKE),
      ...(company ? { company } : {}),
    });
  const moveOrder = async (orderId: string, at: number) =>
    harness.database.db
      .update(t.orders)
      .set({ datetime: new Date(at) })
      .where(eq(t.orders.id, orderId));
  const jobsOf = async (kind: string) =>
    harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, kind)).orderBy(asc(t.jobs.id));

  beforeAll(async () => {
    radicale = await startRadicale(PASSWORDS);
    work = await radicale.makeCalendar('mike', 'work', { displayName: 'Work' });
    home = await radicale.makeCalendar('mike', 'home', { displayName: 'Home' });
    sarahs = await radicale.makeCalendar('sarah', 'work', { displayName: 'Work' });
    harness = await startTestApp(factory, {
      config: {
        SESSION_RATE_LIMIT: '1000',
        SEARCH_RATE_LIMIT: '1000',
        WRITE_RATE_LIMIT: '1000',
        DATA_ENCRYPTION_KEY: KEY,
      },
    });
    const now = setClock(harness, MONDAY);
    await importDemoCopy(harness, OTHER.key, OTHER.officeUuid);
    owner = await signedInMember(harness, 'owner@backfill.example', 'owner');
    mike = await signedInMember(harness, 'mike@backfill.example', 'inspector', 'demo', MIKE);
    sarah = await signedInMember(harness, 'sarah@backfill.example', 'inspector', 'demo', SARAH);
    outbox = await mkdtemp(join(tmpdir(), 'write-calendar-'));
    deps = {
      db: harness.database.db,
      encryption: DataEncryption.fromEnv(KEY),
      providers: defaultProviders,
      publicBaseUrl: () => 'https://book.example.com',
      now: () => new Date(harness.clock.now()),
      pollMs: 60_000,
      log: { info: () => {}, warn: (data) => warnings.push(data) },
    };
    worker = testWorker(harness.database.db, outbox, {
      jobHandlers: { ...calendarJobHandlers(deps), ...writeCalendarJobHandlers(deps, { backfillBatch: BATCH }) },
      now: harness.clock.now,
    });

    // Bookings made before any calendar is connected.
    for (let i = 0; i < 3; i++) expected.push((await bookMike()).orderId);
    const [companyRow] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    const horizon = (await inspectorHorizon(harness.database.db, companyRow!.id, MIKE))!;
    const end = now + horizon.days * 86_400_000;
    // The horizon's bound: a minute before its end is written, its end is not.
    const lastMinute = (await bookMike()).orderId;
    await moveOrder(lastMinute, end - 60_000);
    expected.push(lastMinute);
    const atEnd = (await bookMike()).orderId;
    await moveOrder(atEnd, end);
    notExpected.atEnd = atEnd;
    const past = (await bookMike()).orderId;
    await moveOrder(past, now - 3_600_000);
    notExpected.past = past;
    const cancelled = await bookMike();
    expect((await cancelled.cancel(0)).statusCode).toBe(200);
    notExpected.cancelled = cancelled.orderId;
    notExpected.sarahs = (
      await ManagedBooking.book(harness, aDay(), {
        pick: (slots) => slots.find((slot) => slot.users.length === 1 && slot.users[0] === SARAH),
      })
    ).orderId;
    notExpected.otherCompany = (await bookMike(OTHER)).orderId;
    await runDue();
    expected.sort();
  });
  afterAll(async () => {
    await harness.close();
    await radicale.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it('connecting writes the upcoming bookings made before, once each, even when a run is killed mid-way', async () => {
    const made = await call('POST', `${DEMO}/calendar-connections/caldav`, owner, {
      inspector_id: MIKE,
      url: `${radicale.url}mike/`,
      username: 'mike',
      password: PASSWORDS.mike,
    });
    expect(made.statusCode, made.body).toBe(201);
    const connection = made.json<CalendarConnectionWithCalendars>();
    connectionId = connection.id;
    // The account's main calendar takes the bookings; the test's two are told apart by that.
    if (connection.write_calendar_id === home) [work, home] = [home, work];
    expect(connection.write_calendar_id).toBe(work);
    const [queued] = await jobsOf(CALENDAR_BACKFILL_JOB);
    expect(queued?.payload).toMatchObject({ connection_id: connection.id, calendar_id: work });

    // The first run dies right after its second event's PUT, before that event is recorded.
    let creates = 0;
    const dying: CalendarSyncDeps = {
      ...deps,
      providers: withProvider(defaultProviders, 'caldav', ({ credentials }) => {
        const real = new CalDavProvider(credentials as never);
        return Object.assign(Object.create(real) as CalDavProvider, {
          createEvent: async (...args: Parameters<CalDavProvider['createEvent']>) => {
            const ref = await real.createEvent(...args);
            if (++creates === 2) throw Object.assign(new Error('killed'), { code: 'KILLED' });
            return ref;
          },
        });
      }),
    };
    const handle = writeCalendarJobHandlers(dying, { backfillBatch: BATCH })[CALENDAR_BACKFILL_JOB];
    await expect(handle({ companyId: queued!.companyId!, payload: queued!.payload })).rejects.toThrow('killed');
    expect(await radicale.list('mike', work)).toHaveLength(2);

    // The queue runs the job again and the rest of the back-fill: each order once.
    await runDue();
    expect(await ordersIn('mike', work)).toEqual(expected);
    const backfills = await jobsOf(CALENDAR_BACKFILL_JOB);
    // Two full batches, then one that found none left.
    expect(backfills.map((job) => [job.doneAt !== null, job.lastError])).toEqual([
      [true, 'BACKFILL_CONTINUES'],
      [true, 'BACKFILL_CONTINUES'],
      [true, 'UNCHANGED'],
    ]);
    // The same back-fill asked for again writes nothing new.
    const again = writeCalendarJobHandlers(deps, { backfillBatch: 10 })[CALENDAR_BACKFILL_JOB];
    expect(await again({ companyId: queued!.companyId!, payload: { ...queued!.payload, run: randomUUID() } })).toBe(
      'UNCHANGED',
    );
    expect(await ordersIn('mike', work)).toEqual(expected);
    const records = await harness.database.db
      .select()
      .from(t.calendarBookingEvents)
      .where(eq(t.calendarBookingEvents.connectionId, connection.id));
    expect(records.map((record) => record.orderId).sort()).toEqual(expected);
    for (const orderId of Object.values(notExpected)) expect(expected).not.toContain(orderId);
  });

  it('saving the same write calendar queues nothing; choosing another moves the events there, through the queue', async () => {
    const before = (await jobsOf(CALENDAR_BACKFILL_JOB)).length;
    const same = await call('PUT', `${DEMO}/calendar-connections/${connectionId}`, mike, {
      busy_calendar_ids: [work],
      write_calendar_id: work,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await jobsOf(CALENDAR_BACKFILL_JOB)).toHaveLength(before);
    // Sarah, an inspector, cannot choose Mike's.
    expect(
      (
        await call('PUT', `${DEMO}/calendar-connections/${connectionId}`, sarah, {
          busy_calendar_ids: [work],
          write_calendar_id: home,
        })
      ).statusCode,
    ).toBe(403);
    const moved = await call('PUT', `${DEMO}/calendar-connections/${connectionId}`, owner, {
      busy_calendar_ids: [work],
      write_calendar_id: home,
    });
    expect(moved.json<CalendarConnection>().write_calendar_id).toBe(home);
    expect(await ordersIn('mike', home)).toEqual([]);
    await runDue();
    expect(await ordersIn('mike', home)).toEqual(expected);
    expect(await ordersIn('mike', work)).toEqual([]);
    // A back-fill of the calendar chosen before stops: the newer choice has its own.
    const first = (await jobsOf(CALENDAR_BACKFILL_JOB)).find((job) => job.payload.calendar_id === work);
    const handle = writeCalendarJobHandlers(deps)[CALENDAR_BACKFILL_JOB];
    expect(await handle({ companyId: first!.companyId!, payload: first!.payload })).toBe('SUPERSEDED');
    expect(await ordersIn('mike', work)).toEqual([]);
  });

  it('the office lists every connection of the company; an inspector only their own', async () => {
    const all = await call('GET', `${DEMO}/calendar-connections`, owner);
    expect(all.json().connections.map((c: CalendarConnection) => c.inspector_id)).toEqual([MIKE]);
    expect((await call('GET', `${DEMO}/calendar-connections`, sarah)).json().connections).toEqual([]);
    // An inspector naming another is answered with their own, never the other's.
    expect((await call('GET', `${DEMO}/calendar-connections?inspector_id=${MIKE}`, sarah)).json().connections).toEqual(
      [],
    );
  });

  it('disconnecting with "Remove the events we added" deletes ours through the queue, and nothing else', async () => {
    await radicale.put(
      'mike',
      home,
      'dentist',
      eventIcs('dentist', ['DTSTART:20270208T150000Z', 'DTEND:20270208T160000Z', 'SUMMARY:Dentist']),
    );
    const refused = await call('DELETE', `${DEMO}/calendar-connections/${connectionId}?remove_events=yes`, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { field: 'remove_events' } });
    expect(
      (await call('DELETE', `${DEMO}/calendar-connections/${connectionId}?remove_events=true`, sarah)).statusCode,
    ).toBe(403);
    const [companyRow] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    const [connection] = await harness.database.db
      .select()
      .from(t.calendarConnections)
      .where(eq(t.calendarConnections.id, connectionId));
    /** No job's row holds a sealed credential (the connection's, or a pending removal's), nor the password. */
    const credentialsInJobs = async () => {
      const sealed = [
        connection!.credentialsEncrypted,
        ...(await harness.database.db.select().from(t.calendarEventRemovals)).map((row) => row.credentialsEncrypted),
      ];
      const payloads = (await harness.database.db.select().from(t.jobs)).map((job) => JSON.stringify(job.payload));
      return payloads.filter(
        (payload) =>
          payload.includes(PASSWORDS.mike) ||
          payload.includes('credentials') ||
          sealed.some((secret) => payload.includes(secret)),
      );
    };
    const gone = await call('DELETE', `${DEMO}/calendar-connections/${connectionId}?remove_events=true`, owner);
    expect(gone.statusCode, gone.body).toBe(204);
    // Disconnected at once; the events go with the queue's next run.
    expect(await harness.database.db.select().from(t.calendarConnections)).toEqual([]);
    const [removal] = await jobsOf(CALENDAR_REMOVE_EVENTS_JOB);
    // The job carries ids only; the credentials wait in the pending removal's row, sealed for it alone.
    expect(Object.keys(removal!.payload).sort()).toEqual(['connection_id', 'events', 'removal_id']);
    expect((removal!.payload.events as unknown[]).length).toBe(expected.length);
    expect(await credentialsInJobs()).toEqual([]);
    const [pending] = await harness.database.db.select().from(t.calendarEventRemovals);
    expect(pending).toMatchObject({ id: removal!.payload.removal_id, companyId: companyRow!.id, connectionId });
    expect(() =>
      deps.encryption!.decrypt(pending!.credentialsEncrypted, calendarCredentialsContext(companyRow!.id, connectionId)),
    ).toThrow();
    expect(
      JSON.parse(
        deps.encryption!.decrypt(pending!.credentialsEncrypted, removalCredentialsContext(companyRow!.id, pending!.id)),
      ),
    ).toMatchObject({ username: 'mike', password: PASSWORDS.mike });
    expect(await ordersIn('mike', home)).toHaveLength(expected.length + 1);

    // While the job deletes, too, no job's row holds them.
    const during: string[][] = [];
    const providers = deps.providers;
    deps.providers = withProvider(providers, 'caldav', (input) => {
      const real = providers.caldav!(input);
      return Object.assign(Object.create(real) as typeof real, {
        deleteEvent: async (event: Parameters<typeof real.deleteEvent>[0]) => {
          during.push(await credentialsInJobs());
          return real.deleteEvent(event);
        },
      });
    });
    try {
      await runDue();
    } finally {
      deps.providers = providers;
    }
    expect(during).toHaveLength(expected.length);
    expect(during.flat()).toEqual([]);
    expect(await ordersIn('mike', home)).toEqual(['foreign']);
    expect((await jobsOf(CALENDAR_REMOVE_EVENTS_JOB)).map((job) => job.lastError)).toEqual(['REMOVED']);
    // The job ended: the credentials went with the pending removal's row.
    expect(await harness.database.db.select().from(t.calendarEventRemovals)).toEqual([]);
    expect(await credentialsInJobs()).toEqual([]);
    // Run again (a worker taking the job over): nothing left to do; the foreign event stays.
    const handle = writeCalendarJobHandlers(deps)[CALENDAR_REMOVE_EVENTS_JOB];
    expect(await handle({ companyId: removal!.companyId!, payload: removal!.payload })).toBe('ALREADY_DONE');
    expect(await ordersIn('mike', home)).toEqual(['foreign']);
  });

  it('a removal the calendar refuses is logged with its code, and the disconnect stands; without the option events stay', async () => {
    const made = await call('POST', `${DEMO}/calendar-connections/caldav`, sarah, {
      inspector_id: SARAH,
      url: `${radicale.url}sarah/`,
      username: 'sarah',
      password: PASSWORDS.sarah,
    });
    expect(made.statusCode, made.body).toBe(201);
    await runDue();
    expect(await ordersIn('sarah', sarahs)).toEqual([notExpected.sarahs]);
    // The password changed in the calendar since (its stored copy no longer opens it).
    const { id } = made.json<CalendarConnection>();
    const [row] = await harness.database.db
      .select()
      .from(t.calendarConnections)
      .where(eq(t.calendarConnections.id, id));
    await harness.database.db
      .update(t.calendarConnections)
      .set({
        credentialsEncrypted: deps.encryption!.encrypt(
          JSON.stringify({ url: `${radicale.url}sarah/`, username: 'sarah', password: 'changed' }),
          calendarCredentialsContext(row!.companyId, id),
        ),
      })
      .where(eq(t.calendarConnections.id, id));
    warnings.length = 0;
    const gone = await call('DELETE', `${DEMO}/calendar-connections/${id}?remove_events=true`, sarah);
    expect(gone.statusCode).toBe(204);
    await runDue();
    expect(await ordersIn('sarah', sarahs)).toEqual([notExpected.sarahs]);
    const [removal] = (await jobsOf(CALENDAR_REMOVE_EVENTS_JOB)).filter((job) => job.payload.connection_id === id);
    expect(removal).toMatchObject({ lastError: 'REMOVAL_REFUSED' });
    expect(removal!.doneAt).not.toBeNull();
    // A refused removal ends too: its credentials go with its row.
    expect(await harness.database.db.select().from(t.calendarEventRemovals)).toEqual([]);
    expect(warnings).toEqual([{ connection: id, code: 'auth_http_401' }]);
    expect(
      await harness.database.db.select().from(t.calendarConnections).where(eq(t.calendarConnections.id, id)),
    ).toEqual([]);

    // Connected again and disconnected without the option: the event stays, no removal queued.
    const again = await call('POST', `${DEMO}/calendar-connections/caldav`, sarah, {
      inspector_id: SARAH,
      url: `${radicale.url}sarah/`,
      username: 'sarah',
      password: PASSWORDS.sarah,
    });
    await runDue();
    const kept = await call('DELETE', `${DEMO}/calendar-connections/${again.json<CalendarConnection>().id}`, sarah);
    expect(kept.statusCode).toBe(204);
    await runDue();
    expect(await ordersIn('sarah', sarahs)).toEqual([notExpected.sarahs]);
    expect(
      (await jobsOf(CALENDAR_REMOVE_EVENTS_JOB)).filter(
        (job) => job.payload.connection_id === again.json<CalendarConnection>().id,
      ),
    ).toEqual([]);
    expect(
      await harness.database.db
        .select()
        .from(t.calendarBookingEvents)
        .where(eq(t.calendarBookingEvents.inspectorId, SARAH)),
    ).toEqual([]);
  });
});
